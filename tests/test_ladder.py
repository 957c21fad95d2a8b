"""The ladder (referee.play.ladder, ``referee ladder``): the round robin's pairings, the Bradley–Terry fit,
a seeded run's table, JSON and plot."""

from __future__ import annotations

import json
import math

from click.testing import CliRunner

from referee.cli import main
from referee.executor import Executor
from referee.play.ladder import fit, ladder, pairings, play, plot, table


def test_every_pair_plays_each_deal_twice_with_the_seats_swapped():
    games = pairings(["random", "greedy", "challenger"], 4, seed=3)
    assert len(games) == 3 * 4
    for a, b in [("random", "greedy"), ("random", "challenger"), ("greedy", "challenger")]:
        between = [g for g in games if {g.first, g.second} == {a, b}]
        assert len(between) == 4
        assert sorted(g.seed for g in between if g.first == a) == sorted(g.seed for g in between if g.first == b)
    assert len({g.seed for g in games}) == 6  # a deal of its own for each mirrored pair
    assert pairings(["random", "greedy"], 4, seed=3) == pairings(["random", "greedy"], 4, seed=3)
    assert pairings(["random", "greedy"], 4, seed=3) != pairings(["random", "greedy"], 4, seed=4)


def test_the_fit_recovers_a_known_strength():
    # A beats B three games in four: B–T says 400·log10(3) ≈ 191 points apart (the small prior pulls it in)
    results = [("A", "B", "A")] * 300 + [("A", "B", "B")] * 100
    a, b = fit(["A", "B"], results)
    assert a == 0
    assert math.isclose(a - b, 400 * math.log10(3), abs_tol=3)
    # a chain: A > B > C, with C never meeting A
    chain = [("A", "B", "A")] * 30 + [("A", "B", "B")] * 10 + [("B", "C", "B")] * 30 + [("B", "C", "C")] * 10
    ra, rb, rc = fit(["A", "B", "C"], chain)
    assert ra > rb > rc


def test_a_game_of_the_ladder_names_the_winning_style():
    first, second, winner = play(pairings(["random", "challenger"], 2, seed=1)[0])
    assert {first, second} == {"random", "challenger"} and winner in (first, second, None)


def test_a_seeded_ladder_is_the_same_on_any_number_of_workers_and_ranks_greedy_above_random():
    one = ladder(["random", "greedy"], 16, seed=2, executor=Executor(1))
    two = ladder(["random", "greedy"], 16, seed=2, executor=Executor(2))
    assert one["ratings"] == two["ratings"] and one["pairs"] == two["pairs"]
    best = one["ratings"][0]
    assert best["style"] == "greedy" and best["low"] <= best["rating"] <= best["high"]
    pair = one["pairs"][0]
    assert pair["games"] == 16 and pair["low"] <= pair["rate"] <= pair["high"]
    text = table(one)
    assert "greedy" in text and "random vs greedy" in text
    assert plot(one).startswith(b"\x89PNG")
    json.dumps(one)


def test_the_command_writes_the_table_the_json_and_the_plot(tmp_path):
    out, png = tmp_path / "ladder.json", tmp_path / "ladder.png"
    result = CliRunner().invoke(main, ["ladder", "--styles", "random,greedy", "--games", "4", "--jobs", "1",
                                       "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "random vs greedy" in result.output
    assert json.loads(out.read_text())["format"] == "uno-duo-ladder/1"
    assert png.read_bytes().startswith(b"\x89PNG")
    bad = CliRunner().invoke(main, ["ladder", "--styles", "random,nobody", "--games", "2", "--jobs", "1"])
    assert bad.exit_code == 2 and "nobody" in bad.output


def test_simulate_seats_the_styles_it_is_given_expert_included():
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--bots", "expert-fast,greedy", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    logs = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    assert len(logs) == 2
    from referee import judge

    assert all(judge(log).legal for log in logs)
    bad = CliRunner().invoke(main, ["simulate", "--games", "1", "--bots", "nobody"])
    assert bad.exit_code == 2 and "nobody" in bad.output
