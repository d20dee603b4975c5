// The games kept in this browser (localStorage): written at once after every move, so that
// a closed tab, a reload or a crash loses nothing.

/** The games kept under *key*: {id: {name, table, created, updated}}. */
export function games(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}

/** Keep *game* as *id* under *key*. */
export function keep(key, id, game) {
  const all = games(key);
  all[id] = { ...game, updated: new Date().toISOString() };
  localStorage.setItem(key, JSON.stringify(all));
}

/** Forget game *id*. */
export function forget(key, id) {
  const all = games(key);
  delete all[id];
  localStorage.setItem(key, JSON.stringify(all));
}

/** The file name a game's record is downloaded as. */
export function fileName(game) {
  const stem = game.name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-|-$/g, "") || "game";
  return `${stem}.cuckoo`;
}
