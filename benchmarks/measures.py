"""Every figure of a run, as groups of sides that take turns.

Two kinds of side: a whole command measured from outside (``cuckoo validate``, ``cuckoo
random``, the PGN script), its CPU time and peak memory from ``wait4``; and an in-process
figure, measured inside a fresh child (``child.py``) so that nothing is warm.  Groups are
made one at a time, just before they run, so that the files a group writes (the scaling
table's ``cuckoo random``) are there for the groups after it.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import Child, Sample, Side, WorkChanged, run_child
from inputs import Inputs, random_command, written
from settings import Config, scaling_keys, scaling_sizes

__all__ = ["GAMES", "RULESETS_TABLED", "Group", "Plan"]

HERE = Path(__file__).resolve().parent
CHILD = HERE / "child.py"
PGN_VALIDATE = HERE / "pgn_validate.py"
GAMES = {"dice": "cuckoo-dice", "cards": "cuckoo-cards", "kuckuck": "zum-kuckuck"}
UNITS = {"dice": "plies", "cards": "moves", "kuckuck": "moves"}
RULESETS_TABLED = ("cuckoo", "unnamed")
"""The rulesets of the perft table: the final rules, and the draft with its dungeon bonus."""

_COUNTS = re.compile(r"(\d+) games?, (\d+) \w+, (\d+) problems?")
_MATCHED = re.compile(r"^(\d+) games? matched out of (\d+)\.$")


def pgn_extract() -> str | None:
    """The pgn-extract program (C; Debian's package installs it in /usr/games), or None."""
    return shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")


@dataclass(frozen=True, slots=True)
class Group:
    """Sides whose runs take turns, and how many times each runs."""

    title: str
    sides: list[Side]
    repeats: int


def validated(child: Child) -> dict[str, int]:
    """What a validating command says it did (``N games, M moves, K problems``).

    :raises RuntimeError: if it failed, said nothing, or found a problem: a run that
        rejects its input has not done the work it is timed for.
    """
    found = _COUNTS.findall(child.stdout + child.stderr)
    games, counted, problems = map(int, found[-1]) if found else (0, 0, -1)
    if child.status or problems:
        said = (child.stdout + child.stderr).strip()[-500:]
        raise RuntimeError(f"validation failed ({child.status}, {problems} problems): {said}")
    return {"games": games, "counted": counted, "problems": problems}


def command_side(
    key: str, label: str, unit: str, argv: Sequence[str], amount: int | None = None
) -> Side:
    """A whole validating command, start-up included.

    *amount* is its work in *unit* as the harness counted it; for ``plies``, the command's
    own count must be the same (the dice game's validate and the PGN script count plies;
    the card games' validate counts written items, not the engine's moves).
    """

    def run() -> Sample:
        child = run_child(argv)
        work = validated(child)
        if unit == "plies" and amount is not None and work["counted"] != amount:
            raise WorkChanged(f"{key}: {work['counted']:,} plies read of {amount:,}")
        done = work | {unit: work["counted"] if amount is None else amount}
        return Sample(child.cpu, child.wall, done, child.rss_kb)

    return Side(key, label, unit, run)


def pgn_extract_side(key: str, label: str, argv: Sequence[str], games: int, plies: int) -> Side:
    """pgn-extract checking every game of a PGN file (``-r``: every move played, errors
    reported, nothing written).  It counts no plies: its work is checked by what it says of
    a file of known games and plies, ``Processing FILE``, a line naming each game, and ``N
    games matched out of N.``; anything else (an illegal move, a syntax error) fails."""

    def run() -> Sample:
        child = run_child(argv)
        said = child.stderr.splitlines()
        found = _MATCHED.match(said[-1]) if len(said) == games + 2 else None
        if child.status or found is None or {*map(int, found.groups())} != {games}:
            raise RuntimeError(f"pgn-extract failed ({child.status}): {child.stderr[-500:]}")
        return Sample(child.cpu, child.wall, {"games": games, "plies": plies}, child.rss_kb)

    return Side(key, label, "plies", run)


def writing_side(key: str, label: str, argv: Sequence[str]) -> Side:
    """``cuckoo random`` writing a file, measured whole."""

    def run() -> Sample:
        child = run_child(argv)
        return Sample(child.cpu, child.wall, written(child), child.rss_kb)

    return Side(key, label, "games", run)


def child_run(task: Sequence[object], cold_only: bool = False) -> tuple[Child, dict[str, Any]]:
    """``child.py`` with *task*, and the JSON it printed."""
    flags = ["--cold-only"] if cold_only else []
    argv = [sys.executable, str(CHILD), *flags, *map(str, task)]
    child = run_child(argv)
    if child.status:
        raise RuntimeError(f"{' '.join(argv[1:])} failed:\n{child.stderr.strip()[-2000:]}")
    data: dict[str, Any] = json.loads(child.stdout.splitlines()[-1])
    return child, data


def child_side(
    key: str, label: str, unit: str, task: Sequence[object], cold_only: bool = False
) -> Side:
    """An in-process figure, measured in a fresh child (see ``child.py``)."""

    def run() -> Sample:
        child, data = child_run(task, cold_only)
        warm = (data["warm_cpu"], data["warm_wall"]) if "warm_cpu" in data else None
        return Sample(data["cpu"], data["wall"], data["work"], child.rss_kb, warm)

    return Side(key, label, unit, run)


def engine_moves(name: str, path: Path) -> int:
    """The engine's moves in *path*, counted by reading it (untimed)."""
    return int(child_run(("count", GAMES[name], path), cold_only=True)[1]["work"][UNITS[name]])


def _validate(path: Path) -> list[str]:
    return [sys.executable, "-m", "cuckoo", "validate", str(path)]


def _pgn_validate(path: Path) -> list[str]:
    return [sys.executable, str(PGN_VALIDATE), str(path)]


class Plan:
    """The groups of one run, each made just before it runs."""

    def __init__(
        self,
        config: Config,
        inputs: Inputs,
        chess: bool,
        spiel_games: Sequence[str],
        pgn_extract: str | None = None,
    ) -> None:
        self.config = config
        self.inputs = inputs
        self.chess = chess
        """Whether python-chess is installed; without it there are no chess sides."""
        self.pgn_extract = pgn_extract if chess else None
        """The pgn-extract program; None when it (or python-chess, which writes the PGN
        files) is not installed."""
        self.spiel_games = spiel_games
        """OpenSpiel's games played out; none when OpenSpiel is not installed."""

    def groups(self) -> Iterator[Group]:
        """Every group in order: the scaling runs first, since they write the files."""
        yield self.scaling_random()
        yield self.scaling_validate()
        sizes = self.config.cards_games, self.config.kuckuck_matches
        for name, size in zip(GAMES, (self.config.whole_games, *sizes), strict=True):
            yield self.whole_process(name, size)
        yield self.replay()
        yield self.playout()
        yield self.study()
        yield self.startup()
        yield self.perft()
        yield self.perft_table()

    def _scaling(self) -> Iterator[tuple[str, str, int, Path]]:
        """Each game's sizes of the scaling table: short name, game, size, file."""
        for name, sizes in scaling_sizes(self.config).items():
            for n in sizes:
                yield name, GAMES[name], n, self.inputs.path(GAMES[name], n)

    def scaling_random(self) -> Group:
        seed = self.inputs.seed
        sides = [
            writing_side(
                scaling_keys(name, "random", n),
                f"cuckoo random --games {n:,} --output FILE ({game})",
                random_command(game, n, seed, path),
            )
            for name, game, n, path in self._scaling()
        ]
        return Group("memory: cuckoo random, each size once", sides, 1)

    def scaling_validate(self) -> Group:
        sides = [
            command_side(
                scaling_keys(name, "validate", n),
                f"cuckoo validate, {n:,} {game} games",
                "counted",
                _validate(path),
            )
            for name, game, n, path in self._scaling()
        ]
        return Group("memory: cuckoo validate, each size once", sides, 1)

    def whole_process(self, name: str, size: int) -> Group:
        path = self.inputs.games(GAMES[name], size)
        moves = engine_moves(name, path)
        label = f"cuckoo validate {path.name}, whole process"
        sides = [command_side(f"{name}.validate", label, UNITS[name], _validate(path), moves)]
        if self.chess:
            pgn, plies = self.inputs.pgn(moves)
            label = f"pgn_validate.py {pgn.name}, whole process"
            sides.append(
                command_side(f"chess.validate.{name}", label, "plies", _pgn_validate(pgn), plies)
            )
        if self.pgn_extract is not None:
            pgn, plies = self.inputs.pgn(moves)
            argv = [self.pgn_extract, "-r", str(pgn)]
            label = f"pgn-extract -r {pgn.name}, whole process"
            games = self.inputs.pgn_games(pgn)
            key = f"pgn-extract.validate.{name}"
            sides.append(pgn_extract_side(key, label, argv, games, plies))
        return Group(f"whole process: validate {path.name}", sides, self.config.repeats)

    def replay(self) -> Group:
        config, inputs = self.config, self.inputs
        sizes = config.replay_games, config.cards_games, config.kuckuck_matches
        files = {
            name: inputs.games(game, n)
            for (name, game), n in zip(GAMES.items(), sizes, strict=True)
        }
        sides = [
            child_side(
                f"{name}.replay",
                f"read_records + replay, {path.name}",
                UNITS[name],
                ("replay", GAMES[name], path, inputs.one_game(GAMES[name])),
            )
            for name, path in files.items()
        ]
        if self.chess:
            pgn, _ = self.inputs.pgn(engine_moves("dice", files["dice"]))
            one, _ = self.inputs.pgn(0, games=1)
            for key, visitor, how in (("replay", "game", ""), ("board", "board", ", BoardBuilder")):
                label = f"chess.pgn.read_game{how}, {pgn.name}"
                sides.append(child_side(f"chess.{key}", label, "plies", ("pgn", pgn, one, visitor)))
        return Group("in process, cold: replay + validate", sides, config.repeats)

    def playout(self) -> Group:
        config, seed = self.config, self.inputs.seed
        sizes = config.replay_games, config.cards_games, config.kuckuck_matches
        sides = [
            child_side(
                f"{name}.playout",
                f"random_game, {n:,} {game} games",
                UNITS[name],
                ("playout", game, n, seed),
            )
            for (name, game), n in zip(GAMES.items(), sizes, strict=True)
        ]
        widest = config.widest_sample, config.widest_count, config.legal_rounds, seed
        label = f"legal_moves, {config.widest_count} widest dice positions, caches cleared"
        sides.append(child_side("dice.legal", label, "calls", ("legal", *widest)))
        if self.chess:
            n = config.chess_playout_games
            label = f"python-chess legal_moves + push, {n} games"
            sides.append(child_side("chess.playout", label, "plies", ("chess-playout", n, seed)))
        for name in self.spiel_games:
            n = config.spiel_episodes
            task = ("spiel-playout", name, n, seed)
            sides.append(
                child_side(f"spiel.{name}", f"OpenSpiel {name}, {n:,} episodes", "steps", task)
            )
        return Group("in process, cold: random playout", sides, config.repeats)

    def study(self) -> Group:
        """Games a CPU second of a study's bots, cold (shown, not compared)."""
        sides = [
            child_side(
                f"study.{game}.{'-'.join(bots)}",
                f"study games, {game}: {' v '.join(bots)}",
                "games",
                ("study", game, ",".join(bots), games),
            )
            for game, bots, games in self.config.study_matches
        ]
        return Group("in process, cold: a study's games", sides, min(3, self.config.repeats))

    def startup(self) -> Group:
        sides = []
        for name, game in GAMES.items():
            path = self.inputs.one_game(game)
            argv, moves = _validate(path), engine_moves(name, path)
            label = f"cuckoo validate, one {game} game"
            sides.append(command_side(f"{name}.startup", label, UNITS[name], argv, moves))
        if self.chess:
            one, plies = self.inputs.pgn(0, games=1)
            label = "pgn_validate.py, one chess game"
            sides.append(command_side("chess.startup", label, "plies", _pgn_validate(one), plies))
        return Group("start-up: one-game files", sides, self.config.repeats)

    def perft(self) -> Group:
        depth = self.config.perft_depth
        label = f"perft({depth}) from the fixed setup"
        sides = [child_side("perft.cuckoo", label, "leaves", ("perft", "cuckoo", depth))]
        if self.chess:
            depth = self.config.chess_perft_depth
            label = f"python-chess perft({depth}) from the start"
            sides.append(child_side("perft.chess", label, "leaves", ("chess-perft", depth)))
        return Group("perft", sides, self.config.repeats)

    def perft_table(self) -> Group:
        sides = [
            child_side(
                f"perft-table.{ruleset}.{depth}",
                f"perft({depth}), ruleset {ruleset}",
                "leaves",
                ("perft", ruleset, depth),
                cold_only=True,
            )
            for ruleset in RULESETS_TABLED
            for depth in range(1, self.config.table_depth + 1)
        ]
        return Group("perft table, each depth once", sides, 1)
