"""The OpenSpiel binding as a protocol engine: ``python -m cuckoo.conformance.run.openspiel``.

It answers the protocol by playing every move through the OpenSpiel game types of
:mod:`cuckoo.openspiel` (``pyspiel.load_game``): a move is found among the state's legal
actions, or its chance outcomes, by the action's string, and applied as that action;
``legal`` and ``chance`` are read from ``legal_actions`` and ``chance_outcomes``, ``result``
from ``is_terminal`` and ``returns``.  ``state`` shows the engine state the OpenSpiel state
wraps, since OpenSpiel has no position format of its own; the players take the case's
names there (the OpenSpiel games call them P0, P1 ...).

What the game types cannot express is answered ``? unsupported - WHY``, which the runner
reports as a skip with that reason, never a pass: a record or its canonical form, a count
of positions, a parameter the game type does not take, a card nobody saw.  So is a move
that OpenSpiel refuses when the reference refuses it too (OpenSpiel says only that an
action is not legal, never which rule forbids it); the reference, a
:class:`~cuckoo.conformance.protocol.Session` fed the same commands, is asked only that.
A move OpenSpiel refuses while the reference takes it is an ``? illegal`` answer: a failure.

Needs the ``openspiel`` extra (``pip install '.[openspiel]'``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ... import cards, dice, kuckuck
from ...cards import views as cards_views
from ...cards.deck import UNSEEN
from ...dice import views as dice_views
from ...errors import CuckooError
from ...kuckuck import views as kuckuck_views
from ...kuckuck.notation import move_text
from ..protocol import CardGame, DiceGame, KuckuckGame, ProtocolError, Session, read_params, serve

__all__ = ["OpenSpielSession", "Unsupported", "main"]


class Unsupported(CuckooError):
    """What the OpenSpiel game types cannot express: the runner skips the case."""

    kind = "unsupported"


class Refused(CuckooError):
    """A move or game the OpenSpiel state does not take though the reference does, or an
    error of the binding itself: a failure."""

    kind = "illegal"


def _odds(p: float) -> str:
    """An OpenSpiel probability (a float) as the protocol's exact fraction."""
    exact = Fraction(p).limit_denominator(1 << 20)
    return f"{exact.numerator}/{exact.denominator}"


def _differ(rules: Callable[..., object], params: dict[str, object]) -> bool:
    """Whether *params* change *rules* from its defaults (so the OpenSpiel game, which
    does not take them, cannot play the case); unreadable ones do too."""
    try:
        return bool(params) and rules(**params) != rules()
    except (CuckooError, TypeError):
        return True


class _Spiel:
    """An OpenSpiel state, the moves of the protocol applied to it as actions."""

    view: Callable[[Any], dict[str, Any]]
    read: Callable[[Any, str], list[Any]]
    """The moves a text writes in an engine state."""
    actions: Callable[[Any], list[str]]
    """The strings of the actions and chance outcomes that make one move."""

    def ended(self, returns: list[float]) -> str:
        """The result of a game over, from its returns."""
        raise NotImplementedError

    def __init__(self, state: Any, session: OpenSpielSession) -> None:
        self.os = state
        self.session = session
        """Where pyspiel and the reference's last answer are kept."""

    @property
    def chance_player(self) -> int:
        return int(self.session.pyspiel.PlayerId.CHANCE)

    def step(self, text: str, player: int | None = None, state: Any = None) -> None:
        """Apply to *state* (the game's by default) the action whose string is *text*: a
        chance outcome, or one of the legal actions of *player* (the one to move)."""
        state = self.os if state is None else state
        if state.is_chance_node():
            who, actions = self.chance_player, [a for a, _ in state.chance_outcomes()]
        else:
            who = state.current_player() if player is None else player
            actions = state.legal_actions(who)
        for action in actions:
            if state.action_to_string(who, action) == text:
                state.apply_action(action)
                return
        self.refuse(f"{text!r} is not among the OpenSpiel state's legal actions")

    def refuse(self, why: str) -> None:
        """A move OpenSpiel does not take: a skip if the reference refused it too."""
        if self.session.reference_refused:
            raise Unsupported(f"OpenSpiel refuses it too, but names no rule: {why}")
        raise Refused(why)

    def legal(self) -> list[str]:
        """The strings of the chance outcomes, or of the legal actions of the player to
        move."""
        state = self.os
        if state.is_chance_node():
            return [
                state.action_to_string(self.chance_player, a) for a, _ in state.chance_outcomes()
            ]
        player = state.current_player()
        return [state.action_to_string(player, a) for a in state.legal_actions(player)]

    def outcomes(self, state: Any) -> str:
        """The chance outcomes of *state*, as the ``chance`` answer lists them."""
        return " ".join(
            f"{state.action_to_string(self.chance_player, a).replace(' ', ':')}={_odds(p)}"
            for a, p in state.chance_outcomes()
        )

    def apply(self, text: str) -> None:
        """The moves *text* writes (read as the reference reads them), each as its
        actions."""
        for move in self.read(self.os.state, text):
            for action in self.actions(move):
                self.step(action)

    def result(self) -> str:
        return self.ended(self.os.returns()) if self.os.is_terminal() else "*"

    def position(self) -> dict[str, Any]:
        """The engine state the OpenSpiel state wraps, as the game's view shows it."""
        return self.view(self.os.state)

    def perft(self, depth: int, spend: Callable[[int], None]) -> int:
        raise Unsupported(
            "perft counts the engine's plies, which OpenSpiel's chance nodes and "
            "simultaneous moves divide differently"
        )


class SpielDice(_Spiel):
    """The dice pyramid, ``python_cuckoo_dice``: the opening roll and who moves first
    are chance actions, an infection is an action and its re-roll a chance outcome."""

    view = staticmethod(dice_views.position)

    @classmethod
    def new(cls, args: list[str], session: OpenSpielSession) -> SpielDice:
        name, first, blue, red, *params = args
        if params and _differ(lambda **p: dice.ruleset(name, **p), read_params(params)):
            raise Unsupported("the OpenSpiel game takes the ruleset only, no other parameter")
        game = session.pyspiel.load_game("python_cuckoo_dice", {"ruleset": name})
        self = cls(game.new_initial_state(), session)
        for roll in (blue, red):
            if len(roll) != dice.state.DICE_PER_PLAYER:
                raise Unsupported(f"the OpenSpiel game rolls {dice.state.DICE_PER_PLAYER} dice")
            for digit in roll:
                self.step(f"roll {digit}")
        self.step(f"first {first}")
        return self

    read = staticmethod(DiceGame.read)

    @staticmethod
    def actions(move: Any) -> list[str]:
        """An infection with its re-roll is two actions: the infection, then the chance
        outcome of the re-roll."""
        if isinstance(move, dice.Infect) and move.rolls is not None:
            return [str(replace(move, rolls=None)), str(move.rolls)]
        return [str(move)]

    def ended(self, returns: list[float]) -> str:
        """The result token from the returns; the reason, which OpenSpiel has no word
        for, from the engine state."""
        token: dict[tuple[float, ...], str] = {(1.0, -1.0): "1-0", (-1.0, 1.0): "0-1"}
        token[0.0, 0.0] = "1-1"
        outcome = dice.result(self.os.state)
        reason = f" {outcome.reason}" if outcome else ""
        return token.get(tuple(returns), "?") + reason

    def chance(self, text: str) -> str:
        """The re-roll's outcomes after the infection *text*, made in a copy; as in the
        reference, nothing is due without one (an infection the reference refuses, at
        the end say, is a skip: OpenSpiel names no rule)."""
        if not text.strip():
            raise ProtocolError("chance takes an infection without its re-roll, such as 2+3x5")
        self.session._fed(f"chance {text}")
        state = self.os.clone()
        self.step(text.strip(), state=state)
        return self.outcomes(state)


class SpielCards(_Spiel):
    """The card game, ``python_cuckoo_cards`` (parameters ``players`` and ``lives``): a
    dealt card and the card a cut turns up are chance outcomes."""

    view = staticmethod(cards_views.position)

    @classmethod
    def new(cls, args: list[str], session: OpenSpielSession) -> SpielCards:
        names = [a for a in args if "=" not in a]
        params = read_params([a for a in args if "=" in a])
        dealer, *players = names
        lives = {"lives": params.pop("lives")} if "lives" in params else {}
        if _differ(lambda **p: cards.rules(**lives, **p), params):
            raise Unsupported("the OpenSpiel game takes the players and lives only")
        if players[:1] != [dealer]:
            raise Unsupported("the OpenSpiel game seats the first dealer first")
        game = session.pyspiel.load_game("python_cuckoo_cards", {"players": len(players), **lives})
        cards.new_game(None, cards.Setup(tuple(players), 0))  # the names are the protocol's
        self = cls(game.new_initial_state(), session)
        self.os.state = replace(self.os.state, players=tuple(players))  # its own start, named
        return self

    read = staticmethod(CardGame.read)

    @staticmethod
    def actions(move: Any) -> list[str]:
        """A cut with its card is two actions: the cut, then the card as a chance outcome."""
        if isinstance(move, cards.Deal) and move.card == UNSEEN:
            raise Unsupported("OpenSpiel deals every card seen: no ?")
        if isinstance(move, cards.Show):
            raise Unsupported("OpenSpiel shows the cards itself: no show-down to write")
        if isinstance(move, cards.Cut) and move.card is not None:
            return [str(cards.CUT), str(move.card)]
        return [str(move)]

    def ended(self, returns: list[float]) -> str:
        won = [seat for seat, r in enumerate(returns) if r > 0]
        return " ".join(self.os.state.players[seat] for seat in won)

    def chance(self, text: str) -> str:
        if text.strip().lower() not in ("", "cut"):
            raise ProtocolError("chance takes nothing, or cut, in cuckoo-cards")
        state = self.os.clone()
        if text.strip():
            self.step(str(cards.CUT), state=state)
        return self.outcomes(state)


class SpielKuckuck(_Spiel):
    """Zum Kuckuck!, ``python_zum_kuckuck`` (the basic version: every player still in
    chooses a card at one simultaneous node) or ``python_zum_kuckuck_tactical``."""

    view = staticmethod(kuckuck_views.position)

    def __init__(self, state: Any, session: OpenSpielSession) -> None:
        super().__init__(state, session)
        self.chosen: dict[int, int] = {}
        """A simultaneous round's cards chosen so far, by seat: applied when all are in."""

    @classmethod
    def new(cls, args: list[str], session: OpenSpielSession) -> SpielKuckuck:
        names = tuple(a for a in args if "=" not in a)
        params = read_params([a for a in args if "=" in a])
        variant = params.pop("variant", "basic")
        if _differ(lambda **p: kuckuck.rules(variant=variant, **p), params):
            raise Unsupported("the OpenSpiel games take the number of players only")
        name = "python_zum_kuckuck" + ("_tactical" if variant == "tactical" else "")
        if variant not in ("basic", "tactical"):
            raise Unsupported(f"OpenSpiel has no game for this variant: {variant!r}")
        game = session.pyspiel.load_game(name, {"players": len(names)})
        kuckuck.new_game(None, kuckuck.Setup(names))  # the names are the protocol's: checked
        self = cls(game.new_initial_state(), session)
        self.os.state = replace(self.os.state, players=names)  # its own start, named
        return self

    def apply(self, text: str) -> None:
        self.whole("apply")
        for move in KuckuckGame.read(self.os.state, text):
            if not isinstance(move, kuckuck.Play):
                self.step(move_text(self.os.state, move))
            elif self.os.is_simultaneous_node():
                self.choose(move)
            else:
                self.step(str(move.number), move.seat)

    def choose(self, play: kuckuck.Play) -> None:
        """One player's card at a simultaneous node; the node is left when all are in."""
        legal = self.os.legal_actions(play.seat)
        if play.number - 1 not in legal or play.seat in self.chosen:
            self.refuse(f"{play.number} is not among seat {play.seat}'s legal actions")
        self.chosen[play.seat] = play.number - 1
        choosing = kuckuck.choosing(self.os.state)
        if set(self.chosen) == set(choosing):
            actions = [self.chosen.get(seat, 0) for seat in range(self.os.num_players())]
            self.chosen = {}
            self.os.apply_actions(actions)

    def whole(self, command: str) -> None:
        """Refuse *command* halfway through a simultaneous node, which OpenSpiel cannot
        stop at: the cards chosen so far are not applied yet."""
        if self.chosen and command != "apply":
            raise Unsupported(
                f"OpenSpiel takes every player's card at once: no {command} halfway through a round"
            )

    def legal(self) -> list[str]:
        self.whole("legal")
        state, names = self.os, self.os.state.players
        if state.is_chance_node():
            return [text.replace(" ", ":") for text in super().legal()]
        seats = kuckuck.choosing(state.state)
        return [
            f"{names[seat]}:{state.action_to_string(seat, a)}"
            for seat in seats
            for a in state.legal_actions(seat)
        ]

    def position(self) -> dict[str, Any]:
        self.whole("state")
        return super().position()

    def result(self) -> str:
        self.whole("result")
        return super().result()

    def ended(self, returns: list[float]) -> str:
        """The winners; all of them when every return is 0 (the win shared by all)."""
        won = [seat for seat, r in enumerate(returns) if r > 0] or range(len(returns))
        return " ".join(self.os.state.players[seat] for seat in won)

    def chance(self, text: str) -> str:
        self.whole("chance")
        if text.strip():
            raise ProtocolError("chance takes nothing in zum-kuckuck")
        return self.outcomes(self.os)


class OpenSpielSession(Session):
    """A protocol session whose games are the OpenSpiel game types."""

    def __init__(self, pyspiel: Any) -> None:
        super().__init__()
        self.pyspiel = pyspiel
        self.reference_refused = False
        """Whether the reference refused the last ``new``, ``apply`` or dice ``chance``."""
        self.reference = Session()
        for name in ("record", "format"):
            self.commands[name] = self._no_records
        self.commands = {name: self._guarded(name, c) for name, c in self.commands.items()}

    @staticmethod
    def _no_records(text: str) -> str:
        raise Unsupported("OpenSpiel reads and writes no records: it plays moves only")

    def _guarded(self, name: str, command: Callable[[str], str]) -> Callable[[str], str]:
        """*command*, an engine error made a skip only when the reference refused the same
        ``new`` or ``apply`` (the adapter reads moves with the reference's notation, and
        OpenSpiel names no rule); any other is the binding refusing: a failure, never a
        skip, so a broken binding cannot hide among the skips."""

        def guarded(rest: str) -> str:
            try:
                return command(rest)
            except (Unsupported, Refused):
                raise
            except CuckooError as error:
                if name in ("new", "apply") and self.reference_refused:
                    raise Unsupported(
                        f"the reference's notation refuses it: {error.detail}"
                    ) from None
                raise Refused(f"OpenSpiel's game refuses it: {error.detail}") from None

        return guarded

    def _fed(self, line: str) -> None:
        """Send *line* to the reference too: whether it refuses decides a skip."""
        self.reference_refused = self.reference.answer(line).startswith("?")

    def new(self, args: list[str]) -> str:
        self._fed("new " + " ".join(args))
        game = args[:1]
        kinds: dict[str, type[SpielCards | SpielKuckuck]] = {
            "cuckoo-cards": SpielCards,
            "zum-kuckuck": SpielKuckuck,
        }
        try:  # a refused new changes nothing: the game before it stays
            made = kinds[game[0]].new(args[1:], self) if game[0] in kinds else None
            self.game = made or SpielDice.new(args, self)
        except (Unsupported, Refused, CuckooError):
            raise  # a CuckooError: the setup rules, checked as the reference checks them
        except Exception as error:  # pyspiel's own errors, or the game type's
            if self.reference_refused:
                raise Unsupported(f"OpenSpiel refuses it too, but names no rule: {error}") from None
            raise Refused(f"OpenSpiel refuses the game: {error}") from None
        return ""

    def apply(self, args: list[str]) -> str:
        """A move of several parts played on OpenSpiel's state one action at a time, and
        taken back whole when a later part is refused (or cannot be expressed): a refused
        command changes nothing."""
        self._fed("apply " + " ".join(args))
        game = self.game
        if not isinstance(game, _Spiel):
            return super().apply(args)
        before, chosen = game.os.clone(), dict(getattr(game, "chosen", {}))
        try:
            return super().apply(args)
        except BaseException:
            game.os = before
            if isinstance(game, SpielKuckuck):
                game.chosen = chosen
            raise


def main() -> int:
    """Serve the protocol on standard input and output."""
    try:
        import pyspiel

        from ... import openspiel  # noqa: F401  (registers the games)
    except ImportError:
        print(
            "cuckoo: the OpenSpiel engine needs the openspiel extra: pip install '.[openspiel]'",
            file=sys.stderr,
        )
        return 2
    return serve(session=OpenSpielSession(pyspiel))


if __name__ == "__main__":
    sys.exit(main())
