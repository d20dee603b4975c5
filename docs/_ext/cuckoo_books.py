"""Two books in one site: the player's book and the implementer's (issue #52).

The player's book is the document ``cuckoo_players_root`` (``players``) and every document
its toctrees reach: the Learn to Play pages, the cards, the Rules Reference and "Writing a
game down". From any of its pages a player reaches only its pages and the app:

* the sidebar shows the player's book's own navigation, its brand leads to the book's front
  page, the head of the page names neither the site's index nor its search, and the search
  box leads to ``players-search``, a search page that reads only the book's
  own index (``searchindex-players.js``, the site's index cut down to the book);
* the links to the previous and next page stop at the book's covers;
* a link in a page's body that would leave the book is a warning (an error with ``-W``),
  except the two kinds the rule extensions make on their own: a rule ID stays, but
  unlinked, and a topic's line of examples from the specification is left out;
* one link, at the foot of each page, leads to ``cuckoo_implementers`` ("For implementers").

The implementer's pages keep the whole site's navigation and search.
"""

from __future__ import annotations

import json
import posixpath
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cuckoo_spec.data import RULE_ID
from docutils import nodes
from furo.navigation import get_navigation_tree
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.environment.adapters.toctree import _resolve_toctree
from sphinx.util import logging

from cuckoo.files import replace_file

logger = logging.getLogger(__name__)

SEARCH = "players-search"
"""The player's book's search page."""
INDEX = "searchindex-players.js"
"""Its index: the site's, cut down to the player's book."""
OPEN = ("app/",)
"""What a player may reach outside the book's documents: the app."""
PLAY_INSTEAD = "Rather learn by playing?"
"""How the line under a Learn page's title starts: a link into the app's guided first game."""
SCREEN_ONLY = "cuckoo-viewer-link"
"""The class of a paragraph that is a way into the app, of no use on paper: the printed
booklets leave it out (rulebook.css), as they leave out the links into the viewer."""
FOOT = "cuckoo-book-foot"
"""The class of the paragraph at the foot of a player's page, with its one way out."""


def book(env: BuildEnvironment) -> set[str]:
    """The documents of the player's book: its root and all its toctrees reach."""
    root = env.config.cuckoo_players_root
    docs, todo = set(), [root]
    while todo:
        doc = todo.pop()
        if doc not in docs:
            docs.add(doc)
            todo.extend(env.toctree_includes.get(doc, []))
    return docs


def _target(docname: str, uri: str) -> str | None:
    """The page a link of *docname* leads to (``spec/x`` for ``../spec/x.html#y``), or None
    for a link that stays on the page or leaves the site."""
    parts = urlsplit(uri)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    path = posixpath.normpath(posixpath.join(posixpath.dirname(docname), parts.path))
    return path.removesuffix(".html")


def _allowed(target: str, docs: set[str]) -> bool:
    return target in docs or target.startswith(OPEN) or target.startswith("_")


def _close_the_book(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """A page of the player's book: its links kept inside the book, and one way out."""
    docs = book(app.env)
    if docname not in docs:
        return
    for para in list(doctree.findall(nodes.paragraph)):
        if "cuckoo-ref-examples" in para["classes"]:  # the examples are the specification's
            para.parent.remove(para)
        elif para.astext().startswith(PLAY_INSTEAD):
            para["classes"].append(SCREEN_ONLY)
    for ref in list(doctree.findall(nodes.reference)):
        target = _target(docname, ref.get("refuri", ""))
        if target is None or _allowed(target, docs):
            continue
        if RULE_ID.fullmatch(ref.astext()):
            ref.replace_self(ref.children)  # a rule's ID names it, without a link
        else:
            logger.warning(
                "a link out of the player's book, to %s (see cuckoo_books)", target, location=ref
            )
    implementers = app.config.cuckoo_implementers
    uri = app.builder.get_relative_uri(docname, implementers)
    foot = nodes.paragraph("", "", classes=[FOOT])
    foot += nodes.reference("", "For implementers", internal=True, refuri=uri)
    doctree += foot


def _navigation(app: Sphinx, pagename: str) -> str:
    """The player's book's toctrees, as furo draws a site's navigation."""
    env, builder = app.env, app.builder
    root = env.get_doctree(app.config.cuckoo_players_root)
    trees = [
        _resolve_toctree(
            env, pagename, builder, toctree, titles_only=True, includehidden=True, tags=builder.tags
        )
        for toctree in root.findall(addnodes.toctree)
    ]
    found = [tree for tree in trees if tree is not None]
    if not found:
        return ""
    whole = found[0]
    for tree in found[1:]:
        whole.extend(tree.children)
    return get_navigation_tree(builder.render_partial(whole)["fragment"])


def _frame(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The frame of a player's page: the book's navigation, home, search and covers."""
    docs = book(app.env)
    if pagename not in docs and pagename != SEARCH:
        return
    context["furo_navigation_tree"] = _navigation(app, pagename)
    context["master_doc"] = app.config.cuckoo_players_root
    context["cuckoo_search"] = SEARCH
    hasdoc = context["hasdoc"]
    context["hasdoc"] = lambda name: name not in ("genindex", "search") and hasdoc(name)
    relations = app.env.collect_relations().get(pagename, [None, None, None])
    for key, doc in (("prev", relations[1]), ("next", relations[2])):
        if doc not in docs:
            context[key] = None


def _players_index(app: Sphinx, exception: Exception | None) -> None:
    """Write the player's book's search index: the site's, cut down to the book."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    text = (out / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    replace_file(out / INDEX, f"Search.setIndex({json.dumps(cut(index, book(app.env)))})".encode())


def cut(index: dict[str, Any], docs: set[str]) -> dict[str, Any]:
    """*index*, a Sphinx search index, with only the documents *docs*, renumbered."""
    keep = [n for n, doc in enumerate(index["docnames"]) if doc in docs]
    new = {old: n for n, old in enumerate(keep)}

    def docs_of(value: int | list[int]) -> int | list[int] | None:
        found = [new[d] for d in ([value] if isinstance(value, int) else value) if d in new]
        return None if not found else found[0] if isinstance(value, int) else found

    def entries(table: dict[str, list[list[Any]]]) -> dict[str, list[list[Any]]]:
        kept = {k: [[new[e[0]], *e[1:]] for e in v if e[0] in new] for k, v in table.items()}
        return {k: v for k, v in kept.items() if v}

    cut_index = dict(index)
    for key in ("docnames", "filenames", "titles"):
        cut_index[key] = [index[key][n] for n in keep]
    for key in ("terms", "titleterms"):
        kept = {term: docs_of(value) for term, value in index[key].items()}
        cut_index[key] = {term: value for term, value in kept.items() if value is not None}
    for key in ("alltitles", "indexentries", "objects"):
        cut_index[key] = entries(index.get(key, {}))
    return cut_index


def _templates(app: Sphinx, config: Any) -> None:
    """The book's templates: its search page, and a search box that knows its book."""
    config.templates_path.append(str(Path(__file__).parent / "templates"))
    config.html_additional_pages[SEARCH] = f"{SEARCH}.html"


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("cuckoo_players_root", "players", "env")
    app.add_config_value("cuckoo_implementers", "implementers", "env")
    app.connect("config-inited", _templates)
    app.connect("doctree-resolved", _close_the_book, priority=900)
    app.connect("html-page-context", _frame, priority=600)  # after furo's navigation
    app.connect("build-finished", _players_index)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["book", "cut", "setup"]
