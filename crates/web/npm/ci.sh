#!/usr/bin/env bash
# The npm package from a clean state, as a user gets it: `cargo xtask npm` builds and packs it
# into a temporary folder, a new Node project (`npm init -y`) installs the tarball, and the
# package's tests run there, importing "holodice" as any project would: node's own runner on
# test/*.test.mjs, then Vitest (3) on examples/simulator.test.js and TypeScript's checker on
# examples/typed.ts (both installed into that project only). Needs cargo, node >= 18 and npm
# with its registry. Usage: crates/web/npm/ci.sh
set -euo pipefail
npm_dir="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$npm_dir/../../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd "$root" && cargo xtask npm "$work/package")
mkdir "$work/project"
cd "$work/project"
npm init -y >/dev/null
npm pkg set type=module
npm install --no-audit --no-fund "$work"/package/holodice-*.tgz
cp -r "$npm_dir/test" "$npm_dir/examples" .
node --test test/*.test.mjs
npm install --no-audit --no-fund --save-dev vitest@3 typescript@5
npx vitest run examples/
npx tsc --noEmit --strict --target es2022 --module nodenext --moduleResolution nodenext \
  --lib es2022,dom examples/typed.ts
