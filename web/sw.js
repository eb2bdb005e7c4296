// Service worker: cache the whole site (app, runtime, wheels) on install, serve it offline.
// On a first visit the page starts the engine only once this worker controls it (app.js), so
// the runtime is downloaded once, here, and the engine reads it from the cache.
// scripts/build_site.py writes the build id below, so every new build is a new worker and a
// new cache, and the old cache is deleted once the new one is complete.
const BUILD = "__BUILD__";
const CACHE = `sudoku-core-${BUILD}`;
const PREFIX = "sudoku-core-";

async function precache() {
  const response = await fetch("site-manifest.json", { cache: "no-cache" });
  if (!response.ok) throw new Error(`site-manifest.json: HTTP ${response.status}`);
  const manifest = await response.json();
  const cache = await caches.open(CACHE);
  const urls = ["./", "site-manifest.json", ...Object.keys(manifest.files)];
  await cache.addAll(urls.map((u) => new Request(u, { cache: "no-cache" })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The manifest is fresh when the network answers (it tells a new build apart).
    if (url.pathname.endsWith("/site-manifest.json")) {
      try {
        return await fetch(request);
      } catch {
        return (await cache.match(request, { ignoreSearch: true })) || Response.error();
      }
    }
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    if (request.mode === "navigate") {
      try {
        return await fetch(request);
      } catch {
        return (await cache.match("./")) || (await cache.match("index.html")) || Response.error();
      }
    }
    return fetch(request);
  })());
});
