// The reference engine in a worker: Pyodide runs this project's own Python package, so
// the page never freezes while the engine thinks (a bot's search takes seconds).
//
// Messages in:  {id, fn, args}  -- fn is a function of cuckoo.web, or "open"/"position"
//                                  for the viewer (which keeps the opened text here).
// Messages out: {progress, step, steps}  while loading;  {ready, start}  once loaded;
//               {snapshot}  once the started engine is kept for the next visit (or not),
//                           in the first pause of two seconds with no call;
//               {id, value, json} or {id, error}  for each call.
import { pause } from "./pause.js";
import { BUILD, fault } from "./shapes.js";
import { loadPyodide } from "./pyodide/pyodide.mjs";

const STEPS = ["runtime", "packages", "engine"];
const TEXT = new Set(["table_record", "play_record"]);
// ^ the calls that answer plain text (a record, a move); all others answer JSON
let web = null;
let viewer = null;

function progress(step, text) {
  postMessage({
    progress: text,
    step: STEPS.indexOf(step) + 1,
    steps: STEPS.length,
    ms: Math.round(performance.now()),
  });
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The interpreter's memory once the engine is imported, kept by the browser after the
// first visit, so that later visits skip Python's start-up and the engine's imports (most
// of the loading time).  Made and restored by this same runtime and build only: the key
// is the build's version, and a snapshot that fails to load is dropped, never trusted.
const SNAPSHOTS = "cuckoo-snapshot";

async function storedSnapshot(key) {
  try {
    const kept = await (await caches.open(SNAPSHOTS)).match(key);
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage (a private window): start from scratch
  }
}

let lastCall = 0; // when a call last came or ended (see pause.js)

/** Keep the snapshot for the next visit, in the first pause from now (pause.js): its tens
 * of megabytes written take the CPU a tap needs. */
async function keepSnapshot(key, bytes) {
  lastCall = Math.max(lastCall, performance.now());
  await pause(() => lastCall);
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(key, new Response(bytes));
    postMessage({ snapshot: "kept" });
  } catch {
    postMessage({ snapshot: "not kept" }); // the next visit starts from scratch, as this one
  }
}

/** The runtime, and whether it came from a snapshot. */
async function loadRuntime(snapshot) {
  const options = { indexURL: new URL("pyodide/", location.href).href };
  if (snapshot) {
    try {
      return [await loadPyodide({ ...options, _loadSnapshot: snapshot }), true];
    } catch {
      await caches.delete(SNAPSHOTS).catch(() => {});
    }
  }
  return [await loadPyodide({ ...options, _makeSnapshot: true }), false];
}

async function start() {
  progress("runtime", "Loading the Python runtime");
  const build = await (await fetch("build.json")).json();
  const wrong = fault(BUILD, build); // the snapshot's key and the files: never a guess
  if (wrong) throw new Error(`the app's build.json is damaged: ${wrong}`);
  const key = new URL(`snapshot-${build.version}`, location.href).href;
  const snapshot = await storedSnapshot(key);
  const [[pyodide, restored], bytecode, ...wheels] = await Promise.all([
    loadRuntime(snapshot),
    fetchBytes(build.bytecode),
    ...build.wheels.map(fetchBytes),
  ]);
  progress("packages", "Installing the rules engine");
  // Files live outside the interpreter's memory: a restored snapshot needs them again too
  const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
  // The wheels' modules compiled at build time by this same runtime (app_bytecode.py)
  pyodide.unpackArchive(bytecode, "zip", { extractDir: site });
  progress("engine", "Starting the rules engine");
  pyodide.runPython("import cuckoo.web, cuckoo.web.warm, cuckoo.players.bots"); // at once, from a snapshot
  if (!restored) keepSnapshot(key, pyodide.makeMemorySnapshot());
  // The pages' calls made once on small games: the runtime compiles its code on first use,
  // and the first tap no longer pays for it (cuckoo.web.warm; after the snapshot is made)
  pyodide.runPython("cuckoo.web.warm.warm_up()");
  web = pyodide.pyimport("cuckoo.web");
  const version = pyodide.runPython("import cuckoo; cuckoo.__version__");
  postMessage({ ready: true, version, start: restored ? "snapshot" : "fresh" });
}

function call(fn, args) {
  if (fn === "open") {
    if (viewer) viewer.destroy();
    viewer = web.Viewer(...args);
    return viewer.summary();
  }
  if (fn === "position") return viewer.position(...args);
  if (!/^(table_|play_|random_setup$)/.test(fn)) {
    throw new Error(`no engine function ${fn}`);
  }
  return web[fn](...args);
}

/** What went wrong, in one line: a Python exception's message is its whole traceback, and
 * its last line says what happened (a person never sees a traceback). */
function reason(error) {
  const text = String(error && error.message ? error.message : error).trim();
  return text.split("\n").at(-1);
}

const ready = start().catch((error) => {
  postMessage({ failed: reason(error) });
  throw error;
});

onmessage = async ({ data }) => {
  lastCall = performance.now();
  await ready;
  try {
    postMessage({ id: data.id, value: call(data.fn, data.args), json: !TEXT.has(data.fn) });
  } catch (error) {
    postMessage({ id: data.id, error: reason(error) });
  }
  lastCall = performance.now();
};
