// The dice pyramid against a bot. The page draws a seed for the dice and keeps it with the
// game, so the dice of every ply are the engine's function of (seed, ply): a reload rolls
// nothing new. Every re-roll is announced; the game is saved after every move.
import { download, keepOffline, problemItem, say, startEngine } from "./common.js";
import { Stale, fileName, game as storedGame, save, storageProblem } from "./store.js";
import { offer, showPicture } from "./taps.js";

const KEY = "cuckoo-play-games";
const ID = "current";
const engine = startEngine();
keepOffline(engine);
const $ = (selector) => document.querySelector(selector);
/** The game on the table and the stored version it was read at (null: not stored yet). */
let current = null;

/** Keep *game*; the tab's own copy goes on if the browser refuses, and the player is told. */
async function keep(game) {
  try {
    const kept = await save(KEY, ID, game, current ? current.rev : null);
    current = { game: kept, rev: kept.rev };
  } catch (error) {
    if (error instanceof Stale) {
      // a game begun in another tab: it is the one kept, and this tab shows it
      current = error.current ? { game: error.current, rev: error.current.rev } : null;
      say("Not recorded: this game was changed in another tab; it is shown here as it is now.", "error");
      return false;
    }
    current = { game, rev: current ? current.rev : null };
    say(`NOT SAVED: ${storageProblem(error)}. Download the game to keep it.`, "error");
  }
  return true;
}

function announce(who, words) {
  $("#announce").textContent = `${who} ${words}`;
}

async function start(event) {
  event.preventDefault();
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const setup = await engine.call("random_setup", seed);
  const human = $("#side").value;
  const bot = $("#bot").value;
  const table = {
    game: "cuckoo-dice",
    ruleset: $("#ruleset").value,
    names: human === "Blue" ? { Blue: "you", Red: bot } : { Blue: bot, Red: "you" },
    rolls: setup.rolls,
    first: setup.first,
    seed,
    moves: [],
  };
  const name = `You (${human}) vs ${bot}, seed ${seed}`;
  say("");
  await keep({ name, table, human, bot, created: new Date().toISOString() });
  $("#announce").textContent = `${setup.first} moves first.`;
  await turn();
}

async function play(text, who) {
  const { game } = current;
  const answer = await engine.call("table_play", JSON.stringify(game.table), text);
  if (answer.problem) {
    $("#refused").replaceChildren("Refused: ", await problemItem(answer.problem));
    return turn();
  }
  if (!(await keep({ ...game, table: answer.ok }))) return turn();
  $("#refused").replaceChildren();
  announce(who, await engine.call("describe", text));
  return turn();
}

async function turn() {
  if (!current) return;
  const { game } = current;
  $("#setup").hidden = true;
  $("#table").hidden = false;
  $("#table-title").textContent = game.name;
  const view = await engine.call("table_view", JSON.stringify(game.table));
  showPicture($("#picture"), view);
  $("#record").textContent = view.record;
  if (view.over) {
    $("#prompt").textContent = "The game is over: " + view.record.trim().split("\n").at(-1);
    $("#choices").replaceChildren();
    return;
  }
  if (view.to_move !== game.human) {
    $("#prompt").textContent = `${game.bot} is thinking…`;
    $("#choices").replaceChildren();
    const move = await engine.call("bot_move", JSON.stringify(game.table), game.bot);
    return play(move, `${game.bot} (${view.to_move})`);
  }
  $("#prompt").textContent = `Your move (${game.human})`;
  offer($("#choices"), view.choices, (text) => play(text, "You"), {
    rolled: async (infection) => {
      const text = await engine.call("with_rolls", JSON.stringify(game.table), infection);
      await play(text, "You");
    },
    picture: $("#picture"),
    mover: ["Blue", "Red"].indexOf(view.to_move),
  });
}

$("#setup").addEventListener("submit", start);
$("#again").addEventListener("click", () => {
  $("#setup").hidden = false;
  $("#table").hidden = true;
});
$("#download").addEventListener("click", async () => {
  const { game } = current;
  download(fileName(game), await engine.call("table_record", JSON.stringify(game.table)));
});

async function resume() {
  try {
    const game = await storedGame(KEY, ID);
    if (game) current = { game, rev: game.rev };
  } catch (error) {
    say(`The game kept in this browser cannot be read: ${error.message}. Start a new one.`, "error");
    return;
  }
  if (current) await turn();
}
engine.ready.then(resume, () => {});
