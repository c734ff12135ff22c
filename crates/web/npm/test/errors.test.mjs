// The API's errors as HolodiceError: its one line, the key it concerns and the status. The
// lines are the API's recorded ones (tests/corpus/api/, tests/legion_cli.rs).

import { test } from "node:test";
import assert from "node:assert/strict";
import { check, HolodiceError, legion, swtcg } from "holodice";

/** The HolodiceError `f` throws. */
function thrown(f) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof HolodiceError, `not a HolodiceError: ${e}`);
    assert.ok(e instanceof Error);
    return e;
  }
  assert.fail("no error");
}

test("a misspelt key names itself", () => {
  const e = thrown(() => swtcg.attack({ attacker: "Power 5", defendr: "Health 3" }));
  // tests/corpus/api/err-unknown-key.txt
  assert.equal(e.message, "unknown key 'defendr' for swtcg/attack: did you mean 'defender'? (keys: " +
    "attacker, defender, format, exact, digits, verbose, rule, arena, pay, secondary, interceptor, " +
    "mode, policy, objective, enhance)");
  assert.equal(e.field, "defendr");
  assert.equal(e.status, 400);
  assert.equal(e.name, "HolodiceError");
});

test("a bad SPEC names its key", () => {
  const e = thrown(() => swtcg.attack({ attacker: "Power 5, Acuracy 1" }));
  // tests/corpus/api/err-spec.txt
  assert.equal(e.message,
    "attacker SPEC, item 'Acuracy 1': unknown keyword 'Acuracy'; did you mean 'Accuracy 1'?");
  assert.equal(e.field, "attacker");
  const legionSpec = thrown(() => legion.attack({ attacker: "4 redd", defender: "white defense" }));
  // tests/corpus/api/err-legion-spec.txt
  assert.equal(legionSpec.message,
    "attacker SPEC, item '4 redd': unknown item 'redd'; did you mean '4 red'?");
});

test("an item of the other game says which game", () => {
  const e = thrown(() => legion.attack({ attacker: "Power 5", defender: "white defense" }));
  // tests/legion_cli.rs, without the command line's "holodice: error: "
  assert.equal(e.message, "attacker SPEC, item 'Power 5': an SWTCG item, not a Legion one: give " +
    "it to holodice swtcg (the page's SWTCG tab)");
  assert.equal(e.field, "attacker");
  assert.equal(e.game, "swtcg");
});

test("a key in both spellings is the API's repeated key", () => {
  const e = thrown(() => swtcg.sequence({ attacker: ["Power 3"], defender: "Health 5",
    "until-destroyed": true, untilDestroyed: true }));
  assert.equal(e.field, "until-destroyed");
  assert.match(e.message, /'until-destroyed' is given twice/);
});

test("a request that is not an object is a TypeError", () => {
  assert.throws(() => swtcg.attack("Power 5"), TypeError);
});

test("a body over the API's 64 KiB is its 413", () => {
  const e = thrown(() => check("1\n".repeat(40_000), { game: "swtcg", attacker: "Power 3" }));
  // src/api/mod.rs: MAX_BODY's refusal
  assert.equal(e.message, "the body is over 64 KiB: send a smaller request");
  assert.equal(e.status, 413);
  assert.equal(e.field, null);
});
