"""The rulebook in a real browser: printed to PDF as players print it (``docs/print.py``),
checked page by page, and read by axe-core at desktop and phone width.

The PDFs' pages are rendered to images with pypdfium2 (the ``browser`` extra).  axe-core
comes from the npm registry (``npm pack``, pinned by version and integrity, cached in
``docs/_build/cache``), as the docs build fetches Pyodide.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
import subprocess
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cuckoo import CuckooError, NotationError
from cuckoo.games import read_records

from ..docs.test_print import load_printer
from .app import NO_SIDEWAYS_SCROLL
from .site import ROOT, Server

pdfium = pytest.importorskip("pypdfium2", reason="needs the browser extra")

AXE_VERSION = "4.14.1"
AXE_INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ"
    "=="
)
CACHE = ROOT / "docs" / "_build" / "cache"
A4 = (595.28, 841.89)
"""An A4 page in PDF points."""
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
AXE_PAGES = (
    "spec/cuckoo-dice/index.html",
    "spec/cuckoo-dice/infect.html",
    "spec/cuckoo-dice/rulesets.html",
    "spec/cuckoo-cards/hand.html",
    "spec/zum-kuckuck/scoring.html",
    "spec/zum-kuckuck/notation.html",
    "learn/cuckoo-dice.html",
    "learn/cuckoo-cards.html",
    "learn/zum-kuckuck.html",
    "learn/cuckoo-dice-card.html",
    "reference/cuckoo-dice.html",
    "reference/index.html",
)
"""A game's first page and chapters of each game with rules, examples, pictures, wide tables
and wide code (where axe-core found serious problems before they were fixed), and the Learn to
Play pages and a reference card, with their engine-written tables, and a Rules Reference (its
rule IDs set small) and the words of the rulebook."""
PICTURE_PATHS = 30
"""A page holding a drawn position has at least this many vector paths (one per die, card
or cell, and more); text, code and rule boxes have a handful."""


@pytest.fixture(scope="module")
def rulebooks(browser: Any, site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Each game's PDF, printed from the site, opened with pdfium."""
    out = tmp_path_factory.mktemp("pdf")
    paths = load_printer().print_rulebooks(browser, site, out)
    return {path.stem: pdfium.PdfDocument(path) for path in paths}


@pytest.fixture(scope="module")
def learn_books(
    browser: Any, site: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """Each Learn to Play booklet and quick reference card, printed, opened with pdfium."""
    out = tmp_path_factory.mktemp("learn")
    paths = load_printer().print_learn(browser, site, out)
    return {path.name: pdfium.PdfDocument(path) for path in paths}


def test_a_learn_booklet_is_at_most_8_pages_and_a_card_one(
    learn_books: dict[str, Any], site: Path
) -> None:
    """Issue #31: the booklet and the card are printed on A4, the card on one sheet."""
    assert "cuckoo-dice-learn.pdf" in learn_books
    for game in _games(site):
        assert f"{game}-card.pdf" in learn_books
    assert len(learn_books) == len(list(site.glob("learn/*.html")))
    for name, pdf in learn_books.items():
        limit = 1 if name.endswith("-card.pdf") else 8
        assert "learn" in name or name.endswith("-card.pdf"), name
        assert 1 <= len(pdf) <= limit, f"{name}: {len(pdf)} pages, at most {limit}"
        for n, page in enumerate(pdf, 1):
            width, height = page.get_size()
            assert abs(width - A4[0]) < 2 and abs(height - A4[1]) < 2, f"{name} page {n}"


REFERENCE_PAGES = 12
"""A Rules Reference is a short book: every rule of a game in a player's words, by topic."""


@pytest.fixture(scope="module")
def reference_books(
    browser: Any, site: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """Each game's Rules Reference, printed as ``print.py`` prints it, opened with pdfium."""
    out = tmp_path_factory.mktemp("reference")
    paths = load_printer().print_references(browser, site, out)
    return {path.name: pdfium.PdfDocument(path) for path in paths}


def test_each_game_has_its_rules_reference_in_print(
    reference_books: dict[str, Any], site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #31: ``cuckoo-dice-reference.pdf`` and the others, A4, with their page counts."""
    assert sorted(reference_books) == [f"{game}-reference.pdf" for game in _games(site)]
    for name, pdf in reference_books.items():
        assert 1 <= len(pdf) <= REFERENCE_PAGES, f"{name}: {len(pdf)} pages"
        for n, page in enumerate(pdf, 1):
            width, height = page.get_size()
            assert abs(width - A4[0]) < 2 and abs(height - A4[1]) < 2, f"{name} page {n}"
        text = pdf[0].get_textpage().get_text_range()
        assert "Rules Reference" in text, f"{name}: the book's title on its first page"
    with capsys.disabled():
        print(
            "\n" + ", ".join(f"{name}: {len(pdf)} pages" for name, pdf in reference_books.items())
        )


def _games(site: Path) -> list[str]:
    return sorted(p.parent.name for p in site.glob("spec/*/index.html"))


def _chapters(site: Path, game: str) -> list[Path]:
    """The rules page of *game* and the chapters its table of contents lists."""
    index = site / "spec" / game / "index.html"
    html = index.read_text(encoding="utf-8")
    files = re.findall(
        r'class="toctree-l1"><a class="reference internal" href="([\w-]+\.html)"', html
    )
    return [index, *(index.parent / f for f in dict.fromkeys(files))]


def test_a_link_in_the_output_folder_is_replaced_never_written_through(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    """As the attacker leaves them: a link to a file of the user's outside the folder, and
    a dangling one to a place where a file would be planted; Chromium prints both names."""
    (tmp_path / "elsewhere").mkdir()
    mine = tmp_path / "elsewhere" / "mine.pdf"
    mine.write_bytes(b"the user's own")
    out = tmp_path / "out"
    out.mkdir()
    (out / "cuckoo-dice-card.pdf").symlink_to(mine)
    (out / "cuckoo-dice-learn.pdf").symlink_to(tmp_path / "elsewhere" / "planted.pdf")
    card = site / "learn" / "cuckoo-dice-card.html"
    pages = [(card, out / "cuckoo-dice-card.pdf", 1.0), (card, out / "cuckoo-dice-learn.pdf", 1.0)]
    for pdf in load_printer()._print_pages(browser, pages):
        assert not pdf.is_symlink() and pdfium.PdfDocument(pdf)[0] is not None
    assert mine.read_bytes() == b"the user's own"
    assert sorted(p.name for p in (tmp_path / "elsewhere").iterdir()) == ["mine.pdf"]


def test_every_game_has_a_pdf(rulebooks: dict[str, Any], site: Path) -> None:
    assert sorted(rulebooks) == _games(site) == ["cuckoo-cards", "cuckoo-dice", "zum-kuckuck"]


def test_page_counts_are_sane(rulebooks: dict[str, Any], site: Path) -> None:
    """Each chapter starts a page of its own, and no game runs to a book."""
    for game, pdf in rulebooks.items():
        chapters = len(_chapters(site, game))
        assert chapters >= 5
        assert chapters <= len(pdf) <= 150, f"{game}: {len(pdf)} pages for {chapters} chapters"


def test_every_page_is_a4_and_nothing_runs_off_it(rulebooks: dict[str, Any]) -> None:
    """Content wider than the paper would be cut off at its right edge."""
    beyond = []
    for game, pdf in rulebooks.items():
        for n, page in enumerate(pdf, 1):
            width, height = page.get_size()
            assert abs(width - A4[0]) < 2 and abs(height - A4[1]) < 2, f"{game} page {n}"
            for obj in page.get_objects(max_depth=1):
                if obj.type not in (pdfium.raw.FPDF_PAGEOBJ_TEXT, pdfium.raw.FPDF_PAGEOBJ_IMAGE):
                    continue  # a background's path may reach past a box it is clipped to
                left, _, right, _ = obj.get_bounds()
                if left < -1 or right > width + 1:
                    beyond.append(f"{game} page {n}: {left:.0f} to {right:.0f} pt")
    assert not beyond, beyond[:10]


def test_every_page_renders_with_ink(rulebooks: dict[str, Any]) -> None:
    blank = []
    for game, pdf in rulebooks.items():
        for n, page in enumerate(pdf, 1):
            bitmap = page.render(scale=0.25, grayscale=True)
            pixels = bytes(bitmap.buffer)
            dark = sum(1 for value in pixels if value < 200)
            if dark < len(pixels) * 0.002:
                blank.append(f"{game} page {n}")
    assert not blank, blank


def test_the_pictures_are_printed(rulebooks: dict[str, Any], site: Path) -> None:
    """Enough pages carry the vector content of the drawn positions and cards for the
    pictures of the game's pages (at most four fit on a page)."""
    for game, pdf in rulebooks.items():
        pictures = sum(
            page.read_text(encoding="utf-8").count('class="cuckoo-picture"')
            for page in _chapters(site, game)
        )
        drawn = [
            n
            for n, page in enumerate(pdf, 1)
            if sum(1 for o in page.get_objects() if o.type == pdfium.raw.FPDF_PAGEOBJ_PATH)
            >= PICTURE_PATHS
        ]
        assert pictures >= 5, f"{game}: {pictures} pictures in its pages"
        assert len(drawn) >= math.ceil(pictures / 4), f"{game}: {pictures} pictures on {drawn}"


@pytest.mark.parametrize("game", ["cuckoo-dice", "cuckoo-cards", "zum-kuckuck"])
def test_a_refused_example_shows_the_engines_message(site: Path, game: str) -> None:
    """In the built pages, each refused example's message is the engine's error."""
    shown = 0
    for page in _chapters(site, game):
        html = re.sub(r"<span[^>]*>|</span>", "", page.read_text(encoding="utf-8"))
        for example in html.split('id="example-')[1:]:
            slug = example[: example.index('"')]
            refusal = re.search(r"<pre>\$ cuckoo validate (\S+)\n(.*?)</pre>", example, re.S)
            if refusal is None:
                continue
            assert refusal[1] == f"{slug}.cuckoo"
            record = _unescape(re.search(r"<pre>(.*?)</pre>", example, re.S)[1])
            (item,) = read_records(record.splitlines(keepends=True), source=refusal[1])
            with pytest.raises(CuckooError) as refused:
                if isinstance(item, NotationError):
                    raise item
                kit, parsed = item
                for _ in kit.replay(parsed):
                    pass
            assert _unescape(refusal[2]).strip() == str(refused.value)
            shown += 1
    assert shown >= 5


def _unescape(html: str) -> str:
    return (
        html.replace("&quot;", '"')
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
    )


# --- axe-core --------------------------------------------------------------------------------


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's browser script, fetched once with ``npm pack`` and checked by integrity."""
    tarball = CACHE / f"axe-core-{AXE_VERSION}.tgz"
    if not tarball.is_file() or _integrity(tarball) != AXE_INTEGRITY:
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", str(CACHE)],
            check=True,
            capture_output=True,
        )
    assert _integrity(tarball) == AXE_INTEGRITY, f"{tarball}: not the pinned axe-core"
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode("utf-8")


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def sized_page(request: pytest.FixtureRequest, browser: Any, server: Server) -> Iterator[Any]:
    """A page of a fresh browser context at desktop or phone size."""
    context = browser.new_context(base_url=server.url, viewport=request.param)
    yield context.new_page()
    context.close()


def _serious(page: Any, axe: str) -> list[str]:
    """axe-core's serious and critical violations on *page*, one line each."""
    page.add_script_tag(content=axe)
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']}: {node['target']}"
        for v in result
        if v["impact"] in ("serious", "critical")
        for node in v["nodes"][:3]
    ]


@pytest.mark.parametrize("path", AXE_PAGES)
def test_no_serious_accessibility_violation(sized_page: Any, axe_script: str, path: str) -> None:
    sized_page.goto(path)
    found = _serious(sized_page, axe_script)
    assert not found, "\n".join(found)


def test_no_rulebook_page_scrolls_sideways_on_a_phone(
    browser: Any, server: Server, site: Path
) -> None:
    """Every chapter of the specification, and every Rules Reference with its tables."""
    context = browser.new_context(base_url=server.url, viewport=PHONE)
    page = context.new_page()
    wide = []
    chapters = [chapter for game in _games(site) for chapter in _chapters(site, game)]
    for chapter in chapters + sorted(site.glob("reference/*.html")):
        page.goto(chapter.relative_to(site).as_posix())
        if not page.evaluate(NO_SIDEWAYS_SCROLL):
            width = page.evaluate("document.documentElement.scrollWidth")
            wide.append(f"{chapter.relative_to(site)}: {width} px")
    context.close()
    assert not wide, wide
