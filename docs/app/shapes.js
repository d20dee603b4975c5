// Every format the app keeps, each with one declared shape, checked whenever it is read:
// the games stored in IndexedDB (the recorder's and the play page's, their tables and
// journals), this tab's settings in sessionStorage, the games of earlier versions in
// localStorage, and the build's own description the engine's snapshot is keyed by. Stored
// data can be edited by hand or damaged; what does not fit its shape is never used, and is
// said in one line naming the first field that is wrong.
//
// A shape is a function (value, where) -> null, or what is wrong with the value at where.

const TEXT_MOST = 100_000; // characters of any one text (a name, a move, a comment)
const LIST_MOST = 100_000; // items of any one list (the moves of the longest match)
const DEPTH_MOST = 32; // the depth of a table's own fields, which the engine reads

/** *where* for the messages: "the game", "table.moves[3]". */
const at = (where, key) => (where ? `${where}${typeof key === "number" ? `[${key}]` : `.${key}`}` : String(key));
const named = (where) => where || "the value";
const plain = (value) => value !== null && typeof value === "object" && !Array.isArray(value)
  && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** A text of at most *most* characters. */
export const text = (most = TEXT_MOST) => (value, where) => {
  if (typeof value !== "string") return `${named(where)} is not a text`;
  return value.length > most ? `${named(where)} is longer than ${most} characters` : null;
};

/** A whole number from *least* to *most*. */
export const whole = (least, most) => (value, where) =>
  (Number.isInteger(value) && value >= least && value <= most ? null : `${named(where)} is not a whole number from ${least} to ${most}`);

/** One of *values* exactly. */
export const oneOf = (...values) => (value, where) =>
  (values.includes(value) ? null : `${named(where)} is not one of ${values.join(", ")}`);

/** A date and time as the app writes it (ISO 8601 text). */
export const date = (value, where) =>
  (typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? null : `${named(where)} is not a date`);

/** *shape*, or null. */
export const orNull = (shape) => (value, where) => (value === null ? null : shape(value, where));

/** A list of at most *most* items, each of *item*'s shape. */
export const list = (item, most = LIST_MOST) => (value, where) => {
  if (!Array.isArray(value)) return `${named(where)} is not a list`;
  if (value.length > most) return `${named(where)} has more than ${most} items`;
  for (let i = 0; i < value.length; i++) {
    const wrong = item(value[i], at(where, i));
    if (wrong) return wrong;
  }
  return null;
};

/** A record with the fields *needed* and, if present, *optional*, each of its shape; any
 * other field of shape *rest* (by default, none checked: kept as it is). */
export const record = (needed, optional = {}, rest = null) => (value, where) => {
  if (!plain(value)) return `${named(where)} is not a record`;
  for (const [key, shape] of Object.entries(needed)) {
    if (!Object.hasOwn(value, key)) return `${at(where, key)} is missing`;
    const wrong = shape(value[key], at(where, key));
    if (wrong) return wrong;
  }
  for (const [key, shape] of Object.entries(optional)) {
    if (!Object.hasOwn(value, key) || value[key] === undefined) continue;
    const wrong = shape(value[key], at(where, key));
    if (wrong) return wrong;
  }
  if (!rest) return null;
  for (const [key, field] of Object.entries(value)) {
    if (key in needed || key in optional) continue;
    const wrong = rest(field, at(where, key));
    if (wrong) return wrong;
  }
  return null;
};

/** Data that JSON can carry (what the engine is sent): texts, finite numbers, true and
 * false, null, and lists and records of them, at most DEPTH_MOST deep. */
export const json = (value, where, depth = 0) => {
  if (depth > DEPTH_MOST) return `${named(where)} is nested too deep`;
  if (value === null || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : `${named(where)} is not a finite number`;
  if (typeof value === "string") return text()(value, where);
  if (Array.isArray(value)) {
    if (value.length > LIST_MOST) return `${named(where)} has more than ${LIST_MOST} items`;
    for (let i = 0; i < value.length; i++) {
      const wrong = json(value[i], at(where, i), depth + 1);
      if (wrong) return wrong;
    }
    return null;
  }
  if (!plain(value)) return `${named(where)} is not data (a ${Object.prototype.toString.call(value).slice(8, -1)})`;
  for (const [key, field] of Object.entries(value)) {
    const wrong = json(field, at(where, key), depth + 1);
    if (wrong) return wrong;
  }
  return null;
};

/** What is wrong with *value* for *shape*, in a line, or null when it fits. */
export function fault(shape, value) {
  try {
    return shape(value, "");
  } catch (error) {
    return `unreadable (${error && error.name})`; // a getter or a proxy: never used
  }
}

// -- the formats ----------------------------------------------------------------------

export const GAMES = ["cuckoo-dice", "cuckoo-cards", "zum-kuckuck"];
/** The levels of bot the play page offers (play.html): a stored game names one of them,
 * never a bot whose search has no bound. */
export const LEVELS = ["easy", "medium", "hard"];

/** A table as the engine reads it: the page reads its game and moves; the rest is the
 * engine's to check (it refuses a wrong one with a message), as long as JSON carries it. */
export const TABLE = record({ game: oneOf(...GAMES), moves: list(text()) }, {}, json);

/** One line of the recorder's journal: a tap, an undo or a redo, or an entry refused (a
 * show-down, asked again), what it entered, when. */
export const JOURNAL_ENTRY = record({ tap: oneOf("play", "undo", "redo", "refused"), move: text(), at: date });

const STORED = { name: text(), rev: whole(0, Number.MAX_SAFE_INTEGER), table: TABLE, updated: date };

/** A game of the recorder (IndexedDB, cuckoo-recorder-games). */
export const RECORDED_GAME = record(STORED, { created: date, undone: list(text()), journal: list(JOURNAL_ENTRY) });

/** A game of the play page (IndexedDB, cuckoo-play-games): its seat, its bots' level, what
 * it told the player, where each of the player's moves began and how much had been told
 * then (heard), and for a guided first game the game whose guide it follows. */
export const PLAYED_GAME = record(
  { ...STORED, table: record({ game: oneOf(...GAMES), moves: list(text()), seed: whole(0, 2 ** 32 - 1) }, {}, json), human: text(), bot: oneOf(...LEVELS) },
  { created: date, said: list(text()), told: whole(0, Number.MAX_SAFE_INTEGER), marks: list(whole(0, LIST_MOST)), heard: list(whole(0, Number.MAX_SAFE_INTEGER)), guide: oneOf(...GAMES) },
);

/** The games of an earlier version kept in localStorage ({id: game}); each is checked as a
 * stored game once it has moved into IndexedDB. */
export const OLD_GAMES = record({}, {}, record({}, {}, json));

/** A problem the engine reported, as kept with a refusal. */
export const PROBLEM = record({ detail: text() }, { rule: orNull(text(100)), line: orNull(whole(0, LIST_MOST)), column: orNull(whole(0, LIST_MOST)), text: text() }, json);

/** This tab's screen in the recorder (sessionStorage): the list, the setup, or a game. */
export const TAB = record({ screen: oneOf("list", "setup", "table") }, { id: text(100) });

/** The recorder's setup as entered so far (sessionStorage): each field's text, each
 * player's opening roll. */
export const DRAFT = record({}, { rolls: list(list(whole(1, 6), 10), 2) }, text(TEXT_MOST));

/** A move half built (sessionStorage): where, the labels tapped, an infection's re-roll
 * tapped so far, the answers given to its questions, and a refusal being asked again
 * (record.js). */
export const HALF = record(
  { at: text() },
  { chosen: list(text()), values: list(orNull(whole(1, 6)), 20), answers: list(text(), 100), refused: record({ problem: PROBLEM, move: text() }) },
);

/** The build's description (build.json): the version the engine's snapshot is kept
 * under, and the files the engine loads. */
export const BUILD = record({ version: text(200), bytecode: text(1000), wheels: list(text(1000), 20) });
