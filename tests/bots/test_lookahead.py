"""The dice pyramid's levels (issue #53): ``medium`` judges every move by the three sides'
majorities and varies among the near-best, ``hard`` looks at the other player's answers
too; both are the same for a seed, and a search stops at its time budget whatever its
playouts."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from cuckoo import dice
from cuckoo.players.bots import BUDGET, LookaheadBot, MctsBot, bot_named
from cuckoo.players.lookahead import decisions, made
from cuckoo.players.majorities import side_chances, win_chance
from cuckoo.players.selfplay import play


def _ticking() -> tuple[Callable[[], float], list[int]]:
    """A clock that moves a second each time it is read, and the count of reads."""
    reads = [0]

    def clock() -> float:
        reads[0] += 1
        return float(reads[0])

    return clock, reads


def _opening(seed: int) -> dice.State:
    return dice.new_game(dice.RULESETS["cuckoo"], dice.random_setup(Random(seed)))


def test_a_search_stops_at_its_budget_whatever_its_playouts() -> None:
    state = _opening(1)
    clock, reads = _ticking()
    mcts = MctsBot(999_999, budget=3.0, clock=clock)
    mcts.choose(state, Random(1))
    # three playouts in three seconds; the first only made the root, two went through it
    assert sum(n for n, _ in mcts._table[state].values()) == 2
    clock, reads = _ticking()
    move = LookaheadBot(2, budget=0.5, clock=clock).choose(state, Random(1))
    assert reads[0] == 2  # the deadline set, then read once: only the first move looked into
    seed = Random(1).getrandbits(64)  # the re-rolls of the look-ahead: its first draw
    first = {m: win_chance(made(state, m, seed), state.to_move) for m in decisions(state)}
    assert move == max(first, key=lambda m: first[m])


def test_the_levels_search_within_the_budget() -> None:
    for name in ("hard", "mcts"):
        bot = bot_named(name)
        assert isinstance(bot, LookaheadBot | MctsBot) and bot.budget == BUDGET


def test_same_seed_same_choice() -> None:
    for name in ("medium", "hard"):
        bot = bot_named(name)
        game = play([bot, bot], Random(4))
        assert game.moves == play([bot, bot], Random(4)).moves


def test_medium_varies_its_opening_and_hard_thinks_it_through() -> None:
    """Issue #53: medium played 1@003/A in 12 seeds of 12."""
    state = _opening(2)
    medium = {str(bot_named("medium").choose(state, Random(seed))) for seed in range(12)}
    assert len(medium) >= 4, medium
    hard = bot_named("hard").choose(state, Random(0))
    assert hard in decisions(state)


def _positions(seeds: range) -> list[dice.State]:
    """Every decision of random games."""
    found = []
    for seed in seeds:
        rng = Random(seed)
        state = _opening(seed)
        while not state.is_over:
            if not state.is_chance:
                found.append(state)
            move = dice.legal_moves(state)
            state = dice.apply(state, rng.choice(move))
    return found


def test_hard_and_medium_take_a_winning_move_when_there_is_one() -> None:
    """A position where one move wins the game and another does not: both levels win."""
    tried = 0
    for state in _positions(range(40)):
        moves = decisions(state)
        won = [m for m in moves if _wins(state, m)]
        if won and len(won) < len(moves):
            tried += 1
            for name in ("medium", "hard"):
                assert bot_named(name).choose(state, Random(tried)) in won, (name, state)
    assert tried >= 5


def _wins(state: dice.State, move: dice.Move) -> bool:
    after = dice.apply(state, move)
    outcome = dice.result(after) if after.is_over else None
    return outcome is not None and outcome.winners == (state.to_move,)


def test_hard_leaves_no_winning_answer_when_it_can() -> None:
    """Two dice left, one in each nest: where some moves let the other player's last die
    win the game and others do not, hard plays one of the others (it looks at answers)."""
    tried = 0
    for state in _positions(range(150)):
        if [len(n) for n in state.nests] != [1, 1] or state.is_over:
            continue
        lost = {m: _answer_wins(dice.apply(state, m)) for m in decisions(state)}
        if any(lost.values()) and not all(lost.values()):
            tried += 1
            assert not lost[bot_named("hard").choose(state, Random(tried))], state
    assert tried >= 3


def _answer_wins(state: dice.State) -> bool:
    """Whether the player to move has a move that wins the game at once."""
    return not state.is_over and any(_wins(state, m) for m in decisions(state))


def test_side_chances_read_the_totals() -> None:
    state = _positions(range(1))[-1]
    chances = side_chances(state, state.to_move)
    totals = dice.side_totals(state)
    me = state.to_move
    for side in range(3):
        lead = totals[me][side] - totals[1 - me][side]
        assert (chances[side] > 0.5) == (lead > 0) or abs(chances[side] - 0.5) < 0.25
