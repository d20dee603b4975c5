"""The Rules Reference books (``docs/reference/``): every rule a player meets, in a player's
words, with its ID; the rules for programs only listed; and every number the engine's.

Which rules a player meets is read from the spec's structure: the chapters of a game's
``Rules of play`` table of contents (the others, ``Notation and sources``, are for
implementers).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import permutations
from pathlib import Path
from random import Random

import pytest

from cuckoo import SetupError, cards, dice, kuckuck
from cuckoo.cards import deck as card_deck
from cuckoo.cards import rulesets as card_rulesets
from cuckoo.cards import state as card_state
from cuckoo.dice import faces, geometry
from cuckoo.dice import rulesets as dice_rulesets
from cuckoo.dice import state as dice_state
from cuckoo.kuckuck import cards as zk_cards
from cuckoo.kuckuck import state as zk_state

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec"
REFERENCE = ROOT / "docs" / "reference"
GAMES = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")
PLAYERS_CAPTION = "Rules of play"
RULE = re.compile(r"^```\{rule\} (\S+)", re.M)
CITED = re.compile(r"\{ruleid\}`([^`]+)`")
IMPLEMENTERS = "## For implementers"


def toctrees(index: Path) -> list[tuple[str, list[str]]]:
    """Each toctree of the page *index*: its caption (empty for none) and its documents."""
    text = index.read_text(encoding="utf-8")
    trees = []
    for block in re.findall(r"```\{toctree\}\n(.*?)```", text, re.S):
        lines = block.splitlines()
        caption = next((line for line in lines if line.startswith(":caption: ")), "")
        docs = [line for line in lines if line and not line.startswith(":")]
        trees.append((caption.removeprefix(":caption: "), docs))
    return trees


def spec_toctrees(game: str) -> list[tuple[str, list[str]]]:
    """The toctrees of the game's page in the spec."""
    return toctrees(SPEC / game / "index.md")


def _rules(game: str, docs: list[str]) -> set[str]:
    return {
        rule_id
        for doc in docs
        for rule_id in RULE.findall((SPEC / game / f"{doc}.md").read_text(encoding="utf-8"))
    }


def player_rules(game: str) -> set[str]:
    """The rules of the chapters a player reads: the ``Rules of play`` table of contents."""
    (docs,) = [docs for caption, docs in spec_toctrees(game) if caption == PLAYERS_CAPTION]
    return _rules(game, docs)


def implementer_rules(game: str) -> set[str]:
    """The rules of the game's other chapters (notation): for programs."""
    docs = [d for caption, ds in spec_toctrees(game) if caption != PLAYERS_CAPTION for d in ds]
    return _rules(game, docs)


def _page(game: str) -> str:
    return (REFERENCE / f"{game}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_the_spec_splits_every_rule_between_players_and_implementers(game: str) -> None:
    everything = _rules(game, [p.stem for p in (SPEC / game).glob("*.md")])
    players, programs = player_rules(game), implementer_rules(game)
    assert players and programs and not players & programs
    assert players | programs == everything
    assert all(rule_id.split("-")[1] in ("NOTATION", "PARTIAL") for rule_id in programs)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_player_meets_is_in_the_reference_and_no_other(game: str) -> None:
    page = _page(game)
    body = page.split(IMPLEMENTERS)[0]
    cited = CITED.findall(body)
    assert set(cited) == player_rules(game), "the reference's IDs are the game's rules"
    assert not CITED.findall(page.split(IMPLEMENTERS)[1])


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_for_programs_are_listed_not_restated(game: str) -> None:
    listed = re.findall(r"`([A-Z]{2}-[A-Z0-9-]+)`", _page(game).split(IMPLEMENTERS)[1])
    assert set(listed) == implementer_rules(game)
    body = _page(game).split(IMPLEMENTERS)[0]
    assert not any(rule_id in body for rule_id in implementer_rules(game))


# --- Every number written in digits is the engine's --------------------------------------

PROSE_ONLY = re.compile(
    r"```\{cuckoo-.*?```|^```[^\n]*$|`[^`]*`|\{ruleid\}|\]\([^)]*\)", re.S | re.M
)
"""What is not prose: the engine's fences (tables and pictures), the lines that open and
close other fences (a glossary's words are prose), inline code, links' targets."""


def _prose(text: str) -> str:
    return " ".join(PROSE_ONLY.sub(" ", text).split())


def _dice_facts() -> list[str]:
    shown = Counter(len(s) for s in geometry.SHOWN)
    layers = Counter(geometry.LAYER)
    edge = next(c for c in geometry.CELLS if len(geometry.SHOWN[c]) == 2)
    below = {len(geometry.BELOW[c]) for c in geometry.CELLS if geometry.LAYER[c] < 3}
    (rests,) = below
    over_dungeon = sum(geometry.DUNGEON in geometry.BELOW[c] for c in geometry.CELLS)
    dice_count = len(dice_state.PLAYERS) * dice_state.DICE_PER_PLAYER
    side_a = sum(0 in geometry.SHOWN[c] for c in geometry.CELLS)
    neighbours = {len(faces.ADJACENT[v]) for v in faces.FACES}
    (next_to,) = neighbours
    pairs = sorted({tuple(sorted((v, faces.opposite(v)))) for v in faces.FACES})
    (seven,) = {sum(p) for p in pairs}
    pairs_words = ", ".join(f"{a} and {b}" for a, b in pairs)
    ways = {
        faces.apex_faces("western", x, 3, y, faces.second_face(3, True))
        for x, y in permutations(geometry.SIDES, 2)
    }
    turn = "counter-clockwise" if faces.is_corner((1, 2, 3), "western") else "clockwise"
    bonus_ways = list(permutations((1, 2, 3)))
    bonus_allowed = sum(faces.is_corner(p, "western") for p in bonus_ways)
    apex = len(geometry.SHOWN[geometry.APEX])
    return [
        f"shows a face on all {apex} sides",
        f"once the {len(geometry.BELOW[geometry.APEX])} cells under it hold dice",
        f"placed in {len(ways)} ways, one for each pair of sides, and all {len(ways)} look",
        f"which 1, 2 and 3 run {turn} round their corner",
        f"The pyramid has {len(geometry.CELLS)} cells, each named by "
        f"{len(geometry.CELL_NAMES[0])} digits",
        f"lie in {len(layers)} layers: the base of {layers[3]} cells, then {layers[2]}, then "
        f"{layers[1]}, then the apex",
        f"rests on the {rests} cells just under it",
        f"faces {faces.FACES[0]} to {faces.FACES[-1]}, and opposite faces add up to {seven}: "
        f"{pairs_words}",
        f"{next_to} neighbours",
        f"once the {over_dungeon} cells over it are filled",
        f"all {dice_count} dice are on the pyramid",
        f"bonus points: 1, 2 and 3, one number on each side. You choose the side of the 1 and "
        f"the side of the 2, and the 3 goes on the third side; the {apex} sides must read like "
        f"the faces of a die showing 1, 2 and 3 at the apex, so only {bonus_allowed} of the "
        f"{len(bonus_ways)} ways are allowed",
        f"Give {_fewest_given()} or more dice",
        f"rolls their {dice_state.DICE_PER_PLAYER} dice",
        f"needs all {rests} cells under it filled",
        f"which of its {len(geometry.SHOWN[edge])} sides shows the value",
        f"sets {len(dice_rulesets.PARAMETERS)} choices",
        f"a majority of the {len(geometry.SIDES)} sides",
        f"{len(dice_state.PLAYERS)} players, Blue and Red, each with "
        f"{dice_state.DICE_PER_PLAYER} dice of their colour: {dice_count} dice in all",
        f"The pyramid has {len(geometry.SIDES)} sides",
        f"Each side has {side_a} cells",
        f"A face cell shows {min(s for s in shown if s)} side, an edge cell "
        f"{len(geometry.SHOWN[edge])}, the apex all {apex}",
    ]


def _fewest_given() -> int:
    """The fewest dice an infection gives, as the engine allows them from an opening where
    one die of the taker's could pay for a die of the same value alone."""
    setup = dice_state.Setup(((1, 1, 2, 2, 3, 3, 4, 4, 5, 6), (1, 2, 2, 3, 3, 4, 5, 5, 6, 6)))
    state = dice.new_game("cuckoo", setup)
    given = [len(m.give) for m in dice.legal_moves(state) if isinstance(m, dice.Infect)]
    assert given, "the opening allows infections"
    return min(given)


def _card_facts() -> list[str]:
    rules = card_rulesets.RULES
    fewest = min(n for n in range(1, 5) if _card_players_allowed(n))
    lives = [n for n in range(0, 101) if _lives_allowed(n)]
    return [
        f"deck of {len(card_deck.DECK)} cards: {len(card_deck.RANKS)} ranks, ace to king, in "
        f"each of {len(card_deck.SUITS)} suits",
        f"number of lives: {rules.lives}, unless",
        f"From {fewest} to {card_state.MAX_PLAYERS} players",
        f"any number of lives from {lives[0]} to {lives[-1]}",
    ]


def _card_players_allowed(n: int) -> bool:
    try:
        cards.new_game(None, card_state.Setup(tuple(f"P{i}" for i in range(n))))
    except SetupError:
        return False
    return True


def _lives_allowed(n: int) -> bool:
    try:
        card_rulesets.Rules(lives=n)
    except SetupError:
        return False
    return True


def _zk_players_allowed(n: int) -> bool:
    try:
        kuckuck.new_game(None, zk_state.Setup(tuple(f"P{i}" for i in range(n))))
    except SetupError:
        return False
    return True


def _zk_fewest_still_in() -> tuple[int, int]:
    """The fewest players still in when cards are played, over random matches with
    drop-outs; and the cycles of a match of the fewest players."""
    rng = Random(31)
    fewest, cycles = 99, 0
    for n in range(20):
        rules = kuckuck.rules(variant=kuckuck.VARIANTS[n % 2])
        state = kuckuck.new_game(rules, zk_state.Setup(("A", "B", "C")))
        while not state.is_over:
            if state.step == "play":
                fewest = min(fewest, len(state.active))
            move = (
                kuckuck.random_outcome(state, rng)
                if state.is_chance
                else rng.choice(kuckuck.legal_moves(state))
            )
            state = kuckuck.apply(state, move)
        cycles = len(state.scores)
    return fewest, cycles


def _zk_score_points() -> dict[str, int]:
    """The points of a cycle, measured on the engine's scoring of made-up positions."""
    base = zk_state.State(
        kuckuck.RULES,
        ("A", "B", "C", "D"),
        (),
        "play",
        counts=(3, 2, 2, 2),
        cockatoos=(1, 1, 0, 1),
        nests=((9,), (5,), (7,), (8,)),
        out=frozenset({2}),
    )

    def score(**changes: object) -> tuple[int, ...]:
        return kuckuck.cycle_score(zk_state.changed(base, **changes))

    plain = score()
    return {
        "cockatoo": score(cockatoos=(2, 1, 0, 1))[0] - plain[0],
        "dropped": plain[2],
        "lowest": plain[1] - score(nests=((9,), (6,), (7,), (5,)))[1],
        "none": score(counts=(3, 2, 2, 0), cockatoos=(1, 1, 0, 0))[3]
        - score(cockatoos=(1, 1, 0, 0))[3],
        "empty": zk_state.changed(base, nests=((), (), (), ())).top(0),
    }


def _zk_facts() -> list[str]:
    sizes = [n for n in range(1, 8) if _zk_players_allowed(n)]
    numbers, hand = len(zk_cards.NUMBERS), zk_cards.HAND_SIZE
    nests = sum(zk_cards.NEST_CARDS.values())
    (each,) = set(zk_cards.NEST_CARDS.values())
    left = [numbers - n * hand for n in sizes]
    fewest, cycles = _zk_fewest_still_in()
    points = _zk_score_points()
    plural = {1: "point"}
    assert cycles == sizes[0], "a match has as many cycles as players"
    return [
        f"{zk_cards.COCKATOO_CARDS} cockatoo cards, one for each whole",
        f"as many cycles as players: {', '.join(map(str, sizes[:-1]))} or {sizes[-1]}",
        f"a full hand of {hand} number cards",
        f"the {nests} nest cards are shuffled",
        f"after its {hand}th round, or at once when fewer than {fewest} players are still in",
        f"the {numbers} number cards are shuffled and {hand} are dealt",
        f"({left[0]} with {sizes[0]} players, {left[1]} with {sizes[1]}, none with {sizes[2]})"
        if left[2] == 0
        else "every card is dealt",
        f"if more than {fewest - 1} players are still in",
        f"An empty nest counts {points['empty']}",
        f"{nests} nest cards: {each} of each value from {min(zk_cards.NEST_VALUES)} to "
        f"{max(zk_cards.NEST_VALUES)}",
        f"the top {each} cards of the pile",
        f"{numbers} number cards, {zk_cards.NUMBERS[0]} to {zk_cards.NUMBERS[-1]}",
        f"the {each} nest cards at the start of every round",
        f"{sizes[0]} to {sizes[-1]} players",
        f"scores {points['cockatoo']} {plural.get(points['cockatoo'], 'points')} for each "
        "cockatoo card",
        f"scores \N{MINUS SIGN}{-points['dropped']} instead",
        f"(an empty nest counts {points['empty']}) scores {points['lowest']} "
        f"{plural.get(points['lowest'], 'points')}",
        f"scores {points['none']} {plural.get(points['none'], 'points')} for that",
    ]


def _index_facts() -> list[str]:
    (each,) = set(zk_cards.NEST_CARDS.values())
    return [
        f"{each} nest cards turned up",
        f"up to {zk_cards.HAND_SIZE} rounds played with the same hands",
    ]


FACTS: dict[str, Callable[[], list[str]]] = {
    "cuckoo-dice": _dice_facts,
    "cuckoo-cards": _card_facts,
    "zum-kuckuck": _zk_facts,
    "index": _index_facts,
}


@pytest.mark.parametrize("page", sorted(FACTS))
def test_every_number_in_digits_is_the_engines(page: str) -> None:
    """Each sentence that states a number is made here from the engine and must stand in
    the page; and no digit of the page's prose stands outside those sentences."""
    prose = _prose((REFERENCE / f"{page}.md").read_text(encoding="utf-8"))
    facts = FACTS[page]()
    missing = [fact for fact in facts if fact not in prose]
    assert not missing, f"{page}: the engine says otherwise, or the page does not say: {missing}"
    rest = prose
    for fact in sorted(facts, key=len, reverse=True):
        rest = rest.replace(fact, " ")
    unchecked = [m.group() for m in re.finditer(r".{0,30}\d.{0,30}", rest)]
    assert not unchecked, f"{page}: numbers no test checks: {unchecked}"


def test_the_number_check_reads_what_the_page_says() -> None:
    """A number changed in a page is caught (the check is not vacuous)."""
    facts = _dice_facts()
    assert "The pyramid has 20 cells" in " ".join(facts)
    assert "The pyramid has 21 cells" not in " ".join(facts)
    assert _prose("a `1@000` and [a](x1.md) {ruleid}`CD-CELL` 7") == "a and [a 7"
