"""What a run found: each case's outcome, counted by spec section, and what differs between
an expected answer and the engine's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..engine import quote


@dataclass
class Report:
    """What a run found, by spec section."""

    passed: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    xfailed: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)
    failed_ids: list[str] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    """Each case's outcome (``pass``, ``fail``, ``skip``, ``xfail``, ``xpass``), with its
    game, rules and, for a failure, what went wrong: the report's cases."""
    disagreements: list[dict[str, Any]] = field(default_factory=list)
    """Random games only: each game where the engine differs from the reference, with the
    commands of the shortest game that shows it."""

    partial: bool = False
    """Whether the run accepts a partial engine (``--partial``): cases or games the engine
    cannot express (``? unsupported``) then leave the run a pass."""

    optional: int = 0
    """Of the cases the engine could not express, those a claim of conformance may leave
    out: ``perft`` cases (an engine need not count positions)."""

    @property
    def unexpressed(self) -> int:
        """The cases or games skipped because the engine answered ``? unsupported`` (those a
        ``--run`` or ``--skip`` left out carry no reason), but the :attr:`optional` ones."""
        skipped: int = sum(o["outcome"] == "skip" and "reason" in o for o in self.outcomes)
        return skipped - self.optional

    @property
    def ok(self) -> bool:
        """Nothing failed, and something was checked (an empty suite proves nothing), and
        nothing was skipped as the engine could not express it, unless the run accepts a
        partial engine: a skip is never a pass of the whole suite."""
        checked = not self.failed and bool(self.passed or self.xfailed)
        return checked and (self.partial or not self.unexpressed)

    def summary(self) -> str:
        line = f"{sum(self.passed.values())} passed, {sum(self.failed.values())} failed"
        xfailed = sum(self.xfailed.values())
        line += f", {xfailed} xfailed" if xfailed else ""
        skipped = sum(o["outcome"] == "skip" for o in self.outcomes)
        line += f", {skipped} skipped" if skipped else ""
        if not (self.failed or self.passed or self.xfailed):
            return line + ": nothing was checked"
        if self.unexpressed and not self.failed:
            return line + (": a partial engine" if self.partial else ": not conformant")
        return line


def _held(fields: dict[Any, object], key: object) -> str:
    """A field's value quoted, or ``missing`` where there is no such field (not ``None``:
    a field may hold null)."""
    return quote(fields[key]) if key in fields else "missing"


def compare(expected: object, got: object) -> str | None:
    """None if equal, else what differs, briefly."""
    if expected == got:
        return None
    if isinstance(expected, list) and isinstance(got, list):
        missing = [m for m in expected if m not in got][:5]
        extra = [m for m in got if m not in expected][:5]
        if not (missing or extra):
            return f"the same moves, but {len(expected)} expected and {len(got)} given"
        return f"missing {quote(missing)}, unexpected {quote(extra)}"
    if isinstance(expected, dict) and isinstance(got, dict):
        keys = sorted(
            k
            for k in expected.keys() | got.keys()
            if (k in expected) != (k in got) or expected.get(k) != got.get(k)
        )
        return "; ".join(
            f"{quote(k)}: expected {_held(expected, k)}, got {_held(got, k)}" for k in keys[:3]
        )
    return f"expected {quote(expected)}, got {quote(got)}"
