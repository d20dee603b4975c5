// Every game against the bots. The page draws a seed and keeps it with the game; the engine
// draws the dice, the deals, the nest cards and the bots' choices from (seed, ply), so a
// reload draws nothing new. The player sits at one seat and is shown what that seat may
// see: in the card games the other hands lie face down. The game is saved after every
// move; another tab that moves the same game updates this one at once.
//
// A guided first game (guide.js) is a Learn page's example game played by taps: it is kept
// under an id of its own, so that it never takes the place of a game under way.
import { download, keepOffline, problemItem, say, shareShown, startEngine } from "./common.js";
import { el } from "./show.js";
import { Stale, fileName, game as storedGame, save, storageProblem, watch } from "./store.js";
import { offer, showPicture, withQuestions } from "./taps.js";
import { GUIDE_ID, guideAsk, guideEnd, guideEnded, guideOf, guideRecord, guideStart, guideWrong, guided, leaveGuide, wantedGuide } from "./guide.js";

const KEY = "cuckoo-play-games";
const PLAIN_ID = "current";
let ID = wantedGuide() ? GUIDE_ID : PLAIN_ID; // the stored game this tab shows
const LOG = 12; // announcements kept on the screen, newest last (the box scrolls)
const BOTS = ["Robin", "Sam", "Kim", "Lee", "Noor"];
/** What each level of bot is, game by game: the engine's cuckoo.players.bots.LEVEL_WORDS (a test). */
const LEVELS = {
  "cuckoo-dice": {
    easy: "looks one move ahead on the side totals",
    medium: "weighs each move's chances on the three sides and varies among the best",
    hard: "weighs each move's chances and the other player's best answer",
  },
  "cuckoo-cards": {
    easy: "plays any legal move",
    medium: "keeps a 7 or higher, else swaps",
    hard: "weighs what it has seen and plays the hand out in 64 worlds it cannot tell apart",
  },
  "zum-kuckuck": {
    easy: "plays any card of its hand",
    medium: "keeps its own nest low",
    hard: "plays the cycle out in 4 worlds it cannot tell apart from what it has seen",
  },
};
const THINKING = 300; // ms: a bot that takes longer is shown thinking
const SEARCH_LIMIT = 60_000;
/** Milliseconds a bot's turn (or a hint, the medium bot's) may take at most: the hard bots answer within a few seconds
 * on a slow phone; past this the engine is stopped (see startEngine) and the page says so,
 * so that New game and a reload never wait behind a search. */
const engine = startEngine();
keepOffline(engine);
const $ = (selector) => document.querySelector(selector);
/** The game on the table and the stored version it was read at (null: not stored yet). */
let current = null;
let busy = false; // a turn is being worked out: a change from another tab waits for it
let behind = false; // another tab changed the game meanwhile
let leaving = false; // New game was pressed: the game on the table stops moving
let shared = null; // the game whose link the QR code shows
let drawn = null; // the name of the game whose picture and buttons are on the screen

/** Keep *game*, made from the stored version *rev*; the tab's own copy goes on if the
 * browser refuses, and the player is told. False when another tab changed the game first
 * (a write is never made over it): this tab then shows the stored one. */
async function keep(game, rev) {
  try {
    const kept = await save(KEY, ID, game, rev);
    current = { game: kept, rev: kept.rev };
  } catch (error) {
    if (error instanceof Stale) {
      current = error.current ? { game: error.current, rev: error.current.rev } : null;
      say("This game was moved on in another tab; it is shown here as it is now.");
      return false;
    }
    current = { game, rev, unsaved: true };
    say(`NOT SAVED: ${storageProblem(error)}. Download the game to keep it.`, "error");
  }
  return true;
}

/** *game* with the announcements *said* added to its log (kept with it: a reload or
 * another tab shows the same log). */
function told(game, said) {
  return { ...game, said: [...(game.said ?? []), ...said].slice(-LOG), told: (game.told ?? 0) + said.length };
}

/** The log on the screen: the new lines appended after the ones shown (a screen reader
 * reads out only what is added), the oldest dropped. */
function showLog(game) {
  const box = $("#announce");
  const said = game.said ?? [];
  const first = (game.told ?? 0) - said.length + 1; // the number of said[0]
  const shown = box.lastElementChild ? Number(box.lastElementChild.dataset.n) : 0;
  // a line shown that the log no longer holds as it is (moves taken back, another game): all anew
  const changed = [...box.children].some((line) => {
    const n = Number(line.dataset.n);
    return n >= first && n - first < said.length && line.textContent !== said[n - first];
  });
  if (changed || shown > (game.told ?? 0) || (box.firstElementChild && Number(box.firstElementChild.dataset.n) < first - LOG)) {
    box.replaceChildren();
  }
  const last = box.lastElementChild ? Number(box.lastElementChild.dataset.n) : 0;
  said.forEach((line, i) => {
    if (first + i > last) box.append(el("span", { class: "said", "data-n": first + i }, line));
  });
  while (box.childElementCount > LOG) box.firstElementChild.remove();
  box.scrollTop = box.scrollHeight; // the newest in sight
}

function options(game) {
  const name = $("#name").value.trim();
  const bots = BOTS.filter((b) => b.toLowerCase() !== name.toLowerCase());
  if (game === "cuckoo-dice") {
    const human = $("#side").value;
    const bot = $("#bot").value;
    return {
      human,
      bot,
      table: { ruleset: $("#ruleset").value, names: human === "Blue" ? { Blue: name, Red: bot } : { Blue: bot, Red: name } },
    };
  }
  const cards = game === "cuckoo-cards";
  const count = Number($(cards ? "#card-players" : "#kuckuck-players").value);
  const players = [name, ...bots.slice(0, count - 1)];
  const table = cards ? { players, lives: Number($("#lives").value) } : { players, variant: $("#variant").value };
  return { human: name, bot: $("#bot").value, table };
}

async function start(event) {
  event.preventDefault();
  leaving = false;
  ID = PLAIN_ID;
  leaveGuide();
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const kind = $("#game").value;
  const { human, bot, table } = options(kind);
  Object.assign(table, { game: kind, seed, moves: [] });
  if (kind === "cuckoo-dice") Object.assign(table, await engine.call("random_setup", seed));
  else if (kind === "cuckoo-cards") table.dealer = table.players[seed % table.players.length];
  const checked = await engine.call("table_new", JSON.stringify(table));
  if (checked.problem) {
    say(`Cannot start: ${checked.problem.text}`, "error");
    return;
  }
  const dice = kind === "cuckoo-dice";
  const opponents = dice ? `${bot === "easy" ? "an" : "a"} ${bot} bot` : `${table.players.length - 1} ${bot} bots`;
  const name = `${dice ? `${table.names[human]} (${human})` : human} vs ${opponents}, seed ${seed}`;
  say("");
  $("#announce").replaceChildren();
  const game = { name, table: { ...checked.ok, seed }, human, bot, said: [], told: 0, created: new Date().toISOString() };
  await begin(game);
}

/** Start *game*, kept under this tab's id in place of what it held there. */
async function begin(game) {
  let rev = null;
  try {
    rev = (await storedGame(KEY, ID))?.rev ?? null;
  } catch {
    rev = null; // a damaged game there: written over
  }
  current = null;
  drawn = null;
  say("");
  $("#announce").replaceChildren();
  await keep(game, rev);
  await turn();
}

/** A guided first game of the game chosen (or of *kind*), kept apart from a game under way. */
async function startGuide(kind) {
  leaving = false;
  ID = GUIDE_ID;
  const game = await guideStart(engine, kind ?? $("#game").value, $("#name").value.trim());
  if (game) await begin(game);
}

/** The player's own move: made, saved, told; then the game goes on. */
async function mine(text) {
  const { game, rev } = current;
  const answer = await engine.call("play_move", JSON.stringify(game.table), text, game.human);
  if (answer.problem) {
    $("#refused").replaceChildren("Refused: ", await problemItem(answer.problem));
    return turn();
  }
  $("#refused").replaceChildren();
  $("#hint-says").textContent = "";
  await keep(told({ ...game, table: answer.ok, ...marked(game) }, answer.said), rev);
  return turn();
}

/** Where the player's next move begins, and how much had been told before it (a take-back
 * takes what was told since out of the log). */
function marked(game) {
  const marks = [...(game.marks ?? []), game.table.moves.length];
  const heard = [...(game.heard ?? []), game.told ?? 0];
  return { marks, heard };
}

/** The player's move *text* in a guided game: made if it is the guide's, else answered
 * with why the guide asks for its own. */
async function mineGuided(text) {
  const { game, rev } = current;
  const answer = await guided(engine, "play_guide_move", game, text);
  $("#hint-says").textContent = "";
  if (answer.other) {
    guideWrong(game, true);
    return turn();
  }
  if (answer.problem) {
    $("#refused").replaceChildren("Refused: ", await problemItem(answer.problem));
    return turn();
  }
  $("#refused").replaceChildren();
  guideWrong(game, false);
  await keep(told({ ...game, table: answer.ok, ...marked(game) }, answer.said), rev);
  return turn();
}

/** Show the game; while it is not the player's move, let chance and the bots move (each
 * move saved and told) until it is, or the game is over. */
async function turn() {
  if (!current) return;
  if (busy) {
    behind = true;
    return;
  }
  busy = true;
  try {
    await advance();
  } finally {
    busy = false;
  }
  if (behind) {
    behind = false;
    await refresh();
  }
}

async function advance() {
  for (;;) {
    if (leaving || !current) return; // the setup is shown: the bots wait until the game is opened again
    const { game, rev } = current;
    if (game.name !== drawn) { // another game: none of the last one's buttons, even for a moment
      $("#choices").replaceChildren();
      $("#picture").replaceChildren();
      $("#prompt").textContent = "";
      $("#refused").replaceChildren();
      $("#record").textContent = "";
      drawn = game.name;
    }
    $("#setup").hidden = true;
    $("#table").hidden = false;
    $("#table-title").textContent = game.name;
    if (game !== shared) $("#share-code").hidden = true; // a code shared of another move
    showLog(game);
    let step = null; // in a guided game: the guide's next moves, or the player's turn, or its end
    if (game.guide) {
      step = await guided(engine, "play_guide_next", game);
      if (step.problem) {
        $("#prompt").textContent = "";
        $("#choices").replaceChildren();
        guideAsk(game, null, step.problem.detail);
        return;
      }
      if (step.ok) {
        if (behind || current.game !== game) return;
        if (!(await keep(told({ ...game, table: step.ok }, step.said), rev))) return;
        continue;
      }
    } else guideAsk(null);
    const view = withQuestions(await engine.call("play_view", JSON.stringify(game.table), game.human, false));
    if (view.problem) {
      $("#prompt").textContent = "";
      $("#choices").replaceChildren();
      $("#refused").replaceChildren("This game cannot go on: ", await problemItem(view.problem));
      return;
    }
    showPicture($("#picture"), view);
    const record = showRecord(game, step?.end);
    const hand = view.hand.length ? ` Your hand: ${view.hand.join(" ")}.` : "";
    if (step?.end) {
      $("#prompt").textContent = "The guided game is over.";
      $("#choices").replaceChildren();
      guideEnd(game);
      return;
    }
    if (game.guide) guideAsk(game, (game.marks ?? []).length);
    if (view.over) {
      $("#prompt").textContent = `The game is over: ${view.status || (await record).trim().split("\n").at(-1)}`;
      $("#choices").replaceChildren();
      return;
    }
    if (view.choices.length) {
      $("#prompt").textContent = "Your move."; // in Zum Kuckuck!, the choices are the hand
      const dice = game.table.game === "cuckoo-dice";
      const move = game.guide ? mineGuided : mine;
      offer($("#choices"), view.choices, move, {
        rolled: move, // an infection's re-roll is drawn for the player
        picture: $("#picture"), // the pyramid's dice and cells, or the card game's cards
        mover: dice ? ["Blue", "Red"].indexOf(game.human) : null,
        taps: view.taps,
        keep: { key: "cuckoo-play-half", at: `${game.name}:${game.table.moves.length}` }, // a reload keeps it
      });
      return;
    }
    const who = view.choosing.length ? `${view.choosing.join(" and ")} ${view.choosing.length > 1 ? "choose" : "chooses"}…` : "Dealing…";
    $("#prompt").textContent = `${view.out ? "You are out of the game. " : ""}${who}${hand}`;
    $("#choices").replaceChildren();
    const thinking = setTimeout(() => { $("#thinking").hidden = false; }, THINKING);
    let answer;
    try {
      answer = await engine.within(SEARCH_LIMIT, "play_next", JSON.stringify(game.table), game.bot, game.human);
    } catch (error) {
      say(`The bots did not move: ${error.message}. Reload to let them try again, or start a New game.`, "error");
      return;
    } finally {
      clearTimeout(thinking);
      $("#thinking").hidden = true;
    }
    if (behind || current.game !== game) return; // another tab moved meanwhile: shown next
    if (!(await keep(told({ ...game, table: answer.ok }, answer.said), rev))) return;
  }
}

/** The record of *game* as the player saw it, shown once the engine has written it (after
 * the screen is drawn: a long game's record takes longer than a move should); resolves to
 * its text. */
function showRecord(game, whole = false) {
  const asked = recordOf(game, whole);
  asked.then((text) => {
    if (current && current.game === game) $("#record").textContent = text;
  }, () => {});
  return asked;
}

/** The record of *game* as the player saw it; of a guided game played to its end, the
 * whole record (the Learn page's own). */
function recordOf(game, whole) {
  return whole ? guideRecord(engine, game) : engine.call("play_record", JSON.stringify(game.table), game.human);
}

/** The stored game, shown as it is now (another tab changed it). */
async function refresh() {
  try {
    const game = await storedGame(KEY, ID);
    current = game ? { game, rev: game.rev } : null;
  } catch (error) {
    say(`The game kept in this browser cannot be read: ${error.message}. Start a new one.`, "error");
    return;
  }
  if (current && ID === GUIDE_ID && current.game.guide !== wantedGuide()) current = null; // another game's guide
  if (current) await turn();
  else if (ID === GUIDE_ID) await startGuide(wantedGuide());
  else {
    $("#setup").hidden = false;
    $("#table").hidden = true;
  }
}

function chooseGame() {
  for (const part of document.querySelectorAll("[data-game]")) part.hidden = part.dataset.game !== $("#game").value;
}

/** What the chosen level of bot is, in the chosen game. */
function describeLevel() {
  $("#level-says").textContent = `A ${$("#bot").value} bot ${LEVELS[$("#game").value][$("#bot").value]}.`;
}

/** The medium bot's move for the player's seat, from what that seat has seen, and why. */
async function hint() {
  if (!current) return;
  if (current.game.guide) {
    $("#hint-says").textContent = `The guide asks: ${guideOf(current.game)?.turns[(current.game.marks ?? []).length]?.ask ?? "nothing more"}`;
    return;
  }
  let answer;
  try {
    answer = await engine.within(SEARCH_LIMIT, "play_hint", JSON.stringify(current.game.table), current.game.human);
  } catch (error) {
    $("#hint-says").textContent = `No hint: ${error.message}.`;
    return;
  }
  $("#hint-says").textContent = answer.problem ? answer.problem.detail : `The medium bot would play ${answer.ok.why}.`;
}

/** Your last move taken back, with everything that followed it: the game is where it was
 * before it (chance is drawn from the seed and the ply, so it comes again as it came). */
async function takeBack() {
  if (!current || busy) return;
  const { game, rev } = current;
  const marks = [...(game.marks ?? [])];
  if (!marks.length) {
    say("There is no move of yours to take back.");
    return;
  }
  const at = marks.pop();
  const heard = [...(game.heard ?? [])];
  const before = heard.length === marks.length + 1 ? heard.pop() : null; // told before the move (older games: unknown)
  $("#hint-says").textContent = "";
  // what was told of the moves taken back leaves the log with them
  const said = game.said ?? [];
  const kept = before === null ? said : said.slice(0, Math.max(0, said.length - ((game.told ?? 0) - before)));
  const unsaid = before === null ? game : { ...game, said: kept, told: before };
  const back = told({ ...unsaid, table: { ...game.table, moves: game.table.moves.slice(0, at) }, marks, heard }, ["You took back your move."]);
  await keep(back, rev);
  await turn();
}

$("#game").addEventListener("change", () => {
  chooseGame();
  describeLevel();
});
$("#bot").addEventListener("change", describeLevel);
$("#hint").addEventListener("click", hint);
$("#takeback").addEventListener("click", takeBack);
describeLevel();
$("#setup").addEventListener("submit", start);
$("#guided").addEventListener("click", () => startGuide());
$("#guide-says").addEventListener("click", (event) => {
  if (event.target.closest(".guide-again")) startGuide(current?.game.guide ?? wantedGuide());
});
$("#announce").before($("#guide-says")); // the guide's words first beside the picture, on a phone on the first screen
// a game the browser could not keep is lost with the tab: leaving it is asked first
addEventListener("beforeunload", (event) => {
  if (current?.unsaved) event.preventDefault();
});
$("#again").addEventListener("click", () => {
  if (current?.game.guide) { // the setup, with the game under way (if any) behind it
    ID = PLAIN_ID;
    leaveGuide();
  }
  if (current?.unsaved && !confirm("This browser has not kept this game (its storage refused it): it is lost if you leave it. Leave it anyway? Cancel, then Download the game, to keep it.")) return;
  leaving = true;
  $("#setup").hidden = false;
  $("#table").hidden = true;
});
$("#download").addEventListener("click", async () => {
  const { game } = current;
  download(fileName(game), await recordOf(game, game.guide && guideEnded(game)));
});
$("#share").addEventListener("click", async () => {
  const { game } = current;
  const moves = game.table.moves.length;
  const text = await engine.call("play_record", JSON.stringify(game.table), game.human);
  shared = game;
  await shareShown(fileName(game), text, { ply: moves }, $("#share-code"), `Scan it with another phone to open this game, as you saw it, after ${moves} ${moves === 1 ? "move" : "moves"}.`);
});
watch(KEY, (id, rev) => {
  if (id === ID && (!current || rev !== current.rev)) refresh();
});

// the log scrolls: it can be reached and scrolled from the keyboard too
$("#announce").tabIndex = 0;
$("#announce").setAttribute("aria-label", "What happened, newest last");
chooseGame();
engine.ready.then(refresh, () => {});
