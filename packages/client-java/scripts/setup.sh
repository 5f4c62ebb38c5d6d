#!/usr/bin/env bash
# Installs what the Java client's build needs into Maven's local repository (~/.m2): the
# dependencies, the plugins of the default build (the pinned OpenAPI generator included) and of the
# smoke profile. Idempotent; quick once done (a marker records the pom it was done for).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v java >/dev/null 2>&1 || { echo "client-java: java not found; install a JDK 17 (Debian: apt-get install openjdk-17-jdk-headless)" >&2; exit 1; }
command -v mvn >/dev/null 2>&1 || { echo "client-java: mvn not found; install Maven 3.8+ (Debian: apt-get install maven)" >&2; exit 1; }

marker="target/.setup-done"
stamp="$(sha256sum pom.xml | cut -d' ' -f1)"
generator_jar="${HOME}/.m2/repository/org/openapitools/openapi-generator/7.25.0/openapi-generator-7.25.0.jar"
if [[ -f "$marker" && "$(cat "$marker")" == "$stamp" && ( -n "${MAVEN_OPTS:-}" || -f "$generator_jar" ) ]]; then
  exit 0
fi

# Dependencies and plugins of every profile; the plugins of the build up to `test` as Maven loads
# them to run (code generation included, compilation and tests skipped: nothing of the project
# needs to compile here); then what surefire resolves only when tests run (its JUnit Platform
# provider and launcher).
mvn -B -q dependency:go-offline -Psmoke >/dev/null
mvn -B -q -Dmaven.main.skip=true -Dmaven.test.skip=true test >/dev/null
# (Versions: maven-surefire-plugin and JUnit 5.14.4's platform, as in pom.xml.)
mvn -B -q dependency:get -Dartifact=org.apache.maven.surefire:surefire-junit-platform:3.5.5 >/dev/null
mvn -B -q dependency:get -Dartifact=org.junit.platform:junit-platform-launcher:1.14.4 >/dev/null
mkdir -p target
echo "$stamp" > "$marker"
