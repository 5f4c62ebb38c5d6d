#!/usr/bin/env bash
# Regenerates the committed client code (src/main/java/dev/platform/client/generated) from
# ../../docs/api/openapi.json with the generator pinned in pom.xml.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mvn -B -q -o generate-sources
rm -rf src/main/java/dev/platform/client/generated
cp -r target/openapi-codegen/src/main/java/dev/platform/client/generated src/main/java/dev/platform/client/generated
echo "client-java: regenerated src/main/java/dev/platform/client/generated"
