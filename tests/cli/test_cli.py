"""The ``cuckoo`` command: exit codes, messages, and files never lost (CLI of issue #3)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cuckoo.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.cuckoo"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "games.cuckoo"
    assert run(capsys, "random", "--seed", "7", "--games", "20", "-o", str(path))[0] == 0
    return path


def test_random_is_reproducible_and_valid(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "random", "--seed", "7", "--games", "20")
    assert status == 0 and out == games.read_text(encoding="utf-8")
    assert out.count('[Game "cuckoo-dice"]') == 20
    status, out, err = run(capsys, "validate", str(games))
    assert (status, out) == (0, "") and err.startswith("20 games, ")


def test_one_corrupted_move_is_reported_with_ply_and_rule(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = games.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("3. "))
    first = lines[at].split()[1]
    cell = first.split("@")[1][:3]
    lines[at] = lines[at].replace(f"@{cell}", "@111" if cell != "111" else "@000", 1)
    games.write_text("".join(lines), encoding="utf-8")
    status, out, _ = run(capsys, "validate", str(games))
    assert status == 1
    problem = out.strip()
    assert "\n" not in problem, "exactly one problem, on one line"
    assert problem.startswith(f"{games}:{at + 1}:4: CD-")
    assert "game 1, turn 5" in problem


def test_validate_json(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = games.read_text(encoding="utf-8").replace("1. ", "1. 7@300 ", 1)
    games.write_text(text, encoding="utf-8")
    status, out, _ = run(capsys, "validate", "--json", str(games))
    problem, summary = (json.loads(line) for line in out.splitlines())
    assert status == 1
    assert problem["kind"] == "malformed" and problem["rule"] == "CD-DIE-FACES"
    assert summary == {"games": 20, "moves": summary["moves"], "problems": 1}


@pytest.mark.parametrize(
    "content",
    [b"", b"\n\n", b"\xff\xfe\x00binary", b'[Game "cuckoo-dice"]\n\x00\n*'],
)
def test_unreadable_or_empty_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    path = tmp_path / "odd.cuckoo"
    path.write_bytes(content)
    status, out, err = run(capsys, "validate", str(path))
    assert "Traceback" not in out + err
    if content.strip():
        assert status == 2 and err.startswith(f"cuckoo: {path}:")
    else:
        assert status == 1 and "holds no game" in out


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", str(tmp_path))[0] == 2
    assert run(capsys, "validate", str(tmp_path / "missing"))[0] == 2
    assert run(capsys, "frobnicate")[0] == 2
    assert run(capsys, "random")[0] == 2
    assert run(capsys, "replay", str(EXAMPLES[0]), "--game", "9")[0] == 2
    assert run(capsys, "replay", str(EXAMPLES[0]), "--ply", "-1")[0] == 2


def test_replay_and_legal(capsys: pytest.CaptureFixture[str]) -> None:
    example = str(ROOT / "examples" / "cuckoo-sides.cuckoo")
    status, out, _ = run(capsys, "replay", example)
    assert status == 0 and "side A" in out and "result 1-0: Blue by sides" in out
    status, out, _ = run(capsys, "replay", example, "--ply", "0", "--json")
    start = json.loads(out)
    assert start["ply"] == 0 and start["board"] == {} and len(start["nests"]["Blue"]) == 10
    status, out, _ = run(capsys, "legal", example, "--ply", "0")
    moves = out.split()
    assert status == 0 and len(moves) == len(set(moves)) > 10
    assert all("@" in m or "x" in m for m in moves)
    status, out, _ = run(capsys, "legal", example)
    assert (status, out) == (0, ""), "no move is legal once the game is over"


def test_format_is_canonical_and_never_overwrites_the_input(
    games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    canonical = games.read_text(encoding="utf-8")
    messy = canonical.replace("\n1. ", "\n\n  1.    ").replace("/A", "/a")
    games.write_text(messy, encoding="utf-8")
    status, out, _ = run(capsys, "format", str(games))
    assert (status, out) == (0, canonical)
    assert games.read_text(encoding="utf-8") == messy, "stdout only: the input is untouched"
    assert run(capsys, "format", str(games), "-o", str(games))[0] == 2
    assert games.read_text(encoding="utf-8") == messy
    assert run(capsys, "format", str(games), "--in-place")[0] == 0
    assert games.read_text(encoding="utf-8") == canonical
    assert [p.name for p in tmp_path.iterdir()] == [games.name], "no temporary file is left"


def test_format_refuses_an_illegal_record_and_keeps_the_file(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = games.read_text(encoding="utf-8").replace("1. ", "1. 7@300 ", 1)
    games.write_text(broken, encoding="utf-8")
    status, _, err = run(capsys, "format", str(games), "--in-place")
    assert status == 1 and "CD-DIE-FACES" in err
    assert games.read_text(encoding="utf-8") == broken


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_examples_are_valid_and_end_as_they_say(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every example game replays; a dice game's ``Termination`` tag names the reason it
    ended, a card game's or a Zum Kuckuck! match's ``Result`` tag its winner."""
    assert run(capsys, "validate", str(example))[0] == 0
    _, out, _ = run(capsys, "replay", str(example), "--json")
    final = json.loads(out)
    tags = dict(
        (line[1:].split(" ", 1)[0], line.split('"')[1])
        for line in example.read_text(encoding="utf-8").splitlines()
        if line.startswith("[")
    )
    if tags["Game"] == "cuckoo-cards":
        assert final["winner"] == tags["Result"]
    elif tags["Game"] == "zum-kuckuck":
        assert final["step"] == "over" and " ".join(final["winners"]) == tags["Result"]
    else:
        assert final["result"]["reason"] == tags["Termination"]


def test_examples_cover_every_ruleset_and_ending() -> None:
    texts = [p.read_text(encoding="utf-8") for p in EXAMPLES]
    dice_games = [t for t in texts if '[Game "cuckoo-dice"]' in t]
    rulesets = {t.split('[Ruleset "')[1].split('"')[0] for t in dice_games}
    assert rulesets == {"cuckoo", "dwnsiwn", "unnamed"}
    endings = {
        e
        for t in dice_games
        for e in ("sides", "dungeon", "captures", "shared")
        if f'[Termination "{e}"]' in t
    }
    assert endings == {"sides", "dungeon", "captures", "shared"}
    assert any('[Game "cuckoo-cards"]' in t for t in texts), "the card game has an example"
    variants = {v for v in ("basic", "tactical") for t in texts if f'[Variant "{v}"]' in t}
    assert variants == {"basic", "tactical"}, "Zum Kuckuck! has an example of each version"


def test_the_console_script_pipeline() -> None:
    """The issue's own acceptance line: ``cuckoo random ... | cuckoo validate -`` exits 0."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    produce = subprocess.run(
        [sys.executable, "-m", "cuckoo", "random", "--seed", "1", "--games", "200"],
        capture_output=True,
        check=True,
        env=env,
    )
    check = subprocess.run(
        [sys.executable, "-m", "cuckoo", "validate", "-"],
        input=produce.stdout,
        capture_output=True,
        env=env,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stderr.decode().startswith("200 games, ")


def test_readme_record_is_legal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    record = readme.split("```text\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "readme.cuckoo"
    path.write_text(record, encoding="utf-8")
    assert run(capsys, "validate", str(path))[0] == 0


def test_rewriting_keeps_the_file_mode(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games.chmod(0o640)
    assert run(capsys, "format", str(games), "--in-place")[0] == 0
    assert games.stat().st_mode & 0o777 == 0o640


def test_parallel_validation_reports_the_same(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``validate -j N`` spreads the records over processes; the report does not change."""
    text = games.read_text(encoding="utf-8")
    games.write_text(
        text.replace("1. ", "1. 7@300 ", 1).replace("2. ", "2. 5@011 ", 3), encoding="utf-8"
    )
    serial = run(capsys, "validate", str(games), str(games))
    parallel = run(capsys, "validate", "-j", "2", str(games), str(games))
    assert serial == parallel
    assert serial[0] == 1 and serial[1].count("\n") >= 4


def test_format_of_an_empty_file_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CD-NOTATION-SYNTAX: a file that holds no record is malformed, for format as for
    validate."""
    path = tmp_path / "empty.cuckoo"
    path.write_text("", encoding="utf-8")
    status, out, err = run(capsys, "format", str(path))
    assert (status, out) == (1, "") and "holds no game" in err


@pytest.mark.parametrize(
    "args",
    [
        ["conform", "--engine", ""],
        ["conform", "--engine", "x", "--timeout", "0"],
        ["conform", "--engine", "x", "--timeout", "nan"],
        ["record", "--resume", "/nonexistent/game.cuckoo"],
    ],
)
def test_bad_arguments_are_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert run(capsys, *args)[0] == 2


def test_a_suite_that_is_not_a_suite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "suite.json"
    path.write_text("[]", encoding="utf-8")
    status, _, err = run(capsys, "conform", "--engine", "x", "--suite", str(path))
    assert status == 2 and "schema" in err


def test_record_stops_cleanly_at_the_end_of_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_more(_: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more)
    assert run(capsys, "record", "-o", str(tmp_path / "new.cuckoo"))[0] == 0
    assert not (tmp_path / "new.cuckoo").exists()


def test_random_with_a_number_of_players_the_game_does_not_allow(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ZK-SETUP-PLAYERS: --players 6 for Zum Kuckuck! is a usage error (exit 2)."""
    status, out, err = run(
        capsys, "random", "--game", "zum-kuckuck", "--players", "6", "--seed", "1"
    )
    assert status == 2 and out == "" and "3 to 5 players" in err


def test_a_record_without_a_game_tag_says_it_was_read_as_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ZK-NOTATION-TAGS: a Zum Kuckuck! record that forgot its Game tag fails as a dice
    record, and the message says why."""
    path = tmp_path / "untagged.cuckoo"
    path.write_text('[Players "Ann Bob Cy"]\n\ndeal Ann 1 2 *\n', encoding="utf-8")
    status, out, _ = run(capsys, "validate", str(path))
    assert status == 1 and "no Game tag: read as cuckoo-dice" in out


def test_render_draws_the_pyramid_in_three_dimensions(capsys: pytest.CaptureFixture[str]) -> None:
    from cuckoo.dice.iso import iso_svg
    from cuckoo.games import read_records

    example = ROOT / "examples" / "cuckoo-sides.cuckoo"
    text = example.read_text(encoding="utf-8")
    ((kit, record),) = [r for r in read_records(text.splitlines(True)) if isinstance(r, tuple)]
    *_, end = kit.replay(record)
    status, solid, _ = run(capsys, "render", str(example), "--view", "3d")
    assert (status, solid) == (0, iso_svg(end) + "\n")
    status, flat, _ = run(capsys, "render", str(example))
    assert (status, flat) == (0, kit.svg(end) + "\n")
    cards = ROOT / "examples" / "cuckoo-cards-three-players.cuckoo"
    status, out, err = run(capsys, "render", str(cards), "--view", "3d")
    assert (status, out) == (2, "") and "draws the dice pyramid, not cuckoo-cards" in err


def test_turn_is_the_option_and_ply_its_old_name(capsys: pytest.CaptureFixture[str]) -> None:
    """``--turn`` is the players' word for ``replay``/``legal``/``render``; ``--ply`` still
    works for scripts written before, with the same meaning."""
    example = str(EXAMPLES[0])
    third = run(capsys, "replay", example, "--turn", "3")
    assert third == run(capsys, "replay", example, "--ply", "3")
    assert third != run(capsys, "replay", example, "--turn", "4")
