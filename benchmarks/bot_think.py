"""How long the bots think in the browser, level by level, with the engine in the page.

Each game is played with the medium bot in every seat to a point early, halfway and at its
end (the last hand of a six-player card match, the last cycle of a five-player Zum Kuckuck!
match, the last dice of a pyramid); there each level is asked for the bots' next decision
as the play page asks it (``cuckoo.web.play_next``), in the page's own engine worker, with
the CPU slowed fourfold as for the recorder's taps (``Emulation.setCPUThrottlingRate``).
Issue #44's bounds: a medium bot within 0.2 s, a hard one within 1 s.  Writes
``benchmarks/results/bot-think.json``; ``--table`` prints the stored run as the Markdown
table the performance page shows.

    python benchmarks/bot_think.py [--site BUILT_SITE] [--store]
    python benchmarks/bot_think.py --table
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.site import launch, serve, site_folder, wait_ready  # noqa: E402

RESULT = ROOT / "benchmarks" / "results" / "bot-think.json"
THROTTLE = 4
BOUND_MS = {"easy": 200, "medium": 200, "hard": 1000}
"""Issue #44: a medium bot answers within 0.2 s, a hard one within 1 s (easy: as medium)."""
POINTS = ("start", "middle", "end")
HUMAN = {"cuckoo-dice": "Red", "cuckoo-cards": "Alex", "zum-kuckuck": "Alex"}
START = {
    "cuckoo-dice": {"game": "cuckoo-dice", "names": {"Blue": "hard", "Red": "Alex"}},
    "cuckoo-cards": {
        "game": "cuckoo-cards",
        "players": ["Alex", "Robin", "Sam", "Kim", "Lee", "Noor"],
        "dealer": "Alex",
    },
    "zum-kuckuck": {"game": "zum-kuckuck", "players": ["Alex", "Robin", "Sam", "Kim", "Lee"]},
}

ASK = """async ([fn, args]) => {
  if (!window.benchWorker) {
    window.benchWorker = new Worker("engine-worker.js", { type: "module" });
    window.benchWaiting = new Map();
    window.benchReady = new Promise((resolve, reject) => {
      window.benchWorker.onmessage = ({ data }) => {
        if (data.ready) resolve();
        else if (data.failed) reject(new Error(data.failed));
        else if (data.id) window.benchWaiting.get(data.id)(data);
      };
    });
  }
  await window.benchReady;
  const id = (window.benchNext = (window.benchNext || 0) + 1);
  const start = performance.now();
  const data = await new Promise((resolve) => {
    window.benchWaiting.set(id, resolve);
    window.benchWorker.postMessage({ id, fn, args });
  });
  return { ms: performance.now() - start, value: data.value, error: data.error };
}"""
"""Call *fn* of cuckoo.web in an engine worker of the page's own: its answer and time."""


def _tables(game: str) -> dict[str, tuple[str, int]]:
    """*game* played by medium bots (in the human's seat too) to its end: the tables at
    which a bot is to decide, as the play page keeps them, at the start, halfway and at
    the end, each with its entries."""
    from cuckoo import web

    human = HUMAN[game]
    table: dict[str, Any] = {**START[game], "seed": 7, "moves": []}
    if game == "cuckoo-dice":
        table.update(json.loads(web.random_setup(7)))
    deciding: list[dict[str, Any]] = []
    while not (view := json.loads(web.play_view(json.dumps(table), human))).get("over"):
        if human in view["choosing"]:
            move = json.loads(web.play_hint(json.dumps(table), human))["ok"]["move"]
            table = json.loads(web.play_move(json.dumps(table), move, human))["ok"]
            continue
        if view["choosing"]:
            deciding.append(table)
        table = json.loads(web.play_next(json.dumps(table), "medium", human))["ok"]
    picked = (deciding[0], deciding[len(deciding) // 2], deciding[-1])
    return {p: (json.dumps(t), len(t["moves"])) for p, t in zip(POINTS, picked, strict=True)}


def measure(site: Path, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    each: dict[str, dict[str, Any]] = {}
    tables = {game: _tables(game) for game in START}
    with serve(site) as server, sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto(server.url + "app/play.html")
        wait_ready(page, timeout=180_000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        for game, points in tables.items():
            for level in BOUND_MS:
                times: dict[str, float] = {}
                for point, (text, entries) in points.items():
                    taken = []
                    for _ in range(runs):
                        answer = page.evaluate(ASK, ["play_next", [text, level, HUMAN[game]]])
                        assert not answer["error"], answer["error"]
                        taken.append(answer["ms"])
                    times[point] = statistics.median(taken)
                    each.setdefault(f"{game} {level}", {})["entries"] = entries
                each[f"{game} {level}"].update(
                    {"game": game, "level": level, "ms": {p: round(t) for p, t in times.items()}}
                )
        version = browser.version
        browser.close()
    return {
        "date": datetime.now(UTC).date().isoformat(),
        "runs": runs,
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count() or 0} cores",
        "browser": f"Chromium {version} (Debian), headless, CPU slowed {THROTTLE}x",
        "cases": each,
        "bounds_ms": BOUND_MS,
        "load_average": os.getloadavg()[0],
    }


def table(result: dict[str, Any]) -> str:
    """The stored run as Markdown."""
    lines = [
        "| game | level | start | middle | end | bound | verdict |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for case in result["cases"].values():
        ms = case["ms"]
        bound = result["bounds_ms"][case["level"]]
        verdict = "PASS" if max(ms.values()) <= bound else "OVER"
        lines.append(
            f"| {case['game']} | {case['level']} | {ms['start']} ms | {ms['middle']} ms"
            f" | {ms['end']} ms | <= {bound} ms | {verdict} |"
        )
    lines.append(
        f"\n{result['date']}, the bots' next decision after the player's move at the start,"
        f" halfway and at the end of a game (a six-player card match, a five-player Zum"
        f" Kuckuck! match), median of {result['runs']} runs, {result['machine']}, load"
        f" average {result['load_average']:.1f}, {result['browser']}."
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--store", action="store_true", help=f"write {RESULT.name}")
    parser.add_argument("--table", action="store_true", help="print the stored run's table")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(RESULT.read_text())))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or site_folder(Path(tmp))
        result = measure(site, args.runs)
    if args.store:
        RESULT.write_text(json.dumps(result, indent=2) + "\n")
    print(table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
