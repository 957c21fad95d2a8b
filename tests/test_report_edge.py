"""Players who respond: ``--players`` takes any registered style, and with two styles the report opens with one's
win rate against the other in each variant and its difference (expert's where it is seated: the skilled
player's edge)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.engine.variants import UNO_DUO
from referee.play.players import PLAYERS, GreedyPlayer, Strategy
from referee.report import make_report
from referee.report.summary import edge_style
from referee.report.terminal import opening_lines

HOUSE = UNO_DUO.derive("wd4-answers", {"wild_draw_4_answers_volley": True})


class _Thinker(Strategy):
    """A registered style of a name the report treats as the skilled one (plays as greedy, by delegation: the
    compiled build's GreedyPlayer takes no interpreted subclass; reads the parameter a comparison changes)."""

    name = "expert-stand-in"
    summary = "plays as greedy (a stand-in registered for the test)"
    reads = ("wild_draw_4_answers_volley",)
    forgets_uno = catches = challenges_wild_draw_4 = holds_wilds = False

    def __init__(self):
        self.greedy = GreedyPlayer()

    def keeps(self, view, rng):
        return self.greedy.keeps(view, rng)

    def colour(self, view, rng):
        return self.greedy.colour(view, rng)

    def interjects(self, option, view, rng):
        return self.greedy.interjects(option, view, rng)

    def choose(self, view, rng):
        return self.greedy.choose(view, rng)


@pytest.fixture
def registered():
    PLAYERS[_Thinker.name] = _Thinker()
    yield _Thinker.name
    del PLAYERS[_Thinker.name]


def test_the_edge_style_is_expert_where_seated_else_the_first_of_two():
    assert edge_style(["greedy", "expert"]) == "expert"
    assert edge_style(["expert-fast", "random"]) == "expert-fast"
    assert edge_style(["random", "greedy"]) == "random"
    assert edge_style(["greedy", "greedy"]) is None


@pytest.mark.parametrize("bots", [("random", "greedy"), ("challenger", "random")])
def test_the_edge_of_any_pair_of_styles_in_each_variant_and_its_difference(bots):
    report = make_report(HOUSE, "uno-duo", games=24, seed=3, bots=bots)
    edge = report["finding"]["edge"]
    assert (edge["style"], edge["against"]) == bots
    for label in "AB":
        hits, trials = report["tallies"][label]["rates"][f"{bots[0]} wins the game"]
        assert trials == 24 and edge[label]["value"] == hits / 24
        assert edge[label]["low"] <= edge[label]["value"] <= edge[label]["high"]
    assert edge["difference"]["value"] == pytest.approx(edge["A"]["value"] - edge["B"]["value"])
    assert any(heading == "The edge" for heading, _ in opening_lines(report["finding"]))
    assert f"{bots[0]}'s edge over {bots[1]}" in report["finding"]["verdict"]


def test_players_takes_any_registered_style_and_names_the_skilled_players_edge(registered, tmp_path):
    result = CliRunner().invoke(main, ["report", "--variant", "uno-duo", "--vs", "uno-duo-108", "--games", "4",
                                       "--seed", "1", "--players", f"{registered},greedy", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1].startswith("Verdict: Wild Custom played (deck)")
    words = " ".join(result.stdout.split())  # (the terminal wraps lines at 100 columns)
    assert "the better player's edge" in words
    assert "The skilled player's edge: expert-stand-in wins against greedy: A: " in words
    assert "weigh none of the rules that differ (deck)" in words  # neither style weighs the deck

    # A style that weighs the changed parameter: the report does not say the players ignore it.
    report = make_report(HOUSE, "uno-duo", games=4, seed=1, bots=(registered, "greedy"))
    assert report["finding"]["players"] is None


def test_an_unknown_style_names_the_registered_ones(registered):
    result = CliRunner().invoke(main, ["report", "--variant", "uno-duo", "--players", "clever"])
    assert result.exit_code != 0 and registered in result.output and "--players" in result.output


def test_the_json_keeps_the_edge(tmp_path):
    report = make_report(HOUSE, "uno-duo", games=4, seed=1, bots=("random", "challenger"))
    again = json.loads(json.dumps(report))
    assert again["finding"]["edge"]["style"] == "random"
