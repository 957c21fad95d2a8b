"""95 % intervals for the report's figures, and for the difference between two variants.

- A **rate** (``hits`` of ``trials``): the Wilson score interval (Wilson 1927), which stays inside [0, 1]
  and keeps its coverage for rates near 0 or 1 and for small counts, where the plain normal interval fails.
- The **difference of two rates**: Newcombe's hybrid score interval (Newcombe 1998, method 10), built
  from the two Wilson intervals.
- A **mean** (of ``n`` values given by their sum and sum of squares): the normal interval
  mean ± z·s/√n, which the central limit theorem justifies for the thousands of games a study plays.
- The **difference of two means**: the Welch normal interval, (m₁ − m₂) ± z·√(s₁²/n₁ + s₂²/n₂).

``z`` is the standard normal quantile for 95 % (1.959964…). Where a figure has no data (no trials, or
fewer than two values for a spread) its interval is None.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

#: The confidence level of every interval.
LEVEL = 0.95
#: The two-sided standard normal quantile for :data:`LEVEL`.
Z = NormalDist().inv_cdf(1 - (1 - LEVEL) / 2)


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


def newcombe(hits_a: int, trials_a: int, hits_b: int, trials_b: int, z: float = Z) -> Estimate:
    """The difference of two rates, A − B, with Newcombe's hybrid score interval (method 10)."""
    a, b = wilson(hits_a, trials_a, z), wilson(hits_b, trials_b, z)
    if a.value is None or b.value is None:
        return NO_DATA
    d = a.value - b.value
    below = math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    above = math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Estimate(d, d - below, d + above)


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


def mean_interval(m: Moments, z: float = Z) -> Estimate:
    """The mean with its normal interval."""
    if m.n == 0:
        return NO_DATA
    if m.variance is None:
        return Estimate(m.mean, None, None)
    half = z * math.sqrt(m.variance / m.n)
    return Estimate(m.mean, m.mean - half, m.mean + half)


def welch(a: Moments, b: Moments, z: float = Z) -> Estimate:
    """The difference of two means, A − B, with the Welch normal interval."""
    if a.variance is None or b.variance is None:
        return NO_DATA if a.mean is None or b.mean is None else Estimate(a.mean - b.mean, None, None)
    d = a.mean - b.mean
    half = z * math.sqrt(a.variance / a.n + b.variance / b.n)
    return Estimate(d, d - half, d + half)


__all__ = ["LEVEL", "NO_DATA", "Z", "Estimate", "Moments", "mean_interval", "newcombe", "welch", "wilson"]  # noqa: RUF022
