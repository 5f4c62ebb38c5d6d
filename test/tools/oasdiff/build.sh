#!/usr/bin/env bash
# Builds oasdiff (pinned by go.mod and go.sum in this folder, from the Go module proxy) into
# test/.cache/oasdiff, once per change of those two files, and prints the path of the binary.
# The API compatibility test and .ci/run call it; it needs a Go toolchain (1.26 or later). The
# module names oasdiff with go.mod's `tool` directive (Go 1.24 and later), so no tools.go is needed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="$(cd "$here/../.." && pwd)/.cache/oasdiff"
binary="$cache/oasdiff"
stamp="$cache/module.sha256"
wanted="$(cat "$here/go.mod" "$here/go.sum" | sha256sum | cut -d' ' -f1)"

if [ ! -x "$binary" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  if ! command -v go >/dev/null 2>&1; then
    echo "oasdiff is built from source and needs a Go toolchain (1.26 or later) on the PATH: none found (https://go.dev/dl/)" >&2
    exit 1
  fi
  mkdir -p "$cache"
  # -mod=readonly: go.sum is the pin; a build that would change it fails instead. Built under a
  # name of its own and renamed: test files running in parallel may build it at the same time.
  (cd "$here" && go build -mod=readonly -trimpath -o "$binary.$$" github.com/oasdiff/oasdiff) >&2
  mv "$binary.$$" "$binary"
  echo "$wanted" > "$stamp"
fi
echo "$binary"
