"""Records someone sent: what they hold reaches the terminal escaped, a ``{`` in a tag value
swallows nothing, names may be written in any alphabet, and a message names what the
record says (issue #28).  Each is tried in every game, through the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cuckoo.cli import main

GAMES = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b[8mall legal\x1b[0m\x9b1m\u202e"
"""A window title set, the screen cleared, text hidden, a C1 control, a bidi override."""


def _one_game(tmp_path: Path, game: str, seed: int = 1) -> str:
    """The canonical text of one random game of *game*."""
    path = tmp_path / f"random-{game}-{seed}.cuckoo"
    players = [] if game == "cuckoo-dice" else ["--players", "3"]  # two play dice, always
    argv = ["random", "--game", game, *players, "--seed", str(seed), "-q", "-o", str(path)]
    assert main(argv) == 0
    return path.read_text(encoding="utf-8")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _plain(text: str) -> None:
    """Every line of *text* is printable: no control character reached the terminal."""
    for line in text.splitlines():
        assert line.isprintable(), f"a control character reaches the terminal: {line!r}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("tag", ["Result", "Event"])
def test_control_characters_in_a_record_reach_no_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, tag: str
) -> None:
    text = _one_game(tmp_path, game)
    value = HOSTILE if tag == "Event" else HOSTILE + " 1-0"
    text = re.sub(rf'^\[{tag} "[^"]*"\]$', lambda _: f'[{tag} "{value}"]', text, flags=re.M)
    if tag == "Event":  # a value the game refuses to read, in a message that quotes it
        text = text.replace('[Players "', f'[Players "{HOSTILE} ')
        text = text.replace('[First "', f'[First "{HOSTILE}')
    path = tmp_path / "sent.cuckoo"
    path.write_text(text, encoding="utf-8")
    for argv in (["validate"], ["replay"], ["format"], ["legal"]):
        status, out, err = _run(capsys, *argv, str(path))
        assert status == 1, (argv, out, err)
        _plain(out + err)
        assert "\\x1b" in out + err, "the message quotes what was written, escaped"
    status, out, err = _run(capsys, "validate", "--json", str(path))
    problem, summary = (json.loads(line) for line in out.splitlines())
    assert summary["problems"] == 1
    assert "\\x1b" in problem["detail"] and "\x1b" not in problem["detail"]
    _plain(out + err)


def test_a_detail_set_later_is_escaped_too() -> None:
    from cuckoo.errors import NotationError

    error = NotationError("read", rule="CD-NOTATION-SYNTAX")
    error.detail += "\x1b[2J"
    assert error.detail == "read\\x1b[2J"
    assert str(error).isprintable()


@pytest.mark.parametrize("game", GAMES)
def test_a_brace_in_a_tag_value_opens_no_comment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    first = _one_game(tmp_path, game, 1).replace('[Event "random"]', '[Event "a { brace \\" {"]')
    # a comment over two lines, holding a quote and a line that looks like a tag
    first = first.replace("\n\n", '\n\n{a "quote\n[Not "a tag"] }\n', 1)
    path = tmp_path / "two.cuckoo"
    path.write_text(first + "\n" + _one_game(tmp_path, game, 2), encoding="utf-8")
    status, out, err = _run(capsys, "validate", str(path))
    assert (status, out) == (0, ""), err
    assert err.startswith("2 games,") and err.endswith(" 0 problems\n")


NAMES = {"P1": "Jürgen", "P2": "Øyvind_2", "P3": "Zoë"}
"""Names in other alphabets than ASCII's (and a digit after a letter)."""


def _renamed(text: str, names: dict[str, str]) -> str:
    return re.sub(r"\bP[123]\b", lambda m: names[m[0]], text)


@pytest.mark.parametrize("game", ["cuckoo-cards", "zum-kuckuck"])
def test_letters_outside_ascii_are_letters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    canonical = _renamed(_one_game(tmp_path, game), NAMES)
    assert "Jürgen" in canonical
    path = tmp_path / "names.cuckoo"
    path.write_text(canonical, encoding="utf-8")
    assert _run(capsys, "validate", str(path))[:2] == (0, "")
    lower = canonical.split("\n\n", 1)
    path.write_text(lower[0] + "\n\n" + lower[1].replace("Jürgen", "jÜRGEN"), encoding="utf-8")
    status, out, err = _run(capsys, "format", str(path))
    assert (status, out) == (0, canonical), err


@pytest.mark.parametrize("game", ["cuckoo-cards", "zum-kuckuck"])
@pytest.mark.parametrize("name", ["1Jürgen", "_Zoë", "Zoe\u0308", "Jür-gen", "Ⅻ"])
def test_a_name_is_still_a_letter_then_letters_digits_or_underscores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, name: str
) -> None:
    path = tmp_path / "bad.cuckoo"
    path.write_text(_renamed(_one_game(tmp_path, game), {**NAMES, "P1": name}), encoding="utf-8")
    status, out, _ = _run(capsys, "validate", str(path))
    # Zum Kuckuck!'s movetext names the players too: there, the grammar refuses it first
    refused = ("SETUP-PLAYERS: " + repr(name) + " is not a name", "ZK-NOTATION-SYNTAX")
    assert status == 1 and any(why in out for why in refused), out


def test_a_first_dealer_not_at_the_table_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dealer.cuckoo"
    text = _one_game(tmp_path, "cuckoo-cards").replace('[Dealer "P1"]', '[Dealer "Xavier"]')
    path.write_text(text, encoding="utf-8")
    status, out, _ = _run(capsys, "validate", str(path))
    assert status == 1
    assert out.endswith(
        ":5:1: CC-SETUP-DEALER: the first dealer must sit at the table: 'Xavier' is not one of "
        "the players, P1 P2 P3\n"
    ), out


BAD_SETUP_TAGS = {
    "cuckoo-cards": {"Round": '[Round "1"]  [Lives "0"]', "Players": '  [Players "P1 P2 p2"]'},
    "zum-kuckuck": {"Variant": '  [Variant "fancy"]', "Players": '[Site "x"] [Players "P1 P2 P2"]'},
}
"""A tag line of a random game written with a setup tag the game refuses, by the tag it
replaces; a tag not first on its line, so that the column says which."""
RULES = {"Lives": "CC-RULESET-PARAMS", "Variant": "ZK-RULESET-PARAMS", "Players": "SETUP-PLAYERS"}


@pytest.mark.parametrize(
    ("game", "tag"), [(game, tag) for game, tags in BAD_SETUP_TAGS.items() for tag in tags]
)
def test_a_problem_in_a_setup_tag_points_at_the_tag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, tag: str
) -> None:
    bad = BAD_SETUP_TAGS[game][tag]
    rule = next(rule for name, rule in RULES.items() if f"[{name} " in bad)
    lines = _one_game(tmp_path, game).split("\n")
    (number,) = (n for n, line in enumerate(lines) if line.startswith(f"[{tag} "))
    lines[number] = bad
    path = tmp_path / "tag.cuckoo"
    path.write_text("\n".join(lines), encoding="utf-8")
    status, out, _ = _run(capsys, "validate", str(path))
    column = bad.rindex("[") + 1
    assert status == 1 and f"tag.cuckoo:{number + 1}:{column}: " in out and rule in out, out
