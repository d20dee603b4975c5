"""Reading a study file: which game, which settings of its rules, which bots, how many games.

A study is a small TOML file of one or more *parts*, each a question about one game::

    title = "Which rules make the best game"
    seed = 2026

    [[part]]
    name = "dice"                  # names the part in the results and the report
    game = "cuckoo-dice"
    games = 400                    # games per setting and match
    matches = [["greedy", "greedy"], ["mcts:20", "greedy"]]
    measures = ["first", "decided", "sides", "length", "skill"]
    settings = [{}, {infection_pool = "any", infection_limit = 10}]   # a list, or
    # grid = {side_majority = ["relative", "absolute"], tiebreak = ["dungeon", "captures-dungeon"]}

A setting is a set of rule parameters (``reference/cuckoo/*/rulesets.py``); for the dice
pyramid ``ruleset`` names the base (``cuckoo`` unless given) and ``infection_limit =
"none"`` stands for no limit, which TOML cannot write.
"""

from __future__ import annotations

import itertools
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .. import cards, dice, kuckuck
from ..errors import shown
from ..files import FileProblem, open_input
from ..players.bots import bot_named
from ..players.tables import TABLES

__all__ = [
    "MEASURES",
    "Part",
    "Setting",
    "Study",
    "StudyError",
    "parse_study",
    "quoted",
    "read_study",
    "rules_of",
]

MEASURES: Final = ("first", "decided", "sides", "length", "skill")
"""What a part may measure: the first player's score; what decided the game (the sides or a
tie-break); how the sides split between winner and loser; the game's length; the first-named
bot's score against the others."""

MOST_GAMES: Final = 10**9
"""Games a part may ask for a setting and match: more would take years, and a count beyond
it is a typing mistake."""

MOST_SETTINGS: Final = 10_000
"""Settings a part may list or make from a grid (checked before the grid is made)."""

MOST_MATCHES: Final = 1_000
MOST_PARTS: Final = 1_000
"""More parts or matches than these is no study anyone could read the report of."""

MOST_BYTES: Final = 1 << 20
"""A study file is a page of text: a bigger one (``/dev/zero``) is not read to its end."""

SEPARATOR: Final = "|"
"""What separates the part, setting, match and index in a game's key: no name may hold it."""


class StudyError(ValueError):
    """A study file that cannot be read or asks for something that does not exist."""


@dataclass(frozen=True)
class Setting:
    """One choice of rule parameters."""

    params: tuple[tuple[str, Any], ...]
    """The parameters changed, sorted by name."""

    @property
    def key(self) -> str:
        """A stable name: ``default``, or ``name=value,...`` in order of name."""
        return ",".join(f"{k}={_text(v)}" for k, v in self.params) or "default"


@dataclass(frozen=True)
class Part:
    """One question about one game: every setting times every match, ``games`` times."""

    name: str
    game: str
    games: int
    matches: tuple[tuple[str, ...], ...]
    """The bots of each match, one per seat; the first named is the one whose skill is
    measured. Seats rotate from game to game, so each bot sits everywhere equally."""
    settings: tuple[Setting, ...]
    """The first setting is the baseline the others are compared with."""
    measures: tuple[str, ...]


@dataclass(frozen=True)
class Study:
    """A whole study, as read from its file."""

    title: str
    seed: int
    parts: tuple[Part, ...]


def _text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def rules_of(game: str, setting: Setting) -> Any:
    """The rules of *game* under *setting*.

    :raises SetupError: for an unknown parameter or value, naming the rule.
    """
    params = dict(setting.params)
    if game == "cuckoo-dice":
        base = params.pop("ruleset", "cuckoo")
        if params.get("infection_limit") == "none":
            params["infection_limit"] = None
        return dice.ruleset(base, **params)
    if game == "cuckoo-cards":
        return cards.rules(**params)
    return kuckuck.rules(**params)


def _settings(part: Mapping[str, Any], where: str) -> tuple[Setting, ...]:
    listed = part.get("settings")
    grid = part.get("grid")
    if listed is not None and grid is not None:
        raise StudyError(f"{where}: give settings or grid, not both")
    if grid is not None:
        if not isinstance(grid, dict) or not all(isinstance(v, list) for v in grid.values()):
            raise StudyError(f"{where}: grid must map each parameter to a list of values")
        if math.prod(len(v) for v in grid.values()) > MOST_SETTINGS:
            raise StudyError(f"{where}: grid makes more than {MOST_SETTINGS} settings")
        names = sorted(grid)
        listed = [
            dict(zip(names, values, strict=True))
            for values in itertools.product(*(grid[n] for n in names))
        ]
    if listed is None:
        listed = [{}]
    if not isinstance(listed, list) or not all(isinstance(s, dict) for s in listed):
        raise StudyError(f"{where}: settings must be a list of tables")
    if not 1 <= len(listed) <= MOST_SETTINGS:
        raise StudyError(f"{where}: expected 1 to {MOST_SETTINGS} settings, not {len(listed)}")
    settings = tuple(Setting(tuple(sorted(s.items()))) for s in listed)
    keys = [s.key for s in settings]
    if len(set(keys)) != len(keys):
        raise StudyError(f"{where}: a setting is listed twice")
    return settings


def _matches(game: str, value: object, where: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MOST_MATCHES:
        raise StudyError(
            f"{where}: matches must be a list of 1 to {MOST_MATCHES} lists of bot names"
        )
    fewest, most = TABLES[game].players
    matches = []
    for match in value:
        if not isinstance(match, list) or not all(isinstance(b, str) for b in match):
            raise StudyError(f"{where}: each match is a list of bot names")
        if not fewest <= len(match) <= most:
            raise StudyError(f"{where}: {game} takes {fewest} to {most} players, not {len(match)}")
        for name in match:
            _bot(game, name, where)
        matches.append(tuple(match))
    if len(set(matches)) != len(matches):
        raise StudyError(f"{where}: a match is listed twice")
    return tuple(matches)


def _bot(game: str, name: str, where: str) -> None:
    try:
        bot_named(name, game)
    except ValueError as error:
        raise StudyError(f"{where}: {error}") from None


def _part(raw: object, n: int) -> Part:
    where = f"part {n + 1}"
    if not isinstance(raw, dict):
        raise StudyError(f"{where}: must be a table")
    known = {"name", "game", "games", "matches", "measures", "settings", "grid"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise StudyError(
            f"{where}: unknown key {unknown[0]!r}; expected {', '.join(sorted(known))}"
        )
    game = raw.get("game")
    if not isinstance(game, str) or game not in TABLES:
        raise StudyError(f"{where}: game must be one of {', '.join(TABLES)}, not {quoted(game)}")
    name = raw.get("name", game)
    if not isinstance(name, str) or not name or SEPARATOR in name or not name.isprintable():
        raise StudyError(
            f"{where}: name must be a text of printable characters without {SEPARATOR!r}, "
            f"not {quoted(name)}"
        )
    games = raw.get("games")
    if type(games) is not int or not 1 <= games <= MOST_GAMES:
        raise StudyError(
            f"{where}: games must be a whole number from 1 to {MOST_GAMES}, not {quoted(games)}"
        )
    measures = raw.get("measures", list(MEASURES))
    if not isinstance(measures, list) or not all(m in MEASURES for m in measures):
        raise StudyError(f"{where}: measures must be a list of {', '.join(MEASURES)}")
    settings = _settings(raw, where)
    for setting in settings:
        try:
            rules_of(game, setting)
        except (ValueError, TypeError) as error:
            raise StudyError(f"{where}: setting {quoted(setting.key)}: {error}") from None
        if SEPARATOR in setting.key:
            raise StudyError(f"{where}: setting {quoted(setting.key)} holds {SEPARATOR!r}")
    return Part(
        name, game, games, _matches(game, raw.get("matches"), where), settings, tuple(measures)
    )


def quoted(value: object) -> str:
    """A value from the study file as a one-line message shows it, cut short if long."""
    text = shown(repr(value))
    return text if len(text) <= 60 else text[:57] + "..."


def parse_study(data: Mapping[str, Any]) -> Study:
    """A study from the tables of its file.

    :raises StudyError: for anything missing, unknown or impossible, saying where.
    """
    unknown = sorted(set(data) - {"title", "seed", "part"})
    if unknown:
        raise StudyError(f"unknown key {quoted(unknown[0])}; expected title, seed, [[part]]")
    seed = data.get("seed")
    if type(seed) is not int:
        raise StudyError(f"seed must be a whole number, not {quoted(seed)}")
    title = data.get("title", "")
    if not isinstance(title, str):
        raise StudyError(f"title must be a text, not {quoted(title)}")
    parts = data.get("part")
    if not isinstance(parts, list) or not 1 <= len(parts) <= MOST_PARTS:
        raise StudyError(f"a study needs 1 to {MOST_PARTS} [[part]] tables")
    read = tuple(_part(raw, n) for n, raw in enumerate(parts))
    names = [p.name for p in read]
    if len(set(names)) != len(names):
        raise StudyError("two parts have the same name")
    return Study(title, seed, read)


def read_study(path: str | Path) -> Study:
    """The study in the TOML file at *path*.

    :raises StudyError: for a file that cannot be read or does not describe a study.
    """
    name = shown(str(path))
    try:
        with open_input(path) as file:  # a FIFO nobody writes to: given up
            text = file.read(MOST_BYTES + 1)
        if len(text) > MOST_BYTES:
            raise StudyError(f"{name}: longer than {MOST_BYTES} bytes: not a study file")
        data = tomllib.loads(text.decode("utf-8"))
    except OSError as error:
        raise StudyError(f"cannot read {name}: {error.strerror or error}") from None
    except FileProblem as problem:
        raise StudyError(str(problem)) from None
    except UnicodeDecodeError as error:
        raise StudyError(f"{name}: not UTF-8 text (byte {error.start + 1})") from None
    except tomllib.TOMLDecodeError as error:
        raise StudyError(f"{name}: {shown(str(error))}") from None
    except RecursionError:
        raise StudyError(f"{name}: nested too deeply to be a study file") from None
    try:
        return parse_study(data)
    except StudyError as error:
        raise StudyError(f"{name}: {error}") from None
