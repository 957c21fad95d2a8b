"""The report's intervals against published figures (Newcombe 1998, Statistics in Medicine 17: the single
proportion, Table II, and the difference of two proportions, method 10) and cases worked by hand: the
score interval of a count's mean, the MOVER difference of two counts, p-values and Holm's correction."""

from __future__ import annotations

from statistics import NormalDist

import pytest

from referee.report.intervals import Estimate, Moments, Z, holm, mover, newcombe, p_value, score_mean, wilson


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


def test_the_score_interval_of_a_count_by_hand():
    # 0 0 0 1 3: mean 0.8, s² = (10 − 4²/5)/4 = 1.7, dispersion φ = 1.7/0.8; with c = z²·φ/n the bounds
    # are 0.8 + c/2 ∓ √(0.8·c + c²/4) = 0.21187 and 3.02075 (a normal interval would reach −0.34).
    estimate = score_mean(Moments(5, 4, 10))
    assert estimate.value == 0.8
    assert estimate.low == pytest.approx(0.211868, abs=1e-6) and estimate.high == pytest.approx(3.020752, abs=1e-6)
    assert round(Z, 6) == 1.959964


def test_the_score_interval_is_poissons_for_one_count_and_never_leaves_its_range():
    # One count of 10 (φ = 1): the Poisson score interval, 11.92 ∓ √(38.41 + 3.69) = [5.432, 18.409].
    ten = score_mean(Moments(1, 10, 100))
    assert (round(ten.low, 3), round(ten.high, 3)) == (5.432, 18.409)
    # Never seen in 100 rounds: [0, z²/100], not a negative bound.
    never = score_mean(Moments(100, 0, 0))
    assert never.value == 0 and never.low == 0 and never.high == pytest.approx(Z * Z / 100)
    # Exactly once a round, every round (DRAFT-1): no spread, the value itself.
    assert score_mean(Moments(50, 50, 50)) == Estimate(1.0, 1.0, 1.0)
    # Rare and lopsided: one firing of 3 in 200 rounds stays above 0.
    assert score_mean(Moments(200, 3, 9)).low > 0
    assert score_mean(Moments(0, 0, 0)).value is None


def test_a_floor_shifts_the_range():
    # Volley lengths 1 1 2 3 (at least 1): counted from 1 they are 0 0 1 2, mean 0.75, s² = 11/12.
    estimate = score_mean(Moments(4, 7, 15), floor=1)
    assert estimate.value == 1.75
    assert estimate.low == pytest.approx(1.230195, abs=1e-6) and estimate.high == pytest.approx(3.443584, abs=1e-6)
    # Every volley one Draw 2 (no-volley): all at the floor, no spread to go by — a Poisson's, as for a count
    # never seen: [1, 1 + z²/9].
    at_floor = score_mean(Moments(9, 9, 9), floor=1)
    assert (at_floor.value, at_floor.low) == (1.0, 1.0) and at_floor.high == pytest.approx(1 + Z * Z / 9)


def test_mover_difference_of_two_counts_by_hand():
    a, b = Estimate(2.0, 1.5, 2.7), Estimate(1.0, 0.8, 1.4)
    d = mover(a, b)
    assert d.value == 1.0
    assert d.low == pytest.approx(1 - (0.5 ** 2 + 0.4 ** 2) ** 0.5)
    assert d.high == pytest.approx(1 + (0.7 ** 2 + 0.2 ** 2) ** 0.5)
    assert mover(a, Estimate(None, None, None)).value is None
    assert mover(Estimate(3.0, None, None), b) == Estimate(2.0, None, None)


def test_a_p_value_is_the_level_at_which_the_interval_touches_zero():
    p = p_value(lambda z: newcombe(56, 70, 48, 80, z))
    assert 0 < p < 0.05  # its 95 % interval [0.0524, 0.3339] excludes 0
    at_p = newcombe(56, 70, 48, 80, NormalDist().inv_cdf(1 - p / 2))
    assert at_p.low == pytest.approx(0, abs=1e-9)
    assert p_value(lambda z: newcombe(5, 56, 0, 29, z)) > 0.05  # [−0.0381, 0.1926] straddles 0
    assert p_value(lambda z: Estimate(0.0, -z, z)) == 1.0
    assert p_value(lambda z: Estimate(1.0, 1.0, 1.0)) == 0.0  # a difference that never varies


def test_holm_by_hand():
    # sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → raised to 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]  # 0.5·2 = 1, and 0.9 may not fall below it
    assert holm([0.9, 0.01]) == [0.9, 0.02]
    assert holm([]) == []
