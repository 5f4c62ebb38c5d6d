#!/bin/sh
# Regenerates generated/platform.gen.go from ../../docs/api/openapi.json with the oapi-codegen
# version pinned in go.mod (a `tool` dependency); generated/oapi-codegen.yaml holds its options.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
go generate ./generated
echo "packages/client-go: generated/platform.gen.go regenerated from docs/api/openapi.json"
