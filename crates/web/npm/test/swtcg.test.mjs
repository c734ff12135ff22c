// The README's SWTCG example and check, through the installed package as a user imports it.
// Expected values are recorded answers of the API (tests/corpus/api/), not this package's.

import { test } from "node:test";
import assert from "node:assert/strict";
import { check, pmf, swtcg, toNumber } from "holodice";

const readme = { attacker: "Power 5, Accuracy 1, Critical Hit 2", defender: "Health 4, Armor" };

test("the README's attack destroys with 251/432, 58.10%", () => {
  const a = swtcg.attack(readme);
  // tests/corpus/api/swtcg-attack-get.txt
  assert.equal(a.destroyed, "251/432");
  assert.equal((100 * toNumber(a.destroyed)).toFixed(2), "58.10");
  assert.equal(a.damage.mean, "14371/3888");
  assert.deepEqual(
    pmf(a.damage).map(([k]) => k),
    [0, 1, 2, 3, 4, 5, 6, 7],
  );
});

test("an answer remembers its game and request, out of its keys and JSON", () => {
  const a = swtcg.attack(readme);
  assert.deepEqual(a.request, { game: "swtcg", ...readme });
  assert.ok(!Object.keys(a).includes("request"));
  assert.ok(!JSON.stringify(a).includes('"request"'));
});

// The damage pmf of the README's attack (tests/corpus/api/swtcg-attack-get.txt) times 7776,
// the least common multiple of its denominators: 1/32 -> 243, 5/48 -> 810, ...
const exactCounts = { 0: 243, 1: 810, 2: 1080, 3: 1125, 4: 1590, 5: 1742, 6: 975, 7: 211 };

test("check accepts samples in exact proportion, from the answer or the request", () => {
  const a = swtcg.attack(readme);
  for (const query of [a, { game: "swtcg", ...readme }]) {
    const fit = check(exactCounts, query);
    assert.equal(fit.consistent, true);
    assert.equal(fit.samples, 7776);
    assert.equal(fit.statistic, 0);
    assert.equal(fit.p_value, 1);
  }
});

test("check takes a list of outcomes, as a simulator makes them", () => {
  const outcomes = Object.entries(exactCounts).flatMap(([k, n]) => Array(n).fill(Number(k)));
  const fit = check(outcomes, swtcg.attack(readme));
  assert.equal(fit.consistent, true);
  assert.equal(fit.samples, 7776);
});

test("check rejects wrong samples: an impossible outcome, a wrong shape", () => {
  // One counter too many on every outcome: 8 damage is impossible.
  const shifted = Object.fromEntries(Object.entries(exactCounts).map(([k, n]) => [+k + 1, n]));
  const off = check(shifted, swtcg.attack(readme));
  assert.equal(off.consistent, false);
  assert.deepEqual(off.impossible, [8]);
  // As many of each outcome: far from the exact pmf.
  const flat = check({ 0: 972, 1: 972, 2: 972, 3: 972, 4: 972, 5: 972, 6: 972, 7: 972 },
    swtcg.attack(readme));
  assert.equal(flat.consistent, false);
  assert.ok(flat.p_value < 1e-6, `${flat.p_value}`);
});

test("check's own options: the variable and the test", () => {
  // tests/corpus/api/check-text.txt: Power 3 on Health 2, 0,10 1,30 2,40 under the G-test.
  const fit = check("0,10\n1,30\n2,40\n", { game: "swtcg", attacker: "Power 3", defender: "Health 2" },
    { test: "g-test" });
  assert.equal(fit.test, "G-test");
  // Within a few units in the last place: the engine in WebAssembly has its own logarithm.
  assert.ok(Math.abs(fit.statistic - 23.014565796142467) < 1e-12, `${fit.statistic}`);
  assert.equal(fit.dof, 3);
  const hits = check({ 0: 1, 1: 3, 2: 3, 3: 1 }, swtcg.attack({ attacker: "Power 3" }),
    { variable: "hits" });
  assert.equal(hits.variable, "hits");
});

test("sequence, dice and compare answer as recorded", () => {
  // tests/corpus/api/swtcg-sequence.txt
  const s = swtcg.sequence({ attacker: ["Power 3", "Power 4"], defender: "Health 6" });
  assert.equal(s.destroyed, "1/16");
  assert.equal(s.counters.mean, "7/2");
  // tests/corpus/api/swtcg-sequence-until.txt, the key in camelCase
  const until = swtcg.sequence({ attacker: ["Power 3"], untilDestroyed: true, attacks: 6,
    defender: "Health 5" });
  assert.equal(until.destroyed, "16131/16384");
  assert.equal(until.never_destroyed, "253/16384");
  assert.equal(until.request["until-destroyed"], true);
  // tests/corpus/api/swtcg-dice.txt
  assert.equal(swtcg.dice({ count: 3, target: "Health 2, Armor, Evade 1" }).destroyed, "1/27");
  // tests/corpus/api/swtcg-compare.txt
  const c = swtcg.compare({ attacker: ["Power 5, Accuracy 1", "Power 5, Critical Hit 2"],
    defender: ["Health 4, Armor"] });
  assert.deepEqual(c.loadouts.map((l) => l.destroyed), ["3/16", "106/243"]);
});

test("another format answers the command line's text", () => {
  const text = swtcg.attack({ ...readme, format: "text" });
  assert.equal(typeof text, "string");
  assert.match(text, /Chance to destroy the defender: 58\.10%/);
});
