// The games kept in this browser (IndexedDB): written at once after every move, so that
// a closed tab, a reload or a crash loses nothing. Each game carries a version number
// (rev); a write names the version it was made from and is refused, inside one
// transaction, if the stored game has moved on since (another tab wrote it): a tab that
// has fallen behind never writes over. Every write is announced on a BroadcastChannel so
// that the other tabs showing that game update at once.

const DB = "cuckoo-app";
import { OLD_GAMES, PLAYED_GAME, RECORDED_GAME, fault } from "./shapes.js";

const SHAPES = { "cuckoo-recorder-games": RECORDED_GAME, "cuckoo-play-games": PLAYED_GAME };
const SHELVES = Object.keys(SHAPES);
const channel = "BroadcastChannel" in self ? new BroadcastChannel("cuckoo-games") : null;

/** The game was changed elsewhere since this tab read it; *current* is the stored game. */
export class Stale extends Error {
  constructor(current) {
    super("this game was changed in another tab");
    this.current = current;
  }
}

/** Why the browser refused to keep a game, in words a player can act on. */
export function storageProblem(error) {
  const name = error && error.name;
  if (name === "QuotaExceededError") return "the browser's storage for this site is full";
  if (name === "SecurityError" || name === "InvalidStateError") {
    return "this browser does not let the site keep data (a private window, or site data blocked)";
  }
  return `the browser could not keep it (${(error && error.message) || error})`;
}

let opened = null;
function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      for (const shelf of SHELVES) request.result.createObjectStore(shelf);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("another tab holds an older version of the app open"));
  });
  opened.catch(() => { opened = null; }); // try again at the next call
  return opened;
}

/** Run *body(store)* in one transaction on *shelf*; resolves to its result once committed. */
async function transaction(shelf, mode, body) {
  const db = await database();
  return new Promise((resolve, reject) => {
    let result;
    let tx;
    try {
      tx = db.transaction(shelf, mode);
      const store = tx.objectStore(shelf);
      Promise.resolve(body(store, tx)).then((value) => { result = value; }, (error) => {
        reject(error);
        try { tx.abort(); } catch { /* already finished */ }
      });
    } catch (error) {
      reject(error);
      return;
    }
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("the write was abandoned"));
  });
}

const asked = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/** What is wrong with a stored *game* of *shelf*, or null: stored data can be edited by
 * hand or damaged, and is checked against its shape (shapes.js) before the page uses it. */
function damage(shelf, game) {
  return fault(SHAPES[shelf], game);
}

/** Every game of *shelf*: {games: {id: game}, damaged: [[its name (or id), what is wrong]]}. */
export async function games(shelf) {
  await imported(shelf);
  const found = { games: {}, damaged: [] };
  await transaction(shelf, "readonly", async (store) => {
    const [keys, values] = await Promise.all([asked(store.getAllKeys()), asked(store.getAll())]);
    keys.forEach((id, i) => {
      const wrong = damage(shelf, values[i]);
      if (wrong) found.damaged.push([nameOf(id, values[i]), wrong]);
      else found.games[id] = values[i];
    });
  });
  return found;
}

/** A damaged game's name as stored, if it has one that is a short text, else its id. */
function nameOf(id, game) {
  const name = game && typeof game === "object" && Object.hasOwn(game, "name") ? game.name : null;
  return typeof name === "string" && name.trim() && name.length <= 200 ? name : String(id).slice(0, 200);
}

/** Game *id* of *shelf* as stored, or null; throws an Error saying what is wrong with a
 * damaged one. */
export async function game(shelf, id) {
  await imported(shelf);
  const stored = await transaction(shelf, "readonly", (store) => asked(store.get(id)));
  if (stored === undefined) return null;
  const wrong = damage(shelf, stored);
  if (wrong) throw new Error(`the stored game is damaged: ${wrong}`);
  return stored;
}

/** Keep *game* as *id*, made from the stored version *rev* (null: a new game). Resolves
 * to the game as stored (rev one higher); rejects with Stale if the stored game is not at
 * *rev*, or with the browser's error if it cannot keep it. */
export async function save(shelf, id, game, rev) {
  await imported(shelf);
  const kept = await transaction(shelf, "readwrite", async (store) => {
    const stored = await asked(store.get(id));
    // a damaged game counts as none: a new game (rev null) takes its place, nothing else
    const sound = stored !== undefined && !damage(shelf, stored);
    const now = sound ? stored.rev : null;
    if (now !== rev) throw new Stale(sound ? stored : null);
    const next = { ...game, rev: (rev ?? 0) + 1, updated: new Date().toISOString() };
    const wrong = damage(shelf, next); // what this page could not read back is never written
    if (wrong) throw new Error(`the game does not fit its shape: ${wrong}`);
    await asked(store.put(next, id));
    return next;
  });
  channel?.postMessage({ shelf, id, rev: kept.rev });
  return kept;
}

/** Forget game *id*. */
export async function forget(shelf, id) {
  await transaction(shelf, "readwrite", (store) => asked(store.delete(id)));
  channel?.postMessage({ shelf, id, rev: null });
}

/** Call *changed(id, rev)* whenever another tab writes a game of *shelf*. */
export function watch(shelf, changed) {
  if (!channel) return;
  channel.addEventListener("message", ({ data }) => {
    if (data && data.shelf === shelf) changed(data.id, data.rev);
  });
}

// Games kept by earlier versions of the app in localStorage ({id: game} under the shelf's
// name) move into the database once, then leave localStorage.
const moved = {};
function imported(shelf) {
  moved[shelf] ??= (async () => {
    let old;
    try {
      old = localStorage.getItem(shelf);
      if (old === null) return;
      old = JSON.parse(old);
    } catch {
      return; // unreadable: left where it is, untouched
    }
    if (fault(OLD_GAMES, old)) return; // not games: left where it is, untouched
    await transaction(shelf, "readwrite", async (store) => {
      for (const [id, game] of Object.entries(old)) {
        if ((await asked(store.get(id))) === undefined) await asked(store.put({ rev: 0, ...game }, id));
      }
    });
    localStorage.removeItem(shelf);
  })();
  moved[shelf].catch(() => { moved[shelf] = null; });
  return moved[shelf];
}

/** The file name a game's record is downloaded as. */
export function fileName(game) {
  const stem = game.name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-|-$/g, "") || "game";
  return `${stem}.cuckoo`;
}
