// The app's service worker moved to the root of the site (../sw.js), from where it also
// keeps the rule pages. A browser that kept the app before asks for the old address
// (app/sw.js) when it looks for an update: this script, built to that address, takes the
// old worker's place, removes itself and reloads the app's open pages, which then
// register the new one (the new one drops the old worker's files).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.unregister();
      for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
    })(),
  );
});
