"""The statistics against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from cuckoo.study.stats import holm, mean_interval, two_means_p, two_proportions_p, wilson


def test_wilson_five_of_ten() -> None:
    # p = 0.5, n = 10, z = 1.96: centre 0.5, half-width 1.96 * sqrt(0.025 + 0.009604) / 1.38416
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_none_of_twenty_stays_above_zero_width() -> None:
    # 0 of 20: the interval is [0, z^2 / (n + z^2)] = [0, 3.8416 / 23.8416]
    low, high = wilson(0, 20)
    assert low == 0
    assert high == pytest.approx(3.8416 / 23.8416, abs=1e-4)


def test_holm_by_hand() -> None:
    # sorted: 0.005 x 4 = 0.02; 0.01 x 3 = 0.03; 0.03 x 2 = 0.06; 0.04 x 1 = 0.04 -> 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_never_exceeds_one() -> None:
    assert holm([0.5, 0.9]) == [1.0, 1.0]


def test_two_proportions() -> None:
    # 60/100 v 40/100: pooled 0.5, se = sqrt(0.25 * 0.02), z = 2.8284, p = erfc(2.8284 / sqrt 2)
    assert two_proportions_p(60, 100, 40, 100) == pytest.approx(0.004678, abs=1e-5)
    assert two_proportions_p(30, 100, 30, 100) == pytest.approx(1.0)


def test_mean_interval() -> None:
    # mean 2.5, sample variance 5/3, se = sqrt(5/12)
    mean, low, high = mean_interval([1, 2, 3, 4])
    assert mean == 2.5
    assert high - mean == pytest.approx(1.959964 * math.sqrt(5 / 12))
    assert mean - low == pytest.approx(high - mean)


def test_two_means() -> None:
    # means 2.5 and 4.5, each variance 5/3 over 4: z = 2 / sqrt(5/6)
    p = two_means_p([1, 2, 3, 4], [3, 4, 5, 6])
    assert p == pytest.approx(math.erfc(2 / math.sqrt(5 / 6) / math.sqrt(2)))
