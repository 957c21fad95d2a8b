"""The rulings revised on 2026-12-01 (docs/rules.md, docs/rulings.md): each checked by rule and pointer.

- CUT-2: a number card cuts at its face value, every other card at 0; equal values cut again, and a log
  may stop after a tied cut (legal, unfinished, ``next`` asks for another cut).
- GEN-2's order of the checks: the moment, then the card itself, then where it may be played, then sizes.
- An illegal log is never complete and has no winner, even when the violation follows the game's end.
- A caught player is not catchable again for that card, even when the penalty drew nothing.
"""

from __future__ import annotations

import pytest

from referee import judge
from tests.support import ev, game, plain_deck, position

E0, E1, E2, E3, E4 = (f"/rounds/0/events/{i}" for i in range(5))
ALL_WILDS = ["W+4"] * 4 + ["W"] * 4 + ["WC"] * 4  # 200 points: one round ends the game


def _ruling(log: dict) -> tuple[str, str]:
    verdict = judge(log)
    assert verdict.violation is not None, verdict.summary()
    return verdict.violation.rule, verdict.violation.pointer


# -- CUT-2 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("ana", "ben", "first"), [
    ("R7", "G5", "Ana"),
    ("B2", "YS", "Ana"),    # the log format's example: a number beats a symbol
    ("RS", "G0", None),     # a Skip counts 0: a tie with the 0
    ("G1", "W+4", "Ana"),   # a wild counts 0 too
    ("W", "R+2", None),
    ("WC", "B9", "Ben"),
    ("YR", "Y3", "Ben"),
])
def test_a_number_cuts_at_its_face_value_every_other_card_at_0(ana: str, ben: str, first: str | None) -> None:
    verdict = judge(game(cut=[{"Ana": ana, "Ben": ben}]))
    assert verdict.legal, verdict.summary()
    if first is None:
        assert verdict.to_dict()["next"]["phase"] == "cut"
    else:
        assert verdict.to_dict()["next"]["phase"] == "draft" and verdict.to_dict()["next"]["player"] == first


def test_equal_cuts_cut_again_and_the_last_decides() -> None:
    verdict = judge(game({"deck": plain_deck(), "draft": []},
                         cut=[{"Ana": "RS", "Ben": "G+2"}, {"Ana": "W", "Ben": "B0"}, {"Ana": "Y1", "Ben": "GR"}]))
    assert verdict.legal and verdict.rounds[0].first_drafter == "Ana"


def test_a_log_that_stops_after_a_tied_cut_is_legal_and_asks_for_another_cut() -> None:
    verdict = judge(game(cut=[{"Ana": "R7", "Ben": "G7"}]))
    assert verdict.legal and not verdict.complete and verdict.winner is None
    assert verdict.to_dict()["next"]["phase"] == "cut" and verdict.to_dict()["next"]["legal"] == [{"type": "cut"}]
    assert verdict.to_dict()["next"]["player"] is None and verdict.rounds == ()


def test_a_round_after_a_tied_last_cut_breaks_CUT_2() -> None:
    log = game({"deck": plain_deck(), "draft": []}, cut=[{"Ana": "R0", "Ben": "G+2"}, {"Ana": "YS", "Ben": "W"}])
    assert _ruling(log) == ("CUT-2", "/rounds/0")
    assert judge(log).to_dict()["next"]["phase"] == "cut"  # what was legal there: another cut


def test_a_cut_after_a_deciding_one_breaks_CUT_2() -> None:
    log = game({"deck": plain_deck(), "draft": []}, cut=[{"Ana": "R1", "Ben": "GS"}, {"Ana": "R7", "Ben": "G7"}])
    assert _ruling(log) == ("CUT-2", "/cut/1")


# -- GEN-2: the order of the checks ----------------------------------------------------------------------

def test_a_card_not_held_played_while_a_volley_total_is_owed_is_LOG_1() -> None:
    log = game(position(["R+2", "G1"], ["R3", "G3"], ["R9"], ev("Ana", "play", card="R+2"),
                        ev("Ben", "play", card="R7")))
    assert _ruling(log) == ("LOG-1", E1)


def test_a_draw_2_not_held_played_on_a_volley_is_LOG_2() -> None:
    log = game(position(["R+2", "G1"], ["R3", "G3"], ["R9"], ev("Ana", "play", card="R+2"),
                        ev("Ben", "play", card="B+2")))
    assert _ruling(log) == ("LOG-2", E1)


def test_a_wild_draw_4_not_held_laid_on_a_volley_is_WD4_7() -> None:
    log = game(position(["R+2", "G1"], ["R3", "G3"], ["R9"], ev("Ana", "play", card="R+2"),
                        ev("Ben", "play", card="W+4", color="red")))
    assert _ruling(log) == ("WD4-7", E1)


def test_a_drawn_card_that_matches_nothing_played_at_once_is_TURN_1() -> None:
    log = game(position(["R4", "G7"], ["Y5", "B6"], ["R9"], ev("Ana", "draw"), ev("Ana", "play", card="B1"),
                        draw_pile=["B1"], hidden=0))
    assert _ruling(log) == ("TURN-1", E1)


def test_after_an_unplayable_draw_another_card_is_out_of_turn() -> None:
    log = game(position(["R4", "G7"], ["Y5", "B6"], ["R9"], ev("Ana", "draw"), ev("Ana", "play", card="R4"),
                        draw_pile=["B1"], hidden=0))
    assert _ruling(log) == ("LOG-1", E1)


def test_the_missed_card_is_out_of_turn_once_the_opponent_has_moved() -> None:
    log = game(position(["R4", "G7"], ["Y5", "B6", "R2"], ["R9"], ev("Ana", "draw"), ev("Ben", "play", card="R2"),
                        ev("Ben", "play", card="Y5"), draw_pile=["B1"], hidden=0))
    assert _ruling(log) == ("LOG-1", E2)


def test_a_dump_card_not_held_is_LOG_2_before_its_colour() -> None:
    log = game(position(["RR", "R4", "G1"], ["G3"], ["R9"], ev("Ana", "play", card="RR", dump=["R4", "G5"])))
    assert _ruling(log) == ("LOG-2", E0)


def test_a_reverse_that_matches_nothing_with_a_dump_not_held_is_LOG_2() -> None:
    log = game(position(["GR", "G4", "B1"], ["Y3"], ["Y9"], ev("Ana", "play", card="GR", dump=["G4", "G6"])))
    assert _ruling(log) == ("LOG-2", E0)


def test_a_drawn_card_that_is_not_the_piles_is_LOG_2_before_the_draws_size() -> None:
    log = game(position(["R4", "G1"], ["G2"], ["R9"], ev("Ana", "draw", cards=["B1", "B2"]),
                        draw_pile=["B5"], hidden=3))
    assert _ruling(log) == ("LOG-2", E0)


# -- an illegal log is never a finished game ---------------------------------------------------------------

def test_a_round_after_the_games_end_leaves_it_incomplete_and_without_a_winner() -> None:
    log = game(position(["R4"], ALL_WILDS, ["R9"], ev("Ana", "play", card="R4")),
               position(["R4"], ["G2"], ["R9"], first_drafter="Ana"))
    verdict = judge(log)
    assert (verdict.violation.rule, verdict.violation.pointer) == ("GAME-2", "/rounds/1")
    assert (verdict.complete, verdict.winner, verdict.next) == (False, None, None)
    assert verdict.scores == {"Ana": 0, "Ben": 200}


def test_a_wrong_claim_after_the_games_end_leaves_it_incomplete_and_without_a_winner() -> None:
    log = game(position(["R4"], ALL_WILDS, ["R9"], ev("Ana", "play", card="R4")),
               result={"winner": "Ben", "scores": {"Ana": 0, "Ben": 200}})
    verdict = judge(log)
    assert (verdict.violation.rule, verdict.violation.pointer) == ("LOG-5", "/result")
    assert (verdict.complete, verdict.winner) == (False, None)
    assert verdict.to_dict()["complete"] is False and verdict.to_dict()["winner"] is None


# -- UNO-3: caught once ----------------------------------------------------------------------------------

def _caught_with_empty_piles(*more: dict) -> dict:
    """Ana forgets UNO; Ben's draw spends both piles; Ben catches Ana, whose penalty draws nothing."""
    return game(position(["R4", "R5"], ["G2"], ["R9"], ev("Ana", "play", card="R4"),
                         ev("Ben", "draw", cards=["R9"]), ev("Ben", "catch"), ev("Ana", "draw", cards=[]),
                         *more, draw_pile=[], hidden=0))


def test_a_penalty_that_draws_nothing_still_ends_the_catchable_moment() -> None:
    verdict = judge(_caught_with_empty_piles())
    assert verdict.legal, verdict.summary()
    position, nxt = verdict.to_dict()["position"], verdict.to_dict()["next"]
    assert position["hands"]["Ana"] == ["R5"] and position["uno"]["Ana"] != "catchable"
    assert all(i["type"] != "catch" for i in nxt["interjections"])


def test_a_caught_player_cannot_be_caught_again_for_that_card() -> None:
    assert _ruling(_caught_with_empty_piles(ev("Ben", "catch"))) == ("UNO-3", E4)


def test_a_caught_player_cannot_say_uno_late_for_that_card() -> None:
    assert _ruling(_caught_with_empty_piles(ev("Ana", "uno"))) == ("UNO-3", E4)
