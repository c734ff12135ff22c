// The page's engine: holodice compiled to WebAssembly, answering in this Web Worker what
// `holodice serve` answers under api/v1/, so that a long query never freezes the page.
import init, { answer } from "./engine/holodice_web.js";

/** The engine, once the page's first message gives its compiled module (or null: load it). */
let ready = null;

function load(module) {
  ready = init(module ? { module_or_path: module } : undefined);
  ready.then(
    () => postMessage({ ready: true }),
    (e) => postMessage({ failed: String(e) })
  );
}

// `repeat` (for the site's benchmark) runs the request that many times and gives the mean time
// of one, in ms, as measured here: the engine's own time, without the messages to the page.
onmessage = async (event) => {
  if ("module" in event.data) return load(event.data.module);
  const { id, path, body, repeat = 1 } = event.data;
  await ready;
  let reply;
  const start = performance.now();
  try {
    for (let i = 0; i < repeat; i++) {
      const r = answer(path, body || "");
      reply = { status: r.status, type: r.type, body: r.body };
      r.free();
    }
  } catch (e) {
    // A panic (a bug) aborts the module: the page starts a new worker.
    reply = { status: 500, type: "application/json", body: JSON.stringify({ error: `holodice failed on this query: a bug; please report it with the link (${e})` }), broken: true };
  }
  postMessage({ id, reply, ms: (performance.now() - start) / repeat });
};
