"""Every statistic once: when a volley begins and ends and what it counts (referee.play.statistics.Volley), and
when a challenge is won (referee.play.statistics.challenge_won), are defined in one place; the simulator's rule
counts and the report's metrics, watching the same games, agree count for count.

The earlier test compared the two counts only while a volley was open, so it missed the volleys that end
otherwise: counted over 40 games, the statistics found 994 volleys and the report 1,028 (a volley's last
Draw 2 going out ended one for the report only), and a turned-up Draw 2's volley was logged at length 0.
Run on the previous definitions, the agreement test below fails on the first variant (the counts differ)."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.engine.variants import UNO_DUO, VARIANTS
from referee.play.players import get_player
from referee.play.selfplay import simulate_game
from referee.report.metrics import Measuring, Tally, measure_game
from tests.support import ev, game, turned_up

ODD = UNO_DUO.derive("odd", {"wild_draw_4_answers_volley": True, "turned_up_draw_2_answerable": True})
GAMES = 200


def _played(variant, games: int = GAMES) -> tuple[Counter, Tally]:
    """The statistics' situations and the report's tally over ``games`` games of ``variant`` (greedy against
    challenger, who challenges: both kinds of count happen)."""
    situations: Counter = Counter()
    tally = Tally()
    for seed in range(games):
        bots = ("greedy", "challenger") if seed % 2 == 0 else ("challenger", "greedy")
        measuring = Measuring(bots, ("Ana", "Ben"))
        simulate_game(seed, variant, players=("Ana", "Ben"), seats=tuple(get_player(b) for b in bots),
                      observer=measuring, record=False)
        tally += measuring.tally
        situations.update(measuring.pair[0].situations)
    return situations, tally


@pytest.mark.parametrize("variant", [*VARIANTS.values(), ODD], ids=lambda v: v.name)
def test_the_statistics_and_the_report_agree_count_for_count(variant):
    situations, tally = _played(variant)
    lengths = tally.hists.get("volley length", Counter())
    assert 0 not in lengths, "a volley of length 0"
    by_situation = {n: situations[f"volley {n}"] for n in (1, 2, 3)}
    by_report = {n: lengths.get(n, 0) for n in (1, 2, 3)}
    assert by_situation == by_report
    assert situations["volley 4+"] == sum(c for n, c in lengths.items() if n >= 4)
    assert sum(lengths.values()) == tally.moments["volley length"][0] > 0
    won, challenges = tally.rates.get("challenge won", [0, 0])
    stated = (situations["challenge won"], situations["challenge won"] + situations["challenge lost"])
    assert stated == (won, challenges)
    if variant.rules.challenge != "none":
        assert challenges > 0
    if variant.rules.volley:
        assert max(lengths) >= 3


def test_a_wild_draw_4_joins_the_volley_it_answers_and_the_draw_at_its_end_is_counted():
    # Ana opens a volley, Ben answers with a Wild Draw 4 (the variant allows it): a volley of 2 cards, and
    # Ana draws its 6.
    log = game(turned_up(["R+2", "R5", "R6"], ["W+4", "B7", "B8"], "R3",
                         ev("Ana", "play", card="R+2"),
                         ev("Ben", "play", card="W+4", color="blue"),
                         ev("Ana", "draw", cards=["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]),
                         ev("Ben", "play", card="B7", uno=True), ev("Ana", "draw", cards=["G1"]),
                         ev("Ben", "play", card="B8"),
                         draw_pile=["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "G1"]),
               variant={"base": "uno-duo", "rules": {"target_score": 1, "wild_draw_4_answers_volley": True}})
    tally = measure_game(log, ("x", "y"))
    assert tally.hists["volley length"] == {2: 1}
    assert tally.moments["cards drawn at a volley's end"] == [1, 6, 36]
    assert tally.moments["Wild Draw 4 answering a volley"] == [1, 1, 1]
    assert tally.moments["Draw 2 answering a volley"] == [1, 0, 0]


def test_a_turned_up_draw_2_is_the_first_card_of_the_volley_it_opens():
    # The turned-up Draw 2 opens a volley (the variant lets it be answered); Ana answers, Ben draws 4.
    log = game(turned_up(["R+2", "R5", "R6"], ["B7", "B8"], "G+2",
                         ev("Ana", "play", card="R+2"),
                         ev("Ben", "draw", cards=["Y1", "Y2", "Y3", "Y4"]),
                         ev("Ana", "play", card="R5", uno=True), ev("Ben", "draw", cards=["G1"]),
                         ev("Ana", "play", card="R6"),
                         draw_pile=["Y1", "Y2", "Y3", "Y4", "G1"]),
               variant={"base": "uno-duo", "rules": {"target_score": 1, "turned_up_draw_2_answerable": True}})
    tally = measure_game(log, ("x", "y"))
    assert tally.hists["volley length"] == {2: 1}
    assert tally.moments["cards drawn at a volley's end"] == [1, 4, 16]
    assert tally.moments["turned-up Draw 2 answered"] == [1, 1, 1]


def test_a_volley_that_goes_out_ends_with_the_draw_after_it():
    # Ana goes out with a Draw 2 answering Ben's: the volley (2 cards) ends with Ben's END-2 draw of 4.
    log = game(turned_up(["R+2", "B4"], ["B+2", "B7", "B8"], "B3",
                         ev("Ana", "play", card="B4", uno=True),
                         ev("Ben", "play", card="B+2"),
                         ev("Ana", "play", card="R+2"),
                         ev("Ben", "draw", cards=["Y1", "Y2", "Y3", "Y4"]),
                         draw_pile=["Y1", "Y2", "Y3", "Y4"]),
               variant={"base": "uno-duo", "rules": {"target_score": 1}})
    tally = measure_game(log, ("x", "y"))
    assert tally.hists["volley length"] == {2: 1}
    assert tally.moments["cards drawn at a volley's end"] == [1, 4, 16]
    assert tally.moments["draw after going out (END-2)"] == [1, 1, 1]
