// holodice in browsers and bundlers (Vite, webpack 5, esbuild): `await init()` once, then every
// function is synchronous, as wasm-bindgen's own `--target web` modules are used. The engine's
// module is found beside this file with `new URL(..., import.meta.url)`, the pattern bundlers
// recognise to copy it into the build and point at its hashed name.

import initEngine from "./holodice_web.js";
import { engineLoaded } from "./engine.js";

let loading;

/**
 * Fetches, compiles and instantiates the engine (4.6 MB, 1.25 MB gzipped), once; later
 * calls return the same promise. `module` overrides where it comes from: a URL, a Response,
 * the bytes or a compiled WebAssembly.Module (for a CDN, or a host that serves it elsewhere).
 */
export function init(module = new URL("./holodice_web_bg.wasm", import.meta.url)) {
  loading ??= initEngine({ module_or_path: module }).then(engineLoaded, (e) => {
    loading = undefined; // a failed download may be tried again
    throw e;
  });
  return loading;
}

export * from "./holodice.js";
