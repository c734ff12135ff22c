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

/** A number with − and + buttons; empty means the item is not in the SPEC. */
export function stepper(item, onChange, { min = item.signed ? -20 : 0, max = 99, placeholder = "0" } = {}) {
  const id = uid("step");
  const desc = described(item);
  const input = el("input", {
    id, type: "number", inputmode: "numeric", min, max, step: 1, placeholder,
    "aria-describedby": desc.id, "data-item": item.name,
  });
  // The SPEC is rewritten and the controls shown again from it (`show`), this one included.
  const clamp = (v) => (Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : 0);
  const current = () => Number(input.value || 0);
  const less = el("button", { type: "button", class: "step", "aria-label": `Less ${item.name}`, tabindex: "-1", text: "−" });
  const more = el("button", { type: "button", class: "step", "aria-label": `More ${item.name}`, tabindex: "-1", text: "+" });
  less.addEventListener("click", () => onChange(clamp(current() - 1)));
  more.addEventListener("click", () => onChange(clamp(current() + 1)));
  // Typed or stepped with the arrow keys: the SPEC follows at once.
  input.addEventListener("input", () => {
    if (input.value !== "-") onChange(clamp(current()));
  });
  const node = el("div", { class: "control stepper", title: describe(item) },
    el("label", { for: id, text: item.name }),
    el("div", { class: "stepper-box" }, less, input, more),
    desc.node);
  return {
    node,
    item,
    show(v) {
      input.value = v === null || v === undefined || (v === 0 && min >= 0) ? "" : String(v);
    },
  };
}

/** A checkbox: the item is in the SPEC or not. */
export function toggle(item, onChange) {
  const id = uid("flag");
  const desc = described(item);
  const input = el("input", { id, type: "checkbox", "aria-describedby": desc.id, "data-item": item.name });
  input.addEventListener("change", () => onChange(input.checked));
  const node = el("div", { class: "control toggle", title: describe(item) },
    input, el("label", { for: id, text: item.name }), desc.node);
  return {
    node,
    item,
    show(on) {
      input.checked = !!on;
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
    /** Names the first choice: "as the card" once the unit is a card, else "not given". */
    card(fromCard) {
      none.textContent = fromCard ? "as the card" : "not given";
    },
  };
}
