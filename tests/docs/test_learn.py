"""The Learn to Play pages and quick reference cards (issues #31, #43): short enough to read
in fifteen minutes, the rules a player needs before the first game in at most 1,500 words,
the whole first game told move by move in the engine's words, and every position, score or
outcome the hand-written text states checked against the engine."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cuckoo import dice
from cuckoo.dice.geometry import DUNGEON, cell_named

DOCS = Path(__file__).resolve().parents[2] / "docs"
LEARN = DOCS / "learn"
WORDS_PER_MINUTE = 230
LEARN_WORDS = 2500
"""Fifteen minutes of reading, or a little less (issue #31)."""
BEFORE_WORDS = 1500
"""The section "Before your first game", which every Learn page starts with (issue #43)."""
BEFORE = "## Before your first game"
CARD_WORDS = 700
"""What fits on one printed A4 page with its tables."""
PLAY_INSTEAD = "**Rather learn by playing?** {app}`"
"""The line under a Learn page's title: its game, played in the app's guided first game."""
FENCE = re.compile(r"```\{([\w-]+)\}([^\n]*)\n(.*?)```", re.S)


def _load(name: str) -> ModuleType:
    """A module of the docs extension that writes the pages' generated text."""
    pytest.importorskip("sphinx", reason="the docs extension needs the docs extra")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(DOCS / "_ext"))


@pytest.fixture(scope="module")
def pictures() -> ModuleType:
    """The docs extension that writes the dice and card pages' generated text."""
    return _load("cuckoo_pictures")


@pytest.fixture(scope="module")
def learn_kuckuck() -> ModuleType:
    """The docs extension that writes Zum Kuckuck!'s page's generated text."""
    return _load("cuckoo_learn_kuckuck")


def _game(pictures: ModuleType, text: str) -> tuple[object, list[dice.State]]:
    """The record of a page's (first) ``cuckoo-game`` and the states it passes through."""
    game = next(m[3] for m in FENCE.finditer(text) if m[1] == "cuckoo-game")
    _, states = pictures.walkthrough(game)
    return pictures._record(game), states


def _expanded(pictures: ModuleType, page: Path) -> str:
    """The page's prose as a reader reads it: the generated move lists and tables written
    out; pictures left out (a picture has no words to read, only labels), and the game
    records too (data in a code block, not prose: the issue's count, "prose only")."""
    text = page.read_text(encoding="utf-8")
    kuckuck = _load("cuckoo_learn_kuckuck")
    game: list[tuple[object, list[object]]] = []  # the last cuckoo-game before a directive

    def expand(m: re.Match[str]) -> str:
        if m[1] == "cuckoo-game":
            _, states = pictures.walkthrough(m[3])
            game[:] = [(pictures._record(m[3]), states)]
            return ""
        if m[1] == "cuckoo-apex":
            return str(pictures.apex_table())
        if m[1] == "cuckoo-building":  # its caption, of the page's game further down
            record = next(g[3] for g in FENCE.finditer(text) if g[1] == "cuckoo-game")
            return str(_load("cuckoo_learn_dice").building(pictures.walkthrough(record)[1])[1])
        if not game:
            return ""
        (record, states), numbers = game[0], [int(a) for a in m[2].split()]
        written = {
            "cuckoo-plies": lambda: pictures.plies_text(record, states, *numbers),
            "cuckoo-rounds": lambda: kuckuck.rounds_text(record, *numbers),
            "cuckoo-round-table": lambda: kuckuck.round_table(record, *numbers),
            "cuckoo-cycle-table": lambda: kuckuck.cycle_table(record, *numbers),
            "cuckoo-cycle-score": lambda: kuckuck.cycle_score(record, *numbers),
        }
        return str(written[m[1]]()) if m[1] in written else ""

    return FENCE.sub(expand, text)


def _words(text: str) -> int:
    """Words as a reader counts them: what stands between spaces, if it holds a letter or a
    digit (a table's bars and Markdown's marks are not words)."""
    return sum(1 for token in text.split() if re.search(r"[A-Za-z0-9]", token))


LEARN_PAGES = sorted(p for p in LEARN.glob("*.md") if not p.stem.endswith("-card"))
CARD_PAGES = sorted(LEARN.glob("*-card.md"))


def test_every_learn_page_and_card_is_titled_and_in_the_books_first_toctree() -> None:
    assert [p.stem for p in LEARN_PAGES] == ["cuckoo-cards", "cuckoo-dice", "zum-kuckuck"]
    assert [p.stem for p in CARD_PAGES] == [
        "cuckoo-cards-card",
        "cuckoo-dice-card",
        "zum-kuckuck-card",
    ]
    book = (DOCS / "players.md").read_text(encoding="utf-8")  # the player's book
    first = book.split("```{toctree}")[1].split("```")[0]
    assert ":caption: Learn to play" in first
    for page in LEARN_PAGES + CARD_PAGES:
        assert f"learn/{page.stem}\n" in first
        title = page.read_text(encoding="utf-8").splitlines()[0]
        if page in LEARN_PAGES:
            assert title.startswith("# Learn to play ")
        else:
            assert title.endswith(" quick reference card")


def before_first_game(text: str) -> str:
    """The section "Before your first game" of a page's (expanded) text: from its heading to
    the next heading of the same level."""
    start = text.index(BEFORE)
    end = text.find("\n## ", start + len(BEFORE))
    return text[start : end if end >= 0 else len(text)]


@pytest.mark.parametrize("page", LEARN_PAGES, ids=lambda p: p.stem)
def test_a_learn_page_is_read_in_fifteen_minutes(pictures: ModuleType, page: Path) -> None:
    words = _words(_expanded(pictures, page))
    assert words <= LEARN_WORDS, f"{page.name}: {words} words, {words / WORDS_PER_MINUTE:.1f} min"


@pytest.mark.parametrize("page", LEARN_PAGES, ids=lambda p: p.stem)
def test_a_learn_page_starts_with_what_a_player_needs_before_the_first_game(
    pictures: ModuleType, page: Path
) -> None:
    """Right under the title, the way to the guided first game in the app (issue #52), then
    the section "Before your first game", at most 1,500 words."""
    text = _expanded(pictures, page)
    lines = text.splitlines()
    guide = f"<play.html?guide={page.stem}>`"
    assert lines[2].startswith(PLAY_INSTEAD) and guide in lines[2], f"{page.name}: {lines[2]}"
    assert lines[4] == BEFORE, f"{page.name}: the page must start with {BEFORE!r}"
    words = _words(before_first_game(text))
    assert words <= BEFORE_WORDS, f"{page.name}: {words} words before the first game"


def test_the_section_count_stops_at_the_next_section() -> None:
    text = f"# T\n\n{BEFORE}\n\none two\n### three\nfour\n## Later\nfive six"
    assert _words(before_first_game(text)) == 8  # the heading 4, one two, three, four


@pytest.mark.parametrize("page", CARD_PAGES, ids=lambda p: p.stem)
def test_a_card_fits_its_page(pictures: ModuleType, page: Path) -> None:
    words = _words(_expanded(pictures, page))
    assert words <= CARD_WORDS, f"{page.name}: {words} words"


def test_the_word_count_counts_what_is_generated(pictures: ModuleType) -> None:
    """The move lists the engine writes are counted, not only the hand-written text."""
    page = LEARN / "cuckoo-dice.md"
    assert _words(_expanded(pictures, page)) > _words(FENCE.sub("", page.read_text()))


PLY_PAGES = [p for p in LEARN_PAGES if p.stem != "zum-kuckuck"]
"""The pages told ply by ply; Zum Kuckuck!'s is told round by round (test_learn_kuckuck)."""


@pytest.mark.parametrize("page", PLY_PAGES, ids=lambda p: p.stem)
def test_every_game_is_told_whole_in_order(pictures: ModuleType, page: Path) -> None:
    """The move lists after each game cover its every ply once, in order, and the last one
    ends the game."""
    text = page.read_text(encoding="utf-8")
    games: list[tuple[list[object], list[int]]] = []
    for m in FENCE.finditer(text):
        if m[1] == "cuckoo-game":
            games.append((pictures.walkthrough(m[3])[1], []))
        elif m[1] == "cuckoo-plies":
            first, last = map(int, m[2].split())
            games[-1][1].extend(range(first, last + 1))
    assert games
    for states, told in games:
        assert told == list(range(1, len(states)))
        assert states[-1].is_over  # type: ignore[attr-defined]


WRITING = DOCS / "writing.md"
"""The page "Writing a game down", where the software's part of a record is told (#43)."""


@pytest.mark.parametrize(
    ("page", "name"),
    [("cuckoo-dice", "dice"), ("cuckoo-cards", "cards"), ("zum-kuckuck", "match")],
)
def test_the_summary_line_of_validate_is_shown_as_printed(
    page: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page "Writing a game down" shows what `cuckoo validate` prints for the record of
    each Learn page, and that is what it prints."""
    from cuckoo.cli import main

    text = (LEARN / f"{page}.md").read_text(encoding="utf-8")
    game = next(m[3] for m in FENCE.finditer(text) if m[1] == "cuckoo-game")
    writing = WRITING.read_text(encoding="utf-8")
    command = f"$ cuckoo validate {name}.cuckoo\n"
    assert command in writing
    shown = writing.split(command, 1)[1].split("\n", 1)[0]
    path = tmp_path / f"{name}.cuckoo"
    path.write_text(game, encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    out, err = capsys.readouterr()
    assert shown in (out + err).splitlines()
    moves = shown.split(", ")[1].split()[0]
    after = writing.split(command, 1)[1].split("```", 2)[1]
    assert re.search(rf"\b{moves} (moves|turns)\b", after) or "counts one" in after, after


def test_every_learn_page_ends_with_one_line_to_writing_a_game_down() -> None:
    for page in LEARN_PAGES:
        last = page.read_text(encoding="utf-8").rstrip().splitlines()[-1]
        assert "[Writing a game down](../writing.md)" in last, page.name
    book = (DOCS / "players.md").read_text(encoding="utf-8")
    assert "\nwriting\n" in book.split(":caption: At the table")[1].split("```")[0]


def test_the_engine_writes_each_kind_of_ply(pictures: ModuleType) -> None:
    text = (LEARN / "cuckoo-dice.md").read_text(encoding="utf-8")
    record, states = _game(pictures, text)
    told = pictures.plies_text(record, states, 1, len(states) - 1)
    assert (
        "- **1.** `6@003/A`: Blue puts an own 6 on the edge cell `003`: "
        "6 on side A and 2 on side B." in told
    )
    assert "Red has no dice left and passes." in told
    assert "the taken die shows 6 and goes to Red's nest" in told
    assert "| A | 23 | 5 | Blue |" in told and "Blue wins the game, 2 sides to 1." in told


def test_what_the_dice_page_says_in_its_own_words_is_so(pictures: ModuleType) -> None:
    """Each statement of the hand-written text about this game's positions, checked."""
    page = (LEARN / "cuckoo-dice.md").read_text(encoding="utf-8")
    record, states = _game(pictures, page)

    def placed(ply: int) -> dice.Placed:
        move = record.moves[ply - 1]
        assert isinstance(move, dice.Place)
        die = states[ply].board[move.cell]
        assert die is not None
        return die

    blue, red = dice.BLUE, dice.RED
    # "Blue chose the edge cell 003 ... turned the 6 towards side A ... Blue's own 6 shows a
    # 2 on side B."
    assert "Blue's own 6 shows\na 2 on side B" in page
    assert record.moves[0].cell == cell_named("003") and placed(1).faces == (6, 2, 0)
    # "Red placed on a middle cell, which shows the value only."
    assert sum(1 for f in placed(2).faces if f) == 1
    # "Red gave 1, 1 and 2, which make 4, for Blue's 4."
    infection = record.moves[3]
    assert isinstance(infection, dice.Infect)
    assert [d.value for d in infection.give] == [1, 1, 2] and infection.take.value == 4
    # "The blue 6 now in Red's nest ... three red dice in Blue's nest"; "Red now holds fewer
    # dice than Blue, so Red will run out first."
    assert dice.Die(6, foreign=True) in states[4].nests[red]
    assert sum(d.foreign for d in states[4].nests[blue]) == 3
    assert len(states[4].nests[red]) < len(states[4].nests[blue])
    out = [next(n for n in range(len(states)) if not states[n].nests[p]) for p in (blue, red)]
    assert out[red] < out[blue]
    # "3'@300/B ... Red gets a 6 on side C from Blue's move"; "Red's own 6 on 030 shows the
    # smallest face next to 6 on side A."
    assert str(record.moves[4]) == "3'@300/B" and placed(5).owner == red
    assert placed(5).faces[2] == 6 and placed(6).faces[0] == min({2, 3, 4, 5})
    # "Blue's die in the dungeon"
    assert record.moves[6].cell == DUNGEON and placed(7).placer == blue
    # "With the ten bottom cells full ... Red starts that layer on an edge."
    assert all(states[11].board[c] is not None for c in range(10, 20))
    assert record.moves[11].cell == cell_named("200") and placed(12).placer == red
    # "Blue got rid of Red's 4 and Red's 2 on middle cells"; "Red had to place Blue's 6 ...
    # With that Red's nest is empty."
    assert [(placed(n).owner, placed(n).value) for n in (15, 17)] == [(red, 4), (red, 2)]
    assert all(sum(1 for f in placed(n).faces if f) == 1 for n in (15, 17))
    assert (placed(18).owner, placed(18).placer, placed(18).value) == (blue, red, 6)
    assert not states[18].nests[red]
    # "Blue put the value on A and the second face on B ... the 'after' column of an own 1."
    apex = record.moves[22]
    assert (apex.die, apex.sides) == (dice.Die(1), (0, 1))
    row = next(r for r in pictures.apex_table().splitlines() if r.startswith("| 1 |"))
    assert row.split(" | ")[2] == str(placed(23).faces[2])


def test_what_the_card_page_says_in_its_own_words_is_so(pictures: ModuleType) -> None:
    """Each statement of the card game page's own text about its game, checked."""
    page = (LEARN / "cuckoo-cards.md").read_text(encoding="utf-8")
    record, states = _game(pictures, page)
    told = pictures.plies_text(record, states, 1, len(states) - 1).splitlines()
    ann, ben, cid = 0, 1, 2
    assert states[0].players == ("Ann", "Ben", "Cid") and states[0].lives == (2, 2, 2)
    # "Ben's 3 was low, so he passed it on. Cid tried to pass it on again, but Ann's king
    # stopped him, and Ann, holding a king, could only keep it."
    assert str(states[3].cards[ben]) == "3c" and str(states[4].cards[cid]) == "3c"
    assert [str(m) for m in record.moves[3:6]] == ["swap", "swap", "keep"]
    assert str(states[5].cards[cid]) == "3c" and str(states[5].cards[ann]) == "Ks"
    assert "Cid asks to swap, but the next player shows a king: no swap." in told[4]
    # "Ann passed the ace, the lowest card of all, to the dealer ... Ben gambled on the stock.
    # The card he turned up was better than the ace, but still the lowest at the table."
    assert states[9].dealer == ben and str(states[11].cards[ben])[0] == "A"
    assert str(record.moves[11]) == "cut 2c" and states[12].losers == (ben,)
    # "Two players shared the lowest card, so both lost a life, and with it their last one."
    assert states[18].losers == (ben, cid) and states[18].lives == (2, 0, 0)
    assert "Ann is the last player in and wins." in told[-1]
