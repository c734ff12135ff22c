// The activation builder on the Legion tab: "Attack again" makes the attack the first of several
// on the same defender (`legion sequence`), each further attack a SPEC field with the same
// controls as the first; Charge, until wiped (with its cap) and when a ranged attack suppresses
// are the sequence's options. One attack with none of them is `legion attack`, as before.

import { namedCard } from "./catalog.js";
import { $, $$, el } from "./dom.js";
import { split } from "./spec.js";

/** The attacks "Attack again" adds up to (the engine takes 100, and so does a link). */
export const MAX_ATTACKS = 8;

/** The request the Legion form's keys `p` stand for: `legion/attack` for one attack and no
 * sequence option, else `legion/sequence` with the attacks in order. */
export function legionRequest(p) {
  const { attacker, attack = [], charge, "until-wiped": untilWiped, attacks, "suppression-gained": gained, ...rest } = p;
  if (!attack.length && !charge && !untilWiped) {
    return { endpoint: "legion/attack", query: attacker === undefined ? rest : { attacker, ...rest } };
  }
  const query = { attack: [attacker ?? "", ...attack], ...rest };
  if (charge) query.charge = true;
  if (untilWiped) query["until-wiped"] = true;
  if (untilWiped && attacks !== undefined) query.attacks = attacks;
  if (gained !== undefined) query["suppression-gained"] = gained;
  return { endpoint: "legion/sequence", query };
}

/** The endpoint of a pinned or linked attack query: a Legion query of `attack`s is a sequence. */
export function attackEndpoint(game, query) {
  return game === "legion" && query.attack ? "legion/sequence" : `${game}/attack`;
}

export class Activation {
  /** The builder in the Legion `form`; `controls(input)` gives a SPEC field its completion and
   * controls, as every SPEC field has. */
  constructor(form, controls) {
    this.form = form;
    this.controls = controls;
    this.first = $("#legion-attacker", form);
    this.again = $("#legion-attack-again", form);
    this.limit = $("#legion-attack-limit", form);
    this.limit.textContent = `At most ${MAX_ATTACKS} attacks here; the command line and the API take up to 100.`;
    this.options = $("#legion-activation", form);
    this.untilWiped = $("#legion-until-wiped", form);
    this.first.closest("fieldset").append(this.tools(this.first.closest("fieldset")));
    this.again.addEventListener("click", () => this.add());
    // A checkbox changed, or the form filled from a link (app.js's fill says so).
    form.addEventListener("change", () => this.refresh());
    for (const event of ["input", "spec-change"]) this.first.addEventListener(event, () => this.chargeHint());
    this.refresh();
  }

  fieldsets() {
    return $$("fieldset.attack", this.form);
  }

  /** The attacks' SPEC fields in order, the attacker's first. */
  inputs() {
    return this.fieldsets().map((f) => $("input.spec", f));
  }

  /** Adds an attack after the last, the same SPEC again to start with, and goes to it. */
  add() {
    const last = this.inputs().pop();
    const input = this.append();
    this.write(input, last.value);
    this.refresh();
    input.focus();
  }

  /** Tells the form its attacks changed (the page answers live). */
  changed() {
    this.form.dispatchEvent(new CustomEvent("spec-change"));
  }

  /** A new attack's fieldset after the others, with its SPEC field and its controls. */
  append() {
    const id = `legion-attack-${this.fieldsets().length + 1}`;
    const input = el("input", {
      id, name: "attack", class: "spec", "data-spec": "legion", "data-role": "attacker", "data-list": "",
      placeholder: "@Stormtroopers, range 2",
    });
    const fieldset = el("fieldset", { class: "unit attack" }, el("legend"),
      el("div", { class: "field" }, el("label", { for: id, text: "Attacker SPEC" }), input));
    fieldset.append(this.tools(fieldset));
    this.again.closest(".actions").before(fieldset);
    this.controls(input);
    return input;
  }

  /** An attack's buttons: earlier in the order, and away. */
  tools(fieldset) {
    const earlier = el("button", { type: "button", class: "earlier", text: "↑ Earlier" });
    const remove = el("button", { type: "button", class: "remove", text: "Remove" });
    earlier.addEventListener("click", () => this.move(this.fieldsets().indexOf(fieldset)));
    remove.addEventListener("click", () => this.remove(this.fieldsets().indexOf(fieldset)));
    return el("div", { class: "actions attack-tools" }, earlier, remove);
  }

  // The attacks are their SPECs in order: moving or removing one moves the texts, and each field's
  // controls follow its text.
  move(i) {
    const inputs = this.inputs();
    const [a, b] = [inputs[i - 1].value, inputs[i].value];
    this.write(inputs[i - 1], b);
    this.write(inputs[i], a);
    inputs[i - 1].focus();
  }

  remove(i) {
    const inputs = this.inputs();
    for (let j = i; j < inputs.length - 1; j++) this.write(inputs[j], inputs[j + 1].value);
    this.fieldsets().pop().remove();
    this.refresh();
    this.changed();
    this.inputs()[Math.min(i, inputs.length - 2)].focus();
  }

  write(input, value) {
    input.value = value;
    input.dispatchEvent(new CustomEvent("spec-change"));
    this.changed();
  }

  /** Makes as many attack fields as a request's keys (a link's) give, and returns the keys as
   * the form's fields hold them: the first attack is the attacker's field. */
  rows(given) {
    const [first, ...more] = given.attack ? [given.attack].flat() : [given.attacker];
    while (this.fieldsets().length > 1 + more.length) this.fieldsets().pop().remove();
    while (this.fieldsets().length < 1 + more.length) this.append();
    const { attack, ...rest } = given;
    return { ...rest, attacker: first, attack: more };
  }

  /** Numbers the attacks and shows what applies: the order's buttons, the limit, the cap. */
  refresh() {
    const sets = this.fieldsets();
    const several = sets.length > 1;
    sets.forEach((f, i) => {
      $(":scope > legend", f).textContent = several ? `Attack ${i + 1}` : "Attacker";
      $(":scope > .attack-tools", f).hidden = !several;
      const [earlier, remove] = $$(":scope > .attack-tools button", f);
      earlier.hidden = i === 0;
      earlier.setAttribute("aria-label", `Move attack ${i + 1} earlier`);
      remove.setAttribute("aria-label", `Remove attack ${i + 1}`);
    });
    const full = sets.length >= MAX_ATTACKS;
    this.again.disabled = full;
    this.limit.hidden = !full;
    $("#legion-cap-field", this.form).hidden = !this.untilWiped.checked;
    const gained = $("#legion-suppression-gained", this.form);
    if ($("#legion-charge", this.form).checked || this.untilWiped.checked || gained.value !== gained.dataset.default) this.options.open = true;
    this.chargeHint();
  }

  /** Whether the first attacker's card has Charge, when it is a built-in card. */
  chargeHint() {
    const { card } = namedCard("legion", split(this.first.value));
    const has = card && card.card.keywords.some((k) => /^charge\b/i.test(k));
    $("#legion-charge-card", this.form).textContent = !card ? "" : has ? `${card.name} has Charge.` : `${card.name} has no Charge.`;
  }

  /** The attack field an engine's error names ("attack 2: …"), or null. Under Charge the first
   * attacker makes attacks 1 and 2. */
  attackField(query, error) {
    const n = /^attack (\d+):/.exec(error || "");
    if (!query.attack || !n) return null;
    return this.inputs()[Math.max(0, Number(n[1]) - 1 - (query.charge ? 1 : 0))] || null;
  }
}
