#!/usr/bin/env bash
# The side-by-side report: installs icepool and dyce into a virtual environment beside this
# script, builds holodice's in-process timer, and runs every tool on every scenario
# (compare.py's options pass through, e.g. ./run.sh --rounds 5 --only legion-small).
# Not run by CI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet icepool==2.1.3 dyce==0.7.0
fi
(cd "$here/../.." && cargo build --release --quiet --example compare)
cd "$here"
exec "$venv/bin/python" compare.py "$@"
