// What every page of the app shares: the engine worker, the loading bar, links from rule
// IDs to the rulebook, downloads, and the service worker that keeps the app offline.
import { pause } from "./pause.js";
import { el } from "./show.js";

const LOAD_LIMIT = 120_000;
/** Milliseconds: a first visit on a slow phone network takes well under a minute; after
 * this the page says the engine did not load (and still takes it if it comes). */

/** What to do when the engine cannot load, for the page's loading bar. */
const WHAT_TO_DO =
  "Connect to the network and reload this page: the app keeps itself for offline use once it has loaded.";

/** Start the engine; resolves to an object whose call(fn, ...args) resolves to the parsed
 * JSON (or text) the engine answers, and whose within(ms, fn, ...args) does the same with
 * a bound: a call not answered within *ms* (a bot's search) is rejected, and the engine is
 * stopped and started afresh, so that nothing queues behind it. Progress goes to the
 * page's #loading element; a worker that fails to start, or takes too long, is said there
 * with what to do. */
export function startEngine() {
  const waiting = new Map();
  let next = 1;
  const bar = document.querySelector("#loading");
  let failed = null;
  let worker = null;
  const fail = (why) => {
    if (failed) return;
    failed = new Error(why);
    bar.hidden = false;
    bar.querySelector(".what").textContent = `The rules engine could not be loaded: ${why}. ${WHAT_TO_DO}`;
    bar.classList.add("failed");
    for (const { reject } of waiting.values()) reject(failed);
    waiting.clear();
  };
  /** A new worker; resolves once its engine is ready. */
  const begin = () => new Promise((resolve, reject) => {
    const started = performance.now();
    worker = new Worker("engine-worker.js", { type: "module" });
    const late = setTimeout(
      () => bar.hidden || (bar.querySelector(".what").textContent =
        `The rules engine has not loaded after ${LOAD_LIMIT / 1000} s. ${WHAT_TO_DO}`),
      LOAD_LIMIT,
    );
    // a script of the worker that cannot be fetched (offline before the app was kept, a
    // blocked download) ends the worker with no message of its own
    worker.onerror = (event) => {
      event.preventDefault();
      clearTimeout(late);
      fail(event.message ? `${event.message}` : "a file of the engine did not download");
      reject(failed);
    };
    worker.onmessage = ({ data }) => {
      if (data.progress) {
        console.debug(`engine: ${data.progress} at ${data.ms} ms`);
        bar.querySelector(".what").textContent = data.progress + "…";
        bar.querySelector("progress").value = data.step / (data.steps + 1);
      } else if (data.ready) {
        clearTimeout(late);
        bar.hidden = true;
        bar.classList.remove("failed");
        document.body.classList.add("ready");
        document.body.dataset.readyMs = String(Math.round(performance.now() - started));
        document.body.dataset.start = data.start; // "fresh", or "snapshot" of a past visit
        resolve();
      } else if (data.snapshot) {
        document.body.dataset.snapshot = data.snapshot; // kept for the next visit, or not
      } else if (data.failed) {
        clearTimeout(late);
        fail(data.failed);
        reject(failed);
      } else if (waiting.has(data.id)) {
        const { resolve: done, reject: refuse } = waiting.get(data.id);
        waiting.delete(data.id);
        if ("error" in data) refuse(new Error(data.error));
        else done(data.json ? JSON.parse(data.value) : data.value);
      }
    };
  });
  const ready = begin();
  ready.catch(() => {}); // said on the page; each call rejects on its own
  let running = ready; // the engine of the worker now running
  /** Send a call; *limit* (ms, optional) bounds the wait for its answer. */
  const send = async (limit, fn, args) => {
    await running;
    if (failed) throw failed;
    const id = next++;
    return new Promise((resolve, reject) => {
      let timer = null;
      const settled = (then) => (value) => { clearTimeout(timer); then(value); };
      waiting.set(id, { resolve: settled(resolve), reject: settled(reject) });
      worker.postMessage({ id, fn, args });
      if (limit == null) return;
      timer = setTimeout(() => {
        worker.terminate(); // its search stops here; the calls behind it go to the next
        const stopped = new Error(`the engine did not answer within ${limit / 1000} s and was started again`);
        for (const { reject: refuse } of waiting.values()) refuse(stopped);
        waiting.clear();
        running = begin();
        running.catch(() => {});
      }, limit);
    });
  };
  return {
    ready,
    /** Call a function of cuckoo.web; a JSON answer comes back parsed, a text as text. */
    call: (fn, ...args) => send(null, fn, args),
    /** call(), answered within *limit* ms or rejected (the engine started again). */
    within: (limit, fn, ...args) => send(limit, fn, args),
  };
}

let rules = null;
/** Where each rule ID is defined in the rulebook: {ID: {url, title}}. */
export async function ruleLocations() {
  rules ??= fetch("rules.json").then((r) => r.json());
  return rules;
}

/** A problem the engine reported, as a list item: where, the rule linked, what is wrong. */
export async function problemItem(problem, source = "") {
  const where = [source, problem.line, problem.column].filter((p) => p != null && p !== "");
  const item = el("li", { class: "problem" });
  if (where.length) item.append(el("span", { class: "where" }, where.join(":")), ": ");
  if (problem.rule) {
    const rule = (await ruleLocations())[problem.rule];
    item.append(
      rule
        ? el("a", { class: "rule", href: rule.url, title: rule.title }, problem.rule)
        : el("span", { class: "rule" }, problem.rule),
      ": ",
    );
  }
  item.append(el("bdi", {}, problem.detail));
  return item;
}

/** Offer *text* as a file download called *name*. */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const LINK_MOST = 2000;
/** Characters of a record packed into a link, at most: short enough for a QR code that a
 * second phone reads at a glance. A bigger record is shared as a file. */

/** *text* packed for a link's #z=: raw DEFLATE, URL-safe base64. */
export async function packed(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Share the record *text* (a file called *name*): a link that opens it in the viewer
 * (*fields* added to its fragment) if it is short, else the file itself, through the
 * phone's share sheet or as a download, never a URL of megabytes. Resolves to a message. */
async function share(name, text, fields = {}) {
  const z = await packed(text);
  if (z.length <= LINK_MOST) {
    const url = new URL("viewer.html", location.href);
    url.hash = new URLSearchParams({ z, ...fields }).toString();
    return { url, message: await copy(url.href, "A link to the game") };
  }
  const file = new File([text], name, { type: "text/plain" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: name });
      return { message: `Too big for a link: shared as the file ${name}.` };
    } catch {
      // refused or closed: downloaded instead
    }
  }
  download(name, text);
  return { message: `Too big for a link: downloaded as ${name}, to share as a file.` };
}

/** Share the record *text* as share() does and say how in the status line; a link is then
 * shown as a QR code in *figure* under *caption* (showCode), or said to be too long for
 * one. Resolves to the link, or null when the record went as a file. */
export async function shareShown(name, text, fields, figure, caption) {
  const { url, message } = await share(name, text, fields);
  say(message);
  if (url && !(await showCode(figure, url, caption))) say(`${message} No QR code: the link is too long for one.`);
  return url ?? null;
}

const SVG = "http://www.w3.org/2000/svg";
const CODE_MOST = 2953;
/** Bytes a QR code holds at most (version 40, low correction, bytes): a longer link (a long
 * "Seen by" name) has no code. */

/** The share link *url* as a QR code in *figure*, with *caption* and the link under it: a
 * second phone scans it to open the game where this one is. Drawn in the page, with no
 * network, by qrcode-generator 2.0.4 (MIT: its dist/qrcode.mjs as npm publishes it, in
 * qrcode-generator.js, beside qrcode-generator.LICENSE.txt), fetched when a link is shared.
 * A link too long for a code is said in words there instead; resolves to whether the code
 * was drawn. */
async function showCode(figure, url, caption) {
  const bytes = new TextEncoder().encode(url.href).length;
  if (bytes > CODE_MOST) {
    figure.replaceChildren(el("figcaption", {}, `No QR code: this link is ${bytes} characters long, and a code holds at most ${CODE_MOST}. Send the link itself, or share the game as a file (Download).`));
    figure.hidden = false;
    figure.scrollIntoView({ block: "center" });
    return false;
  }
  const { default: qrcode } = await import("./qrcode-generator.js");
  const code = qrcode(0, "L"); // the smallest version that holds it; low correction, fewer cells
  code.addData(url.href);
  code.make();
  const cells = code.getModuleCount();
  const quiet = 4; // the blank margin a reader needs, in cells
  let path = "";
  for (let row = 0; row < cells; row++) {
    for (let column = 0; column < cells; column++) {
      if (code.isDark(row, column)) path += `M${column + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const side = cells + 2 * quiet;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "QR code of the link");
  const paper = document.createElementNS(SVG, "rect");
  paper.setAttribute("width", side);
  paper.setAttribute("height", side);
  paper.setAttribute("fill", "#fff");
  const ink = document.createElementNS(SVG, "path");
  ink.setAttribute("d", path);
  ink.setAttribute("fill", "#000");
  svg.append(paper, ink);
  figure.replaceChildren(svg, el("figcaption", {}, caption, " ", el("a", { href: url.href }, "Open the link")));
  figure.hidden = false;
  figure.scrollIntoView({ block: "center" }); // in sight, clear of the buttons kept at the foot
  return true;
}

/** Copy *text* to the clipboard; resolves to a short message for the page. */
export async function copy(text, what = "") {
  try {
    await navigator.clipboard.writeText(text);
    return `${what || "Copied"}${what ? " is on the clipboard" : " to the clipboard"}.`;
  } catch {
    return "The browser refused the clipboard: use Download instead.";
  }
}

/** Show *message* in the page's status line (read out by screen readers). */
export function say(message, kind = "info") {
  const status = document.querySelector("#status");
  status.textContent = message;
  status.dataset.kind = kind;
}

// A printed page is a scoresheet: the record and the journal, folded on the screen, open.
window.addEventListener("beforeprint", () => {
  for (const part of document.querySelectorAll("#table details, #game details")) part.open = true;
});

const KEEP_AFTER = 1000;
/** Milliseconds after the engine is ready before the rest of the app is kept: the first
 * taps do not wait for those downloads. */

let lastInput = -Infinity; // when the page was last tapped or typed on (see pause.js)
for (const type of ["pointerdown", "keydown", "click"]) {
  addEventListener(type, () => { lastInput = performance.now(); }, { capture: true, passive: true });
}

/** Keep the app for offline use: register the service worker, and once the engine has
 * loaded ask it to keep every file (the runtime is fetched once, by the page). */
export function keepOffline(engine) {
  if (!("serviceWorker" in navigator)) return;
  register();
  engine.ready.then(() => setTimeout(keepAll, KEEP_AFTER), () => {});
}

/** Register the service worker (at the site's root, so that it also keeps the rulebook's
 * pages the app links to); an earlier one of the app's own folder is dropped. */
export function register() {
  navigator.serviceWorker.register("../sw.js", { scope: "../" }).catch(() => {});
  navigator.serviceWorker.getRegistrations().then((all) => {
    for (const old of all) if (old.scope === new URL("./", location.href).href) old.unregister();
  }, () => {});
}

/** Ask the service worker to keep every file of the app, the runtime included, then the
 * pages the rule pages link to most: a file at a time, each in a pause (pause.js). The
 * page's body says when each list is kept (data-offline, data-offline-linked). */
export async function keepAll() {
  if (!("serviceWorker" in navigator)) return;
  const { active } = await navigator.serviceWorker.ready;
  const ask = (message) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    active.postMessage(message, [channel.port2]);
  });
  const { files, linked } = await ask({ unkept: true });
  for (const [list, flag] of [[files, "offline"], [linked, "offlineLinked"]]) {
    let kept = true;
    for (const file of list) {
      await pause(() => lastInput);
      kept = (await ask({ keep: file })).kept && kept;
    }
    document.body.dataset[flag] = kept ? "kept" : "failed";
  }
}
