"""``cuckoo play``: a person against bots in the terminal, in any game.

The position is drawn as the person's seat may see it, after every change (not again
after a refused line); every move is told in the play page's words, as that seat may know
it (a re-roll, a swap's card, a cut, a show-down, a round's nest cards, turnings and
drop-outs, a cycle's scores); illegal input is refused with its rule; the game is saved
after every move as the record of what the person has seen, and whole once it is over
(nothing hidden reaches the file before then); ``undo`` takes back the person's last
decision and what followed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from ..dice import notation as dice_notation
from ..errors import CuckooError
from ..files import session_lock
from ..games import GAMES
from ..record import NOTATIONS, Recorder, Session, refusal
from ..seen import seen_moves
from .bots import Bot
from .hints import hint
from .tables import TABLES, Table, drawn
from .words import told

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
    recorder = Recorder(game, path, rules, setup, tags, seen=_seen_by(table, human))
    with session_lock(path):  # a second session on the file is refused
        recorder.save()
        game_ = _Game(recorder, table, human)
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
                _tell(say, game_.play(*drawn(table, state, rng), mine=False, by=""))
                continue
            if human not in choosing:
                seat = choosing[0]
                bot = bots[seat if seat < human else seat - 1]
                move = table.complete(state, bot.choose(state, rng, seat, game_.history), rng)
                if game == dice_notation.GAME:  # in notation too, as the person types it
                    say(f"{labels[seat]} plays {table.text(state, move)}")
                _tell(say, game_.play(move, mine=False, by=bot.name))
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
                    _tell(say, game_.play(move, mine=True, by="you"))


@dataclass
class _Game:
    """The game as played here: moves are saved as soon as the record can write them (a
    basic Zum Kuckuck! round only once every card of it is chosen), and each saved entry
    remembers whether it held the person's own decision, for undo."""

    recorder: Recorder
    table: Table
    human: int = 0
    """The person's seat: what each move tells is what that seat may know of it."""
    state: Any = None
    pending: list[Any] = field(default_factory=list)
    mine: list[bool] = field(default_factory=list)
    pending_mine: bool = False
    history: list[tuple[Any, Any]] = field(default_factory=list)
    """The game so far as ``(state, move)`` pairs, for the bots that remember what they
    saw (this session's moves: a resumed file's earlier ones are not among them)."""

    def __post_init__(self) -> None:
        self.state = self.recorder.state()

    def play(self, *moves: Any, mine: bool, by: str) -> list[str]:
        """Make *moves* (made *by* "you", a bot, or "" for chance), save each once the
        record can write it, and say what the person's seat learns of them, together."""
        states = [self.state]
        for move in moves:
            self.history.append((self.state, move))
            self.state = self.table.apply(self.state, move)
            states.append(self.state)
            self.pending.append(move)
            self.pending_mine = self.pending_mine or mine
            if self.table.writable(self.state):
                self.recorder.play(*self.pending)
                self.mine.append(self.pending_mine)
                self.pending, self.pending_mine = [], False
        return told(self.table.game, states, moves, self.human, by)

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


def _tell(say: Callable[[str], None], news: list[str]) -> None:
    for line in news:
        say(f"  {line}")


def _seen_by(table: Table, human: int) -> Callable[[Recorder], str] | None:
    """What the file holds while a card game goes on: the record as the person's seat
    saw it (the other hands ``?``, each hand's show-down written), the whole record once
    the game is over (CC-PARTIAL-UNSEEN, ZK-PARTIAL-UNSEEN). The dice pyramid hides
    nothing."""
    if table.game == dice_notation.GAME:
        return None

    def text(recorder: Recorder) -> str:
        states = [table.start(recorder.rules, recorder.setup)]
        for move in recorder.moves:
            states.append(table.apply(states[-1], move))
        kit = GAMES[table.game]
        if states[-1].is_over:
            return str(kit.format_record(recorder.record()))
        setup, moves = seen_moves(table.game, recorder.setup, recorder.moves, states, human)
        notation: Any = NOTATIONS[table.game]
        return str(
            kit.format_record(notation.record_of(recorder.rules, setup, moves, recorder.tags))
        )

    return text
