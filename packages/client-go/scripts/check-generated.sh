#!/bin/sh
# Drift check: regenerates the client into a temporary directory with the pinned generator and
# compares it with the committed generated/ code; fails naming the files that differ.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The same configuration, writing into the temporary directory.
sed "s|^output: .*|output: $tmp/platform.gen.go|" generated/oapi-codegen.yaml > "$tmp/oapi-codegen.yaml"
go tool oapi-codegen -config "$tmp/oapi-codegen.yaml" ../../docs/api/openapi.json

differing=""
for file in "$tmp"/*.gen.go generated/*.gen.go; do
  name=$(basename "$file")
  case " $differing " in *" generated/$name "*) continue ;; esac
  if ! cmp -s "$tmp/$name" "generated/$name"; then
    differing="$differing generated/$name"
  fi
done
if [ -n "$differing" ]; then
  echo "packages/client-go: the generated code differs from what docs/api/openapi.json generates:$differing" >&2
  echo "Run: npm run codegen -w @platform/client-go (and commit the result)" >&2
  exit 1
fi
echo "packages/client-go: generated code is up to date with docs/api/openapi.json"
