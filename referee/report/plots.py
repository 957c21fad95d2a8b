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
#: Inches at 96 dpi: about 1,000 pixels, the page's full width.
WIDTH = 10.5


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
            and any(r[label]["trials"] for label in labels)
            and not any(r[label].get("not_measured") for label in labels)]


def rate_bars(report: dict[str, Any], group: str, title: str) -> bytes:
    """Horizontal bars of one group's rates, A and B side by side, with 95 % error bars."""
    rows = _rows(report, group)
    labels = _labels(report)
    figure = Figure(figsize=(WIDTH, 0.3 * len(rows) * len(labels) + 1.2))
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
    figure = Figure(figsize=(WIDTH, 3.4))
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
    """Every rate's A − B with its 95 % interval; those flagged after the correction stand out."""
    rows = [r for r in report["metrics"] if r["kind"] == "rate" and r["difference"]["value"] is not None
            and r["difference"]["low"] is not None]
    figure = Figure(figsize=(WIDTH, 0.28 * len(rows) + 1.4))
    ax = figure.subplots()
    for i, row in enumerate(rows):
        d = row["difference"]
        colour = "#c0392b" if d["flagged"] else "#7f8c8d"
        spread = [[max(0.0, 100 * (d["value"] - d["low"]))], [max(0.0, 100 * (d["high"] - d["value"]))]]
        ax.errorbar([100 * d["value"]], [i], xerr=spread, fmt="o", color=colour, capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [r["metric"] for r in rows], fontsize="small")
    ax.invert_yaxis()
    ax.set_xlabel("A − B, points of % (95 % interval; red: flagged after the correction for many comparisons)")
    ax.set_title(f"{_name(report, 'A')} minus {_name(report, 'B')}")
    ax.grid(axis="x", alpha=0.3)
    return _png(figure)


#: What to look for in each plot (the page's captions), by file stem.
CAPTIONS = {
    "differences": "Every rate's A − B with its 95 % interval. Look for the red points: the differences that "
                   "stay clear after the correction for many comparisons; right of the line, more often "
                   "under A. A grey interval across 0 means these games cannot tell the variants apart there.",
    "win-rates": "Who wins. Bars near 50 % mean the seat or the turn order gives no edge; where the two "
                 "variants' error bars do not overlap, the rule change moved who wins.",
    "round-endings": "The card a round ends on. Compare the bars of each kind between the variants; figures "
                     "these styles cannot move are left off.",
    "volley-lengths": "How many Draw 2s a volley reaches. A single bar at 1 means no volley ever grew; "
                      "weight further right means longer volleys and bigger draws.",
    "round-lengths": "How many events a round takes. A curve shifted right means longer rounds; a wider one, "
                     "less predictable rounds.",
    "rounds-per-game": "How many rounds a game takes: the game's length. A shift right means longer games "
                       "(the target score and the points per round set it).",
    "points-per-round": "Points scored in a round. A shift right means rounds that score more, so games "
                        "that reach the target sooner.",
    "final-margin": "The points between the players at the end. Weight to the left means closer games.",
}


def plots(report: dict[str, Any]) -> dict[str, tuple[str, bytes]]:
    """Every plot of the report: file stem → (title, PNG bytes), in the order the report shows them (the
    differences first, where there are two studies)."""
    out = {}
    if "B" in report["studies"]:
        out["differences"] = ("A − B", differences(report))
    out.update({
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
    })
    return out




def sweep_plot(sweep: dict[str, Any]) -> bytes:
    """Each headline figure of a sweep against the parameter's values, with its 95 % interval band."""
    rows = sweep["headline"]
    columns = 3
    lines = max(1, -(-len(rows) // columns))
    figure = Figure(figsize=(WIDTH, 2.7 * lines + 0.6))
    axes = figure.subplots(lines, columns, squeeze=False)
    xs = list(range(len(sweep["values"])))
    for k, ax in enumerate(axes.flat):
        if k >= len(rows):
            ax.set_visible(False)
            continue
        row = rows[k]
        scale = 100 if row["kind"] == "rate" else 1
        cells = row["cells"]
        ys = [c["value"] * scale for c in cells]
        lows = [(c["low"] if c["low"] is not None else c["value"]) * scale for c in cells]
        highs = [(c["high"] if c["high"] is not None else c["value"]) * scale for c in cells]
        colour = "#c0392b" if row["change"]["flagged"] else COLOURS["A"]
        ax.fill_between(xs, lows, highs, color=colour, alpha=0.2, linewidth=0)
        ax.plot(xs, ys, marker="o", color=colour)
        ax.set_xticks(xs, sweep["values"], fontsize="small")
        ax.set_title(row["metric"] + (" (%)" if row["kind"] == "rate" else ""), fontsize="small")
        ax.grid(alpha=0.3)
    figure.supxlabel(f"{sweep['parameter']} (band: 95 % interval; red: a clear change from the first value "
                     "to the last)", fontsize="small")
    return _png(figure)


#: What to look for in the sweep's plot (its caption).
SWEEP_CAPTION = ("Each headline figure at each value of the parameter, with its 95 % interval as a band. "
                 "A figure drawn in red changes clearly from the first value to the last (after the "
                 "correction for the headline figures); look at the slope for how strongly the parameter "
                 "moves it, and at the band's width for how well these games pin it down.")


def sweep_plots(sweep: dict[str, Any]) -> dict[str, tuple[str, bytes]]:
    """A sweep's plots: file stem → (title, PNG bytes)."""
    return {"sweep": (f"The headline figures against {sweep['parameter']}", sweep_plot(sweep))}


__all__ = ["CAPTIONS", "SWEEP_CAPTION", "differences", "histogram", "plots", "rate_bars", "sweep_plot", "sweep_plots"]
