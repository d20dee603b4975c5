"""A question asked at the table until its answer reads, and why an answer was refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from ..errors import CuckooError

__all__ = ["Ask", "Quit", "Say", "ask_until", "refusal"]

T = TypeVar("T")
Ask = Callable[[str], str]
Say = Callable[[str], None]

QUIT: Final = ("quit", "exit")
"""The words that end a session, at its prompt or at a question asked within a move."""


class Quit(Exception):
    """``quit`` typed at a question asked within a move (a show-down): the session ends as
    at its prompt."""


def refusal(error: Exception) -> str:
    """Why a line typed at a prompt was refused: the rule and what is wrong, without the
    ``1:1:`` place of a one-line text (a column is named when it helps)."""
    if not isinstance(error, CuckooError):
        return f"  refused: {error}"
    at = f" (at character {error.column})" if error.column and error.column > 1 else ""
    return f"  refused: {': '.join(p for p in (error.rule, error.detail) if p)}{at}"


def ask_until(ask: Ask, say: Say, prompt: str, read: Callable[[str], T]) -> T:
    """Ask until *read* accepts the answer; its errors are shown, never raised."""
    while True:
        text = ask(prompt).strip()
        try:
            return read(text)
        except (CuckooError, ValueError) as error:
            say(refusal(error).replace("refused: ", "", 1))
