// Whether the engine is instantiated: set by the entry that loads it (node.js or index.js), read
// by the functions (holodice.js), which neither entry's users import it from.

export let loaded = false;

/** Marks the engine ready: called by the entry that instantiated it. */
export function engineLoaded() {
  loaded = true;
}
