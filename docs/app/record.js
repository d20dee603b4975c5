// The table recorder: set up a game as the table shows it, then tap each move the engine
// says is legal; every move is saved in the browser at once; export the canonical record.
import { copy, download, el, keepOffline, problemItem, say, startEngine } from "./common.js";
import { fileName, forget, games, keep } from "./store.js";
import { offer } from "./taps.js";

const KEY = "cuckoo-recorder-games";
const OPEN = "cuckoo-recorder-open";
const NAMES = { "cuckoo-dice": "Dice pyramid", "cuckoo-cards": "Card game", "zum-kuckuck": "Zum Kuckuck!" };
const engine = startEngine();
keepOffline(engine);
const $ = (selector) => document.querySelector(selector);
let openId = null;

function showOnly(id) {
  for (const section of ["list", "setup", "table"]) $(`#${section}`).hidden = section !== id;
}

// -- the list of games ------------------------------------------------------------------

function showList() {
  openId = null;
  localStorage.removeItem(OPEN);
  const all = Object.entries(games(KEY)).sort((a, b) => b[1].updated.localeCompare(a[1].updated));
  $("#games").replaceChildren(
    ...all.map(([id, game]) =>
      el(
        "li",
        {},
        el("span", { class: "name" }, game.name, el("br"),
          el("small", {}, `${game.table.moves.length} moves · ${new Date(game.updated).toLocaleString()}`)),
        el("button", { type: "button", class: "needs-engine", onclick: () => openGame(id) }, "Continue"),
        el("button", {
          type: "button",
          onclick: () => {
            if (confirm(`Delete ${game.name}? Its record is lost unless downloaded.`)) {
              forget(KEY, id);
              showList();
            }
          },
        }, "Delete"),
      ),
    ),
  );
  $("#no-games").hidden = all.length > 0;
  showOnly("list");
}

// -- setting up a new game --------------------------------------------------------------

const rolls = [[], []];

function drawRolls() {
  for (const player of [0, 1]) {
    const box = $(`[data-roll="${player}"]`);
    box.querySelector(".dice-entry").replaceChildren(
      ...rolls[player].map((value, i) =>
        el("button", {
          type: "button",
          class: "die",
          "aria-label": `remove this ${value}`,
          onclick: () => { rolls[player].splice(i, 1); drawRolls(); },
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
    ? [table.names.Blue || "Blue", table.names.Red || "Red"].join(" vs ")
    : table.players.join(", ");
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
  keep(KEY, id, { name: gameName(answer.ok), table: answer.ok, created });
  await openGame(id);
}

// -- recording -------------------------------------------------------------------------

async function openGame(id) {
  openId = id;
  localStorage.setItem(OPEN, id);
  showOnly("table");
  await draw();
}

async function draw() {
  const game = games(KEY)[openId];
  if (!game) return showList();
  $("#table-title").textContent = game.name;
  const view = await engine.call("table_view", JSON.stringify(game.table));
  if (view.problem) {
    $("#refused").replaceChildren(await problemItem(view.problem));
    return;
  }
  $("#picture").innerHTML = view.svg;
  $("#prompt").textContent = view.over ? "The game is over." : `Next: ${view.prompt}`;
  $("#record").textContent = view.record;
  $("#undo").disabled = game.table.moves.length === 0;
  offer($("#choices"), view.choices, play);
}

async function play(text) {
  const game = games(KEY)[openId];
  const answer = await engine.call("table_play", JSON.stringify(game.table), text);
  if (answer.problem) {
    $("#refused").replaceChildren("Refused: ", await problemItem(answer.problem));
  } else {
    keep(KEY, openId, { ...game, table: answer.ok });
    $("#refused").replaceChildren();
    say(`Saved: ${text}`);
  }
  await draw();
}

async function exported() {
  const game = games(KEY)[openId];
  return { name: fileName(game), text: await engine.call("table_record", JSON.stringify(game.table)) };
}

// -- wiring ----------------------------------------------------------------------------

for (const player of [0, 1]) {
  $(`[data-roll="${player}"] .taps`).append(
    ...[1, 2, 3, 4, 5, 6].map((value) =>
      el("button", {
        type: "button",
        "aria-label": `add a ${value}`,
        onclick: () => { if (rolls[player].length < 10) rolls[player].push(value); drawRolls(); },
      }, String(value)),
    ),
  );
}
drawRolls();
$("#new").addEventListener("click", () => {
  $("#setup-problem").replaceChildren();
  rolls[0].length = rolls[1].length = 0; // a new game starts from an empty roll
  drawRolls();
  showOnly("setup");
  setupForm();
});
$("#cancel").addEventListener("click", showList);
$("#game").addEventListener("change", setupForm);
$("#players").addEventListener("input", setupForm);
$("#setup").addEventListener("submit", startGame);
$("#close").addEventListener("click", showList);
$("#undo").addEventListener("click", async () => {
  const game = games(KEY)[openId];
  const moves = game.table.moves.slice(0, -1);
  keep(KEY, openId, { ...game, table: { ...game.table, moves } });
  say(`Took back ${game.table.moves.at(-1)}`);
  await draw();
});
$("#download").addEventListener("click", async () => {
  const { name, text } = await exported();
  download(name, text);
});
$("#copy").addEventListener("click", async () => say(await copy((await exported()).text)));

const resume = localStorage.getItem(OPEN);
if (resume && games(KEY)[resume]) engine.ready.then(() => openGame(resume));
else showList();
