"""Mutation operators: one kind of misreading applied to every option (its value
swapped), limit (moved by one either way), span (per match against per cycle) and batch
(a tie-break taken from the wrong one).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, Final

from .core import (
    CARDS,
    DICE,
    KUCKUCK,
    cards_deck,
    cards_rules,
    cards_rulesets,
    cards_state,
    dice,
    dice_rules,
    dice_scoring,
    kuckuck_rules,
    kuckuck_rulesets,
    kuckuck_scoring,
    kuckuck_state,
    mutant,
    read_as,
    reference_module,
    wrap,
)


def _everywhere(original: Any, patched: Any) -> None:
    """Put *patched* wherever the reference's modules hold *original* (the engine, the
    notation and the protocol each import the functions they use)."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("cuckoo."):
            for name, value in list(vars(module).items()):
                if value is original:
                    setattr(module, name, patched)


def _swap_reads(module: Any, names: Iterable[str], field: str, param: str) -> None:
    """*module*'s functions *names* read the state's *field* with the two-valued option
    *param* swapped, and are put wherever the reference uses them."""
    values = {
        "infection_pool": ("own", "any"),
        "side_majority": ("relative", "absolute"),
        "tiebreak": ("dungeon", "captures-dungeon"),
        "dungeon_tiebreak": ("placer", "owner"),
        "dungeon_bonus": (False, True),
        "direction": ("left", "right"),
    }[param]
    other = dict(zip(values, values[::-1], strict=True))
    for name in names:
        original = getattr(module, name)
        read_as(module, name, field, **{param: lambda value: other[value]})
        _everywhere(original, getattr(module, name))


def option_swapped(game: str, rule: str, module: Any, names: tuple[str, ...], param: str) -> None:
    """Operator *swap an option's value*: where *rule* reads *param*, each value is read
    as the other one."""
    shown = param.replace("_", "-")
    mutant(game, rule, f"the {param} option is read the wrong way round", kind="option")(
        _named(f"{shown}-swapped", lambda: _swap_reads(module, names, _FIELD[game], param))
    )


_FIELD: Final = {DICE: "ruleset", CARDS: "rules", KUCKUCK: "rules"}


def _named(name: str, patch: Callable[[], None]) -> Callable[[], None]:
    """*patch* under the mutant name *name* (as :func:`mutant` reads it)."""
    patch.__name__ = name.replace("-", "_")
    return patch


option_swapped(DICE, "CD-INFECT-POOL", dice_rules, ("_infections", "_infect"), "infection_pool")
option_swapped(DICE, "CD-SCORE-MAJORITY", dice_scoring, ("result",), "side_majority")
option_swapped(DICE, "CD-SCORE-CAPTURES", dice_scoring, ("result",), "tiebreak")
option_swapped(DICE, "CD-SCORE-DUNGEON", dice_scoring, ("_dungeon_taker",), "dungeon_tiebreak")
option_swapped(DICE, "CD-PLACE-BONUS", dice_rules, ("_bonus_due",), "dungeon_bonus")
option_swapped(CARDS, "CC-TURN-ORDER", cards_state, ("next_seat",), "direction")


@mutant(CARDS, "CC-CARD-ORDER", "the aces option is read the wrong way round", kind="option")
def aces_swapped() -> None:
    other = {"low": "high", "high": "low"}
    cards_rules.rank_value = lambda card, aces: cards_deck.rank_value(card, other[aces])


@mutant(
    KUCKUCK, "ZK-TACTICAL-ORDER", "the variant option is read the wrong way round", kind="option"
)
def variant_swapped() -> None:
    kuckuck_rulesets.Rules.in_turn = property(lambda self: self.variant != "tactical")


def _refuse_at(module: Any, name: str, count: Callable[..., int], edge: int, rule: str) -> None:
    """*module*'s *name* refuses, under *rule*, what *count* finds at *edge*."""
    setup_error = reference_module("errors").SetupError

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(*args: Any, **kwargs: Any) -> Any:
            if count(*args, **kwargs) == edge:
                raise setup_error(f"{edge} is out of range", rule=rule)
            return original(*args, **kwargs)

        return patched

    original = getattr(module, name)
    wrap(module, name, make)
    _everywhere(original, getattr(module, name))


def _accept_as(cls: Any, field: str, value: object, edge: object) -> None:
    """*cls* checks a *value* of *field* as if it were *edge*, and keeps it: one past a
    limit is let through."""
    original = cls.__post_init__

    def check(self: Any) -> None:
        if getattr(self, field) != value:
            original(self)
            return
        object.__setattr__(self, field, edge)
        original(self)
        object.__setattr__(self, field, value)

    cls.__post_init__ = check


def _players(rules: Any, setup: Any) -> int:
    return len(setup.players)


def _constant(module: Any, name: str, by: int) -> Callable[[], None]:
    return lambda: setattr(module, name, getattr(module, name) + by)


def _lives_refused(edge: int) -> Callable[[], None]:
    lives: Callable[..., int] = lambda **kw: kw.get("lives", 3)  # noqa: E731
    return lambda: _refuse_at(cards_rulesets, "rules", lives, edge, "CC-RULESET-PARAMS")


def _lives_accepted(value: int, edge: int) -> Callable[[], None]:
    return lambda: _accept_as(cards_rulesets.Rules, "lives", value, edge)


LIMITS: Final = (
    (CARDS, "CC-RULESET-PARAMS", "lives-from-two", "the fewest lives is 2, not 1",
     _lives_refused(1)),
    (CARDS, "CC-RULESET-PARAMS", "lives-from-zero", "0 lives is allowed", _lives_accepted(0, 1)),
    (CARDS, "CC-RULESET-PARAMS", "lives-to-98", "the most lives is 98, not 99",
     _lives_refused(99)),
    (CARDS, "CC-RULESET-PARAMS", "lives-to-100", "100 lives is allowed",
     _lives_accepted(100, 99)),
    (CARDS, "CC-SETUP-PLAYERS", "cards-players-one-fewer",
     "one player fewer than the most may play", _constant(cards_state, "MAX_PLAYERS", -1)),
    (CARDS, "CC-SETUP-PLAYERS", "cards-players-one-more",
     "one player more than the most may play", _constant(cards_state, "MAX_PLAYERS", 1)),
    (CARDS, "CC-SETUP-PLAYERS", "cards-players-from-three", "two players are too few",
     lambda: _refuse_at(cards_state, "new_game", _players, 2, "CC-SETUP-PLAYERS")),
    (KUCKUCK, "ZK-SETUP-PLAYERS", "zk-players-to-four", "five players are too many",
     _constant(kuckuck_state, "MAX_PLAYERS", -1)),
    (KUCKUCK, "ZK-SETUP-PLAYERS", "zk-players-to-six", "six players may play",
     _constant(kuckuck_state, "MAX_PLAYERS", 1)),
    (KUCKUCK, "ZK-SETUP-PLAYERS", "zk-players-from-four", "three players are too few",
     lambda: _refuse_at(kuckuck_state, "new_game", _players, 3, "ZK-SETUP-PLAYERS")),
)  # fmt: skip
"""Operator *move a limit by one*: each limit of a setup, one way or the other."""

for _game, _rule, _name, _what, _move in LIMITS:
    mutant(_game, _rule, _what, kind="limit")(_named(_name, _move))


@mutant(DICE, "CD-INFECT-LIMIT", "a limit of n allows n - 1 infections", kind="limit")
def limit_minus_one() -> None:
    read_as(
        dice_rules, "_infections", "ruleset",
        infection_limit=lambda limit: limit if limit is None else limit - 1,
    )  # fmt: skip


@mutant(
    DICE,
    "CD-SETUP-DICE",
    "an opening roll of more than ten dice is allowed, the rest unused",
    kind="limit",
)
def long_roll() -> None:
    wrap(dice, "new_game", lambda original: lambda rules, setup: original(
        rules, replace(setup, rolls=tuple(roll[:10] for roll in setup.rolls))
    ))  # fmt: skip


@mutant(
    KUCKUCK,
    "ZK-CYCLE-END",
    "the match is scored once, at its end: only the last cycle counts",
    kind="span",
)
def scored_per_match() -> None:
    original = kuckuck_scoring.totals

    def totals(state: Any) -> tuple[int, ...]:
        return tuple(state.scores[-1]) if state.scores else original(state)

    _everywhere(original, totals)


@mutant(
    KUCKUCK,
    "ZK-MATCH-WINNER",
    "the match goes to whoever won the last cycle, not the total",
    kind="span",
)
def won_per_cycle() -> None:
    def winners(state: Any) -> tuple[int, ...]:
        if not state.is_over:
            return ()
        last = state.scores[-1]
        return tuple(s for s, points in enumerate(last) if points == max(last))

    _everywhere(kuckuck_scoring.winners, winners)


@mutant(
    CARDS,
    "CC-ELIMINATE",
    "lives are counted per hand: everyone starts each hand afresh",
    kind="span",
)
def lives_per_hand() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after = original(state)
            if after.step != "deal":
                return after
            fresh = tuple(state.rules.lives if n else 0 for n in after.lives)
            return replace(after, lives=fresh)

        return patched

    wrap(cards_rules, "_end_of_hand", make)


@mutant(
    KUCKUCK,
    "ZK-TACTICAL-NEXT",
    "the next start follows all who showed the highest nest, dropped out or not",
    kind="batch",
)
def first_batch_loses() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after, _ = original(state)
            return after, kuckuck_rules._highest(state)

        return patched

    wrap(kuckuck_rules, "_turn", make)


@mutant(
    KUCKUCK,
    "ZK-TACTICAL-NEXT",
    "the next start follows every batch's losers, not the last",
    kind="batch",
)
def every_batch_loses() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after, last = original(state)
            return after, tuple(after.turned) or last

        return patched

    wrap(kuckuck_rules, "_turn", make)
