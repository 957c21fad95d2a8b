"""``referee report --sweep PARAM=v1,v2,...``: values read by the parameter's type and checked by the
variant, the same figures on one core, two or a Dask cluster, each headline figure at each value with its
interval, the finding in words, the page with its plot, clear errors."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.engine.variants import PARAMETERS, UNO_DUO
from referee.errors import VariantError
from referee.executor import Executor
from referee.report.intervals import holm
from referee.report.sweep import make_sweep, parse_sweep, parse_value


@pytest.mark.parametrize(("name", "text", "value"), [
    ("target_score", " 300", 300),
    ("volley", "true", True),
    ("final_draw", "false", False),
    ("start", "deal", "deal"),
])
def test_values_are_read_by_the_parameters_type(name, text, value):
    parsed = parse_value(PARAMETERS[name], text)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize(("spec", "words"), [
    ("target_score=100,abc", "target_score takes whole numbers, not \"abc\""),
    ("volley=yes", "volley takes true or false, not \"yes\""),
    ("start=deal,shuffle", "must be one of \"draft\", \"deal\""),
    ("target_score=100,200000", "from 0 to 100000"),
    ("nope=1,2", "unknown parameter \"nope\""),
    ("target_score", "PARAM=v1,v2"),
    ("target_score=100,100", "names a value twice"),
])
def test_a_bad_sweep_is_named_before_any_game(spec, words):
    with pytest.raises(VariantError, match=re.escape(words)):
        parse_sweep(UNO_DUO, spec)


@pytest.fixture(scope="module")
def swept() -> dict:
    sweep = parse_sweep(UNO_DUO, "target_score=50,300")
    return make_sweep(sweep, games=8, seed=4, executor=Executor(1, progress=False))


def test_the_figures_do_not_depend_on_where_they_are_played(swept, dask_address):
    sweep = parse_sweep(UNO_DUO, "target_score=50,300")
    assert make_sweep(sweep, games=8, seed=4, executor=Executor(2, progress=False)) == swept
    assert make_sweep(sweep, games=8, seed=4, executor=Executor(dask=dask_address, progress=False)) == swept


def test_each_headline_figure_at_each_value_with_its_interval(swept):
    assert swept["values"] == ["50", "300"] and swept["parameter"] == "target_score"
    rows = {row["metric"]: row for row in swept["headline"]}
    assert "first player goes out" in rows and "rounds per game" in rows
    for row in swept["headline"]:
        assert len(row["cells"]) == 2
        for cell in row["cells"]:
            assert cell["low"] <= cell["value"] <= cell["high"]
    rounds = rows["rounds per game"]
    assert rounds["cells"][1]["value"] > 3 * rounds["cells"][0]["value"]  # to 300, not 50: many more rounds
    assert rounds["flagged"] == [False, True] and rounds["changes"][0] is None
    assert any(text.startswith("rounds per game differs from") for text in swept["finding"]["moved"])
    # The first row counts how often play used the swept parameter: a round that ends the game
    used = swept["headline"][0]
    assert used["parameter"] == "target_score" and used["cells"][0]["value"] > used["cells"][1]["value"]
    studies = swept["reports"]
    assert [r["studies"]["A"]["variant"]["rules"]["target_score"] for r in studies.values()] == [50, 300]
    assert "UNO forgotten" not in rows  # not measured with these styles: not drawn either


def test_every_value_is_compared_with_the_first_and_corrected_together():
    """Three values, the middle one far from the first: each later value's figure is compared with the first
    value's (not only the last with the first), and Holm's correction runs over every comparison of every
    figure at once. (On the sweep before 688278e only the last value was compared, each figure once, and a
    figure that moved at the middle value alone was never flagged.)"""
    sweep = parse_sweep(UNO_DUO, "target_score=50,300,60")
    swept = make_sweep(sweep, games=8, seed=4, executor=Executor(1, progress=False))
    tested = []
    for row in swept["headline"]:
        assert row["changes"][0] is None and len(row["changes"]) == 3 and len(row["flagged"]) == 3
        for change, flag in zip(row["changes"][1:], row["flagged"][1:], strict=True):
            assert change["low"] <= change["value"] <= change["high"] and flag == change["flagged"]
            tested.append(change)
    assert len(tested) == 2 * len(swept["headline"]) and f"{len(tested)} comparisons" in swept["correction"]
    assert [c["p_holm"] for c in tested] == holm([c["p"] for c in tested])
    assert [c["flagged"] for c in tested] == [c["p_holm"] < 0.05 for c in tested]
    rounds = next(row for row in swept["headline"] if row["metric"] == "rounds per game")
    assert rounds["flagged"] == [False, True, False]  # the middle value moved; 60 stays near 50


def test_the_command_prints_and_draws_the_sweep(tmp_path):
    out = tmp_path / "sweep"
    result = CliRunner().invoke(main, ["report", "--variant", "uno-duo", "--sweep", "volley=true,false",
                                       "--games", "4", "--seed", "2", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("uno-duo with volley = true, false: 4 games at each value")
    assert "Clear differences from volley = true (each value against the first" in result.stdout
    assert "weigh none of the rules that differ (volley)" in " ".join(result.stdout.split())
    assert max(len(line) for line in result.stdout.splitlines()) <= 100
    page = (out / "report.html").read_text()
    assert page.index("The finding") < page.index("Plots") and "plots/sweep.png" in page
    assert len(re.findall(r"src='data:image/png;base64,", page)) == 1
    assert (out / "plots" / "sweep.png").read_bytes().startswith(b"\x89PNG")


def test_sweep_and_vs_do_not_mix():
    result = CliRunner().invoke(main, ["report", "--variant", "uno-duo", "--vs", "classic-duel",
                                       "--sweep", "target_score=100,200"])
    assert result.exit_code == 2 and "--sweep and --vs cannot be combined" in result.output
    result = CliRunner().invoke(main, ["report", "--variant", "uno-duo", "--sweep", "volley=maybe"])
    assert result.exit_code == 1 and "volley takes true or false" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("count, value", [(5, ""), (8, ""), (5, "opponent-hand-or-more")])
def test_every_figure_of_a_sweep_is_printed_whole_in_100_columns(count, value):
    """A 4,000-game sweep's widest figures (``[5.988, 6.132]``, ``[142.0, 146.7]``) at five values of a long
    parameter's name come out whole in 100 columns, never cut at the edge; eight values do too (in two
    tables)."""
    from rich.console import Console

    from referee.report.terminal import print_sweep
    from referee.report.writing import figure

    values = [value + str(100 + 50 * i) for i in range(count)]  # a long value's heading is wider than its figures
    rate = {"metric": "first player goes out", "kind": "rate",
            "cells": [{"value": 0.507 - i / 1000, "low": 0.491, "high": 0.522} for i in range(count)]}
    rounds = {"metric": "rounds per game", "kind": "mean",
              "cells": [{"value": 6.059 + 3 * i, "low": 5.988 + 3 * i, "high": 6.132 + 3 * i} for i in range(count)]}
    margin = {"metric": "final margin", "kind": "mean",
              "cells": [{"value": 144.3, "low": 142.0, "high": 146.7} for _ in range(count)]}
    sweep = {"parameter": "a_rather_long_parameter_name", "values": values, "variant": "uno-duo", "games": 4000,
             "seed": 1, "finding": {"moved": [], "steady": []}, "method": "", "headline": [rate, rounds, margin]}
    console = Console(width=100, record=True, color_system=None)
    print_sweep(sweep, console)
    printed = console.export_text()
    assert max(len(line) for line in printed.splitlines()) <= 100
    assert all(f"= {v}" in printed for v in values)
    for row in sweep["headline"]:
        for cell in row["cells"]:
            value, interval = figure(cell, row["kind"]).split(" [", 1)
            assert value in printed and f"[{interval}" in printed, (row["metric"], value, interval)
