"""What a study's games showed, setting by setting and match by match, and how each setting
differs from its part's baseline (the first setting listed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .spec import SEPARATOR, Part, Study
from .stats import holm, mean_interval, two_means_p, two_proportions_p, wilson
from .tasks import game_count

__all__ = ["Comparison", "Figure", "Group", "Summary", "summarize"]


@dataclass(frozen=True)
class Figure:
    """A measured value with its 95% interval."""

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        digits = 3 if self.high <= 1 else 1
        return f"{self.value:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


def _proportion(successes: float, n: int) -> Figure:
    low, high = wilson(successes, n)
    return Figure(successes / n, low, high)


@dataclass
class Group:
    """The games of one setting and one match."""

    part: Part
    setting: str
    match: tuple[str, ...]
    games: int = 0
    first_points: float = 0.0
    """The first player's score summed: a win 1, a win shared by k 1/k."""
    skill_points: float = 0.0
    """The first-named bot's score summed, over every seat it held."""
    decided: Counter[str] = field(default_factory=Counter)
    sides: Counter[str] = field(default_factory=Counter)
    lengths: list[float] = field(default_factory=list)

    def add(self, record: Mapping[str, Any]) -> None:
        winners = record["winners"]
        share = 1 / len(winners) if winners else 0.0
        self.games += 1
        self.first_points += share * (record["first"] in winners)
        self.skill_points += share * sum(
            1 for seat in winners if record["seats"][seat] == self.match[0]
        )
        if "decided" in record:
            self.decided[record["decided"]] += 1
            self.sides[record["sides"]] += 1
        self.lengths.append(record["length"])

    @property
    def mirror(self) -> bool:
        """Whether the same bot sits everywhere: no skill to measure, and a fair first
        player scores one share of the seats."""
        return len(set(self.match)) == 1

    @property
    def fair(self) -> float:
        """The first-named bot's score if it were no better than the others."""
        return self.match.count(self.match[0]) / len(self.match)

    @property
    def first(self) -> Figure:
        return _proportion(self.first_points, self.games)

    @property
    def skill(self) -> Figure:
        return _proportion(self.skill_points, self.games)

    @property
    def tiebreaks(self) -> int:
        """Games that a tie on the sides left to a tie-break."""
        return self.games - self.decided["sides"]

    @property
    def length(self) -> Figure:
        return Figure(*mean_interval(self.lengths))

    def frequency(self, counts: Counter[str], name: str) -> Figure:
        return _proportion(counts[name], self.games)


@dataclass(frozen=True)
class Comparison:
    """One setting against its part's baseline, on one measure of one match."""

    part: str
    measure: str
    match: tuple[str, ...]
    setting: str
    baseline: float
    value: float
    p: float
    p_holm: float = 1.0
    """The p-value after Holm's correction over every comparison of the part."""


@dataclass
class Summary:
    """A study's groups in the order of the study, and its comparisons."""

    study: Study
    groups: list[Group]
    comparisons: list[Comparison]
    missing: int
    """Games of the study not (yet) in the results."""
    repeated: int = 0
    """Lines of the results that repeat a game already counted (two runs at once wrote it):
    each game is counted once."""


def _compare(part: Part, groups: list[Group]) -> list[Comparison]:
    found: list[Comparison] = []
    baseline = {g.match: g for g in groups if g.setting == part.settings[0].key and g.games}
    for g in groups:
        base = baseline.get(g.match)
        if base is None or g is base or not g.games:
            continue
        tests: list[tuple[str, float, float, float]] = []
        if "first" in part.measures and g.mirror:
            p = two_proportions_p(g.first_points, g.games, base.first_points, base.games)
            tests.append(("first", base.first.value, g.first.value, p))
        if "skill" in part.measures and not g.mirror:
            p = two_proportions_p(g.skill_points, g.games, base.skill_points, base.games)
            tests.append(("skill", base.skill.value, g.skill.value, p))
        if "decided" in part.measures and g.mirror:
            p = two_proportions_p(g.tiebreaks, g.games, base.tiebreaks, base.games)
            tests.append(("tie-break", base.tiebreaks / base.games, g.tiebreaks / g.games, p))
        if "length" in part.measures and g.mirror and min(g.games, base.games) > 1:
            p = two_means_p(g.lengths, base.lengths)
            tests.append(("length", base.length.value, g.length.value, p))
        found += [Comparison(part.name, m, g.match, g.setting, b, v, p) for m, b, v, p in tests]
    adjusted = holm([c.p for c in found])
    return [
        Comparison(c.part, c.measure, c.match, c.setting, c.baseline, c.value, c.p, q)
        for c, q in zip(found, adjusted, strict=True)
    ]


def summarize(study: Study, records: Iterable[Mapping[str, Any]]) -> Summary:
    """The figures of *study* from its result *records* (checked ones, as
    :func:`~.results.read_results` gives them), each game counted once however often it
    appears."""
    groups: dict[tuple[str, str, tuple[str, ...]], Group] = {}
    for part in study.parts:
        for setting in part.settings:
            for match in part.matches:
                groups[part.name, setting.key, match] = Group(part, setting.key, match)
    seen: set[str] = set()
    repeated = 0
    for record in records:
        key = record["key"]
        if key in seen:
            repeated += 1
            continue
        seen.add(key)
        part_name, setting, match, _ = key.split(SEPARATOR)
        groups[part_name, setting, tuple(match.split(","))].add(record)
    ordered = list(groups.values())
    comparisons = [
        c for part in study.parts for c in _compare(part, [g for g in ordered if g.part is part])
    ]
    return Summary(study, ordered, comparisons, game_count(study) - len(seen), repeated)
