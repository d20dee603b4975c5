"""Screenshots of the app for the docs: the viewer mid-game, the recorder on an infection's
re-roll entry and with a die chosen on its picture, and the play page with a game on, at
desktop and phone width.

    python tests/web/screenshots.py [--site BUILT_SITE] [--out docs/_static/app] [--all]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.app import EXAMPLES, tap, view  # noqa: E402
from tests.web.site import launch, serve, site_folder, wait_ready  # noqa: E402
from tests.web.test_board_taps import tap_picture  # noqa: E402
from tests.web.test_recorder import dice_table, set_up  # noqa: E402

SIZES = {"desktop": (1280, 900, 1), "phone": (390, 844, 2), "phone-320": (320, 640, 2)}
DOCS_SIZES = ("desktop", "phone")
"""The sizes the docs show; ``--all`` also takes the smallest phone, to look at."""
"""Width, height and pixels per CSS pixel: a phone's picture at twice its size, so that
the docs can show it at the phone's own width and its text stays as sharp as on a phone."""


def shoot(site: Path, out: Path, sizes: tuple[str, ...] = DOCS_SIZES) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    example = next(e for e in EXAMPLES if e.name == "cuckoo-sides.cuckoo")
    with serve(site) as server, sync_playwright() as playwright:
        browser = launch(playwright)
        for size in sizes:
            width, height, scale = SIZES[size]
            context = browser.new_context(
                base_url=server.url,
                viewport={"width": width, "height": height},
                device_scale_factor=scale,
            )
            page = context.new_page()
            page.goto(f"app/viewer.html?file=examples/{example.name}")
            wait_ready(page)
            page.wait_for_selector("#picture svg", state="attached")  # at the start
            for ply in range(1, 10):
                page.keyboard.press("ArrowRight")
                page.wait_for_selector(f'#moves li.current[data-ply="{ply}"]', state="attached")
            written.append(out / f"viewer-{size}.png")
            page.screenshot(path=written[-1], full_page=True)

            page.goto("app/record.html")
            wait_ready(page)
            table = dice_table()
            set_up(page, table)
            infection = next(c for c in view(table)["choices"] if c["roll"])
            for label in infection["path"]:
                tap(page, label)
            page.wait_for_selector("#choices fieldset.reroll")
            written.append(out / f"recorder-{size}.png")
            page.screenshot(path=written[-1], full_page=True)

            # the picture tapped: two dice placed, a third chosen on the picture, the
            # cells it may go to ringed (a new game: this tab forgets the one it shows)
            page.evaluate("() => sessionStorage.clear()")
            page.goto("app/record.html")
            wait_ready(page)
            table = dice_table()
            set_up(page, table)
            for _ in range(2):
                place = next(c for c in view(table)["choices"] if c["path"][0] == "Place a die")
                for label in place["path"]:
                    tap(page, label)
                table = {**table, "moves": [*table["moves"], place["text"]]}
                page.wait_for_function(
                    "n => document.querySelector('#record').textContent.includes(n)",
                    arg=place["text"],
                )
            first = next(c for c in view(table)["choices"] if c["path"][0] == "Place a die")
            mover = "0" if view(table)["to_move"] == "Blue" else "1"
            tap_picture(page, f'[data-die="{first["path"][1]}"][data-nest="{mover}"]')
            page.wait_for_selector("#picture .target", state="attached")
            written.append(out / f"recorder-board-{size}.png")
            page.screenshot(path=written[-1], full_page=True)

            page.goto("app/play.html")
            wait_ready(page)
            page.select_option("#bot", "easy")
            page.select_option("#side", "Red")
            page.click("#setup button[type=submit]")
            page.wait_for_selector("#choices .tap")
            page.locator("#choices .tap").first.click()
            written.append(out / f"play-{size}.png")
            page.screenshot(path=written[-1], full_page=True)
            context.close()
        browser.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static" / "app")
    parser.add_argument("--all", action="store_true", help="also at 320 px wide")
    args = parser.parse_args()
    sizes = tuple(SIZES) if args.all else DOCS_SIZES
    with tempfile.TemporaryDirectory() as tmp:
        for path in shoot(args.site or site_folder(Path(tmp)), args.out, sizes):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
