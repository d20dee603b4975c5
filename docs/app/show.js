// The one way the app puts text into the page. Text from outside (a record, a stored game,
// a name, a comment, an engine's answer) becomes text nodes or attribute values, never
// markup: el() builds every element, and the engine's pictures come in through picture(),
// which parses them inert and keeps only what an SVG drawing needs. No other module sets
// innerHTML, outerHTML, insertAdjacentHTML or calls document.write
// (tests/app/test_app_shown.py fails if one does).

/** *text* from a record or a person (a name, a comment) set apart for the text around it
 * (first-strong isolate ... pop isolate): a direction override inside it (U+202E) cannot
 * reverse what follows, in plain text where no element can be used (an option). */
export function isolate(text) {
  return `\u2068${text}\u2069`;
}

/** A new element: el("p", {class: "x"}, "text", child, ...); the texts are text, whatever
 * they hold. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value != null) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c != null));
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
/** The elements an engine's picture is drawn with (cuckoo's svg modules); any other, with
 * what it holds, is dropped. */
const DRAWN = new Set(["svg", "defs", "marker", "g", "rect", "circle", "ellipse", "line", "path", "polygon", "polyline", "text", "tspan", "title", "desc"]);

/** The engine's SVG picture *svg* (a text) in place of what *box* holds. It is parsed in a
 * document of its own, where nothing runs; only SVG drawing elements are kept, with no
 * event attribute and no link: a name drawn in it stays text. */
export function picture(box, svg) {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${svg}`, "text/html").body;
  const root = parsed.firstElementChild;
  if (!root || root.namespaceURI !== SVG || root.localName !== "svg") {
    box.replaceChildren();
    return;
  }
  for (const node of [root, ...root.querySelectorAll("*")]) {
    if (node.namespaceURI !== SVG || !DRAWN.has(node.localName)) {
      node.remove();
      continue;
    }
    for (const { name } of [...node.attributes]) {
      if (/^on|href$|^style$/i.test(name)) node.removeAttribute(name);
    }
  }
  box.replaceChildren(document.adoptNode(root));
}
