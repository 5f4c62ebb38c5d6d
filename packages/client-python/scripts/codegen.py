"""Regenerate platform_client/generated from ../../docs/api/openapi.json, or check it is current.

    python scripts/codegen.py            # write the generated package (npm run codegen)
    python scripts/codegen.py --check    # drift check: fail when the committed code differs

Both generate into a temporary directory with the pinned openapi-python-client (and the ruff its
post-hooks run), so the committed code and the drift check's copy are made the same way.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = PACKAGE_DIR.parent.parent
DOCUMENT = REPO_ROOT / "docs" / "api" / "openapi.json"
CONFIG = PACKAGE_DIR / "codegen.yaml"
TARGET = PACKAGE_DIR / "platform_client" / "generated"
NPM_PACKAGE = "@platform/client-python"
IGNORED = {"__pycache__", ".ruff_cache"}
# Schemas openapi-python-client 0.29 cannot parse (a recursive anyOf: "Invalid property in union"),
# generated as what they describe, any JSON value: otherwise every operation using them is left out.
ANY_JSON_VALUE = ("JsonValue",)


def generator_document(into: Path) -> Path:
    """The published document with ANY_JSON_VALUE schemas as untyped values (the generator's `Any`)."""
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    schemas = document["components"]["schemas"]
    for name in ANY_JSON_VALUE:
        schemas[name] = {"description": schemas[name].get("description", "Any JSON value.")}
    path = into / "openapi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def generate(into: Path, document: Path, *, verbose: bool = False) -> None:
    bin_dir = Path(sys.executable).parent
    generator = bin_dir / "openapi-python-client"
    if not generator.exists():
        sys.exit(
            f"openapi-python-client is not installed next to {sys.executable}: "
            "run packages/client-python/scripts/setup.sh"
        )
    env = dict(os.environ)
    # The generator's post-hooks call `ruff`: use the pinned one from this environment.
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    result = subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            str(document),
            "--config",
            str(CONFIG),
            "--meta",
            "none",
            "--output-path",
            str(into),
        ],
        env=env,
        capture_output=True,
        text=True,
    )
    output = result.stdout + result.stderr
    if result.returncode != 0 or not (into / "client.py").exists():
        sys.exit(f"openapi-python-client failed (exit {result.returncode}):\n{output}")
    if "ruff is not in PATH" in output or "Unable to run post hook" in output:
        sys.exit(f"openapi-python-client could not run its ruff post-hooks:\n{output}")
    if verbose:
        print(output, file=sys.stderr)
    # Problem responses are left out on purpose (see codegen.yaml): one warning each. An operation
    # the generator could not digest at all fails the generation: the library covers every one.
    skipped = sorted(
        {
            match.group(1)
            for match in re.finditer(r"WARNING parsing (\S+ \S+) within \S+\. Endpoint will not be generated", output)
        }
    )
    if skipped:
        sys.exit(
            f"openapi-python-client left out {len(skipped)} operations (run with --verbose for why): "
            + ", ".join(skipped)
        )
    for cache in into.rglob(".ruff_cache"):
        shutil.rmtree(cache)


def files(root: Path) -> set[str]:
    return {
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_file() and not IGNORED.intersection(path.relative_to(root).parts)
    }


def differences(expected: Path, actual: Path) -> list[str]:
    want, have = files(expected), files(actual)
    changed = [name for name in sorted(want & have) if not filecmp.cmp(expected / name, actual / name, shallow=False)]
    return (
        [f"missing   {name}" for name in sorted(want - have)]
        + [f"unexpected {name}" for name in sorted(have - want)]
        + [f"differs   {name}" for name in changed]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--verbose", action="store_true", help="show everything the generator printed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="platform-client-codegen-") as tmp:
        fresh = Path(tmp) / "generated"
        generate(fresh, generator_document(Path(tmp)), verbose=args.verbose)
        if args.check:
            diff = differences(fresh, TARGET)
            if diff:
                print(
                    f"Generated code in {TARGET.relative_to(REPO_ROOT)} is out of date with "
                    f"{DOCUMENT.relative_to(REPO_ROOT)} ({len(diff)} files):",
                    file=sys.stderr,
                )
                for line in diff[:50]:
                    print(f"  {line}", file=sys.stderr)
                if len(diff) > 50:
                    print(f"  … and {len(diff) - 50} more", file=sys.stderr)
                print(f"Run `npm run codegen -w {NPM_PACKAGE}` and commit the result.", file=sys.stderr)
                return 1
            print(f"Generated code is up to date ({len(files(fresh))} files).")
            return 0
        if TARGET.exists():
            shutil.rmtree(TARGET)
        shutil.copytree(fresh, TARGET, ignore=shutil.ignore_patterns(*IGNORED))
        print(f"Wrote {len(files(TARGET))} files to {TARGET.relative_to(REPO_ROOT)}.")
        return 0


if __name__ == "__main__":
    sys.exit(main())
