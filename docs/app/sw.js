// The app's service worker: every file of the app kept in the browser, so that a table
// with no network still records its game, and the rulebook's pages the app links to (with
// their styles), so that a rule named in a message opens offline too. It sits at the root
// of the site, the only place from where it may answer for the rulebook's pages, and
// answers only for the files it keeps. Once those are kept, it keeps the pages the rule
// pages link to most (learning to play, the app's page, the chapters' indexes: LINKED), so
// that they do not delay the app's own. The page asks for the files one at a time, in the
// pauses between taps (common.js, keepAll). The docs build fills in the version (a hash of
// every file) and the lists of files; a new build gets a new cache and the old is dropped.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const LINKED = __LINKED__;
const CACHE = `cuckoo-app-${VERSION}`;
// what no page needs to show itself: the runtime, the rule pages, and what a page fetches
// only when asked (the examples, where a rule is defined, the QR code's maker)
const LATER = (f) => !f.startsWith("app/") || /^app\/(pyodide\/|wheels\/|examples\/|qrcode-generator|rules\.json)/.test(f);
const SHELL = FILES.filter((f) => !LATER(f));
const KEPT = new Set([...FILES, ...LINKED].map((f) => new URL(f, self.location.href).href));

self.addEventListener("install", (event) => {
  // The app's pages and scripts at once; the rest (LATER) when a page asks (see "message"),
  // so that a first visit to an engine page does not download the runtime twice, and
  // the rest does not compete with it.
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
  const { unkept, keep } = event.data ?? {};
  const port = event.ports[0];
  if (!port || !(unkept || FILES.includes(keep) || LINKED.includes(keep))) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      if (unkept) port.postMessage({ files: await notKept(cache, FILES), linked: await notKept(cache, LINKED) });
      else port.postMessage({ kept: await keepFile(cache, keep) });
    })(),
  );
});

/** Those of *files* not kept yet. */
async function notKept(cache, files) {
  const kept = await Promise.all(files.map((file) => cache.match(file)));
  return files.filter((_, i) => !kept[i]);
}

/** Keep *file* (a page asks for one at a time, when nobody is tapping); whether it is. */
async function keepFile(cache, file) {
  if (await cache.match(file)) return true;
  try {
    // The browser's HTTP cache usually holds it already: no second download.
    const response = await fetch(new Request(file, { cache: "force-cache" }));
    if (response.ok) await cache.put(file, response);
    return response.ok;
  } catch {
    return false;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  url.search = url.hash = "";
  if (request.method !== "GET" || !KEPT.has(url.href)) return; // the rest of the site as usual
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(request, { ignoreSearch: true });
      return kept || fetch(request);
    })(),
  );
});
