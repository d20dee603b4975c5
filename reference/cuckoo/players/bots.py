"""Players for every game, each deterministic for a seed, at three levels named alike in
every game (:data:`LEVELS`): ``easy``, ``medium`` and ``hard``.  Behind them: ``random``
everywhere; ``greedy``, ``ahead`` (one move judged by the sides' majorities),
``alphabeta`` (two moves: the other player's best answer too) and ``mcts`` for the dice
pyramid; ``greedy`` for the card game;
``careful`` for Zum Kuckuck!; and ``search`` for the two games with hidden cards.

A bot sees only what its seat may see: the dice pyramid hides nothing, so its search may
look ahead; in the card games a bot judges its own card or hand and what was shown, and the
search plays in worlds drawn from what its seat has seen (:mod:`cuckoo.players.worlds`), so
it never reads another player's hidden card. Chance is drawn by whoever runs the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, Final, Protocol

from .. import cards, dice, kuckuck
from ..cards import notation as cards_notation
from ..dice import Move, State
from ..dice import notation as dice_notation
from ..kuckuck import notation as kuckuck_notation
from .lookahead import LookaheadBot, decisions
from .search import SampledSearchBot, card_sense, careful
from .tables import TABLES, Table
from .tree import MctsBot
from .worlds import History

__all__ = [
    "AHEAD_SPREAD",
    "BOTS",
    "BUDGET",
    "DEFAULT_BOT",
    "LEVELS",
    "SEARCH_WORLDS",
    "Bot",
    "CardSenseBot",
    "CarefulBot",
    "GreedyBot",
    "LookaheadBot",
    "MctsBot",
    "RandomBot",
    "bot_named",
]


class Bot(Protocol):
    """Anything that picks a decision."""

    name: str

    def choose(
        self, state: Any, rng: Random, seat: int | None = None, history: History = ()
    ) -> Any:
        """One of the legal decisions of *seat* (by default the one seat choosing), in
        *state*, reached by *history* (the game so far as ``(state, move)`` pairs: what a
        bot that remembers what its seat saw may read; the others need not)."""
        ...


def _seat(table: Table, state: Any, seat: int | None) -> int:
    return table.choosing(state)[0] if seat is None else seat


@dataclass
class RandomBot:
    """Uniform over the legal decisions, in any game."""

    name: str = "random"
    game: str = dice_notation.GAME

    def choose(
        self, state: Any, rng: Random, seat: int | None = None, history: History = ()
    ) -> Any:
        table = TABLES[self.game]
        return rng.choice(table.decisions(state, _seat(table, state, seat)))


def _score(state: State, player: int) -> tuple[int, int]:
    """How *player* stands on the side totals: sides ahead, then points ahead."""
    totals = dice.side_totals(state)
    ahead = sum(
        (totals[player][s] > totals[1 - player][s]) - (totals[player][s] < totals[1 - player][s])
        for s in range(3)
    )
    return ahead, sum(totals[player]) - sum(totals[1 - player])


@dataclass
class GreedyBot:
    """The dice pyramid, one move ahead on the side totals; ties broken at random.  An
    infection is judged by the position before its re-roll, which leaves the totals."""

    name: str = "greedy"

    def choose(
        self, state: State, rng: Random, seat: int | None = None, history: History = ()
    ) -> Move:
        me = state.to_move
        scored = [(_score(dice.apply(state, m), me), rng.random(), m) for m in decisions(state)]
        return max(scored, key=lambda entry: (entry[0], entry[1]))[2]


@dataclass
class CardSenseBot:
    """The card game: keep a card in the upper half of the ranks, else swap (or cut, as
    the dealer). It reads its own card only."""

    name: str = "greedy"

    def choose(
        self, state: cards.State, rng: Random, seat: int | None = None, history: History = ()
    ) -> Any:
        return card_sense(state, state.to_act)


@dataclass
class CarefulBot:
    """Zum Kuckuck!: keep the own nest low (:func:`~cuckoo.players.search.careful`)."""

    name: str = "careful"

    def choose(
        self, state: kuckuck.State, rng: Random, seat: int | None = None, history: History = ()
    ) -> Any:
        return careful(state, kuckuck.choosing(state)[0] if seat is None else seat)


LEVELS: Final = {
    dice_notation.GAME: {"easy": "greedy", "medium": "ahead", "hard": "alphabeta"},
    cards_notation.GAME: {"easy": "random", "medium": "greedy", "hard": "search"},
    kuckuck_notation.GAME: {"easy": "random", "medium": "careful", "hard": "search"},
}
"""The three levels of every game, each the bot it stands for: the names a player sees."""

LEVEL_WORDS: Final = {
    dice_notation.GAME: {
        "easy": "looks one move ahead on the side totals",
        "medium": "weighs each move's chances on the three sides and varies among the best",
        "hard": "weighs each move's chances and the other player's best answer",
    },
    cards_notation.GAME: {
        "easy": "plays any legal move",
        "medium": "keeps a 7 or higher, else swaps",
        "hard": "weighs what it has seen and plays the hand out in 64 worlds it cannot tell apart",
    },
    kuckuck_notation.GAME: {
        "easy": "plays any card of its hand",
        "medium": "keeps its own nest low",
        "hard": "plays the cycle out in 4 worlds it cannot tell apart from what it has seen",
    },
}
"""What each level does, in a player's words (the play page says the same: a test)."""

BOTS: Final = {
    dice_notation.GAME: (
        "easy",
        "medium",
        "hard",
        "random",
        "greedy",
        "ahead",
        "alphabeta",
        "mcts",
    ),
    cards_notation.GAME: ("easy", "medium", "hard", "random", "greedy", "search"),
    kuckuck_notation.GAME: ("easy", "medium", "hard", "random", "careful", "search"),
}
"""The bots of each game: the levels, then the bots behind them (``mcts`` also as
``mcts:N``, N playouts a move; ``search`` as ``search:N``, N worlds drawn a decision)."""

SEARCH_WORLDS: Final = {cards_notation.GAME: 64, kuckuck_notation.GAME: 4}
"""The worlds ``search`` draws a decision when no N is named: as many as answer within a
second in the browser with the CPU slowed fourfold (a card game's playout is a hand, Zum
Kuckuck!'s a whole cycle)."""

BUDGET: Final = 0.6
"""The seconds a dice search may think a move, whatever its playouts: it stops there and
plays the best it has found (the browser's bound for ``hard`` is a second from tap to
answer with the CPU slowed fourfold)."""

AHEAD_SPREAD: Final = 0.03
"""How near the best chance of winning a move ``ahead`` may play is (three points in a
hundred): among such moves it draws one, so its play varies."""

DEFAULT_BOT: Final = "hard"
"""The bot ``cuckoo play`` sets against the player when none is named."""


def bot_named(name: str, game: str = dice_notation.GAME) -> Bot:
    """The bot called *name* for *game*: a level, or a bot behind one.

    :raises ValueError: for a name that is no bot of that game.
    """
    known = BOTS.get(game, ())
    kind, _, size = LEVELS.get(game, {}).get(name, name).partition(":")
    if kind not in known or (size and kind not in ("mcts", "search")):
        sized = [k for k in ("mcts", "search") if k in known]
        more = f" (or {sized[0]}:N)" if sized else ""
        raise ValueError(f"no bot {name!r} for {game}; expected one of {', '.join(known)}{more}")
    if size and not (size.isascii() and size.isdigit() and len(size) <= 6 and int(size) >= 1):
        what = "playouts" if kind == "mcts" else "worlds"
        raise ValueError(f"{kind}:N takes 1 to 999999 {what}, not {size}")
    if kind == "random":
        return RandomBot(name, game)
    if kind == "greedy":
        return GreedyBot(name) if game == dice_notation.GAME else CardSenseBot(name)
    if kind == "careful":
        return CarefulBot(name)
    if kind == "mcts":
        return MctsBot(int(size) if size else 300, name=name, budget=BUDGET)
    if kind == "ahead":
        return LookaheadBot(1, AHEAD_SPREAD, name=name)
    if kind == "alphabeta":
        return LookaheadBot(2, budget=BUDGET, name=name)
    return SampledSearchBot(game, int(size) if size else SEARCH_WORLDS[game], name=name)
