// Legion and tables through the installed package. Expected values are recorded answers of the
// API (tests/corpus/api/), not this package's.

import { test } from "node:test";
import assert from "node:assert/strict";
import { check, legion, table, toNumber } from "holodice";

test("a Legion attack's mean wounds", () => {
  // tests/corpus/api/legion-attack-get.txt
  const a = legion.attack({ attacker: "4 red, surge crit, aim 1", defender: "white defense, cover light" });
  assert.equal(a.wounds.mean, "567395/196608");
  assert.equal(toNumber(a.wounds.mean), 2.885920206705729);
  assert.equal(a.wounds.pmf["0"], "447139049/73383542784");
  assert.equal(a.request.game, "legion");
});

test("a Legion check from the request, with the list of samples", () => {
  // tests/corpus/api/check-legion.txt records these samples' answer.
  const fit = check([0, 1, 1, 2, 0], { game: "legion", attacker: "2 red", defender: "white defense" });
  assert.equal(fit.variable, "wounds");
  assert.equal(fit.samples, 5);
  assert.deepEqual(fit.expected, { 0: 0.703125, 1: 2.34375, 2: 1.953125 });
  assert.equal(fit.consistent, true);
});

test("a Legion sequence and matchups", () => {
  const s = legion.sequence({ attack: ["1 red", "1 red"],
    defender: "white defense, courage 1, wounds 2, minis 1" });
  // tests/corpus/cli/legion-sequence-json.txt
  assert.equal(s.wiped, "775/2304");
  assert.equal(s.panicked, "9/16");
  const m = legion.matchups({ attacker: "1 red", faction: "rebels", rank: "corps" });
  // tests/corpus/api/legion-matchups.txt
  assert.deepEqual(m.matchups[0], { defender: "Fleet Troopers", faction: "rebels", points: 40,
    mean_wounds: "1/2", at_least_one: "1/2", wiped: "0" });
});

test("check takes a Legion sequence's answer", () => {
  // `holodice legion sequence --attack "1 red" --attack "1 red" --defender "white defense"`
  // prints wounds 349/2304, 295/576, 775/2304.
  const s = legion.sequence({ attack: ["1 red", "1 red"], defender: "white defense" });
  assert.equal(s.request.game, "legion-sequence");
  const fit = check({ 0: 349, 1: 1180, 2: 775 }, s);
  assert.equal(fit.consistent, true);
  assert.equal(fit.statistic, 0);
  assert.equal(check({ 0: 775, 1: 1180, 2: 349 }, s).consistent, false);
});

test("a table remembers its game", () => {
  // tests/corpus/api/table-json.txt
  const t = table({ game: "legion", rows: "red 1..3", defender: "white defense", stat: "atleast:1" });
  assert.deepEqual(t.cells, [["5/8"], ["55/64"], ["485/512"]]);
  assert.equal(t.request.game, "legion");
});
