// Moves entered by taps: the engine lists every legal move as a path of labels (die, cell,
// side; or suit, rank; ...); the page offers the next labels of the paths that match the
// taps so far, so only legal moves can be built. A dice infection then asks for the new
// values of the re-rolled dice (or, against a bot, has them drawn). The pyramid's picture
// can be tapped too: a part of it stands for the same labels as the buttons, so a tap on it
// is exactly the tap on the button it stands for.
import { HALF, fault } from "./shapes.js";
import { el, picture } from "./show.js";

const PARTS = "[data-cell], [data-die], [data-part]";

/** The runs of labels a part of the pyramid's picture may stand for: a die of the mover's
 * nest is placed, a die of the other nest is taken by an infection, a
 * cell is where, and a drawing of the chosen cell on a side is the side a face turns to. A part of a card game's picture (a seat, the deck) stands for the run
 * the engine gives it in *taps*. */
function standsFor(part, chosen, mover, taps) {
  if (part.dataset.part !== undefined) return taps?.[part.dataset.part] ? [taps[part.dataset.part]] : [];
  const { die, nest, cell, side } = part.dataset;
  // a die of the other nest is the one an infection takes (the dice given: see giveTargets)
  if (die !== undefined) return nest === String(mover) ? [["Place a die", die], [die]] : [[`take ${die}`]];
  const runs = [[`cell ${cell}`]];
  if (chosen.includes(`cell ${cell}`)) runs.push([`value to side ${side}`], [`next face to side ${side}`]);
  return runs;
}

/** Mark in *picture* the parts that are a next tap of a *matching* choice, and the chosen
 * cell; returns each target part with the labels it stands for. */
function markTargets(picture, chosen, matching, mover, taps) {
  const targets = new Map();
  const fits = (run) => matching.some((c) => run.every((label, k) => c.path[chosen.length + k] === label));
  for (const part of picture?.querySelectorAll(PARTS) ?? []) {
    const run = standsFor(part, chosen, mover, taps).find(fits);
    if (run) targets.set(part, run);
    part.classList.toggle("target", Boolean(run));
    if (part.dataset.part !== undefined) { // what a tap on it does, said on a long press
      part.querySelector(":scope > title.tap-title")?.remove();
      if (run) {
        const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
        title.classList.add("tap-title");
        title.textContent = run.join(", ");
        part.prepend(title);
      }
    }
    part.classList.toggle("chosen", part.dataset.cell !== undefined && chosen.includes(`cell ${part.dataset.cell}`));
  }
  // the die chosen is marked in its nest (the first of the dice it may be: they are alike)
  const die = chosen.find((label) => picture?.querySelector(`[data-die="${label}"][data-nest="${mover}"]`));
  picture?.querySelector(`[data-die="${die}"][data-nest="${mover}"]`)?.classList.add("chosen");
  return targets;
}

const MIN = 44;
/** CSS px: the least a finger taps (WCAG 2.2's enhanced target size). */

/** The part of the picture a small *part* is zoomed in with: the pyramid's side, nest or
 * dungeon, or the player's hand (Zum Kuckuck!'s play page); null for a seat of the card
 * games' pictures. */
function regionOf(part) {
  if (part.dataset.part?.startsWith("card ")) return "hand";
  if (part.dataset.side) return `side ${part.dataset.side}`;
  if (part.dataset.nest !== undefined) return `nest ${part.dataset.nest}`;
  return part.dataset.cell !== undefined ? "dungeon" : null;
}

/** On a phone the pyramid's cells and dice are smaller than a finger: its picture is then
 * zoomed into one region (a side, a nest, the dungeon) whose parts are tapped there, and
 * shown whole with each region holding targets as one target, which zooms in (or, if it
 * holds a single target, is that target); after each tap the picture is whole again. A part under 44 px that no zoom makes bigger is
 * no target: the buttons offer the same taps. *view* holds the zoom ({region}); returns
 * the targets as they are to be tapped. */
function fitTargets(picture, targets, view, step) {
  const svg = picture?.querySelector("svg");
  if (!svg) return targets;
  svg.querySelectorAll(".zoom-hit").forEach((hit) => hit.remove());
  picture.querySelector(".whole")?.remove();
  const whole = (svg.dataset.whole ??= svg.getAttribute("viewBox"));
  const frame = (box) => { // the picture's box, and its size in units (its shape on the page)
    const [, , w, h] = box.split(" ");
    svg.setAttribute("viewBox", box);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
  };
  frame(whole);
  picture.classList.remove("zoomed");
  for (const moved of svg.querySelectorAll("[data-moved]")) moveBy(moved, 0, 0); // as drawn
  const small = (part) => {
    const box = part.getBoundingClientRect();
    return Math.round(Math.min(box.width, box.height)) < MIN;
  };
  // a phone's width (the app's one-column layout) is tapped by a finger; a wider screen,
  // with a mouse too, keeps every part a target
  const phone = matchMedia("(max-width: 899px)").matches;
  const row = [...svg.querySelectorAll(":scope > [data-part]")];
  if (phone && inOneRow(row) && row.some(small)) fitRow(svg, row, frame);
  const tiny = phone ? [...targets.keys()].filter(small) : [];
  if (!tiny.length) return targets;
  const regions = new Map(); // each region holding small targets: those targets
  for (const part of tiny) {
    const region = regionOf(part);
    if (region) regions.set(region, [...(regions.get(region) ?? []), part]);
  }
  if (!regions.has(view.region)) view.region = null;
  const fit = new Map();
  if (view.region) { // zoomed in: the region's parts big enough are the targets
    const [x, y, w, h] = view.region === "hand" ? handFitted(svg) : bounds(withHeading(svg, view.region), 14);
    frame(`${x} ${y} ${Math.max(w, 120)} ${Math.max(h, 90)}`);
    picture.classList.add("zoomed");
    picture.prepend(el("button", { type: "button", class: "whole", onclick: () => step([]) }, "Whole picture"));
    for (const [part, run] of targets) {
      const shown = regionOf(part) === view.region && !small(part);
      part.classList.toggle("target", shown);
      if (shown) fit.set(part, run);
    }
    return fit;
  }
  // the whole picture: each region one target (the parts in it too small to be); every
  // size read before the picture is changed, so that it is laid out once
  const least = MIN / svg.getScreenCTM().a + 2; // in the picture's units
  const boxes = [...regions].map(([region, parts]) => [region, parts, bounds(partsOf(svg, region), 4)]);
  for (const [part, run] of targets) {
    part.classList.toggle("target", !tiny.includes(part));
    if (!tiny.includes(part)) fit.set(part, run);
  }
  for (const [region, parts, box] of boxes) {
    let [x, y, w, h] = box;
    if (w < least) [x, w] = [x - (least - w) / 2, least];
    if (h < least) [y, h] = [y - (least - h) / 2, least];
    const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    const attributes = { x, y, width: w, height: h, rx: 6, class: "zoom-hit target", "data-zoom": region };
    for (const [key, value] of Object.entries(attributes)) hit.setAttribute(key, value);
    svg.append(hit);
    fit.set(hit, parts.length === 1 ? targets.get(parts[0]) : ZOOM);
  }
  return fit;
}
const ZOOM = ["(zoom in)"];

/** Whether the card game's *parts* (its seats and the deck) stand in one row. */
function inOneRow(parts) {
  if (parts.length < 2) return false;
  const tops = parts.map((part) => Math.round(part.getBBox().y));
  return tops.every((top) => top === tops[0]);
}

/** The card game's row of *parts* on a phone: each part made as wide as its place in the
 * row (a transparent hit area, ringed when it is a target), and the row laid out again in
 * as many rows as a finger's width for each part needs, what is drawn under it moved down;
 * *frame* sets the picture's box. */
function fitRow(svg, parts, frame) {
  const boxes = parts.map((part) => part.getBBox());
  const pitch = boxes[1].x - boxes[0].x;
  if (pitch <= 4) return; // a picture not laid out (hidden while it was drawn): no row to fit
  const top = Math.min(...boxes.map((b) => b.y)) - 2;
  const height = Math.max(...boxes.map((b) => b.y + b.height)) + 2 - top;
  parts.forEach((part, i) => {
    if (part.querySelector(":scope > rect.hit")) return;
    const centre = boxes[i].x + boxes[i].width / 2;
    const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    const attributes = { x: centre - pitch / 2 + 2, y: top, width: pitch - 4, height, rx: 6, fill: "transparent", class: "hit" };
    for (const [key, value] of Object.entries(attributes)) hit.setAttribute(key, value);
    part.prepend(hit);
  });
  const [, , width, whole] = svg.dataset.whole.split(" ").map(Number);
  const left = boxes[0].x; // the margin each side, in the picture's units
  const across = fitting(svg, pitch - 4, pitch, 2 * left, parts.length);
  const under = drawnUnder(svg, top + height);
  const needed = Math.max(...under.map((c) => c.getBBox().x + c.getBBox().width + left));
  const [, , w, h] = arrange(parts, across);
  const drop = h - height;
  for (const child of under) moveBy(child, 0, drop);
  if (drop) frame(`0 0 ${Math.min(width, Math.max(w + 2 * left, needed))} ${whole + drop}`);
}

/** How many parts *wide* a row holds (each *step* from the next, *margin* beside them all)
 * if each is to be a finger's width on the screen of *svg*; at most *count*. */
function fitting(svg, wide, step, margin, count) {
  const units = svg.getBoundingClientRect().width * wide / (MIN + 2); // the row's room
  const across = Math.max(1, Math.floor((units - margin + step - wide) / step));
  const rows = Math.ceil(count / across);
  return Math.ceil(count / rows); // rows as even as they can be
}

/** *parts* (alike, each a step from the next) laid out *across* a row, rows under rows,
 * from where the first is drawn; the box [x, y, w, h] they then fill. */
function arrange(parts, across) {
  const boxes = parts.map((part) => part.getBBox());
  const { x, y, width } = boxes[0];
  const height = Math.max(...boxes.map((b) => b.height));
  const gap = boxes.length > 1 && boxes[1].x > x ? boxes[1].x - x - width : 2;
  parts.forEach((part, i) => {
    moveBy(part, x + (i % across) * (width + gap) - boxes[i].x, y + Math.floor(i / across) * (height + gap) - boxes[i].y);
  });
  const rows = Math.ceil(parts.length / across);
  return [x, y, Math.min(across, parts.length) * (width + gap) - gap, rows * (height + gap) - gap];
}

/** The player's hand zoomed in on a phone: its cards laid out in rows of a finger's width
 * each, what is drawn under it moved down; the box to show. */
function handFitted(svg) {
  const cards = partsOf(svg, "hand");
  const { width } = cards[0].getBBox();
  const [, top, , height] = bounds(cards, 0);
  const under = drawnUnder(svg, top + height);
  const [x, y, w, h] = arrange(cards, fitting(svg, width, width + 2, 28, cards.length));
  for (const child of under) moveBy(child, 0, h - height);
  return [x - 14, y - 14, w + 28, h + 28];
}

/** What *svg* draws from *top* down, but its parts. */
function drawnUnder(svg, top) {
  return [...svg.children].filter((child) => !child.matches("[data-part], title, desc") && child.getBBox().y >= top);
}

/** *element* moved by *dx*, *dy* in the picture's units from where it is drawn (0, 0: back). */
function moveBy(element, dx, dy) {
  if (dx || dy) {
    element.setAttribute("transform", `translate(${dx} ${dy})`);
    element.dataset.moved = "";
  } else {
    element.removeAttribute("transform");
    delete element.dataset.moved;
  }
}

/** Every part of *region* of the picture *svg*, targets or not. */
function partsOf(svg, region) {
  return [...svg.querySelectorAll(PARTS)].filter((part) => regionOf(part) === region);
}

/** The parts of *region* and its heading, if the picture writes one ("side A"): zoomed in,
 * a side is shown with its name (at 320 px it was cut off above). */
function withHeading(svg, region) {
  const heading = [...svg.querySelectorAll("text")].find((text) => text.textContent.trim() === region);
  return heading ? [...partsOf(svg, region), heading] : partsOf(svg, region);
}

/** The box in the picture's units around *parts*, *pad* added each way: [x, y, w, h]. */
function bounds(parts, pad) {
  const boxes = parts.map((p) => p.getBBox());
  const x = Math.min(...boxes.map((b) => b.x)) - pad;
  const y = Math.min(...boxes.map((b) => b.y)) - pad;
  const w = Math.max(...boxes.map((b) => b.x + b.width)) + pad - x;
  const h = Math.max(...boxes.map((b) => b.y + b.height)) + pad - y;
  return [x, y, w, h];
}

/** The dice of *labels* ("give Blue's 1 + Blue's 3") still to tap once the dice of *parts*
 * are tapped; null if those do not all belong to it. */
function stillToGive(label, parts) {
  const rest = label.replace(/^give /, "").split(" + ");
  for (const part of parts) {
    const at = rest.indexOf(part.dataset.die);
    if (at < 0) return null;
    rest.splice(at, 1);
  }
  return rest;
}

/** An infection's dice given, tapped one by one in the mover's nest: the dice that can
 * still be added to those tapped (*giving*) are ringed, those tapped marked; a tap on a
 * die stands for the give label once the dice tapped are exactly one label's and no
 * other can grow from them (else its button, or another die, decides). */
function giveTargets(picture, labels, giving, mover, targets) {
  for (const part of picture?.querySelectorAll(`[data-die][data-nest="${mover}"]`) ?? []) {
    const more = !giving.includes(part) && labels.some((label) => stillToGive(label, [...giving, part]));
    if (more) targets.set(part, GIVE);
    part.classList.toggle("target", more);
    part.classList.toggle("chosen", giving.includes(part));
  }
}
const GIVE = ["(a die given)"];

/** The engine's picture of *view* into *box*, the cell of the last placement marked. */
export function showPicture(box, view) {
  picture(box, view.svg);
  for (const part of box.querySelectorAll("[data-cell]")) part.classList.toggle("last", part.dataset.cell === view.last);
  for (const part of box.querySelectorAll("[data-part]")) part.classList.toggle("last", part.dataset.part === view.last_part);
}

/** *view* (an engine's answer) with each choice's questions in place of their numbers:
 * the engine writes each question once, in *view.questions*, however many moves ask it. */
export function withQuestions(view) {
  for (const choice of view.choices ?? []) choice.ask = choice.ask.map((k) => view.questions[k]);
  return view;
}

/** Draw the choices into *box*; *play(text)* is called with a complete move's notation.
 * *rolled* (optional) handles an infection itself instead of asking for its re-roll.
 * *picture* (optional) holds the pyramid's picture, whose nest dice and cells are then
 * tapped as the buttons are, for the player *mover* (0 Blue, 1 Red); or a card game's,
 * whose parts stand for the runs of labels *taps* gives them ({"seat 0": ["keep"]}).
 * *keep* (optional, {key, at}) keeps the move half built in this tab's session storage
 * under *key*, for the position *at*: a reload there offers it as it was left.
 * *answering* (optional, {ask, refused}) asks the engine each question of a move whose
 * options follow from the answers before it (a show-down's cards): see askEntry. */
export function offer(box, choices, play, { rolled = null, picture = null, mover = null, taps = null, keep = null, answering = null } = {}) {
  const half = halfBuilt(keep, choices);
  let chosen = half.chosen;
  let targets = new Map();
  let giving = []; // the dice of an infection tapped so far on the picture
  let gives = [];
  const view = { region: null }; // the phone's zoom of the pyramid (fitTargets)
  const step = (labels) => {
    chosen.push(...labels);
    giving = [];
    view.region = null; // the whole picture again after each tap ("Whole picture": none)
    render();
  };
  if (picture) {
    picture.onclick = (event) => {
      const part = event.target.closest(`${PARTS}, .zoom-hit`);
      const run = targets.get(part);
      if (!run) return;
      if (run === ZOOM) {
        view.region = part.dataset.zoom;
        return render();
      }
      if (run !== GIVE) return step(run);
      giving.push(part);
      const whole = gives.filter((label) => stillToGive(label, giving)?.length === 0);
      const growing = gives.filter((label) => stillToGive(label, giving)?.length > 0);
      if (whole.length === 1 && !growing.length) return step(whole);
      render();
    };
  }
  const made = (text) => { keepHalf(keep, [], []); play(text); }; // a move made: none half built
  const kept = () => keepHalf(keep, chosen, half.values, half.answers);
  const render = () => {
    const matching = choices.filter((c) => chosen.every((label, i) => c.path[i] === label));
    const done = matching.find((c) => c.path.length === chosen.length);
    if (!done?.roll.length) half.values.length = 0; // a re-roll belongs to its infection
    if (!done?.ask?.length) half.answers.length = 0; // and answers to their move
    // a move made is no longer half built: an undo back here must not make it again
    const making = done && (done.roll.length ? rolled : !done.ask?.length); // made now
    keepHalf(keep, making ? [] : chosen, half.values, half.answers);
    if (done && !done.roll.length && !done.ask?.length) {
      // made: the page draws the screen again once it is saved, so the picture is only
      // stilled here (no target left to tap twice), not fitted again, a tap sooner
      targets = new Map();
      for (const part of picture?.querySelectorAll(".target") ?? []) part.classList.remove("target");
      box.replaceChildren(chipsOf(chosen));
      play(done.text);
      return;
    }
    targets = markTargets(picture, chosen, done ? [] : matching, mover, taps);
    gives = done ? [] : [...new Set(matching.map((c) => c.path[chosen.length]))].filter((l) => l.startsWith("give "));
    if (gives.length) giveTargets(picture, gives, giving, mover, targets);
    targets = fitTargets(picture, targets, view, step);
    const chips = chipsOf(chosen, () => { chosen.pop(); giving = []; render(); });
    if (done && done.roll.length) {
      if (rolled) {
        box.replaceChildren(chips);
        rolled(done.text);
      } else {
        box.replaceChildren(chips, rollEntry(done, made, half.values, kept));
      }
      return;
    }
    if (done) {
      box.replaceChildren(chips, askEntry(done, made, half.answers, kept, answering));
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
          el("button", { type: "button", class: "tap", onclick: () => step([label]) }, label),
        ),
      ),
    );
  };
  render();
}

/** The labels tapped so far, as chips; with *back*, a button that takes the last back. */
function chipsOf(chosen, back = null) {
  return el(
    "div",
    { class: "path", "aria-label": "Chosen so far" },
    ...chosen.map((label) => el("span", { class: "chip" }, label)),
    chosen.length && back ? el("button", { type: "button", class: "step-back", onclick: back }, "Back") : null,
  );
}

/** The move half built for *keep*'s position as kept ({chosen, values}), the taps that
 * lead to no offered move dropped; nothing kept, none. */
function halfBuilt(keep, choices) {
  let kept = null;
  try {
    kept = keep && JSON.parse(sessionStorage.getItem(keep.key));
  } catch {
    // no session storage: a reload starts the move afresh
  }
  if (fault(HALF, kept) || kept.at !== keep.at) return { chosen: [], values: [], answers: [] };
  const chosen = kept.chosen ?? [];
  while (chosen.length && !choices.some((c) => chosen.every((label, i) => c.path[i] === label))) chosen.pop();
  return { chosen, values: kept.values ?? [], answers: kept.answers ?? [] };
}

/** Keep the move half built (the labels *chosen*, an infection's re-roll *values*, the
 * *answers* given to its questions). */
function keepHalf(keep, chosen, values, answers = []) {
  if (!keep) return;
  try {
    sessionStorage.setItem(keep.key, JSON.stringify({ at: keep.at, chosen, values, answers }));
  } catch {
    // no session storage: the half-built move lives as long as the page
  }
}

/** The re-roll of an infection, as the table's dice show it: a value for each die (the
 * *values* tapped before a reload shown again; *kept* is told of each tap). */
function rollEntry(choice, play, values = [], kept = () => {}) {
  values.length = choice.roll.length;
  for (let i = 0; i < values.length; i++) if (![1, 2, 3, 4, 5, 6].includes(values[i])) values[i] = null;
  const submit = el("button", { type: "button", class: "primary", disabled: values.includes(null) }, "Record the infection");
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
            "aria-pressed": String(values[i] === value),
            onclick: (event) => {
              values[i] = value;
              for (const b of event.target.parentNode.children) b.setAttribute("aria-pressed", String(b === event.target));
              submit.disabled = values.includes(null);
              kept();
            },
          }, String(value)),
        ),
      ),
    ),
  );
  return el("div", { class: "roll" }, el("p", { class: "prompt" }, "Re-roll the dice and tap what they show:"), ...rows, submit);
}

/** What the table saw that a move needs besides its taps (the cockatoo cards each player
 * took, the cards of a show-down): each question of *choice.ask* in turn, its options
 * tapped as moves are (or, for a question of many, toggled, then Done); the move's text is
 * then played with the answers after it. *answers* holds those given already (before a
 * reload: those that are no longer options dropped, with what follows them); *kept* is
 * told of each one given. With *answering*, each question is the engine's:
 * for a *choice* that *answering.handles*, *answering.ask(choice, answers)* answers
 * {standing, question, refused} (how many answers stand, the next question offering only
 * what can be, the problem of a last answer that cannot), or null (asked as written); a
 * refusal goes to *answering.refused(choice, answers, problem, tried)*, the answers that
 * stand kept; *answering.answered()* is told of each answer tapped. */
function askEntry(choice, play, answers = [], kept = () => {}, answering = null) {
  const engine = answering?.handles(choice) ? answering : null;
  let standing = 0;
  while (!engine && standing < Math.min(answers.length, choice.ask.length)
    && answerable(offered(choice, answers.slice(0, standing)), answers[standing])) standing++;
  if (!engine) answers.length = standing;
  const entry = el("div", { class: "ask" });
  const next = async () => {
    let question = null;
    const told = engine && await engine.ask(choice, answers);
    if (told) {
      const tried = [...answers];
      if (tried.length > told.standing) { // answers that no longer stand: dropped
        answers.length = told.standing;
        kept();
      }
      if (told.refused && tried.length > told.standing) return engine.refused(choice, answers, told.refused, tried);
      question = told.question;
    }
    if (answers.length === choice.ask.length) {
      play([choice.text, ...answers].join(" "));
      return;
    }
    question ??= offered(choice, answers);
    const given = el("div", { class: "path", "aria-label": "Answered so far" },
      ...answers.map((answer, i) => el("span", { class: "chip" }, `${choice.ask[i].label}: ${answer}`)));
    const asked = el("div", { class: "question" });
    const take = (text) => {
      answers.push(text);
      kept();
      engine?.answered();
      // the last card one the engine offered: the move is whole, and played without asking
      // the engine again (the saving tap pays for one call, not two)
      const sure = engine && question.options.some((o) => o.text === text && !o.other);
      if (sure && answers.length === choice.ask.length) play([choice.text, ...answers].join(" "));
      else next();
    };
    entry.replaceChildren(given, el("p", { class: "prompt" }, `${question.label}:`), asked);
    if (question.many) manyEntry(asked, question, take);
    else offer(asked, question.options.map((o) => ({ ...o, roll: [], ask: [] })), take);
    // focused for a keyboard once the answer is painted (a focus lays the page out at once:
    // a slowed phone paid for it inside the tap), never scrolled to: a refusal's way back,
    // scrolled into sight (record.js), stays there
    const first = asked.querySelector("button");
    requestAnimationFrame(() => setTimeout(() => { if (first?.isConnected) first.focus({ preventScroll: true }); }));
  };
  next();
  return entry;
}

/** The next question of *choice* once *answers* are given, as it is offered: a card of a
 * show-down answered already is not offered again (its questions are *distinct*). */
function offered(choice, answers) {
  const question = choice.ask[answers.length];
  if (!question.distinct) return question;
  const taken = new Set(answers.filter((_, i) => choice.ask[i].distinct));
  return { ...question, options: question.options.filter((o) => !taken.has(o.text)) };
}

/** Whether *answer* is one *question* offers (a question of many: each of its words). */
function answerable(question, answer) {
  const texts = question.options.map((o) => o.text);
  return question.many ? answer.split(" ").every((word) => texts.includes(word)) : texts.includes(answer);
}

/** A question answered by any number of its options: each toggled, then Done. Options
 * picked in two taps (a Zum Kuckuck! card: its ten, then itself) are offered a group at a
 * time, the tens first; those picked so far are shown, and Done, above them. */
function manyEntry(box, question, take) {
  const picked = new Set();
  const groups = [...new Set(question.options.filter((o) => o.path.length > 1).map((o) => o.path[0]))];
  let open = null; // the group whose options are shown
  const done = el("button", { type: "button", class: "primary", disabled: true }, "Done");
  done.addEventListener("click", () => take(question.options.filter((o) => picked.has(o.text)).map((o) => o.text).join(" ")));
  const toggle = (option) => (event) => {
    if (picked.has(option.text)) picked.delete(option.text);
    else picked.add(option.text);
    event.currentTarget.setAttribute("aria-pressed", String(picked.has(option.text)));
    done.disabled = picked.size === 0;
    if (groups.length) render();
  };
  const render = () => {
    const shown = question.options.filter((o) => (o.path.length > 1 ? o.path[0] === open : true));
    box.replaceChildren(
      groups.length
        ? el("p", { class: "path", "aria-label": "Picked so far" },
          ...[...picked].map((text) => el("span", { class: "chip" }, text)), done)
        : null,
      groups.length
        ? el("div", { class: "taps wide", role: "group", "aria-label": "Tens" },
          ...groups.map((group) => el("button", {
            type: "button",
            class: "tap",
            "aria-expanded": String(group === open),
            onclick: () => { open = group; render(); },
          }, group)))
        : null,
      el("div", { class: "taps", role: "group", "aria-label": question.label },
        ...shown.map((option) =>
          el("button", { type: "button", "aria-pressed": String(picked.has(option.text)), onclick: toggle(option) },
            option.path.at(-1)),
        ),
      ),
      groups.length ? null : done,
    );
  };
  render();
}
