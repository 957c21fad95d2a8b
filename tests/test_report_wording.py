"""The report's words for a difference that is not flagged (referee.report.summary, terminal, page), on metric
numbers made by hand: "unchanged" only where the interval of A − B holds 0; where it excludes 0 alone but not
after Holm's correction, "not shown to change after correcting for N comparisons", with the uncorrected
interval, in a list of its own -- in the finding, the verdict, the terminal and the page."""

from __future__ import annotations

from rich.console import Console

from referee.report.page import _finding
from referee.report.summary import finding
from referee.report.terminal import print_finding

FAMILY = 40


def _cell(value: float, low: float, high: float) -> dict:
    return {"value": value, "low": low, "high": high, "not_measured": None}


def _row(metric: str, kind: str, difference: tuple[float, float, float], group: str = "Play") -> dict:
    """A metric of both studies whose A − B is ``difference`` (value, low, high), not flagged after the
    correction (its p-value, corrected, above 0.05)."""
    value, low, high = difference
    base = 0.5 if kind == "rate" else 20.0
    return {"group": group, "metric": metric, "kind": kind, "unit": "rounds" if kind == "rate" else "events",
            "A": _cell(base + value, base + value - 0.01, base + value + 0.01),
            "B": _cell(base, base - 0.01, base + 0.01),
            "difference": {"value": value, "low": low, "high": high, "excludes_zero": low > 0 or high < 0,
                           "p": 0.01 if low > 0 or high < 0 else 0.4, "p_holm": 0.3, "flagged": False}}


def _studies(bots: list[str]) -> list[dict]:
    return [{"variant": {"name": name, "rules": {}}, "bots": bots, "games": 100, "seed": 1}
            for name in ("uno-duo", "house")]


def _report(rows: list[dict], bots: list[str]) -> tuple[dict, dict]:
    studies = _studies(bots)
    found = finding(rows, studies, (), FAMILY)
    return found, {"studies": {"A": studies[0], "B": studies[1]}, "finding": found}


def test_a_difference_clear_alone_but_not_after_the_correction_is_not_called_unchanged():
    rows = [_row("first player goes out", "rate", (0.03, 0.01, 0.05)),       # excludes 0 alone
            _row("points per round", "mean", (1.0, -2.0, 4.0)),              # holds 0
            _row("events per round", "mean", (2.0, 0.5, 3.5)),               # excludes 0 alone
            _row("turns per round", "mean", (0.5, -0.5, 1.5)),               # holds 0
            _row("expert-fast wins the game", "rate", (0.04, 0.01, 0.07))]   # the edge: excludes 0 alone
    found, report = _report(rows, ["expert-fast", "greedy"])
    assert found["unchanged"] == ["turns per round +0.5 [-0.5, +1.5]", "points per round +1.0 [-2.0, +4.0]"]
    assert found["not_shown"] == [
        f"first player goes out not shown to change after correcting for {FAMILY} comparisons (A − B +3.0 pt, "
        f"uncorrected interval [+1.0, +5.0])",
        f"events per round not shown to change after correcting for {FAMILY} comparisons (A − B +2.0, uncorrected "
        f"interval [+0.5, +3.5])"]
    sentence = found["verdict"]
    assert "unchanged" not in sentence and "neither longer nor shorter" not in sentence
    assert f"rounds are not shown to be longer or shorter after correcting for {FAMILY} comparisons" in sentence
    assert f"the better player's edge is not shown to change after correcting for {FAMILY} comparisons" in sentence
    console = Console(record=True, width=100)
    print_finding(report, console)
    printed = console.export_text()
    assert "Not shown to change" in printed and "uncorrected interval [+1.0, +5.0]" in printed
    assert "first player goes out" not in printed.split("No clear change")[1].split("Not shown")[0]
    page = _finding(report)
    assert "<ul class='not-shown'><li>first player goes out not shown to change" in page


def test_a_difference_whose_interval_holds_0_is_unchanged():
    rows = [_row("first player goes out", "rate", (0.01, -0.01, 0.03)),
            _row("events per round", "mean", (0.5, -1.0, 2.0)),
            _row("turns per round", "mean", (0.2, -0.4, 0.8)),
            _row("expert-fast wins the game", "rate", (0.0, -0.02, 0.02))]
    found, report = _report(rows, ["expert-fast", "greedy"])
    assert [text.split(" ")[0] for text in found["unchanged"]] == ["first", "events", "turns"]
    assert found["not_shown"] == []
    assert "rounds are neither longer nor shorter" in found["verdict"]
    assert "the better player's edge is unchanged" in found["verdict"]
    console = Console(record=True, width=100)
    print_finding(report, console)
    assert "Not shown to change" not in console.export_text() and "not-shown" not in _finding(report)
