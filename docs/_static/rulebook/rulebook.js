// A table or code block too wide for the screen scrolls sideways inside its box; such a box
// takes keyboard focus (tabindex 0), so it can be scrolled without a mouse (WCAG 2.1.1;
// axe-core: scrollable-region-focusable).  Boxes that fit stay out of the tab order.
"use strict";

function focusScrollingBoxes() {
  for (const box of document.querySelectorAll(".table-wrapper, .highlight pre")) {
    if (box.scrollWidth > box.clientWidth) {
      box.tabIndex = 0;
    } else {
      box.removeAttribute("tabindex");
    }
  }
}

document.addEventListener("DOMContentLoaded", focusScrollingBoxes);
window.addEventListener("resize", focusScrollingBoxes);

// Offline, a link to a page of the site this browser has not kept (the app keeps the rule
// pages it names and the pages they link to most) says that it needs the network, rather
// than leading to the browser's error page.
const NEEDS_NETWORK = "needs the network: not kept in this browser";

async function markLinksOffline() {
  if (!("caches" in window)) return;
  for (const link of document.querySelectorAll("a[href]")) {
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname === location.pathname) continue;
    url.hash = "";
    url.search = "";
    const kept = navigator.onLine || (await caches.match(url.href)) !== undefined;
    link.classList.toggle("needs-network", !kept);
    if (!kept) link.title = NEEDS_NETWORK;
    else if (link.title === NEEDS_NETWORK) link.removeAttribute("title");
  }
  document.documentElement.dataset.linksMarked = navigator.onLine ? "online" : "offline";
}

document.addEventListener("DOMContentLoaded", markLinksOffline);
window.addEventListener("offline", markLinksOffline);
window.addEventListener("online", markLinksOffline);
