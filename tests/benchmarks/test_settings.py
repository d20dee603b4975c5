"""What a run judges (issue #33): each build's targets for every game, memory for every
game, and pgn-extract as a peer, its work checked by what it says."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType

import pytest

from .conftest import BENCHMARKS, load


@pytest.fixture(scope="module")
def settings() -> ModuleType:
    return load("settings")


def _targets(settings: ModuleType, build: str) -> dict[tuple[str, str], float | None]:
    """The target of each comparison of a full run on *build*, by its figures' keys."""
    return {(row.ours, row.other): row.target for row in settings.rows(settings.FULL, build)}


def test_each_build_judges_validate_of_every_game(settings: ModuleType) -> None:
    pure, compiled = _targets(settings, "pure Python"), _targets(settings, "compiled")
    games = ("dice", "cards", "kuckuck")
    chess = [(f"{game}.validate", f"chess.validate.{game}") for game in games]
    assert [pure[key] for key in chess] == [1.7, 1.1, 0.55]
    assert [compiled[key] for key in chess] == [4, 3, 2]
    extract = ("dice.validate", "pgn-extract.validate.dice")
    assert compiled[extract] == pytest.approx(1 / 3)
    assert pure[extract] is None


def test_memory_is_judged_for_every_game(settings: ModuleType) -> None:
    judged = {row.ours for row in settings.rows(settings.FULL) if row.kind == "memory"}
    for game, sizes in settings.scaling_sizes(settings.FULL).items():
        for command in ("validate", "random"):
            assert settings.scaling_keys(game, command, sizes[-1]) in judged
    assert settings.FULL.cards_scaling[-1] == 100_000


@pytest.fixture
def measures(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # its own imports are of its neighbours
    return load("measures")


@pytest.mark.skipif(
    not (shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")),
    reason="pgn-extract is not installed (apt-get install pgn-extract)",
)
def test_pgn_extract_is_a_peer_whose_work_is_checked(measures: ModuleType, tmp_path: Path) -> None:
    exe = measures.pgn_extract()
    good, bad = tmp_path / "good.pgn", tmp_path / "bad.pgn"
    good.write_text('[Result "*"]\n\n1. e4 e5 2. Nf3 *\n\n[Result "*"]\n\n1. d4 *\n')
    bad.write_text('[Result "*"]\n\n1. e4 e4 *\n')
    sample = measures.pgn_extract_side("k", "l", [exe, "-r", good], 2, 4).run()
    assert sample.work == {"games": 2, "plies": 4} and sample.cpu >= 0
    with pytest.raises(RuntimeError, match="pgn-extract failed"):
        measures.pgn_extract_side("k", "l", [exe, "-r", good], 3, 4).run()
    with pytest.raises(RuntimeError, match="pgn-extract failed"):
        measures.pgn_extract_side("k", "l", [exe, "-r", bad], 1, 2).run()
