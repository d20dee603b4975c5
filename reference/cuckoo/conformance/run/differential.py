"""Differential testing: random games played in an engine and in the reference, step by step.

The reference is the protocol's own :class:`~cuckoo.conformance.protocol.Session`, run in
this process, so both sides are spoken to with the very same command lines and every
answer can be compared word for word.  A game is drawn from a seed: the game, its ruleset
or variant, random parameter settings (every parameter each ruleset declares, read from its
type), the setup, and a list of numbers that pick each move among the reference's legal
ones.  Each game is independent of the others, so games run in parallel give the same
report as games run one after another.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, fields
from random import Random
from typing import Any, Final

from ...cards import rulesets as cards_rulesets
from ...dice import rulesets as dice_rulesets
from ...escaping import terminal
from ...kuckuck import rulesets as kuckuck_rulesets
from ...progress import Progress
from ...workers import Workers, when_stopped
from ..engine import (
    GRACE,
    Engine,
    EngineFailure,
    Unsupported,
    chance_pairs,
    cut,
    parse_json,
    quote,
    unsupported,
)
from ..protocol import Session
from ..suites.cases import new_command
from .invariants import Watched, apply_argument, format_round_trip, whole_equals_moves
from .records import Recorder, broken
from .verdicts import Report, compare

__all__ = ["Disagreement", "differential", "draw_game", "play", "shown_game"]

NAMES: Final = ("Ann", "Ben", "Cid", "Dan", "Eve", "Fay")
CHOICES: Final = 1000
"""Numbers drawn per game to pick its moves; a longer game picks the first move after."""


def _values(kind: object, name: str) -> tuple[object, ...]:
    """The values a parameter of type *kind* can take in random games: every choice of a
    ``Literal``, both of a ``bool``, and for a number a few small ones (with ``None``
    where it is allowed: no limit)."""
    args = typing.get_args(kind)
    if kind is bool:
        return (False, True)
    if typing.get_origin(kind) is typing.Literal:
        return args
    if kind is int:
        return (1, 2, 3, 4) if name == "lives" else (0, 1, 2, 3)
    return tuple(v for a in args for v in ((None,) if a is type(None) else _values(a, name)))


def _parameters(cls: type[Any], rng: Random) -> dict[str, Any]:
    """Random settings of about half the parameters of the ruleset class *cls*."""
    hints = typing.get_type_hints(cls)
    params = {}
    for f in fields(cls):
        if f.name != "name" and rng.random() < 0.5:
            params[f.name] = rng.choice(_values(hints[f.name], f.name))
    return params


def draw_game(game: str, rng: Random) -> str:
    """A random ``new`` command for *game*: ruleset, parameters, players and setup."""
    if game == "cuckoo-dice":
        rolls = ["".join(str(rng.randint(1, 6)) for _ in range(10)) for _ in range(2)]
        setup: dict[str, Any] = {
            "ruleset": rng.choice(sorted(dice_rulesets.RULESETS)),
            "first": rng.choice(("Blue", "Red")),
            "rolls": {"Blue": rolls[0], "Red": rolls[1]},
            "params": _parameters(dice_rulesets.Ruleset, rng),
        }
    elif game == "cuckoo-cards":
        players = NAMES[: rng.randint(2, 6)]
        setup = {
            "game": game,
            "players": players,
            "dealer": rng.choice(players),
            "params": _parameters(cards_rulesets.Rules, rng),
        }
    else:
        players = NAMES[: rng.randint(3, 5)]
        setup = {
            "game": game,
            "players": players,
            "params": _parameters(kuckuck_rulesets.Rules, rng),
        }
    return new_command(setup)


@dataclass(frozen=True)
class Disagreement:
    """Where the engine and the reference first differ in a game."""

    new: str
    """The ``new`` command that starts the game."""
    moves: tuple[str, ...]
    """The ``apply`` arguments up to and including the step where they differ."""
    what: str
    sent: tuple[str, ...] = ()
    """Every line sent that changes or may change the game, the wrong moves, odd commands
    and records included, in order (the queries between them left out); empty: ``new``
    and the moves."""

    def transcript(self) -> str:
        """The commands that show the difference, ready to send to the engine."""
        return "\n".join(self.sent or [self.new, *(f"apply {m}" for m in self.moves)])


def _game_of(new: str) -> str:
    word = new.split()[1]
    return word if word in ("cuckoo-cards", "zum-kuckuck") else "cuckoo-dice"


def play(
    engine: Engine, new: str, choices: list[int], limit: int | None = None
) -> Disagreement | None:
    """Play the game *choices* pick from the reference's legal moves in both engines,
    comparing after every step; the first difference.  With *limit*, stop after that
    many steps (a longer game cannot be a shorter example).

    Every command goes through :class:`.invariants.Watched`.  Besides the moves, the
    choices send, at some steps, something wrong first (:func:`_detour`), or the game so
    far as records (:func:`_records`, at the end of the game too)."""
    game, recorder, pick = _game_of(new), Recorder(new), _picks(choices)
    reference, watched = recorder.session, Watched(engine)
    moves: list[str] = []
    sent = [new]

    def differ(what: str) -> Disagreement:
        return Disagreement(new, tuple(moves), what, tuple(sent))

    def both(command: str) -> tuple[str, str | None]:
        """The reference's payload, and what the engine's answer differs in, if anything."""
        if command.startswith("apply ") and recorder.apply(command.removeprefix("apply ")):
            ours = "="  # played in the reference by its recorder
        else:
            ours = reference.answer(command)
        theirs = unsupported(watched.ask(command))
        if ours.startswith("?") or theirs.startswith("?"):
            same = theirs.split()[:3] == ours.split()[:3]
            return ours, None if same else f"expected {quote(ours)}, got {quote(theirs)}"
        return ours[2:], _differ(command, ours[2:], theirs[2:])

    def sent_to_both(command: str) -> str:
        """*command* sent, as a line of the transcript; the reference's answer."""
        sent.append(command)
        ours, problem = both(command)
        if problem:
            raise _Found(f"{command}: {problem}")
        return ours

    def chosen(query: str) -> str:
        """A chance outcome picked from the reference's answer, compared with the engine's."""
        ours, problem = both(query)
        if problem:
            raise _Found(f"{query} after step {len(moves)}: {problem}")
        outcomes = list(chance_pairs(ours))
        return outcomes[next(pick) % len(outcomes)]

    try:
        if problem := both(new)[1]:
            return differ(f"new: {problem}")
        queries = ("legal", "state", "result") + (("chance",) if game != "cuckoo-dice" else ())
        while limit is None or len(moves) <= limit:
            for query in queries:
                if problem := both(query)[1]:
                    return differ(f"{query} after step {len(moves)}: {problem}")
            legal = reference.answer("legal")[2:].split()
            if not legal:
                break
            move = apply_argument(game, legal[next(pick) % len(legal)], chosen)
            number = next(pick)
            if number % (8 * DETOURS) == RECORDS:
                _records(recorder, next(pick), sent_to_both, watched, sent)
            wrong = _detour(number, game, move, moves, reference, pick)
            if wrong is not None:
                taken = not sent_to_both(wrong).startswith("?")
                if taken and wrong.startswith("apply "):
                    moves.append(wrong.removeprefix("apply "))
                    continue  # an earlier move that is legal again: played
            moves.append(move)
            sent_to_both(f"apply {move}")
        _records(recorder, next(pick), sent_to_both, watched, sent)
    except _Found as found:
        return differ(str(found))
    except EngineFailure as error:
        return differ(str(error))
    return None


DETOURS: Final = 16
"""One step in this many, as a game's numbers pick, first sends a move partly wrong; one
more an earlier move again (illegal where it was legal); one more a command at an odd
point (:data:`ODD`); one more the game so far as records (:data:`RECORDS`)."""

RECORDS: Final = 3
"""The detour that sends records (:func:`_records`): one step in ``8 * DETOURS`` (a
record of a long match is read whole each time: the costliest detour)."""

ODD: Final = {
    "cuckoo-dice": ("chance", "perft 0", "perft 1", "protocol", "new cuckoo Blue 1 2"),
    "cuckoo-cards": ("chance cut", "perft 0", "perft 1", "protocol", "new cuckoo-cards Ann Ann"),
    "zum-kuckuck": ("chance", "perft 0", "perft 1", "protocol", "new zum-kuckuck Ann Ben"),
}
"""Commands sent at random points of a game, whose answers the protocol fixes everywhere:
a refused ``new`` among them, after which the game must still be the current one."""


def _detour(
    number: int, game: str, move: str, moves: list[str], reference: Session, pick: Iterator[int]
) -> str | None:
    """The wrong command *number* picks before *move* is played, or None: the move partly
    wrong (:func:`partly_wrong`), an earlier move again, or an odd command."""
    kind = number % DETOURS
    if kind == 0:
        wrong = partly_wrong(game, move, reference)
        return f"apply {wrong}" if wrong else None
    if kind == 1 and moves:
        return f"apply {moves[next(pick) % len(moves)]}"
    if kind == 2:
        return ODD[game][next(pick) % len(ODD[game])]
    return None


def partly_wrong(game: str, move: str, reference: Session) -> str | None:
    """*move* with a later part wrong, where it has parts: a card dealt twice in one
    ``deal``, an infection's re-roll with a die too many, a basic round's group with the
    last player's card one that player does not hold.  A refusal of it must keep none of
    its earlier parts."""
    if game == "cuckoo-dice":
        return move.replace(")", ",6)") if "(" in move else None
    if game == "cuckoo-cards":
        return f"{move} {move.split()[1]}" if move.startswith("deal ") else None
    words = move.split(":")
    if words[0] == "deal":
        return f"deal {words[1]} {words[2]} {words[2]}"
    group = _group(reference)
    return f"({' '.join(group)})" if group else None


def _group(reference: Session) -> list[str] | None:
    """A basic round's cards chosen together, the last one not held: the first card each
    player still to choose may play, in seating order, the last player's card one the
    first player holds; None unless two or more choose."""
    position = json.loads(reference.answer("state")[2:])
    if position.get("variant") != "basic" or position.get("step") != "play":
        return None
    firsts: dict[str, str] = {}
    for word in sorted(reference.answer("legal")[2:].split()):
        name, card = word.split(":")
        firsts.setdefault(name, card)
    names = [n for n in position["players"] if n in firsts]
    if len(names) < 2:
        return None
    other = position["hands"][position["players"].index(names[0])][-1]  # not the last's
    return [*(f"{n} {firsts[n]}" for n in names[:-1]), f"{names[-1]} {other}"]


def _records(
    game: Recorder,
    number: int,
    send: Callable[[str], str],
    engine: Watched,
    sent: list[str],
) -> None:
    """The game so far (as the reference's *game* played it) sent whole
    (:data:`.invariants.WHOLE_EQUALS_MOVES`) and its format sent back
    (:data:`.invariants.FORMAT_ROUND_TRIP`); then the record of the first moves *number*
    picks sent whole, and broken in one token (:func:`.records.broken`), and the game so
    far as one player saw it (:meth:`.records.Recorder.seen`), to both engines, their
    answers, states and legal moves compared; then the game so far again, to go on from.
    Nothing where the game so far has no record (a Zum Kuckuck! deal under way), or the
    engine cannot express one.
    Each line goes into the transcript *sent*."""
    text = game.written() if game.can_stop() else None
    if text is None:
        return
    sent.append(f"record {text}")
    if not whole_equals_moves(engine, text):  # an engine without records
        sent.pop()
        return
    sent.append(f"format {text}")
    format_round_trip(engine, text)
    rng = Random(number)
    part = game.written(rng.randrange(len(game.lines) + 1)) or text
    send(f"record {part}")
    wrong, _ = broken(part, rng)
    if not send(f"record {wrong}").startswith("?"):
        send("state")
    seen = game.seen(rng.randrange(5))  # as one player saw it (a seat past the last: none)
    if seen is not None and send(f"record {seen}") == "=":
        send("state")
        send("legal")
    send(f"record {text}")


class _Found(Exception):
    """A difference found inside a chance query, carried out to :func:`play`."""


def _differ(command: str, ours: str, theirs: str) -> str | None:
    """What differs between two payloads of *command*, read as that command's answer."""
    name = command.split()[0]
    if name == "state":
        return compare(parse_json(ours, "the state"), parse_json(theirs, "the state"))
    if name == "legal":
        return compare(sorted(ours.split()), sorted(theirs.split()))
    if name == "chance":
        return compare(chance_pairs(ours), chance_pairs(theirs))
    return compare(ours, theirs)


def _picks(choices: list[int]) -> Iterator[int]:
    yield from choices
    while True:
        yield 0


SHRINK_TIMEOUTS: Final = 3
"""Timeouts after which shrinking gives up on an engine and shows the game found."""


class _GiveUp(Exception):
    """The engine times out too often to be worth shrinking against."""


def _shrink(engine: Engine, found: Disagreement, choices: list[int]) -> Disagreement:
    """The shortest game (hypothesis shrinking over the choices) that still shows a
    difference; the game found at first if hypothesis finds none shorter."""
    try:
        from hypothesis import HealthCheck, find, settings
        from hypothesis import strategies as st
        from hypothesis.errors import Flaky, NoSuchExample
    except ImportError:  # shrinking is a luxury: the game found still shows the problem
        return found
    limit, timeouts = len(found.moves), engine.timeouts
    stopped: list[BaseException] = []

    def fails(candidate: list[int]) -> bool:
        """Whether *candidate* shows a difference.  An interrupt is kept for after the
        search (hypothesis would take it for a failure of the example and go on)."""
        if engine.timeouts - timeouts >= SHRINK_TIMEOUTS:
            raise _GiveUp
        if stopped:
            return False
        try:
            return play(engine, found.new, candidate, limit) is not None
        except Unsupported:  # a game the engine cannot express shows nothing
            return False
        except (KeyboardInterrupt, SystemExit) as stop:
            stopped.append(stop)
            return False

    try:
        smallest = find(
            st.lists(st.integers(0, 255), max_size=min(len(choices), limit + 1)),
            fails,
            settings=settings(
                max_examples=60,
                database=None,
                deadline=None,
                suppress_health_check=list(HealthCheck),
            ),
        )
    except (NoSuchExample, _GiveUp, Flaky):  # Flaky: an engine that answers a game
        return found  # differently when it is played again, or gave up on in the replay
    finally:
        if stopped:
            raise stopped[0]
    shrunk = play(engine, found.new, smallest, limit)
    return shrunk if shrunk and len(shrunk.moves) <= len(found.moves) else found


def _one(
    command: str, timeout: float, game: str, seed: int, number: int
) -> tuple[str, dict[str, Any] | None]:
    """Game *number* of the run: its game, and where the engine first differs from the
    reference, with the commands of the shortest game that shows it (or, for a game the
    engine answers ``? unsupported`` in, the reason it gives: a skip)."""
    engine = _engine(command, timeout)
    rng = Random(f"{seed}:{number}")
    new = draw_game(game, rng)
    choices = [rng.randrange(256) for _ in range(CHOICES)]
    try:
        found = play(engine, new, choices)
    except Unsupported as why:
        return game, {"number": number, "game": game, "skip": cut(str(why))}
    if found is None:
        return game, None
    smallest = _shrink(engine, found, choices)
    return game, {
        "number": number,
        "game": game,
        "problem": found.what,
        "shortest": smallest.what,
        "commands": smallest.transcript().split("\n"),
    }


def shown_game(found: dict[str, Any]) -> str:
    """A disagreement as the run prints it: the game, what differed, and the commands of
    the shortest game that shows it, one a line, to paste into the engine."""
    lines = [
        f"game {found['number']} ({found['game']}): {found['problem']}",
        f"shortest game that shows it ({len(found['commands']) - 1} steps): {found['shortest']}",
        *found["commands"],
    ]
    return "\n".join(map(terminal, lines))


_ENGINES: dict[tuple[str, float], Engine] = {}


def _engine(command: str, timeout: float) -> Engine:
    """One engine per process, started once and reused by every game it plays."""
    key = (command, timeout)
    if key not in _ENGINES:
        _ENGINES[key] = Engine(command, timeout)
        when_stopped(_ENGINES[key].close)  # in a worker, however it ends
    return _ENGINES[key]


def _close_engines() -> None:
    for engine in _ENGINES.values():
        engine.close()
    _ENGINES.clear()


def differential(
    command: str,
    games: int,
    seed: int,
    names: tuple[str, ...],
    jobs: int = 1,
    timeout: float = 10.0,
    log: Callable[[str], None] = print,
    partial: bool = False,
) -> Report:
    """Play *games* random games, taking the games *names* in turn, against the reference;
    each disagreement is shrunk and shown.  Ends ``N passed, N failed``.  Games are drawn
    only as they are due, so a run of any length starts at once in bounded memory.  A game
    the engine cannot express makes the run no pass unless *partial*."""
    report, progress = Report(partial=partial), Progress("game", games)
    work = ((command, timeout, names[n % len(names)], seed, n) for n in range(1, games + 1))
    # A worker stops its engine as SIGTERM ends it: it is given the time that takes.
    workers = Workers(jobs, grace=3 * GRACE + 1) if jobs > 1 else None
    try:
        with workers or nullcontext():
            outcomes = workers.map(_one, work) if workers else (_one(*w) for w in work)
            for game, found in outcomes:
                if found is None:
                    report.passed[game] += 1
                elif "skip" in found:
                    report.outcomes.append(
                        {"outcome": "skip", "game": game, "reason": found["skip"]}
                    )
                else:
                    report.failed[game] += 1
                    report.failures.append(shown_game(found))
                    report.disagreements.append(found)
                progress.advance()
    finally:
        progress.close()
        _close_engines()
    for problem in report.failures:
        log(problem)
    for game in sorted(report.passed.keys() | report.failed.keys()):
        log(f"{game:<28}{report.passed[game]:>4} passed, {report.failed[game]} failed")
    log(report.summary())
    return report
