package dev.platform.client;

import dev.platform.client.generated.ApiResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ETag} / {@code If-Match} values: a record's version {@code 3} is the entity tag {@code "3"}
 * (with the quotes). Pass {@link #ifMatch(long)} as the {@code ifMatch} argument of an update or
 * action; a stale one is refused with 412 {@code precondition_failed} ({@link PlatformProblemException}).
 */
public final class ETags {
  private ETags() {}

  /** The {@code If-Match} value for a record version: {@code "3"}. */
  public static String ifMatch(long version) {
    return "\"" + version + "\"";
  }

  /** {@code If-Match: *}: no check. */
  public static final String ANY = "*";

  /** The {@code ETag} of an answer got with an operation's {@code ...WithHttpInfo} variant. */
  public static Optional<String> etag(ApiResponse<?> response) {
    return header(response.getHeaders(), "ETag");
  }

  /** The record version named by an answer's {@code ETag}. */
  public static Optional<Long> version(ApiResponse<?> response) {
    return etag(response).map(tag -> tag.replaceFirst("^W/", "").replace("\"", "")).map(Long::parseLong);
  }

  private static Optional<String> header(Map<String, List<String>> headers, String name) {
    if (headers == null) {
      return Optional.empty();
    }
    for (Map.Entry<String, List<String>> e : headers.entrySet()) {
      if (e.getKey() != null && e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
        return Optional.of(e.getValue().get(0));
      }
    }
    return Optional.empty();
  }
}
