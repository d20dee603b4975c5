// The play page's guided first game: the Learn page's example game of each game, played by
// taps. The script is that page's record (guides.json, which a test holds equal to the
// Learn page's): chance and the other players move as it says, and the player is asked
// for their own moves in it, one at a time, with a sentence of the rule where a new rule
// first matters. A different legal tap is not made: the guide answers it with why it asks
// for its own move. The guide only writes into its own box; the page's buttons (New game,
// Take back, Download) work as in any game, and a reload goes on where the game was.
import { el } from "./show.js";
import { GAMES } from "./shapes.js";

export const GUIDE_ID = "guide"; // the stored game of the guide, apart from a game under way
const PARAM = "guide";
const SENTENCE = 400; // characters a sentence of the guide may have (guides.json is checked)

/** The guides, game by game, from guides.json (fetched once; kept offline with the app). */
const guides = fetch(new URL("guides.json", import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`guides.json: ${r.status}`);
  return r.json();
}).then((all) => (sound(all) ? all : {}), () => ({}));
let loaded = {};
guides.then((all) => { loaded = all; });

/** Whether guides.json is what this page reads: for each game, its record, seat and
 * sentences as short texts. */
function sound(all) {
  const short = (t) => typeof t === "string" && t.length <= SENTENCE;
  return GAMES.every((g) => {
    const guide = all?.[g];
    return guide && typeof guide.record === "string" && short(guide.human) && short(guide.start) && short(guide.end)
      && Array.isArray(guide.turns) && guide.turns.every((t) => short(t.ask) && short(t.why) && (t.say === undefined || short(t.say)));
  });
}

/** The game whose guide the page's address asks for (?guide=cuckoo-cards), or null. */
export function wantedGuide() {
  const asked = new URLSearchParams(location.search).get(PARAM);
  return GAMES.includes(asked) ? asked : null;
}

/** The address says no guide any more (a reload opens the setup, or the game under way). */
export function leaveGuide() {
  const url = new URL(location.href);
  url.searchParams.delete(PARAM);
  history.replaceState(null, "", url);
  guideAsk(null);
}

/** The guide *game* follows, or null. */
export function guideOf(game) {
  return (game && loaded[game.guide]) || null;
}

/** A new guided game of *kind*, as the play page keeps it (null: no guide could start; said). */
export async function guideStart(engine, kind, name) {
  const guide = (await guides)[kind];
  const box = document.querySelector("#guide-says");
  if (!guide) {
    box.hidden = false;
    box.replaceChildren("The guided game could not be loaded: reload the page to try again.");
    return null;
  }
  const answer = await engine.call("play_guide_start", guide.record);
  if (answer.problem) {
    box.hidden = false;
    box.replaceChildren(`The guided game cannot start: ${answer.problem.detail}`);
    return null;
  }
  const url = new URL(location.href);
  url.searchParams.set(PARAM, kind);
  history.replaceState(null, "", url);
  const you = guide.human === "Blue" ? `${name || "You"} (Blue)` : guide.human;
  return {
    name: `Guided first game: ${guide.title}, ${you}`,
    table: answer.ok,
    human: guide.human,
    bot: "medium", // unused: the guide moves for the others
    guide: kind,
    said: [guide.start],
    told: 1,
    created: new Date().toISOString(),
  };
}

/** The engine's answer to *fn* (play_guide_next, play_guide_move) for *game*. */
export async function guided(engine, fn, game, ...text) {
  const guide = guideOf(game) ?? (await guides)[game.guide];
  if (!guide) return { problem: { detail: "the guided game could not be loaded: reload the page" } };
  return engine.call(fn, JSON.stringify(game.table), ...text, guide.record, game.human);
}

let wrong = null; // the game and turn a different tap was answered at
let ended = null; // the guided game shown at its end

/** Remember (or forget) that the player tapped a move the guide does not ask for. */
export function guideWrong(game, was) {
  wrong = was ? `${game.name}:${(game.marks ?? []).length}` : null;
}

/** The guide's box for *game* at the player's turn *k* (its rule, what to tap, and why,
 * after a different tap), or *problem*; hidden for a game without a guide (null). */
export function guideAsk(game, k = null, problem = null) {
  const box = document.querySelector("#guide-says");
  if (!box) return;
  const guide = guideOf(game);
  box.hidden = !guide;
  if (!guide) {
    box.replaceChildren();
    return;
  }
  if (problem) {
    box.replaceChildren(el("span", { class: "guide-say" }, `The guide stopped: ${problem}.`), again());
    return;
  }
  const turn = guide.turns[k];
  if (!turn) return;
  const parts = [];
  if (wrong === `${game.name}:${k}`) parts.push(el("span", { class: "guide-why" }, `That is not the Learn page's move. ${turn.why}`));
  else if (turn.say) parts.push(el("span", { class: "guide-say" }, turn.say));
  parts.push(el("strong", { class: "guide-ask" }, turn.ask));
  box.replaceChildren(...parts);
}

/** The guide's box at the end of the guided *game*. */
export function guideEnd(game) {
  const guide = guideOf(game);
  const box = document.querySelector("#guide-says");
  if (!guide || !box) return;
  ended = game;
  box.hidden = false;
  box.replaceChildren(
    el("span", { class: "guide-say" }, guide.end),
    el("strong", { class: "guide-ask" }, "The game's record is under “The record so far”: Download the game keeps it."),
    el("a", { href: "play.html" }, "Play against the bots"),
    again(),
  );
}

/** Whether *game* is the guided game shown at its end. */
export function guideEnded(game) {
  return ended === game;
}

/** The whole record of the guided *game*: its text (the engine's answer), or a line saying why not. */
export async function guideRecord(engine, game) {
  const answer = await guided(engine, "play_guide_record", game);
  return answer.ok ?? `The record cannot be written: ${answer.problem.detail}`;
}

function again() {
  return el("button", { type: "button", class: "guide-again" }, "Start the guided game again");
}
