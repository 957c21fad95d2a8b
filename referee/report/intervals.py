"""95 % intervals for the report's figures, for the difference between two variants, and the correction
for comparing many figures at once.

- A **rate** (``hits`` of ``trials``): the Wilson score interval (Wilson 1927), which stays inside [0, 1]
  and keeps its coverage for rates near 0 or 1 and for small counts, where the plain normal interval fails.
- A **mean of a count or a size** (rule firings per round, rounds per game, points per round…: values that
  cannot fall below a floor, often skewed): the score interval of a Poisson mean widened or narrowed by the
  values' own dispersion φ = s²/mean (quasi-Poisson). It solves (m − μ)² = z²·φ·μ/n for μ, so it leans
  towards the long tail and can never leave [floor, ∞): a rare count seen 0 times gets [0, z²/n], not a
  negative bound. With φ = 1 it is the Poisson score interval; with values that never vary it is the value.
- The **difference** A − B of two figures: the MOVER interval (Zou & Donner 2008) built from the two
  intervals above, d − √((a − a₋)² + (b₊ − b)²) … d + √((a₊ − a)² + (b − b₋)²). For two rates this is
  Newcombe's hybrid score interval (Newcombe 1998, method 10).
- **Many differences at once**: each difference's p-value is the level at which its interval just touches 0
  (the test the interval inverts), and Holm's step-down correction (Holm 1979) of those p-values keeps the
  chance of flagging any difference that is not there at 5 % over the whole family.

``z`` is the standard normal quantile for 95 % (1.959964…). Where a figure has no data its interval is None.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

#: The confidence level of every interval.
LEVEL = 0.95
_NORMAL = NormalDist()
#: The two-sided standard normal quantile for :data:`LEVEL`.
Z = _NORMAL.inv_cdf(1 - (1 - LEVEL) / 2)
#: Beyond this z no interval of the report touches 0 any more: its p-value is reported as 0.
_Z_MAX = 38.0


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure with its 95 % interval (``low``/``high`` None where there is too little data)."""

    value: float | None
    low: float | None
    high: float | None

    @property
    def excludes_zero(self) -> bool:
        """True when the whole interval lies on one side of 0 (a difference that is clear at 95 %)."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def to_dict(self) -> dict:
        """JSON-ready."""
        return {"value": self.value, "low": self.low, "high": self.high}


NO_DATA = Estimate(None, None, None)


def wilson(hits: int, trials: int, z: float = Z) -> Estimate:
    """The rate ``hits / trials`` with its Wilson score interval."""
    if trials <= 0:
        return NO_DATA
    p = hits / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if hits == 0 else max(0.0, centre - half)   # exact at the ends, not off by rounding
    high = 1.0 if hits == trials else min(1.0, centre + half)
    return Estimate(p, low, high)


def mover(a: Estimate, b: Estimate) -> Estimate:
    """The difference A − B with the MOVER interval recovered from the two figures' own intervals."""
    if a.value is None or b.value is None:
        return NO_DATA
    d = a.value - b.value
    if a.low is None or a.high is None or b.low is None or b.high is None:
        return Estimate(d, None, None)
    below = math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    above = math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Estimate(d, d - below, d + above)


def newcombe(hits_a: int, trials_a: int, hits_b: int, trials_b: int, z: float = Z) -> Estimate:
    """The difference of two rates, A − B, with Newcombe's hybrid score interval (method 10)."""
    return mover(wilson(hits_a, trials_a, z), wilson(hits_b, trials_b, z))


@dataclass(frozen=True, slots=True)
class Moments:
    """``n`` values by their count, sum and sum of squares (exact integers: merging is order-free)."""

    n: int
    total: float
    squares: float

    @property
    def mean(self) -> float | None:
        """The mean, or None without values."""
        return self.total / self.n if self.n else None

    @property
    def variance(self) -> float | None:
        """The sample variance (n − 1), or None with fewer than two values."""
        if self.n < 2:
            return None
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))


def score_mean(m: Moments, floor: float = 0.0, z: float = Z) -> Estimate:
    """The mean of values that cannot fall below ``floor`` with its quasi-Poisson score interval: the μ
    with (m − μ)² ≤ z²·φ·μ/n, counted from the floor, where φ = s²/m is the values' dispersion (1, a
    Poisson's, when it cannot be estimated: fewer than two values, or all of them at the floor)."""
    if m.n == 0:
        return NO_DATA
    mean = m.total / m.n
    above = mean - floor
    variance = m.variance
    dispersion = variance / above if variance is not None and above > 0 else 1.0
    c = z * z * dispersion / m.n
    half = math.sqrt(c * above + c * c / 4)
    low = max(0.0, above + c / 2 - half)  # ≥ 0 in exact arithmetic; max() only absorbs rounding
    return Estimate(mean, floor + low, floor + above + c / 2 + half)


def p_value(interval_at: Callable[[float], Estimate]) -> float:
    """The two-sided p-value of "no difference" for the interval ``interval_at(z)`` builds: the level
    1 − p at which it just touches 0 (found by bisection on z; intervals widen as z grows)."""
    if not interval_at(1e-9).excludes_zero:
        return 1.0
    if interval_at(_Z_MAX).excludes_zero:
        return 0.0
    low, high = 1e-9, _Z_MAX
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if interval_at(mid).excludes_zero else (low, mid)
    return 2 * (1 - _NORMAL.cdf((low + high) / 2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the k-th smallest of m is multiplied by
    m − k + 1, and no adjusted value is below that of a smaller p (capped at 1)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


__all__ = ["LEVEL", "NO_DATA", "Z", "Estimate", "Moments", "holm", "mover", "newcombe", "p_value",  # noqa: RUF022
           "score_mean", "wilson"]
