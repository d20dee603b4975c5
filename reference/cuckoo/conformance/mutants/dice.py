"""Mutants of the dice pyramid: each one plausible misreading of one of its rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .core import (
    DICE,
    dice,
    dice_chance,
    dice_faces,
    dice_notation,
    dice_recorded,
    dice_rules,
    dice_rulesets,
    dice_scoring,
    loosen,
    move_changed,
    mutant,
    read_as,
    tags_sorted,
    unknown_ignored,
    wrap,
)


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
    original = dice_rules._place

    def placed_by_placer(state: Any, move: Any) -> Any:
        after = original(state, move)
        board = list(after.board)
        board[move.cell] = board[move.cell]._replace(owner=state.to_move)
        return replace(after, board=tuple(board))

    dice_rules._place = placed_by_placer


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

    wrap(dice_rules, "require_open", make)


@mutant(DICE, "CD-PLACE-DIE", "a die may be placed as either colour: the prime mark is a note")
def colour_ignored() -> None:
    def change(state: Any, move: Any) -> Any:
        if move.die in state.nests[state.to_move]:
            return move
        return replace(move, die=dice.Die(move.die.value, not move.die.foreign))

    move_changed(dice_rules, "_place", change)


@mutant(DICE, "CD-PLACE-EXPOSE", "an edge cell's side may be left out: the first side is meant")
def edge_default_side() -> None:
    def change(state: Any, move: Any) -> Any:
        shown = dice_rules.SHOWN[move.cell]
        return replace(move, sides=shown[:1]) if len(shown) == 2 and not move.sides else move

    move_changed(dice_rules, "_orient", change)


@mutant(DICE, "CD-PLACE-APEX", "on the apex the second face's side is named first")
def apex_sides_swapped() -> None:
    def change(state: Any, move: Any) -> Any:
        apex = len(dice_rules.SHOWN[move.cell]) == 3 and len(move.sides) == 2
        return replace(move, sides=move.sides[::-1]) if apex else move

    move_changed(dice_rules, "_orient", change)


@mutant(DICE, "CD-PLACE-DUNGEON", "a side named for the dungeon is ignored, not refused")
def dungeon_side_ignored() -> None:
    loosen(dice_rules, "CD-PLACE-DUNGEON")


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
    loosen(dice_rules, "CD-INFECT-GIVE", lambda text: "at least two" in text)


@mutant(DICE, "CD-INFECT-TAKE", "the taken die may be of either colour: the prime is a note")
def take_colour_ignored() -> None:
    def change(state: Any, move: Any) -> Any:
        if move.take in state.nests[1 - state.to_move]:
            return move
        return replace(move, take=dice.Die(move.take.value, not move.take.foreign))

    move_changed(dice_rules, "_infect", change)


@mutant(DICE, "CD-INFECT-SUM", "the given dice must make at least the taken die's value")
def sum_at_least() -> None:
    def more(text: str) -> bool:
        made, wanted = text.split(" makes ")[1].split(", not ")
        return int(made) > int(wanted)

    loosen(dice_rules, "CD-INFECT-SUM", more)


@mutant(DICE, "CD-INFECT-POOL", "the own-pool rule limits the giving dice only")
def pool_takes_any() -> None:
    loosen(dice_rules, "CD-INFECT-POOL", lambda text: "may be taken" in text)


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

    wrap(dice_rules, "_infections", make)
    wrap(dice_rules, "_infect", make)


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

    wrap(dice_rules, "_reroll", make)


@mutant(DICE, "CD-TURN-PASS", "a player may pass at any time")
def pass_anytime() -> None:
    loosen(dice_rules, "CD-TURN-PASS")
    original = dice_rules.legal_moves

    def legal(state: Any) -> Any:
        moves = original(state)
        return moves if state.is_over or dice.PASS in moves else (*moves, dice.PASS)

    dice.legal_moves = legal


@mutant(DICE, "CD-TURN-ORDER", "an infection is a free action: the infector moves again")
def infection_free() -> None:
    wrap(dice_rules, "_reroll", lambda original: lambda state, infect, rolls: replace(
        original(state, infect, rolls), to_move=state.to_move
    ))  # fmt: skip


@mutant(DICE, "CD-TURN-OVER", "a player may still pass once the pyramid is full")
def pass_after_the_end() -> None:
    loosen(dice_rules, "CD-TURN-OVER")


@mutant(
    DICE,
    "CD-TURN-CHANCE",
    "a move may come while an infection awaits its re-roll",
    equivalent="the protocol and the notation send an infection only with its re-roll, "
    "so no chance step is ever left open for another move to come",
)
def chance_skippable() -> None:
    loosen(dice_rules, "CD-TURN-CHANCE")


@mutant(DICE, "CD-SETUP-DICE", "an opening roll of fewer than ten dice is allowed")
def short_roll() -> None:
    def make(original: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def patched(rules: Any, setup: Any) -> Any:
            padded = tuple((*roll, *(1,) * (10 - len(roll))) for roll in setup.rolls)
            state = original(rules, replace(setup, rolls=padded))
            nests = tuple(tuple(sorted(map(dice.Die, roll))) for roll in setup.rolls)
            return replace(state, nests=nests)

        return patched

    wrap(dice, "new_game", make)


@mutant(DICE, "CD-SETUP-FIRST", "Blue always moves first")
def blue_first() -> None:
    wrap(dice, "new_game", lambda original: lambda rules, setup: original(
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
    unknown_ignored(dice_rulesets)


@mutant(DICE, "CD-SCORE-SIDE", "the draft's bonus points are not added to the sides")
def bonus_not_counted() -> None:
    wrap(dice_scoring, "side_totals", lambda original: lambda state: original(
        replace(state, bonus=None)
    ))  # fmt: skip


def _result_everywhere(make: Callable[[Any], Any]) -> None:
    """Patch the dice game's result where the engine, the notation and the protocol find it."""
    patched = make(dice_scoring.result)
    for module in (dice_scoring, dice_recorded, dice_notation, dice):
        module.result = patched


@mutant(DICE, "CD-SCORE-MAJORITY", "two sides of three are never needed: side_majority is not read")
def majority_swapped() -> None:
    read_as(dice_scoring, "result", "ruleset", side_majority="relative")
    dice.result = dice_recorded.result = dice_notation.result = dice_scoring.result


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
    dice_notation.ended = lambda record, state: None


@mutant(DICE, "CD-NOTATION-CANONICAL", "canonical tags are in alphabetical order")
def dice_tags_sorted() -> None:
    tags_sorted(dice_notation)
