"""The player's book (issue #52): from any page of it, the navigation, the search and the
links lead only to its own pages and the app, with one link at the foot to "For
implementers"; the implementer's pages keep the whole site's; the printed booklets hold only
the book's pages.

The site is the one CI built (``CUCKOO_SITE``), or a build of ``docs/`` made here (slow: the
site's whole build, left out of the default run); what needs no site runs by default."""

from __future__ import annotations

import importlib.util
import json
import posixpath
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest

from .test_learn import _load
from .test_reference import toctrees

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PLAYERS = "players"
SEARCH = "players-search"
IMPLEMENTERS = "implementers"


def book_docs() -> list[str]:
    """The book's pages, from its root's toctrees in the sources: the root, the Learn pages
    and cards, the Rules Reference and "Writing a game down"."""
    return [PLAYERS, *(doc for _, docs in toctrees(DOCS / f"{PLAYERS}.md") for doc in docs)]


def test_the_book_is_the_learn_pages_cards_references_and_writing() -> None:
    learn = sorted(f"learn/{p.stem}" for p in (DOCS / "learn").glob("*.md"))
    reference = sorted(f"reference/{p.stem}" for p in (DOCS / "reference").glob("*.md"))
    assert sorted(book_docs()) == sorted([PLAYERS, *learn, *reference, "writing"])
    index = toctrees(DOCS / "index.md")
    assert index[0] == ("For players", [PLAYERS]), "the site's first part is the player's book"
    others = [doc for _, docs in index[1:] for doc in docs]
    assert not set(others) & set(book_docs())


class Links(HTMLParser):
    """Where a page's links lead: every ``a`` and ``form``, and the head's ``link`` to another
    page (``next``, ``prev``, ``index``, ``search``), each with its text."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self._open: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and "href" in a:
            self._open.append(len(self.found))
            self.found.append((a["href"], ""))
        elif tag == "form" and "action" in a:
            self.found.append((a["action"], "form"))
        elif tag == "link" and a.get("rel") in ("next", "prev", "index", "search"):
            self.found.append((a["href"], a["rel"]))

    def handle_data(self, data: str) -> None:
        for n in self._open:
            href, text = self.found[n]
            self.found[n] = (href, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            self._open.pop()


def leads_to(page: str, href: str) -> str | None:
    """The page of the site *href*, on *page*, leads to (``spec/x`` for ``../spec/x.html``);
    None for the page itself, another site, or a file that is no page (``_static/``)."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), parts.path))
    if target.startswith("_") or not target.endswith(".html"):
        return None
    return target.removesuffix(".html")


def outside(page: str, html: str, book: set[str]) -> list[tuple[str, str]]:
    """The links of *page* that lead out of *book* and not to the app: (target, text)."""
    parser = Links()
    parser.feed(html)
    found = []
    for href, text in parser.found:
        target = leads_to(page, href)
        if target is not None and target not in book and not target.startswith("app/"):
            found.append((target, " ".join(text.split())))
    return found


def test_the_link_check_sees_every_kind_of_link() -> None:
    html = (
        '<link rel="index" href="../genindex.html"><link rel="stylesheet" href="../_static/a.css">'
        '<form action="../search.html"></form><a href="#x">x</a><a href="../app/index.html">app</a>'
        '<a href="cuckoo-dice-card.html#y">card</a><a href="https://example.org/a.html">web</a>'
        '<a href="../spec/cuckoo-dice/place.html#CD-PLACE-DIE"><code>CD-PLACE-DIE</code></a>'
    )
    book = {"learn/cuckoo-dice", "learn/cuckoo-dice-card"}
    assert outside("learn/cuckoo-dice", html, book) == [
        ("genindex", "index"), ("search", "form"), ("spec/cuckoo-dice/place", "CD-PLACE-DIE")
    ]  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: CI's, or one built here."""
    from .sphinx_site import docs_site

    return docs_site(tmp_path_factory.mktemp("site"))


def _pages(site: Path, docs: list[str]) -> Iterator[tuple[str, str]]:
    for doc in docs:
        yield doc, (site / f"{doc}.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_from_a_player_page_only_one_link_leaves_the_book(site: Path) -> None:
    """Sidebar, head, body and footer: every link of every page of the book stays in it or
    goes to the app, but the one "For implementers" at the foot."""
    book = set(book_docs())
    for doc, html in _pages(site, [*book_docs(), SEARCH]):
        out = outside(doc, html, book | {SEARCH})
        expected = [] if doc == SEARCH else [(IMPLEMENTERS, "For implementers")]
        assert out == expected, f"{doc}: {out}"
        action = "#" if doc == SEARCH else f"{'../' * doc.count('/')}{SEARCH}.html"
        assert f'action="{action}"' in html, f"{doc}: its search"


@pytest.mark.slow
def test_an_implementers_page_keeps_the_whole_site(site: Path) -> None:
    """The guide's sidebar lists the book and its own pages, and searches the whole site."""
    html = (site / f"{IMPLEMENTERS}.html").read_text(encoding="utf-8")
    for doc in ("learn/cuckoo-dice", "spec/index", "implementers/errors"):
        assert f'href="{doc}.html"' in html, doc
    assert 'action="search.html"' in html


@pytest.mark.slow
def test_the_books_search_finds_only_its_pages(site: Path) -> None:
    text = (site / "searchindex-players.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    assert sorted(index["docnames"]) == sorted(book_docs())
    whole = (site / "searchindex.js").read_text(encoding="utf-8")
    assert "spec/cuckoo-dice/place" in whole and "spec/" not in text
    page = (site / f"{SEARCH}.html").read_text(encoding="utf-8")
    assert 'src="searchindex-players.js"' in page and 'src="searchindex.js"' not in page


def test_the_cut_index_holds_only_the_books_pages_renumbered() -> None:
    index: dict[str, Any] = {
        "docnames": ["a", "spec/x", "b"],
        "filenames": ["a.md", "spec/x.md", "b.md"],
        "titles": ["A", "X", "B"],
        "terms": {"die": [0, 1, 2], "rule": 1, "apex": 2},
        "titleterms": {"x": 1, "b": [2]},
        "alltitles": {"A": [[0, None]], "X": [[1, "x"]]},
        "indexentries": {"CD-PLACE-DIE": [[1, "CD-PLACE-DIE", True]], "apex": [[2, "apex", False]]},
        "objects": {},
        "envversion": {"sphinx": 66},
    }
    cut = _load("cuckoo_books").cut(index, {"a", "b"})
    assert cut["docnames"] == ["a", "b"] and cut["titles"] == ["A", "B"]
    assert cut["terms"] == {"die": [0, 1], "apex": 1}
    assert cut["titleterms"] == {"b": [1]}
    assert cut["alltitles"] == {"A": [[0, None]]}
    assert cut["indexentries"] == {"apex": [[1, "apex", False]]}
    assert cut["envversion"] == {"sphinx": 66}


def load_printer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cuckoo_print", DOCS / "print.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_printed_booklets_hold_only_the_books_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Learn booklet, a card and a Rules Reference are printed each from one page of the
    book, and the page's one way out is not printed."""
    printer = load_printer()
    for doc in ["index", "implementers", "spec/index", *book_docs()]:
        (tmp_path / f"{doc}.html").parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f"{doc}.html").write_text("<article></article>", encoding="utf-8")
    printed: list[Path] = []
    monkeypatch.setattr(
        printer, "_print_pages", lambda _, pages: printed.extend(p for p, *_ in pages)
    )
    printer.print_learn(None, tmp_path, tmp_path / "out")
    printer.print_references(None, tmp_path, tmp_path / "out")
    docs = {p.relative_to(tmp_path).with_suffix("").as_posix() for p in printed}
    assert len(docs) == 9 and docs <= set(book_docs())
    css = (DOCS / "_static" / "rulebook" / "rulebook.css").read_text(encoding="utf-8")
    assert ".cuckoo-book-foot" in css.split("@media print")[1].split("display: none")[0]
