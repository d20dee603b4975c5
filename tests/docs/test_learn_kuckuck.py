"""Learn to play Zum Kuckuck! (issue #31): the match is told round by round, every sentence
the page writes by hand about its positions is checked against the engine, and the command
output it shows is what the command prints."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import ModuleType

import pytest

from cuckoo import kuckuck
from cuckoo.cli import main
from cuckoo.kuckuck import notation
from cuckoo.kuckuck.summary import RoundSummary, round_summaries, round_words

from .test_learn import FENCE, LEARN, _load

PAGE = LEARN / "zum-kuckuck.md"
ANN, BEN, CID, DAN = range(4)


@pytest.fixture(scope="module")
def learn() -> ModuleType:
    return _load("cuckoo_learn_kuckuck")


def _records(learn: ModuleType) -> list[notation.Record]:
    """The page's records: the basic match, then the tactical one."""
    pictures = _load("cuckoo_pictures")
    text = PAGE.read_text(encoding="utf-8")
    return [pictures._record(m[3]) for m in FENCE.finditer(text) if m[1] == "cuckoo-game"]


@pytest.fixture(scope="module")
def basic(learn: ModuleType) -> notation.Record:
    return _records(learn)[0]


@pytest.fixture(scope="module")
def tactical(learn: ModuleType) -> notation.Record:
    return _records(learn)[1]


@pytest.fixture(scope="module")
def rounds(learn: ModuleType, basic: notation.Record) -> list[RoundSummary]:
    summaries: list[RoundSummary] = learn.all_rounds(basic)
    return summaries


def _directives(name: str) -> list[tuple[int, list[int]]]:
    """Each ``{name}`` of the page: which ``cuckoo-game`` it follows (0, 1) and its numbers."""
    text = PAGE.read_text(encoding="utf-8")
    found, game = [], -1
    for m in FENCE.finditer(text):
        game += m[1] == "cuckoo-game"
        if m[1] == name:
            found.append((game, [int(a) for a in m[2].split()]))
    return found


def test_every_round_is_told_in_words_or_in_a_cycle_table(
    rounds: list[RoundSummary], learn: ModuleType, tactical: notation.Record
) -> None:
    """Two whole cycles of four players, with drop-outs; each round told, in order."""
    ended = [r for r in rounds if r.scores is not None]
    assert [r.cycle for r in ended] == [1, 2] and ended[-1] is rounds[-1]
    assert all(r.dropped for r in ended) and len({r.cycle for r in rounds}) == 2
    told: list[list[int]] = [[], []]
    for game, (first, last) in _directives("cuckoo-rounds"):
        told[game].extend(range(first, last + 1))
    basic_words, tactical_words = told
    assert _directives("cuckoo-cycle-table") == [(0, [1]), (0, [2])]
    assert _directives("cuckoo-cycle-score") == [(0, [1]), (0, [2])]
    assert basic_words == sorted(basic_words) and set(basic_words) <= set(range(1, 12))
    assert tactical_words == list(range(1, len(learn.all_rounds(tactical)) + 1))


def test_the_round_words_agree_with_the_engine(rounds: list[RoundSummary]) -> None:
    """The engine's sentences for the page's rounds, as the page prints them."""
    players = ("Ann", "Ben", "Cid", "Dan")
    words = [round_words(players, r, cards=False) for r in rounds]
    assert words[0] == (
        "Ben's 59 is highest and takes the 6, Cid's 51 the 11. Cid shows the highest nest, "
        "11, and turns a cockatoo card (2 left)."
    )
    assert (
        "Ben and Cid share the highest nest, 8. Ben has none left to turn and drops out; "
        "Cid turns a cockatoo card (1 left). Now Cid shows the highest nest, 8, and turns a "
        "cockatoo card (none left)."
    ) in words[3]
    assert words[4].endswith(
        "Only 2 players are still in, so the cycle ends. Points for the cycle: Ann 7 points, "
        "Ben \u22121 point, Cid \u22121 point, Dan 2 points."
    )
    for text in words:
        assert not re.search(r"\b1 (points|cockatoo cards)\b|\u22121 points", text), text


def test_what_the_page_says_in_its_own_words_is_so(
    basic: notation.Record, rounds: list[RoundSummary]
) -> None:
    page = PAGE.read_text(encoding="utf-8")
    states = list(notation.replay(basic))
    dealt = states[4].dealt
    # "Ann holds 15, 21, 24 and 41 (a half each) and 25, 27, 33 and 34 (a whole each): six
    # cockatoos, so six cockatoo cards."
    halves = {n: kuckuck.halves(n) for n in dealt[ANN] if kuckuck.halves(n)}
    assert halves == {15: 1, 21: 1, 24: 1, 41: 1, 25: 2, 27: 2, 33: 2, 34: 2}
    # "After the deal, Ann has six cockatoo cards, Ben two, Cid three and Dan two."
    assert "Ann has six cockatoo cards, Ben two, Cid three and Dan two" in page
    assert states[4].counts == (6, 2, 3, 2)
    # "Ben won the round with the highest card but took the smaller nest; Cid, second, took
    # the 11 and paid for it."
    assert rounds[0].took == ((BEN, 6), (CID, 11)) and rounds[0].turned == (CID,)
    # "In round 1.3 Ben took nothing and still turned a card: his 12 from round 1.2 stayed
    # on top. Cid's 8 now lies on his 7, which lies on his 11; only the 8 counts."
    assert (BEN, 12) in rounds[1].took and BEN not in dict(rounds[2].took)
    assert rounds[2].turned == (BEN,) and rounds[2].tops[BEN] == 12
    assert states[10].nests[CID] == (11, 7, 8)
    # "Ben had to turn a card with none left, so he dropped out ... and Cid, who shared the
    # highest nest with him, turned one more."
    first, again = rounds[3].turnings
    assert first.dropped == (BEN,) and first.turned == (CID,) and again.turned == (CID,)
    # "In round 1.5 Cid dropped out too, and with only Ann and Dan left the cycle ended after
    # five rounds." "Ann never took a nest card, so her empty nest, 0, was the lowest."
    assert rounds[4].dropped == (CID,) and rounds[4].out == {BEN, CID}
    assert rounds[4].round == 5 and rounds[4].scores is not None
    assert all(ANN not in dict(r.took) for r in rounds[:5]) and rounds[4].tops[ANN] == 0
    assert rounds[4].tops[ANN] < rounds[4].tops[DAN]
    # "Ben now holds Ann's old hand and its six cockatoo cards, Cid holds Ben's, Dan Cid's,
    # and Ann Dan's. Everyone is in again, with empty nests."
    second = states[14]
    assert [second.hands[s] for s in (BEN, CID, DAN, ANN)] == [frozenset(h) for h in dealt]
    assert second.counts[BEN] == 6 and not second.out and not any(second.nests)
    # "Round 2.4 shows a drop-out at work ... Cid's 8 left play with him, and Dan's 7 was then
    # the highest nest among the players still in. Ann held the lowest nest, her 2, when the
    # cycle ended."
    r24 = rounds[8]
    assert (r24.cycle, r24.round) == (2, 4)
    assert r24.turnings[0].dropped == (CID,) and r24.turnings[0].top == 8
    assert r24.turnings[1].turned == (DAN,) and r24.turnings[1].top == 7
    end = rounds[-1]
    assert end.cycle == 2 and end.tops[ANN] == 2
    assert min(end.tops[s] for s in range(4) if s not in end.out) == 2
    # "The four deal lines and the five rounds of the first cycle ... make 14 entries."
    assert len(basic.moves[:14]) == 14 and isinstance(basic.moves[14], kuckuck.Nest)
    assert (states[14].cycle, states[13].cycle) == (1, 0)
    # "Ann's total of 7 is the 6 cockatoo cards she still showed ... and the point for the
    # lowest nest."
    assert rounds[4].cockatoos[ANN] == 6 and rounds[4].scores == (7, -1, -1, 2)


def test_the_tactical_chapter_says_what_the_engine_does(
    tactical: notation.Record, learn: ModuleType
) -> None:
    states = list(notation.replay(tactical))
    rounds: list[RoundSummary] = learn.all_rounds(tactical)
    # "Ann has the most cockatoo cards, six, so she starts."
    assert states[4].counts[ANN] == 6 == max(states[4].counts) and states[4].starter == ANN
    assert states[4].counts.count(6) == 1
    # "In round 1.1 Cid and Dan both turned a card; Dan played after Cid, so Ann, on Dan's
    # left, started round 1.2."
    order = [seat for seat, _ in rounds[0].plays]
    assert rounds[0].turned == (CID, DAN) and order.index(DAN) > order.index(CID)
    assert rounds[0].next_starter == ANN == rounds[1].plays[0][0]
    # "Ben, last to play in round 1.3, could see that his 59 would take the smaller nest
    # card, the 3."
    assert rounds[2].plays[-1] == (BEN, 59) and rounds[2].took[0] == (BEN, 3)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What the command prints, on both streams."""
    main(list(args))
    out, err = capsys.readouterr()
    return out + err


WRITING = LEARN.parent / "writing.md"


def _shown(after: str) -> str:
    """The ``text`` block of the page "Writing a game down" that follows *after*."""
    page = WRITING.read_text(encoding="utf-8")
    return page[page.index(after) :].split("```text\n", 1)[1].split("```", 1)[0]


def test_the_commands_print_what_the_page_shows(
    basic: notation.Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cuckoo validate`` and ``cuckoo replay --turn 14``, run on the page's record, print
    what the page "Writing a game down" shows."""
    text = PAGE.read_text(encoding="utf-8")
    record = next(m[3] for m in FENCE.finditer(text) if m[1] == "cuckoo-game")
    path = tmp_path / "match.cuckoo"
    path.write_text(record, encoding="utf-8")
    command, summary = _shown("$ cuckoo validate cards.cuckoo").splitlines()
    assert command == "$ cuckoo validate match.cuckoo"
    assert summary in _run(capsys, "validate", str(path)).splitlines()
    command, *output = _shown("with each player's").splitlines()
    assert command == "$ cuckoo replay match.cuckoo --turn 14"
    assert _run(capsys, "replay", str(path), "--turn", "14").splitlines() == output
    # "try --turn 12 to see her six still up before the last round"
    assert "Ann  hand  8  cockatoos 6/6" in _run(capsys, "replay", str(path), "--turn", "12")


def test_a_summary_reads_the_engine_round_by_round() -> None:
    """On random matches of both versions: the summary's table after each round is the
    engine's, and a round that ends a cycle carries the engine's points for it."""
    for seed in range(12):
        rng = random.Random(seed)
        variant = kuckuck.rules(variant=("basic", "tactical")[seed % 2])
        names = ("Ann", "Ben", "Cid", "Dan", "Eve")[: 3 + seed % 3]
        state = kuckuck.new_game(variant, kuckuck.Setup(names))
        first, moves, states = state, [], [state]
        while not state.is_over:
            move = (
                kuckuck.random_outcome(state, rng)
                if state.is_chance
                else rng.choice(kuckuck.legal_moves(state))
            )
            moves.append(move)
            state = kuckuck.apply(state, move)
            states.append(state)
        summaries = list(round_summaries(first, moves))
        after = [s for s in states if s.step == "nest" and (s.round or s.cycle)] + [states[-1]]
        assert len(summaries) == len(after)
        for summary, table in zip(summaries, after, strict=True):
            if summary.scores is None:
                assert summary.cockatoos == table.cockatoos and summary.out == table.out
                assert summary.tops == tuple(table.top(s) for s in range(len(table.players)))
                assert summary.turned == table.turned and summary.round == table.round
            else:
                assert summary.scores == table.scores[-1] and summary.cycle == table.cycle
            assert summary.totals == kuckuck.totals(table)
        assert sum(s.scores is not None for s in summaries) == len(first.players)
