// Service worker: cache the whole site (app, runtime, wheels) on install, serve it offline.
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
  // The engine worker stores the runtime and wheels it downloads in this same cache (see
  // worker.js): keep every entry whose bytes match the manifest instead of downloading it twice.
  const missing = [];
  for (const [path, file] of Object.entries(manifest.files)) {
    if (!(await holds(cache, path, file.sha256))) missing.push(path);
  }
  const urls = ["./", "site-manifest.json", ...missing];
  await cache.addAll(urls.map((u) => new Request(u, { cache: "no-cache" })));
}

// Whether the cache has `path` with this sha256 (hex).
async function holds(cache, path, sha256) {
  const hit = await cache.match(path);
  if (!hit) return false;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await hit.arrayBuffer()));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("") === sha256;
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
