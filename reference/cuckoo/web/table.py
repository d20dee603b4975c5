"""A table, the recorder's and the play page's game as the page stores it (a plain dict
of the setup and the moves, each as text), read into the engine's values: each game's
setup, how its entries are read, every move checked, and the record written of it."""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Final

from .. import cards, dice, kuckuck
from ..cards import notation as cards_notation
from ..cards.deck import UNSEEN as _UNSEEN_CARD_VALUE
from ..cards.partial import follow
from ..conformance.protocol import CardGame, DiceGame, KuckuckGame
from ..dice import notation as dice_notation
from ..errors import CuckooError, NotationError, SetupError
from ..games import GAMES, Kit, read_records
from ..kuckuck import notation as kuckuck_notation
from ..record import hand_shown
from .choices import Choice, cards_choices, dice_choices, kuckuck_choices
from .common import text_list

Entries = tuple[Any, list[Any], list[int], list[Any]]
"""A table's entries read: the setup (Zum Kuckuck!'s gets the cockatoo cards seen taken),
the engine's moves, how many of them each entry and those before it make, and the
positions: before the first move and after each (made once, for every caller of :func:`load`)."""


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
    entries: Callable[[Any, Any, Sequence[str], Entries | None], Entries] | None = None
    """How a table's entries are read when not one by one with *read* and *apply*:
    ``(rules, setup, texts, done) -> (setup, moves, ends, states)``, from the entries read
    already in *done* (or None) on, raising the refusal located at its entry (the card
    games' records of what was seen)."""


def _dice_start(table: Mapping[str, Any]) -> tuple[Any, Any, list[tuple[str, str]]]:
    rules = dice.ruleset(str(table.get("ruleset", "cuckoo")))
    rolls = table.get("rolls", [[], []])
    if not isinstance(rolls, list) or [type(r) for r in rolls] != [list, list]:
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


def read_cards(state: cards.State, text: str) -> list[Any]:
    """A deal of cards (``?`` for one nobody saw), or a decision, the dealer's perhaps with
    the show-down after it (``keep show 3c 7h Ks``): one entry, so that the record is
    valid after every entry (CC-PARTIAL-SHOW)."""
    decision, show, shown = text.partition(" show ")
    return [
        *CardGame.read(state, decision),
        *([cards_notation.parse_move(show + shown)] if show else []),
    ]


def _cards_states(rules: Any, setup: Any, moves: list[Any]) -> list[Any]:
    """The position after *moves*; with cards nobody saw, as the record of them replays
    (each ``?`` filled from the show-down: CC-PARTIAL-UNSEEN), else move by move."""
    if not any(isinstance(m, cards.Show) or m == cards.Deal(_UNSEEN_CARD_VALUE) for m in moves):
        states = [cards.new_game(rules, setup)]
        for move in moves:
            states.append(cards.apply(states[-1], move))
        return states
    return list(cards_notation.replay(cards_notation.record_of(rules, setup, moves)))


def _kuckuck_start(table: Mapping[str, Any]) -> tuple[Any, Any, list[tuple[str, str]]]:
    rules = kuckuck.rules(variant=str(table.get("variant", "basic")))
    setup = kuckuck.Setup(_names(table))
    kuckuck.new_game(rules, setup)
    return rules, setup, []


def _kuckuck_entries(rules: Any, setup: Any, texts: Sequence[str], done: Entries | None) -> Entries:
    """The setup, moves, ends and positions of a Zum Kuckuck! table, from the entries of
    *done* on (the first of *texts* read already, or None): a first entry
    ``cockatoos 4 3 5`` is the cockatoo cards seen taken, the hands then unseen
    (ZK-PARTIAL-COUNT), and ``show NAME 7 19`` cards of a hand shown then
    (ZK-PARTIAL-SHOW)."""
    if done is None:
        first = texts[0].split() if texts else []
        if first[:1] == ["cockatoos"]:
            if not all(w.isdecimal() and len(w) <= 2 for w in first[1:]):
                problem = "cockatoos and a count for each player, e.g. cockatoos 4 3 5"
                error = SetupError(problem, rule="ZK-PARTIAL-COUNT")
                raise error.located(context=f"move 1, {texts[0]}")
            setup = kuckuck.Setup(setup.players, tuple(int(w) for w in first[1:]))
        done = (setup, [], [], [kuckuck.new_game(rules, setup)])
    setup, moves, ends, states = done
    state = states[-1]
    for n, text in enumerate(texts[len(ends) :], len(ends) + 1):
        words = text.split()
        try:
            if words[:1] == ["cockatoos"]:
                if n != 1:
                    late = "the cockatoo cards taken are entered before any card is dealt"
                    raise SetupError(late, rule="ZK-PARTIAL-COUNT")
                added: list[Any] = list(kuckuck_notation._unseen_deal(state))
            elif words[:1] == ["show"]:
                try:
                    added = [hand_shown(state, words[1:], lambda _: None)]
                except ValueError as error:
                    raise NotationError(str(error), rule="ZK-PARTIAL-SHOW") from None
            else:
                added = KuckuckGame.read(state, text)
            for move in added:
                state = kuckuck.apply(state, move)
                states.append(state)
        except CuckooError as error:
            raise error.located(context=f"move {n}, {text}") from None
        moves.extend(added)
        ends.append(len(moves))
    return setup, moves, ends, states


def _cards_entries(rules: Any, setup: Any, texts: Sequence[str], done: Entries | None) -> Entries:
    """The setup, moves, ends and positions of a card-game table, replayed once (see
    :func:`_cards_states`), or from *done* on: the hands it finished stand, and the hand
    under way is followed again (a show-down fills that hand's unseen cards); a refusal
    names the first entry the game cannot go on from."""
    moves: list[Any] = list(done[1]) if done else []
    ends: list[int] = list(done[2]) if done else []
    for n, text in enumerate(texts[len(ends) :], len(ends) + 1):
        try:
            moves.extend(read_cards(cards.new_game(rules, setup), text))
        except CuckooError as error:
            raise error.located(context=f"move {n}, {text}") from None
        ends.append(len(moves))
    if done:
        states = done[3]
        hand = max(
            k for k, before in enumerate(states[: len(moves)]) if _hand_starts(before, moves[k])
        )
        return setup, moves, ends, [*states[: hand + 1], *follow(states[hand], moves[hand:])]
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


def hand_started(loaded: Table) -> int:
    """Where the card game's hand under way starts in *loaded*'s moves (its first card)."""
    moves, states = loaded.moves, loaded.states
    return max(k for k, move in enumerate(moves) if _hand_starts(states[k], move))


def _hand_starts(state: cards.State, move: Any) -> bool:
    """Whether *move*, made in *state*, deals the first card of a hand."""
    return isinstance(move, cards.Deal) and state.step == "deal" and not any(state.cards)


_REPLAY_PLACE: Final = re.compile(r"^game \d+, \w+ \d+, [^:]*: ")
"""Where a replayed record places its error (``Record.located``): ``game 1, move 6, keep: ``."""


def _one_by_one(
    engine: Rules, rules: Any, setup: Any, texts: Sequence[str], done: Entries | None
) -> Entries:
    """A game's table entries read one by one, each into its moves (the dice pyramid),
    from those of *done* on."""
    _, moves, ends, states = done or (setup, [], [], [engine.new_game(rules, setup)])
    for n, text in enumerate(texts[len(ends) :], len(ends) + 1):
        try:
            for move in engine.read(states[-1], text):
                states.append(engine.apply(states[-1], move))
                moves.append(move)
        except CuckooError as error:
            raise error.located(context=f"move {n}, {text}") from None
        ends.append(len(moves))
    return setup, moves, ends, states


RULES: Final[Mapping[str, Rules]] = {
    dice_notation.GAME: Rules(
        _dice_start,
        dice.new_game,
        dice.apply,
        DiceGame.read,
        dice_choices,
        dice_notation.record_of,
    ),
    cards_notation.GAME: Rules(
        _cards_start,
        cards.new_game,
        cards.apply,
        CardGame.read,
        cards_choices,
        cards_notation.record_of,
        _cards_entries,
    ),
    kuckuck_notation.GAME: Rules(
        _kuckuck_start,
        kuckuck.new_game,
        kuckuck.apply,
        KuckuckGame.read,
        kuckuck_choices,
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
    """The position before the first move and after each of *moves* (the last is the one
    shown), made once as the table is read."""
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
        """The position before the first move."""
        return self.states[0]

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


KEPT: Final = 8
"""Tables kept read (:func:`load`): the one shown, the one before it (an undo), and a few
of other tabs or games."""
_kept: OrderedDict[tuple[str, tuple[str, ...]], Table] = OrderedDict()


def load(table: Mapping[str, Any]) -> Table:
    """The game *table* describes, replayed; or, if it is a table read lately with entries
    added, those entries played on from it (a tap at the end of a long game costs what it
    costs at its start: the engine stays pure, the web layer keeps the last few tables).

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
    texts = tuple(text_list(table, "moves"))
    setting = json.dumps({k: v for k, v in table.items() if k != "moves"}, sort_keys=True)
    if (setting, texts) in _kept:
        _kept.move_to_end((setting, texts))
        return _kept[(setting, texts)]
    bases = [
        kept
        for (same, old), kept in _kept.items()
        if same == setting and old and texts[: len(old)] == old
    ]
    base = max(bases, key=lambda kept: len(kept.texts), default=None)
    loaded = None
    if base is not None:
        with suppress(CuckooError):  # said as the whole replay says it, below
            loaded = _read(game, rules, setup, tags, texts, base)
    loaded = loaded or _read(game, rules, setup, tags, texts, None)
    _kept[(setting, texts)] = loaded
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return loaded


def forget() -> None:
    """Drop the tables kept: the next :func:`load` of each replays it whole."""
    _kept.clear()


def _read(
    game: str,
    rules: Any,
    setup: Any,
    tags: list[tuple[str, str]],
    texts: tuple[str, ...],
    base: Table | None,
) -> Table:
    """The table of *texts*, read from the start or on from *base*, a table of their first
    entries."""
    engine = RULES[game]
    done: Entries | None = None
    if base is not None:
        done = (base.setup, list(base.moves), list(base.ends), list(base.states))
    if engine.entries is None:
        setup, moves, ends, states = _one_by_one(engine, rules, setup, texts, done)
    else:
        setup, moves, ends, states = engine.entries(rules, setup, texts, done)
    return Table(game, rules, setup, tags, tuple(moves), tuple(states), texts, tuple(ends))
