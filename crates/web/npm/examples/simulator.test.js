// A simulator's test suite checking itself against holodice's exact answers: copy this file
// beside your roller's tests (Vitest; Jest reads it too with its own imports). `rollAttack` here
// stands for your calculator's own roller; replace it with yours.
//
//   npm install --save-dev holodice vitest
//   npx vitest run

import { describe, expect, it } from "vitest";
import { check, legion, pmf, toNumber } from "holodice";

// A naive Monte Carlo roller of a Legion attack: red attack dice (5 hit, 1 crit, 1 surge,
// 1 blank of 8 faces), surges converted to crits or not, against white defense dice (1 block,
// 1 surge, 4 blanks of 6; the defender has no surge conversion).
function rollAttack({ red, surgeCrit }, random) {
  let results = 0;
  for (let i = 0; i < red; i++) {
    const face = Math.floor(random() * 8);
    if (face < 6 || (face === 6 && surgeCrit)) results++; // hits, the crit, a converted surge
  }
  let wounds = 0;
  for (let i = 0; i < results; i++) if (Math.floor(random() * 6) !== 0) wounds++;
  return wounds;
}

// A seeded generator (mulberry32), so the suite gives the same samples on every run.
function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SAMPLES = 100_000;
const exact = legion.attack({ attacker: "4 red, surge crit", defender: "white defense" });
const random = seeded(1);
const rolled = Array.from({ length: SAMPLES }, () => rollAttack({ red: 4, surgeCrit: true }, random));

describe("the roller against holodice's exact distribution", () => {
  it("has the exact mean, within 4 standard errors", () => {
    const mean = rolled.reduce((a, b) => a + b, 0) / SAMPLES;
    const sd = Math.sqrt(toNumber(exact.wounds.variance));
    expect(Math.abs(mean - toNumber(exact.wounds.mean))).toBeLessThan((4 * sd) / Math.sqrt(SAMPLES));
  });

  it("has each outcome's exact chance, within 4 standard errors", () => {
    for (const [k, p] of pmf(exact.wounds)) {
      const seen = rolled.filter((w) => w === k).length / SAMPLES;
      expect(Math.abs(seen - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / SAMPLES) + 1e-12);
    }
  });

  it("passes holodice's test of fit", () => {
    const fit = check(rolled, exact);
    expect(fit.impossible).toEqual([]);
    expect(fit.consistent).toBe(true);
  });

  it("would catch a roller that forgets surge conversion", () => {
    const other = seeded(2);
    const wrong = Array.from({ length: SAMPLES }, () => rollAttack({ red: 4, surgeCrit: false }, other));
    expect(check(wrong, exact).consistent).toBe(false);
  });
});
