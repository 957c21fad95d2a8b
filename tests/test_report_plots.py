"""Honest plots: a sweep's y-axis spans its intervals with the first value's level as a reference line, every value
that differs from the first is flagged (Holm over every comparison), "clear alone" has its own colour, each
plot keeps to one unit, labels are true under every variant, and a round's length is drawn in turns too.

On 18c2001's plots (plots.py as it was before 688278e) these fail: the sweep's panels auto-scaled with no reference
line and flagged only the first value against the last, one "points of %" axis mixed rates of games, rounds and
volleys, "clear alone" was drawn grey like an interval across 0, and "volley reaches 3 Draw 2s (6 cards)" was wrong
once a Wild Draw 4 may join a volley. Shown by running this file with that plots.py in place of today's (its
figures returned instead of their PNG bytes, and the names imported here mapped onto its functions: its one
differences plot and one win-rates plot for every unit, its sweep flag of the first value against the last, its
colours): all seven fail, each on the point it tests --
the axis test finds no reference line; the flags test finds no value marked at the middle; the panels' titles read
"first player goes out (%)", not "(% of rounds)"; clear alone and across 0 share one grey (2 colours, not 3); the
differences' axis is one "points of %" for every unit; "Draw 2s in the volley" labels a volley; there is no plot of
a round's turns. The sweep's own comparisons (tests/test_report_sweep.py,
test_every_value_is_compared_with_the_first_and_corrected_together) fail on that commit's sweep.py: it compared
the last value alone."""

from __future__ import annotations

import pytest
from matplotlib.colors import to_hex

from referee.engine.variants import UNO_DUO
from referee.report import make_report
from referee.report.plots import (
    CLEAR_ALONE,
    FLAGGED,
    STRADDLES,
    differences_figure,
    figures,
    rate_units,
    sweep_figure,
)

HOUSE = UNO_DUO.derive("wd4-answers", {"wild_draw_4_answers_volley": True})


def _cell(value, half):
    return {"value": value, "low": value - half, "high": value + half}


def _sweep():
    """A volley length that peaks at the middle value (flagged there only) and a rate that never moves."""
    peak = {"metric": "volley length", "kind": "mean", "unit": "volleys",
            "cells": [_cell(1.49, 0.01), _cell(1.62, 0.01), _cell(1.50, 0.01)],
            "changes": [None, {"value": 0.13, "flagged": True}, {"value": 0.01, "flagged": False}],
            "flagged": [False, True, False]}
    flat = {"metric": "first player goes out", "kind": "rate", "unit": "rounds",
            "cells": [_cell(0.50, 0.02), _cell(0.51, 0.02), _cell(0.49, 0.02)],
            "changes": [None, {"value": 0.01, "flagged": False}, {"value": -0.01, "flagged": False}],
            "flagged": [False, False, False]}
    return {"parameter": "failed_challenge_draw", "values": ["4", "6", "8"], "headline": [peak, flat]}


def test_a_sweeps_axis_spans_its_intervals_around_the_first_values_level():
    sweep = _sweep()
    axes = [ax for ax in sweep_figure(sweep).axes if ax.get_visible()]
    for ax, row in zip(axes, sweep["headline"], strict=True):
        scale = 100 if row["kind"] == "rate" else 1
        low, high = ax.get_ylim()
        assert low <= min(c["low"] for c in row["cells"]) * scale
        assert high >= max(c["high"] for c in row["cells"]) * scale
        level = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
        assert len(level) == 1 and set(level[0].get_ydata()) == {row["cells"][0]["value"] * scale}
        # never narrower than twice the widest interval: noise inside the band does not fill the panel
        widest = max(c["high"] - c["low"] for c in row["cells"]) * scale
        assert high - low >= 2 * widest


def test_a_sweep_flags_every_value_that_differs_from_the_first_a_peak_in_the_middle_too():
    sweep = _sweep()
    figure = sweep_figure(sweep)
    peak, flat = [ax for ax in figure.axes if ax.get_visible()]
    marked = [line for line in peak.get_lines() if line.get_marker() == "D"]
    assert len(marked) == 1 and list(marked[0].get_xdata()) == [1] and to_hex(marked[0].get_color()) == FLAGGED
    assert not [line for line in flat.get_lines() if line.get_marker() == "D"]
    label = figure.get_supxlabel()
    assert "Holm" in (label if isinstance(label, str) else label.get_text())


def test_each_panel_of_a_sweep_names_its_unit():
    titles = [ax.get_title() for ax in sweep_figure(_sweep()).axes if ax.get_visible()]
    assert titles == ["volley length (per volley)", "first player goes out (% of rounds)"]
    long = {**_sweep(), "headline": [{**_sweep()["headline"][0], "metric": "failed challenger's draw (WD4-5)",
                                      "parameter": "failed_challenge_draw", "unit": "rounds"}]}
    title = next(ax for ax in sweep_figure(long).axes if ax.get_visible()).get_title()
    assert title.replace("\n", " ") == "failed challenger's draw (WD4-5) [failed_challenge_draw] (per round)"
    assert max(len(line) for line in title.splitlines()) <= 44  # wrapped to its panel's width


@pytest.fixture(scope="module")
def house() -> dict:
    return make_report(HOUSE, "uno-duo", games=30, seed=1, bots=("random", "challenger"))


def test_clear_alone_has_its_own_colour(house):
    colours = {FLAGGED, CLEAR_ALONE, STRADDLES}
    assert len(colours) == 3
    # Make one difference clear alone, one flagged, one across 0, and read the colour each is drawn in.
    report = {**house, "metrics": [dict(r) for r in house["metrics"]]}
    rows = [r for r in report["metrics"] if r["kind"] == "rate" and r["unit"] == "rounds"
            and r["difference"]["low"] is not None and not r.get("summarised")][:3]
    kinds = ({"flagged": True, "excludes_zero": True}, {"flagged": False, "excludes_zero": True},
             {"flagged": False, "excludes_zero": False})
    for row, kind in zip(rows, kinds, strict=True):
        row["difference"] = {**row["difference"], **kind}
    ax = differences_figure(report, "rounds").axes[0]
    drawn = {}
    for container in ax.containers:
        point = container.lines[0]
        drawn[round(point.get_ydata()[0])] = to_hex(point.get_color())
    plotted = [r for r in report["metrics"] if r["kind"] == "rate" and r["unit"] == "rounds"
               and r["difference"]["value"] is not None and r["difference"]["low"] is not None
               and not r.get("summarised")]
    for row, colour in zip(rows, (FLAGGED, CLEAR_ALONE, STRADDLES), strict=True):
        assert drawn[plotted.index(row)] == colour


def test_each_plot_keeps_to_one_unit(house):
    units = rate_units(house)
    assert {"games", "rounds", "volleys"} <= set(units)
    drawn = figures(house)
    for unit in units:
        ax = drawn[f"differences-{unit.lower().replace(' ', '-')}"][1].axes[0]
        assert ax.get_xlabel() == f"A − B, points of % of {unit} (95 % interval)"
        names = {tick.get_text() for tick in ax.get_yticklabels()}
        assert names == {r["metric"] for r in house["metrics"] if r["kind"] == "rate" and r["unit"] == unit
                         and r["difference"]["low"] is not None and not r.get("summarised")}
    for stem in ("win-rates-games", "win-rates-rounds"):
        unit = stem.rsplit("-", 1)[1]
        ax = drawn[stem][1].axes[0]
        assert ax.get_xlabel() == f"% of {unit} (95 % interval)"
        assert {t.get_text() for t in ax.get_yticklabels()} <= {r["metric"] for r in house["metrics"]
                                                                 if r["unit"] == unit}


def test_labels_hold_under_a_variant_where_a_wild_draw_4_joins_a_volley(house):
    texts = []
    for _, figure in figures(house).values():
        for ax in figure.axes:
            texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *(t.get_text() for t in ax.get_yticklabels())]
    # a volley is counted in cards (its Draw 2s and Wild Draw 4s), never in Draw 2s alone
    assert not [t for t in texts if ("volley" in t.lower() and "Draw 2s" in t) or "6 cards" in t]
    assert "cards in the volley" in texts
    assert not [r["metric"] for r in house["metrics"] if "volley" in r["metric"] and "Draw 2s" in r["metric"]]


def test_a_rounds_length_is_drawn_in_events_and_in_turns(house):
    drawn = figures(house)
    assert drawn["round-lengths"][1].axes[0].get_xlabel() == "events in the round"
    assert drawn["round-turns"][1].axes[0].get_xlabel() == "turns in the round"
    turns = next(r for r in house["metrics"] if r["metric"] == "turns per round")
    events = next(r for r in house["metrics"] if r["metric"] == "events per round")
    assert 0 < turns["A"]["value"] < events["A"]["value"]
