"""What must hold at every step, whatever a case asks: the kit's invariants.

A case checks one answer; an invariant holds after every command of every case and every
random game, as hypothesis's stateful tests check an ``@invariant`` after every rule.  The
runner checks

- :data:`REFUSED` around every exchange, by construction: every command goes to the engine
  through :class:`Watched`, which looks at ``state`` and ``legal`` before a command that may
  change the game and again after a ``?`` answer (``? unsupported`` too), and checks it
  again one move later: the move after a refusal reaches what it reaches without it;
- :data:`FORMAT_ROUND_TRIP`, :data:`WHOLE_EQUALS_MOVES`, :data:`PERFT_ZERO` and
  :data:`PERFT_SUM` after a case that passed (:func:`after_case`) and after a random game.

A broken invariant is an :class:`~cuckoo.conformance.engine.EngineFailure` whose message
starts ``invariant NAME:``, so it fails the case or the game at hand with its own line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, Protocol

from ..engine import UNSUPPORTED, EngineFailure, chance_pairs, parse_json, quote
from .records import one_line, written
from .verdicts import compare

REFUSED: Final = "refused-changes-nothing"
FORMAT_ROUND_TRIP: Final = "format-round-trip"
WHOLE_EQUALS_MOVES: Final = "record-whole-equals-moves"
PERFT_ZERO: Final = "perft-zero-is-one"
PERFT_SUM: Final = "perft-sums-its-moves"

INVARIANTS: Final = {
    REFUSED: "after a ? answer (? unsupported too), state and legal answer as before the "
    "command (the same refusal where there was no game): a refused new, apply or record "
    "keeps none of its parts, and the earlier game (or no game) is still current; and the "
    "move after it reaches the point it reaches where the refused command was never sent",
    FORMAT_ROUND_TRIP: "the format of a record, sent back with record, reaches the same state "
    "and legal moves",
    WHOLE_EQUALS_MOVES: "a record sent whole reaches the state and legal moves its moves "
    "reach sent one by one",
    PERFT_ZERO: "perft 0 answers 1",
    PERFT_SUM: "perft N is the sum of perft N-1 over the moves legal lists (each chance "
    "outcome of a move that needs one a branch of its own)",
}
"""Each invariant the runner checks, by the name its failures carry."""

CHANGING: Final = frozenset({"new", "apply", "record"})
"""The commands that may change the game: before each, what it would change is looked at."""

LOOKS: Final = ("state", "legal")
"""What is looked at: enough to see any change a command could make."""

MAX_REPLAYS: Final = 60
"""The most moves :data:`PERFT_SUM` plays (each after replaying the case) to check a depth
of 2: a point with more is checked at depth 1 only."""


class Broken(EngineFailure):
    """An invariant the engine broke: it fails the case or game at hand."""

    def __init__(self, invariant: str, what: str) -> None:
        assert invariant in INVARIANTS, invariant
        super().__init__(f"invariant {invariant}: {what}")
        self.invariant = invariant


class Asks(Protocol):
    """Anything that answers a command line."""

    def ask(self, line: str) -> str: ...


def _seen(command: str, answer: str) -> object:
    """An answer to ``state`` or ``legal`` as it is compared: the position as JSON (its text
    if it is not JSON: that engine fails where the case reads it), the moves as a sorted
    list, and a refusal by its kind and rule."""
    if not (answer == "=" or answer.startswith("= ")):
        return answer.split()[:3]
    if command == "legal":
        return sorted(answer[2:].split())
    try:
        return parse_json(answer[2:], "the state")
    except EngineFailure:
        return answer


def apply_argument(game: str, move: str, ask: Callable[[str], str]) -> str:
    """The ``apply`` argument for a word of the ``legal`` answer: a dice infection gets a
    re-roll, the dealer's cut the card it reveals, a card at a deal its ``deal``; *ask*
    answers the chance query that picks the outcome."""
    if game == "cuckoo-dice":
        return move + ask(f"chance {move}") if "x" in move else move
    if game == "cuckoo-cards":
        if move == "cut":
            return "cut " + ask("chance cut")
        return move if move in ("keep", "swap") else "deal " + move
    return move


_GAME_TAG: Final = re.compile(r'\[\s*Game\s+"([^"]*)"', re.IGNORECASE)


def game_of(line: str) -> str | None:
    """The game a ``new`` or ``record`` line starts (a ruleset of the dice game is the dice
    game), or None where it names none the kit knows."""
    words = line.split()
    if words[:1] == ["new"] and len(words) > 1:
        return words[1] if words[1] in ("cuckoo-cards", "zum-kuckuck") else "cuckoo-dice"
    tag = _GAME_TAG.search(line)
    known = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")
    return tag.group(1) if tag and tag.group(1) in known else None


class Watched:
    """An engine every exchange with which is checked for :data:`REFUSED`.

    Before a command that may change the game, ``state`` and ``legal`` are asked unless
    already known (an answer to either, asked by a case or a random game, is kept until a
    command changes the game); after any ``?`` answer (``? unsupported`` too: a command the
    engine cannot express changes nothing either) they are asked again, when known before,
    and must answer the same.

    A refusal is checked once more one move later, since an engine may answer ``state`` as
    before and yet keep part of the refused move for later: the next move accepted (the
    case's or the random game's, else :meth:`settle`'s) must reach the point the same move
    reaches where the refusal never happened, which the engine itself shows when the
    accepted commands of the game (from its ``new`` or ``record``) and that move are sent
    again.  So every refusal a case or a random game meets is checked, whatever command or
    kind of case it comes from.
    """

    def __init__(self, engine: Asks) -> None:
        self.engine = engine
        self._known: dict[str, object] = {}
        self._path: list[str] | None = None
        """The accepted commands that reach the current point, from its ``new`` or
        ``record``: None while they are not known (no game seen started)."""
        self._refused: tuple[str, str] | None = None
        """A refused command, and its answer, no move has been accepted after yet."""

    def forget(self) -> None:
        """The engine was started again: nothing is known of it."""
        self._known.clear()
        self._path, self._refused = None, None

    def ask(self, line: str) -> str:
        words = line.split()
        name = words[0] if words else ""
        if name in CHANGING:
            self._look()
        before = dict(self._known)
        answer = self.engine.ask(line)
        if words in ([look] for look in LOOKS):
            self._known[name] = _seen(name, answer)
        elif answer.startswith("?"):
            if name in CHANGING and self._path is not None:
                self._refused = self._refused or (line, answer)
            if len(before) == len(LOOKS):
                self._known.clear()
                self._compare(line, answer, before, self._look())
        elif name in CHANGING:
            self._known.clear()
            if name != "apply":
                self._path, self._refused = [line], None
            elif self._path is not None:
                self._path.append(line)
                if self._refused is not None:
                    self._later(line, *self._refused)
        return answer

    def _look(self) -> dict[str, object]:
        for look in LOOKS:
            if look not in self._known:
                self._known[look] = _seen(look, self.engine.ask(look))
        return dict(self._known)

    def _later(self, move: str, refused: str, answer: str) -> None:
        """The move *move* was accepted after *refused* was answered *answer*: the point it
        reached is the one the game's accepted commands and *move*, sent again, reach."""
        self._refused = None
        reached = self._look()
        assert self._path is not None
        for line in self._path:
            if (again := self.engine.ask(line)).startswith("?"):
                raise Broken(
                    REFUSED,
                    f"after {quote(refused)} answered {quote(answer)} and {quote(move)} was "
                    f"accepted, the game's commands sent again from its start (without the "
                    f"refusal) were refused at {quote(line)}: {quote(again)}",
                )
        self._known.clear()
        without = self._look()
        for look in LOOKS:
            if without[look] != reached[look]:
                raise Broken(
                    REFUSED,
                    f"after {quote(refused)} answered {quote(answer)}, the next move "
                    f"{quote(move)} reached another point than it reaches without the "
                    f"refusal: {look} {compare(without[look], reached[look])} (without the "
                    "refusal, and after it)",
                )

    def settle(self) -> None:
        """A refusal no move has followed yet (a case that ends on one) checked one move
        later all the same: the first move ``legal`` lists is played (its first chance
        outcome where it needs one), then the game's commands sent again, so that the
        engine is left where it was.  Nothing is played where no game is known, or none is
        left, or the engine cannot say its moves or their chances."""
        path = list(self._path) if self._path and self._refused else []
        game = game_of(path[0]) if path else None
        if game is None:
            self._refused = None
            return
        try:
            moves = _payload(self, "legal").split()
            if moves:
                first = apply_argument(
                    game, moves[0], lambda q: next(iter(chance_pairs(_payload(self, q))))
                )
                refused = self._refused
                if self.ask(f"apply {first}").startswith("="):
                    _replay(self.engine, path)
                    self._path, self._known = path, {}
                elif refused is not None:
                    self._listed_yet_refused(path, f"apply {first}", *refused)
        except Broken:
            raise
        except (EngineFailure, StopIteration):
            pass  # an engine that cannot list its moves fails where a case asks them
        self._refused = None

    def _listed_yet_refused(self, path: list[str], move: str, refused: str, answer: str) -> None:
        """*move*, which ``legal`` listed, was refused after *refused* was answered
        *answer*: if the game's commands sent again without the refusal take it, the
        refusal left something behind."""
        _replay(self.engine, path)
        self._known.clear()
        if (taken := self.engine.ask(move)).startswith("="):
            raise Broken(
                REFUSED,
                f"after {quote(refused)} answered {quote(answer)}, {quote(move)} (the first "
                f"move legal listed) was refused; without the refusal it is taken: {quote(taken)}",
            )

    @staticmethod
    def _compare(
        line: str, answer: str, before: dict[str, object], after: dict[str, object]
    ) -> None:
        for look in LOOKS:
            if before[look] != after[look]:
                raise Broken(
                    REFUSED,
                    f"after {quote(line)} answered {quote(answer)}, {look} "
                    f"{compare(before[look], after[look])} (before the command, and after)",
                )


def _point(engine: Asks) -> dict[str, object]:
    """Where the engine is, as a round trip compares it: ``state`` and ``legal``."""
    return {look: _seen(look, engine.ask(look)) for look in LOOKS}


def whole_equals_moves(engine: Asks, text: str) -> bool:
    """After a game's moves were sent one by one: its record *text* (the reference's:
    :func:`.records.written`), sent whole, reaches the same point
    (:data:`WHOLE_EQUALS_MOVES`).  False if the engine cannot express records (``?
    unsupported``): nothing is checked."""
    return _same_point(engine, WHOLE_EQUALS_MOVES, _point(engine), text, "the moves' record")


def format_round_trip(engine: Asks, text: str) -> None:
    """With the record *text* current: its ``format``, sent back with ``record``, reaches
    the same state (:data:`FORMAT_ROUND_TRIP`)."""
    before = _point(engine)
    answer = engine.ask(f"format {text}")
    if answer.startswith(UNSUPPORTED):  # an engine without records: nothing to check
        return
    if not answer.startswith("= "):
        raise Broken(FORMAT_ROUND_TRIP, f"format of a record taken was {quote(answer)}")
    canonical = parse_json(answer[2:], "the format answer")
    if not isinstance(canonical, str):
        raise Broken(FORMAT_ROUND_TRIP, f"format answered {quote(canonical)}, not a string")
    _same_point(engine, FORMAT_ROUND_TRIP, before, one_line(canonical), "the record's format")


def _same_point(
    engine: Asks, invariant: str, before: dict[str, object], text: str, what: str
) -> bool:
    """The record *text* (*what* it is), sent with ``record``, is taken and reaches the
    point *before*; else *invariant* is broken.  False if the engine cannot express it."""
    answer = engine.ask(f"record {text}")
    if answer.startswith(UNSUPPORTED):
        return False
    if answer != "=":
        raise Broken(invariant, f"{what} was refused: {quote(answer)}")
    if problem := compare(before, _point(engine)):
        raise Broken(invariant, f"before, and after {what} was sent: {problem}")
    return True


def perft_sums(engine: Asks, game: str, replay: list[str], depth: int) -> None:
    """At the point *replay* (the command lines that reach it) leads to, where ``perft``
    was asked to *depth*: ``perft 0`` is 1 (:data:`PERFT_ZERO`), and ``perft 1`` (and
    ``perft 2``, when *depth* is 2 or more and the point has at most
    :data:`MAX_REPLAYS` moves) is the sum over the moves ``legal`` lists
    (:data:`PERFT_SUM`).  The engine is left at that point."""
    if (zero := engine.ask("perft 0")).startswith(UNSUPPORTED):
        return  # an engine need not count positions
    if zero != "= 1":
        raise Broken(PERFT_ZERO, f"perft 0 answered {quote(zero)}")
    branches = _branches(engine, game)
    played = sum(len(moves) for word, moves in branches.items() if word != _CUT)
    for d in (1, 2) if depth >= 2 and played <= MAX_REPLAYS else (1,):
        total = 0
        for word, moves in branches.items():
            if d == 1 or word == _CUT:  # a cut: one branch, then one per card it turns up
                total += 1 if d == 1 and word == _CUT else len(moves)
                continue
            for move in moves:
                _replay(engine, [*replay, f"apply {move}"])
                total += _perft(engine, 1)
            _replay(engine, replay)
        if (asked := _perft(engine, d)) != total:
            raise Broken(
                PERFT_SUM,
                f"perft {d} answered {asked}, the moves legal lists sum to {total}",
            )


_CUT: Final = "cut "
"""The key of a card game's cut among the branches: its list holds a card for each card
the cut may turn up (ply 2), never sent."""


def _branches(engine: Asks, game: str) -> dict[str, list[str]]:
    """Each word ``legal`` answers, with the ``apply`` arguments of its branches: an
    infection's each re-roll, a card dealt as ``deal CARD``, a card game's cut under
    :data:`_CUT` with the cards it may turn up."""
    branches = {}
    for word in _payload(engine, "legal").split():
        if game == "cuckoo-dice" and "x" in word:
            branches[word] = [word + o for o in chance_pairs(_payload(engine, f"chance {word}"))]
        elif game == "cuckoo-cards" and word == "cut":
            branches[_CUT] = list(chance_pairs(_payload(engine, "chance cut")))
        elif game == "cuckoo-cards" and word not in ("keep", "swap", "show"):
            branches[word] = [f"deal {word}"]
        else:
            branches[word] = [word]
    return branches


def _replay(engine: Asks, lines: list[str]) -> None:
    for line in lines:
        engine.ask(line)


def _payload(engine: Asks, command: str) -> str:
    answer = engine.ask(command)
    if not (answer == "=" or answer.startswith("= ")):
        raise EngineFailure(f"{quote(command)} failed: {quote(answer)}")
    return answer[2:]


def _perft(engine: Asks, depth: int) -> int:
    text = _payload(engine, f"perft {depth}")
    if not text.isdigit():
        raise EngineFailure(f"perft {depth} answered {quote(text)}, not a number")
    return int(text)


def after_case(engine: Asks, case: dict[str, Any], replay: list[str]) -> None:
    """The invariants a case that passed is checked for, at the point its commands
    (*replay*) reach: the round trips where it carries a record or moves, and the sums of
    ``perft`` where it asks ``perft``."""
    expect = case["expect"]
    if "error" in expect or "format" in expect or "answer" in expect:
        return
    if "perft" in expect and case.get("game"):
        perft_sums(engine, case["game"], replay, len(expect["perft"]))
    elif "record" in case:
        format_round_trip(engine, case["record"])
    elif "setup" in case:
        from ..suites.build import new_command

        text = written(new_command(case["setup"]), list(case["moves"]))
        if text is not None:  # a game stopped where its record cannot (in a Zum Kuckuck! deal)
            whole_equals_moves(engine, text)
            format_round_trip(engine, text)
