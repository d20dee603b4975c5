"""The session at the terminal: the commands every session shares (``record``, ``play``),
and the recording loop, which asks each game's module for its setup, moves and prompt."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..cards import notation as cards_notation
from ..dice import notation as dice_notation
from ..errors import CuckooError, shown
from ..files import FileProblem
from ..kuckuck import notation as kuckuck_notation
from . import cards, dice, kuckuck
from .asking import Ask, Quit, Say, refusal
from .recorder import Recorder

__all__ = ["HELP", "NEW", "Session", "prompt", "run"]

HELP = """commands: a move in notation; 'legal' lists the legal moves; 'undo' takes back the
last move; 'help'; 'quit' stops (the record so far is saved)."""

NEW: Final[dict[str, Callable[[Path, Ask, Say], Recorder]]] = {
    dice_notation.GAME: dice.new,
    cards_notation.GAME: cards.new,
    kuckuck_notation.GAME: kuckuck.new,
}
"""How a new record of each game asks for its setup."""

_MOVES: Final[dict[str, Callable[[Recorder, str, Ask, Say], list[Any]]]] = {
    dice_notation.GAME: dice.moves,
    cards_notation.GAME: cards.moves,
    kuckuck_notation.GAME: kuckuck.moves,
}
"""How each game reads the line typed as moves, asking for what it lacks."""

_PROMPTS: Final[dict[str, Callable[[Any], str]]] = {
    dice_notation.GAME: dice.prompt,
    cards_notation.GAME: cards.prompt,
    kuckuck_notation.GAME: kuckuck.prompt,
}


_HELPS: Final[dict[str, str]] = {kuckuck_notation.GAME: kuckuck.HELP}
"""What to type, for the games whose moves are typed in more ways than the notation's."""


def prompt(game: str, state: Any) -> str:
    """What the table enters next in *game*, in a few words (the terminal's prompt, the
    app's heading over its choices)."""
    return _PROMPTS[game](state)


@dataclass(frozen=True)
class Session:
    """What every session at the terminal shares (``record``, ``play``): the commands
    ``help``, ``legal``, ``undo`` and ``quit`` beside the moves typed."""

    ask: Ask
    say: Say
    complete: Callable[[Iterable[str]], None]
    help: str
    undo: Callable[[], bool]

    def line(self, prompt: str, legal: list[str]) -> str | None:
        """The line typed if it is a move; "" after a command; None to quit."""
        self.complete([*legal, "legal", "undo", "help", "quit"])
        text = self.ask(prompt).strip()
        if text in ("quit", "exit"):
            return None
        if text == "help" or not text:
            self.say(self.help)
        elif text == "legal":
            self.say("  " + (", " if any(" " in m for m in legal) else " ").join(legal))
        elif text == "undo":
            self.say("  took back the last move" if self.undo() else "  nothing to undo")
        else:
            return text
        return ""


def run(recorder: Recorder, ask: Ask, say: Say, complete: Callable[[Iterable[str]], None]) -> int:
    """The recording loop, until the game ends or the user quits."""
    recorder.save()
    say(f"recording to {recorder.path}; {HELP}")
    reader = _MOVES[recorder.game]
    drawn = None
    while True:
        state = recorder.state()
        if state != drawn:  # not again after a refusal or a command: it has not changed
            say(recorder.kit.diagram(state).rstrip())
            drawn = state
        if state.is_over:
            say(f"the game is over; the record is in {recorder.path}")
            return 0
        guide = "\n".join(filter(None, (HELP, _HELPS.get(recorder.game))))
        session = Session(ask, say, complete, guide, recorder.undo)
        asked = prompt(recorder.game, state) + "> "
        try:
            text, recorder.waiting = recorder.waiting, None
            if text is not None:  # typed before the session stopped (a resumed file)
                say(f"{asked}{text}   (typed before, kept in the file)")
            else:
                text = session.line(asked, recorder.kit.legal(state))
            if text is None:
                raise Quit
            if text:
                recorder.play(*reader(recorder, text, ask, say))
        except Quit:
            say(f"saved; go on with: cuckoo record --resume {shown(str(recorder.path))}")
            return 0
        except (CuckooError, ValueError) as error:
            say(refusal(error))
        except FileProblem as error:
            say(f"  not saved, so not recorded: {error}")
        except OSError as error:
            name = shown(str(recorder.path))
            say(f"  not saved, so not recorded: {name}: {error.strerror or error}")
