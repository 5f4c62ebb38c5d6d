#!/bin/sh
# Installs what the Go client needs: the Go toolchain must be there (1.25 or later); the modules
# pinned in go.mod/go.sum (the library's dependencies and the oapi-codegen tool) are downloaded
# into the module cache, and the tool is built once. Quick when already done.
set -eu
cd "$(dirname "$0")/.."

if ! command -v go >/dev/null 2>&1; then
  echo "packages/client-go: the 'go' command is missing; install Go 1.25 or later (https://go.dev/dl/, or the golang-go package)" >&2
  exit 1
fi
version=$(go env GOVERSION | sed 's/^go//')
major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}
if [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt 25 ]; }; then
  echo "packages/client-go: Go $version is too old; install Go 1.25 or later (https://go.dev/dl/)" >&2
  exit 1
fi

go mod download
go mod verify >/dev/null
# Builds (and caches) the pinned generator, so that the drift check does not pay for it.
go build -o /dev/null github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen
