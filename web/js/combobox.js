// A text field with a list of choices under it (the ARIA combobox pattern), driven by mouse or
// keyboard: the SPEC fields' completion and the unit pickers both use it.

import { $$, el } from "./dom.js";

export class Combobox {
  /** `choices(input)` gives [{label, detail}] for the text typed; `accept(choice)` takes one. */
  constructor(input, { choices, accept, openOnFocus = false }) {
    this.input = input;
    this.choices = choices;
    this.onAccept = accept;
    this.list = el("ul", { class: "suggestions", role: "listbox", id: `${input.id}-list`, hidden: true });
    this.shown = [];
    this.active = -1;
    input.after(this.list);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", this.list.id);
    input.addEventListener("input", () => this.update());
    if (openOnFocus) input.addEventListener("focus", () => this.update());
    input.addEventListener("blur", () => this.close());
    input.addEventListener("keydown", (e) => this.key(e));
  }

  close() {
    this.list.hidden = true;
    this.input.setAttribute("aria-expanded", "false");
    this.input.removeAttribute("aria-activedescendant");
    this.active = -1;
  }

  highlight(i) {
    this.active = i;
    $$("li", this.list).forEach((li, j) => li.setAttribute("aria-selected", String(j === i)));
    const li = this.list.children[i];
    if (li) {
      this.input.setAttribute("aria-activedescendant", li.id);
      li.scrollIntoView({ block: "nearest" });
    }
  }

  accept(choice) {
    this.close();
    this.onAccept(choice);
  }

  update() {
    this.shown = this.choices(this.input);
    if (!this.shown.length) return this.close();
    this.list.replaceChildren(...this.shown.map((c, i) => this.option(c, i)));
    this.list.hidden = false;
    this.input.setAttribute("aria-expanded", "true");
    this.highlight(-1);
  }

  option(c, i) {
    const li = el("li", { role: "option", id: `${this.list.id}-${i}`, "aria-selected": "false" },
      el("span", { class: "choice", text: c.label }), el("span", { class: "kind", text: c.detail || "" }));
    li.addEventListener("mousedown", (e) => {
      e.preventDefault();
      this.accept(c);
    });
    return li;
  }

  key(e) {
    if (this.list.hidden) return;
    const n = this.shown.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      this.highlight(e.key === "ArrowDown" ? (this.active + 1) % n : (this.active - 1 + n) % n);
    } else if ((e.key === "Enter" || e.key === "Tab") && this.active >= 0) {
      e.preventDefault();
      this.accept(this.shown[this.active]);
    } else if (e.key === "Escape") {
      e.preventDefault();
      this.close();
    }
  }
}
