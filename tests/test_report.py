"""``referee report``: the same numbers for a seed on one core, two, or a Dask cluster; the finding first,
in words, on the terminal and on the page; no interval outside its range; rule counts per round, so that
longer games do not flag every rule; figures the styles cannot move shown as not measured; the HTML page
with its plots and no link out; the JSON of every number; the terminal within 100 columns; clear errors,
the missing ``report`` extra among them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.engine.rules import RULES
from referee.engine.variants import UNO_DUO
from referee.executor import Executor
from referee.report import INSTALL, make_report
from referee.report.page import page
from referee.report.summary import GROUPS, MEANS

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


def row_of(report: dict, metric: str) -> dict:
    return next(r for r in report["metrics"] if r["metric"] == metric)


def test_every_metric_has_its_interval_and_a_difference(one_core):
    rows = one_core["metrics"]
    assert {r["group"] for r in rows} == set(GROUPS)
    assert [r["group"] for r in rows] == sorted((r["group"] for r in rows), key=GROUPS.index)
    for row in rows:
        assert set(row) >= {"A", "B", "difference", "unit", "kind"}
    volley = row_of(one_core, "volley reaches 2 cards")
    assert volley["B"]["hits"] == 0 and volley["B"]["trials"] > 0  # no-volley: every volley is one Draw 2
    assert volley["difference"]["excludes_zero"] and volley["difference"]["low"] > 0
    study = one_core["studies"]["B"]
    assert study["variant"]["name"] == "no-volley" and study["games"] == 12
    assert study["seating"] == {"Ana": {"greedy": 6, "challenger": 6}, "Ben": {"greedy": 6, "challenger": 6}}
    assert "Wilson" in one_core["method"] and "Newcombe" in one_core["method"]
    assert "quasi-Poisson" in one_core["method"] and "Holm" in one_core["correction"]


def test_no_interval_leaves_its_range(one_core):
    floors = {name: floor for _, name, _, floor in MEANS}
    rare = 0
    for row in one_core["metrics"]:
        for cell in (row["A"], row["B"]):
            if cell["value"] is None or cell["low"] is None:
                continue
            assert cell["low"] <= cell["value"] <= cell["high"]
            if row["kind"] == "rate":
                assert cell["low"] >= 0 and cell["high"] <= 1
            else:  # counts and sizes: never below the least possible value
                assert cell["low"] >= floors.get(row["metric"], 0)
                rare += cell["value"] < 0.05
    assert rare  # rare counts were there to test (REFILL-1 and CUT-2 went below 0 with the normal interval)
    cut = row_of(one_core, "CUT-2")
    assert cut["unit"] == "games" and cut["A"]["low"] >= 0


def test_rule_rows_carry_the_rules_name_and_count_per_round(one_core):
    rules = [r for r in one_core["metrics"] if r["group"] == "Rules fired"]
    assert rules and all(r["name"] == RULES[r["metric"]].title for r in rules)
    units = {r["metric"]: r["unit"] for r in rules}
    assert units["TURN-1"] == units["D2-2"] == units["END-1"] == "rounds"
    assert units["DECK-1"] == units["CUT-1"] == units["GAME-1"] == "games"  # fired outside every round
    assert units["DRAFT-7"] == "rounds after the first"  # fired as a new round begins
    end = row_of(one_core, "END-1")
    assert end["A"]["value"] == end["A"]["low"] == end["A"]["high"] == 1  # once a round, every round
    assert not end["difference"]["flagged"]


def test_longer_games_with_the_same_rounds_flag_no_rule():
    """A target of 400 makes every game about twice as long, and changes nothing in a round: per game,
    every rule that fires once a round would move (the artefact); per round, none does."""
    longer = UNO_DUO.derive("uno-duo to 400", {"target_score": 400})
    report = make_report("uno-duo", longer, games=30, seed=3, executor=Executor(1, progress=False))
    rounds = row_of(report, "rounds per game")
    assert rounds["difference"]["flagged"] and rounds["B"]["value"] > 1.6 * rounds["A"]["value"]
    per_game = {label: report["tallies"][label]["counts"]["END-1 per round"][0] / 30 for label in "AB"}
    assert per_game["B"] > 1.6 * per_game["A"]  # what a per-game count would have compared
    rules = [r for r in report["metrics"] if r["group"] == "Rules fired"]
    assert len(rules) > 30 and not [r["metric"] for r in rules if r["difference"]["flagged"]]
    for rid in ("END-1", "DRAFT-1", "START-1", "SCORE-1", "DRAFT-7"):
        row = row_of(report, rid)
        assert row["unit"].startswith("rounds") and row["A"]["value"] == row["B"]["value"] == 1
    assert not report["finding"]["rules"]


def test_the_finding_ranks_the_flagged_differences_in_words(one_core):
    changed, rules = one_core["finding"]["changed"], one_core["finding"]["rules"]
    for items in (changed, rules):
        assert items and all(row_of(one_core, c["metric"])["difference"]["flagged"] for c in items)
        assert [c["size"] for c in items] == sorted((c["size"] for c in items), reverse=True)
    # The largest change is how often play used a parameter that differs (the volley's answers)
    assert row_of(one_core, changed[0]["metric"]).get("parameter") in one_core["changed"]
    assert all(c["metric"] not in RULES for c in changed) and all(c["metric"] in RULES for c in rules)
    assert "D2-2" in {c["metric"] for c in rules} and rules[0]["short"].startswith(rules[0]["metric"] + " +")
    volley = next(c["text"] for c in changed if c["metric"] == "volley length")
    assert re.fullmatch(r"volleys run [0-9.]+ cards longer \[[0-9.]+, [0-9.]+\] \([0-9.]+ against 1\)", volley)
    assert any(text.startswith("first player goes out") for text in one_core["finding"]["unchanged"])
    flagged = [r for r in one_core["metrics"] if r["difference"]["flagged"]]
    assert len(flagged) == len(changed) + len(rules)
    # Holm: every flag is a clear 95 % interval, and its adjusted p-value is below 5 %
    assert all(r["difference"]["excludes_zero"] and r["difference"]["p_holm"] < 0.05 for r in flagged)


def test_figures_the_styles_cannot_move_are_not_measured(one_core):
    forgotten = row_of(one_core, "UNO forgotten")
    assert "no seat forgets UNO" in forgotten["A"]["not_measured"]
    assert forgotten["difference"]["value"] is None and "p_holm" not in forgotten["difference"]
    assert row_of(one_core, "catches per round")["A"]["not_measured"]
    assert row_of(one_core, "round ends with a wild")["A"]["not_measured"]
    assert row_of(one_core, "challenge won")["A"]["not_measured"] is None  # the challenger challenges
    whys = [s["why"] for s in one_core["finding"]["not_measured"]]
    assert any("no seat forgets UNO" in why for why in whys)
    # Seated with a style that forgets UNO, the same figure is measured.
    randomly = make_report("uno-duo", games=4, seed=5, bots=("random", "challenger"))
    assert row_of(randomly, "UNO forgotten")["A"]["not_measured"] is None
    assert row_of(randomly, "UNO forgotten")["A"]["trials"] > 0


def test_the_command_writes_html_with_plots_and_no_link_out_and_json_of_every_number(tmp_path):
    out = tmp_path / "report"
    result = run("report", "--variant", "uno-duo", "--vs", NO_VOLLEY, "--games", "4", "--seed", "5",
                 "--out", str(out), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "A − B" in result.stdout and "volley reaches 2 cards" in result.stdout
    assert result.stderr.startswith("wrote ")
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert lines[1].startswith("Verdict: Draw 2 answering a volley (volley)")  # the verdict first: the rule used
    assert "What changed" in result.stdout
    assert result.stdout.index("What changed") < result.stdout.index("Wilson") < result.stdout.index("Every figure,")
    assert all(line.rstrip().endswith("*") for line in lines if " *" in line and "[" in line)  # never wrapped
    numbers = json.loads((out / "report.json").read_text())
    assert numbers["studies"]["A"]["games"] == 4 and numbers["studies"]["B"]["variant"]["name"] == "no-volley"
    assert numbers["tallies"]["A"]["moments"]["rounds per game"][0] == 4  # the counts behind every figure
    page = (out / "report.html").read_text()
    drawn = len(list((out / "plots").glob("*.png")))
    assert drawn >= 12 and len(re.findall(r"src='data:image/png;base64,[A-Za-z0-9+/=]+'", page)) == drawn
    assert not re.search(r"https?://|//cdn|<script|<link", page)
    assert "Newcombe" in page and "no-volley" in page and "seat Ana" in page
    # A figure and its unit are never wrapped apart by the browser: one non-breaking space between them.
    assert re.search(r"\d\u00a0%", page) and not re.search(r"\d (%|pt\b)", page.replace("95 % interval", ""))
    assert page.index("The finding") < page.index("How it was measured") < page.index("Plots")
    # The page opens with the verdict, which names how often play used the changed rules
    assert page.index("<b>Verdict:</b> Draw 2 answering a volley (volley)") < page.index("The finding")
    assert numbers["finding"]["verdict"].startswith("Draw 2 answering a volley (volley)")
    assert page.index("Plots") < page.index("Every metric")
    assert "plots/differences-rounds.png" in page and "orange: clear alone" in page


def test_one_variant_alone_and_one_style_in_both_seats():
    result = run("report", "--variant", "classic-duel", "--games", "4", "--seed", "2", "--bots", "random")
    assert result.exit_code == 0, result.output
    assert "A = classic-duel" in result.stdout and "B:" not in result.stdout
    assert "The headline figures" in result.stdout
    report = make_report("classic-duel", games=4, seed=2, bots=("random",))
    assert list(report["studies"]) == ["A"] and report["studies"]["A"]["bots"] == ["random", "random"]
    assert "difference" not in report["metrics"][0]
    html = page(report, {}, {})
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


BLOCK_MATPLOTLIB = """
import importlib.abc, sys

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Blocked())
"""


def test_without_the_report_extra_one_line_names_it(tmp_path):
    """A real ``referee`` process in which matplotlib cannot be imported (a sitecustomize blocks it, as if
    the extra were not installed): one line naming the extra, exit 2, no traceback, no game played."""
    (tmp_path / "sitecustomize.py").write_text(textwrap.dedent(BLOCK_MATPLOTLIB), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    probe = subprocess.run([sys.executable, "-c", "import matplotlib"], env=env, capture_output=True, text=True)
    assert probe.returncode == 1 and "No module named 'matplotlib'" in probe.stderr  # the block holds
    done = subprocess.run([sys.executable, "-m", "referee.cli", "report", "--variant", "uno-duo", "--games", "2",
                           "--out", str(tmp_path / "out"), "--jobs", "1"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and INSTALL in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()
    # Without --out no plot is drawn, and the report runs.
    table = subprocess.run([sys.executable, "-m", "referee.cli", "report", "--variant", "uno-duo", "--games", "2",
                            "--jobs", "1"], env=env, capture_output=True, text=True, timeout=120)
    assert table.returncode == 0 and "The headline figures" in table.stdout, table.stderr


def test_every_figure_of_the_terminal_table_is_printed_whole_in_100_columns(one_core):
    """The table must wrap, never cut: figures as long as a large comparison's (``-2.79 pt [-3.66, -1.92] *``, a
    count's ``112.29 [111.50, 113.09]``) printed in 100 columns come out whole, each figure above its interval."""
    from rich.console import Console

    from referee.report.terminal import print_report
    from referee.report.writing import difference, figure

    report = json.loads(json.dumps(one_core))
    for row in report["metrics"]:
        for key in ("A", "B"):
            if row[key].get("value") is not None:
                row[key].update(value=0.281234, low=0.275678, high=0.288912) if row["kind"] == "rate" else \
                    row[key].update(value=112.2912, low=111.5034, high=113.0921)
        if row["difference"].get("value") is not None:
            row["difference"].update(value=-0.0279123, low=-0.0366456, high=-0.0192345, flagged=True)
    console = Console(width=100, record=True, color_system=None)
    print_report(report, console)
    printed = console.export_text()
    assert max(len(line) for line in printed.splitlines()) <= 100
    cells = [text for row in report["metrics"] if row["difference"].get("value") is not None
             for text in (figure(row["A"], row["kind"]), difference(row["difference"], row["kind"]))]
    assert cells
    for text in cells:
        value, interval = text.split(" [", 1)
        assert value in printed and f"[{interval}" in printed, text
