#!/bin/sh
# Unit tests of the Go client (against test servers on loopback; the smoke test under smoke/ needs
# the build tag `smoke` and a platform, so it is not run here) and the generated-code drift check.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
go vet ./...
go test -count=1 ./...
sh scripts/check-generated.sh
