"""The report's intervals against published figures (Newcombe 1998, Statistics in Medicine 17: the single
proportion, Table II, and the difference of two proportions, method 10)."""

from __future__ import annotations

import math

import pytest

from referee.report.intervals import Moments, Z, mean_interval, newcombe, welch, wilson


@pytest.mark.parametrize(("hits", "trials", "low", "high"), [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0),
])
def test_wilson_matches_the_published_intervals(hits, trials, low, high):
    estimate = wilson(hits, trials)
    assert estimate.value == hits / trials
    assert round(estimate.low, 4) == low and round(estimate.high, 4) == high


def test_wilson_is_exact_at_the_ends_and_empty_without_trials():
    assert wilson(0, 7).low == 0.0 and wilson(7, 7).high == 1.0
    assert wilson(0, 0).value is None and wilson(0, 0).low is None


@pytest.mark.parametrize(("a", "b", "d", "low", "high"), [
    ((56, 70), (48, 80), 0.2000, 0.0524, 0.3339),
    ((9, 10), (3, 10), 0.6000, 0.1705, 0.8090),
    ((6, 7), (2, 7), 0.5714, 0.0582, 0.8062),
    ((5, 56), (0, 29), 0.0893, -0.0381, 0.1926),
])
def test_newcombe_matches_the_published_differences(a, b, d, low, high):
    estimate = newcombe(*a, *b)
    assert (round(estimate.value, 4), round(estimate.low, 4), round(estimate.high, 4)) == (d, low, high)
    assert estimate.excludes_zero is (low > 0)


def test_the_normal_interval_of_a_mean_by_hand():
    values = [2, 4, 4, 4, 5, 5, 7, 9]  # mean 5, sample variance 32/7
    m = Moments(len(values), sum(values), sum(v * v for v in values))
    estimate = mean_interval(m)
    half = Z * math.sqrt(32 / 7 / 8)
    assert estimate.value == 5
    assert estimate.low == pytest.approx(5 - half) and estimate.high == pytest.approx(5 + half)
    assert round(Z, 6) == 1.959964


def test_welch_difference_by_hand_and_with_too_little_data():
    a = Moments(4, 10, 30)  # 1 2 3 4: mean 2.5, variance 5/3
    b = Moments(3, 3, 5)    # 0 1 2:   mean 1,   variance 1
    estimate = welch(a, b)
    half = Z * math.sqrt(5 / 3 / 4 + 1 / 3)
    assert estimate.value == 1.5
    assert estimate.low == pytest.approx(1.5 - half) and estimate.high == pytest.approx(1.5 + half)
    assert not estimate.excludes_zero
    assert welch(Moments(1, 3, 9), b).low is None and welch(Moments(1, 3, 9), b).value == 2
    assert mean_interval(Moments(0, 0, 0)).value is None
