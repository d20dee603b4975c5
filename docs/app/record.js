// The table recorder: set up a game as the table shows it, then tap each move the engine
// says is legal; every move is saved in the browser at once; export the canonical record.
import { copy, download, keepOffline, problemItem, say, shareShown, startEngine } from "./common.js";
import { DRAFT as DRAFT_SHAPE, HALF as HALF_SHAPE, TAB as TAB_SHAPE, fault } from "./shapes.js";
import { el, isolate } from "./show.js";
import { Stale, fileName, forget, game as storedGame, games, save, storageProblem, watch } from "./store.js";
import { offer, showPicture, withQuestions } from "./taps.js";

const SHELF = "cuckoo-recorder-games";
const TAB = "cuckoo-recorder-tab"; // sessionStorage: this tab's screen and game, over a reload
const DRAFT = "cuckoo-recorder-setup"; // sessionStorage: the setup being entered
const HALF = "cuckoo-recorder-half"; // sessionStorage: the move half built (taps.js)
const NAMES = { "cuckoo-dice": "Dice pyramid", "cuckoo-cards": "Card game", "zum-kuckuck": "Zum Kuckuck!" };
const engine = startEngine();
keepOffline(engine);
const $ = (selector) => document.querySelector(selector);
/** The game this tab shows: its id, the game, the stored version it was read at (rev), and
 * whether it holds taps the browser could not keep (unsaved). */
let open = null;

/** This tab's own state in sessionStorage (a reload keeps it, another tab has its own). */
function remember(key, value) {
  try {
    if (value == null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // no session storage: a reload starts at the list, nothing else is lost
  }
}
/** What is kept under *key*, if it fits its *shape* (shapes.js), else null. */
function recalled(key, shape) {
  try {
    const value = JSON.parse(sessionStorage.getItem(key));
    return fault(shape, value) ? null : value;
  } catch {
    return null;
  }
}

function showOnly(id) {
  for (const section of ["list", "setup", "table"]) $(`#${section}`).hidden = section !== id;
  say(""); // a status line belongs to the screen it was written on
}

// -- the list of games ------------------------------------------------------------------

async function showList() {
  open = null;
  remember(TAB, { screen: "list" });
  showOnly("list");
  let found;
  try {
    found = await games(SHELF);
  } catch (error) {
    $("#games").replaceChildren();
    $("#no-games").hidden = true;
    say(`Games cannot be kept in this browser: ${storageProblem(error)}.`, "error");
    return;
  }
  const all = Object.entries(found.games).sort((a, b) => b[1].updated.localeCompare(a[1].updated));
  $("#games").replaceChildren(
    ...all.map(([id, game]) =>
      el(
        "li",
        {},
        el("span", { class: "name" }, el("bdi", {}, game.name), el("br"),
          el("small", {}, `${count(game.table.moves.length, "move")} · ${new Date(game.updated).toLocaleString()}`)),
        el("button", { type: "button", class: "needs-engine", onclick: () => openGame(id) }, "Continue"),
        el("button", {
          type: "button",
          onclick: async () => {
            if (confirm(`Delete ${game.name}? Its record is lost unless downloaded.`)) {
              await forget(SHELF, id);
              showList();
            }
          },
        }, "Delete"),
      ),
    ),
  );
  $("#no-games").hidden = all.length + found.damaged.length > 0;
  if (found.damaged.length) {
    const which = found.damaged.map(([name, wrong]) => `${isolate(name)} (${wrong})`).join(", ");
    say(`${count(found.damaged.length, "stored game")} cannot be read and ${found.damaged.length === 1 ? "is" : "are"} left as stored: ${which}.`, "error");
  }
}

/** "1 move", "2 moves". */
function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// -- setting up a new game --------------------------------------------------------------

const rolls = [[], []];
const FIELDS = ["game", "ruleset", "blue-name", "red-name", "first", "players", "dealer", "lives", "variant"];

/** Keep the setup as entered so far in this tab: a reload in the middle loses no tap. */
function keepDraft() {
  const draft = { rolls };
  for (const id of FIELDS) draft[id] = $(`#${id}`).value;
  remember(DRAFT, draft);
}

function restoreDraft() {
  const draft = recalled(DRAFT, DRAFT_SHAPE);
  if (!draft) return;
  for (const player of [0, 1]) {
    const kept = Array.isArray(draft.rolls) ? draft.rolls[player] : null;
    rolls[player] = Array.isArray(kept) ? kept.filter((v) => [1, 2, 3, 4, 5, 6].includes(v)).slice(0, 10) : [];
  }
  for (const id of FIELDS) {
    if (typeof draft[id] === "string") $(`#${id}`).value = draft[id];
  }
  setupForm();
  if (typeof draft.dealer === "string") $("#dealer").value = draft.dealer;
}

function drawRolls() {
  for (const player of [0, 1]) {
    const box = $(`[data-roll="${player}"]`);
    box.querySelector(".dice-entry").replaceChildren(
      ...rolls[player].map((value, i) =>
        el("button", {
          type: "button",
          class: "die",
          "aria-label": `remove this ${value}`,
          onclick: () => { rolls[player].splice(i, 1); drawRolls(); keepDraft(); },
        }, String(value)),
      ),
      el("small", {}, `${rolls[player].length} of 10`),
    );
    for (const button of box.querySelectorAll(".taps button")) button.disabled = rolls[player].length >= 10;
  }
}

function players() {
  return $("#players").value.split(/[\s,;]+/).map((n) => n.trim()).filter(Boolean);
}

function setupForm() {
  const game = $("#game").value;
  for (const part of document.querySelectorAll("[data-game]")) {
    part.hidden = !part.dataset.game.split(" ").includes(game);
  }
  const dealer = $("#dealer").value;
  $("#dealer").replaceChildren(...players().map((name) => el("option", { selected: name === dealer }, name)));
}

function showSetup() {
  $("#setup-problem").replaceChildren();
  remember(TAB, { screen: "setup" });
  drawRolls();
  showOnly("setup");
  setupForm();
}

function newTable() {
  const game = $("#game").value;
  if (game === "cuckoo-dice") {
    return {
      game,
      ruleset: $("#ruleset").value,
      names: { Blue: $("#blue-name").value.trim(), Red: $("#red-name").value.trim() },
      rolls: rolls.map((r) => [...r]),
      first: $("#first").value,
    };
  }
  if (game === "cuckoo-cards") {
    return { game, players: players(), dealer: $("#dealer").value, lives: Number($("#lives").value) };
  }
  return { game, players: players(), variant: $("#variant").value };
}

function gameName(table) {
  const who = table.game === "cuckoo-dice"
    ? [table.names.Blue || "Blue", table.names.Red || "Red"].map(isolate).join(" vs ")
    : table.players.map(isolate).join(", ");
  const when = new Date().toLocaleString([], { dateStyle: "short", timeStyle: "short" });
  return `${NAMES[table.game]}: ${who} (${when})`;
}

async function startGame(event) {
  event.preventDefault();
  const answer = await engine.call("table_new", JSON.stringify(newTable()));
  if (answer.problem) {
    $("#setup-problem").replaceChildren(await problemItem(answer.problem));
    return;
  }
  const id = `g${Date.now()}`;
  const created = new Date().toISOString();
  const game = { name: gameName(answer.ok), table: answer.ok, created, undone: [], journal: [] };
  open = { id, game, rev: null, unsaved: false };
  remember(DRAFT, null);
  showOnly("table");
  remember(TAB, { screen: "table", id });
  await commit(open, game, "Game started: every tap is saved in this browser at once.");
  showTop();
}

/** The game's title at the top of the screen, its picture under it (not the middle of the
 * page the setup's button was in). */
function showTop() {
  $("#table-title").scrollIntoView({ block: "start" });
}

// -- recording -------------------------------------------------------------------------

async function openGame(id) {
  let game;
  try {
    game = await storedGame(SHELF, id);
  } catch (error) {
    await showList();
    say(`Game ${id} cannot be opened: ${error.name === "Error" ? error.message : storageProblem(error)}.`, "error");
    return;
  }
  if (!game) return showList();
  open = { id, game, rev: game.rev, unsaved: false };
  remember(TAB, { screen: "table", id });
  showOnly("table");
  await draw();
  showTop();
}

/** Read this tab's game again as stored (another tab wrote it), and say *message*. */
async function refresh(message, kind = "info") {
  const id = open.id;
  let game;
  try {
    game = await storedGame(SHELF, id);
  } catch (error) {
    say(`This game cannot be read again: ${error.message}`, "error");
    return;
  }
  if (!game) {
    await showList();
    say("That game was deleted in another tab.", "error");
    return;
  }
  open = { id, game, rev: game.rev, unsaved: false };
  await draw();
  say(message, kind);
}

/** The engine's view of *table* as the recorder shows it (the record asked for after). */
function asked(table) {
  const view = engine.call("table_view", JSON.stringify(table), false).then(withQuestions);
  view.catch(() => {}); // said when it is drawn
  return view;
}

/** Draw the open game; *view*: its view, if asked for already (while it was being saved). */
async function draw(view = null) {
  const shown = open;
  const { game } = shown;
  $("#table-title").replaceChildren(el("bdi", {}, game.name));
  $("#share-code").hidden = true; // a code shared of another move
  try {
    view = await (view ?? asked(game.table));
  } catch (error) {
    say(`The engine cannot show this game: ${error.message}`, "error");
    return;
  }
  if (shown !== open) return; // another draw has begun since
  $("#undo").disabled = game.table.moves.length === 0;
  $("#redo").disabled = !(game.undone ?? []).length;
  showJournal(shown);
  if (view.problem) {
    $("#refused").replaceChildren("This stored game cannot be replayed: ", await problemItem(view.problem));
    $("#choices").replaceChildren();
    return;
  }
  showPicture($("#picture"), view);
  $("#prompt").textContent = view.over ? "The game is over." : `Next: ${view.prompt}`;
  // what the last entry did that the picture shows only as dots (who lost a life)
  $("#announce").replaceChildren(...view.told.map((line) => el("span", { class: "said" }, line)));
  // the screen first; the record, folded away, follows (see showRecord)
  showRecord(shown);
  // a tap is checked against the version it was offered for (see commit); the picture's
  // cells and dice are tapped as the buttons are
  const half = recalled(HALF, HALF_SHAPE); // a move refused and asked again (see askAgain)
  offer($("#choices"), view.choices, (text) => play(text, shown), {
    picture: $("#picture"),
    mover: ["Blue", "Red"].indexOf(view.to_move),
    taps: view.taps,
    keep: { key: HALF, at: halfAt(shown) }, // a reload keeps it
    answering: answering(shown),
  });
  offered = view.choices;
  if (half?.refused && half.at === halfAt(shown)) { // offer kept the taps; the refusal too
    remember(HALF, { ...recalled(HALF, HALF_SHAPE), refused: half.refused });
    await sayRefused(half.refused);
  }
}

let offered = []; // the choices drawn last (play finds there the move an entry answered)

/** The position a move half built for the game *shown* is kept for. */
function halfAt(shown) {
  const { table } = shown.game;
  return `${shown.id}:${table.moves.length}:${table.moves.at(-1)}`;
}

/** The record of the game *shown*, once the engine has written it (after the screen is
 * drawn: writing a long game's record takes longer than a tap should); not if another
 * game or move is shown by then. */
function showRecord(shown) {
  engine.call("table_record", JSON.stringify(shown.game.table)).then((text) => {
    if (shown === open) $("#record").textContent = text;
  }, () => {}); // a table the engine cannot write is said by the view already
}

let journalShown = null; // the game whose journal the list shows
/** The journal of the game *shown*: only the lines it gained are added to the list shown of
 * the same game (a long game's journal is not drawn again at every tap). */
function showJournal(shown) {
  const list = $("#journal");
  const journal = shown.game.journal ?? [];
  if (journalShown !== shown.id || list.childElementCount > journal.length) list.replaceChildren();
  journalShown = shown.id;
  list.append(...journal.slice(list.childElementCount).map((entry) => el("li", {}, `${entry.tap} ${entry.move}`)));
}

/** The game with one more line in its journal: every tap, undo and redo is kept. */
function journaled(game, tap, move) {
  return [...(game.journal ?? []), { tap, move, at: new Date().toISOString() }];
}

/** Save *next* as the game *base* showed, then say *done* (of *kind*); refuse if it was
 * changed elsewhere since. */
async function commit(base, next, done, kind = "info") {
  if (base !== open) return refresh("Not recorded: the game had changed; shown as it is now.", "error");
  const view = asked(next.table); // worked out by the engine while the browser saves
  try {
    const kept = await save(SHELF, base.id, next, base.rev);
    open = { id: base.id, game: kept, rev: kept.rev, unsaved: false };
    $("#refused").replaceChildren();
    await draw(view);
    say(done, kind);
  } catch (error) {
    if (error instanceof Stale && !base.unsaved) {
      await refresh("Not recorded: this game was changed in another tab and is shown here as it is now. Tap again if your move still stands.", "error");
      return;
    }
    open = { ...base, game: next, unsaved: true };
    await draw(view);
    const why = error instanceof Stale ? "the game was changed in another tab" : storageProblem(error);
    say(`NOT SAVED: ${why}. This tab still holds every tap: download or copy the record now.`, "error");
  }
}

async function play(text, base) {
  const answer = await engine.call("table_play", JSON.stringify(base.game.table), text);
  if (answer.problem) {
    const asked = offered.find((c) => c.ask?.length && text.startsWith(`${c.text} `));
    if (asked && base === open) return askAgain(asked, text, answer.problem);
    $("#refused").replaceChildren("Refused: ", await problemItem(answer.problem));
    return;
  }
  const game = base.game;
  await commit(base, { ...game, table: answer.ok, undone: [], journal: journaled(game, "play", text) }, `Saved: ${text}`);
}

/** What the table saw, entered with the move *asked* (a show-down with the dealer's
 * decision) as *text*, refused for *problem*: its questions are asked again with the
 * move's taps kept, and one labelled button takes the move back instead; kept with the
 * move half built, so that a reload says it again. The attempt refused is a line of the
 * journal (the scoresheet keeps what was tried), and the status line says it. */
async function askAgain(asked, text, problem) {
  const move = asked.text.replace(/ show$/, "");
  remember(HALF, { at: halfAt(open), chosen: asked.path, values: [], refused: { problem, move } });
  const { game } = open;
  await commit(open, { ...game, journal: journaled(game, "refused", text) }, `Refused: ${text}. Asked again, ${move} kept.`, "error");
}

/** The card game's show-down, asked of the engine card by card (taps.js askEntry): each
 * player is offered only the cards they can show; a card that cannot be is refused at once,
 * the cards before it kept. */
function answering(shown) {
  return {
    handles: (choice) => shown.game.table.game === "cuckoo-cards" && choice.text.endsWith(" show"),
    ask: async (choice, answers) => {
      const decision = choice.text.replace(/ show$/, "");
      const answer = await engine.call("table_show", JSON.stringify(shown.game.table), decision, JSON.stringify(answers));
      // a refusal's way back kept in sight once the question is laid out above it
      requestAnimationFrame(() => $("#refused .take-back")?.scrollIntoView({ block: "nearest" }));
      return answer.problem ? null : answer; // the engine's refusal of the whole move says it
    },
    refused: (choice, answers, problem, tried) => refuseCard(shown, choice, answers, problem, tried),
    answered: () => $("#refused").replaceChildren(), // a refusal said stands until the next card
  };
}

/** A show-down's card *tried* last refused for *problem*: said, with the way back, and kept
 * in the journal with its rule; the cards before it (*answers*) stand, over a reload too. */
async function refuseCard(shown, choice, answers, problem, tried) {
  if (shown !== open) return;
  const move = choice.text.replace(/ show$/, "");
  remember(HALF, { at: halfAt(shown), chosen: choice.path, values: [], answers: [...answers], refused: { problem, move } });
  const { game } = shown;
  const line = `${[choice.text, ...tried].join(" ")} (${problem.rule})`;
  await commit(shown, { ...game, journal: journaled(game, "refused", line) }, `Refused: ${problem.detail}.`, "error");
}

/** The refusal of a move asked again (see askAgain), said with its way back. */
async function sayRefused({ problem, move }) {
  const back = el("button", {
    type: "button",
    class: "take-back",
    onclick: async () => {
      remember(HALF, null);
      $("#refused").replaceChildren();
      await draw();
    },
  }, `Take back ${move}`);
  $("#refused").replaceChildren("Refused: ", await problemItem(problem), ` Asked again, ${move} kept; or `, back);
  back.scrollIntoView({ block: "nearest" }); // clear of the bar at the foot (app.css)
}

async function undo() {
  const base = open;
  const { game } = base;
  const last = game.table.moves.at(-1);
  const table = { ...game.table, moves: game.table.moves.slice(0, -1) };
  const undone = [...(game.undone ?? []), last];
  await commit(base, { ...game, table, undone, journal: journaled(game, "undo", last) }, `Took back ${last} (Redo puts it back).`);
}

async function redo() {
  const base = open;
  const { game } = base;
  const move = game.undone.at(-1);
  const answer = await engine.call("table_play", JSON.stringify(game.table), move);
  if (answer.problem) {
    $("#refused").replaceChildren("Refused: ", await problemItem(answer.problem));
    return;
  }
  const undone = game.undone.slice(0, -1);
  await commit(base, { ...game, table: answer.ok, undone, journal: journaled(game, "redo", move) }, `Put back ${move}`);
}

/** The record of the open game; *withJournal*: every tap, undo and redo follows its last
 * move as a comment (the file downloaded or copied keeps them; a shared link stays short). */
async function exported(withJournal = false) {
  const { game } = open;
  const journal = JSON.stringify(withJournal ? game.journal ?? [] : []);
  try {
    return { name: fileName(game), text: await engine.call("table_record", JSON.stringify(game.table), journal) };
  } catch (error) {
    say(`The record cannot be written: ${error.message}`, "error");
    return null;
  }
}

// -- wiring ----------------------------------------------------------------------------

for (const player of [0, 1]) {
  $(`[data-roll="${player}"] .taps`).append(
    ...[1, 2, 3, 4, 5, 6].map((value) =>
      el("button", {
        type: "button",
        "aria-label": `add a ${value}`,
        onclick: () => {
          if (rolls[player].length < 10) rolls[player].push(value);
          drawRolls();
          keepDraft();
        },
      }, String(value)),
    ),
  );
}
$("#new").addEventListener("click", () => {
  rolls[0].length = rolls[1].length = 0; // a new game starts from an empty roll
  remember(DRAFT, null);
  showSetup();
});
$("#cancel").addEventListener("click", () => { remember(DRAFT, null); showList(); });
$("#game").addEventListener("change", setupForm);
$("#players").addEventListener("input", setupForm);
$("#setup").addEventListener("input", keepDraft);
$("#setup").addEventListener("change", keepDraft);
$("#setup").addEventListener("submit", startGame);
$("#close").addEventListener("click", () => {
  if (!open?.unsaved || confirm(UNSAVED)) showList();
});
$("#undo").addEventListener("click", undo);
$("#redo").addEventListener("click", redo);
$("#download").addEventListener("click", async () => {
  const record = await exported(true);
  if (record) download(record.name, record.text);
});
$("#copy").addEventListener("click", async () => {
  const record = await exported(true);
  if (record) say(await copy(record.text));
});
$("#share").addEventListener("click", async () => {
  const record = await exported();
  if (!record) return;
  const moves = open.game.table.moves.length;
  await shareShown(record.name, record.text, { ply: moves }, $("#share-code"), `Scan it with another phone to open this game after ${count(moves, "move")}.`);
});

// A game whose last taps the browser could not keep (its storage full) is lost with the
// tab: leaving or reloading it is asked first (the status line offers the download)
const UNSAVED = "This browser has not kept this game's last taps (its storage refused them): they are lost if you leave it. Leave it anyway? Cancel, then Download, to keep its record.";
addEventListener("beforeunload", (event) => {
  if (open?.unsaved) event.preventDefault();
});

// Another tab wrote a game: the list shows it, and the game open here is shown as it is
watch(SHELF, (id, rev) => {
  if (!$("#list").hidden) showList();
  else if (open && id === open.id && rev !== open.rev && !open.unsaved) {
    refresh(rev === null ? "" : "Updated: this game was changed in another tab.");
  }
});

const tab = recalled(TAB, TAB_SHAPE);
if (tab && tab.screen === "table" && typeof tab.id === "string") {
  engine.ready.then(() => openGame(tab.id), () => showList());
} else if (tab && tab.screen === "setup") {
  restoreDraft();
  showSetup();
} else {
  drawRolls();
  showList();
}
