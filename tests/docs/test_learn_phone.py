"""Pictures that read on a phone (issue #52): every picture on a Learn page and card shows no
label under 11 pixels on a screen 390 pixels wide, where a picture takes the screen's whole
width, or more, scrolling in its frame."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from .test_learn import _load

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(f"learn/{p.stem}" for p in (DOCS / "learn").glob("*.md"))
PHONE = 390
"""The screen's width; a picture's frame on it is as wide (rulebook.css: on a phone the
frame reaches over the page's margins), as the browser test measures."""
LEGIBLE = 11
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


@pytest.fixture(scope="module")
def pictures() -> ModuleType:
    return _load("cuckoo_pictures")


def shown(svg: str, screen: float) -> list[tuple[str, float]]:
    """Each label of *svg* and its height in pixels as shown on a *screen* as wide as the
    picture's frame: the picture is drawn at its width, no wider than its frame, and no
    narrower than its least width."""
    root = ET.fromstring(svg)
    box = float(root.get("viewBox", "0 0 0 0").split()[2])
    least = re.search(r"min-width:\s*([\d.]+)px", root.get("style", ""))
    width = min(float(root.get("width", box)), screen)
    width = max(width, float(least[1]) if least else 0)
    return [
        (t.text or "", float(t.get("font-size", "16")) * width / box)
        for t in root.iter("{http://www.w3.org/2000/svg}text")
    ]


def test_the_least_width_keeps_the_smallest_label_legible(pictures: ModuleType) -> None:
    ns = 'xmlns="http://www.w3.org/2000/svg"'
    svg = (
        f'<svg {ns} viewBox="0 0 600 100" width="600" height="100">'
        '<text x="1" y="2" font-size="10">small</text><text font-size="14">big</text></svg>'
    )
    made = pictures.legible(svg)
    assert 'style="min-width:660px"' in made
    assert min(size for _, size in shown(made, PHONE)) == pytest.approx(LEGIBLE)
    assert min(size for _, size in shown(svg, PHONE)) < LEGIBLE, "without it, 6.5 px"
    blank = f'<svg {ns} viewBox="0 0 600 100" width="600"><rect/></svg>'
    assert pictures.legible(blank) == blank


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from .sphinx_site import docs_site

    return docs_site(tmp_path_factory.mktemp("site"))


def _svgs(site: Path) -> Iterator[tuple[str, str]]:
    for page in PAGES:
        html = (site / f"{page}.html").read_text(encoding="utf-8")
        article = html[html.index("<article") : html.index("</article>")]
        for svg in SVG.findall(article):
            yield page, svg


@pytest.mark.slow
def test_every_learn_picture_is_legible_on_a_phone(site: Path) -> None:
    small = [
        f"{page}: {text!r} at {size:.1f} px"
        for page, svg in _svgs(site)
        for text, size in shown(svg, PHONE)
        if size < LEGIBLE - 1e-6
    ]
    assert not small, small
    assert sum(1 for _ in _svgs(site)) >= 20


MEASURE = """() => [...document.querySelectorAll('article svg')].flatMap((svg) =>
  [...svg.querySelectorAll('text')].map((t) => {
    const m = t.getScreenCTM();
    return [t.textContent, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.c, m.d)];
  }))"""


@pytest.mark.browser
def test_chromium_shows_no_learn_label_under_11_px_at_390(site: Path) -> None:
    """The same, measured: each label's height as Chromium draws it, and no page wider than
    the screen (a wide picture scrolls in its frame)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra")
    chromium = Path("/usr/bin/chromium")
    if not chromium.is_file():
        pytest.skip("no Chromium (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium))
        page = browser.new_page(viewport={"width": PHONE, "height": 844})
        for name in PAGES:
            page.goto((site / f"{name}.html").as_uri())
            small = [(t, s) for t, s in page.evaluate(MEASURE) if s < LEGIBLE - 0.01]
            assert not small, f"{name}: {small}"
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE, name
        browser.close()
