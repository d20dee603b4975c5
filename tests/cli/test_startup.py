"""Start-up: a command imports only what it runs, and the built parser is kept between runs.

Each test runs a fresh interpreter, since what matters is what a new process loads.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cuckoo.cli import COMMANDS
from cuckoo.dice.notation import format_record, record_of
from cuckoo.dice.playout import random_game
from cuckoo.dice.rulesets import RULESETS

NOT_FOR_VALIDATE = (
    "cuckoo.cards",
    "cuckoo.kuckuck",
    "cuckoo.study",
    "cuckoo.players",
    "cuckoo.conformance",
    "cuckoo.dice.svg",
    "cuckoo.dice.views",
    "concurrent.futures.process",
    *(f"cuckoo.cli.{name}" for name in COMMANDS if name != "validate"),
)
"""Modules a validation of dice games has no use for: the other commands' too."""


@pytest.fixture
def dice_file(tmp_path: Path) -> Path:
    from random import Random

    setup, moves = random_game(RULESETS["cuckoo"], Random(3))
    path = tmp_path / "one.cuckoo"
    path.write_text(format_record(record_of(RULESETS["cuckoo"], setup, moves)), encoding="utf-8")
    return path


def _run(code: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CUCKOO_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )


def _validate_and_list_modules(path: Path) -> str:
    return (
        "import json, sys\n"
        "from cuckoo.cli import main\n"
        f"status = main(['validate', '-q', {str(path)!r}])\n"
        "print(json.dumps([status, sorted(sys.modules)]))\n"
    )


def test_validating_dice_games_loads_neither_card_game_nor_drawing_code(
    dice_file: Path, tmp_path: Path
) -> None:
    done = _run(_validate_and_list_modules(dice_file), tmp_path / "cache")
    status, modules = json.loads(done.stdout.splitlines()[-1])
    assert status == 0, done.stderr
    loaded = [m for m in modules if m.startswith(NOT_FOR_VALIDATE)]
    assert loaded == [], f"validate imported {loaded}"
    assert "cuckoo.dice.notation" in modules


def test_the_built_parser_is_kept_in_a_private_folder_and_used_again(
    dice_file: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert _run(_validate_and_list_modules(dice_file), cache).returncode == 0
    (kept,) = cache.glob("cuckoo-dice-*.lark")
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700, (
        "a pickle is loaded only from a private folder"
    )
    built = kept.stat().st_mtime_ns
    assert _run(_validate_and_list_modules(dice_file), cache).returncode == 0
    assert kept.stat().st_mtime_ns == built, "the second run loads it, it does not build it again"


@pytest.mark.parametrize("damage", ["garbage", "no folder"])
def test_a_damaged_or_impossible_cache_only_costs_time(
    dice_file: Path, tmp_path: Path, damage: str
) -> None:
    cache = tmp_path / "cache"
    if damage == "garbage":
        assert _run(_validate_and_list_modules(dice_file), cache).returncode == 0
        for kept in cache.glob("*.lark"):
            kept.write_bytes(b"not a parser\n\x80\x04garbage")
    else:
        cache.write_text("a file where the folder should be", encoding="utf-8")
    done = _run(_validate_and_list_modules(dice_file), cache)
    assert json.loads(done.stdout.splitlines()[-1])[0] == 0
    assert "Traceback" not in done.stderr


def test_each_game_is_found_under_the_name_its_records_give() -> None:
    """The lazy table of kits names the games before importing them: the names must be
    the Game tags their notations read."""
    from cuckoo.games import GAMES

    assert {name: kit.dialect.game for name, kit in GAMES.items()} == {n: n for n in GAMES}
