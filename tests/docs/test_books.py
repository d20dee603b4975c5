"""The rulebook as books (issue #31): the player's path through the index (Learn to play,
Rules Reference, reference card), the Implementer's guide as a part of its own, and one
word, *turn*, for one player's move on every page a player reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .test_reference import GAMES, PLAYERS_CAPTION, spec_toctrees, toctrees

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RETIRED = re.compile(r"\b(?:ply|plies|half[- ]?moves?)\b", re.I)
"""The words for a player's move that the rulebook no longer uses with players: it says
*turn* (defined in ``docs/reference/index.md``); *ply* is the implementers' word."""
NOT_PROSE = re.compile(r"^```[^\n]*$|`[^`]*`|\]\([^)]*\)|<[^>]*>", re.M)
"""Fence lines (a directive's name), inline code (commands, options, messages the code
prints), links' targets and HTML tags: names, not words a player reads."""


def player_pages() -> list[Path]:
    """Every page a player reads: the index, the Learn to play pages and cards, the Rules
    Reference, writing a game down, recording games, the README, and the spec's chapters of
    rules of play."""
    spec = [
        DOCS / "spec" / game / f"{doc}.md"
        for game in GAMES
        for caption, docs in spec_toctrees(game)
        if caption == PLAYERS_CAPTION
        for doc in docs
    ]
    return [
        DOCS / "index.md",
        *sorted((DOCS / "learn").glob("*.md")),
        *sorted((DOCS / "reference").glob("*.md")),
        DOCS / "writing.md",
        DOCS / "notation.md",
        ROOT / "README.md",
        *[DOCS / "spec" / game / "index.md" for game in GAMES],
        *spec,
    ]


def retired_words(text: str) -> list[str]:
    """Each retired word of *text*'s prose, with what stands around it."""
    prose = NOT_PROSE.sub(" ", text)
    return [prose[max(m.start() - 30, 0) : m.end() + 30] for m in RETIRED.finditer(prose)]


@pytest.mark.parametrize("page", player_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_player_reads_turn_not_ply(page: Path) -> None:
    found = retired_words(page.read_text(encoding="utf-8"))
    assert not found, f"{page.relative_to(ROOT)}: say 'turn': {found}"


def test_the_check_finds_the_retired_words_and_spares_code() -> None:
    assert retired_words("after 3 plies, a half-move or a Ply") != []
    assert len(retired_words("after 3 plies, a half-move or a Ply")) == 3
    assert retired_words("`--ply N` and\n```{cuckoo-plies} 1 2\n[a](x.md#ply) reply") == []


def test_turn_is_defined_once_for_players_and_ply_once_for_implementers() -> None:
    words = (DOCS / "reference" / "index.md").read_text(encoding="utf-8")
    glossary = words.split("```{glossary}")[1].split("```\n")[0]
    assert re.search(r"^turn\n  One player's move", glossary, re.M)
    assert "The rulebook calls it a turn and nothing else." in glossary
    guide = (DOCS / "implementers.md").read_text(encoding="utf-8")
    definitions = [page for page in DOCS.rglob("*.md") if "*ply*\n: One turn" in page.read_text()]
    assert definitions == [DOCS / "implementers.md"]
    assert "[turn](reference/index.md#words)" in guide


def test_the_players_path_is_learn_reference_card_and_the_spec_is_one_click_away() -> None:
    """The site opens with the player's book (test_player_book), whose parts are Learn to
    play and the Rules Reference; the implementer's guide is a part of the site of its own."""
    trees = toctrees(DOCS / "index.md")
    assert trees[0] == ("For players", ["players"])
    book = toctrees(DOCS / "players.md")
    captions = [caption for caption, _ in book]
    assert captions[:2] == ["Learn to play", "Rules Reference"]
    player_docs = [doc for _, docs in book[:2] for doc in docs]
    assert any(doc.endswith("-card") for doc in player_docs)
    assert [f"reference/{game}" for game in GAMES] == [
        d for d in dict(book)["Rules Reference"] if d != "reference/index"
    ]
    assert not [d for d in player_docs if d.startswith(("spec/", "implementers"))]
    guide = dict(trees)["Implementer's guide"]
    for doc in ("implementers", "spec/index", "implementers/errors", "implementers/grammar",
                "implementers/canonical", "implementers/probabilities"):  # fmt: skip
        assert doc in guide
    assert (DOCS / f"{guide[-1]}.md").exists()
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    (line,) = [p for p in index.split("\n\n") if p.startswith("The full, normative specification")]
    assert "](spec/index.md)" in line


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_reference_leads_players_past_the_implementers_material(game: str) -> None:
    """Outside its list of the rules for programs, a reference links to no notation chapter
    and no page of the Implementer's guide (its rule IDs link to the rules of play)."""
    page = (DOCS / "reference" / f"{game}.md").read_text(encoding="utf-8")
    body = page.split("## For implementers")[0]
    links = re.findall(r"\]\(([^)]*)\)", body)
    assert links
    assert not [link for link in links if "notation" in link or "implementers" in link]


def test_the_suites_cases_the_implementers_guide_names_exist() -> None:
    """A case ID written in a page of the guide names a case of a conformance suite."""
    suites = (ROOT / "reference" / "cuckoo" / "conformance" / "data").glob("*.json")
    cases = {case["id"] for suite in suites for case in json.loads(suite.read_text())["cases"]}
    named = {
        name
        for page in (DOCS / "implementers").glob("*.md")
        for name in re.findall(r"`([a-z]+(?:-[a-z]+)+)`", page.read_text(encoding="utf-8"))
    }
    assert len(named) >= 7
    assert named <= cases, sorted(named - cases)
