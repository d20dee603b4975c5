"""The balance page's ladder and the card game's yardstick are made from the stored runs,
never typed: the tables in ``docs/_data`` say what the results say (issue #53)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

DATA = Path(__file__).resolve().parents[2] / "docs" / "_data"


def _balance() -> ModuleType:
    path = DATA.parent / "balance.py"
    spec = importlib.util.spec_from_file_location("balance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_ladder_is_made_from_the_stored_run() -> None:
    balance = _balance()
    results = DATA / "bot-levels.jsonl"
    assert (DATA / "ladder.part").read_text(encoding="utf-8") == balance.ladder(str(results))


def test_the_ladder_has_every_level_against_the_one_below_in_both_seats() -> None:
    rows = (DATA / "ladder.part").read_text(encoding="utf-8").splitlines()[2:]
    matches = {tuple(cell.strip() for cell in row.split("|")[1:5]) for row in rows}
    for game in ("dice pyramid", "card game", "Zum Kuckuck!"):
        bots = {(bot, against.split(",")[0]) for name, _, bot, against in matches if name == game}
        assert {("medium", "easy"), ("hard", "medium")} <= bots, (game, bots)
    for row in rows:  # every figure with its interval and its count, in the last seat too
        assert row.count("(") == 3 and row.count("\u2013") >= 3, row


def test_the_yardstick_table_is_made_from_its_stored_run() -> None:
    balance = _balance()
    stored = DATA / "card-limit.json"
    assert json.loads(stored.read_text(encoding="utf-8"))["rows"][1]["bot"] == "seer"
    table = (DATA / "card-limit.part").read_text(encoding="utf-8")
    assert table == balance.limit_table(str(stored))
