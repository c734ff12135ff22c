// The switch an error offers when a SPEC item is the other game's ("Power 5" on the Legion tab):
// a button beside the error that opens that game's tab with the SPEC in the same role's field,
// and computes.

import { $, el } from "./dom.js";
import { request } from "./engine.js";

const NAMES = { swtcg: "SWTCG", legion: "Legion" };

/** The unit SPEC that goes with each role's, carried over with it when it belongs there too. */
const OTHER_UNIT = { attacker: "defender", defender: "attacker" };

/** Offers, under the error shown for `input` of `form`, to give its SPEC to `game`'s form;
 * `open(game, query)` opens that tab with the query's keys and computes. */
export function offerSwitch(form, input, game, open) {
  const target = $(`#form-${game}`);
  const role = input && input.dataset.role;
  if (!(form.dataset.game in NAMES) || !target || target === form || !role) return;
  if (!$(`[name="${role}"]`, target)) return;
  const button = el("button", { type: "button", class: "game-switch", text: `Open in ${NAMES[game]}` });
  button.addEventListener("click", async () => open(game, await carried(form, target, role, input.value)));
  (input.closest(".field") || input.parentElement).append(el("p", { class: "field-error" }, button));
}

/** The keys to give `target`: the SPEC in its role, and the other unit's SPEC if the other
 * game reads it too (asked of the engine: its error, if any, is not about that unit). */
async function carried(form, target, role, text) {
  const query = { [role]: text.trim() };
  const other = OTHER_UNIT[role];
  const given = other && $(`[name="${other}"]`, form);
  if (!given || !given.value.trim() || !$(`[name="${other}"]`, target)) return query;
  const both = { ...query, [other]: given.value.trim() };
  const reply = await request(target.dataset.endpoint, both);
  return reply.field === other ? query : both;
}
