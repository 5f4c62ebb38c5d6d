package dev.platform.client;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The committed generated code is what the pinned generator makes of docs/api/openapi.json: the
 * build regenerates it into target/openapi-codegen (generate-sources phase), and this compares.
 */
class GeneratedCodeDriftTest {
  private static final String PACKAGE_DIR = "src/main/java/dev/platform/client/generated";

  @Test
  void committedGeneratedCodeMatchesTheOpenApiDocument() throws IOException {
    Path fresh = Path.of(System.getProperty("codegen.output", "target/openapi-codegen")).resolve(PACKAGE_DIR);
    Path committed = Path.of(PACKAGE_DIR);
    assertTrue(Files.isDirectory(fresh), "No freshly generated code at " + fresh
        + ": run the tests through Maven without -Dcodegen.skip=true");
    Set<String> freshFiles = files(fresh);
    Set<String> committedFiles = files(committed);
    List<String> problems = new ArrayList<>();
    for (String f : freshFiles) {
      if (!committedFiles.contains(f)) {
        problems.add("missing: " + PACKAGE_DIR + "/" + f);
      } else if (!Arrays.equals(Files.readAllBytes(fresh.resolve(f)), Files.readAllBytes(committed.resolve(f)))) {
        problems.add("differs: " + PACKAGE_DIR + "/" + f);
      }
    }
    for (String f : committedFiles) {
      if (!freshFiles.contains(f)) {
        problems.add("not generated any more: " + PACKAGE_DIR + "/" + f);
      }
    }
    if (!problems.isEmpty()) {
      fail("The generated client is out of date with docs/api/openapi.json (or was edited by hand); "
          + "run `npm run codegen -w @platform/client-java` and commit the result.\n  "
          + String.join("\n  ", problems));
    }
  }

  private static Set<String> files(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return Set.of();
    }
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }
}
