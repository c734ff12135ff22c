// The site's service worker (written by `cargo xtask site`): keeps the page and its engine so
// that after the first visit they load, and compute new queries, with no network. A new site
// gets a new cache name, so a visit after an update fetches the new files once.
"use strict";

const CACHE = "__CACHE__";
const FILES = ["__FILES__"];

// Each file is fetched past the browser's HTTP cache (`cache: "reload"`): a CDN or the browser
// may hold the old release's files for hours, and a new cache filled from them would keep the
// old scripts under the new release's name.
self.addEventListener("install", (event) => {
  const fresh = FILES.map((f) => new Request(f, { cache: "reload" }));
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

// The site's own files from the cache (a page with any query string is the page), then the
// network; nothing else is ever asked for.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const page = request.mode === "navigate" ? new URL("./", self.registration.scope).href : request;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(page, { ignoreSearch: true }).then((hit) => hit || fetch(request))
    )
  );
});
