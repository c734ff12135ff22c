// toNumber: the double nearest an exact fraction, whatever the size of its parts; version().

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { pmf, toNumber, version } from "holodice";

test("parts past 2^53 give the nearest double, where Number division gives NaN", () => {
  const big = 10n ** 400n;
  const third = `${big + 1n}/${3n * big}`;
  assert.ok(Number.isNaN(Number(big + 1n) / Number(3n * big)));
  assert.equal(toNumber(third), 1 / 3);
  // A fraction of an answer, its parts scaled by 10^30: the same double as IEEE division of the
  // small parts, which is correctly rounded.
  const s = 10n ** 30n;
  assert.equal(toNumber(`${447139049n * s}/${73383542784n * s}`), 447139049 / 73383542784);
});

test("rounding is to nearest, ties to even", () => {
  assert.equal(toNumber("9007199254740993"), 9007199254740992); // 2^53 + 1: a tie, to even
  assert.equal(toNumber("18014398509481987/2"), 9007199254740994); // 2^53 + 1.5
  assert.equal(toNumber(`${(2n ** 53n + 1n) * 3n ** 300n}/${3n ** 300n}`), 9007199254740992);
  assert.equal(toNumber("-1/3"), -1 / 3);
  assert.equal(toNumber("0"), 0);
  assert.equal(toNumber("1"), 1);
  assert.equal(toNumber(0.25), 0.25);
});

test("subnormal and overflowing values", () => {
  assert.equal(toNumber(`1/${2n ** 1074n}`), Number.MIN_VALUE);
  assert.equal(toNumber(`1/${2n ** 1075n}`), 0); // half the least subnormal: a tie, to even (0)
  assert.equal(toNumber(`3/${2n ** 1076n}`), Number.MIN_VALUE);
  assert.equal(toNumber(`${2n ** 1023n * 3n}/2`), 1.5 * 2 ** 1023);
  assert.equal(toNumber(`${2n ** 1024n}`), Infinity);
});

test("random fractions of double-sized parts agree with IEEE division", () => {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < 2000; i++) {
    const n = next() * 2 ** 22 + next() % 2 ** 22;
    const d = next() * 2 ** 22 + next() % 2 ** 22 + 1;
    assert.equal(toNumber(`${n}/${d}`), n / d, `${n}/${d}`);
  }
});

test("not a fraction is a TypeError", () => {
  assert.throws(() => toNumber("1.5"), TypeError);
  assert.throws(() => toNumber("1/0"), RangeError);
});

test("pmf gives [k, P(= k)] in order of k", () => {
  assert.deepEqual(pmf({ pmf: { 2: "1/4", 0: "1/4", 1: "1/2" } }), [[0, 0.25], [1, 0.5], [2, 0.25]]);
});

test("version() is the package's", () => {
  const manifest = createRequire(import.meta.url).resolve("holodice/package.json");
  assert.equal(version(), JSON.parse(readFileSync(manifest, "utf8")).version);
});
