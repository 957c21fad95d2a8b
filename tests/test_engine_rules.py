"""Every rule the engine can see broken, broken once: the rule id cited and the entry pointed at.

The feature files are the readable rulebook; this table is the engine's own regression net, written
against raw logs so that it does not depend on the step library.
"""

from __future__ import annotations

import re

import pytest

from referee import judge
from referee.engine.rules import RULES
from tests.support import draft_picks, ev, game, plain_deck, position, turned_up

E0, E1, E2, E3 = (f"/rounds/0/events/{i}" for i in range(4))
ALL_WILDS = ["W+4"] * 4 + ["W"] * 4 + ["WC"] * 4  # 200 points: one round ends the game


def _two_rounds_first(second_first: str) -> dict:
    deck = plain_deck()
    return game(
        position(["R4"], ["G1"], ["R9"], ev("Ana", "play", card="R4")),
        {"first_drafter": second_first, "deck": deck, "draft": []},
    )


CASES = {
    # -- the cut and the draft
    "a round after a tied last cut": (game({"deck": plain_deck(), "draft": []},
                                           cut=[{"Ana": "R7", "Ben": "G7"}]), "CUT-2", "/rounds/0"),
    "cut decided early": (game({"deck": plain_deck(), "draft": []},
                               cut=[{"Ana": "R7", "Ben": "G8"}, {"Ana": "R1", "Ben": "R2"}]), "CUT-2", "/cut/1"),
    "first drafter is not the cut winner": (
        game({"first_drafter": "Ana", "deck": plain_deck(), "draft": []}, cut=[{"Ana": "R1", "Ben": "G2"}]),
        "CUT-1", "/rounds/0/first_drafter"),
    "first drafter does not alternate": (_two_rounds_first("Ben"), "DRAFT-7", "/rounds/1/first_drafter"),
    "pick by the wrong player": (
        game({"first_drafter": "Ana", "deck": plain_deck(), "draft": draft_picks(plain_deck(), "Ben", 1)}),
        "DRAFT-5", "/rounds/0/draft/0"),
    "a fifteenth pick": (
        game({"first_drafter": "Ana", "deck": plain_deck(),
              "draft": draft_picks(plain_deck(), "Ana", 15)}), "DRAFT-1", "/rounds/0/draft/14"),
    "a pick from the discard pile": (
        game({"first_drafter": "Ana", "draft": [
            {"player": "Ana", "drew": "R0", "decision": "keep", "next": "W"},
            {"player": "Ben", "drew": "R1", "decision": "keep", "next": "R2"},
            {"player": "Ana", "drew": "W", "decision": "keep", "next": "R3"}]}),
        "DRAFT-4", None),  # no deck: W is still in the pile (4 copies), so this is legal
    "turn up before the draft is over": (
        game({"first_drafter": "Ana", "deck": plain_deck(), "draft": draft_picks(plain_deck(), "Ana", 12),
              "turn_up": plain_deck()[24]}), "DRAFT-6", "/rounds/0/turn_up"),
    "play without a turned-up card": (
        game({"first_drafter": "Ana", "deck": plain_deck(), "draft": draft_picks(plain_deck(), "Ana"),
              "events": [ev("Ben", "draw")]}), "START-1", E0),
    # -- the deck and the record
    "a deck of the wrong cards": (game({"first_drafter": "Ana", "deck": [*plain_deck()[:-1], "R1"], "draft": []}),
                                  "LOG-3", "/rounds/0/deck"),
    "a card named too often": (game(position(["R4", "R4", "R4"], ["G1"], ["R9"])), "LOG-3", "/rounds/0/setup"),
    "a card the deck does not hold": (game(position(["WC"], ["G1"], ["R9"]), variant="uno-duo-108"),
                                      "DECK-2", "/rounds/0/setup"),
    "a drafted card that is not the deck's": (
        game({"first_drafter": "Ana", "deck": plain_deck(), "draft": [
            {"player": "Ana", "drew": "R1", "decision": "keep", "next": "R0"}]}), "LOG-2", "/rounds/0/draft/0"),
    "a wrong turned-up card": (
        game({"first_drafter": "Ana", "deck": plain_deck(), "draft": draft_picks(plain_deck(), "Ana"),
              "turn_up": "R5"}), "LOG-2", "/rounds/0/turn_up"),
    "a drawn card that is not the pile's": (
        game(position(["R4", "G1"], ["G2"], ["R9"], ev("Ana", "draw", cards=["B1"]), draw_pile=["B2"])),
        "LOG-2", E0),
    "a card played that is not held": (game(position(["R4", "G1"], ["G2"], ["R9"], ev("Ana", "play", card="R5"))),
                                       "LOG-2", E0),
    "a move out of turn": (game(position(["R4", "G1"], ["R2"], ["R9"], ev("Ben", "play", card="R2"))), "LOG-1", E0),
    "a draw of two instead of one": (
        game(position(["R4", "G1"], ["G2"], ["R9"], ev("Ana", "draw", cards=["B1", "B2"]))), "LOG-4", E0),
    "an event after the round's end": (
        game(position(["R4"], ["G2"], ["R9"], ev("Ana", "play", card="R4"), ev("Ben", "draw", cards=["B1"]))),
        "LOG-6", E1),
    "an unfinished round that is not the last": (
        game(position(["R4", "G1"], ["G2"], ["R9"]), position(["R4"], ["G2"], ["R9"], first_drafter="Ana")),
        "LOG-6", "/rounds/1"),
    "a wrong round result": (
        game({**position(["R4"], ["G2", "RS"], ["R9"], ev("Ana", "play", card="R4")),
              "result": {"out": "Ana", "points": {"Ana": 0, "Ben": 11}}}), "LOG-5", "/rounds/0/result"),
    "a wrong game result": (
        game(position(["R4"], ["G2"], ["R9"], ev("Ana", "play", card="R4")),
             result={"winner": "Ana", "scores": {"Ana": 0, "Ben": 2}}), "LOG-5", "/result"),
    "a round after the game ended": (
        game(position(["R4"], ALL_WILDS, ["R9"], ev("Ana", "play", card="R4")),
             position(["R4"], ["G2"], ["R9"], first_drafter="Ana")), "GAME-2", "/rounds/1"),
    # -- the turned-up card
    "a Draw 2 on the turned-up Draw 2": (game(turned_up(["G+2", "G1"], ["B1"], "R+2", ev("Ana", "play", card="G+2"))),
                                         "START-3", E0),
    "a challenge of the turned-up Wild Draw 4": (
        game(turned_up(["G1"], ["B1"], "W+4", ev("Ana", "challenge"), color="green")), "START-4", E0),
    "a partial dump on the turned-up Reverse": (
        game(turned_up(["R4", "R5", "G1"], ["B1"], "RR", ev("Ana", "dump", cards=["R4"]))), "START-6", E0),
    "Player 1 moving first after a number": (
        game(turned_up(["R4", "G1"], ["R5"], "R9", ev("Ben", "play", card="R5"))), "LOG-1", E0),
    "Player 2 moving first after a Skip": (
        game(turned_up(["R4", "G1"], ["R5"], "RS", ev("Ana", "play", card="R4"))), "LOG-1", E0),
    # -- a turn
    "a card that matches nothing": (game(position(["G7", "G1"], ["R2"], ["R9"], ev("Ana", "play", card="G7"))),
                                    "TURN-1", E0),
    "a card of another colour than the wild's": (
        game(position(["R5", "G1"], ["R2"], ["W"], ev("Ana", "play", card="R5"), color="blue")), "TURN-1", E0),
    "after drawing, another card": (
        game(position(["R3", "G1"], ["G2"], ["R9"], ev("Ana", "draw"), ev("Ana", "play", card="R3"),
                      draw_pile=["R1"], hidden=0)), "TURN-3", E1),
    # -- UNO
    "UNO with two cards left": (
        game(position(["R4", "R5", "G1"], ["G2"], ["R9"], ev("Ana", "play", card="R4", uno=True))), "UNO-3", E0),
    "a false catch": (
        game(position(["R4", "R5"], ["G2", "G3"], ["R9"], ev("Ana", "play", card="R4", uno=True),
                      ev("Ben", "catch"))), "UNO-3", E1),
    "a late UNO with two cards": (game(position(["R4", "R5"], ["G2"], ["R9"], ev("Ana", "uno"))), "UNO-3", E0),
    "a play between a catch and its draw": (
        game(position(["R4", "R5"], ["R2", "G3"], ["R9"], ev("Ana", "play", card="R4"), ev("Ben", "catch"),
                      ev("Ben", "play", card="R2"))), "LOG-1", E2),
    "a catch draw of one": (
        game(position(["R4", "R5"], ["R2", "G3"], ["R9"], ev("Ana", "play", card="R4"), ev("Ben", "catch"),
                      ev("Ana", "draw", cards=["B1"]))), "LOG-4", E2),
    # -- Draw 2
    "a number on a volley": (
        game(position(["R+2", "G1"], ["R3", "G3"], ["R9"], ev("Ana", "play", card="R+2"),
                      ev("Ben", "play", card="R3"))), "LOG-1", E1),
    "a Wild Draw 4 on a volley": (
        game(position(["R+2", "G1"], ["W+4", "G3"], ["R9"], ev("Ana", "play", card="R+2"),
                      ev("Ben", "play", card="W+4", color="red"))), "WD4-7", E1),
    "a volley drawn short": (
        game(position(["R+2", "G1"], ["B+2", "G3"], ["R9"], ev("Ana", "play", card="R+2"),
                      ev("Ben", "play", card="B+2"), ev("Ana", "draw", cards=["B1", "B2"]))), "LOG-4", E2),
    # -- Skip, Reverse
    "the skipped player moving": (
        game(position(["RS", "G1"], ["R3"], ["R9"], ev("Ana", "play", card="RS"), ev("Ben", "play", card="R3"))),
        "LOG-1", E1),
    "a partial Reverse dump": (
        game(position(["RR", "R4", "R5", "G1"], ["G3"], ["R9"], ev("Ana", "play", card="RR", dump=["R4"]))),
        "REV-2", E0),
    "a dump of another colour": (
        game(position(["RR", "R4", "G4", "G1"], ["G3"], ["R9"], ev("Ana", "play", card="RR", dump=["R4", "G4"]))),
        "REV-1", E0),
    "a wild in a dump": (
        game(position(["RR", "R4", "W", "G1"], ["G3"], ["R9"], ev("Ana", "play", card="RR", dump=["R4", "W"]))),
        "REV-4", E0),
    "a dump without the turned-up Reverse": (
        game(position(["R4", "R5"], ["G3"], ["R9"], ev("Ana", "dump", cards=["R4", "R5"]))), "LOG-1", E0),
    # -- wilds
    "the Wild's player moving again": (
        game(position(["W", "G1", "G2"], ["R3"], ["R9"], ev("Ana", "play", card="W", color="green"),
                      ev("Ana", "play", card="G1"))), "LOG-1", E1),
    "a play after a Wild Draw 4": (
        game(position(["W+4", "G1"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                      ev("Ben", "play", card="G3"))), "LOG-1", E1),
    "a challenge with no Wild Draw 4": (game(position(["R4", "G1"], ["G2"], ["R9"], ev("Ana", "challenge"))),
                                        "LOG-1", E0),
    "the challenger drawing four after a won challenge": (
        game(position(["W+4", "R1", "G1"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                      ev("Ben", "challenge"), ev("Ben", "draw", cards=["B1", "B2", "B4", "B5"]))), "LOG-1", E2),
    "four instead of six after a lost challenge": (
        game(position(["W+4", "G1"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                      ev("Ben", "challenge"), ev("Ben", "draw", cards=["B1", "B2", "B4", "B5"]))), "LOG-4", E2),
    "a challenge in a variant without challenges": (
        game(position(["W+4", "G1"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                      ev("Ben", "challenge")), variant={"base": "uno-duo", "rules": {"challenge": "none"}}),
        "WD4-3", E1),
    # -- the end of a round
    "a challenge of the going-out Wild Draw 4": (
        game(position(["W+4"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                      ev("Ben", "challenge"))), "END-2", E1),
    "an interjection before the going-out draw": (
        game(position(["R+2"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="R+2"), ev("Ben", "uno"))),
        "END-2", E1),
}


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if c[2] is not None])
def test_a_broken_rule_is_named_and_pointed_at(name: str) -> None:
    log, rule, pointer = CASES[name]
    verdict = judge(log)
    assert verdict.violation is not None, f"{name}: ruled legal"
    assert (verdict.violation.rule, verdict.violation.pointer) == (rule, pointer)


def test_a_pick_of_a_card_still_in_the_pile_is_not_taken_from_the_discards() -> None:
    log, _, _ = CASES["a pick from the discard pile"]
    assert judge(log).legal


def test_a_pick_of_the_only_copy_lying_on_the_discards_breaks_DRAFT_4() -> None:
    picks = [{"player": "Ana", "drew": "R0", "decision": "pass", "next": "R1"},
             {"player": "Ben", "drew": "R0", "decision": "keep", "next": "R2"}]
    verdict = judge(game({"first_drafter": "Ana", "draft": picks}))
    assert (verdict.violation.rule, verdict.violation.pointer) == ("DRAFT-4", "/rounds/0/draft/1")


def test_the_rejected_entry_leaves_the_position_as_it_was() -> None:
    log, _, _ = CASES["a partial Reverse dump"]
    verdict = judge(log)
    assert verdict.to_dict()["position"]["hands"]["Ana"] == ["RR", "R4", "R5", "G1"]
    assert verdict.to_dict()["next"]["player"] == "Ana"


def test_every_rule_cited_here_is_registered() -> None:
    assert {rule for _, rule, _ in CASES.values()} <= set(RULES)


def _cited_by_the_engine() -> set[str]:
    """Every rule id the engine's code can cite: the ids written as the first argument of ``RuleBroken``,
    or as the rule of a refusal (``Refusal("TURN-1", lambda: ...)``, ``Refusal("TURN-1", _words, ...)`` or
    ``Refusal("WD4-7", _words)``)."""
    from pathlib import Path

    import referee

    found: set[str] = set()
    package = Path(referee.__file__).parent
    for path in [*package.glob("*.py"), *package.glob("engine/*.py"), *package.glob("log/*.py"),
                 *package.glob("play/*.py")]:
        text = path.read_text()
        for first_argument in re.findall(r"RuleBroken\(\s*([^,]+),", text):
            found |= set(re.findall(r'"([A-Z]+[0-9]*-[0-9]+)"', first_argument))
        for refused in re.findall(r"\(?([^(),]+),\s*(?:lambda|_[a-z_0-9]+[,)])", text):  # Refusal(rule, words, ...)
            found |= set(re.findall(r'"([A-Z]+[0-9]*-[0-9]+)"', refused))
    return found & set(RULES)


def _cited_by_the_rulebook() -> set[str]:
    from steps import runner
    from steps.rulings import ruling_of

    scenarios = runner.load(sorted(runner.FEATURES.rglob("*.feature")), runner.FEATURES)
    return {rule for s in scenarios for step in s.steps if step.kind == "then"
            if (rule := ruling_of(step.text, s.tags))}


def test_every_rule_the_engine_can_cite_is_produced_by_a_test() -> None:
    produced = {rule for _, rule, pointer in CASES.values() if pointer is not None} | {"DRAFT-4"}
    # A live game's colour of a turned-up wild named by the wrong seat: no log can hold it (a log's turned-up
    # wild always has its colour); tests/test_live.py::test_a_turned_up_wild_waits_for_player_1_s_colour.
    produced |= {"START-7"}
    produced |= _cited_by_the_rulebook()
    cited = _cited_by_the_engine()
    assert len(cited) >= 29
    assert cited <= produced, f"never produced by a test: {sorted(cited - produced)}"
