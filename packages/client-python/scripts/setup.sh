#!/usr/bin/env bash
# Creates packages/client-python/.venv with python3 and installs the package (editable, with its
# test extra) and the pinned code generator. Quick when nothing changed: the stamp file holds a
# hash of the files that decide what is installed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV=.venv
STAMP="$VENV/.platform-setup-stamp"

if ! command -v python3 >/dev/null 2>&1; then
  echo "client-python: python3 (>= 3.11, with venv) is required: install Python 3.11 or newer (Debian: apt-get install python3 python3-venv)" >&2
  exit 1
fi
if ! python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
  echo "client-python: python3 is $(python3 -c 'import platform; print(platform.python_version())'); Python 3.11 or newer is required: install it" >&2
  exit 1
fi

# `turbo run lint typecheck` may start two of these at once: one at a time.
if command -v flock >/dev/null 2>&1 && [[ -z "${PLATFORM_CLIENT_PYTHON_SETUP_LOCKED:-}" ]]; then
  export PLATFORM_CLIENT_PYTHON_SETUP_LOCKED=1
  exec flock .setup.lock bash "$PWD/scripts/setup.sh" "$@"
fi

want="$(cat pyproject.toml requirements-dev.txt | sha256sum | cut -d' ' -f1) $(python3 -c 'import sys; print(sys.version.split()[0])')"
if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
  exit 0
fi

# Something changed (or nothing is installed yet): start from a fresh environment.
if ! python3 -m venv --clear "$VENV" >/dev/null; then
  rm -rf "$VENV"
  echo "client-python: python3 cannot create a virtual environment: install its venv module (Debian: apt-get install python3-venv)" >&2
  exit 1
fi
"$VENV/bin/python" -m pip install --disable-pip-version-check --quiet -e '.[test]' -r requirements-dev.txt
echo "$want" >"$STAMP"
echo "client-python: $VENV ready ($("$VENV/bin/python" -c 'import platform; print("Python", platform.python_version())'))"
