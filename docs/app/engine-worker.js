// The reference engine in a worker: Pyodide runs this project's own Python package, so
// the page never freezes while the engine thinks (a bot's search takes seconds).
//
// Messages in:  {id, fn, args}  -- fn is a function of cuckoo.web, or "open"/"position"
//                                  for the viewer (which keeps the opened text here).
// Messages out: {progress, step, steps}  while loading;  {ready: true}  once loaded;
//               {id, value, json} or {id, error}  for each call.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const STEPS = ["runtime", "packages", "engine"];
const TEXT = new Set(["table_record", "bot_move", "describe", "with_rolls"]);
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

async function start() {
  progress("runtime", "Loading the Python runtime");
  const build = await (await fetch("build.json")).json();
  const [pyodide, ...wheels] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", location.href).href }),
    ...build.wheels.map(fetchBytes),
  ]);
  progress("packages", "Installing the rules engine");
  const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
  progress("engine", "Starting the rules engine");
  web = pyodide.pyimport("cuckoo.web");
  postMessage({ ready: true, version: pyodide.runPython("import cuckoo; cuckoo.__version__") });
}

function call(fn, args) {
  if (fn === "open") {
    if (viewer) viewer.destroy();
    viewer = web.Viewer(...args);
    return viewer.summary();
  }
  if (fn === "position") return viewer.position(...args);
  if (!/^(table_|bot_move$|describe$|random_setup$|with_rolls$)/.test(fn)) {
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
  await ready;
  try {
    postMessage({ id: data.id, value: call(data.fn, data.args), json: !TEXT.has(data.fn) });
  } catch (error) {
    postMessage({ id: data.id, error: reason(error) });
  }
};
