"""The suite's case model: a curated case (its inputs; the reference gives its expectation),
the protocol's ``new`` command for its setup, and the sources every game shares: the
spec's examples, whole random games, the order of checks of a finished game's record.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any, Final

from ...dice import PLAYER_NAMES

ROLLS: Final = ("1223445566", "1123345666")  # Blue's and Red's opening rolls


@dataclass(frozen=True)
class Case:
    """A curated case: inputs only; the expectation's value comes from the reference."""

    id: str
    rules: tuple[str, ...]
    moves: tuple[str, ...] = ()
    expect: str = "state"
    """``state``, ``legal``, ``result``, ``error``, ``chance MOVE``, ``perft N``, ``format``,
    ``answer`` (the last command's answer line, of a :attr:`commands` case)."""
    ruleset: str = "cuckoo"
    first: str = "Blue"
    rolls: tuple[str, str] = ROLLS
    params: dict[str, Any] = field(default_factory=dict)
    record: str | None = None
    players: tuple[str, ...] = ()
    """For cuckoo-cards: the players in seating order; :attr:`first` is the dealer."""
    game: str = "cuckoo-dice"
    about: str = ""
    """One line on what the case checks; empty for one written from its expectation."""
    commands: tuple[str, ...] | None = None
    """Protocol lines sent as they are, in place of a setup and moves or a record: for a
    point those cannot reach (no game yet, after a refused command, a query refused)."""
    fresh: bool = False
    """Whether :attr:`commands` must go to an engine that has no game yet."""
    tags: tuple[str, ...] = ()
    """Tags of its own, besides those the metadata derives."""

    def setup(self) -> dict[str, Any]:
        """The setup as the suite file writes it."""
        if self.game == KUCKUCK:
            return {"game": KUCKUCK, "players": list(self.players), "params": self.params}
        if self.players:
            return {
                "game": CARDS,
                "players": list(self.players),
                "dealer": self.first,
                "params": self.params,
            }
        return {
            "ruleset": self.ruleset,
            "params": self.params,
            "first": self.first,
            "rolls": dict(zip(PLAYER_NAMES, self.rolls, strict=True)),
        }


CARDS: Final = "cuckoo-cards"
ABC: Final = ("Ann", "Ben", "Cid")


def seated(
    game: str,
    case_id: str,
    rules: tuple[str, ...],
    moves: tuple[str, ...] = (),
    expect: str = "state",
    players: tuple[str, ...] = ABC,
    dealer: str | None = None,
    about: str = "",
    **params: Any,
) -> Case:
    """A case of a card game: the players in seating order (in cuckoo-cards, the first
    deals unless *dealer* is named), the rulesets' parameters, moves sent one ``apply``
    each."""
    return Case(
        case_id,
        rules,
        moves,
        expect,
        first=dealer or players[0],
        players=players,
        params=params,
        game=game,
        about=about,
    )


KUCKUCK: Final = "zum-kuckuck"


def scripted(game: str, case_id: str, rules: tuple[str, ...], expect: str,
             commands: tuple[str, ...], about: str = "", *,
             tags: tuple[str, ...] = ()) -> Case:  # fmt: skip
    """A case of protocol lines sent as they are; one of a single line (a ``format``, a
    ``new`` the rules refuse) goes to an engine that has had no game."""
    return Case(case_id, rules, expect=expect, game=game, commands=commands,
                fresh=len(commands) == 1, about=about, tags=tags)  # fmt: skip


def first_game(
    play: Callable[[Random], tuple[Any, Any]], test: Callable[[Any, Any], Any]
) -> tuple[Any, Any, Any]:
    """The first random game *play* makes from seeds 0, 1, ... that *test* accepts (gives
    a true value for), with that value."""
    for seed in range(1000):
        setup, moves = play(Random(seed))
        if found := test(setup, moves):
            return setup, moves, found
    raise AssertionError("no random game of the first 1,000 seeds shows it")


def whole_games(
    game: str,
    texts: list[str],
    results: tuple[str, tuple[str, ...]],
    canonical: tuple[str, tuple[str, ...]],
) -> Iterator[Case]:
    """Whole random games as record cases that must end as they say (numbered from 0,
    ...), and the last of them shouted in capitals, which must come back canonical."""
    for seed, text in enumerate(texts):
        yield Case(
            f"{results[0]}-{seed}", results[1], expect="result", record=" ".join(text.split())
        )
    shouted = texts[-1].upper().replace(game.upper(), game)
    yield Case(canonical[0], canonical[1], expect="format", record=" ".join(shouted.split()))
    prefix = {CARDS: "CC", KUCKUCK: "ZK"}[game]
    yield from order_cases(prefix, results[0], texts[0], {"CC": "keep", "ZK": "nest 1 2"}[prefix])


def order_cases(prefix: str, slug: str, text: str, late: str) -> Iterator[Case]:
    """Which error wins, for a finished game's record *text* (the notation chapters' order
    of checks): a Result tag that disagrees with the movetext's token is refused before
    any move is replayed; a move illegal after the end (*late*) before the result the
    game ends in is compared with the record's."""
    words = text.split()
    token = words[-1].strip('"')
    assert token != "*" and f'[Result "{token}"]' in text, "a finished game, one-word result"
    unknown = " ".join([*words[:-1], "*"]).replace(f'[Result "{token}"]', '[Result "*"]')
    result, over = f"{prefix}-NOTATION-RESULT", f"{prefix}-TURN-OVER"
    yield Case(f"{slug}-result-replayed", (result,), expect="error", record=unknown)
    late_and_tag = " ".join([*words[:-1], late, "*"])
    yield Case(f"{slug}-order-tag-first", (result, over), expect="error", record=late_and_tag)
    late_only = " ".join([*unknown.split()[:-1], late, "*"])
    yield Case(f"{slug}-order-moves-first", (over, result), expect="error", record=late_only)


def spec_examples(path: Path) -> Iterator[Case]:
    """The spec's examples as record cases: their final state, or their error."""
    pattern = re.compile(r"^```\{example\} (\S+)\n((?::\w+:[^\n]*\n)*)\n(.*?)^```", re.M | re.S)
    for slug, options, body in pattern.findall(path.read_text(encoding="utf-8")):
        fields = dict(re.findall(r"^:(\w+):\s*(.*)$", options, re.M))  # caption, rules, expect
        rules, expect = fields["rules"], fields["expect"]
        kind = "error" if expect.split()[0] in ("illegal", "malformed", "ambiguous") else "state"
        record = " ".join(body.split())
        about = " ".join(fields.get("caption", "").split())
        yield Case(f"spec-{slug}", tuple(rules.split()), expect=kind, record=record, about=about)
        if kind == "state" and "ZK-MATCH-WINNER" in rules.split():  # not in the state
            yield Case(
                f"spec-{slug}-result",
                ("ZK-MATCH-WINNER",),
                expect="result",
                record=record,
                about=about,
            )


def new_command(setup: dict[str, Any]) -> str:
    """The protocol's ``new`` command for a suite case's setup."""
    words = {None: "none", True: "yes", False: "no"}
    params = " ".join(
        f"{k}={words[v] if v is None or isinstance(v, bool) else v}"
        for k, v in setup["params"].items()
    )
    if setup.get("game") == KUCKUCK:
        return f"new {KUCKUCK} {' '.join(setup['players'])} {params}".rstrip()
    if setup.get("game") == CARDS:
        return f"new {CARDS} {setup['dealer']} {' '.join(setup['players'])} {params}".rstrip()
    rolls = setup["rolls"]
    line = f"new {setup['ruleset']} {setup['first']} {rolls['Blue']} {rolls['Red']} {params}"
    return line.rstrip()
