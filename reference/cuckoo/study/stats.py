"""The statistics a study reports: intervals for every figure, tests between settings, and
Holm's correction, because a study that compares many settings will find some difference
by chance alone."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..players.selfplay import wilson

__all__ = ["holm", "mean_interval", "two_means_p", "two_proportions_p", "wilson"]

Z95 = 1.959963984540054


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of *values* and its 95% interval (normal approximation, sample variance):
    game lengths are bounded, and a study plays hundreds of games a setting."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    half = Z95 * math.sqrt(_variance(values, mean) / n)
    return mean, mean - half, mean + half


def _variance(values: Sequence[float], mean: float) -> float:
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1)


def _two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportions_p(a: float, n: int, b: float, m: int) -> float:
    """The two-sided p-value of the pooled z-test that *a* of *n* and *b* of *m* come from
    the same proportion (half-wins count half, as in the scores)."""
    pooled = (a + b) / (n + m)
    spread = pooled * (1 - pooled) * (1 / n + 1 / m)
    if spread == 0:
        return 1.0
    return _two_sided((a / n - b / m) / math.sqrt(spread))


def two_means_p(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The two-sided p-value of Welch's z-test that two samples have the same mean."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = _variance(xs, mx) / len(xs) + _variance(ys, my) / len(ys)
    if spread == 0:
        return 1.0 if mx == my else 0.0
    return _two_sided((mx - my) / math.sqrt(spread))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value made comparable with 0.05 whatever the
    number of comparisons, in the order given (Holm 1979)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
