"""``cuckoo validate`` fed records someone sent: valid records of every game with hostile
pieces put in (control characters, braces, quotes, huge tokens, letters of any alphabet,
tag values replaced), and text of any kind.

What ``validate`` does with each, in this process: it reads the file line by line, cuts it
into records, reads and replays each.  Only the documented errors (CuckooError) may come
out, each as one line of printable text, plain or as JSON; never another exception.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from random import Random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cuckoo import cards, kuckuck
from cuckoo.cards.notation import format_record as cards_format
from cuckoo.cards.notation import record_of as cards_record_of
from cuckoo.cards.playout import random_game as cards_random_game
from cuckoo.cli import main
from cuckoo.cli.common import lines as _lines
from cuckoo.cli.validate import validated as _validated
from cuckoo.dice import RULESETS
from cuckoo.dice.notation import format_record, record_of
from cuckoo.dice.playout import random_game
from cuckoo.files import FileProblem
from cuckoo.kuckuck.notation import format_record as kuckuck_format
from cuckoo.kuckuck.notation import record_of as kuckuck_record_of
from cuckoo.kuckuck.playout import random_game as kuckuck_random_game


def _bases() -> list[str]:
    """Two valid records of each game (both versions of Zum Kuckuck!), to be spoilt."""
    found = []
    for seed in (1, 2):
        for name in ("cuckoo", "dwnsiwn"):
            setup, moves = random_game(RULESETS[name], Random(seed))
            found.append(format_record(record_of(RULESETS[name], setup, moves)))
        deal, plays = cards_random_game(cards.RULES, Random(seed), 2 + seed)
        found.append(cards_format(cards_record_of(cards.RULES, deal, plays)))
        variant = kuckuck.rules(variant=kuckuck.VARIANTS[seed % 2])
        seats, played = kuckuck_random_game(variant, Random(seed), 3)
        found.append(kuckuck_format(kuckuck_record_of(variant, seats, played)))
    return found


BASES = _bases()

PIECES = st.one_of(
    st.sampled_from(
        [
            "\x1b]0;title\x07",
            "\x1b[2J",
            "\x1b[8m",
            "\x00",
            "\r",
            "\x85",
            "\u2028",
            "\u202e",
            "\x9b",
            "\ufeff",
            "{",
            "}",
            '{ [Game "cuckoo-dice"] ',
            '"',
            "\\",
            "[",
            "]",
            "(",
            "\n\n",
            '[Event "{"]\n',
            '[Result "\x1b[2J"]\n',
            "Jürgen",
        ]
    ),
    st.text(st.characters(categories=["Cc", "Cf", "Cs", "Co", "Zl", "Zp", "Zs"]), min_size=1),
    st.text(st.characters(categories=["L", "M", "N", "P", "S"]), min_size=1, max_size=8),
    st.builds(lambda ch, n: ch * n, st.sampled_from('9a{[("é\x1b '), st.integers(100, 20_000)),
)
"""What a hostile or careless sender puts into a record."""

TAG_VALUE = re.compile(r'"(?:[^"\\\n]|\\.)*"')


@st.composite
def spoilt(draw: st.DrawFn) -> str:
    """A valid record, or two, with pieces put in, spans replaced or tag values replaced."""
    text = draw(st.sampled_from(BASES))
    if draw(st.booleans()):
        text += "\n" + draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 4))):
        piece = draw(PIECES)
        values = list(TAG_VALUE.finditer(text))
        match draw(st.sampled_from(["insert", "replace", "tag value"])):
            case "insert":
                at = draw(st.integers(0, len(text)))
                text = text[:at] + piece + text[at:]
            case "replace":
                at = draw(st.integers(0, len(text)))
                end = draw(st.integers(at, min(len(text), at + 12)))
                text = text[:at] + piece + text[end:]
            case _ if values:
                value = draw(st.sampled_from(values))
                text = text[: value.start() + 1] + piece + text[value.end() - 1 :]
    return text


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sent")


def _one_line(message: str) -> None:
    assert message.isprintable(), f"not one line of printable text: {message!r}"


def _validates_cleanly(text: str, folder: Path) -> None:
    """Validate *text* as a file, as ``cuckoo validate`` does, and through the command
    (and ``replay``): documented errors only, each one printable line; ``--json`` lines are
    JSON."""
    path = folder / "sent.cuckoo"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    unreadable = False
    try:  # any other exception fails the test, with its trace
        with _lines(str(path)) as lines:
            for _, message, data in _validated(lines, "sent.cuckoo", None):
                if message is not None:
                    _one_line(message)
                    assert data is not None
                    _one_line(str(data["detail"]))
    except FileProblem as problem:  # not text: a usage error, exit 2
        _one_line(str(problem))
        unreadable = True
    for argv in (["validate", str(path)], ["validate", "--json", str(path)], ["replay", str(path)]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
        # replay reads up to its game: 2 for a file without one, or not text before it
        expected = {0, 1, 2} if argv[0] == "replay" else {2} if unreadable else {0, 1}
        assert status in expected, (argv, status, err.getvalue())
        for line in (out.getvalue() + err.getvalue()).splitlines():
            _one_line(line)
        if "--json" in argv:
            for line in out.getvalue().splitlines():
                json.loads(line)


@settings(max_examples=150, deadline=None)
@given(spoilt())
@example('[Event "{"]\n' + BASES[0])
@example(re.sub(r'Result "', 'Result "\x1b]0;owned\x07', BASES[2]))
def test_spoilt_records(folder: Path, text: str) -> None:
    _validates_cleanly(text, folder)


TEXT = st.text(max_size=300) | st.lists(PIECES, max_size=12).map("".join)
"""Text of any kind, and hostile pieces alone."""


@settings(max_examples=100, deadline=None)
@given(TEXT)
def test_any_text(folder: Path, text: str) -> None:
    _validates_cleanly(text, folder)


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None)
@given(spoilt() | TEXT)
def test_spoilt_records_and_any_text_at_length(folder: Path, text: str) -> None:
    _validates_cleanly(text, folder)


FREE_TEXT = st.text(
    st.sampled_from("{}[]()*;-1 \t\x1b\u2028")
    | st.characters(exclude_characters='"\\\n\r\x00', exclude_categories=["Cs"])
)
"""What a free tag may hold: anything but a quote, a backslash (both written escaped), a
line break and NUL (a file holding it is binary data)."""


def _with_free_tags(text: str, site: str, round_: str) -> str:
    """*text* with tags Site and Round holding *site* and *round_*."""
    return text.replace("\n", f'\n[Site "{site}"] [Round "{round_}"]\n', 1)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(BASES), FREE_TEXT, FREE_TEXT), min_size=1, max_size=3))
def test_free_tags_hold_anything(folder: Path, games: list[tuple[str, str, str]]) -> None:
    """Valid records whose free tags hold any text (braces, brackets, control characters)
    read as that many valid games."""
    path = folder / "free.cuckoo"
    path.write_text("\n".join(_with_free_tags(*game) for game in games), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", "--json", str(path)])
    *problems, summary = (json.loads(line) for line in out.getvalue().splitlines())
    assert (status, problems) == (0, []), err.getvalue()
    assert (summary["games"], summary["problems"]) == (len(games), 0)
