"""The report's metrics against games counted by hand, and studies whose outcome is known in advance."""

from __future__ import annotations

import pytest

from referee.engine.variants import UNO_DUO
from referee.log.records import Draw, draw
from referee.play.players import PLAYERS, Strategy
from referee.play.selfplay import game_seed, simulate_game
from referee.report.intervals import wilson
from referee.report.metrics import NotLegal, Tally, measure_game
from referee.report.study import Study, blocks, play_block, run_study
from referee.report.summary import Result, summarise
from tests.support import ev, game, turned_up

ONE_ROUND = {"base": "uno-duo", "rules": {"target_score": 1}}


def hand_counted_game() -> dict:
    """One round to a target of 1. Ben drafted first, so Ana plays first (START-2).

    Ana opens a volley, Ben answers, Ana draws 4 (a volley of 2 Draw 2s). Ben forgets UNO with his blue 7
    and is caught; later he says UNO with his blue 5 and goes out with his blue 6: a number. Ana is left
    with R5 Y1 Y2 Y3 Y4 G9 G2 G3 = 29 points. 12 events; 3 plays leave one card, one of them without UNO.
    """
    return game(turned_up(
        ["R+2", "R5"], ["B+2", "B7", "B8"], "R3",
        ev("Ana", "play", card="R+2", uno=True),
        ev("Ben", "play", card="B+2"),
        ev("Ana", "draw", cards=["Y1", "Y2", "Y3", "Y4"]),
        ev("Ben", "play", card="B7"),
        ev("Ana", "catch"),
        ev("Ben", "draw", cards=["B5", "B6"]),
        ev("Ana", "draw", cards=["G9"]),
        ev("Ben", "play", card="B8"),
        ev("Ana", "draw", cards=["G2"]),
        ev("Ben", "play", card="B5", uno=True),
        ev("Ana", "draw", cards=["G3"]),
        ev("Ben", "play", card="B6"),
        draw_pile=["Y1", "Y2", "Y3", "Y4", "B5", "B6", "G9", "G2", "G3"]), variant=ONE_ROUND)


def test_a_game_counted_by_hand():
    tally = measure_game(hand_counted_game(), ("x", "y"))
    rates, moments = tally.rates, tally.moments
    assert moments["rounds per game"] == [1, 1, 1]
    assert moments["events per round"] == [1, 12, 144]
    assert moments["turns per round"] == [1, 10, 100]  # not the catch, nor the penalty it imposed
    assert moments["points per round"] == [1, 29, 29 * 29]
    assert moments["final margin"] == [1, 29, 29 * 29]
    assert rates["first drafter goes out"] == [1, 1] and rates["first player goes out"] == [0, 1]
    assert rates["round 1's first drafter wins the game"] == [1, 1]
    assert rates["seat Ana wins the game"] == [0, 1]
    assert rates["x wins the game"] == [0, 1] and rates["y wins the game"] == [1, 1]
    assert rates["round ends with a number"] == [1, 1] and rates["round ends with a draw 2"] == [0, 1]
    assert rates["round ends with a dump"] == [0, 1]
    assert moments["volley length"] == [1, 2, 4] and tally.hists["volley length"] == {2: 1}
    assert moments["cards drawn at a volley's end"] == [1, 4, 16]
    assert rates["volley reaches 2 cards"] == [1, 1] and rates["volley reaches 3 cards"] == [0, 1]
    # How often play used each parameter, per round: one Draw 2 answered a volley, one forgotten UNO's draw
    # paid; Ana is left with 8 number cards; the round was drafted and its points went to Ana (own hand).
    assert moments["Draw 2 answering a volley"] == [1, 1, 1]
    assert moments["forgotten UNO's draw (UNO-2)"] == [1, 1, 1]
    assert moments["Wild Draw 4 answering a volley"] == [1, 0, 0]
    assert moments["Skips, Reverses and Draw 2s scored at the round's end"] == [1, 0, 0]
    assert rates["round's points go to the player who went out"] == [0, 1]
    assert rates["round ends the game (a score reached the target)"] == [1, 1]
    assert rates["game won by the player who reached the target"] == [0, 1]  # reaching it loses
    assert rates["UNO forgotten"] == [1, 3] and rates["forgotten UNO caught"] == [1, 1]
    assert moments["catches per round"] == [1, 1, 1] and moments["challenges per round"] == [1, 0, 0]
    assert rates["Wild Draw 4 challenged"] == [0, 0] and "challenge won" not in rates
    # The rule counts are the simulator's, per round: D2-2 once (Ben's answer), one volley drawn, one
    # catch, three one-card draws; the cut and the game's end are counted per game, outside the round.
    counts = tally.counts
    assert counts["D2-2 per round"] == [1, 1] and counts["D2-3 per round"] == [1, 1]
    assert counts["UNO-2 per round"] == [1, 1] and counts["TURN-3 per round"] == [3, 9]
    assert counts["END-1 per round"] == [1, 1] and "END-1 per game" not in counts
    assert counts["GAME-1 per game"] == [1, 1] and "GAME-1 per round" not in counts


def test_a_challenge_won_and_one_lost_are_read_from_the_engine():
    # Ana plays a Wild Draw 4 holding a playable red 5 (a bluff); Ben challenges and wins: Ana draws 4.
    bluff = game(turned_up(["W+4", "R5", "G1"], ["Y1", "Y2"], "R3",
                           ev("Ana", "play", card="W+4", color="green"), ev("Ben", "challenge"),
                           ev("Ana", "draw", cards=["B1", "B2", "B3", "B4"]),
                           draw_pile=["B1", "B2", "B3", "B4"]))
    # Ana's Wild Draw 4 is legitimate (nothing else matches red 3); Ben challenges and loses: he draws 6.
    honest = game(turned_up(["W+4", "G5", "G1"], ["Y1", "Y2"], "R3",
                            ev("Ana", "play", card="W+4", color="green"), ev("Ben", "challenge"),
                            ev("Ben", "draw", cards=["B1", "B2", "B3", "B4", "B5", "B6"]),
                            draw_pile=["B1", "B2", "B3", "B4", "B5", "B6"]))
    for log, won in ((bluff, 1), (honest, 0)):
        tally = tally_of_unfinished(log)
        assert tally.rates["challenge won"] == [won, 1]
        assert tally.rates["Wild Draw 4 is a bluff"] == [won, 1]


def tally_of_unfinished(log: dict) -> Tally:
    """The tally of an unfinished game (the game-level figures need a finished one)."""
    from referee.log.document import read_log
    from referee.log.replay import Replay
    from referee.report.metrics import GameMetrics

    metrics = GameMetrics()
    assert Replay(read_log(log), metrics).run().legal
    return metrics.tally


def test_an_illegal_game_is_refused():
    log = hand_counted_game()
    log["rounds"][0]["events"][1]["card"] = "G8"  # Ben does not hold it
    with pytest.raises(NotLegal, match=r"not a legal game: LOG-\d at /rounds/0/events/1"):
        measure_game(log, ("x", "y"))


class Passive(Strategy):
    """Draws whenever it moves and keeps what it drew; lays a card only when nothing is left to draw
    (else a round could stall with both piles spent). It hoards most of the deck and never goes out."""

    name = "passive"

    def keeps(self, view, rng):
        return True

    def colour(self, view, rng):
        from referee.engine.cards import Color
        return Color.RED

    def interjects(self, option, view, rng):
        return False

    def choose(self, view, rng):
        if view.drawn is not None:
            return None
        plays = [o for o in view.legal if not isinstance(o, Draw)]
        spent = view.draw_pile == 0 and view.discard_pile <= 1
        return plays[0] if spent and plays and not view.moment.imposed else draw(view.seat)


def test_against_a_hoarder_greedy_goes_out_every_round(monkeypatch):
    monkeypatch.setitem(PLAYERS, "passive", Passive())
    study = Study(UNO_DUO, 6, 3, ("greedy", "passive"))
    tally = run_study(study)
    rounds = tally.moments["rounds per game"][1]
    assert tally.rates["greedy wins the game"] == [6, 6] and tally.rates["passive wins the game"] == [0, 6]
    # The styles swap seats every game: greedy sat in seat Ana in games 0, 2 and 4.
    assert tally.rates["seat Ana wins the game"] == [3, 6]
    assert study.seating() == {"Ana": {"greedy": 3, "passive": 3}, "Ben": {"greedy": 3, "passive": 3}}
    assert tally.rates["round ends with a number"][1] == rounds  # every round ends, once
    assert tally.rates["Wild Draw 4 challenged"][0] == 0  # neither style challenges
    report = summarise(Result(study, tally))
    row = next(r for r in report["metrics"] if r["metric"] == "greedy wins the game")
    assert (row["A"]["low"], row["A"]["high"]) == (wilson(6, 6).low, 1.0)
    assert round(row["A"]["low"], 4) == 0.6097  # 6 of 6: the Wilson interval's lower end, by hand
    seat = next(r for r in report["metrics"] if r["metric"] == "seat Ana wins the game")
    assert (round(seat["A"]["low"], 4), round(seat["A"]["high"], 4)) == (0.1876, 0.8124)


def test_a_study_is_the_sum_of_its_games_in_any_blocking():
    study = Study(UNO_DUO, 5, 9, ("random", "greedy"))
    whole = Tally()
    for index in range(5):
        bots = study.seats(index)
        log = simulate_game(game_seed(9, index), UNO_DUO, players=("Ana", "Ben"),
                            seats=(PLAYERS[bots[0]], PLAYERS[bots[1]]))
        whole += measure_game(log, bots)
    assert run_study(study) == whole
    by_block = Tally()
    for block in reversed(blocks(study)):  # any order: every figure is an integer sum
        by_block += play_block(block)
    assert by_block == whole


def test_tallies_add_exactly():
    a, b = Tally(), Tally()
    a.rate("r", True)
    a.value("m", 3, histogram=True)
    b.rate("r", False, trials=2)
    b.value("m", 4, histogram=True)
    a.count("c", 2)
    b.count("c", 3)
    a += b
    assert a.rates == {"r": [1, 3]} and a.moments == {"m": [2, 7, 25]} and a.hists == {"m": {3: 1, 4: 1}}
    assert a.counts == {"c": [5, 13]}
    assert a.to_dict()["histograms"] == {"m": {"3": 1, "4": 1}}
