"""What the rules allow, seen through the verdict: who moves next, what is owed, the position."""

import pytest

from referee import judge
from tests.support import ev, game, position, turned_up

WILDS_200 = ["W+4"] * 4 + ["W"] * 4 + ["WC"] * 4


def after(*rounds: dict, **fields) -> dict:
    verdict = judge(game(*rounds, **fields)).to_dict()
    assert verdict["verdict"] == "legal", verdict["violation"]
    return verdict


@pytest.mark.parametrize(("card", "color", "first", "owes"), [
    ("R9", None, "Ana", None),
    ("RS", None, "Ben", None),
    ("RR", None, "Ana", None),
    ("R+2", None, "Ana", {"kind": "turned_up", "cards": 2}),
    ("W+4", "blue", "Ana", {"kind": "turned_up", "cards": 4}),
    ("W", "green", "Ana", None),
    ("WC", "yellow", "Ana", None),
])
def test_the_turned_up_card(card: str, color: str | None, first: str, owes: dict | None) -> None:
    verdict = after(turned_up(["G1", "B2"], ["Y3"], card, color=color))
    assert verdict["next"]["player"] == first
    assert verdict["next"]["owes"] == owes
    assert verdict["position"]["color"] == (color or "red")


def test_the_turned_up_reverse_offers_the_dump_and_its_final_card_acts() -> None:
    verdict = after(turned_up(["R4", "RS", "G1"], ["Y3"], "RR"))
    assert {"type": "dump", "cards": ["R4", "RS"], "uno": True} in verdict["next"]["legal"]
    verdict = after(turned_up(["R4", "RS", "G1"], ["Y3"], "RR", ev("Ana", "dump", cards=["R4", "RS"], uno=True)))
    assert verdict["next"]["player"] == "Ana"  # the final Skip: Ana goes again
    assert verdict["position"]["uno"]["Ana"] == "declared"


def test_a_draw_then_the_drawn_card_may_be_played_or_kept() -> None:
    drew = position(["G1", "B2"], ["Y3", "R7"], ["R9"], ev("Ana", "draw"), draw_pile=["R1"], hidden=0)
    verdict = after(drew)
    assert verdict["next"]["drawn"] == "R1" and verdict["next"]["legal"] == [{"type": "play", "card": "R1"}]
    kept = position(["G1", "B2"], ["Y3", "R7"], ["R9"], ev("Ana", "draw"), ev("Ben", "play", card="R7"),
                    draw_pile=["R1"], hidden=0)
    assert after(kept)["position"]["hands"]["Ana"] == ["G1", "B2", "R1"]


def test_an_unplayable_drawn_card_ends_the_turn() -> None:
    verdict = after(position(["G1", "B2"], ["Y3"], ["R9"], ev("Ana", "draw"), draw_pile=["B5"], hidden=0))
    assert verdict["next"]["player"] == "Ben" and verdict["next"]["drawn"] is None


def test_refill_turns_the_discards_over_oldest_first() -> None:
    rnd = position(["G1", "B2"], ["Y3"], ["R1", "R2", "R3", "R9"], ev("Ana", "draw", cards=["R1"]), hidden=0)
    verdict = after(rnd)
    assert verdict["position"]["top"] == "R9" and verdict["position"]["draw_pile"] == 2
    assert verdict["position"]["discard_pile"] == 1


def test_a_short_draw_when_nothing_is_left() -> None:
    verdict = after(position(["G1", "B2"], ["Y3"], ["R9"], ev("Ana", "draw", cards=[]), hidden=0))
    assert verdict["next"]["player"] == "Ben"


def test_the_source_volley_example() -> None:
    rnd = position(["R+2", "G+2", "Y1"], ["B+2", "Y2", "Y3"], ["R9"],
                   ev("Ana", "play", card="R+2"), ev("Ben", "play", card="B+2"), ev("Ana", "play", card="G+2"),
                   ev("Ben", "draw", cards=["B1", "B2", "B3", "B4", "B5", "B6"]), hidden=6)
    verdict = after(rnd)
    assert verdict["next"]["player"] == "Ana"
    assert len(verdict["position"]["hands"]["Ben"]) == 8


@pytest.mark.parametrize(("ana", "bluff"), [(["W+4", "R1", "G2"], True), (["W+4", "W", "G2"], True),
                                            (["W+4", "G2", "G3"], False), (["W+4", "W+4", "G2"], False)])
def test_the_challenge_test_of_WD4_6(ana: list[str], bluff: bool) -> None:
    rnd = position(ana, ["B3", "G7"], ["R9"], ev("Ana", "play", card="W+4", color="green"), ev("Ben", "challenge"))
    verdict = after(rnd)
    owes = verdict["next"]["owes"]
    assert verdict["next"]["player"] == ("Ana" if bluff else "Ben")
    assert owes == {"kind": "penalty", "cards": 4 if bluff else 6, "rule": "WD4-4" if bluff else "WD4-5"}


def test_after_a_won_challenge_the_challenger_moves_and_the_colour_stands() -> None:
    rnd = position(["W+4", "R1", "G2"], ["B3", "G7"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                   ev("Ben", "challenge"), ev("Ana", "draw", cards=["B1", "B2", "B4", "B5"]))
    verdict = after(rnd)
    assert verdict["next"]["player"] == "Ben" and verdict["position"]["color"] == "green"


def test_a_wild_draw_4_just_drawn_is_legitimate() -> None:
    rnd = position(["R1", "G2"], ["B3", "G7"], ["R9"], ev("Ana", "draw"),
                   ev("Ana", "play", card="W+4", color="green"), ev("Ben", "challenge"), draw_pile=["W+4"])
    assert after(rnd)["next"]["owes"]["rule"] == "WD4-5"


def test_forgotten_uno_caught_and_late_uno() -> None:
    caught = position(["R4", "R5"], ["R2", "G3"], ["R9"], ev("Ana", "play", card="R4"), ev("Ben", "catch"),
                      ev("Ana", "draw", cards=["B1", "B2"]))
    verdict = after(caught)
    assert len(verdict["position"]["hands"]["Ana"]) == 3 and verdict["next"]["player"] == "Ben"
    late = position(["R4", "R5"], ["R2", "G3"], ["R9"], ev("Ana", "play", card="R4"), ev("Ana", "uno"))
    assert after(late)["position"]["uno"]["Ana"] == "declared"
    open_catch = position(["R4", "R5"], ["R2", "G3"], ["R9"], ev("Ana", "play", card="R4"))
    assert {"type": "catch", "player": "Ben"} in after(open_catch)["next"]["interjections"]


def test_a_going_out_draw_2_is_still_drawn_then_scored() -> None:
    rnd = position(["R+2"], ["B3", "G7"], ["R9"], ev("Ana", "play", card="R+2"), ev("Ben", "draw", cards=["B1", "Y4"]))
    verdict = after(rnd)
    assert verdict["rounds"][0]["out"] == "Ana"
    assert verdict["rounds"][0]["points"] == {"Ana": 0, "Ben": 3 + 7 + 1 + 4}


def test_the_game_ends_at_200_and_the_lower_score_wins() -> None:
    verdict = after(position(["R4"], WILDS_200, ["R9"], ev("Ana", "play", card="R4")))
    assert verdict["complete"] and verdict["winner"] == "Ana" and verdict["next"] is None
    assert verdict["scores"] == {"Ana": 0, "Ben": 200}


def test_an_unfinished_game_says_who_drafts_next() -> None:
    verdict = after(position(["R4"], ["G1"], ["R9"], ev("Ana", "play", card="R4")))
    assert verdict["next"]["phase"] == "draft" and verdict["next"]["player"] == "Ana"


def test_every_listed_move_is_accepted() -> None:
    base = position(["R4", "RR", "R7", "W", "W+4", "G4", "R+2"], ["G1", "B2"], ["R9"])
    for event in after(base)["next"]["legal"]:
        rnd = position(["R4", "RR", "R7", "W", "W+4", "G4", "R+2"], ["G1", "B2"], ["R9"],
                       {"player": "Ana", **event}, draw_pile=["Y0"], hidden=0)
        assert judge(game(rnd)).legal, event


def test_a_stated_position_with_one_card_counts_as_declared() -> None:
    verdict = judge(game(position(["R4", "G1"], ["B2"], ["R9"], ev("Ana", "catch")))).to_dict()
    assert (verdict["violation"]["rule"], verdict["violation"]["pointer"]) == ("UNO-3", "/rounds/0/events/0")


def test_a_copy_of_a_position_is_independent():
    """RoundState.copy: changing the copy leaves the original as it was (tried at every step of a game)."""
    from referee.engine.round_state import RoundState
    from referee.play.selfplay import simulate_game

    tried = []

    def try_a_copy(state):
        if not isinstance(state, RoundState) or state.over or not state.discard:
            return
        table = (list(state.hands[0]), list(state.hands[1]), list(state.discard), list(state.pile.slots),
                 state.moment)
        twin = state.copy()
        assert (twin.hands[0], twin.hands[1], twin.discard, twin.pile.slots, twin.moment) == table
        twin.hands[0].clear()
        twin.discard.append(twin.discard[-1])
        twin.pile.slots.clear()
        assert (state.hands[0], state.hands[1], state.discard, state.pile.slots, state.moment) == table
        tried.append(state.moment)

    simulate_game(7, "uno-duo", True, on_step=try_a_copy)
    assert len(tried) > 100
