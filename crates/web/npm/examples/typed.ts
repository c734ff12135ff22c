// The package's types in use, checked by `tsc --noEmit` (ci.sh): what compiles, and (marked
// as expected errors) what must not.

import {
  check,
  type CheckAnswer,
  type Distribution,
  HolodiceError,
  init,
  legion,
  pmf,
  swtcg,
  table,
  toNumber,
  version,
} from "holodice";

await init();
const a = swtcg.attack({ attacker: "Power 5, Accuracy 1, Critical Hit 2", defender: "Health 4, Armor" });
const destroyed: number = toNumber(a.destroyed);
const damage: Distribution = a.damage;
const pairs: Array<[number, number]> = pmf(damage);
const game: "swtcg" = a.request.game;
const seq = swtcg.sequence({ attacker: ["Power 3"], defender: "Health 5", untilDestroyed: true });
const needed: Distribution | undefined = seq.attacks_needed;
const wounds: string = legion.attack({ attacker: "4 red", defender: "white defense", policy: "optimal" }).wounds.mean;
const markdown: string = table({ game: "swtcg", rows: "Power 1..6", format: "markdown" });
const cells: string[][] = table({ game: "legion", rows: "red 1..3", defender: "white defense" }).cells;
const fit: CheckAnswer = check([0, 1, 2], a, { variable: "hits", test: "g-test" });
const fit2: boolean = check({ 0: 3, 1: 4 }, { game: "legion", attacker: "2 red", defender: "white defense" }).consistent;
const v: string = version();
try {
  swtcg.dice({ count: 3, target: "Health 2" });
} catch (e) {
  if (e instanceof HolodiceError) {
    const field: string | null = e.field;
    const status: number = e.status;
    console.log(field, status);
  }
}
console.log(destroyed, pairs, game, needed, wounds, markdown, cells, fit, fit2, v);

// @ts-expect-error: an attack needs its attacker
swtcg.attack({ defender: "Health 4" });
// @ts-expect-error: a policy is greedy or optimal
legion.attack({ attacker: "4 red", defender: "white defense", policy: "best" });
// @ts-expect-error: a sequence's attackers are a list
swtcg.sequence({ attacker: "Power 3", defender: "Health 5" });
// @ts-expect-error: check tests an attack of a game
check([0], { attacker: "Power 3" });
