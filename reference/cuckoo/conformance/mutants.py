"""Mutants of the reference: each one plausible misreading of one rule, to measure the kit.

A mutant is a small patch applied at run time to the reference's functions, in a process
of its own: ``python -m cuckoo.conformance.mutants serve NAME`` is ``cuckoo serve`` with the
rule misread, so no copy of the engine's source is needed.  ``python -m
cuckoo.conformance.mutants score`` runs the suite (without its perft cases, which an
engine need not answer) against every mutant and prints the mutation score by game and by
spec chapter; ``--write`` stores the run and writes the table into the implementer's guide.

A mutant the protocol cannot tell from the reference is *equivalent*; it says why, and it
is left out of the score.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from fractions import Fraction
from importlib import import_module
from pathlib import Path
from typing import Any, Final

from . import protocol
from .differential import differential
from .engine import Engine
from .runner import run_suite
from .suite import load_all

__all__ = ["MUTANTS", "Mutant", "score"]


def _module(name: str) -> Any:
    """A module of the reference, as a plain module: its attributes are patched freely
    (``cuckoo.cards.rules`` is also the name of a function of ``cuckoo.cards``)."""
    return import_module(f"cuckoo.{name}")


dice, cards = _module("dice"), _module("cards")
dice_chance, dice_faces, dice_notation, dice_rules, dice_rulesets, dice_scoring = (
    _module(f"dice.{m}") for m in ("chance", "faces", "notation", "rules", "rulesets", "scoring")
)
cards_deck, cards_notation, cards_rules, cards_rulesets, cards_state = (
    _module(f"cards.{m}") for m in ("deck", "notation", "rules", "rulesets", "state")
)
kuckuck_cards, kuckuck_notation, kuckuck_rules, kuckuck_rulesets = (
    _module(f"kuckuck.{m}") for m in ("cards", "notation", "rules", "rulesets")
)
kuckuck_scoring, kuckuck_state = _module("kuckuck.scoring"), _module("kuckuck.state")


@dataclass(frozen=True)
class Mutant:
    """One misreading of one rule."""

    name: str
    game: str
    rule: str
    """The rule misread; its spec chapter is where the mutant is counted."""
    misreading: str
    patch: Callable[[], None]
    equivalent: str = ""
    """Why no protocol answer can tell it from the reference, if none can."""


MUTANTS: Final[dict[str, Mutant]] = {}


def mutant(
    game: str, rule: str, misreading: str, equivalent: str = ""
) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the decorated patch as a mutant named after it."""

    def register(patch: Callable[[], None]) -> Callable[[], None]:
        name = patch.__name__.strip("_").replace("_", "-")
        MUTANTS[name] = Mutant(name, game, rule, misreading, patch, equivalent)
        return patch

    return register


# -- the tools of patching ----------------------------------------------------------------------


def _wrap(module: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace *module*'s *name* by ``make(original)``."""
    setattr(module, name, make(getattr(module, name)))


def _loosen(module: Any, rule: str, when: Callable[[str], bool] = lambda text: True) -> None:
    """*module*'s checks of *rule* let a move through when *when* holds of their message."""
    original = module.require

    def require(condition: bool, checked: str, message: str | Callable[[], str]) -> None:
        loose = checked == rule and when(message() if callable(message) else message)
        original(condition or loose, checked, message)

    module.require = require


def _read_as(module: Any, name: str, rules: str, **changes: object) -> None:
    """*module*'s function *name* reads the state's *rules* field with *changes* (a value,
    or a function of the value there); the state it returns keeps the rules it was given."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(state: Any, *args: Any) -> Any:
            given = getattr(state, rules)
            read = {k: v(getattr(given, k)) if callable(v) else v for k, v in changes.items()}
            out = original(replace(state, **{rules: replace(given, **read)}), *args)
            return replace(out, **{rules: given}) if type(out) is type(state) else out

        return patched

    _wrap(module, name, make)


def _move_changed(module: Any, name: str, change: Callable[[Any, Any], Any]) -> None:
    """*module*'s *name*, a function of a state and a move, gets the move *change* makes."""
    _wrap(module, name, lambda original: lambda state, move: original(state, change(state, move)))


def _unknown_ignored(module: Any) -> None:
    """CD/CC/ZK-RULESET-PARAMS misread: a parameter no ruleset knows is ignored."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(base: Any, names: Iterable[str], overrides: dict[str, Any], **kw: Any) -> Any:
            names = tuple(names)
            return original(base, names, {k: v for k, v in overrides.items() if k in names}, **kw)

        return patched

    _wrap(module, "with_parameters", make)


def _tags_sorted(module: Any) -> None:
    """NOTATION-CANONICAL misread: the canonical tag order is the alphabet's."""
    original = module.format_record

    def patched(record: Any) -> str:
        lines = original(record).split("\n")
        tags = [line for line in lines if line.startswith("[")]
        return "\n".join(sorted(tags) + lines[len(tags) :])

    module.format_record = patched
    games = _module("games")  # the tools reach a game's notation through its kit
    games.GAMES[module.GAME] = replace(games.GAMES[module.GAME], format_record=patched)


# -- the dice pyramid ---------------------------------------------------------------------------

DICE, CARDS, KUCKUCK = "cuckoo-dice", "cuckoo-cards", "zum-kuckuck"


@mutant(DICE, "CD-CELL-DUNGEON", "the dungeon is the apex, the one cell of the top layer")
def dungeon_is_apex() -> None:
    dice_scoring.DUNGEON = dice.CELL_NAMES.index("000")


@mutant(DICE, "CD-DIE-ADJACENT", "any other face is adjacent, the opposite one included")
def opposite_adjacent() -> None:
    dice_rules.second_face = lambda value, own: (min if own else max)(
        f for f in dice_faces.FACES if f != value
    )
    dice_rules._faces.cache_clear()


@mutant(DICE, "CD-DIE-CORNER", "1, 2, 3 run clockwise on a western die")
def corner_mirrored() -> None:
    other = {"western": "eastern", "eastern": "western"}
    original = dice_rules.apex_faces
    dice_rules.apex_faces = lambda hand, *faces: original(other[hand], *faces)
    dice_rules._faces.cache_clear()


@mutant(DICE, "CD-DIE-OWNER", "a die scores for whoever placed it, not for its colour")
def placer_owns() -> None:
    dice_rules.Placed = lambda owner, placer, value, faces: dice.Placed(
        placer, placer, value, faces
    )


@mutant(DICE, "CD-PLACE-SECOND", "the largest neighbour for an own die, the smallest for a foreign")
def second_face_swapped() -> None:
    dice_rules.second_face = lambda value, own: dice_faces.second_face(value, not own)
    dice_rules._faces.cache_clear()


@mutant(DICE, "CD-PLACE-SUPPORT", "one die below is support enough")
def one_support() -> None:
    dice_rules.BELOW = tuple(below[:1] for below in dice_rules.BELOW)
    dice_rules._open_cells.cache_clear()


@mutant(DICE, "CD-PLACE-EMPTY", "a die may be put on a taken cell, replacing the one there")
def cell_replaced() -> None:
    def make(original: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
        def patched(state: Any, cell: int) -> None:
            if cell in range(len(state.board)) and state.board[cell] is not None:
                board = list(state.board)
                board[cell] = None
                state = replace(state, board=tuple(board))
            original(state, cell)

        return patched

    _wrap(dice_rules, "require_open", make)


@mutant(DICE, "CD-PLACE-DIE", "a die may be placed as either colour: the prime mark is a note")
def colour_ignored() -> None:
    def change(state: Any, move: Any) -> Any:
        if move.die in state.nests[state.to_move]:
            return move
        return replace(move, die=dice.Die(move.die.value, not move.die.foreign))

    _move_changed(dice_rules, "_place", change)


@mutant(DICE, "CD-PLACE-EXPOSE", "an edge cell's side may be left out: the first side is meant")
def edge_default_side() -> None:
    def change(state: Any, move: Any) -> Any:
        shown = dice_rules.SHOWN[move.cell]
        return replace(move, sides=shown[:1]) if len(shown) == 2 and not move.sides else move

    _move_changed(dice_rules, "_orient", change)


@mutant(DICE, "CD-PLACE-APEX", "on the apex the second face's side is named first")
def apex_sides_swapped() -> None:
    def change(state: Any, move: Any) -> Any:
        apex = len(dice_rules.SHOWN[move.cell]) == 3 and len(move.sides) == 2
        return replace(move, sides=move.sides[::-1]) if apex else move

    _move_changed(dice_rules, "_orient", change)


@mutant(DICE, "CD-PLACE-DUNGEON", "a side named for the dungeon is ignored, not refused")
def dungeon_side_ignored() -> None:
    _loosen(dice_rules, "CD-PLACE-DUNGEON")


@mutant(DICE, "CD-PLACE-BONUS", "only the game's very first move earns the bonus")
def bonus_first_ply_only() -> None:
    dice_rules._bonus_due = lambda state: state.ruleset.dungeon_bonus and state.ply < 1


@mutant(DICE, "CD-INFECT-GIVE", "a single die may infect a die of its value")
def one_die_infects() -> None:
    dice_rules.GIVING = {take: (*needs, ((take, 1),)) for take, needs in dice_rules.GIVING.items()}
    dice_rules._GIVE.update({((v, 1),): (dice.Die(v),) for v in dice_faces.FACES})
    dice_rules._CAPS = dice_rules._caps(dice_rules.GIVING)
    dice_rules._own_infections.cache_clear()
    dice_rules._infections_of.cache_clear()
    _loosen(dice_rules, "CD-INFECT-GIVE", lambda text: "at least two" in text)


@mutant(DICE, "CD-INFECT-TAKE", "the taken die may be of either colour: the prime is a note")
def take_colour_ignored() -> None:
    def change(state: Any, move: Any) -> Any:
        if move.take in state.nests[1 - state.to_move]:
            return move
        return replace(move, take=dice.Die(move.take.value, not move.take.foreign))

    _move_changed(dice_rules, "_infect", change)


@mutant(DICE, "CD-INFECT-SUM", "the given dice must make at least the taken die's value")
def sum_at_least() -> None:
    def more(text: str) -> bool:
        made, wanted = text.split(" makes ")[1].split(", not ")
        return int(made) > int(wanted)

    _loosen(dice_rules, "CD-INFECT-SUM", more)


@mutant(DICE, "CD-INFECT-POOL", "the own-pool rule limits the giving dice only")
def pool_takes_any() -> None:
    _loosen(dice_rules, "CD-INFECT-POOL", lambda text: "may be taken" in text)


@mutant(DICE, "CD-INFECT-LIMIT", "a limit of n allows n + 1 infections")
def limit_plus_one() -> None:
    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(state: Any, *args: Any) -> Any:
            limit = state.ruleset.infection_limit
            if limit is None:
                return original(state, *args)
            wider = replace(state, ruleset=replace(state.ruleset, infection_limit=limit + 1))
            out = original(wider, *args)
            return replace(out, ruleset=state.ruleset) if isinstance(out, dice.State) else out

        return patched

    _wrap(dice_rules, "_infections", make)
    _wrap(dice_rules, "_infect", make)


@mutant(DICE, "CD-INFECT-REROLL", "every sorted outcome of a re-roll is equally likely")
def reroll_uniform() -> None:
    original = dice_chance.roll_distribution

    def uniform(n: int) -> Any:
        outcomes = original(n)
        return tuple((values, type(p)(1, len(outcomes))) for values, p in outcomes)

    dice_chance.roll_distribution = uniform


@mutant(DICE, "CD-INFECT-SWAP", "a die takes the colour of the nest it lands in")
def swap_recolours() -> None:
    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(state: Any, infect: Any, rolls: Any) -> Any:
            mover = state.to_move
            after = original(state, infect, rolls)
            nests = [list(nest) for nest in after.nests]
            arrived = [(mover, rolls.take, infect.take)]
            arrived += [(1 - mover, v, d) for v, d in zip(rolls.give, infect.give, strict=True)]
            for holder, value, die in arrived:
                nests[holder].remove(dice.Die(value, not die.foreign))
                nests[holder].append(dice.Die(value))
            return replace(after, nests=tuple(tuple(sorted(n)) for n in nests))

        return patched

    _wrap(dice_rules, "_reroll", make)


@mutant(DICE, "CD-TURN-PASS", "a player may pass at any time")
def pass_anytime() -> None:
    _loosen(dice_rules, "CD-TURN-PASS")
    original = dice_rules.legal_moves

    def legal(state: Any) -> Any:
        moves = original(state)
        return moves if state.is_over or dice.PASS in moves else (*moves, dice.PASS)

    dice.legal_moves = legal


@mutant(DICE, "CD-TURN-ORDER", "an infection is a free action: the infector moves again")
def infection_free() -> None:
    _wrap(dice_rules, "_reroll", lambda original: lambda state, infect, rolls: replace(
        original(state, infect, rolls), to_move=state.to_move
    ))  # fmt: skip


@mutant(DICE, "CD-TURN-OVER", "a player may still pass once the pyramid is full")
def pass_after_the_end() -> None:
    _loosen(dice_rules, "CD-TURN-OVER")


@mutant(
    DICE,
    "CD-TURN-CHANCE",
    "a move may come while an infection awaits its re-roll",
    equivalent="the protocol and the notation send an infection only with its re-roll, "
    "so no chance step is ever left open for another move to come",
)
def chance_skippable() -> None:
    _loosen(dice_rules, "CD-TURN-CHANCE")


@mutant(DICE, "CD-SETUP-DICE", "an opening roll of fewer than ten dice is allowed")
def short_roll() -> None:
    def make(original: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def patched(rules: Any, setup: Any) -> Any:
            padded = tuple((*roll, *(1,) * (10 - len(roll))) for roll in setup.rolls)
            state = original(rules, replace(setup, rolls=padded))
            nests = tuple(tuple(sorted(map(dice.Die, roll))) for roll in setup.rolls)
            return replace(state, nests=nests)

        return patched

    _wrap(dice, "new_game", make)


@mutant(DICE, "CD-SETUP-FIRST", "Blue always moves first")
def blue_first() -> None:
    _wrap(dice, "new_game", lambda original: lambda rules, setup: original(
        rules, replace(setup, first=0) if setup.first in (0, 1) else setup
    ))  # fmt: skip


@mutant(DICE, "CD-RULESET-UNNAMED", "the draft breaks ties on the dungeon alone")
def draft_dungeon_only() -> None:
    dice_rulesets.RULESETS["unnamed"] = dice.Ruleset("unnamed", dungeon_bonus=True)


@mutant(DICE, "CD-RULESET-DWNSIWN", "dwnsiwn is the draft's name, with its bonus and tie-breaks")
def dwnsiwn_is_draft() -> None:
    draft = dice_rulesets.RULESETS["unnamed"]
    dice_rulesets.RULESETS["dwnsiwn"] = replace(draft, name="dwnsiwn")


@mutant(DICE, "CD-RULESET-PARAMS", "a parameter no ruleset knows is ignored")
def dice_unknown_ignored() -> None:
    _unknown_ignored(dice_rulesets)


@mutant(DICE, "CD-SCORE-SIDE", "the draft's bonus points are not added to the sides")
def bonus_not_counted() -> None:
    _wrap(dice_scoring, "side_totals", lambda original: lambda state: original(
        replace(state, bonus=None)
    ))  # fmt: skip


def _result_everywhere(make: Callable[[Any], Any]) -> None:
    """Patch the dice game's result where the engine, the notation and the protocol find it."""
    patched = make(dice_scoring.result)
    for module in (dice_scoring, dice_notation, dice):
        module.result = patched


@mutant(DICE, "CD-SCORE-MAJORITY", "two sides of three are never needed: side_majority is not read")
def majority_swapped() -> None:
    _read_as(dice_scoring, "result", "ruleset", side_majority="relative")
    dice.result = dice_notation.result = dice_scoring.result


@mutant(DICE, "CD-SCORE-DUNGEON", "the dungeon's tie-break favours the die's owner, not its placer")
def dungeon_owner() -> None:
    def taker(state: Any) -> int:
        placed = state.board[dice_scoring.DUNGEON]
        by_owner = state.ruleset.dungeon_tiebreak == "placer"
        return int(placed.owner if by_owner else placed.placer)

    dice_scoring._dungeon_taker = taker


@mutant(DICE, "CD-SCORE-CAPTURES", "more infections, not fewer, is the captures' vote")
def more_captures_win() -> None:
    _result_everywhere(lambda original: lambda state: original(
        replace(state, captures=state.captures[::-1])
    ))  # fmt: skip


@mutant(DICE, "CD-SCORE-SHARED", "when the votes cancel out, the dungeon decides")
def no_shared_win() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            outcome = original(state)
            if outcome is None or outcome.reason != "shared":
                return outcome
            return replace(outcome, winners=(dice_scoring._dungeon_taker(state),), reason="dungeon")

        return patched

    _result_everywhere(make)


@mutant(DICE, "CD-NOTATION-RESULT", "a record's result token is not checked against its game")
def dice_result_unchecked() -> None:
    dice_notation._check_result = lambda record, state: None


@mutant(DICE, "CD-NOTATION-CANONICAL", "canonical tags are in alphabetical order")
def dice_tags_sorted() -> None:
    _tags_sorted(dice_notation)


# -- the card game --------------------------------------------------------------------------


@mutant(CARDS, "CC-CARD-ORDER", "aces are always low: the aces parameter is not read")
def aces_always_low() -> None:
    cards_rules.rank_value = lambda card, aces: cards_deck.rank_value(card, "low")


@mutant(CARDS, "CC-CARD-DECK", "the stock is never short of a card: one dealt may come again")
def cards_repeat() -> None:
    _loosen(cards_rules, "CC-CARD-DECK", lambda text: True)


@mutant(CARDS, "CC-LOWEST", "suits break ties, clubs lowest")
def suits_break_ties() -> None:
    cards_rules.rank_value = lambda card, aces: (
        cards_deck.rank_value(card, aces) * 4 + cards_deck.SUITS.index(card.suit)
    )


@mutant(CARDS, "CC-SWAP-KING", "a king shown by the neighbour does not stop the swap")
def king_does_not_block() -> None:
    def swap(state: Any, mover: int) -> Any:
        neighbour = cards_rules.next_seat(state, mover)
        held = list(state.cards)
        held[mover], held[neighbour] = held[neighbour], held[mover]
        return replace(state, cards=tuple(held))

    cards_rules._swap = swap


@mutant(CARDS, "CC-KING-HELD", "a player holding a king may still swap it away")
def king_may_swap() -> None:
    _loosen(cards_rules, "CC-KING-HELD")


@mutant(CARDS, "CC-SWAP", "the swap goes against the direction of play")
def swap_backwards() -> None:
    flip = {"left": "right", "right": "left"}

    def make(original: Callable[[Any, int], Any]) -> Callable[[Any, int], Any]:
        def patched(state: Any, mover: int) -> Any:
            rules = state.rules
            turned = replace(state, rules=replace(rules, direction=flip[rules.direction]))
            return replace(original(turned, mover), rules=rules)

        return patched

    _wrap(cards_rules, "_swap", make)


@mutant(CARDS, "CC-CUT-KING", "a king cut from the stock replaces the dealer's card too")
def cut_king_taken() -> None:
    def make(original: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def patched(state: Any, card: Any) -> Any:
            if not card.is_king:
                return original(state, card)
            held = list(state.cards)
            held[state.dealer] = card
            return cards_rules._end_of_hand(
                replace(state, cards=tuple(held), seen=state.seen | {card}, step="decide")
            )

        return patched

    _wrap(cards_rules, "_reveal", make)


@mutant(CARDS, "CC-CUT", "the dealer keeps the better of the own card and the cut one")
def cut_keeps_better() -> None:
    def make(original: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def patched(state: Any, card: Any) -> Any:
            held, aces = state.cards[state.dealer], state.rules.aces
            if cards_deck.rank_value(card, aces) >= cards_deck.rank_value(held, aces):
                return original(state, card)
            return cards_rules._end_of_hand(replace(state, seen=state.seen | {card}, step="decide"))

        return patched

    _wrap(cards_rules, "_reveal", make)


def _next_dealer(choose: Callable[[Any], int | None]) -> None:
    """After a hand, the dealer *choose* names deals next (None: the one the rules name)."""

    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after = original(state)
            dealer = choose(after) if after.step == "deal" else None
            if dealer is None:
                return after
            return replace(after, dealer=dealer, to_act=cards_state.next_seat(after, dealer))

        return patched

    _wrap(cards_rules, "_end_of_hand", make)


@mutant(CARDS, "CC-NEXT-DEALER", "whoever lost a life deals the next hand")
def loser_deals() -> None:
    def loser(after: Any) -> int | None:
        first = after.losers[:1]
        return first[0] if first and first[0] in after.active else None

    _next_dealer(loser)


@mutant(CARDS, "CC-VOID", "after a void hand the deal passes on as after any other")
def void_passes_deal() -> None:
    _next_dealer(lambda after: None if after.losers else cards_state.next_seat(after, after.dealer))


@mutant(CARDS, "CC-TURN-ORDER", "the deal always goes to the left, whatever the direction")
def deal_always_left() -> None:
    _read_as(cards_rules, "_deal", "rules", direction="left")


@mutant(CARDS, "CC-SETUP-DEALER", "the first player listed deals first")
def first_listed_deals() -> None:
    _wrap(cards, "new_game", lambda original: lambda rules, setup: original(
        rules, replace(setup, dealer=0) if setup.dealer in range(len(setup.players)) else setup
    ))  # fmt: skip


@mutant(CARDS, "CC-RULESET-PARAMS", "a parameter the game does not know is ignored")
def cards_unknown_ignored() -> None:
    _unknown_ignored(cards_rulesets)


@mutant(CARDS, "CC-NOTATION-RESULT", "the result names the player who lost the last life")
def result_names_loser() -> None:
    cards_notation.winner = lambda state: state.losers[0] if state.is_over else None


@mutant(CARDS, "CC-NOTATION-CANONICAL", "canonical tags are in alphabetical order")
def cards_tags_sorted() -> None:
    _tags_sorted(cards_notation)


# -- Zum Kuckuck! -----------------------------------------------------------------------------


@mutant(KUCKUCK, "ZK-CARD-COCKATOOS", "a whole cockatoo on 25-36 only; no halves on 37-48")
def no_high_halves() -> None:
    original = kuckuck_cards.halves
    kuckuck_cards.halves = lambda number: 0 if number >= 37 else original(number)


@mutant(KUCKUCK, "ZK-CARD-NESTS", "one nest card of each value, not two")
def one_nest_each() -> None:
    kuckuck_rules.FULL_PILE = (1,) * 12


@mutant(KUCKUCK, "ZK-SETUP-COUNT", "half cockatoos are rounded up")
def halves_round_up() -> None:
    kuckuck_rules.cockatoos = lambda hand: (sum(map(kuckuck_cards.halves, hand)) + 1) // 2


@mutant(KUCKUCK, "ZK-CYCLE-PASS", "hands pass to the right between cycles")
def hands_pass_right() -> None:
    _wrap(kuckuck_rules, "_new_cycle", lambda original: lambda state: replace(
        original(replace(state, cycle=-state.cycle)), cycle=state.cycle
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-MATCH-CYCLES", "a match is three cycles, whatever the number of players")
def three_cycles() -> None:
    def end(state: Any) -> Any:
        scored = replace(
            state, scores=(*state.scores, kuckuck_rules.cycle_score(state)), cycle=state.cycle + 1
        )
        if scored.cycle == 3:
            return replace(scored, step="over", shown=None)
        return kuckuck_rules._new_cycle(scored)

    kuckuck_rules._end_cycle = end


@mutant(KUCKUCK, "ZK-ROUND-TAKE", "the highest number takes the higher nest card")
def high_takes_high() -> None:
    _wrap(kuckuck_rules, "_resolve", lambda original: lambda state: original(
        replace(state, shown=state.shown[::-1])
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-NEST-TOP", "a nest shows its highest card, not its top one")
def nest_shows_highest() -> None:
    kuckuck_state.State.top = lambda self, seat: max(self.nests[seat], default=0)


@mutant(KUCKUCK, "ZK-ROUND-TURN", "of the players tied for the highest nest, only the first turns")
def first_of_tied_turns() -> None:
    _wrap(kuckuck_rules, "_highest", lambda original: lambda state: original(state)[:1])


@mutant(KUCKUCK, "ZK-BASIC-SIMULTANEOUS", "in the basic version, too, players choose in seat order")
def basic_in_seat_order() -> None:
    _wrap(kuckuck_rules, "choosing", lambda original: lambda state: (
        original(state)[:1] if not state.rules.in_turn else original(state)
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-TACTICAL-ORDER", "in the tactical version, play goes to the right")
def tactical_rightwards() -> None:
    def order(state: Any) -> tuple[int, ...]:
        n, seats = len(state.players), [state.starter]
        while len(seats) < len(state.active):
            seats.append(
                next(
                    s % n for s in range(seats[-1] - 1, seats[-1] - n, -1) if s % n not in state.out
                )
            )
        return tuple(seats)

    kuckuck_rules.play_order = order


@mutant(KUCKUCK, "ZK-TACTICAL-FIRST", "a tie for the most cockatoo cards goes to the first seat")
def first_seat_starts() -> None:
    _wrap(kuckuck_rules, "_tied_for_start", lambda original: lambda state: original(state)[:1])


@mutant(KUCKUCK, "ZK-ROUND-NEST", "the two nest cards are drawn with replacement")
def nests_with_replacement() -> None:
    def pairs(pile: tuple[int, ...]) -> list[tuple[Any, Fraction]]:
        draws = sum(pile) ** 2
        return [
            (
                nest,
                Fraction(
                    (1 if nest.low == nest.high else 2) * pile[nest.low - 1] * pile[nest.high - 1],
                    draws,
                ),
            )
            for nest, _ in kuckuck_pairs(pile)
        ]

    kuckuck_pairs = kuckuck_rules._pairs
    kuckuck_rules._pairs = pairs


@mutant(KUCKUCK, "ZK-SCORE-DROPPED", "a player who dropped out scores 0, not -1")
def dropped_scores_zero() -> None:
    _wrap(kuckuck_rules, "cycle_score", lambda original: lambda state: tuple(
        p + (s in state.out) for s, p in enumerate(original(state))
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-SCORE-NONE", "the bonus of 2 is for no cockatoo card left, not none received")
def none_left_bonus() -> None:
    _wrap(kuckuck_rules, "cycle_score", lambda original: lambda state: tuple(
        p + 2 * ((state.cockatoos[s] == 0) - (state.counts[s] == 0))
        for s, p in enumerate(original(state))
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-SCORE-LOWEST", "the lowest nest scores 2 points, not 1")
def lowest_two() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            low = min(state.top(s) for s in state.active)
            return tuple(
                p + (s not in state.out and state.top(s) == low)
                for s, p in enumerate(original(state))
            )

        return patched

    _wrap(kuckuck_rules, "cycle_score", make)


@mutant(KUCKUCK, "ZK-SCORE-COCKATOOS", "the cockatoo cards turned score, not those still up")
def turned_score() -> None:
    _wrap(kuckuck_rules, "cycle_score", lambda original: lambda state: tuple(
        p + (s not in state.out) * (state.counts[s] - 2 * state.cockatoos[s])
        for s, p in enumerate(original(state))
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-MATCH-WINNER", "players tied on points share the win: no best-cycle tie-break")
def ties_shared() -> None:
    def winners(state: Any) -> tuple[int, ...]:
        if not state.is_over:
            return ()
        total = kuckuck_scoring.totals(state)
        return tuple(s for s, t in enumerate(total) if t == max(total))

    kuckuck_notation.winners = winners


@mutant(KUCKUCK, "ZK-RULESET-PARAMS", "a parameter the game does not know is ignored")
def kuckuck_unknown_ignored() -> None:
    _unknown_ignored(kuckuck_rulesets)


@mutant(KUCKUCK, "ZK-NOTATION-CANONICAL", "canonical tags are in alphabetical order")
def kuckuck_tags_sorted() -> None:
    _tags_sorted(kuckuck_notation)


# -- operators: one kind of misreading, applied to every option, limit, span and batch ---------


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
        _read_as(module, name, field, **{param: lambda value: other[value]})
        _everywhere(original, getattr(module, name))


def option_swapped(game: str, rule: str, module: Any, names: tuple[str, ...], param: str) -> None:
    """Operator *swap an option's value*: where *rule* reads *param*, each value is read
    as the other one."""
    shown = param.replace("_", "-")
    mutant(game, rule, f"the {param} option is read the wrong way round")(
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


@mutant(CARDS, "CC-CARD-ORDER", "the aces option is read the wrong way round")
def aces_swapped() -> None:
    other = {"low": "high", "high": "low"}
    cards_rules.rank_value = lambda card, aces: cards_deck.rank_value(card, other[aces])


@mutant(KUCKUCK, "ZK-TACTICAL-ORDER", "the variant option is read the wrong way round")
def variant_swapped() -> None:
    kuckuck_rulesets.Rules.in_turn = property(lambda self: self.variant != "tactical")


def _refuse_at(module: Any, name: str, count: Callable[..., int], edge: int, rule: str) -> None:
    """*module*'s *name* refuses, under *rule*, what *count* finds at *edge*."""
    setup_error = _module("errors").SetupError

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def patched(*args: Any, **kwargs: Any) -> Any:
            if count(*args, **kwargs) == edge:
                raise setup_error(f"{edge} is out of range", rule=rule)
            return original(*args, **kwargs)

        return patched

    original = getattr(module, name)
    _wrap(module, name, make)
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
    mutant(_game, _rule, _what)(_named(_name, _move))


@mutant(DICE, "CD-INFECT-LIMIT", "a limit of n allows n - 1 infections")
def limit_minus_one() -> None:
    _read_as(
        dice_rules, "_infections", "ruleset",
        infection_limit=lambda limit: limit if limit is None else limit - 1,
    )  # fmt: skip


@mutant(DICE, "CD-SETUP-DICE", "an opening roll of more than ten dice is allowed, the rest unused")
def long_roll() -> None:
    _wrap(dice, "new_game", lambda original: lambda rules, setup: original(
        rules, replace(setup, rolls=tuple(roll[:10] for roll in setup.rolls))
    ))  # fmt: skip


@mutant(KUCKUCK, "ZK-CYCLE-END", "the match is scored once, at its end: only the last cycle counts")
def scored_per_match() -> None:
    original = kuckuck_scoring.totals

    def totals(state: Any) -> tuple[int, ...]:
        return tuple(state.scores[-1]) if state.scores else original(state)

    _everywhere(original, totals)


@mutant(KUCKUCK, "ZK-MATCH-WINNER", "the match goes to whoever won the last cycle, not the total")
def won_per_cycle() -> None:
    def winners(state: Any) -> tuple[int, ...]:
        if not state.is_over:
            return ()
        last = state.scores[-1]
        return tuple(s for s, points in enumerate(last) if points == max(last))

    _everywhere(kuckuck_scoring.winners, winners)


@mutant(CARDS, "CC-ELIMINATE", "lives are counted per hand: everyone starts each hand afresh")
def lives_per_hand() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after = original(state)
            if after.step != "deal":
                return after
            fresh = tuple(state.rules.lives if n else 0 for n in after.lives)
            return replace(after, lives=fresh)

        return patched

    _wrap(cards_rules, "_end_of_hand", make)


@mutant(
    KUCKUCK,
    "ZK-TACTICAL-NEXT",
    "the next start follows all who showed the highest nest, dropped out or not",
)
def first_batch_loses() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after, _ = original(state)
            return after, kuckuck_rules._highest(state)

        return patched

    _wrap(kuckuck_rules, "_turn", make)


@mutant(KUCKUCK, "ZK-TACTICAL-NEXT", "the next start follows every batch's losers, not the last")
def every_batch_loses() -> None:
    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after, last = original(state)
            return after, tuple(after.turned) or last

        return patched

    _wrap(kuckuck_rules, "_turn", make)


# -- running them -------------------------------------------------------------------------------


def serve(name: str) -> int:
    """``cuckoo serve`` with the mutant *name* applied."""
    MUTANTS[name].patch()
    return protocol.serve()


def command(name: str) -> str:
    """The command line of the engine that is the reference with mutant *name*."""
    return f"{shlex.quote(sys.executable)} -m cuckoo.conformance.mutants serve {name}"


def _is_perft(case: dict[str, Any]) -> bool:
    return "perft" in case["expect"]


def _chapters() -> dict[str, str]:
    """Each rule's spec chapter, from the shipped suites."""
    return {rule: info["section"] for suite in load_all() for rule, info in suite["rules"].items()}


def _run(one: Mutant, suites: list[dict[str, Any]], games: int, seed: int) -> dict[str, Any]:
    """What kills *one*: the suite's failing cases, and, if asked, random games."""
    engine = Engine(command(one.name), timeout=30)
    try:
        mine = [suite for suite in suites if suite["game"] == one.game]
        report = run_suite(engine, mine, log=lambda line: None, skip=_is_perft)
    finally:
        engine.close()
    entry: dict[str, Any] = {
        "name": one.name,
        "game": one.game,
        "rule": one.rule,
        "misreading": one.misreading,
        "equivalent": one.equivalent,
        "cases": report.failed_ids,
    }
    if games:
        random = differential(command(one.name), games, seed, (one.game,), log=lambda line: None)
        entry["random"] = sum(random.failed.values())
    return entry


def score(games: int = 0, seed: int = 0, jobs: int = 1, game: str | None = None) -> dict[str, Any]:
    """Run every mutant (of *game*, if given): the suite alone (no perft), and *games*
    random games if asked."""
    suites = load_all()
    chosen = [m for m in MUTANTS.values() if game in (None, m.game)]
    with ThreadPoolExecutor(jobs) as pool:
        runs = list(pool.map(lambda one: _run(one, suites, games, seed), chosen))
    return {"random": games, "seed": seed, "mutants": runs}


def merged(stored: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    """*stored* with the mutants of *run* replaced or added, in the order mutants are
    defined (so one game's run updates a stored run of all three)."""
    entries = {e["name"]: e for e in stored.get("mutants", [])} | {
        e["name"]: e for e in run["mutants"]
    }
    ordered = [entries[name] for name in MUTANTS if name in entries]
    return {"random": run["random"], "seed": run["seed"], "mutants": ordered}


SURVIVORS: Final = dict[str, str]()
"""Why each non-equivalent mutant that the suite lets live does (a gap to close)."""


def rule_page(run: dict[str, Any]) -> str:
    """The docs page of the mutation score by rule (``docs/kit/mutation.md``), from a
    stored *run*."""
    counted = [e for e in run["mutants"] if not e["equivalent"]]
    killed = [e for e in counted if e["cases"]]
    lines = [
        "# Mutation score by rule",
        "",
        "<!-- Generated by `python -m cuckoo.conformance.mutants score --write` from the "
        "stored run tests/kit/mutation.json: do not edit. -->",
        "",
        "A *mutant* is the reference engine with one rule misread on purpose; the suite "
        "*kills* it when at least one case fails. Besides one hand-written misreading per "
        "rule, four operators make mutants of a kind: an option's value read the wrong way "
        "round (`*-swapped`), a limit moved by one either way, scoring once per match "
        "instead of per cycle and the other way round, and a tie-break taken from the wrong "
        "batch. Equivalent mutants (no protocol answer can tell them from the reference) "
        "are left out of the score.",
        "",
        f"Overall: {len(killed)} of {len(counted)} mutants killed by the suite alone "
        f"({100 * len(killed) / max(len(counted), 1):.0f}%).",
        "",
        "| game | mutants | equivalent | killed | survived | score |",
        "|---|---|---|---|---|---|",
        *_rows(run, lambda e: e["game"]),
        "",
        "| rule | mutants | equivalent | killed | survived | score |",
        "|---|---|---|---|---|---|",
        *_rows(run, lambda e: e["rule"]),
        "",
        "## Every mutant",
        "",
        "| mutant | rule | misreading | cases that kill it |",
        "|---|---|---|---:|",
    ]
    lines += [
        f"| `{e['name']}` | `{e['rule']}` | {e['misreading']} | "
        f"{'equivalent' if e['equivalent'] else len(e['cases'])} |"
        for e in run["mutants"]
    ]
    survivors = [e for e in counted if not e["cases"]]
    lines += ["", "## Survivors", ""]
    lines += [
        f"- `{e['name']}` ({e['rule']}): {SURVIVORS.get(e['name'], 'not yet explained')}."
        for e in survivors
    ] or ["None: the suite alone kills every mutant that is not equivalent."]
    return "\n".join(lines) + "\n"


def _rows(run: dict[str, Any], key: Callable[[dict[str, Any]], str]) -> list[str]:
    """One table row per value of *key*: mutants, equivalent, killed, survivors, score."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in run["mutants"]:
        groups.setdefault(key(entry), []).append(entry)
    rows = []
    for name, entries in sorted(groups.items()):
        counted = [e for e in entries if not e["equivalent"]]
        killed = sum(bool(e["cases"]) for e in counted)
        share = f"{100 * killed / len(counted):.0f}%" if counted else "-"
        rows.append(
            f"| {name} | {len(entries)} | {len(entries) - len(counted)} | {killed} | "
            f"{len(counted) - killed} | {share} |"
        )
    return rows


def table(run: dict[str, Any]) -> str:
    """The implementer's guide's section on the mutation score, from a stored *run*."""
    chapters = _chapters()
    head = [
        "| {} | mutants | equivalent | killed | survived | score |",
        "|---|---|---|---|---|---|",
    ]
    lines = [head[0].format("game"), head[1], *_rows(run, lambda e: e["game"])]
    lines += ["", head[0].format("game/chapter"), head[1]]
    lines += _rows(run, lambda e: f"{e['game']}/{chapters[e['rule']]}")
    equivalent = [e for e in run["mutants"] if e["equivalent"]]
    survivors = [e for e in run["mutants"] if not e["equivalent"] and not e["cases"]]
    lines += ["", "Equivalent mutants (left out of the score):", ""]
    lines += [
        f"- `{e['name']}` ({e['rule']}): {e['misreading']}; {e['equivalent']}." for e in equivalent
    ]
    lines += ["", "Surviving mutants:" if survivors else "No mutant survives the suite.", ""]
    lines += [f"- `{e['name']}` ({e['rule']}): {e['misreading']}" for e in survivors]
    return "\n".join(lines).rstrip() + "\n"


BEGIN, END = "<!-- mutation score: begin -->", "<!-- mutation score: end -->"


def with_table(guide: str, run: dict[str, Any]) -> str:
    """*guide* with the text between the mutation-score markers replaced by the table."""
    before, rest = guide.split(BEGIN)
    _, after = rest.split(END)
    return f"{before}{BEGIN}\n{table(run)}{END}{after}"


STORED: Final = Path("tests/kit/mutation.json")
GUIDE: Final = Path("docs/implementers.md")
PAGE: Final = Path("docs/kit/mutation.md")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cuckoo.conformance.mutants")
    commands = parser.add_subparsers(dest="command", required=True)
    serving = commands.add_parser("serve", help="serve the reference with one rule misread")
    serving.add_argument("name", choices=sorted(MUTANTS))
    scoring = commands.add_parser("score", help="the suite's mutation score, by game and chapter")
    scoring.add_argument(
        "--random", type=int, default=0, metavar="N", help="and N random games each"
    )
    scoring.add_argument("--seed", type=int, default=0)
    scoring.add_argument("-j", "--jobs", type=int, default=1)
    scoring.add_argument(
        "--game", choices=(DICE, CARDS, KUCKUCK), help="only this game's mutants (--write merges)"
    )
    scoring.add_argument(
        "--write", action="store_true", help=f"store the run in {STORED} and the table in {GUIDE}"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args.name)
    run = score(args.random, args.seed, args.jobs, args.game)
    print(table(run), end="")
    print(
        "\n| rule | mutants | equivalent | killed | survived | score |\n|---|---|---|---|---|---|"
    )
    print("\n".join(_rows(run, lambda e: e["rule"])))
    for entry in run["mutants"]:
        if args.random and not entry["cases"]:
            print(f"{entry['name']}: random games {'kill' if entry['random'] else 'miss'} it")
    if args.write:
        if args.game:
            run = merged(json.loads(STORED.read_text(encoding="utf-8")), run)
        STORED.write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
        GUIDE.write_text(with_table(GUIDE.read_text(encoding="utf-8"), run), encoding="utf-8")
        PAGE.write_text(rule_page(run), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
