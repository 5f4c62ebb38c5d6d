#!/bin/sh
# go vet over every package, the smoke test included, and gofmt over the hand-written code.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
go vet -tags smoke ./...
unformatted=$(gofmt -l $(ls *.go smoke/*.go generated/generate.go))
if [ -n "$unformatted" ]; then
  echo "packages/client-go: not gofmt-formatted (run gofmt -w):" $unformatted >&2
  exit 1
fi
