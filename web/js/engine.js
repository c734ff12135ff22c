// The engine: in a Web Worker where the static site has it (`cargo xtask site`), the server's
// API (`holodice serve`) otherwise. Both answer the same requests with the same JSON.

import { $, el } from "./dom.js";

const API = "api/v1/";

export const engine = {
  worker: null,
  /** The engine's WebAssembly module, compiled once (a promise; null if it could not be). */
  module: null,
  /** Whether the worker started (a promise, renewed by each restart). */
  ready: null,
  local: false,
  next: 0,
  waiting: new Map(),
  /** Whether this is the static site (its site.json), then the worker, ready. Without a
   * readable site.json (missing, or not JSON), a server is one whose API answers; anywhere
   * else the page runs its own engine. */
  async start() {
    let site = null;
    try {
      const r = await fetch("site.json", { cache: "no-cache" });
      if (r.ok) site = await r.json();
    } catch (_) {
      site = null;
    }
    if (!site || typeof site !== "object") {
      if (await serverAnswers()) return null;
      site = {};
    }
    this.module = compile();
    this.ready = this.spawn();
    this.local = await this.ready;
    if (this.local && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").catch(() => {});
    }
    return site;
  },
  spawn() {
    return new Promise((resolve) => {
      const w = new Worker("worker.js", { type: "module" });
      w.onmessage = (e) => {
        const m = e.data;
        if (m.ready) return resolve(true);
        if (m.failed) return resolve(false);
        const done = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (m.reply.broken) this.restart();
        if (done) done.resolve(done.timed ? m.ms : m.reply);
      };
      w.onerror = () => resolve(false);
      this.worker = w;
      this.module.then((module) => w.postMessage({ module }));
    });
  },
  /** Stops the worker and whatever it runs (each waiting request fails as cancelled), and
   * starts another: requests posted from here on wait for it, so none is lost. */
  restart() {
    if (this.worker) this.worker.terminate();
    for (const done of this.waiting.values()) done.reject(new Error("cancelled"));
    this.waiting.clear();
    this.ready = this.spawn();
  },
  /** The reply to `path` (with a JSON body, or none for a listing): {status, type, body}.
   * Aborting `signal` cancels it: the fetch, or in the worker the computation (a restart). */
  async call(path, body, signal) {
    if (!this.local) {
      const init = body === undefined ? { signal } : {
        method: "POST", headers: { "Content-Type": "application/json" }, body, signal,
      };
      const r = await fetch(path ? API + path : API.slice(0, -1), init);
      return { status: r.status, type: r.headers.get("Content-Type"), body: await r.text() };
    }
    return this.post({ path, body: body || "" }, false, signal);
  },
  /** The engine's mean time in ms for a request run `repeat` times in the worker (benchmarks). */
  time(path, body, repeat) {
    return this.post({ path, body, repeat }, true);
  },
  async post(message, timed, signal) {
    if (!(await this.ready)) throw new Error("the page's engine did not start");
    if (signal && signal.aborted) throw new Error("cancelled");
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, timed });
      this.worker.postMessage({ id, ...message });
      if (signal) signal.addEventListener("abort", () => this.waiting.has(id) && this.restart(), { once: true });
    });
  },
};

/** The engine's module, compiled here as it downloads (the static site's index.html asks for
 * it as the page starts) and given to each worker, so that a restart, which each cancelled
 * query makes, neither downloads nor compiles it again. Null if it could not be compiled: the
 * worker then loads it itself. */
function compile() {
  const url = "engine/holodice_web_bg.wasm";
  return WebAssembly.compileStreaming(fetch(url))
    .catch(async () => WebAssembly.compile(await (await fetch(url)).arrayBuffer()))
    .catch(() => null);
}

/** Whether a holodice server answers this page's API: its index, as JSON. */
async function serverAnswers() {
  try {
    const r = await fetch(API.slice(0, -1), { cache: "no-cache" });
    return r.ok && (r.headers.get("Content-Type") || "").startsWith("application/json");
  } catch (_) {
    return false;
  }
}

/** The JSON answer to `path` (a listing, or an endpoint with the request `body`). */
export async function fetchJSON(path, body) {
  const r = await engine.call(path, body === undefined ? undefined : JSON.stringify(body));
  if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
  return JSON.parse(r.body);
}

/** The answer to a request, or {error, field, game} with the engine's one line (`game`: the
 * other game, when the line says an item is that game's). */
export async function request(path, body, signal) {
  try {
    const r = await engine.call(path, JSON.stringify(body), signal);
    if (r.status === 200) return { answer: body.format ? r.body : JSON.parse(r.body) };
    let error = `The server answered ${r.status}.`;
    let field = null;
    let game = null;
    try {
      const e = JSON.parse(r.body);
      error = e.error || error;
      field = e.field || null;
      game = e.game || null;
    } catch (_) {
      // Not JSON: the status line says enough.
    }
    if (r.status === 503) error += " (the server is busy)";
    return { error, field, game };
  } catch (e) {
    const cancelled = (signal && signal.aborted) || e.message === "cancelled";
    return { error: cancelled ? "Cancelled." : `The server could not be reached: ${e.message}` };
  }
}

/** Shows "Computing…" with a Cancel button (which aborts `control`) in `form` once a query has
 * run for 200 ms; a newer query's box is left to it. */
export function working(form, control) {
  const box = $(".working", form) || form.appendChild(el("p", { class: "working", role: "status" }));
  box.owner = control;
  const timer = setTimeout(() => {
    const cancel = el("button", { type: "button", class: "cancel", text: "Cancel" });
    cancel.addEventListener("click", () => control.abort());
    box.replaceChildren("Computing… ", cancel);
    box.hidden = false;
  }, 200);
  return {
    done() {
      clearTimeout(timer);
      if (box.owner !== control) return;
      box.hidden = true;
      box.replaceChildren();
    },
  };
}
