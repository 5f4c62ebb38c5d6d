#!/usr/bin/env bash
# Installs Schemathesis (requirements.txt, pinned) into test/.venv-schemathesis, once per change of
# requirements.txt, and prints the path of its `st` command. Python 3.12 or later is preferred:
# Hypothesis on CPython 3.11 fails with "AST constructor recursion depth mismatch" in some
# Schemathesis phases (a CPython 3.11 bug), so 3.11 is used only when nothing newer exists.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../../.venv-schemathesis"
stamp="$venv/requirements.sha256"
wanted="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"

if [ ! -x "$venv/bin/st" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  python=""
  for candidate in python3.13 python3.12 $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV) python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
      python="$candidate"
      break
    fi
  done
  if [ -z "$python" ]; then
    echo "Schemathesis needs Python 3.10 or later (3.12+ preferred); none found" >&2
    exit 1
  fi
  rm -rf "$venv"
  "$python" -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$here/requirements.txt" >&2
  echo "$wanted" > "$stamp"
fi
echo "$venv/bin/st"
