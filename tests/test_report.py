"""``referee report``: the same numbers for a seed on one core, two, or a Dask cluster; the HTML page
with its plots and no link out; the JSON of every number; clear errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.executor import Executor
from referee.report import make_report
from referee.report.page import page
from referee.report.summary import GROUPS

NO_VOLLEY = str(Path(__file__).parent.parent / "variants" / "no-volley.toml")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def one_core() -> dict:
    return make_report("uno-duo", NO_VOLLEY, games=12, seed=5, executor=Executor(1, progress=False))


def test_the_numbers_do_not_depend_on_the_number_of_workers(one_core):
    assert make_report("uno-duo", NO_VOLLEY, games=12, seed=5, executor=Executor(2, progress=False)) == one_core


def test_a_dask_cluster_gives_the_numbers_of_a_local_run(one_core, dask_address):
    on_dask = make_report("uno-duo", NO_VOLLEY, games=12, seed=5, executor=Executor(dask=dask_address, progress=False))
    assert on_dask == one_core


def test_every_metric_has_its_interval_and_a_difference(one_core):
    rows = one_core["metrics"]
    assert {r["group"] for r in rows} == set(GROUPS)
    assert [r["group"] for r in rows] == sorted((r["group"] for r in rows), key=GROUPS.index)
    for row in rows:
        assert set(row) >= {"A", "B", "difference", "unit", "kind"}
        for cell in (row["A"], row["B"]):
            if row["kind"] == "rate" and cell["trials"]:
                assert 0 <= cell["low"] <= cell["value"] <= cell["high"] <= 1
    volley = next(r for r in rows if r["metric"] == "volley reaches 2 Draw 2s")
    assert volley["B"]["hits"] == 0 and volley["B"]["trials"] > 0  # no-volley: every volley is one Draw 2
    assert volley["difference"]["excludes_zero"] and volley["difference"]["low"] > 0
    study = one_core["studies"]["B"]
    assert study["variant"]["name"] == "no-volley" and study["games"] == 12
    assert study["seating"] == {"Ana": {"greedy": 6, "challenger": 6}, "Ben": {"greedy": 6, "challenger": 6}}
    assert "Wilson" in one_core["method"] and "Newcombe" in one_core["method"] and "Welch" in one_core["method"]


def test_the_command_writes_html_with_plots_and_no_link_out_and_json_of_every_number(tmp_path):
    out = tmp_path / "report"
    result = run("report", "--variant", "uno-duo", "--vs", NO_VOLLEY, "--games", "4", "--seed", "5",
                 "--out", str(out), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "A − B" in result.stdout and "volley reaches 2 Draw 2s" in result.stdout
    assert result.stderr.startswith("wrote ")
    numbers = json.loads((out / "report.json").read_text())
    assert numbers["studies"]["A"]["games"] == 4 and numbers["studies"]["B"]["variant"]["name"] == "no-volley"
    assert numbers["tallies"]["A"]["moments"]["rounds per game"][0] == 4  # the counts behind every figure
    page = (out / "report.html").read_text()
    assert len(re.findall(r"src='data:image/png;base64,[A-Za-z0-9+/=]+'", page)) == 8
    assert not re.search(r"https?://|//cdn|<script|<link", page)
    assert "Newcombe" in page and "no-volley" in page and "seat Ana" in page
    assert len(list((out / "plots").glob("*.png"))) == 8


def test_one_variant_alone_and_one_style_in_both_seats():
    result = run("report", "--variant", "classic-duel", "--games", "4", "--seed", "2", "--bots", "random")
    assert result.exit_code == 0, result.output
    assert "A: classic-duel" in result.stdout and "B:" not in result.stdout
    report = make_report("classic-duel", games=4, seed=2, bots=("random",))
    assert list(report["studies"]) == ["A"] and report["studies"]["A"]["bots"] == ["random", "random"]
    assert "difference" not in report["metrics"][0]
    html = page(report, {})
    assert "<th>A − B</th>" not in html and "classic-duel" in html


@pytest.mark.parametrize(("args", "words"), [
    (["--variant", "nope"], "unknown variant 'nope'"),
    (["--variant", "uno-duo", "--bots", "clever"], "unknown player style 'clever'"),
    (["--variant", "uno-duo", "--bots", "a,b,c"], "one or two styles"),
    (["--variant", "uno-duo", "--games", "0"], "--games"),
    (["--variant", "uno-duo", "--jobs", "0"], "--jobs"),
])
def test_bad_options_get_one_clear_line(args, words):
    result = run("report", *args)
    assert result.exit_code in (1, 2)
    assert words in result.output and "Traceback" not in result.output
