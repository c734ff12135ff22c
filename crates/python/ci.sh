#!/usr/bin/env bash
# The Python package from a clean state: maturin in a fresh venv builds the wheel
# (`cargo xtask wheel`), a second fresh venv installs the wheel and pytest alone, and pytest runs
# the tests and the docstrings' examples against the installed package. Run from anywhere.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/build"
"$work/build/bin/pip" install --quiet "maturin>=1.9,<2"
(cd "$root" && PATH="$work/build/bin:$PATH" cargo xtask wheel "$work/wheels")

python3 -m venv "$work/clean"
"$work/clean/bin/pip" install --quiet "$work"/wheels/holodice-*.whl pytest
cd "$root"
"$work/clean/bin/python" -m pytest -p no:cacheprovider crates/python/tests \
    --doctest-modules --pyargs holodice
