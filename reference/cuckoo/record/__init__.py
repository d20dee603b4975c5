"""``cuckoo record``: write down a game played at the table, checked move by move.

The person at the table types the setup as the real dice and cards show it, then each move
in notation; the reference refuses an illegal move with its rule and asks again, asks for
the real re-roll of an infection or the real card of a deal or cut, and saves the record
after every move (atomically), so nothing typed is ever lost: ``--resume`` goes on from it.

In parts: :mod:`.recorder` (the game recorded and its file, resumed or new), :mod:`.text`
(moves written into a resumed file's own text), :mod:`.asking` (a question asked until its
answer reads), one module per game for its setup, its moves typed and its prompt
(:mod:`.dice`, :mod:`.cards`, :mod:`.kuckuck`), and :mod:`.session` (the loop at the
terminal, which ``cuckoo play`` shares).
"""

from __future__ import annotations

from .asking import Ask, Say, refusal
from .kuckuck import hand_shown
from .recorder import NOTATIONS, Recorder, resume
from .session import NEW, Session, prompt, run

__all__ = [
    "NEW",
    "NOTATIONS",
    "Ask",
    "Recorder",
    "Say",
    "Session",
    "hand_shown",
    "prompt",
    "refusal",
    "resume",
    "run",
]
