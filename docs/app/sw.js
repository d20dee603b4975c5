// The app's service worker: every file of the app kept in the browser, so that a table
// with no network still records its game. The docs build fills in the version (a hash of
// every file) and the list of files; a new build gets a new cache and the old is dropped.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `cuckoo-app-${VERSION}`;
const SHELL = FILES.filter((f) => !f.startsWith("pyodide/") && !f.startsWith("wheels/"));

self.addEventListener("install", (event) => {
  // The pages and scripts at once; the runtime when the page has loaded it (see "keep"),
  // so that a first visit does not download it twice.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("cuckoo-app-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (!event.data || !event.data.keep) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      let kept = true;
      for (const file of FILES) {
        if (await cache.match(file)) continue;
        try {
          // The browser's HTTP cache usually holds it already: no second download.
          const response = await fetch(new Request(file, { cache: "force-cache" }));
          if (response.ok) await cache.put(file, response);
          else kept = false;
        } catch {
          kept = false;
        }
      }
      event.ports[0]?.postMessage({ kept });
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      const response = await fetch(request);
      return response;
    })(),
  );
});
