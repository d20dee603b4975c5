"""The viewer: a text of records opened once, then looked at position by position, as
everyone saw it or as one player did."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .. import cards, dice, kuckuck
from ..cards import notation as cards_notation
from ..errors import CuckooError, NotationError
from ..games import Kit, read_records
from ..kuckuck import notation as kuckuck_notation
from ..seen import held_by
from .common import problem, to_json
from .seats import known_cards

MAX_TEXT: Final = 4_000_000
"""The viewer refuses a pasted or picked text longer than this (a real file is kilobytes)."""


@dataclass(frozen=True)
class Game:
    """One record of the opened text, replayed as far as it is legal."""

    kit: Kit
    record: Any
    states: tuple[Any, ...]
    """The position before the first move and after each legal one."""
    error: CuckooError | None
    """Why the replay stopped early, or why the record is wrong after all its moves."""

    def summary(self) -> dict[str, Any]:
        record = self.record
        notes: dict[int, list[str]] = {}
        for ply, text in record.comments:
            notes.setdefault(ply, []).append(text)
        final = self.states[-1]
        return {
            "game": self.kit.dialect.game,
            "title": _title(record),
            "tags": [list(pair) for pair in record.tags],
            "unit": record.unit,
            "moves": [
                {"text": str(m), "comment": " ".join(notes.get(n, []))}
                for n, m in enumerate(record.moves, 1)
            ],
            "intro": " ".join(notes.get(0, [])),
            "result": record.result,
            "reached": len(self.states) - 1,
            "over": bool(final.is_over),
            "problem": problem(self.error) if self.error else None,
        }


class Viewer:
    """A text of one or more records, opened once, then looked at position by position."""

    def __init__(self, text: str, source: str = "record") -> None:
        self.games: list[Game] = []
        self.problems: list[CuckooError] = []
        if len(text) > MAX_TEXT:
            too_long = f"longer than {MAX_TEXT:,} characters: not a file of records"
            self.problems.append(NotationError(too_long, rule="CD-NOTATION-SYNTAX", source=source))
            return
        for item in read_records(text.splitlines(keepends=True), source=source):
            if isinstance(item, CuckooError):
                self.problems.append(item)
                continue
            game = _replayed(*item)
            self.games.append(game)
            if game.error is not None:
                self.problems.append(game.error)
        if not self.games and not self.problems:
            self.problems.append(
                NotationError("holds no game", rule="CD-NOTATION-SYNTAX", source=source)
            )

    def summary(self) -> str:
        """Every game's moves, comments and result, and every problem, as JSON."""
        return to_json(
            {
                "games": [g.summary() for g in self.games],
                "problems": [problem(e) for e in self.problems],
            }
        )

    def position(self, game: int, ply: int, seat: int | None = None) -> str:
        """Game *game* (0-based) after *ply* moves, as JSON: the engine's picture and the
        diagram ``cuckoo replay`` prints; with *seat*, as that player saw it."""
        played = self.games[game]
        ply = max(0, min(ply, len(played.states) - 1))
        if seat is not None:
            return to_json(seen_by(played, ply, seat))
        state = played.states[ply]
        return to_json({"svg": played.kit.svg(state), "diagram": played.kit.diagram(state)})


def _replayed(kit: Kit, record: Any) -> Game:
    states: list[Any] = []
    try:
        for state in kit.replay(record):
            states.append(state)
    except CuckooError as error:
        # A refused setup leaves no position: the game's empty table is drawn instead.
        return Game(kit, record, tuple(states) or (_blank(kit),), error)
    return Game(kit, record, tuple(states), None)


def _blank(kit: Kit) -> Any:
    """A position to draw when a record's setup is refused: an empty table of its game."""
    game = kit.dialect.game
    if game == cards_notation.GAME:
        return cards.new_game(None, cards.Setup(("North", "South")))
    if game == kuckuck_notation.GAME:
        return kuckuck.new_game(None, kuckuck.Setup(("A", "B", "C")))
    return dice.new_game("cuckoo", dice.Setup(((1,) * 10, (1,) * 10)))


def _title(record: Any) -> str:
    """A game's name in a list of many, from its tags: the event and its round (games of
    one event differ by round), and the players; each tag's value set apart (first-strong
    isolate ... pop isolate), so that a direction override in one cannot reverse the rest."""
    names = [_isolated(v) for k, v in record.tags if k in dice.PLAYER_NAMES]
    event = _isolated(record.tag("Event"))
    round_ = _isolated(record.tag("Round"))
    players = _isolated(record.tag("Players"))
    parts = [event] if event else []
    if round_:
        parts.append(f"round {round_}")
    if names:
        parts.append(" vs ".join(names))
    elif players:
        parts.append(players)
    return ", ".join(parts) or _isolated(record.tag("Game")) or "game"


def _isolated(value: str | None) -> str:
    """A tag's *value* isolated for a title (none stays empty)."""
    return f"\u2068{value}\u2069" if value else ""


def seen_by(played: Game, ply: int, seat: int) -> dict[str, Any]:
    """Game *played* after *ply* moves as the player at *seat* saw it: the picture and the
    diagram with the cards that player could not know face down, and every move's text
    with the cards dealt to others as ``?`` (in Zum Kuckuck!, the hands the player has not
    held yet by then)."""
    states = played.states[: ply + 1]
    moves = played.record.moves
    state = states[-1]
    texts = [str(m) for m in moves]
    if isinstance(state, cards.State):
        state = known_cards(states, moves[:ply], seat)
        reached = len(played.states) - 1
        for k, move in enumerate(moves):
            # after a problem in the record nobody knows who was dealt what: all hidden
            if isinstance(move, cards.Deal) and (k >= reached or played.states[k].to_act != seat):
                texts[k] = "?"
    elif isinstance(state, kuckuck.State):
        names = [p.lower() for p in state.players]
        for k, item in enumerate(moves):
            hand = isinstance(item, kuckuck_notation.Hand) and item.player.lower() in names
            if hand and not held_by(state, seat, names.index(item.player.lower())):
                texts[k] = f"deal {item.player}" + " ?" * len(item.numbers)
    return {"svg": played.kit.svg(state), "diagram": played.kit.diagram(state), "moves": texts}
