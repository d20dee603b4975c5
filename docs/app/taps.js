// Moves entered by taps: the engine lists every legal move as a path of labels (die, cell,
// side; or suit, rank; ...); the page offers the next labels of the paths that match the
// taps so far, so only legal moves can be built. A dice infection then asks for the new
// values of the re-rolled dice (or, against a bot, has them drawn).
import { el } from "./common.js";

/** Draw the choices into *box*; *play(text)* is called with a complete move's notation.
 * *rolled* (optional) handles an infection itself instead of asking for its re-roll. */
export function offer(box, choices, play, { rolled = null } = {}) {
  let chosen = [];
  const render = () => {
    const matching = choices.filter((c) => chosen.every((label, i) => c.path[i] === label));
    const done = matching.find((c) => c.path.length === chosen.length);
    const chips = el(
      "div",
      { class: "path", "aria-label": "Chosen so far" },
      ...chosen.map((label) => el("span", { class: "chip" }, label)),
      chosen.length
        ? el("button", { type: "button", class: "step-back", onclick: () => { chosen.pop(); render(); } }, "Back")
        : null,
    );
    if (done && done.roll.length) {
      if (rolled) {
        box.replaceChildren(chips);
        rolled(done.text);
      } else {
        box.replaceChildren(chips, rollEntry(done, play));
      }
      return;
    }
    if (done) {
      box.replaceChildren(chips);
      play(done.text);
      return;
    }
    const next = [...new Set(matching.map((c) => c.path[chosen.length]))];
    const wide = next.some((label) => label.length > 6);
    box.replaceChildren(
      chips,
      el(
        "div",
        { class: wide ? "taps wide" : "taps", role: "group", "aria-label": "Choose" },
        ...next.map((label) =>
          el("button", { type: "button", class: "tap", onclick: () => { chosen.push(label); render(); } }, label),
        ),
      ),
    );
  };
  render();
}

/** The re-roll of an infection, as the table's dice show it: a value for each die. */
function rollEntry(choice, play) {
  const values = choice.roll.map(() => null);
  const submit = el("button", { type: "button", class: "primary", disabled: true }, "Record the infection");
  submit.addEventListener("click", () => {
    const [take, ...give] = values;
    play(`${choice.text}(${take};${give.join(",")})`);
  });
  const rows = choice.roll.map((label, i) =>
    el(
      "fieldset",
      { class: "reroll" },
      el("legend", {}, `${label} now shows`),
      el(
        "div",
        { class: "taps" },
        ...[1, 2, 3, 4, 5, 6].map((value) =>
          el("button", {
            type: "button",
            "aria-pressed": "false",
            onclick: (event) => {
              values[i] = value;
              for (const b of event.target.parentNode.children) b.setAttribute("aria-pressed", String(b === event.target));
              submit.disabled = values.includes(null);
            },
          }, String(value)),
        ),
      ),
    ),
  );
  return el("div", { class: "roll" }, el("p", { class: "prompt" }, "Re-roll the dice and tap what they show:"), ...rows, submit);
}
