"""Hypothesis strategies for the dice game: rulesets, setups, and whole games move by move.

A game is drawn one choice at a time from :func:`legal_moves` (at a chance node: from
:func:`chance_outcomes`), so hypothesis can shrink a failing game to a short one.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

from cuckoo.dice import (
    BLUE,
    RED,
    Infect,
    Move,
    Rolls,
    Ruleset,
    Setup,
    State,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    ruleset,
)

RULESET_NAMES = ("cuckoo", "dwnsiwn", "unnamed")

Step = Move | Rolls
"""A player's move or the outcome of a chance step."""

_OVERRIDES = {
    "handedness": st.sampled_from(("western", "eastern")),
    "infection_pool": st.sampled_from(("own", "any")),
    "infection_limit": st.none() | st.integers(0, 8),
    "side_majority": st.sampled_from(("relative", "absolute")),
    "tiebreak": st.sampled_from(("dungeon", "captures-dungeon")),
    "dungeon_tiebreak": st.sampled_from(("placer", "owner")),
    "dungeon_bonus": st.booleans(),
}


@st.composite
def rulesets(draw: st.DrawFn, *, overrides: bool = True, pool: str | None = None) -> Ruleset:
    """One of the three named rulesets, with some parameters changed if *overrides*.

    *pool* pins ``infection_pool`` (the ``own`` theorem needs it fixed).
    """
    name = draw(st.sampled_from(RULESET_NAMES))
    changes: dict[str, object] = {}
    if overrides:
        changes = draw(st.fixed_dictionaries({}, optional=_OVERRIDES))
    if pool is not None:
        changes["infection_pool"] = pool
    return ruleset(name, **changes)


def rolls() -> st.SearchStrategy[tuple[int, ...]]:
    """One player's opening roll: ten faces."""
    return st.tuples(*[st.integers(1, 6)] * 10)


def setups() -> st.SearchStrategy[Setup]:
    """An opening roll for both players and who starts."""
    return st.builds(Setup, st.tuples(rolls(), rolls()), st.sampled_from((BLUE, RED)))


@dataclass(frozen=True)
class Game:
    """A game as played: ``states[i + 1] == apply(states[i], steps[i])``."""

    setup: Setup
    states: tuple[State, ...]
    steps: tuple[Step, ...]

    @property
    def final(self) -> State:
        return self.states[-1]

    def transitions(self) -> list[tuple[State, Step, State]]:
        """Each step with the state before and after it."""
        return list(zip(self.states[:-1], self.steps, self.states[1:], strict=True))


@st.composite
def games(
    draw: st.DrawFn,
    rules: st.SearchStrategy[Ruleset] | None = None,
    *,
    infections: bool = True,
    greedy: bool = False,
    max_infections: int = 8,
    max_steps: int | None = None,
) -> Game:
    """A game drawn move by move, to the end unless *max_steps* cuts it short.

    Without *infections* only placements and passes are drawn; with *greedy* an infection
    is drawn whenever one is legal, otherwise at the toss of a coin.  After
    *max_infections* no more are drawn, because under the ``any`` pool a game can go on
    for ever.
    """
    rules_value = draw(rules if rules is not None else rulesets())
    setup = draw(setups())
    state = new_game(rules_value, setup)
    states, steps = [state], []
    while not state.is_over and (max_steps is None or len(steps) < max_steps):
        if state.is_chance:
            step: Step = draw(st.sampled_from([r for r, _ in chance_outcomes(state)]))
        else:
            options = legal_moves(state)
            infect = [m for m in options if isinstance(m, Infect)]
            if not infections or sum(state.captures) >= max_infections:
                options = tuple(m for m in options if not isinstance(m, Infect))
            elif infect and (greedy or draw(st.booleans())):
                # Infections are few among the legal moves; without this coin they
                # would hardly ever be drawn.
                options = tuple(infect)
            step = draw(st.sampled_from(options))
        state = apply(state, step)
        states.append(state)
        steps.append(step)
    return Game(setup, tuple(states), tuple(steps))


@st.composite
def positions(
    draw: st.DrawFn, rules: st.SearchStrategy[Ruleset] | None = None, *, kind: str = "any"
) -> State:
    """A state somewhere in a random game.

    *kind* ``decision``: a player is to move; ``chance``: a re-roll is due (drawn from
    games that infect whenever they can); ``any``: either, or the end.
    """
    game = draw(games(rules, greedy=kind == "chance"))
    if kind == "decision":
        candidates = [s for s in game.states if not (s.is_chance or s.is_over)]
    elif kind == "chance":
        candidates = [s for s in game.states if s.is_chance]
    else:
        candidates = list(game.states)
    assume(candidates)
    # Counted from the start or from the end, so that late positions come up as often.
    index = draw(st.integers(0, len(candidates) - 1))
    return candidates[-1 - index if draw(st.booleans()) else index]
