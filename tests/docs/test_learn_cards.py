"""Learn to play Cuckoo, the card game (issue #31): the second game, the "how to write it"
box, the show-down pictures, and the records of every learn page in canonical form."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cuckoo.cards.svg import seats_svg
from cuckoo.games import read_records

from .test_learn import FENCE, LEARN, LEARN_PAGES, _load

PAGE = LEARN / "cuckoo-cards.md"
ANN, BEN, CID = range(3)


@pytest.fixture(scope="module")
def pictures() -> ModuleType:
    return _load("cuckoo_pictures")


def _games(page: Path) -> list[str]:
    return [m[3] for m in FENCE.finditer(page.read_text(encoding="utf-8")) if m[1] == "cuckoo-game"]


@pytest.fixture(scope="module")
def second(pictures: ModuleType) -> tuple[Any, list[Any]]:
    """The record of the page's second game and the states it passes through."""
    text = _games(PAGE)[1]
    return pictures._record(text), pictures.walkthrough(text)[1]


FIRST_GAME = LEARN.parents[1] / "spec" / "cuckoo-cards" / "first-game.md"


@pytest.mark.parametrize("page", [*LEARN_PAGES, FIRST_GAME], ids=lambda p: p.stem)
def test_every_record_of_a_learn_page_is_in_canonical_form(page: Path) -> None:
    """Tags in the canonical order, hands and rounds numbered as `cuckoo format` writes them."""
    for text in _games(page):
        ((kit, record),) = read_records(text.splitlines(keepends=True))
        assert kit.format_record(record) == text


def test_the_second_game_is_what_the_page_says(second: tuple[Any, list[Any]]) -> None:
    record, states = second
    moves = [str(m) for m in record.moves]
    page = PAGE.read_text(encoding="utf-8")
    assert "## A second game: going out, a cut king, a void hand" in page
    assert states[0].lives == (1, 1, 1)
    # "Ben's swap was stopped by Cid's king, and Ann's cut turned up a king, which went back."
    assert moves[3] == "swap" and states[4].cards == states[3].cards
    assert str(states[3].cards[CID])[0] == "K"
    assert moves[5] == "cut Kd" and states[6].shown[ANN] == states[5].cards[ANN]
    # "Ben, out of the game, is dealt no more cards, and the deal skips him."
    assert states[6].lives[BEN] == 0 and states[6].losers == (BEN,)
    assert all(state.cards[BEN] is None for state in states[6:])
    # "Ann and Cid would both have lost their last life, so nobody did."
    assert states[10].losers == () and states[10].lives == (1, 0, 1)
    assert states[10].dealer == states[9].dealer
    assert states[-1].is_over and states[-1].lives == (1, 0, 0)


def test_how_to_write_it(second: tuple[Any, list[Any]]) -> None:
    """A swap a king stops is written `swap`; the hand after a void hand 2 is hand 3."""
    record, states = second
    assert "- A swap stopped by a king is still written `swap`" in PAGE.read_text()
    assert "after a void hand 2 comes hand 3" in PAGE.read_text()
    ((kit, _),) = read_records(_games(PAGE)[1].splitlines(keepends=True))
    lines = kit.format_record(record).splitlines()
    assert "2. deal 5h 5s keep keep" in lines and "3. deal 8d 3h keep cut 7c" in lines
    assert states[10].hands == 2 and states[10].losers == ()


def test_the_show_down_is_drawn_and_its_loss_is_not_carried_on(
    pictures: ModuleType,
) -> None:
    """Right after a show-down the picture shows the cards shown (after a cut, the card taken
    from the stock) and who lost a life; once the next hand is dealt, the label is gone."""
    _, states = pictures.walkthrough(_games(PAGE)[0])
    after_first, dealing = seats_svg(states[6]), seats_svg(states[7])
    assert "lost a life" in after_first and "3\u2663" in after_first and "K\u2660" in after_first
    assert "Shown: Ann the king of spades" in after_first
    assert "lost a life" not in dealing and "3\u2663" not in dealing
    after_cut = seats_svg(states[12])
    assert "2\u2663" in after_cut and "lost a life" in after_cut
    assert "lost a life" not in seats_svg(states[0])


CARD_SPEC = sorted((LEARN.parents[1] / "spec" / "cuckoo-cards").glob("*.md"))


@pytest.mark.parametrize("page", CARD_SPEC, ids=lambda p: p.stem)
def test_the_card_pages_do_not_send_players_to_the_dice_game(page: Path) -> None:
    """No link to the dice game's conventions, no word of its colours, pyramid or
    infections, and the paragraph about reading the examples said once, in the index."""
    text = page.read_text(encoding="utf-8")
    assert "cuckoo-dice/conventions" not in text
    assert not re.search(r"\b(Blue|Red|pyramid cells?|infections?)\b", text), page.name
    assert ("the test suite replays" in text) == (page.stem == "index")
