"""How the report writes a figure, its interval and a difference as text (the terminal, the page and the
finding in words all write them alike): each to the decimals its interval's width warrants."""

from __future__ import annotations

import math
from typing import Any

#: What a figure no seated style can move shows instead of a number.
NOT_MEASURED = "not measured"


def number(x: float) -> str:
    """A figure in words: three significant digits, no exponent."""
    return f"{x:.3g}" if abs(x) >= 1e-3 or x == 0 else f"{x:.2g}"


def _decimals(low: float, high: float) -> int:
    """Decimals enough for two significant digits of an interval's half-width (at most 3)."""
    half = (high - low) / 2
    return 1 if half <= 0 else max(0, min(3, 1 - math.floor(math.log10(half))))


def _written(value: float, low: float | None, high: float | None, sign: str = "") -> str:
    """A value and its interval, each to the decimals its width warrants."""
    if low is None or high is None:
        return f"{value:{sign}.3g}"
    d = _decimals(low, high)
    return f"{value:{sign}.{d}f} [{low:{sign}.{d}f}, {high:{sign}.{d}f}]"


def figure(cell: dict[str, Any], kind: str) -> str:
    """A figure and its interval as text: ``31.2 % [29.1, 33.4]`` or ``9.61 [9.48, 9.74]``."""
    if cell.get("not_measured"):
        return NOT_MEASURED
    if cell.get("value") is None:
        return "—"
    if kind == "rate":
        return f"{cell['value'] * 100:.1f} % [{cell['low'] * 100:.1f}, {cell['high'] * 100:.1f}]"
    return _written(cell["value"], cell.get("low"), cell.get("high"))


def difference(cell: dict[str, Any], kind: str) -> str:
    """A − B and its interval, in points of percentage for rates; ``*`` where it is flagged (clear after
    the correction for many comparisons)."""
    if cell.get("value") is None:
        return "—"
    scale, unit = (100, " pt") if kind == "rate" else (1, "")
    low, high = cell.get("low"), cell.get("high")
    text = _written(cell["value"] * scale, None if low is None else low * scale,
                    None if high is None else high * scale, "+")
    if unit:
        text = text.replace(" [", f"{unit} [", 1) if "[" in text else text + unit
    return text + (" *" if cell.get("flagged") else "")


__all__ = ["NOT_MEASURED", "difference", "figure", "number"]
