"""The notation's structure as cases: every lenient form each game's spec allows is read,
and every canonical-writing rule is exercised where it can go wrong.

Two declared tables drive them, one entry per case.  :data:`LENIENT` gives each game's
token classes and their lenient variants: a variant is a record written canonically
(:data:`BASES`) with one form in it written the lenient way, and its case asks ``format``
of it, which must give back the canonical record (tests/kit/test_notation_structure.py
checks that); a variant the spec refuses (names written in another letter case where the
spec wants them as in ``Players``) is an error case instead.  :data:`WRITING` gives each
game's canonical-writing rules and a record that exercises each where it can go wrong (who
begins, unfinished games, every tag, numbering, a record that stops in a deal or a round):
a ``format`` case each.  Every entry cites the words of the spec it comes from, so that
:mod:`.coverage.notation` lists the parts of the spec no entry covers.

What an entry is, and the records the lenient forms are written into, are
:mod:`.suites.notation_core`'s; each game's entries are in a module of its own.  This module
gathers them, with the refusals no other case shows, and makes the cases.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from . import notation_cards, notation_dice, notation_kuckuck
from .cases import KUCKUCK, Case
from .notation_core import BASES, LENIENCY, Lenient, Writing

__all__ = ["BASES", "LENIENCY", "LENIENT", "REFUSALS", "WRITING", "notation_cases"]

LENIENT: Final[tuple[Lenient, ...]] = (
    *notation_cards.LENIENT,
    *notation_dice.LENIENT,
    *notation_kuckuck.LENIENT,
)
"""Each game's token classes, each read in each lenient form its spec allows."""

WRITING: Final[tuple[Writing, ...]] = (
    *notation_cards.WRITING,
    *notation_dice.WRITING,
    *notation_kuckuck.WRITING,
)
"""Each game's canonical-writing rules, each exercised where it can go wrong."""


REFUSALS: Final[tuple[Case, ...]] = (
    Case(
        "dice-refused-side-not-shown",
        ("CD-PLACE-EXPOSE",),
        ("6@003/C",),
        "error",
        about="a side the edge cell does not show (003 shows A and B)",
    ),
    Case(
        "zk-refused-name-deal",
        ("ZK-SETUP-PLAYERS",),
        expect="error",
        players=("Ann", "deal", "Cy"),
        game=KUCKUCK,
        about="a player named as a word of the notation",
    ),
    Case(
        "zk-refused-name-in-a-record",
        ("ZK-SETUP-PLAYERS",),
        expect="error",
        record='[Game "zum-kuckuck"] [Players "Ann Start Cy"] *',
        game=KUCKUCK,
        about="a player named as a word of the notation, in any letter case",
    ),
    Case(
        "zk-refused-result-tag-case",
        ("ZK-NOTATION-TAGS", "ZK-NOTATION-RESULT"),
        expect="error",
        record=BASES[KUCKUCK]["won"]
        .replace('[Players "Ann Bob Cy"]', '[Players "Ann Bob Cy"] [Result "Ann Bob Cy"]')
        .replace('54) "Ann Bob Cy"', '54) "ann bob cy"'),
        game=KUCKUCK,
        about="a Result tag compared with the result token as written, letter case included",
    ),
)
"""Normative sentences no other case showed (:data:`.coverage.notation.SHOWN`)."""


def notation_cases(game: str) -> Iterator[Case]:
    """*game*'s cases of :data:`LENIENT`, :data:`WRITING` and :data:`REFUSALS`."""
    for form in LENIENT:
        if form.game == game:
            yield Case(
                form.id,
                (form.source, *((form.refused,) if form.refused else ())),
                expect="error" if form.refused else "format",
                record=form.record(),
                about=f"{form.token} written {form.variant}: "
                + ("refused" if form.refused else "read, and written canonically"),
            )
    for writing in WRITING:
        if writing.game == game:
            yield Case(
                writing.id,
                (writing.rule,),
                expect="format",
                record=writing.record,
                about=writing.about,
            )
    yield from (case for case in REFUSALS if case.game == game)
