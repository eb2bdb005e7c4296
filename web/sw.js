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

// Every other build's cache. Called on activation, and again on later visits: a request the
// previous worker was still answering when this one took over may have re-created its cache.
async function dropOtherBuilds() {
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
  }
}

// Caches are dropped only when no newer build is on its way: while one installs, the cache it
// fills is "another build's" to this worker. (Navigations go to the active worker alone.)
function settled() {
  const r = self.registration;
  return !r.installing && !r.waiting;
}

self.addEventListener("install", (event) => {
  // A failed install leaves no half-filled cache behind (the next visit tries again).
  event.waitUntil(precache().then(() => self.skipWaiting(), async (err) => {
    await caches.delete(CACHE);
    throw err;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOtherBuilds().then(() => self.clients.claim()));
});

// Reads never open the cache by name: caches.open would create it, and the previous build's
// worker, still answering a request when this build takes over, would bring its cache back.
const cached = (request) => caches.match(request, { cacheName: CACHE, ignoreSearch: true });

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && settled()) event.waitUntil(dropOtherBuilds());
  event.respondWith((async () => {
    // The manifest is fresh when the network answers (it tells a new build apart).
    if (url.pathname.endsWith("/site-manifest.json")) {
      try {
        return await fetch(request);
      } catch {
        return (await cached(request)) || Response.error();
      }
    }
    const hit = await cached(request);
    if (hit) return hit;
    if (request.mode === "navigate") {
      try {
        return await fetch(request);
      } catch {
        return (await cached("./")) || (await cached("index.html")) || Response.error();
      }
    }
    return fetch(request);
  })());
});
