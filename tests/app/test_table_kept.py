"""A tap at the end of a long game costs what it costs at its start (issue #42): the web
layer keeps the last few tables read, and a table with entries added is played on from the
one it extends. Kept or replayed whole, a table reads to the same positions, and a table
that does not extend a kept one (an earlier entry changed, another setup) is replayed
whole, its refusal the same."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo import cards, kuckuck, web
from cuckoo.cards import partial as cards_partial
from cuckoo.errors import CuckooError
from cuckoo.web.table import KEPT, RULES, forget

from .test_recorder_partial import as_seen, full_game
from .test_web_api import TABLES, play


def whole(table: dict[str, Any]) -> web.table.Table:
    """*table* read from its start, nothing kept."""
    forget()
    return web.load(table)


def entries(game: str, seed: int, seen: bool) -> list[str]:
    played = full_game(game, seed, 150)
    return as_seen(game, played) if seen else [text for text, _, _ in played]


def count_applied(monkeypatch: pytest.MonkeyPatch, game: str) -> list[int]:
    """Count the engine's moves applied in reading a table of *game* from now on."""
    applied: list[int] = []

    def counting(apply: Any) -> Any:
        def counted(state: Any, move: Any) -> Any:
            applied.append(1)
            return apply(state, move)

        return counted

    rules = RULES[game]
    monkeypatch.setitem(RULES, game, replace(rules, apply=counting(rules.apply)))  # type: ignore[arg-type]
    for module in (cards, cards_partial, kuckuck):
        monkeypatch.setattr(module, "apply", counting(module.apply))
    return applied


@pytest.mark.parametrize(
    ("game", "seen"),
    [
        ("cuckoo-dice", False),
        ("cuckoo-cards", False),
        ("cuckoo-cards", True),
        ("zum-kuckuck", False),
        ("zum-kuckuck", True),
    ],
)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_table_played_on_reads_as_the_table_replayed_whole(
    game: str, seen: bool, seed: int
) -> None:
    """Entry by entry, as the recorder taps them (the card game's hands dealt face down
    and shown down, Zum Kuckuck!'s cockatoo cards taken and a hand shown included)."""
    texts = entries(game, seed, seen)
    table = {**TABLES[game], "moves": []}
    forget()
    for text in texts:
        table = {**table, "moves": [*table["moves"], text]}
        kept = web.load(table)
        assert kept.texts == tuple(table["moves"])
        fresh = web.table._read(game, *RULES[game].start(table), kept.texts, None)
        assert kept == fresh, text


@pytest.mark.parametrize(
    ("game", "seen"), [("cuckoo-dice", False), ("cuckoo-cards", True), ("zum-kuckuck", False)]
)
def test_one_more_entry_plays_only_its_own_moves(
    game: str, seen: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card game's hand under way with its cards unseen is followed again (its
    show-down fills them): a hand's moves at most."""
    texts = entries(game, 3, seen)
    forget()
    head = web.load({**TABLES[game], "moves": texts[:-1]})
    applied = count_applied(monkeypatch, game)
    longer = web.load({**TABLES[game], "moves": texts})
    added = len(longer.moves) - len(head.moves)
    assert (
        0
        < len(applied)
        <= (added if game != "cuckoo-cards" else 2 * len(TABLES[game]["players"]) + 1)
    )
    applied.clear()
    assert web.load({**TABLES[game], "moves": texts}) is longer and not applied  # kept
    forget()
    web.load({**TABLES[game], "moves": texts})
    assert len(applied) >= len(longer.moves) > 20  # as before: the whole game replayed


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_changed_entry_is_replayed_whole(game: str) -> None:
    texts = [text for text, _, _ in full_game(game, 4, 60)]
    forget()
    web.load({**TABLES[game], "moves": texts[:-1]})
    changed = [texts[1], texts[0], *texts[2:]]
    try:
        expected: Any = whole({**TABLES[game], "moves": changed})
    except CuckooError as error:
        expected = str(error)
    forget()
    web.load({**TABLES[game], "moves": texts[:-1]})
    try:
        got: Any = web.load({**TABLES[game], "moves": changed})
    except CuckooError as error:
        got = str(error)
    assert got == expected


def test_a_refused_entry_is_refused_as_by_a_whole_replay() -> None:
    """A card-game show-down that contradicts the deal, played on from a kept table."""
    texts = as_seen("cuckoo-cards", full_game("cuckoo-cards", 5, 80))
    last = next(k for k, text in enumerate(texts) if " show " in text)
    bad = (
        texts[last].rsplit(" ", 1)[0] + " Kc"
        if not texts[last].endswith("Kc")
        else texts[last][:-2] + "Kd"
    )
    table = {**TABLES["cuckoo-cards"], "moves": texts[:last]}
    played_on = play(table, bad)
    forget()
    assert play(table, bad) == played_on
    assert "problem" in played_on


def test_the_tables_kept_are_bounded() -> None:
    forget()
    for n in range(3 * KEPT):
        web.load({**TABLES["cuckoo-dice"], "names": {"Blue": f"P{n}"}, "moves": []})
    assert len(web.table._kept) == KEPT
