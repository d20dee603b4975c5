// What every page of the app shares: the engine worker, the loading bar, links from rule
// IDs to the rulebook, downloads, and the service worker that keeps the app offline.

/** Start the engine; resolves to an object whose call(fn, ...args) resolves to the parsed
 * JSON (or text) the engine answers. Progress goes to the page's #loading element. */
export function startEngine() {
  const worker = new Worker("engine-worker.js", { type: "module" });
  const waiting = new Map();
  let next = 1;
  const bar = document.querySelector("#loading");
  const started = performance.now();
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.progress) {
        console.debug(`engine: ${data.progress} at ${data.ms} ms`);
        bar.querySelector(".what").textContent = data.progress + "…";
        bar.querySelector("progress").value = data.step / (data.steps + 1);
      } else if (data.ready) {
        bar.hidden = true;
        document.body.classList.add("ready");
        document.body.dataset.readyMs = String(Math.round(performance.now() - started));
        document.body.dataset.start = data.start; // "fresh", or "snapshot" of a past visit
        resolve();
      } else if (data.snapshot) {
        document.body.dataset.snapshot = data.snapshot; // kept for the next visit, or not
      } else if (data.failed) {
        bar.querySelector(".what").textContent = `The engine could not start: ${data.failed}`;
        bar.classList.add("failed");
        reject(new Error(data.failed));
      } else {
        const { resolve: done, reject: fail } = waiting.get(data.id);
        waiting.delete(data.id);
        if ("error" in data) fail(new Error(data.error));
        else done(data.json ? JSON.parse(data.value) : data.value);
      }
    };
  });
  return {
    ready,
    /** Call a function of cuckoo.web; a JSON answer comes back parsed, a text as text. */
    async call(fn, ...args) {
      await ready;
      const id = next++;
      const answer = await new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, fn, args });
      });
      return answer;
    },
  };
}

/** A new element: el("p", {class: "x"}, "text", child, ...). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value != null) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c != null));
  return node;
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
  item.append(problem.detail);
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

/** Copy *text* to the clipboard; resolves to a short message for the page. */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return "Copied to the clipboard.";
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

/** Keep the app for offline use: register the service worker, and once the engine has
 * loaded ask it to keep every file (the runtime is fetched once, by the page). */
export function keepOffline(engine) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").catch(() => {});
  engine.ready.then(async () => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      document.body.dataset.offline = data.kept ? "kept" : "failed";
    };
    registration.active.postMessage({ keep: true }, [channel.port2]);
  });
}
