"""The report's plots (matplotlib, no pyplot state): PNG bytes, ready to embed or to save.

:func:`plots` draws, from a report (:func:`referee.report.summary.summarise`): the win rates with their
intervals, how rounds end, the volley lengths, the round lengths, the points per round and the final
margins (A against B where there are two studies), and with two studies the differences A − B of every
rate with their intervals.
"""

from __future__ import annotations

import io
from typing import Any

from matplotlib.figure import Figure

COLOURS = {"A": "#1f77b4", "B": "#ff7f0e"}
WIDTH = 7.5


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=96, metadata={"Software": None})
    return buffer.getvalue()


def _labels(report: dict[str, Any]) -> list[str]:
    return list(report["studies"])


def _name(report: dict[str, Any], label: str) -> str:
    return f"{label}: {report['studies'][label]['variant']['name']}"


def _rows(report: dict[str, Any], group: str) -> list[dict[str, Any]]:
    labels = _labels(report)
    return [r for r in report["metrics"] if r["group"] == group and r["kind"] == "rate"
            and any(r[label]["trials"] for label in labels)]


def rate_bars(report: dict[str, Any], group: str, title: str) -> bytes:
    """Horizontal bars of one group's rates, A and B side by side, with 95 % error bars."""
    rows = _rows(report, group)
    labels = _labels(report)
    figure = Figure(figsize=(WIDTH, 0.45 * len(rows) * len(labels) + 1.2))
    ax = figure.subplots()
    height = 0.8 / len(labels)
    for k, label in enumerate(labels):
        ys = [i + (k - (len(labels) - 1) / 2) * height for i in range(len(rows))]
        cells = [r[label] for r in rows]
        values = [100 * (c["value"] or 0) for c in cells]
        errors = [[max(0.0, 100 * ((c["value"] or 0) - (c["low"] or 0))) for c in cells],
                  [max(0.0, 100 * ((c["high"] or 0) - (c["value"] or 0))) for c in cells]]
        ax.barh(ys, values, height=height, xerr=errors, color=COLOURS[label], capsize=3,
                label=_name(report, label))
    ax.set_yticks(range(len(rows)), [r["metric"] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("% (95 % interval)")
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize="small")
    ax.grid(axis="x", alpha=0.3)
    return _png(figure)


def histogram(report: dict[str, Any], name: str, title: str, xlabel: str, unit: str,
              bins: int | None = None) -> bytes:
    """The share of ``unit`` (rounds, games…) by value of ``name``, A against B (in ``bins`` where given)."""
    labels = _labels(report)
    figure = Figure(figsize=(WIDTH, 3.6))
    ax = figure.subplots()
    series = {label: {int(v): c for v, c in report["histograms"].get(name, {}).get(label, {}).items()}
              for label in labels}
    values = sorted({v for counts in series.values() for v in counts})
    if not values:
        ax.text(0.5, 0.5, "no data", ha="center", transform=ax.transAxes)
        return _png(figure)
    if bins is None:  # one bar per value, side by side
        width = 0.8 / len(labels)
        for k, label in enumerate(labels):
            total = sum(series[label].values()) or 1
            xs = [v + (k - (len(labels) - 1) / 2) * width for v in values]
            ax.bar(xs, [100 * series[label].get(v, 0) / total for v in values], width=width,
                   color=COLOURS[label], label=_name(report, label))
        ax.set_xticks(values)
    else:
        edges = _edges(values[0], values[-1], bins)
        for label in labels:
            counts = series[label]
            total = sum(counts.values()) or 1
            ax.hist(list(counts), bins=edges, weights=[100 * c / total for c in counts.values()],
                    histtype="step", linewidth=1.8, color=COLOURS[label], label=_name(report, label))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"% of {unit}")
    ax.set_title(title)
    ax.legend(fontsize="small")
    ax.grid(axis="y", alpha=0.3)
    return _png(figure)


def _edges(low: int, high: int, bins: int) -> list[float]:
    step = max(1, -(-(high - low + 1) // bins))
    return [low - 0.5 + i * step for i in range((high - low) // step + 2)]


def differences(report: dict[str, Any]) -> bytes:
    """Every rate's A − B with its 95 % interval; those that exclude 0 stand out."""
    rows = [r for r in report["metrics"] if r["kind"] == "rate" and r["difference"]["value"] is not None
            and r["difference"]["low"] is not None]
    figure = Figure(figsize=(WIDTH, 0.32 * len(rows) + 1.4))
    ax = figure.subplots()
    for i, row in enumerate(rows):
        d = row["difference"]
        colour = "#c0392b" if d["excludes_zero"] else "#7f8c8d"
        spread = [[max(0.0, 100 * (d["value"] - d["low"]))], [max(0.0, 100 * (d["high"] - d["value"]))]]
        ax.errorbar([100 * d["value"]], [i], xerr=spread, fmt="o", color=colour, capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [r["metric"] for r in rows], fontsize="small")
    ax.invert_yaxis()
    ax.set_xlabel("A − B, points of % (95 % interval; red: excludes 0)")
    ax.set_title(f"{_name(report, 'A')} minus {_name(report, 'B')}")
    ax.grid(axis="x", alpha=0.3)
    return _png(figure)


def plots(report: dict[str, Any]) -> dict[str, tuple[str, bytes]]:
    """Every plot of the report: file stem → (title, PNG bytes), in the order the report shows them."""
    out = {
        "win-rates": ("Who wins", rate_bars(report, "Who wins", "Who wins (95 % intervals)")),
        "round-endings": ("How rounds end", rate_bars(report, "How rounds end",
                                                      "The card that goes out (95 % intervals)")),
        "volley-lengths": ("Volley lengths", histogram(report, "volley length", "Volley lengths",
                                                       "Draw 2s in the volley", "volleys")),
        "round-lengths": ("Round lengths", histogram(report, "events per round", "Round lengths",
                                                     "events in the round", "rounds", bins=40)),
        "rounds-per-game": ("Rounds per game", histogram(report, "rounds per game", "Rounds per game",
                                                         "rounds", "games", bins=30)),
        "points-per-round": ("Points per round", histogram(report, "points per round", "Points per round",
                                                           "points scored in the round", "rounds", bins=40)),
        "final-margin": ("Final margin", histogram(report, "final margin", "Final margin",
                                                   "points between the players at the end", "games",
                                                   bins=40)),
    }
    if "B" in report["studies"]:
        out["differences"] = ("A − B", differences(report))
    return out


__all__ = ["differences", "histogram", "plots", "rate_bars"]
