"""The report's plots (matplotlib, no pyplot state): PNG bytes, ready to embed or to save.

:func:`plots` draws, from a report (:func:`referee.report.summary.summarise`): the win rates with their
intervals, how rounds end, the volley lengths, the round lengths, the points per round and the final
margins (A against B where there are two studies), and with two studies the differences A − B of every
rate with their intervals.
"""

from __future__ import annotations

import io
import textwrap
from typing import Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D

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


def _rows(report: dict[str, Any], group: str, unit: str) -> list[dict[str, Any]]:
    labels = _labels(report)
    return [r for r in report["metrics"] if r["group"] == group and r["kind"] == "rate" and r["unit"] == unit
            and any(r[label]["trials"] for label in labels)
            and not any(r[label].get("not_measured") for label in labels)]


def rate_bars_figure(report: dict[str, Any], group: str, unit: str, title: str) -> Figure:
    """Horizontal bars of one group's rates of one ``unit`` (of games, of rounds), A and B side by side, with
    95 % error bars."""
    rows = _rows(report, group, unit)
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
    ax.set_xlabel(f"% of {unit} (95 % interval)")
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize="small")
    ax.grid(axis="x", alpha=0.3)
    return figure


def rate_bars(report: dict[str, Any], group: str, unit: str, title: str) -> bytes:
    """:func:`rate_bars_figure` as PNG bytes."""
    return _png(rate_bars_figure(report, group, unit, title))


def histogram(report: dict[str, Any], name: str, title: str, xlabel: str, unit: str,
              bins: int | None = None) -> bytes:
    """:func:`histogram_figure` as PNG bytes."""
    return _png(histogram_figure(report, name, title, xlabel, unit, bins))


def histogram_figure(report: dict[str, Any], name: str, title: str, xlabel: str, unit: str,
                     bins: int | None = None) -> Figure:
    """The share of ``unit`` (rounds, games…) by value of ``name``, A against B (in ``bins`` where given)."""
    labels = _labels(report)
    figure = Figure(figsize=(WIDTH, 3.4))
    ax = figure.subplots()
    series = {label: {int(v): c for v, c in report["histograms"].get(name, {}).get(label, {}).items()}
              for label in labels}
    values = sorted({v for counts in series.values() for v in counts})
    if not values:
        ax.text(0.5, 0.5, "no data", ha="center", transform=ax.transAxes)
        return figure
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
    return figure


def _edges(low: int, high: int, bins: int) -> list[float]:
    step = max(1, -(-(high - low + 1) // bins))
    return [low - 0.5 + i * step for i in range((high - low) // step + 2)]


#: The colours of a difference: flagged after the correction for many comparisons, clear alone (its 95 %
#: interval excludes 0, but not after the correction), and one whose interval straddles 0.
FLAGGED, CLEAR_ALONE, STRADDLES = "#c0392b", "#e67e22", "#7f8c8d"


def _difference_colour(d: dict[str, Any]) -> str:
    if d.get("flagged"):
        return FLAGGED
    return CLEAR_ALONE if d.get("excludes_zero") else STRADDLES


def rate_units(report: dict[str, Any]) -> list[str]:
    """The units of the rates that have a difference (games, rounds, volleys...), in the report's order."""
    return list(dict.fromkeys(r["unit"] for r in _difference_rows(report)))


def _difference_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in report["metrics"] if r["kind"] == "rate" and r["difference"]["value"] is not None
            and r["difference"]["low"] is not None and not r.get("summarised")]


def differences_figure(report: dict[str, Any], unit: str) -> Figure:
    """A − B of every rate of one unit (of games, of rounds...) with its 95 % interval, coloured flagged,
    clear alone or straddling 0."""
    rows = [r for r in _difference_rows(report) if r["unit"] == unit]
    figure = Figure(figsize=(WIDTH, 0.3 * len(rows) + 2.2))
    ax = figure.subplots()
    for i, row in enumerate(rows):
        d = row["difference"]
        spread = [[max(0.0, 100 * (d["value"] - d["low"]))], [max(0.0, 100 * (d["high"] - d["value"]))]]
        ax.errorbar([100 * d["value"]], [i], xerr=spread, fmt="o", color=_difference_colour(d), capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [r["metric"] for r in rows], fontsize="small")
    ax.invert_yaxis()
    ax.set_xlabel(f"A − B, points of % of {unit} (95 % interval)")
    family = (report.get("correction") or "").split(" differences")[0].removeprefix("The report compares ")
    ax.legend(handles=[Line2D([], [], color=FLAGGED, marker="o", linestyle="",
                              label=f"flagged (Holm, {family} comparisons)"),
                       Line2D([], [], color=CLEAR_ALONE, marker="o", linestyle="", label="clear alone"),
                       Line2D([], [], color=STRADDLES, marker="o", linestyle="", label="interval across 0")],
              fontsize="small", loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, frameon=False)
    ax.set_title(f"{_name(report, 'A')} minus {_name(report, 'B')}: rates of {unit}", pad=24)
    ax.grid(axis="x", alpha=0.3)
    return figure


def differences(report: dict[str, Any], unit: str) -> bytes:
    """:func:`differences_figure` as PNG bytes."""
    return _png(differences_figure(report, unit))


#: What to look for in each plot (the page's captions), by file stem (``differences-UNIT`` and ``win-rates-UNIT``
#: by the start of their stem).
CAPTIONS = {
    "differences": "Every rate of one unit, A − B with its 95 % interval. Red: the differences that stay clear "
                   "after Holm's correction for all the comparisons the report makes; orange: clear alone, not "
                   "after the correction; grey: an interval across 0, where these games cannot tell the "
                   "variants apart. Right of the line, more often under A.",
    "win-rates": "Who wins. Bars near 50 % mean the seat or the turn order gives no edge; where the two "
                 "variants' error bars do not overlap, the rule change moved who wins.",
    "round-endings": "The card a round ends on, % of rounds. Compare the bars of each kind between the variants; "
                     "figures these styles cannot move are left off.",
    "volley-lengths": "How many cards a volley reaches: its Draw 2s, and its Wild Draw 4s where the variant lets "
                      "one answer a volley. Weight further right means longer volleys.",
    "volley-draws": "The cards drawn when a volley ends (its total, a challenge's penalty, or nothing where the "
                    "round ends without the final draw). Weight further right means bigger draws.",
    "round-lengths": "How many events a round takes (every play, draw, challenge and interjection). A curve "
                     "shifted right means longer rounds; a wider one, less predictable rounds.",
    "round-turns": "How many turns a round takes (a turn: a player's play or draw, with a playable card just "
                   "drawn played in the same turn; interjections and imposed draws are no turn).",
    "rounds-per-game": "How many rounds a game takes: the game's length. A shift right means longer games "
                       "(the target score and the points per round set it).",
    "points-per-round": "Points scored in a round. A shift right means rounds that score more, so games "
                        "that reach the target sooner.",
    "final-margin": "The points between the players at the end. Weight to the left means closer games.",
}


def caption(stem: str) -> str:
    """What to look for in the plot ``stem`` (a ``differences-UNIT`` or ``win-rates-UNIT`` by its kind)."""
    return CAPTIONS.get(stem) or next((text for key, text in CAPTIONS.items() if stem.startswith(key + "-")), "")


def _slug(unit: str) -> str:
    return unit.lower().replace(" ", "-")


def figures(report: dict[str, Any]) -> dict[str, tuple[str, Figure]]:
    """Every plot of the report: file stem → (title, figure), in the order the report shows them (the
    differences first, one plot per unit, where there are two studies). Each plot keeps to one unit."""
    out: dict[str, tuple[str, Figure]] = {}
    if "B" in report["studies"]:
        for unit in rate_units(report):
            out[f"differences-{_slug(unit)}"] = (f"A − B, rates of {unit}", differences_figure(report, unit))
    who = dict.fromkeys(r["unit"] for r in report["metrics"] if r["group"] == "Who wins" and r["kind"] == "rate")
    for unit in who:
        if _rows(report, "Who wins", unit):
            out[f"win-rates-{_slug(unit)}"] = (f"Who wins, % of {unit}", rate_bars_figure(
                report, "Who wins", unit, f"Who wins, % of {unit} (95 % intervals)"))
    out["round-endings"] = ("How rounds end", rate_bars_figure(
        report, "How rounds end", "rounds", "The card that goes out, % of rounds (95 % intervals)"))
    for stem, name, title, xlabel, unit, bins in _HISTOGRAMS:
        out[stem] = (title, histogram_figure(report, name, title, xlabel, unit, bins))
    return out


#: The histograms: (stem, metric, title, x-axis, unit, bins or None for a bar per value).
_HISTOGRAMS: tuple[tuple[str, str, str, str, str, int | None], ...] = (
    ("volley-lengths", "volley length", "Volley lengths", "cards in the volley", "volleys", None),
    ("volley-draws", "cards drawn at a volley's end", "Cards drawn at a volley's end", "cards drawn", "volleys",
     None),
    ("round-lengths", "events per round", "Round lengths in events", "events in the round", "rounds", 40),
    ("round-turns", "turns per round", "Round lengths in turns", "turns in the round", "rounds", 40),
    ("rounds-per-game", "rounds per game", "Rounds per game", "rounds", "games", 30),
    ("points-per-round", "points per round", "Points per round", "points scored in the round", "rounds", 40),
    ("final-margin", "final margin", "Final margin", "points between the players at the end", "games", 40),
)


def plots(report: dict[str, Any]) -> dict[str, tuple[str, bytes]]:
    """Every plot of the report (:func:`figures`): file stem → (title, PNG bytes)."""
    return {stem: (title, _png(figure)) for stem, (title, figure) in figures(report).items()}


def _unit_words(row: dict[str, Any]) -> str:
    """A sweep row's unit, for its panel's title: ``% of rounds`` for a rate, ``per round`` for a mean."""
    unit = row.get("unit", "")
    if row["kind"] == "rate":
        return f"% of {unit}" if unit else "%"
    return f"per {unit.removesuffix('s')}" if unit else ""


def y_span(row: dict[str, Any], scale: float) -> tuple[float, float]:
    """A sweep panel's y-axis: every interval of the row and the first value's level inside it, with a margin
    of a tenth of that span (never narrower than the widest interval, so that noise inside the intervals does
    not fill the panel and read as a trend)."""
    cells = row["cells"]
    lows = [(c["low"] if c["low"] is not None else c["value"]) * scale for c in cells]
    highs = [(c["high"] if c["high"] is not None else c["value"]) * scale for c in cells]
    low, high = min(lows), max(highs)
    widest = max(h - lo for lo, h in zip(lows, highs, strict=True))
    span = max(high - low, 2 * widest, 1e-9)
    middle = (low + high) / 2
    return middle - span * 0.55, middle + span * 0.55


def sweep_figure(sweep: dict[str, Any]) -> Figure:
    """Each figure of a sweep against the parameter's values: its 95 % interval band, the first value's level
    as a dashed reference line, and every value that differs from the first (after Holm's correction over
    every comparison) drawn as a red diamond; each panel in one unit."""
    rows = sweep["headline"]
    columns = 3
    lines = max(1, -(-len(rows) // columns))
    figure = Figure(figsize=(WIDTH, 2.8 * lines + 0.7))
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
        flagged = row.get("flagged") or [False] * len(cells)
        ax.fill_between(xs, lows, highs, color=COLOURS["A"], alpha=0.2, linewidth=0)
        ax.axhline(ys[0], color="#555555", linestyle="--", linewidth=0.9, label="the first value's level")
        ax.plot(xs, ys, marker="o", color=COLOURS["A"])
        marked = [x for x in xs if flagged[x]]
        if marked:
            ax.plot(marked, [ys[x] for x in marked], linestyle="", marker="D", markersize=9, color=FLAGGED,
                    label="differs from the first")
        ax.set_ylim(*y_span(row, scale))
        ax.set_xticks(xs, sweep["values"], fontsize="small")
        parameter = f" [{row['parameter']}]" if row.get("parameter") else ""
        ax.set_title(textwrap.fill(f"{row['metric']}{parameter} ({_unit_words(row)})", 44), fontsize="small")
        ax.grid(alpha=0.3)
    tested = sum(1 for row in rows for change in row.get("changes", []) if change is not None)
    figure.supxlabel(f"{sweep['parameter']} (band: 95 % interval; dashed: the first value's level; red diamond: "
                     f"differs from the first value after Holm's correction for {tested} comparisons)",
                     fontsize="small")
    return figure


def sweep_plot(sweep: dict[str, Any]) -> bytes:
    """:func:`sweep_figure` as PNG bytes."""
    return _png(sweep_figure(sweep))


#: What to look for in the sweep's plot (its caption).
SWEEP_CAPTION = ("How often play used the parameter, then each headline figure, at each value of the parameter, "
                 "with its 95 % interval as a band and the first value's level as a dashed line. A red diamond "
                 "marks a value whose figure differs from the first value's after Holm's correction for every "
                 "comparison made (each figure, each later value); the y-axis always spans the intervals, so a "
                 "line that wanders inside its band is noise, not a trend.")


def sweep_plots(sweep: dict[str, Any]) -> dict[str, tuple[str, bytes]]:
    """A sweep's plots: file stem → (title, PNG bytes)."""
    return {"sweep": (f"The headline figures against {sweep['parameter']}", sweep_plot(sweep))}


__all__ = ["CAPTIONS", "CLEAR_ALONE", "FLAGGED", "STRADDLES", "SWEEP_CAPTION", "caption", "differences",
           "differences_figure", "figures", "histogram", "histogram_figure", "plots", "rate_bars", "rate_bars_figure",
           "rate_units", "sweep_figure", "sweep_plot", "sweep_plots", "y_span"]
