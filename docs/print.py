"""The printable rulebook: each game's rules as one PDF, for players to print for the table.

    python docs/print.py SITE OUT_DIR

SITE is the built site (``python -m sphinx -b html docs SITE``); OUT_DIR receives the books
of each game: its Rules Reference (``cuckoo-dice-reference.pdf``), printed from its page in
``reference/``; its Learn to Play booklet (``cuckoo-dice-learn.pdf``, at most 8 pages) and
its quick reference card (``cuckoo-dice-card.pdf``, one page), printed from the pages in
``learn/``; and its full specification, named after its folder in ``spec/``
(``cuckoo-dice.pdf``, ``cuckoo-cards.pdf``, ``zum-kuckuck.pdf``).  A game's specification
is its rules page followed by every chapter its table of contents lists, in that
order, printed by headless Chromium with the site's print style sheet
(``docs/_static/rulebook/rulebook.css``): each chapter on a new page, no navigation,
pictures kept whole, page numbers at the foot.  Links between the chapters become links
inside the PDF.

Needs Playwright (the ``browser`` extra) and Chromium: Debian's ``/usr/bin/chromium`` by
default, another one with ``CHROMIUM=/path/to/chrome``.  Each PDF is written beside its name
and renamed over it, as the ``cuckoo`` tools write: a symbolic link left in OUT_DIR under
that name is replaced, never followed, so no file outside OUT_DIR is touched.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from cuckoo.errors import shown
from cuckoo.files import FileProblem, check_output, check_writable, replace_file

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
PAPER = "A4"
MARGIN = {"top": "14mm", "bottom": "16mm", "left": "14mm", "right": "14mm"}
FOOTER = (
    '<div style="width:100%;font-size:8pt;color:#555;text-align:center">'
    '<span class="title"></span> · <span class="pageNumber"></span> / '
    '<span class="totalPages"></span></div>'
)

# Appends each chapter's article to the rules page's article, as a section whose ids are
# prefixed with the chapter's number, so that ids repeated across chapters ("examples") stay
# apart; links to a chapter, or into one, then point inside the page.
ASSEMBLE = """
async (chapters) => {
  const main = document.querySelector('article[role="main"]');
  const number = new Map(chapters.map(([file], n) => [file, `c${n + 1}`]));
  const here = location.pathname.split('/').slice(0, -1).join('/');
  const renamed = (prefix, id) => `${prefix}-${id}`;
  for (const [file, html] of chapters) {
    const prefix = number.get(file);
    const body = new DOMParser().parseFromString(html, 'text/html')
      .querySelector('article[role="main"]');
    const section = document.createElement('section');
    section.className = 'cuckoo-print-chapter';
    section.id = prefix;
    section.append(...body.childNodes);
    for (const el of section.querySelectorAll('[id]')) el.id = renamed(prefix, el.id);
    for (const el of section.querySelectorAll('[aria-labelledby]')) {
      const ids = el.getAttribute('aria-labelledby').split(/\\s+/);
      el.setAttribute('aria-labelledby', ids.map((id) => renamed(prefix, id)).join(' '));
    }
    for (const a of section.querySelectorAll('a[href^="#"]')) {
      a.setAttribute('href', '#' + renamed(prefix, a.getAttribute('href').slice(1)));
    }
    main.append(section);
  }
  for (const a of main.querySelectorAll('a[href]')) {
    const url = new URL(a.getAttribute('href'), location.href);
    const folder = url.pathname.split('/').slice(0, -1).join('/');
    const prefix = number.get(url.pathname.split('/').pop());
    if (folder === here && prefix && url.protocol === location.protocol) {
      a.setAttribute('href', url.hash ? '#' + renamed(prefix, url.hash.slice(1)) : '#' + prefix);
    }
  }
  await Promise.all([...document.images].map((img) => img.complete ? null :
    new Promise((done) => { img.onload = img.onerror = done; })));
}
"""


def games(site: Path) -> list[Path]:
    """The rules page of each game in the built *site*."""
    return sorted(site.glob("spec/*/index.html"))


def print_game(browser: Any, index: Path, pdf: Path) -> Path:
    """Print one game's rules page and its chapters into *pdf*, with *browser* (Playwright's
    Chromium); returns *pdf*."""
    page = browser.new_page()
    try:
        page.goto(index.resolve().as_uri())
        hrefs = page.eval_on_selector_all(
            ".toctree-wrapper li.toctree-l1 > a.reference.internal",
            "links => links.map(a => a.getAttribute('href').split('#')[0])",
        )
        files = [h for h in dict.fromkeys(hrefs) if h and "/" not in h]
        chapters = [(f, (index.parent / f).read_text(encoding="utf-8")) for f in files]
        page.evaluate(ASSEMBLE, chapters)
        _print(page, pdf)
    finally:
        page.close()
    return pdf


def _print(page: Any, pdf: Path, scale: float = 1) -> None:
    """*page* as an A4 PDF at *pdf*, with the print style sheet and page numbers."""
    page.emulate_media(media="print")
    pdf.parent.mkdir(parents=True, exist_ok=True)
    data = page.pdf(
        format=PAPER,
        margin=MARGIN,
        scale=scale,
        print_background=True,
        display_header_footer=True,
        header_template="<span></span>",
        footer_template=FOOTER,
        outline=True,
        tagged=True,
    )
    replace_file(pdf, data)  # Chromium's own writing would follow a link at *pdf*


CARD_SCALE = 0.8
"""A reference card is printed a little smaller, so that it fits one sheet."""


def learn_pdf_name(page: Path) -> str:
    """The PDF of a page in ``learn/``: ``cuckoo-dice.html`` is the booklet
    ``cuckoo-dice-learn.pdf``, ``cuckoo-dice-card.html`` the card ``cuckoo-dice-card.pdf``."""
    return f"{page.stem}.pdf" if page.stem.endswith("-card") else f"{page.stem}-learn.pdf"


def _print_pages(browser: Any, pages: list[tuple[Path, Path, float]]) -> list[Path]:
    """Each page of the site as its own PDF: *pages* holds (HTML file, PDF, scale)."""
    for html, pdf, scale in pages:
        page = browser.new_page()
        try:
            page.goto(html.resolve().as_uri())
            _print(page, pdf, scale)
        finally:
            page.close()
    return [pdf for _, pdf, _ in pages]


def learn_pages(site: Path, out: Path) -> list[tuple[Path, Path, float]]:
    """Each Learn to Play booklet and reference card of *site*: (page, PDF in *out*, scale)."""
    return [
        (html, out / learn_pdf_name(html), CARD_SCALE if html.stem.endswith("-card") else 1)
        for html in sorted(site.glob("learn/*.html"))
    ]


def reference_pages(site: Path, out: Path) -> list[tuple[Path, Path, float]]:
    """Each game's Rules Reference of *site*, as ``GAME-reference.pdf`` in *out* (the page
    ``reference/index``, the list of the references and the words, is no book)."""
    return [
        (html, out / f"{html.stem}-reference.pdf", 1.0)
        for html in sorted(site.glob("reference/*.html"))
        if html.stem != "index"
    ]


def rulebooks(site: Path, out: Path) -> list[tuple[Path, Path]]:
    """Each game's rules page in *site*, and its specification's PDF in *out*."""
    return [(index, out / f"{index.parent.name}.pdf") for index in games(site)]


def books(site: Path, out: Path) -> list[Path]:
    """Every PDF printed from *site* into *out*, in the order they are printed."""
    pages = reference_pages(site, out) + learn_pages(site, out)
    return [pdf for _, pdf, _ in pages] + [pdf for _, pdf in rulebooks(site, out)]


def print_learn(browser: Any, site: Path, out: Path) -> list[Path]:
    """Each Learn to Play booklet and reference card of *site* as a PDF in *out*."""
    return _print_pages(browser, learn_pages(site, out))


def print_references(browser: Any, site: Path, out: Path) -> list[Path]:
    """Each game's Rules Reference of *site* as ``GAME-reference.pdf`` in *out*."""
    return _print_pages(browser, reference_pages(site, out))


def print_rulebooks(browser: Any, site: Path, out: Path) -> list[Path]:
    """One PDF per game of *site* in *out*; returns their paths."""
    return [print_game(browser, index, pdf) for index, pdf in rulebooks(site, out)]


def main(argv: list[str]) -> int:
    """``print.py SITE OUT_DIR``: print every game's rules; exit 2, with one line, on a
    usage error: no site, an output folder that cannot be written, no Chromium."""
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    site, out = Path(argv[0]), Path(argv[1])
    if not games(site):
        print(f"{shown(str(site))}: no spec/*/index.html; build the site first", file=sys.stderr)
        return 2
    try:
        _check(out, books(site, out))
        _print_all(site, out)
    except Unusable as error:
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: the book being written is left as it was
        print("print.py: interrupted", file=sys.stderr)
        return 130
    return 0


class Unusable(Exception):
    """An output folder, or a Chromium, that cannot be used: said in one line, exit 2."""


def _check(out: Path, pdfs: list[Path]) -> None:
    """Refuse now, before a minute of printing, an output folder that cannot take the PDFs,
    a book's name taken by a folder, a device or a read-only file (the one gate of outputs,
    :func:`cuckoo.files.check_output`; a link there is replaced, never followed), or a
    Chromium that is not there."""
    name = shown(str(out))
    if out.exists() and not out.is_dir():
        raise Unusable(f"{name}: is a file, not a folder: name a folder for the PDFs")
    try:
        out.mkdir(parents=True, exist_ok=True)
        check_writable(out / "book.pdf")  # a file of a fresh name made there, and removed
    except OSError as error:
        raise Unusable(f"{name}: cannot write: {error.strerror or error}") from None
    for pdf in pdfs:
        try:
            if not pdf.is_symlink():
                check_output(pdf, "a book")
        except FileProblem as problem:
            raise Unusable(str(problem)) from None
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        raise Unusable(
            f"CHROMIUM={shown(str(CHROMIUM))}: no such program: install Chromium "
            "(apt-get install chromium) or name one with CHROMIUM=/path/to/chrome"
        )


def _print_all(site: Path, out: Path) -> None:
    """Every book of *site* into *out*, each path printed as it is written."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        raise Unusable("needs Playwright: pip install -e '.[browser]'") from None
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
            )
        except Error as error:  # not a Chromium, or one that cannot start here
            raise Unusable(f"CHROMIUM={shown(str(CHROMIUM))}: {_first_line(error)}") from None
        try:
            books = print_references(browser, site, out) + print_learn(browser, site, out)
            for pdf in books + print_rulebooks(browser, site, out):
                print(pdf)
        except OSError as error:  # a PDF's name taken by a folder, a disk full
            where = f"{shown(str(error.filename))}: " if error.filename else ""
            raise Unusable(f"{where}cannot write: {error.strerror or error}") from None
        except Error as error:  # a page of the site that cannot be printed
            raise Unusable(f"{shown(str(site))}: {_first_line(error)}: build it again") from None
        finally:
            with contextlib.suppress(Error):  # a browser Ctrl-C has ended already
                browser.close()


def _first_line(error: Exception) -> str:
    """What Playwright says went wrong, without its call log."""
    return shown(str(error).strip().splitlines()[0]) if str(error).strip() else type(error).__name__


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
