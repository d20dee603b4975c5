"""What the browser app asks of the engine, answered as JSON-ready values.

The app (``docs/app/``) runs this package in the page through Pyodide, so the rules are the
reference engine's own and nothing is written twice in JavaScript.  The page keeps no game
state of its own beyond what it stores: a record's text for the viewer, and for the
recorder and the play page a *table*, a plain dict of the setup and the moves so far (each
as text), which is what the browser's storage holds.  Every call here is a function of its
arguments, and the same dict in gives the same answer out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any, Final

from . import cards, dice, kuckuck
from .cards import deck as cards_deck
from .cards import notation as cards_notation
from .cards import views as cards_views
from .cards.deck import UNSEEN as _UNSEEN_CARD_VALUE
from .cards.views import SUIT_SIGNS
from .conformance.protocol import CardGame, DiceGame, KuckuckGame
from .dice import notation as dice_notation
from .dice.svg import outcome_words, position_svg
from .errors import CuckooError, IllegalMoveError, NotationError, SetupError
from .games import GAMES, Kit, read_records
from .kuckuck import cards as kuckuck_cards
from .kuckuck import notation as kuckuck_notation
from .kuckuck import views as kuckuck_views
from .kuckuck.cards import HAND_SIZE
from .kuckuck.cards import UNSEEN as UNSEEN_NUMBER
from .progress import plural
from .record import hand_shown, prompt

__all__ = [
    "Viewer",
    "play_move",
    "play_next",
    "play_view",
    "problem",
    "table_record",
    "table_view",
    "to_json",
]

MAX_TEXT: Final = 4_000_000
"""The viewer refuses a pasted or picked text longer than this (a real file is kilobytes)."""


def to_json(value: object) -> str:
    """*value* as the compact JSON the page parses."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def problem(error: CuckooError) -> dict[str, Any]:
    """An error as the page shows it: where, which rule, what is wrong, and the one-line
    message the command line prints."""
    return {**error.as_dict(), "text": str(error)}


# -- the viewer ------------------------------------------------------------------------------


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
    one event differ by round), and the players."""
    names = [v for k, v in record.tags if k in dice.PLAYER_NAMES]
    event = record.tag("Event")
    round_ = record.tag("Round")
    players = record.tag("Players")
    parts = [event] if event else []
    if round_:
        parts.append(f"round {round_}")
    if names:
        parts.append(" vs ".join(names))
    elif players:
        parts.append(players)
    return ", ".join(parts) or record.tag("Game") or "game"


# -- tables: the recorder's and the player's game --------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A move the page offers as a row of taps: the labels of each tap, then the text."""

    path: tuple[str, ...]
    text: str
    roll: tuple[str, ...] = ()
    """For a dice infection: the dice to re-roll, named, taken die first; the page asks
    for their new values and writes them after the move, as the notation does."""
    ask: tuple[Question, ...] = ()
    """What the table saw that the move needs besides its path (the cockatoo cards each
    player took, a show-down's cards): the page asks each in turn and writes the answers
    after *text*, separated by spaces."""

    def json(self) -> dict[str, Any]:
        return {
            "path": list(self.path),
            "text": self.text,
            "roll": list(self.roll),
            "ask": [q.json() for q in self.ask],
        }


@dataclass(frozen=True)
class Question:
    """One answer a move needs, chosen by taps like a move: each option a path of labels
    and the text it writes; with *many*, any number of options, then a tap on Done."""

    label: str
    options: tuple[tuple[tuple[str, ...], str], ...]
    many: bool = False

    def json(self) -> dict[str, Any]:
        options = [{"path": list(path), "text": text} for path, text in self.options]
        return {"label": self.label, "options": options, "many": self.many}


Entries = tuple[Any, list[Any], list[int], Any]
"""A table's entries read: the setup (Zum Kuckuck!'s gets the cockatoo cards seen taken),
the engine's moves, how many of them each entry and those before it make, the last state."""


@dataclass(frozen=True)
class Rules:
    """How one game is set up from a table and how its moves are read and offered."""

    start: Callable[[Mapping[str, Any]], tuple[Any, Any, list[tuple[str, str]]]]
    """``table -> (rules, setup, tags)``; raises :class:`SetupError`."""
    new_game: Callable[[Any, Any], Any]
    apply: Callable[[Any, Any], Any]
    read: Callable[[Any, str], list[Any]]
    """The engine's moves that one entry of the table's ``moves`` stands for."""
    choices: Callable[[Any], list[Choice]]
    record_of: Callable[..., Any]
    entries: Callable[[Any, Any, Sequence[str]], Entries] | None = None
    """How a table's entries are read when not one by one with *read* and *apply*:
    ``(rules, setup, texts) -> (setup, moves, ends, state)``, raising the refusal located
    at its entry (the card games' records of what was seen)."""


def _text_list(table: Mapping[str, Any], key: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SetupError(f"{key} must be a list of texts", rule="CD-NOTATION-SYNTAX")
    return value


# The dice pyramid -----------------------------------------------------------------------


def _dice_start(table: Mapping[str, Any]) -> tuple[Any, Any, list[tuple[str, str]]]:
    rules = dice.ruleset(str(table.get("ruleset", "cuckoo")))
    rolls = table.get("rolls", [[], []])
    if not isinstance(rolls, list) or len(rolls) != 2:
        raise SetupError("two rolls of ten dice, Blue's and Red's", rule="CD-SETUP-ROLL")
    first = str(table.get("first", "Blue"))
    if first not in dice.PLAYER_NAMES:
        raise SetupError("Blue or Red moves first", rule="CD-SETUP-FIRST")
    setup = dice.Setup((tuple(rolls[0]), tuple(rolls[1])), dice.PLAYER_NAMES.index(first))
    dice.new_game(rules, setup)  # refuses a roll that is not ten dice of 1 to 6
    names = table.get("names", {})
    tags = [
        (p, str(names[p])) for p in dice.PLAYER_NAMES if isinstance(names, dict) and names.get(p)
    ]
    return rules, setup, tags


def _die_label(die: dice.Die, holder: int) -> str:
    colour = dice.PLAYER_NAMES[1 - holder if die.foreign else holder]
    return f"{colour}'s {die.value}"


def _dice_choices(state: dice.State) -> list[Choice]:
    me = state.to_move
    out = []
    for move in dice.legal_moves(state):
        if isinstance(move, dice.Place):
            name = dice.CELL_NAMES[move.cell]
            turn = [
                f"{'value' if n == 0 else 'next face'} to side {dice.SIDE_NAMES[s]}"
                for n, s in enumerate(move.sides)
            ]
            path = ("Place a die", _die_label(move.die, me), f"cell {name}", *turn)
            out.append(Choice(path, str(move)))
        elif isinstance(move, dice.Infect):
            give = " + ".join(_die_label(d, me) for d in move.give)
            take = _die_label(move.take, 1 - me)
            roll = (f"{take} (taken)", *(f"{_die_label(d, me)} (given)" for d in move.give))
            out.append(Choice(("Infect", f"give {give}", f"take {take}"), str(move), roll))
        else:
            out.append(Choice(("Pass",), str(move)))
    return out


# The card game ----------------------------------------------------------------------------


def _names(table: Mapping[str, Any]) -> tuple[str, ...]:
    players = table.get("players", [])
    if not isinstance(players, list):
        raise SetupError("players must be a list of names", rule="CC-SETUP-PLAYERS")
    return tuple(str(p).strip() for p in players)


def _cards_start(table: Mapping[str, Any]) -> tuple[Any, Any, list[tuple[str, str]]]:
    players = _names(table)
    dealer = str(table.get("dealer", players[0] if players else ""))
    seat = players.index(dealer) if dealer in players else -1
    params = {k: table[k] for k in ("lives", "aces", "direction") if k in table}
    rules = cards.rules(**params)
    setup = cards.Setup(players, seat)
    cards.new_game(rules, setup)
    return rules, setup, []


_SUIT_NAMES: Final = {"c": "clubs ♣", "d": "diamonds ♦", "h": "hearts ♥", "s": "spades ♠"}


def _card_path(card: cards.Card) -> tuple[str, str]:
    return _SUIT_NAMES[card.suit], card.rank.replace("T", "10")


_ANY_CARD: Final = tuple((_card_path(card), str(card)) for card in cards.DECK)


def _cards_choices(state: cards.State) -> list[Choice]:
    """The cards dealt (``?`` for one nobody saw, first, as at a real table: CC-PARTIAL-UNSEEN)
    and the decisions; the dealer's decision in a hand with unseen cards asks for the
    show-down that must follow it (CC-PARTIAL-SHOW), so the record stays valid."""
    if state.step == "deal":
        unseen = [Choice(("Not seen (?)",), "deal ?")]
        if not any(state.cards):  # the first card of a hand: all of them at once
            unseen.insert(0, Choice(("All face down",), "deal" + " ?" * len(state.active)))
        seen = [
            Choice(_card_path(o.card), f"deal {o.card}") for o, _ in cards.chance_outcomes(state)
        ]
        return unseen + seen
    ask: tuple[Question, ...] = ()
    if state.unseen and state.to_act == state.dealer:
        ask = tuple(
            Question(f"{state.players[seat]} shows", _ANY_CARD)
            for seat in cards_notation._order(state)
        )
    out: list[Choice] = []
    show = " show" if ask else ""
    for move in cards.legal_moves(state):
        if isinstance(move, cards.Cut):
            out.extend(
                Choice(("cut", *_card_path(card)), f"cut {card}{show}", ask=ask)
                for card in _cut_cards(state)
            )
        else:
            out.append(Choice((str(move),), f"{move}{show}", ask=ask))
    return out


def _cut_cards(state: cards.State) -> list[cards.Card]:
    """The cards the dealer's cut may turn up: any not seen in a hand (CC-CUT), the cards
    nobody saw being any of them (CC-PARTIAL-UNSEEN: the replay's stand-ins are not)."""
    if not state.unseen:
        return [o.card for o, _ in cards.chance_outcomes(cards.apply(state, cards.CUT))]
    held = {card for card in state.cards if card is not None} - state.unseen
    return [card for card in cards.DECK if card not in held]


def _cards_read(state: cards.State, text: str) -> list[Any]:
    """A deal of cards (``?`` for one nobody saw), or a decision, the dealer's perhaps with
    the show-down after it (``keep show 3c 7h Ks``): one entry, so that the record is
    valid after every entry (CC-PARTIAL-SHOW)."""
    decision, show, shown = text.partition(" show ")
    return [
        *CardGame.read(state, decision),
        *([cards_notation.parse_move(show + shown)] if show else []),
    ]


def _cards_states(rules: Any, setup: Any, moves: list[Any]) -> Any:
    """The position after *moves*; with cards nobody saw, as the record of them replays
    (each ``?`` filled from the show-down: CC-PARTIAL-UNSEEN), else move by move."""
    if not any(isinstance(m, cards.Show) or m == cards.Deal(_UNSEEN_CARD_VALUE) for m in moves):
        state = cards.new_game(rules, setup)
        for move in moves:
            state = cards.apply(state, move)
        return state
    *_, state = cards_notation.replay(cards_notation.record_of(rules, setup, moves))
    return state


# Zum Kuckuck! ------------------------------------------------------------------------------


def _kuckuck_start(table: Mapping[str, Any]) -> tuple[Any, Any, list[tuple[str, str]]]:
    rules = kuckuck.rules(variant=str(table.get("variant", "basic")))
    setup = kuckuck.Setup(_names(table))
    kuckuck.new_game(rules, setup)
    return rules, setup, []


def _kuckuck_choices(state: kuckuck.State) -> list[Choice]:
    """The cards dealt, drawn, turned up or played; before the deal, the cockatoo cards
    each player took instead of the hands (ZK-PARTIAL-COUNT), and later a hand shown
    (ZK-PARTIAL-UNSEEN), these two first as the way a table records."""
    out = _kuckuck_seen(state)
    for move in kuckuck.legal_moves(state):
        text = kuckuck_notation.move_text(state, move)
        if isinstance(move, kuckuck.Deal):
            path: tuple[str, ...] = (str(move.number),)
        elif isinstance(move, kuckuck.Nest):
            path = (f"lower {move.low}", f"higher {move.high}")
        elif isinstance(move, kuckuck.Start):
            path = (state.players[move.seat],)
        else:
            path = (state.players[move.seat], str(move.number))
        out.append(Choice(path, text))
    return out


_COUNTS: Final = tuple(((str(n),), str(n)) for n in range(HAND_SIZE + 1))


def _kuckuck_seen(state: kuckuck.State) -> list[Choice]:
    """``cockatoos 4 3 5`` before a card is dealt, and ``show NAME 7 19`` for each player
    whose hand this cycle still has cards nobody saw."""
    if state.step == "deal":
        if any(state.dealt):
            return []
        ask = tuple(Question(f"Cockatoo cards {name} took", _COUNTS) for name in state.players)
        return [Choice(("Hands not seen: the cockatoo cards taken",), "cockatoos", ask=ask)]
    if not state.given:
        return []
    seen = {n for hand in state.dealt for n in hand}
    free = tuple(((str(n),), str(n)) for n in kuckuck.NUMBERS if n not in seen)
    out = []
    for seat, name in enumerate(state.players):
        owner = (seat - state.cycle) % len(state.players) if state.hands else seat
        if UNSEEN_NUMBER in state.dealt[owner]:
            ask = (Question(f"Cards {name} shows", free, many=True),)
            out.append(Choice(("Show a hand", name), f"show {name}", ask=ask))
    return out


def _kuckuck_entries(rules: Any, setup: Any, texts: Sequence[str]) -> Entries:
    """The setup, moves, ends and last state of a Zum Kuckuck! table: a first entry
    ``cockatoos 4 3 5`` is the cockatoo cards seen taken, the hands then unseen
    (ZK-PARTIAL-COUNT), and ``show NAME 7 19`` writes cards of a hand into its deal
    (ZK-PARTIAL-UNSEEN), after which the match is replayed with them."""
    first = texts[0].split() if texts else []
    if first[:1] == ["cockatoos"]:
        if not all(w.isdecimal() and len(w) <= 2 for w in first[1:]):
            problem = "cockatoos and a count for each player, e.g. cockatoos 4 3 5"
            error = SetupError(problem, rule="ZK-PARTIAL-COUNT")
            raise error.located(context=f"move 1, {texts[0]}")
        setup = kuckuck.Setup(setup.players, tuple(int(w) for w in first[1:]))
    state = kuckuck.new_game(rules, setup)
    moves: list[Any] = []
    ends: list[int] = []
    for n, text in enumerate(texts, 1):
        words = text.split()
        try:
            if words[:1] == ["cockatoos"]:
                if n != 1:
                    late = "the cockatoo cards taken are entered before any card is dealt"
                    raise SetupError(late, rule="ZK-PARTIAL-COUNT")
                added: list[Any] = list(kuckuck_notation._unseen_deal(state))
            elif words[:1] == ["show"]:
                try:
                    moves = hand_shown(state, moves, words[1:])
                except ValueError as error:
                    raise NotationError(str(error), rule="ZK-PARTIAL-UNSEEN") from None
                state, added = kuckuck.new_game(rules, setup), []
                for move in moves:
                    state = kuckuck.apply(state, move)
            else:
                added = KuckuckGame.read(state, text)
            for move in added:
                state = kuckuck.apply(state, move)
        except CuckooError as error:
            raise error.located(context=f"move {n}, {text}") from None
        moves.extend(added)
        ends.append(len(moves))
    return setup, moves, ends, state


def _cards_entries(rules: Any, setup: Any, texts: Sequence[str]) -> Entries:
    """The setup, moves, ends and last state of a card-game table, replayed once (see
    :func:`_cards_states`); a refusal names the first entry the game cannot go on from."""
    moves: list[Any] = []
    ends: list[int] = []
    for n, text in enumerate(texts, 1):
        try:
            moves.extend(_cards_read(cards.new_game(rules, setup), text))
        except CuckooError as error:
            raise error.located(context=f"move {n}, {text}") from None
        ends.append(len(moves))
    try:
        return setup, moves, ends, _cards_states(rules, setup, moves)
    except CuckooError:
        for n, (text, end) in enumerate(zip(texts, ends, strict=True), 1):
            try:
                _cards_states(rules, setup, moves[:end])
            except CuckooError as error:
                # the entry is named instead of the ply of the record replayed
                detail = _REPLAY_PLACE.sub("", error.detail, count=1)
                own = type(error)(detail, rule=error.rule)
                raise own.located(context=f"move {n}, {text}") from None
        raise


_REPLAY_PLACE: Final = re.compile(r"^game \d+, \w+ \d+, [^:]*: ")
"""Where a replayed record places its error (``Record.located``): ``game 1, move 6, keep: ``."""


def _one_by_one(engine: Rules, rules: Any, setup: Any, texts: Sequence[str]) -> Entries:
    """A game's table entries read one by one, each into its moves (the dice pyramid)."""
    state = engine.new_game(rules, setup)
    moves: list[Any] = []
    ends: list[int] = []
    for n, text in enumerate(texts, 1):
        try:
            for move in engine.read(state, text):
                state = engine.apply(state, move)
                moves.append(move)
        except CuckooError as error:
            raise error.located(context=f"move {n}, {text}") from None
        ends.append(len(moves))
    return setup, moves, ends, state


RULES: Final[Mapping[str, Rules]] = {
    dice_notation.GAME: Rules(
        _dice_start,
        dice.new_game,
        dice.apply,
        DiceGame.read,
        _dice_choices,
        dice_notation.record_of,
    ),
    cards_notation.GAME: Rules(
        _cards_start,
        cards.new_game,
        cards.apply,
        CardGame.read,
        _cards_choices,
        cards_notation.record_of,
        _cards_entries,
    ),
    kuckuck_notation.GAME: Rules(
        _kuckuck_start,
        kuckuck.new_game,
        kuckuck.apply,
        KuckuckGame.read,
        _kuckuck_choices,
        kuckuck_notation.record_of,
        _kuckuck_entries,
    ),
}


@dataclass(frozen=True)
class Table:
    """A table dict made into the engine's values, every move checked."""

    game: str
    rules: Any
    setup: Any
    tags: list[tuple[str, str]]
    moves: tuple[Any, ...]
    states: tuple[Any, ...]
    """The position after the table's moves (the last of the tuple is the one shown)."""
    texts: tuple[str, ...] = ()
    """The table's moves as entered."""
    ends: tuple[int, ...] = ()
    """For each entry of *texts*, how many of *moves* it and the entries before it make."""

    @property
    def kit(self) -> Kit:
        return GAMES[self.game]

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def start(self) -> Any:
        """The position before the first move (*states* may hold only the last)."""
        return RULES[self.game].new_game(self.rules, self.setup)

    def record(self) -> tuple[Any, int]:
        """The record of the moves so far, as far as the notation can write it (in Zum
        Kuckuck!, up to the last whole hand dealt or round played: each is written whole),
        and how many of the moves it holds."""
        engine = RULES[self.game]
        moves = list(self.moves)
        while True:
            try:
                record = engine.record_of(self.rules, self.setup, moves, self.tags)
                for _ in self.kit.replay(record):
                    pass
                return record, len(moves)
            except CuckooError:
                if not moves:
                    raise
                moves.pop()

    def text(self) -> str:
        """The canonical record of the moves so far; the moves the notation cannot write
        yet (the cards of an unfinished round) follow as a comment, so that a record taken
        in the middle of a round still holds every move entered."""
        record, kept = self.record()
        text: str = self.kit.format_record(record)
        waiting = [t for t, end in zip(self.texts, self.ends, strict=True) if end > kept]
        if not waiting:
            return text
        return self.noted(text, f"entered, written once the round is whole: {', '.join(waiting)}")

    def noted(self, text: str, note: str) -> str:
        """The record *text* with *note* as a comment after its last move (its braces
        dropped: a comment cannot hold them), in canonical form."""
        said = note.translate({ord("{"): None, ord("}"): None})
        head, _, result = text.rstrip("\n").rpartition("\n")
        (item,) = read_records(f"{head}\n{{{said}}}\n{result}\n".splitlines(keepends=True))
        if isinstance(item, CuckooError):
            raise item
        return str(self.kit.format_record(item[1]))  # the comment where the notation puts it


def _table(table_json: str) -> dict[str, Any]:
    """The table the page sent; stored data can be edited, so its shape is checked.

    :raises SetupError: for anything but a JSON object.
    """
    table = json.loads(table_json)
    if not isinstance(table, dict):
        raise SetupError("a table must be an object of setup and moves", rule="CD-NOTATION-SYNTAX")
    return table


def load(table: Mapping[str, Any]) -> Table:
    """The game *table* describes, replayed.

    :raises CuckooError: for a setup the rules refuse or a move that is not legal (which
        cannot happen for a table this module built, but stored data can be edited).
    """
    game = str(table.get("game", ""))
    if game not in RULES:
        # the same refusal as a record's Game tag naming no game this package knows
        raise SetupError(
            f"unknown game {game!r}; expected one of {', '.join(RULES)}", rule="CD-NOTATION-TAGS"
        )
    engine = RULES[game]
    rules, setup, tags = engine.start(table)
    texts = tuple(_text_list(table, "moves"))
    if engine.entries is None:
        setup, moves, ends, state = _one_by_one(engine, rules, setup, texts)
    else:
        setup, moves, ends, state = engine.entries(rules, setup, texts)
    return Table(game, rules, setup, tags, tuple(moves), (state,), texts, tuple(ends))


def _prompt(loaded: Table) -> str:
    """Who enters what next; in the dice pyramid, a named player by name and colour."""
    state = loaded.state
    if isinstance(state, kuckuck.State) and state.step == "deal" and not any(state.dealt):
        return "the cockatoo cards each player took (nobody sees the hands), or the cards dealt"
    if isinstance(state, dice.State):
        colour = dice.PLAYER_NAMES[state.to_move]
        name = dict(loaded.tags).get(colour)
        if name:
            return f"{name} ({colour}), turn {state.ply + 1}"
    return prompt(loaded.game, state)


def table_view(table_json: str) -> str:
    """Everything the recorder shows of a table, as JSON: the picture (the pyramid's with
    its cells and dice named, to be tapped), the cell of the last placement, the diagram,
    whose turn, the choices as rows of taps, and the record so far (or the problem)."""
    try:
        loaded = load(_table(table_json))
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    state = loaded.state
    engine = RULES[loaded.game]
    over = bool(state.is_over)
    last = loaded.moves[-1] if loaded.moves else None
    choices = engine.choices(state)  # even at the end: a hand may be shown then
    return to_json(
        {
            "svg": _tappable_svg(state),
            "last": dice.CELL_NAMES[last.cell] if isinstance(last, dice.Place) else None,
            "last_part": _last_part(loaded),
            "taps": _picture_taps(state, choices),
            "diagram": loaded.kit.diagram(state),
            "over": over,
            "to_move": dice.PLAYER_NAMES[state.to_move] if isinstance(state, dice.State) else None,
            "prompt": "the game is over" if over else _prompt(loaded),
            "choices": [c.json() for c in choices],
            "record": loaded.text(),
        }
    )


def _tappable_svg(state: Any, hand: list[int] | None = None) -> str:
    """The recorder's picture of *state*, its parts named to be tapped; in Zum Kuckuck!
    the play page's *hand*, the human's own, drawn too."""
    if isinstance(state, dice.State):
        return str(position_svg(state, tappable=True))
    if isinstance(state, cards.State):
        return str(cards_views.table_svg(state, tappable=True))
    return str(kuckuck_views.table_svg(state, tappable=True, hand=hand or ()))


def _picture_taps(state: Any, choices: list[Choice]) -> dict[str, list[str]]:
    """For the card games, what a tap on a part of the picture stands for: the first taps
    of a choice. In the card game a player's card is their *keep*, the next player's card
    a *swap*, the deck a *cut* or a card dealt face down; in Zum Kuckuck! a player's row
    is that player, whose card then follows."""
    firsts = {c.path[0] for c in choices}
    taps: dict[str, list[str]] = {}
    if isinstance(state, cards.State):
        if state.step != "deal" and not state.is_over:
            acting = state.to_act
            parts = {f"seat {acting}": "keep", "deck": "cut"}
            parts[f"seat {cards.next_seat(state, acting)}"] = "swap"
            taps = {part: [label] for part, label in parts.items() if label in firsts}
        elif "Not seen (?)" in firsts:
            taps = {"deck": ["Not seen (?)"]}
    elif isinstance(state, kuckuck.State):
        seats = enumerate(state.players)
        taps = {f"seat {seat}": [name] for seat, name in seats if name in firsts}
    return taps


def _last_part(loaded: Table) -> str | None:
    """The part of a card game's picture the last entry was made at: the seat that played
    (Zum Kuckuck!) or decided (the card game, while its hand goes on)."""
    state = loaded.state
    words = loaded.texts[-1].split() if loaded.texts else []
    if isinstance(state, kuckuck.State) and words and words[0] in state.players:
        return f"seat {state.players.index(words[0])}"
    if isinstance(state, cards.State) and state.step != "deal" and not state.is_over:
        before = [s for s in state.active if cards.next_seat(state, s) == state.to_act]
        if before and before[0] != state.dealer and words[:1] != ["deal"]:
            return f"seat {before[0]}"
    return None


def table_play(table_json: str, text: str) -> str:
    """*text* tried as the table's next move: ``{"ok": table}`` with it added, or
    ``{"problem": ...}`` naming the rule that refuses it."""
    try:
        table = _table(table_json)
        played = {**table, "moves": [*_text_list(table, "moves"), text]}
        load(played)
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    return to_json({"ok": played})


def table_new(table_json: str) -> str:
    """A new table checked: ``{"ok": table}`` with no moves, or ``{"problem": ...}``."""
    try:
        table = {**_table(table_json), "moves": []}
        load(table)
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    return to_json({"ok": table})


def table_record(table_json: str, journal_json: str = "[]") -> str:
    """The canonical record of a table, as text; with a *journal* (the recorder's list of
    every tap, undo and redo: ``{"at", "tap", "move"}``), that list follows the last move
    as a comment, one tap a line, so the file downloaded keeps it and stays valid."""
    loaded = load(_table(table_json))
    journal = json.loads(journal_json)
    if not isinstance(journal, list) or not journal:
        return loaded.text()
    taps = [
        " ".join(str(entry.get(k, "")) for k in ("at", "tap", "move"))
        for entry in journal
        if isinstance(entry, dict)
    ]
    return loaded.noted(loaded.text(), "\n".join(["the journal of every tap:", *taps]))


# -- the dice pyramid against a bot: its setup and its moves in words ---------------------


def _rng(table: Mapping[str, Any], ply: int) -> Random:
    """The dice of one ply of a played game: a function of the game's seed and the ply, so
    that a reloaded page rolls what it rolled before."""
    return Random(f"{table.get('seed', 0)}:{ply}")


def random_setup(seed: int) -> str:
    """Both players' opening rolls for a new game against a bot, from *seed*, as JSON."""
    setup = dice.random_setup(Random(f"{seed}:setup"))
    return to_json(
        {"rolls": [list(r) for r in setup.rolls], "first": dice.PLAYER_NAMES[setup.first]}
    )


def describe(text: str) -> str:
    """A dice move in plain words, for announcing the bot's move and every re-roll."""
    move = dice_notation.parse_move(text)
    if isinstance(move, dice.Infect) and move.rolls is not None:
        given = ", ".join(f"{d} → {v}" for d, v in zip(move.give, move.rolls.give, strict=True))
        return (
            f"infects: gives {' + '.join(map(str, move.give))} for {move.take}; "
            f"re-rolled: the taken {move.take} → {move.rolls.take}, given {given}"
        )
    if isinstance(move, dice.Place):
        return f"places {move.die} on cell {dice.CELL_NAMES[move.cell]}"
    return "passes"


# -- every game against bots: the play page --------------------------------------------------
# The page keeps a table as the recorder does, with a seed; the human sits at one seat
# (a colour in the dice pyramid, a player's name in the card games) and everything else,
# chance and the bots, is drawn here from (seed, ply), so a reload draws nothing new.  What
# the human is shown is what that seat may see: in the card games, the other hands face
# down and the record with their cards as ``?`` until the rules show them.

_YOU: Final = {
    "places": "place",
    "infects": "infect",
    "passes": "pass",
    "keeps": "keep",
    "swaps": "swap",
    "cuts": "cut",
    "plays": "play",
    "chooses": "choose",
    "shows": "show",
    "loses": "lose",
    "wins": "win",
    "is": "are",
    "drops": "drop",
    "takes": "take",
}


def _subject(names: Sequence[str], seat: int, me: int, verb: str) -> str:
    """``Ben swaps`` for another seat, ``You swap`` for the human's."""
    return f"You {_YOU.get(verb, verb)}" if seat == me else f"{names[seat]} {verb}"


def _card_words(card: cards.Card) -> str:
    """A card as the picture shows it: ``10♥``."""
    return card.rank.replace("T", "10") + SUIT_SIGNS[card.suit]


def _known_cards(
    states: Sequence[cards.State], moves: Sequence[Any], seat: int | None
) -> cards.State:
    """The last of *states* (the state before each of *moves*, then the one after the
    last) with the cards *seat* cannot know face down (None: everyone's view).

    A seat knows its own card; the card it gave away or got in a swap, as long as it stays
    where it went; a king shown against a swap (CC-SWAP-KING).  A new hand starts afresh:
    the cut card and the show-down end a hand in the open."""
    last = states[-1]
    if seat is None:
        return last
    known: dict[int, cards.Card | None] = {}
    for before, move in zip(states, moves, strict=False):
        if not isinstance(move, cards.Swap) or before.step != "decide":
            if isinstance(move, cards.Deal) and not any(before.cards):
                known = {}
            continue
        mover = before.to_act
        neighbour = cards.next_seat(before, mover)
        theirs = before.cards[neighbour]
        known[seat] = before.cards[seat]
        if theirs is not None and theirs.is_king:
            known[neighbour] = theirs
        else:
            known[mover], known[neighbour] = known.get(neighbour), known.get(mover)
    hidden = {
        card
        for other, card in enumerate(last.cards)
        if card is not None and other != seat and known.get(other) != card
    }
    return replace(last, unseen=last.unseen | hidden)


def _held_by(state: kuckuck.State, seat: int, owner: int) -> bool:
    """Whether *seat* has held the hand first dealt to *owner* by *state*'s cycle (in
    cycle c each seat holds the hand dealt c seats to its right: ZK-CYCLE-PASS)."""
    cycle = min(state.cycle, len(state.players) - 1) if state.hands else 0
    return (seat - owner) % len(state.players) <= cycle


def _seen_record(loaded: Table, seat: int) -> Table:
    """*loaded* as the player at *seat* would have written it: the cards not seen are
    ``?`` (CC-PARTIAL-UNSEEN, ZK-PARTIAL-UNSEEN) and each finished hand of the card game
    ends with its show-down (CC-PARTIAL-SHOW)."""
    state = loaded.start
    moves: list[Any] = []
    if loaded.game == cards_notation.GAME:
        order: list[int] = []
        for move in loaded.moves:
            if isinstance(move, cards.Deal) and not any(state.cards):
                order = [cards.next_seat(state, state.dealer)]
                while order[-1] != state.dealer:
                    order.append(cards.next_seat(state, order[-1]))
            mine = not isinstance(move, cards.Deal) or state.to_act == seat
            before, state = state, cards.apply(state, move)
            moves.append(move if mine else cards.Deal(cards_deck.UNSEEN))
            if state.hands > before.hands:
                shown = (state.shown[s] for s in order)
                moves.append(cards.Show(tuple(c for c in shown if c)))
        return replace(loaded, moves=tuple(moves), texts=(), ends=())
    last = loaded.state
    n = len(last.players)
    dealt = [m.number for m in loaded.moves if isinstance(m, kuckuck.Deal)]
    hands = [dealt[k : k + kuckuck.HAND_SIZE] for k in range(0, len(dealt), kuckuck.HAND_SIZE)]
    counts = tuple(kuckuck.cockatoos(h) for h in hands) if len(hands) == n else ()
    for k, move in enumerate(loaded.moves):
        owner = k // kuckuck.HAND_SIZE
        if isinstance(move, kuckuck.Deal) and counts and not _held_by(last, seat, owner):
            move = kuckuck.Deal(kuckuck_cards.UNSEEN)
        moves.append(move)
    setup = kuckuck.Setup(loaded.setup.players, counts)
    return replace(loaded, setup=setup, moves=tuple(moves), texts=(), ends=())


def _seat(loaded: Table, human: str) -> int:
    """The human's seat: a colour of the dice pyramid, a player's name in the card games.

    :raises SetupError: for one that is not at the table.
    """
    names = dice.PLAYER_NAMES if loaded.game == dice_notation.GAME else loaded.state.players
    if human not in names:
        raise SetupError(f"{human!r} is not at this table", rule="CD-NOTATION-SYNTAX")
    return names.index(human)


def _choosing(loaded: Table) -> tuple[int, ...]:
    from .players.tables import TABLES

    return TABLES[loaded.game].choosing(loaded.state)


def _my_choices(loaded: Table, seat: int) -> list[Choice]:
    """The human's moves as rows of taps (a cut as the word: its card is drawn for them)."""
    state = loaded.state
    if seat not in _choosing(loaded):
        return []
    if isinstance(state, dice.State):
        return _dice_choices(state)
    if isinstance(state, cards.State):
        return [Choice((str(m).split()[0],), str(m).split()[0]) for m in cards.legal_moves(state)]
    plays = [m for m in kuckuck.legal_moves(state) if isinstance(m, kuckuck.Play)]
    return [Choice((str(m.number),), str(m.number)) for m in plays if m.seat == seat]


def play_view(table_json: str, human: str) -> str:
    """What the human at seat *human* is shown, as JSON: the picture and diagram of what
    that seat may see, whose move it is, the human's choices (none when it is someone
    else's or chance's turn), their hand in Zum Kuckuck!, and the record as they saw it."""
    try:
        loaded = load(_table(table_json))
        seat = _seat(loaded, human)
        text = play_record(table_json, human)
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    state = loaded.state
    shown = state
    if isinstance(state, cards.State):
        states = [loaded.start]
        for move in loaded.moves:
            states.append(cards.apply(states[-1], move))
        shown = _known_cards(states, loaded.moves, seat)
    hand = sorted(state.hands[seat]) if isinstance(state, kuckuck.State) and state.hands else []
    names = dice.PLAYER_NAMES if isinstance(state, dice.State) else state.players
    mine = _my_choices(loaded, seat)
    # the dice pyramid hides nothing: its picture is the recorder's; a card game's picture
    # is what the seat sees, its cards tappable as in the recorder
    seen = (
        json.loads(table_view(table_json))
        if isinstance(state, dice.State)
        else {
            "svg": _tappable_svg(shown, hand),
            "diagram": loaded.kit.diagram(shown),
            "taps": (
                {f"card {c.path[0]}": list(c.path) for c in mine}
                if isinstance(state, kuckuck.State)
                else _picture_taps(state, mine)
            ),
        }
    )
    return to_json(
        {
            "svg": seen["svg"],
            "last": seen.get("last"),
            "taps": seen.get("taps", {}),
            "diagram": seen["diagram"],
            "over": bool(state.is_over),
            "status": _status(shown),
            "choosing": [names[s] for s in _choosing(loaded)],
            "choices": [c.json() for c in mine],
            "hand": hand,
            "record": text,
        }
    )


def _status(state: Any) -> str:
    """Where the game stands, or who won, in a line."""
    if isinstance(state, cards.State):
        return cards_views.status_line(state)
    if isinstance(state, kuckuck.State):
        return kuckuck_views.status_line(state)
    outcome = dice.result(state)
    return outcome_words(outcome) if outcome else ""


def play_record(table_json: str, human: str) -> str:
    """The record of a table as the human at *human* saw it; the whole record once the
    game is over (or in the dice pyramid, which hides nothing)."""
    loaded = load(_table(table_json))
    if loaded.game == dice_notation.GAME or loaded.state.is_over:
        return loaded.text()
    return _seen_record(loaded, _seat(loaded, human)).text()


def _move_text(state: Any, move: Any) -> str:
    """An engine move as the table writes it."""
    if isinstance(state, kuckuck.State):
        return kuckuck_notation.move_text(state, move)
    return str(move)


def _show_down(state: cards.State, me: int) -> str:
    """The end of a hand: the cards shown, who lost a life, who won."""
    names = state.players
    cards_shown = ", ".join(
        f"{'you' if s == me else names[s]} {_card_words(c)}"
        for s, c in enumerate(state.shown)
        if c is not None
    )
    lost = [("you" if s == me else names[s]) for s in state.losers]
    if lost:
        verb = "lose" if lost[-1] == "you" or len(lost) > 1 else "loses"
        outcome = f"{' and '.join(lost)} {verb} a life"
        outcome = outcome[0].upper() + outcome[1:]
    else:
        outcome = "Everyone left ties on a last life: nobody loses one (CC-VOID)"
    said = f"Show-down: {cards_shown}. {outcome}."
    won = cards.winner(state)
    if won is not None:
        said += f" {_subject(names, won, me, 'wins')} the game."
    return said


def _cards_said(before: cards.State, move: Any, after: cards.State, me: int) -> list[str]:
    """A card-game move in words, as the player at *me* may know it."""
    names = before.players
    mover = before.to_act
    said: list[str] = []
    if isinstance(move, cards.Keep):
        said.append(f"{_subject(names, mover, me, 'keeps')} the card.")
    elif isinstance(move, cards.Swap):
        neighbour = cards.next_seat(before, mover)
        mine, theirs = before.cards[mover], before.cards[neighbour]
        assert mine is not None and theirs is not None
        other = "you" if neighbour == me else names[neighbour]
        if theirs.is_king:
            king = _subject(names, neighbour, me, "shows")
            said.append(f"{king} {_card_words(theirs)}: a king, so the swap does not happen.")
        elif me == mover:
            said.append(
                f"You swap with {other}: you give {_card_words(mine)} "
                f"and get {_card_words(theirs)}."
            )
        elif me == neighbour:
            said.append(
                f"{names[mover]} swaps with you: you give {_card_words(theirs)} "
                f"and get {_card_words(mine)}."
            )
        else:
            said.append(f"{names[mover]} swaps with {other}.")
    elif isinstance(move, cards.Cut) and move.card is not None:
        turns = "turn" if mover == me else "turns"
        turned = f"{_subject(names, mover, me, 'cuts')} and {turns} up {_card_words(move.card)}"
        if move.card.is_king:
            turned += ": a king, so it goes back and the dealer's card stays (CC-CUT-KING)"
        said.append(turned + ".")
    if after.hands > before.hands:
        said.append(_show_down(after, me))
    return said


def _dealt_said(state: cards.State, me: int) -> str:
    """The deal of a card-game hand, as the player at *me* sees it."""
    who = "you deal" if state.dealer == me else f"{state.players[state.dealer]} deals"
    held = state.cards[me]
    mine = f"; you are dealt {_card_words(held)}" if held is not None else ""
    return f"Hand {state.hands + 1}: {who}{mine}."


def _kuckuck_said(
    before: kuckuck.State, plays: Sequence[int | None], after: kuckuck.State, me: int
) -> list[str]:
    """A round's end in Zum Kuckuck!: the cards shown, the nest cards taken, cockatoo cards
    turned, drop-outs, and a cycle's score."""
    names = before.players

    def who(seat: int) -> str:
        return "you" if seat == me else names[seat]

    said: list[str] = []
    if not before.rules.in_turn:
        shown = ", ".join(f"{who(s)} {n}" for s, n in enumerate(plays) if n is not None)
        said.append(f"The cards are shown: {shown}.")
    ended = after.cycle > before.cycle or after.is_over
    nests = after.nests if not ended else None
    if nests is not None and before.shown is not None:
        took = [
            f"{who(s)} {'take' if s == me else 'takes'} the {nests[s][-1]}"
            for s in range(len(names))
            if len(nests[s]) > len(before.nests[s])
        ]
        if took:
            said.append("Nest cards: " + ", ".join(took) + ".")
    if after.turned and not ended:
        turners = " and ".join(map(who, after.turned))
        one = len(after.turned) == 1
        verb = "turns a cockatoo card" if one and after.turned[0] != me else "turn a cockatoo card"
        said.append(f"{turners[0].upper()}{turners[1:]} {verb}{'' if one else ' each'}.")
    for seat in sorted(after.out - before.out):
        said.append(f"{_subject(names, seat, me, 'drops')} out of this cycle.")
    if ended:
        score = after.scores[-1]
        points = ", ".join(f"{who(s)} {plural(score[s], 'point')}" for s in range(len(names)))
        said.append(f"Cycle {after.cycle} is over: {points}.")
        if after.is_over:
            said.append(kuckuck_views.status_line(after) + ".")
        else:
            counts = ", ".join(f"{who(s)} {c}" for s, c in enumerate(after.counts))
            said.append(f"The hands pass left; cockatoo cards: {counts}.")
    return said


def _said(game: str, states: Sequence[Any], moves: Sequence[Any], me: int, by: str) -> list[str]:
    """What the player at *me* is told of *moves* (made from ``states[0]``; ``states[k+1]``
    after ``moves[k]``), made by *by* ("you", a bot's name, or "" for chance)."""
    first, last = states[0], states[-1]
    if isinstance(first, dice.State):
        names = ("you" if s == me else f"{by} ({c})" for s, c in enumerate(dice.PLAYER_NAMES))
        name = list(names)[first.to_move]
        words = describe(str(moves[0]))
        if name == "you":
            verb = words.split()[0].rstrip(":")  # places, infects:, passes
            return [f"You {_YOU[verb]}{words[len(verb) :]}."]
        return [f"{name} {words}."]
    if isinstance(first, cards.State):
        if isinstance(moves[0], cards.Deal):
            return [_dealt_said(last, me)]
        return _cards_said(first, moves[0], last, me)
    said: list[str] = []
    names = first.players
    for before, move, after in zip(states, moves, states[1:], strict=False):
        if isinstance(move, kuckuck.Deal):
            if after.step != "deal":
                counts = ", ".join(
                    f"{'you' if s == me else names[s]} {c}" for s, c in enumerate(after.counts)
                )
                said.append(f"The number cards are dealt, 12 each; cockatoo cards: {counts}.")
        elif isinstance(move, kuckuck.Start):
            said.append(f"{_subject(names, move.seat, me, 'is')} drawn to start.")
        elif isinstance(move, kuckuck.Nest):
            said.append(f"Nest cards turned up: {move.low} and {move.high}.")
        elif isinstance(move, kuckuck.Play):
            verb = "plays" if first.rules.in_turn else "chooses"
            card = f" {move.number}" if first.rules.in_turn or move.seat == me else " a card"
            said.append(f"{_subject(names, move.seat, me, verb)}{card}.")
            if after.round != before.round or after.cycle != before.cycle or after.is_over:
                plays = [move.number if s == move.seat else n for s, n in enumerate(before.plays)]
                said.extend(_kuckuck_said(before, plays, after, me))
    return said


def _moved(table: Mapping[str, Any], state: Any, moves: list[Any], me: int, by: str) -> str:
    """The answer of :func:`play_move` and :func:`play_next`: the table with *moves* made
    from *state* added, as texts, and what the human is told of them."""
    states, texts = [state], []
    game = str(table.get("game"))
    for move in moves:
        texts.append(_move_text(states[-1], move))
        states.append(RULES[game].apply(states[-1], move))
    if game == cards_notation.GAME and isinstance(moves[0], cards.Deal):
        texts = ["deal " + " ".join(texts)]  # the hand's deal, one entry
    elif game == kuckuck_notation.GAME and isinstance(moves[0], kuckuck.Deal):
        rows: dict[str, list[str]] = {}  # one entry a hand: deal Ann 3 17 ...
        for text in texts:
            _, name, number = text.split()
            rows.setdefault(name, []).append(number)
        texts = [f"deal {name} {' '.join(numbers)}" for name, numbers in rows.items()]
    said = _said(game, states, moves, me, by)
    return to_json({"ok": {**table, "moves": [*table.get("moves", []), *texts]}, "said": said})


def play_move(table_json: str, text: str, human: str) -> str:
    """The human's move *text*, as a player types it at the terminal (a dice infection
    without its re-roll, ``cut`` without its card, a Zum Kuckuck! card by its number: chance
    is drawn here), made: ``{"ok": table, "said": [...]}``, or ``{"problem": ...}``."""
    from .players.tables import TABLES

    try:
        table = _table(table_json)
        loaded = load(table)
        seat = _seat(loaded, human)
        state = loaded.state
        rng = _rng(table, len(loaded.texts))
        kit = TABLES[loaded.game]
        if seat not in _choosing(loaded):
            raise IllegalMoveError("it is not your move", rule="CD-NOTATION-SYNTAX")
        # as a player types it; chance (a cut's card, a re-roll) is drawn here, never given
        moves = [kit.complete(state, move, rng) for move in kit.read(state, seat, text)]
        return _moved(table, state, moves, seat, "you")
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    except ValueError as error:  # the players' reader's own refusals
        return to_json({"problem": problem(NotationError(str(error), rule="CD-NOTATION-SYNTAX"))})


def play_next(table_json: str, bot: str, human: str) -> str:
    """The next moves that are not the human's, drawn from the table's seed: a whole deal,
    a nest pair or a start draw, or the bots' decisions (in the basic Zum Kuckuck!, every
    bot's card of the round together, chosen from its own hand): ``{"ok": table, "said":
    [...], "who": the bot or ""}``."""
    from .players.bots import bot_named
    from .players.tables import TABLES

    table = _table(table_json)
    loaded = load(table)
    seat = _seat(loaded, human)
    state, kit = loaded.state, TABLES[loaded.game]
    rng = _rng(table, len(loaded.texts))
    moves: list[Any] = []
    if state.is_chance:
        step = state.step
        while state.is_chance and state.step == step and (step == "deal" or not moves):
            moves.append(kit.chance(state, rng))
            state = kit.apply(state, moves[-1])
        return _moved(table, loaded.state, moves, seat, "")
    player = bot_named(bot, loaded.game)
    for other in kit.choosing(state):
        if other == seat:
            raise SetupError("it is your move", rule="CD-NOTATION-SYNTAX")
        decision = player.choose(state, rng, other)
        moves.append(kit.complete(state, decision, rng))
        if loaded.game != kuckuck_notation.GAME:
            break
    answer = json.loads(_moved(table, loaded.state, moves, seat, bot))
    return to_json({**answer, "who": bot})


# -- the viewer: a game as one player saw it ---------------------------------------------------


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
        state = _known_cards(states, moves[:ply], seat)
        for k, move in enumerate(moves[: len(played.states) - 1]):
            if isinstance(move, cards.Deal) and played.states[k].to_act != seat:
                texts[k] = "?"
    elif isinstance(state, kuckuck.State):
        names = [p.lower() for p in state.players]
        for k, item in enumerate(moves):
            hand = isinstance(item, kuckuck_notation.Hand) and item.player.lower() in names
            if hand and not _held_by(state, seat, names.index(item.player.lower())):
                texts[k] = f"deal {item.player}" + " ?" * len(item.numbers)
    return {"svg": played.kit.svg(state), "diagram": played.kit.diagram(state), "moves": texts}
