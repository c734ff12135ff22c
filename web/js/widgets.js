// The controls a SPEC item becomes, by the kind of value it takes: a stepper for a number, a
// toggle for a flag, a radio group for items of which a unit has at most one. Each is labelled,
// usable by keyboard, and carries holodice's one-line description and its step as its tooltip.

import { el, uid } from "./dom.js";

/** The description of an item for its tooltip and for screen readers. */
export function describe(item) {
  return `${item.name}: ${item.model}. Acts in: ${item.step}.`;
}

function described(item) {
  const id = uid("desc");
  return { id, node: el("span", { id, class: "sr-only", text: describe(item) }) };
}

/** Marks a control whose value the picked card gives (`card`: its number, true for a flag,
 * null for none): a class, a small "card" marker after its label that screen readers hear as
 * "Precise 1 (from the card)", and a tooltip saying a change is relative to the card's value. */
function markCard(node, label, item, card) {
  node.classList.toggle("from-card", card !== null);
  label.querySelector(".card-mark")?.remove();
  node.title = describe(item);
  if (card === null) return;
  const value = card === true ? "" : ` ${card}`;
  label.append(el("span", { class: "card-mark" }, " ",
    el("span", { "aria-hidden": "true", text: `card${value}` }),
    el("span", { class: "sr-only", text: `${value} (from the card)` })));
  node.title += ` The picked card gives ${item.name}${value}: the control shows the card's value with the SPEC's, and a change is made relative to the card's.`;
}

/** The largest number a stepper takes: far past any card (SWTCG's Power and Health run to the
 * thousands in a SPEC); the engine states its own limits. */
const MOST = 1_000_000;

/** A number with − and + buttons; empty means the item is not in the SPEC. `show(v, {card,
 * min})` shows the value, the card's part of it and the lowest value the SPEC can make. */
export function stepper(item, onChange, { min = item.signed ? -20 : 0, max = MOST, placeholder = "0" } = {}) {
  const id = uid("step");
  const desc = described(item);
  const input = el("input", {
    id, type: "number", inputmode: "numeric", min, max, step: 1, placeholder,
    "aria-describedby": desc.id, "data-item": item.name,
  });
  // The SPEC is rewritten and the controls shown again from it (`show`), this one included.
  let lowest = min;
  const clamp = (v) => (Number.isFinite(v) ? Math.min(max, Math.max(lowest, Math.round(v))) : lowest);
  const current = () => Number(input.value || 0);
  const less = el("button", { type: "button", class: "step", "aria-label": `Less ${item.name}`, tabindex: "-1", text: "−" });
  const more = el("button", { type: "button", class: "step", "aria-label": `More ${item.name}`, tabindex: "-1", text: "+" });
  less.addEventListener("click", () => onChange(clamp(current() - 1)));
  more.addEventListener("click", () => onChange(clamp(current() + 1)));
  // Typed or stepped with the arrow keys: the SPEC follows at once.
  input.addEventListener("input", () => {
    if (input.value !== "-") onChange(clamp(current()));
  });
  const label = el("label", { for: id, text: item.name });
  const node = el("div", { class: "control stepper", title: describe(item) },
    label,
    el("div", { class: "stepper-box" }, less, input, more),
    desc.node);
  return {
    node,
    item,
    show(v, { card = null, min: floor = min } = {}) {
      lowest = floor;
      input.min = floor;
      const empty = v === null || v === undefined || (v === 0 && floor >= 0 && card === null);
      input.value = empty ? "" : String(v);
      markCard(node, label, item, card);
    },
  };
}

/** A checkbox: the item is in the SPEC or not. */
export function toggle(item, onChange) {
  const id = uid("flag");
  const desc = described(item);
  const input = el("input", { id, type: "checkbox", "aria-describedby": desc.id, "data-item": item.name });
  input.addEventListener("change", () => onChange(input.checked));
  const label = el("label", { for: id, text: item.name });
  const node = el("div", { class: "control toggle", title: describe(item) }, input, label, desc.node);
  return {
    node,
    item,
    /** Ticked when given; when the card gives it the SPEC can't take it away: not editable. */
    show(on, { card = false } = {}) {
      input.checked = !!on || card;
      input.disabled = card;
      markCard(node, label, item, card ? true : null);
    },
  };
}

/** Radio buttons for a group of items of which at most one is given; the first choice is none. */
export function choice(label, members, onChange) {
  const name = uid("choice");
  const option = (value, text, title) => {
    const id = uid("opt");
    const input = el("input", { id, type: "radio", name, value, "data-item": value === "" ? "" : text });
    input.addEventListener("change", () => input.checked && onChange(value === "" ? null : members[Number(value)]));
    return { input, node: el("span", { class: "option", title }, input, el("label", { for: id, text })) };
  };
  const options = [option("", "not given", `No ${label} item: the unit's card decides, if it has one`),
    ...members.map((m, i) => option(String(i), m.name, describe(m)))];
  const none = options[0].node.querySelector("label");
  const node = el("fieldset", { class: "control choice" },
    el("legend", { text: label }), options.map((o) => o.node));
  return {
    node,
    members,
    show(member) {
      const i = members.indexOf(member);
      options[i + 1].input.checked = true;
    },
    /** Names the first choice: "as the card" once the unit is a card, with what the card
     * gives when that is known (`member`: the card's, null: none of them), else "not given". */
    card(fromCard, member) {
      const which = member === undefined ? "" : ` (${member ? shortName(member.name, label) : "none"})`;
      none.textContent = fromCard ? `as the card${which}` : "not given";
    },
  };
}

/** A member's name less the words of its group's ("surge crit" of "attack surge": "crit"). */
function shortName(name, group) {
  const common = new Set(group.toLowerCase().split(/\s+/));
  const left = name.split(/\s+/).filter((w) => !common.has(w.toLowerCase()));
  return left.length ? left.join(" ") : name;
}
