// The viewer: open a record (pasted, picked, linked, or an example), then step through it
// ply by ply with the engine's own picture, move list, comments and result.
import { keepOffline, problemItem, say, shareShown, startEngine } from "./common.js";
import { el, isolate, picture } from "./show.js";

const engine = startEngine();
keepOffline(engine);

const $ = (selector) => document.querySelector(selector);
let summary = null;
let current = 0; // the game shown
let ply = 0;
let opened = ""; // the text opened, for the share link

// -- the URL fragment: #z=<raw DEFLATE, base64url> or #record=<percent-encoded text> ------

const LINK_LIMIT = 1_000_000;
/** Bytes: the most a link may expand to. A link carries a game or a few; a file of many
 * games is opened as a file. Checked as the link is expanded, so a small link that would
 * expand to a huge text is stopped at once, not after it has filled the memory. */

const FILE_LIMIT = 4_000_000;
/** Bytes: the most a record file picked here may hold, the engine's own limit (MAX_TEXT
 * characters); a real file is kilobytes. Checked before the file is read at all. */

/** The bytes of *stream*, stopped once past *limit* with the error *tooBig*, so that a
 * link or a file that would fill the memory is refused at once, not once it has. */
async function bounded(stream, limit, tooBig) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new Error(tooBig);
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** The text of the record file *name* from its *bytes*; what is not UTF-8 text is refused
 * at once, in one line that says what it is (as `cuckoo validate` says it), before the
 * engine reads it as records: UTF-16 text, to save as UTF-8; binary data; other bytes. */
function recordText(bytes, name) {
  const [a, b] = bytes;
  const odd = bytes.length > 1 && bytes.subarray(0, 64).every((byte, i) => (i % 2 === 1) === (byte === 0));
  const even = bytes.length > 1 && bytes.subarray(0, 64).every((byte, i) => (i % 2 === 0) === (byte === 0));
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff) || odd || even) {
    throw new Error(`${name}: UTF-16 text, not UTF-8: save it again as UTF-8 (in a text editor, Save as… with the encoding UTF-8) and open that`);
  }
  if (bytes.includes(0)) throw new Error(`${name}: binary data, not a record file`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${name}: not UTF-8 text: save it again as UTF-8 and open that`);
  }
}

async function inflate(packed) {
  const base64 = packed.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const too = `it expands to more than ${LINK_LIMIT / 1e6} MB: a file that big is opened as a file, not by a link`;
  return new TextDecoder().decode(await bounded(stream, LINK_LIMIT, too));
}

async function fromLocation() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const file = new URLSearchParams(location.search).get("file");
  if (fragment.has("z")) return { text: await inflate(fragment.get("z")), source: "link" };
  if (fragment.has("record")) {
    const text = fragment.get("record");
    if (text.length > LINK_LIMIT) throw new Error("the record in it is too long for a link");
    return { text, source: "link" };
  }
  if (file) {
    const url = new URL(file, location.href);
    if (url.origin !== location.origin) throw new Error("only files of this site open by link");
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${file}: ${response.status} ${response.statusText}`);
    const name = file.split("/").pop();
    const too = `${name}: larger than ${LINK_LIMIT / 1e6} MB: a file that big is picked as a file, not opened by a link`;
    return { text: recordText(await bounded(response.body, LINK_LIMIT, too), name), source: name };
  }
  return null;
}

// -- opening -------------------------------------------------------------------------------

async function open(text, source) {
  opened = text;
  $("#text").value = text;
  say(`Reading ${source}…`);
  try {
    summary = await engine.call("open", text, source);
  } catch (error) {
    say(`The engine failed on this text: ${error.message}`, "error");
    return;
  }
  const list = $("#problems ul");
  list.replaceChildren(...(await Promise.all(summary.problems.map((p) => problemItem(p, source)))));
  $("#problems").hidden = summary.problems.length === 0;
  const games = summary.games.length;
  say(
    `${source}: ${games} game${games === 1 ? "" : "s"} read` +
      (summary.problems.length ? `, ${summary.problems.length} with problems.` : ", all legal."),
    summary.problems.length ? "error" : "info",
  );
  $("#games").replaceChildren(
    ...summary.games.map((g, i) => el("option", { value: i }, `${i + 1}. ${isolate(g.title)}`)),
  );
  $("#choose-game").hidden = games < 2;
  $("#game").hidden = games === 0;
  if (games) {
    $("#open").open = false;
    $("#moves").replaceChildren(); // a new text: the move list is drawn anew
    // at the start, or where the link points
    const { game, ply: at } = place(new URLSearchParams(location.hash.slice(1)));
    await show(game, at);
  }
}

/** The game and ply a link names (#game=2&ply=12, counted from 1 and 0), made whole
 * numbers in range: the same whether the link is read on load or followed later. */
function place(fragment) {
  const whole = (name, first) => Math.max(0, Math.trunc(Number(fragment.get(name) || first)) || 0);
  return { game: Math.min(Math.max(whole("game", 1), 1), summary.games.length) - 1, ply: whole("ply", 0) };
}

/** The URL of this page with *fields* set in its fragment (null: taken out; the rest kept). */
function linkTo(fields) {
  const url = new URL(location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  for (const [key, value] of Object.entries(fields)) {
    if (value == null) fragment.delete(key);
    else fragment.set(key, value);
  }
  url.hash = fragment.toString();
  return url;
}

// -- showing a game ------------------------------------------------------------------------

function label(game, index) {
  // the dice game numbers a pair of turns, Blue's and Red's, as the notation does
  if (game.unit !== "turn") return `${index + 1}.`;
  return index % 2 === 0 ? `${index / 2 + 1}.` : "";
}

async function show(gameIndex, at) {
  const game = summary.games[gameIndex];
  if (gameIndex !== current || !$("#moves").childElementCount) {
    current = gameIndex;
    $("#games").value = String(gameIndex);
    $("#title").textContent = game.title; // isolated by its dir="auto"
    $("#ply").max = String(game.reached);
    seats(game);
    $("#moves").replaceChildren(
      ...game.moves.map((move, i) =>
        el(
          "li",
          {
            class: `move${i >= game.reached ? " unplayed" : ""}${move.comment ? " noted" : ""}`,
            "data-ply": i + 1,
            onclick: () => i < game.reached && show(current, i + 1),
          },
          el("span", { class: "number" }, label(game, i)),
          el("button", { type: "button", disabled: i >= game.reached }, move.text),
          // a comment beside the move it follows, as on a scoresheet
          move.comment ? el("span", { class: "note", dir: "auto" }, move.comment) : null,
        ),
      ),
    );
  }
  ply = Math.max(0, Math.min(Math.trunc(at) || 0, game.reached));
  $("#ply").value = String(ply);
  $("#share-code").hidden = true; // a code shared of another turn
  // the address names the game and ply shown: copied or bookmarked, it opens here
  history.replaceState(null, "", linkTo({ ...(summary.games.length > 1 ? { game: current + 1, ply } : { ply }), seen: seenBy() }));
  const seat = $("#seen-by").value;
  const position = await engine.call("position", current, ply, ...(seat === "" ? [] : [Number(seat)]));
  picture($("#picture"), position.svg);
  $("#diagram").textContent = position.diagram;
  // as one player saw it: the cards dealt to the others (not seen by then) are ?
  const texts = position.moves ?? game.moves.map((move) => move.text);
  [...$("#moves").children].forEach((item, i) => { item.querySelector("button").textContent = texts[i]; });
  for (const item of $("#moves").children) {
    const on = Number(item.dataset.ply) === ply;
    item.classList.toggle("current", on);
    if (on) item.scrollIntoView({ block: "nearest" });
    item.querySelector("button").setAttribute("aria-current", on ? "step" : "false");
  }
  const move = ply ? game.moves[ply - 1] : null;
  $("#where").textContent = move
    ? `${game.unit} ${ply} of ${game.moves.length}: ${texts[ply - 1]}`
    : `start (${game.moves.length} ${game.moves.length === 1 ? game.unit : `${game.unit}s`})`;
  $("#comment").textContent = move ? move.comment : game.intro;
  const end = ply === game.reached;
  let result = "";
  if (end && game.problem) result = `Stopped: ${game.problem.text}`;
  else if (end) result = game.result === "*" ? "Result: * (not finished)" : `Result: ${game.result}`;
  $("#result").textContent = result;
  $("#result").className = game.problem && end ? "result problem" : "result";
  for (const id of ["first", "back"]) $(`#${id}`).disabled = ply === 0;
  for (const id of ["forward", "last"]) $(`#${id}`).disabled = ply === game.reached;
}

/** The "Seen by" choice: everyone, or each player of a card game (whose hands are
 * secret); the dice pyramid hides nothing. A link may name the player (#seen=Ann). */
function seats(game) {
  const players = game.game === "cuckoo-dice" ? [] : (game.tags.find(([k]) => k === "Players")?.[1] ?? "").split(/\s+/).filter(Boolean);
  const wanted = new URLSearchParams(location.hash.slice(1)).get("seen");
  $("#seen-by").replaceChildren(
    el("option", { value: "" }, "everyone (every card face up)"),
    ...players.map((name, i) => el("option", { value: i }, isolate(name))),
  );
  $("#seen-by").value = players.includes(wanted) ? String(players.indexOf(wanted)) : "";
  $("#choose-seat").hidden = players.length === 0;
}

/** The name of the player the game is seen by, for the link; null for everyone. */
function seenBy() {
  const chosen = $("#seen-by").selectedOptions[0];
  return $("#seen-by").value === "" ? null : chosen.textContent.replace(/[\u2068\u2069]/g, "");
}

/** Go to ply *at* of the game shown, if a record with a game is open (a key pressed
 * before one is does nothing). */
function go(at) {
  if (summary && summary.games.length) show(current, at);
}

// -- wiring --------------------------------------------------------------------------------

/** Forget the link the page was opened by: a text opened here starts at its start. */
function unlinked() {
  history.replaceState(null, "", location.pathname);
}
$("#paste").addEventListener("submit", (event) => {
  event.preventDefault();
  unlinked();
  open($("#text").value, "pasted");
});
$("#file").addEventListener("change", async () => {
  const file = $("#file").files[0];
  unlinked();
  if (!file) return;
  try {
    if (file.size > FILE_LIMIT) {
      throw new Error(`${file.name}: larger than ${FILE_LIMIT / 1e6} MB: not a file of records (a record file is kilobytes)`);
    }
    const text = recordText(new Uint8Array(await file.arrayBuffer()), file.name);
    await open(text, file.name);
  } catch (error) {
    say(error.message, "error");
  }
});
$("#examples").addEventListener("change", () => {
  const path = $("#examples").value;
  if (!path) return;
  history.replaceState(null, "", `?file=${encodeURIComponent(path)}`);
  start(); // as the link it now is
});
$("#games").addEventListener("change", () => {
  $("#moves").replaceChildren();
  show(Number($("#games").value), Infinity);
});
$("#seen-by").addEventListener("change", () => show(current, ply));
$("#ply").addEventListener("input", () => show(current, Number($("#ply").value)));
$("#first").addEventListener("click", () => show(current, 0));
$("#back").addEventListener("click", () => go(ply - 1));
$("#forward").addEventListener("click", () => go(ply + 1));
$("#last").addEventListener("click", () => show(current, Infinity));
$("#share").addEventListener("click", async () => {
  const here = summary.games.length > 1 ? { game: current + 1, ply } : { ply };
  if (seenBy()) here.seen = seenBy();
  const name = (new URLSearchParams(location.search).get("file") || "game.cuckoo").split("/").pop();
  const url = await shareShown(name, opened, here, $("#share-code"), `Scan it with another phone to open this game at ${$("#where").textContent}.`);
  if (url) history.replaceState(null, "", url);
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest("textarea, input, select")) return;
  const keys = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
  if (!(event.key in keys)) return;
  event.preventDefault();
  const delta = keys[event.key];
  go(Math.abs(delta) === Infinity ? Math.max(0, delta) : ply + delta);
});
window.addEventListener("hashchange", () => {
  // a link that carries another record opens it; one that names another ply goes there
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (summary && !fragment.has("z") && !fragment.has("record")) {
    if (summary.games.length) show(place(fragment).game, place(fragment).ply);
  } else start();
});

async function start() {
  try {
    const found = await fromLocation();
    if (found) await open(found.text, found.source);
  } catch (error) {
    say(`Could not open the link: ${error.message}`, "error");
  }
}

fetch("build.json")
  .then((r) => r.json())
  .then((build) => {
    $("#examples").append(
      ...build.examples.map((path) => el("option", { value: path }, path.split("/").pop())),
    );
  });
start();
