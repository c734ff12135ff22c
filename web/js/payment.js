// SWTCG's paid abilities: a card's "Pay N Force -> …" abilities (`pay: ITEM`) are unpaid unless
// the query's `pay` key says who pays. Players tick who pays; the form's hidden `pay` select
// (the key a link and the API keep) follows: both ticked is `all`, one `attacker` or `defender`.

import { namedCard } from "./catalog.js";
import { $, $$ } from "./dom.js";
import { split } from "./spec.js";

const SIDES = { attacker: ["all", "attacker"], defender: ["all", "defender"] };

/** Whether the unit of `role` pays for its abilities, as `form`'s `pay` key says (the
 * defending side, secondary and interceptor too, pays as the defender). */
export function pays(form, role) {
  const pay = form?.elements.namedItem("pay");
  if (!pay) return false;
  return SIDES[role === "attacker" ? "attacker" : "defender"].includes(pay.value);
}

/** Whether a SPEC has a paid ability: a `pay:` item, typed or on its card. */
function hasPaid(text) {
  const items = split(text);
  const { card } = namedCard("swtcg", items);
  const facts = card ? split(card.facts) : [];
  return [...items, ...facts].some((i) => /^pay:/i.test(i));
}

/** The SWTCG form's paid abilities: its two checkboxes, shown once a unit has a paid ability
 * (or a link already pays), and the `pay` select they set. */
export function paidAbilities(form) {
  const box = $(".paid", form);
  const select = $("select[name=pay]", form);
  const ticks = $$("input[data-key=pay]", form);
  const tick = () => {
    for (const t of ticks) t.checked = t.dataset.values.split(" ").includes(select.value);
  };
  const show = () => {
    const specs = $$("input.spec", form).map((f) => f.value);
    box.hidden = select.value === select.dataset.default && !specs.some(hasPaid);
  };
  for (const t of ticks) {
    t.addEventListener("change", () => {
      const [attacker, defender] = ticks.map((x) => x.checked);
      select.value = attacker && defender ? "all" : attacker ? "attacker" : defender ? "defender" : "none";
    });
  }
  // A link fills the form and says "change": the ticks follow its `pay`. A picked or typed
  // unit changes a SPEC field (and a tick's own "input" comes before its "change").
  form.addEventListener("change", (e) => {
    if (!ticks.includes(e.target)) tick();
    show();
  });
  form.addEventListener("spec-change", show);
  form.addEventListener("input", (e) => !ticks.includes(e.target) && show());
  tick();
  show();
}
