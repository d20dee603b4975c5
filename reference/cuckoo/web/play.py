"""The play page: every game against bots.

The page keeps a table as the recorder does, with a seed; the human sits at one seat
(a colour in the dice pyramid, a player's name in the card games) and everything else,
chance and the bots, is drawn here from (seed, ply), so a reload draws nothing new.  What
the human is shown is what that seat may see: in the card games, the other hands face
down and the record with their cards as ``?`` until the rules show them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from .. import cards, dice, kuckuck
from ..cards import notation as cards_notation
from ..cards import views as cards_views
from ..dice import notation as dice_notation
from ..dice.svg import outcome_words
from ..errors import CuckooError, IllegalMoveError, NotationError, SetupError
from ..kuckuck import notation as kuckuck_notation
from ..kuckuck import views as kuckuck_views
from ..players.words import told
from .choices import Choice, choices_json, dice_choices
from .common import problem, read_table, to_json
from .recorder import picture, picture_taps, tappable_svg
from .seats import known_cards, seen_text
from .table import RULES, Table, load


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


def _seat(loaded: Table, human: str) -> int:
    """The human's seat: a colour of the dice pyramid, a player's name in the card games.

    :raises SetupError: for one that is not at the table.
    """
    names = dice.PLAYER_NAMES if loaded.game == dice_notation.GAME else loaded.state.players
    if human not in names:
        raise SetupError(f"{human!r} is not at this table", rule="CD-NOTATION-SYNTAX")
    return names.index(human)


def _choosing(loaded: Table) -> tuple[int, ...]:
    from ..players.tables import TABLES

    return TABLES[loaded.game].choosing(loaded.state)


def _my_choices(loaded: Table, seat: int) -> list[Choice]:
    """The human's moves as rows of taps (a cut as the word: its card is drawn for them)."""
    state = loaded.state
    if seat not in _choosing(loaded):
        return []
    if isinstance(state, dice.State):
        return dice_choices(state)
    if isinstance(state, cards.State):
        return [Choice((str(m).split()[0],), str(m).split()[0]) for m in cards.legal_moves(state)]
    plays = [m for m in kuckuck.legal_moves(state) if isinstance(m, kuckuck.Play)]
    return [Choice((str(m.number),), str(m.number)) for m in plays if m.seat == seat]


def play_view(table_json: str, human: str, record: bool = True) -> str:
    """What the human at seat *human* is shown, as JSON: the picture and diagram of what
    that seat may see, whose move it is, the human's choices (none when it is someone
    else's or chance's turn), their hand in Zum Kuckuck!, and the record as they saw it
    (without *record*, left for :func:`play_record`, as the recorder's view leaves it)."""
    try:
        loaded = load(read_table(table_json))
        seat = _seat(loaded, human)
        text = _record_seen(loaded, human) if record else None
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    state = loaded.state
    shown = state
    if isinstance(state, cards.State):
        shown = known_cards(loaded.states, loaded.moves, seat)
    hand = sorted(state.hands[seat]) if isinstance(state, kuckuck.State) and state.hands else []
    names = dice.PLAYER_NAMES if isinstance(state, dice.State) else state.players
    mine = _my_choices(loaded, seat)
    # the dice pyramid hides nothing: its picture is the recorder's; a card game's picture
    # is what the seat sees, its cards tappable as in the recorder
    seen = (
        picture(loaded, mine)
        if isinstance(state, dice.State)
        else {
            "svg": tappable_svg(shown, hand),
            "diagram": loaded.kit.diagram(shown),
            "taps": (
                {f"card {c.path[0]}": list(c.path) for c in mine}
                if isinstance(state, kuckuck.State)
                else picture_taps(state, mine)
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
            "out": isinstance(state, cards.State) and not state.lives[seat],
            "status": _status(shown),
            "choosing": [names[s] for s in _choosing(loaded)],
            **choices_json(mine),
            "hand": hand,
            **({"record": text} if record else {}),
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
    return _record_seen(load(read_table(table_json)), human)


def _record_seen(loaded: Table, human: str) -> str:
    """:func:`play_record` of a table already loaded."""
    if loaded.game == dice_notation.GAME or loaded.state.is_over:
        return loaded.text()
    return seen_text(loaded, _seat(loaded, human))


def _move_text(state: Any, move: Any) -> str:
    """An engine move as the table writes it."""
    if isinstance(state, kuckuck.State):
        return kuckuck_notation.move_text(state, move)
    return str(move)


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
    said = told(game, states, moves, me, by)
    return to_json({"ok": {**table, "moves": [*table.get("moves", []), *texts]}, "said": said})


def play_move(table_json: str, text: str, human: str) -> str:
    """The human's move *text*, as a player types it at the terminal (a dice infection
    without its re-roll, ``cut`` without its card, a Zum Kuckuck! card by its number: chance
    is drawn here), made: ``{"ok": table, "said": [...]}``, or ``{"problem": ...}``."""
    from ..players.tables import TABLES

    try:
        table = read_table(table_json)
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
    from ..players.bots import bot_named
    from ..players.tables import TABLES

    table = read_table(table_json)
    loaded = load(table)
    kit = TABLES[loaded.game]
    rng = _rng(table, len(loaded.texts))
    history = tuple(zip(loaded.states, loaded.moves, strict=False))

    def decide(state: Any, other: int) -> Any:
        try:
            player = bot_named(str(bot), loaded.game)
        except ValueError as error:  # a stored game edited, or of a later version
            raise SetupError(str(error), rule="CD-NOTATION-SYNTAX") from None
        return kit.complete(state, player.choose(state, rng, other, history), rng)

    return next_moves(table, loaded, human, lambda state: kit.chance(state, rng), decide, bot)


def next_moves(
    table: Mapping[str, Any],
    loaded: Table,
    human: str,
    chance: Callable[[Any], Any],
    decide: Callable[[Any, int], Any],
    bot: str,
) -> str:
    """The answer of :func:`play_next`, its moves drawn by *chance* (a state to its outcome)
    and *decide* (a state and a seat to its decision, chance included): at a chance step,
    a whole deal or one outcome; else each other seat's decision (every bot's card of a
    basic Zum Kuckuck! round, one decision in the other games)."""
    from ..players.tables import TABLES

    seat = _seat(loaded, human)
    state, kit = loaded.state, TABLES[loaded.game]
    moves: list[Any] = []
    if state.is_chance:
        step = state.step
        while state.is_chance and state.step == step and (step == "deal" or not moves):
            moves.append(chance(state))
            state = kit.apply(state, moves[-1])
        return _moved(table, loaded.state, moves, seat, "")
    for other in kit.choosing(state):
        if other == seat:
            raise SetupError("it is your move", rule="CD-NOTATION-SYNTAX")
        moves.append(decide(state, other))
        if loaded.game != kuckuck_notation.GAME:
            break
    answer = json.loads(_moved(table, loaded.state, moves, seat, bot))
    return to_json({**answer, "who": bot})


def play_hint(table_json: str, human: str) -> str:
    """What the medium bot would play in the human's seat, from what that seat has seen,
    and why: ``{"ok": {"move": text, "why": line}}``, or ``{"problem": ...}``.  Drawn from
    the table's seed as the bots' moves are, so that asking again gives the same hint."""
    from ..players.hints import hint
    from ..players.tables import TABLES

    try:
        table = read_table(table_json)
        loaded = load(table)
        seat = _seat(loaded, human)
        if seat not in _choosing(loaded):
            raise IllegalMoveError("a hint is for your own move", rule="CD-NOTATION-SYNTAX")
        state = loaded.state
        history = tuple(zip(loaded.states, loaded.moves, strict=False))
        rng = _rng(table, len(loaded.texts))
        move, why = hint(loaded.game, state, seat, rng, history)
        return to_json({"ok": {"move": TABLES[loaded.game].text(state, move), "why": why}})
    except CuckooError as error:
        return to_json({"problem": problem(error)})
