// holodice in Node (>= 18): the engine's module beside this file is read and instantiated
// synchronously on import, so every function works at once, without an await.

import { readFileSync } from "node:fs";
import { initSync } from "./holodice_web.js";
import { engineLoaded } from "./engine.js";

initSync({ module: readFileSync(new URL("./holodice_web_bg.wasm", import.meta.url)) });
engineLoaded();

export * from "./holodice.js";

/** Resolves at once: the engine loaded on import (kept so browser code runs here unchanged). */
export async function init() {}
