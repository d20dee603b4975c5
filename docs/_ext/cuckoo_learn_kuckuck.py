"""Zum Kuckuck!'s Learn to Play page, written by the engine: after the page's
``{cuckoo-game}``,

* ``{cuckoo-rounds} FROM TO`` tells rounds FROM to TO of the match (counted from 1 over the
  whole record) in words, each with its line of the record;
* ``{cuckoo-round-table} N`` tables round N seat by seat: the card played, the nest card
  taken, the nest on top, the cockatoo cards turned and left;
* ``{cuckoo-cycle-table} C`` tables cycle C round by round, one line each;
* ``{cuckoo-cycle-score} C`` tables how cycle C was scored, and the totals after it.

Every number comes from :mod:`cuckoo.kuckuck.summary`, so the page cannot say what the
engine does not.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cuckoo.games import GAMES
from cuckoo.kuckuck import notation
from cuckoo.kuckuck.moves import Nest
from cuckoo.kuckuck.summary import RoundSummary, round_summaries, round_words, signed

KUCKUCK = GAMES["zum-kuckuck"]


def all_rounds(record: Any) -> list[RoundSummary]:
    """Every round of *record*, from the state before its first card."""
    return list(round_summaries(notation.start(record), notation.engine_moves(record)))


def round_lines(record: Any) -> list[str]:
    """Each round's part of the record: its start draw, nest cards and number cards."""
    lines: list[list[str]] = []
    drawn = False
    for item in record.moves:
        if isinstance(item, notation.Hand):
            continue
        if isinstance(item, notation.Draw) or (isinstance(item, Nest) and not drawn):
            lines.append([])
        drawn = isinstance(item, notation.Draw)
        lines[-1].append(str(item))
    return [" ".join(line) for line in lines]


def rounds_text(record: Any, first: int, last: int) -> str:
    """Rounds *first* to *last* as a Markdown list: the record's words, then the engine's."""
    players = record.setup().players
    summaries, written = all_rounds(record), round_lines(record)
    lines = []
    for n in range(first, last + 1):
        summary = summaries[n - 1]
        label = f"{summary.cycle}.{summary.round}."
        words = round_words(players, summary, cards=False)
        lines.append(f"- **{label}** `{written[n - 1]}`: {words}")
    return "\n".join(lines)


def round_table(record: Any, n: int) -> str:
    """Round *n* seat by seat, as a Markdown table."""
    players = record.setup().players
    summary = all_rounds(record)[n - 1]
    played = dict(summary.plays)
    took = dict(summary.took)
    turned = summary.turned
    lines = [
        "| player | plays | takes | nest on top | cockatoo cards turned | left |",
        "|---|---|---|---|---|---|",
    ]
    for seat, name in enumerate(players):
        if seat not in played:
            lines.append(f"| {name} | out of the cycle | | | | |")
            continue
        turns = turned.count(seat)
        status = "dropped out" if seat in summary.dropped else str(summary.cockatoos[seat])
        lines.append(
            f"| {name} | {played[seat]} | {took.get(seat, '')} | {summary.tops[seat] or '-'} "
            f"| {turns or ''} | {status} |"
        )
    return "\n".join(lines)


def cycle_table(record: Any, cycle: int) -> str:
    """Cycle *cycle* round by round, one line each, as a Markdown table."""
    players = record.setup().players
    lines = [
        "| round | nest cards | " + " | ".join(players) + " | turns a cockatoo card |",
        "|---|---|" + "---|" * len(players) + "---|",
    ]
    for summary in (s for s in all_rounds(record) if s.cycle == cycle):
        played = dict(summary.plays)
        took = dict(summary.took)
        cells = []
        for seat in range(len(players)):
            if seat not in played:
                cells.append("out")
            elif seat in took:
                cells.append(f"{played[seat]} → {took[seat]}")
            else:
                cells.append(str(played[seat]))
        times = {s: summary.turned.count(s) for s in summary.turned}
        turns = ", ".join(
            players[s] + (" twice" if n == 2 else f" {n} times" if n > 2 else "")
            for s, n in times.items()
        )
        turns = turns or "nobody"
        if summary.dropped:
            turns += "; out: " + ", ".join(players[s] for s in summary.dropped)
        low, high = summary.nests
        lines.append(
            f"| {cycle}.{summary.round}. | {low} {high} | " + " | ".join(cells) + f" | {turns} |"
        )
    return "\n".join(lines)


def cycle_score(record: Any, cycle: int) -> str:
    """How cycle *cycle* was scored (ZK-SCORE-*), per player, as a Markdown table."""
    players = record.setup().players
    (last,) = [s for s in all_rounds(record) if s.cycle == cycle and s.scores is not None]
    assert last.scores is not None
    still = [s for s in range(len(players)) if s not in last.out]
    low = min(last.tops[s] for s in still)
    lines = [
        "| player | cockatoos up | lowest nest | dropped out | no cockatoo card | points | total |",
        "|---|---|---|---|---|---|---|",
    ]
    for seat, name in enumerate(players):
        out = seat in last.out
        cells = [
            "" if out else str(last.cockatoos[seat]),
            "+1" if not out and last.tops[seat] == low else "",
            signed(-1) if out else "",
            "+2" if last.counts[seat] == 0 else "",
            signed(last.scores[seat]),
            signed(last.totals[seat]),
        ]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


class _KuckuckDirective(SphinxDirective):
    """A table or list written from the page's Zum Kuckuck! ``cuckoo-game``."""

    def record(self) -> Any:
        game = self.env.temp_data.get("cuckoo-game")
        if game is None or game[0] is not KUCKUCK:
            raise self.error(f"{self.name} needs a Zum Kuckuck! cuckoo-game before it")
        self.env.note_dependency(__file__)  # rebuilt when the words change, not only the page
        return self.env.temp_data["cuckoo-record"]

    def numbers(self, most: int) -> list[int]:
        numbers = [int(a) for a in self.arguments if a.isdigit()]
        if len(numbers) != len(self.arguments) or not all(1 <= n <= most for n in numbers):
            raise self.error(f"expected numbers 1 to {most}, not {' '.join(self.arguments)}")
        return numbers


class RoundsDirective(_KuckuckDirective):
    """``cuckoo-rounds FROM TO``: rounds FROM to TO in words."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        record = self.record()
        first, last = self.numbers(len(all_rounds(record)))
        return self.parse_text_to_nodes(rounds_text(record, first, last))


class RoundTableDirective(_KuckuckDirective):
    """``cuckoo-round-table N``: round N, seat by seat."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        record = self.record()
        (n,) = self.numbers(len(all_rounds(record)))
        return self.parse_text_to_nodes(round_table(record, n))


class CycleTableDirective(_KuckuckDirective):
    """``cuckoo-cycle-table C``: cycle C, a line a round."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        record = self.record()
        (cycle,) = self.numbers(all_rounds(record)[-1].cycle)
        return self.parse_text_to_nodes(cycle_table(record, cycle))


class CycleScoreDirective(_KuckuckDirective):
    """``cuckoo-cycle-score C``: how cycle C was scored."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        record = self.record()
        scored = [s.cycle for s in all_rounds(record) if s.scores is not None]
        (cycle,) = self.numbers(max(scored, default=0))
        return self.parse_text_to_nodes(cycle_score(record, cycle))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cuckoo-rounds", RoundsDirective)
    app.add_directive("cuckoo-round-table", RoundTableDirective)
    app.add_directive("cuckoo-cycle-table", CycleTableDirective)
    app.add_directive("cuckoo-cycle-score", CycleScoreDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
