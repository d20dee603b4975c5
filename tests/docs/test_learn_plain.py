"""The Learn to Play pages and quick reference cards tell the rules as rules (issue #43): no
software on them, each game's own terms explained where they are first used, and each
picture's caption naming what the picture shows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cuckoo.dice.geometry import COORDS

from .test_learn import (
    CARD_PAGES,
    FENCE,
    LEARN,
    LEARN_PAGES,
    _expanded,
    _load,
    before_first_game,
)

SOFTWARE = re.compile(
    r"\b(?:engines?|software|programs?|computers?|command(?: line)?s?|terminal|"
    r"validates?|replay(?:s|ed)?|entry|entries|files?|python|json|bots?|apps?|"
    r"dwnsiwn|unnamed|rulesets?)\b|\.cuckoo\b|`cuckoo ",
    re.I,
)
"""What a player reading about rules should not meet: the program, its commands and files,
and the rulesets' software names (a record's `[Ruleset "cuckoo"]` line is written in code,
which this pattern does not look into)."""
CODE = re.compile(r"`[^`\n]*`")
ROLE = re.compile(r"\{[\w-]+\}(?=`)")
SVG = "{http://www.w3.org/2000/svg}"


def software_words(text: str) -> list[str]:
    """Each software word of *text*'s prose, and each command in its inline code."""
    prose = CODE.sub(lambda m: " " if "cuckoo " not in m[0] else m[0], text)
    return [m[0] for m in SOFTWARE.finditer(prose)]


@pytest.fixture(scope="module")
def pictures() -> ModuleType:
    return _load("cuckoo_pictures")


PAGES = LEARN_PAGES + CARD_PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_no_software_on_a_learn_page_or_card(pictures: ModuleType, page: Path) -> None:
    """The page as a reader reads it (the engine-written move lists included) and the links'
    words; a link's target may name a file."""
    text = re.sub(r"\]\([^)]*\)", "]", _expanded(pictures, page))
    text = ROLE.sub("", text)  # a link's kind ({app}`words <page>`) is markup, not words
    found = software_words(text)
    assert not found, f"{page.name}: software on a page about rules: {found}"


def test_the_software_check_finds_the_words_and_spares_a_records_lines() -> None:
    found = software_words("the rules engine, `cuckoo validate x`, replayed entries")
    assert found == ["engine", "`cuckoo ", "validate", "replayed", "entries"]
    assert software_words("the dwnsiwn rules in a .cuckoo File") == ["dwnsiwn", ".cuckoo", "File"]
    assert software_words('`[Ruleset "cuckoo"]` and `1@000/AB`, a cut, a swap') == []


TERMS: dict[str, dict[str, str]] = {
    "cuckoo-dice": {
        "dungeon": r"dungeons?",
        "infection": r"infect(?:s|ed|ing|ions?)?",
        "re-roll": r"re-?roll(?:s|ed|ing)?",
        "second face": r"second\s+faces?",
    },
    "cuckoo-cards": {"show-down": r"show-?downs?", "void hand": r"void\s+hands?"},
    "zum-kuckuck": {
        "cycle": r"cycles?",
        "drop out": r"drop(?:s|ped|ping)?[\s-]+outs?",
        "still in": r"still\s+in",
    },
}
"""Each game's own terms that a newcomer cannot guess (issue #43)."""
EMPHASIS = re.compile(r"(?<![*\w])(\*\*?)(?=\S)([^*]+?)(?<=\S)\1(?![*\w])")


def first_use(text: str, term: str) -> tuple[int, bool]:
    """Where *term* (a pattern) is first used in *text*, headings included, and whether it
    is marked as defined there: in italics or bold, the pages' mark of the sentence that
    says what a word means."""
    found = re.search(rf"\b{term}\b", text, re.I)
    assert found is not None, f"{term!r} is never used"
    marked = any(
        m.start(2) <= found.start() and found.end() <= m.end(2) for m in EMPHASIS.finditer(text)
    )
    return found.start(), marked


def _game(page: Path) -> str:
    return page.stem.removesuffix("-card")


@pytest.mark.parametrize(
    ("page", "term"),
    [(page, term) for page in PAGES for term in TERMS[_game(page)]],
    ids=lambda v: v.stem if isinstance(v, Path) else v,
)
def test_a_term_is_explained_where_it_is_first_used(
    pictures: ModuleType, page: Path, term: str
) -> None:
    text = _expanded(pictures, page)
    at, marked = first_use(text, TERMS[_game(page)][term])
    line = text[text.rfind("\n", 0, at) + 1 : text.find("\n", at)]
    assert marked, f"{page.name}: {term!r} is used before it is explained: {line!r}"


def test_the_term_check_finds_a_term_used_before_its_definition() -> None:
    assert first_use("The **dungeon** is `111`. A dungeon", "dungeons?") == (6, True)
    assert first_use("### The dungeon\n\nThe *dungeon* is", "dungeons?")[1] is False
    assert first_use("a *re-rolled* die", r"re-?roll(?:s|ed)?")[1] is True


# Captions: what the picture under a card game's step says it shows.

CAPTION = re.compile(r"^(Hand \d+|Game over|Cycle \d+|The deal)")


def caption(svg: str) -> str:
    """The caption drawn under a table: the last line of bold text that names a hand, a
    cycle or the end."""
    texts = [
        "".join(t.itertext())
        for t in ET.fromstring(svg).iter(f"{SVG}text")
        if t.get("font-weight") == "bold"
    ]
    (line,) = [t for t in texts if CAPTION.match(t)]
    return line


def _steps(pictures: ModuleType, page: Path) -> list[tuple[Any, list[Any], int, str | None]]:
    """Each ``cuckoo-step`` picture of *page*: its game, states, the position drawn, view."""
    found: list[tuple[Any, list[Any], int, str | None]] = []
    game: Any = None
    for m in FENCE.finditer(page.read_text(encoding="utf-8")):
        if m[1] == "cuckoo-game":
            game = (pictures._record(m[3]), pictures.walkthrough(m[3])[1])
        elif m[1] == "cuckoo-step":
            view = re.search(r":view: (\w+)", m[3])
            for n in m[2].split():
                found.append((*game, int(n), view[1] if view else None))
    return found


def _drawn_cards(svg: str) -> list[str]:
    """The faces of the playing cards drawn on a card-game table, in seat order."""
    signs = {"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s"}
    texts = ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]
    return [t[:-1].replace("10", "T") + signs[t[-1]] for t in texts if t and t[-1] in signs]


def _framed(svg: str) -> list[str]:
    """The names of the seats framed as acting (a thick frame) on a card-game table."""
    root = ET.fromstring(svg)
    boxes = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-width") == "2.5"]
    names = []
    for box in boxes:
        x, y = float(box.attrib["x"]), float(box.attrib["y"])
        for t in root.iter(f"{SVG}text"):
            if abs(float(t.attrib["y"]) - (y + 16)) < 0.5 and float(t.attrib["x"]) > x:
                names.append("".join(t.itertext()).split(" (")[0])
                break
    return names


CARDS_PAGE = LEARN / "cuckoo-cards.md"


@pytest.mark.parametrize("n", range(len(_steps(_load("cuckoo_pictures"), CARDS_PAGE))))
def test_a_card_game_caption_names_the_hand_and_player_its_picture_shows(
    pictures: ModuleType, n: int
) -> None:
    """The hand a caption names is the hand whose cards are drawn: after a show-down, the
    hand just shown (its cards face up, the losers marked), not the next one; the player it
    names is the one the picture frames as acting, or, at a show-down, the ones marked as
    losing a life."""
    _, states, at, _ = _steps(pictures, CARDS_PAGE)[n]
    state = states[at]
    svg = pictures._TABLES["cuckoo-cards"](state)
    line, cards = caption(svg), _drawn_cards(svg)
    shown = [str(c) for c in state.shown if c is not None]
    held = [str(c) for c in state.cards if c is not None]
    if line.startswith("Game over") or "show-down" in line:
        hand = state.hands
        assert cards == shown and shown, (line, cards)
        assert not _framed(svg)
        losers = [state.players[s] for s in state.losers]
        assert svg.count(">lost a life<") == len(losers)
        assert all(name in line for name in losers), line
        assert ("void" in line) == (not losers), line
    else:
        hand = state.hands + 1
        assert cards == held, (line, cards)
        named = line.split(": ", 1)[1].split()[0]
        assert _framed(svg) == [named], line
    if not line.startswith("Game over"):
        assert line.startswith(f"Hand {hand}:"), (line, hand)


def test_the_old_caption_is_refused(pictures: ModuleType) -> None:
    """The picture after hand 1's show-down once read "Hand 2: Cid is dealt a card"."""
    _, states, at, _ = _steps(pictures, CARDS_PAGE)[1]
    assert at == 6 and states[at].hands == 1
    line = caption(pictures._TABLES["cuckoo-cards"](states[at]))
    assert line == "Hand 1: the show-down, Cid loses a life; Ben deals next"


KUCKUCK_PAGE = LEARN / "zum-kuckuck.md"


@pytest.mark.parametrize("n", range(len(_steps(_load("cuckoo_pictures"), KUCKUCK_PAGE))))
def test_a_kuckuck_caption_names_the_round_its_picture_shows(pictures: ModuleType, n: int) -> None:
    """Drawn between two rounds, a picture is captioned with the round just played (the
    number of rounds its record has reached), and a caption speaks of nest cards only when
    the picture draws them."""
    learn = _load("cuckoo_learn_kuckuck")
    record, states, at, view = _steps(pictures, KUCKUCK_PAGE)[n]
    assert view == "rows"
    svg = pictures.kuckuck_rows_svg(states[at])
    line = caption(svg)
    assert ("nest card" in line) == (">nest cards<" in svg), line
    # a round is over when its last card is played: the table no longer waits for cards
    ended = sum(states[k - 1].step == "play" != states[k].step for k in range(1, at + 1))
    if ended and states[at].step == "nest":
        last = learn.all_rounds(record)[ended - 1]
        if last.scores is None:
            assert line == f"Cycle {last.cycle}, after round {last.cycle}.{last.round}", line
        else:
            assert line.startswith(f"Cycle {last.cycle + 1} begins"), line
    else:
        assert line == pictures.kuckuck_status_line(states[at]), line


def test_the_pyramid_is_drawn_as_it_is_built_before_the_first_game(pictures: ModuleType) -> None:
    """Issues #43 and #52: how to build the pyramid, in pictures made by the drawing code from
    the page's own game: the base, then each layer on it (12, 21, 27 and 30 faces showing: the
    dungeon shows none), each drawn when its layer is full, with the names of the empty cells
    drawn 11 pixels high or more; shown in the section a player reads before the first game,
    after the base picture that explains the names."""
    learn_dice = _load("cuckoo_learn_dice")
    text = (LEARN / "cuckoo-dice.md").read_text(encoding="utf-8")
    game = next(m[3] for m in FENCE.finditer(text) if m[1] == "cuckoo-game")
    _, states = pictures.walkthrough(game)
    svgs, caption = learn_dice.building(states)
    shown = [int(re.search(r"\((\d+) faces showing\)", svg)[1]) for svg in svgs]  # type: ignore[index]
    assert shown == [12, 21, 27, 30]
    turns = learn_dice.layers_filled(states)
    assert turns[-1] == len(states) - 1 and turns == sorted(turns)
    for layer, n in zip((3, 2, 1, 0), turns, strict=True):
        full = [c for c in range(20) if sum(COORDS[c]) == layer]
        assert all(states[n].board[c] is not None for c in full)
        assert any(states[n - 1].board[c] is None for c in full)
        assert f"after {n} turns" in caption
    names = [t for t in ET.fromstring(svgs[0]).iter(f"{SVG}text") if t.text and t.text.isdigit()]
    assert names and all(float(t.get("font-size", 0)) >= 11 for t in names)
    before = before_first_game(text)
    assert before.index("```{cuckoo-picture} base\n```") < before.index("```{cuckoo-building}\n```")


def test_the_dungeon_is_told_by_who_put_a_die_there(pictures: ModuleType) -> None:
    """The 3D picture's legend names the player who put the die in the dungeon, the one a
    tie-break rewards, besides the die's colour."""
    (_, states, at, view), *_ = [s for s in _steps(pictures, LEARN / "cuckoo-dice.md") if s[3]]
    assert view == "3d"
    from cuckoo.dice.iso import iso_svg

    assert "dungeon (hidden under the base): Blue's 3, put there by Blue" in iso_svg(states[at])
