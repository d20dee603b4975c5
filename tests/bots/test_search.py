"""The search bots of the games with hidden cards decide from what their seat has seen.

The test of it is made from outside the bot: play a game to some point, then make its twin,
the same game in which every card the seat has not seen is another (the deal changed by a
permutation of those cards, the same decisions replayed).  The seat cannot tell the two
apart, so for the same seed the bot must choose the same.  The permutation keeps what the
whole table sees: a king stays a king (a king shown stops a swap, CC-SWAP-KING), and a Zum
Kuckuck! number card keeps its half cockatoos (each hand's count is public, ZK-SETUP-COUNT).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import pytest

from cuckoo import cards, kuckuck
from cuckoo.kuckuck.cards import halves
from cuckoo.players.bots import BOTS, LEVELS, CardSenseBot, RandomBot, bot_named
from cuckoo.players.search import SampledSearchBot
from cuckoo.players.selfplay import play
from cuckoo.players.tables import TABLES
from cuckoo.players.worlds import cards_known, cards_world, kuckuck_world

History = list[tuple[Any, Any]]


def _played_to(game: str, variant: str, players: int, seed: int, stop: float) -> History:
    """A game between random and rule-of-thumb players, cut at a decision about *stop* of
    the way through: the history up to it (its last state is where the bot decides)."""
    table = TABLES[game]
    rng = Random(seed)
    rules, setup = table.new(rng, variant, tuple(f"P{s}" for s in range(players)))
    state = table.start(rules, setup)
    thumb = CardSenseBot() if game == "cuckoo-cards" else bot_named("careful", game)
    history: History = []
    while not state.is_over:
        seats = table.choosing(state)
        if seats:
            player = thumb if rng.random() < 0.7 else RandomBot(game=game)
            move = table.complete(state, player.choose(state, rng, seats[0], history), rng)
        else:
            move = table.chance(state, rng)
        history.append((state, move))
        state = table.apply(state, move)
    decisions = [k for k, (before, _) in enumerate(history) if table.choosing(before)]
    return history[: decisions[int(stop * (len(decisions) - 1))]]


def _cards_twin(history: History, seat: int) -> tuple[cards.State, History]:
    """The card game's history with every card of the last hand that *seat* never held,
    and that was never shown as a king, exchanged for another such card."""
    start = max(
        k for k, (b, m) in enumerate(history) if isinstance(m, cards.Deal) and not any(b.cards)
    )
    last = cards.apply(*history[-1])
    states = [b for b, _ in history[start:]] + [last]
    seen = {c for s in states if (c := s.cards[seat]) is not None}
    for before, move in history[start:]:
        if isinstance(move, cards.Swap) and before.step == "decide":
            theirs = before.cards[cards.next_seat(before, before.to_act)]
            if theirs is not None and theirs.is_king:
                seen.add(theirs)
    dealt = [m.card for _, m in history[start:] if isinstance(m, cards.Deal)]
    hidden = [c for c in dealt if c not in seen]
    pool = [c for c in cards.DECK if c not in seen]
    rng = Random(len(history))
    swap: dict[cards.Card, cards.Card] = {}
    for king in (True, False):
        mine = [c for c in hidden if c.is_king == king]
        others = [c for c in pool if c.is_king == king]
        swap.update(zip(mine, rng.sample(others, len(mine)), strict=True))
    twin = history[:start]
    state = history[start][0]
    for _, move in history[start:]:
        if isinstance(move, cards.Deal):
            move = cards.Deal(swap.get(move.card, move.card))
        twin.append((state, move))
        state = cards.apply(state, move)
    return state, twin


def _kuckuck_twin(history: History, seat: int) -> tuple[kuckuck.State, History]:
    """Zum Kuckuck!'s history with every number card *seat* has not seen (not in a hand it
    has held, never played face up) exchanged for another with as many half cockatoos."""
    last = kuckuck.apply(*history[-1])
    n, cycle = len(last.players), last.cycle
    seen = {c for back in range(cycle + 1) for c in last.dealt[(seat - back) % n]}
    for before, move in history:
        if isinstance(move, kuckuck.Play):
            after = kuckuck.apply(before, move)
            if after.round != before.round or after.cycle != before.cycle or before.rules.in_turn:
                seen |= {c for c in before.plays if c is not None} | {move.number}
    seen |= {c for hand in last.played for c in hand}
    rng = Random(len(history))
    swap: dict[int, int] = {}
    for kind in (0, 1, 2):
        free = [c for c in kuckuck.NUMBERS if c not in seen and halves(c) == kind]
        swap.update(zip(free, rng.sample(free, len(free)), strict=True))
    state = history[0][0]
    twin: History = []
    for _, move in history:
        if isinstance(move, kuckuck.Deal):
            move = kuckuck.Deal(swap.get(move.number, move.number))
        elif isinstance(move, kuckuck.Play):
            move = kuckuck.Play(move.seat, swap.get(move.number, move.number))
        twin.append((state, move))
        state = kuckuck.apply(state, move)
    return state, twin


GAMES: list[tuple[str, str, int, Callable[[History, int], tuple[Any, History]]]] = [
    ("cuckoo-cards", "", 4, _cards_twin),
    ("cuckoo-cards", "", 2, _cards_twin),
    ("zum-kuckuck", "basic", 4, _kuckuck_twin),
    ("zum-kuckuck", "tactical", 3, _kuckuck_twin),
    ("zum-kuckuck", "basic", 5, _kuckuck_twin),
]


def _stop(game: str, players: int, seed: int) -> float:
    """Where to cut the game: anywhere in a card game; in Zum Kuckuck! mostly in the first
    cycle, the one in which most cards are hidden (a full cycle shows every card of every
    hand), and once in a later one."""
    if game == "zum-kuckuck" and seed < 5:
        return (seed + 1) / (6 * players)
    return (seed + 1) / 7


@pytest.mark.parametrize(("game", "variant", "players", "twin"), GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_the_same_choice_whatever_the_cards_not_seen(
    game: str,
    variant: str,
    players: int,
    twin: Callable[[History, int], tuple[Any, History]],
    seed: int,
) -> None:
    history = _played_to(game, variant, players, seed, _stop(game, players, seed))
    state = TABLES[game].apply(*history[-1])
    seat = TABLES[game].choosing(state)[0]
    other_state, other_history = twin(history, seat)
    assert TABLES[game].choosing(other_state)[0] == seat
    bot = SampledSearchBot(game, 6)
    ours = bot.choose(state, Random(seed), seat, history)
    assert ours == bot.choose(other_state, Random(seed), seat, other_history)
    assert ours in TABLES[game].decisions(state, seat)


def test_the_twin_hides_what_it_should() -> None:
    """The twins change cards: without that, the test above would prove nothing.  (In Zum
    Kuckuck! after a full first cycle every card has been played face up, and the twin is
    the game itself.)"""
    same = []
    for seed in range(6):
        for game, variant, players, twin in GAMES:
            history = _played_to(game, variant, players, seed, _stop(game, players, seed))
            state = TABLES[game].apply(*history[-1])
            seat = TABLES[game].choosing(state)[0]
            other, _ = twin(history, seat)
            if other == state:
                same.append((game, seed))
    assert same == [("zum-kuckuck", 5)] * 3


def test_a_world_keeps_what_the_seat_knows() -> None:
    """A card game world keeps the seat's card and the cards whose place it knows; a Zum
    Kuckuck! world keeps the hands the seat has held and every public count."""
    for seed in range(8):
        history = _played_to("cuckoo-cards", "", 4, seed, stop=0.6)
        state = cards.apply(*history[-1])
        seat = state.to_act
        drawn = cards_world(state, seat, Random(seed), history)
        assert drawn.cards[seat] == state.cards[seat]
        for other, card in cards_known(history, seat).items():
            assert drawn.cards[other] == card == state.cards[other]
        held = [card for card in drawn.cards if card is not None]
        assert len(held) == len(set(held)) == len(state.active)
    for seed in range(4):
        history = _played_to("zum-kuckuck", "basic", 4, seed, stop=0.7)
        state = kuckuck.apply(*history[-1])
        seat = kuckuck.choosing(state)[0]
        drawn = kuckuck_world(state, seat, Random(seed), history)
        assert drawn.hands[seat] == state.hands[seat]
        assert [kuckuck.cockatoos(h) for h in drawn.dealt] == [
            kuckuck.cockatoos(h) for h in state.dealt
        ]
        everything = [c for hand in drawn.dealt for c in hand]
        assert len(everything) == len(set(everything)) == 48


def test_every_game_has_three_levels() -> None:
    for game, levels in LEVELS.items():
        assert list(levels) == ["easy", "medium", "hard"]
        assert BOTS[game][:3] == ("easy", "medium", "hard")
        for level in levels:
            assert bot_named(level, game).name == level


@pytest.mark.parametrize("game", ["cuckoo-cards", "zum-kuckuck"])
def test_search_plays_whole_games_legally(game: str) -> None:
    players = 4 if game == "cuckoo-cards" else 3
    bots = [bot_named("search:3", game)] + [RandomBot(game=game)] * (players - 1)
    first = play(bots, Random(5), game=game)
    assert first.moves == play(bots, Random(5), game=game).moves  # deterministic for a seed


@pytest.mark.parametrize(
    ("game", "players", "words"),
    [
        ("cuckoo-dice", 2, "side"),
        ("cuckoo-cards", 4, "of 13"),
        ("zum-kuckuck", 4, "nest"),
    ],
)
def test_a_hint_is_the_medium_bots_move_with_its_reason(
    game: str, players: int, words: str
) -> None:
    from cuckoo.players.hints import hint

    table = TABLES[game]
    for seed in range(4):
        if game == "cuckoo-dice":
            rng = Random(seed)
            rules, setup = table.new(rng, "", ("Blue", "Red"))
            history: History = []
            state = table.start(rules, setup)
        else:
            history = _played_to(game, "", players, seed, (seed + 1) / (5 * players))
            state = table.apply(*history[-1])
        seat = table.choosing(state)[0]
        move, why = hint(game, state, seat, Random(seed), history)
        assert move == bot_named("medium", game).choose(state, Random(seed), seat, history)
        assert why.startswith(table.text(state, move) + ": ") and words in why


def test_hint_in_the_terminal(tmp_path: Path) -> None:
    from tests.record.test_record import spawn_cuckoo

    child = spawn_cuckoo("play", "--game", "cuckoo-cards", "--seed", "2", "-o", str(tmp_path / "g"))
    child.expect(r"You> ")
    child.sendline("hint")
    child.expect(r"the medium bot would play (keep|swap|cut)\S*: [^\r\n]+")
    child.expect(r"You> ")
    child.sendline("quit")
    child.expect("saved in")


def test_a_dice_hint_says_how_the_sides_stand_after_the_move() -> None:
    """Issue #53: the hint's reason is what the move does to the sides (CD-SCORE-SIDE), in
    a player's words, with the totals it leaves; never a count of trial games."""
    from cuckoo import dice
    from cuckoo.players.hints import hint

    for seed in range(3):
        state = dice.new_game(dice.RULESETS["cuckoo"], dice.random_setup(Random(seed)))
        for _ in range(seed * 3):  # a few placements in
            placements = [m for m in dice.legal_moves(state) if isinstance(m, dice.Place)]
            state = dice.apply(state, placements[len(placements) // 2])
        move, why = hint("cuckoo-dice", state, state.to_move, Random(seed))
        after = dice.side_totals(dice.apply(state, move))
        me = state.to_move
        for side, name in enumerate(dice.SIDE_NAMES):
            assert f"{name} {after[me][side]}\u2013{after[1 - me][side]} (" in why, why
        assert "trial" not in why and "playout" not in why


_COUNTED = re.compile(
    r"\d[\d,]*\s+(of the\s+\d+\s+)?(trial|playout|simulation|world|game|sample)s?\b"
)


@pytest.mark.parametrize(
    ("game", "players"), [("cuckoo-dice", 2), ("cuckoo-cards", 4), ("zum-kuckuck", 4)]
)
def test_no_hint_counts_playouts(game: str, players: int) -> None:
    """Issue #53: a hint says why in a player's words, what the move keeps or risks; never
    how many trial games, playouts or worlds the search tried.  Over every decision of
    twelve games of each game, between random players."""
    from cuckoo.players.hints import hint

    table = TABLES[game]
    told = 0
    for seed in range(12):
        history: History = []
        rng = Random(seed)
        rules, setup = table.new(rng, "", tuple(f"P{n}" for n in range(players)))
        state = table.start(rules, setup)
        while not state.is_over:
            seats = table.choosing(state)
            if seats:
                move, why = hint(game, state, seats[0], Random(seed), history)
                assert why.startswith(table.text(state, move) + ": "), why
                assert not _COUNTED.search(why), why
                assert "trial" not in why and "playout" not in why, why
                told += 1
                decision = RandomBot(game=game).choose(state, rng, seats[0], history)
                move = table.complete(state, decision, rng)
            else:
                move = table.chance(state, rng)
            history.append((state, move))
            state = table.apply(state, move)
    assert told > 12 * 5
