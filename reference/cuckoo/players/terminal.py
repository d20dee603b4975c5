"""``cuckoo play``: a person against bots in the terminal, in any game.

The position is drawn as the person's seat may see it, after every change (not again
after a refused line); every chance step the person may know of is announced (a re-roll,
a card turned up); illegal input is refused with its rule; the game is saved as a record
after every move, and ``undo`` takes back the person's last decision and what followed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from ..errors import CuckooError
from ..files import session_lock
from ..record import Recorder, Session, refusal
from .bots import Bot
from .hints import hint
from .tables import TABLES, Table

__all__ = ["HELP", "run"]

HELP = """commands: a move in notation; 'legal' lists your legal moves; 'hint' says what the
medium bot would play in your seat, and why; 'undo' takes back your last move; 'help';
'quit' stops (the game is saved)."""


def run(
    game: str,
    bots: Sequence[Bot],
    human: int,
    variant: str,
    seed: int,
    path: Path,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    complete: Callable[[Iterable[str]], None],
) -> int:
    """Play until the game ends or the person quits; *bots* take the other seats, in
    order; chance is drawn with *seed*."""
    table = TABLES[game]
    rng = Random(seed)
    seats = len(bots) + 1
    names = tuple("You" if s == human else f"Bot{s + 1}" for s in range(seats))
    rules, setup = table.new(rng, variant, names)
    state = table.start(rules, setup)
    labels = table.names(state)
    players = [b.name for b in bots]
    players.insert(human, "you")
    tags = [(labels[s], players[s]) for s in range(seats)] if game == "cuckoo-dice" else []
    recorder = Recorder(game, path, rules, setup, tags)
    with session_lock(path):  # a second session on the file is refused
        recorder.save()
        game_ = _Game(recorder, table)
        session = Session(ask, say, complete, HELP, game_.undo)
        say(f"you play {labels[human]}; {HELP} The game is saved in {path}.")
        shown = None
        while True:
            state = game_.state
            choosing = table.choosing(state)
            if state != shown and (human in choosing or state.is_over):
                say(table.view(state, human))
                shown = state
            if state.is_over:
                won = table.winners(state)
                say("result: " + (", ".join(labels[s] for s in won) or "nobody") + " won")
                return 0
            if not choosing:
                move = table.chance(state, rng)
                _tell(say, table.announce(state, move, human))
                game_.play(move, mine=False)
                continue
            if human not in choosing:
                seat = choosing[0]
                bot = bots[seat if seat < human else seat - 1]
                move = table.complete(state, bot.choose(state, rng, seat, game_.history), rng)
                say(f"{labels[seat]} plays {table.text(state, move)}")
                _tell(say, table.announce(state, move, human))
                game_.play(move, mine=False)
                continue
            legal = [table.text(state, m) for m in table.decisions(state, human)]
            text = session.line(f"{labels[human]}> ", legal)
            if text is None:
                say(f"saved in {path}")
                return 0
            if text == "hint":
                _, why = hint(game, state, human, Random(len(game_.history)), game_.history)
                say(f"  the medium bot would play {why}")
                continue
            if text:
                try:
                    decisions = table.read(state, human, text)
                except (CuckooError, ValueError) as error:
                    say(refusal(error))
                    continue
                for decision in decisions:
                    move = table.complete(game_.state, decision, rng)
                    _tell(say, table.announce(game_.state, move, human))
                    game_.play(move, mine=True)


@dataclass
class _Game:
    """The game as played here: moves are saved as soon as the record can write them (a
    basic Zum Kuckuck! round only once every card of it is chosen), and each saved entry
    remembers whether it held the person's own decision, for undo."""

    recorder: Recorder
    table: Table
    state: Any = None
    pending: list[Any] = field(default_factory=list)
    mine: list[bool] = field(default_factory=list)
    pending_mine: bool = False
    history: list[tuple[Any, Any]] = field(default_factory=list)
    """The game so far as ``(state, move)`` pairs, for the bots that remember what they
    saw (this session's moves: a resumed file's earlier ones are not among them)."""

    def __post_init__(self) -> None:
        self.state = self.recorder.state()

    def play(self, move: Any, *, mine: bool) -> None:
        self.history.append((self.state, move))
        self.state = self.table.apply(self.state, move)
        self.pending.append(move)
        self.pending_mine = self.pending_mine or mine
        if self.table.writable(self.state):
            self.recorder.play(*self.pending)
            self.mine.append(self.pending_mine)
            self.pending, self.pending_mine = [], False

    def undo(self) -> bool:
        """Take back everything since the person's last decision, that one included."""
        if True not in self.mine:
            return False
        while self.mine:
            self.recorder.undo()
            if self.mine.pop():
                break
        self.state = self.recorder.state()
        del self.history[len(self.recorder.moves) :]
        return True


def _tell(say: Callable[[str], None], news: str | None) -> None:
    if news:
        say(f"  {news}")
