"""Well-formedness: a document that is not a version-1 log is rejected with every problem and its pointer."""

import json
from pathlib import Path

import pytest

from referee import MalformedLog, judge
from tests.support import ev, game, position


def problems(document: object) -> dict[str, str | None]:
    with pytest.raises(MalformedLog) as caught:
        judge(document)
    return {p.pointer: p.rule for p in caught.value.problems}


@pytest.mark.parametrize("document", [None, [], "log", 3, True])
def test_a_document_is_an_object(document: object) -> None:
    assert "" in problems(document)


def test_every_problem_is_reported_with_its_pointer() -> None:
    log = game(position(["R4", "X9"], ["G1"], ["R9"], ev("Ana", "play", card="W"), ev("Cleo", "draw"),
                        {"type": "play", "player": "Ana", "card": "R4", "dump": ["R5"]}, "oops"))
    log["format"] = "uno-duo-log/2"
    found = problems(log)
    assert set(found) >= {"/format", "/rounds/0/setup/hands/Ana/1", "/rounds/0/events/0/color",
                          "/rounds/0/events/1/player", "/rounds/0/events/2/dump", "/rounds/0/events/3"}


def test_a_third_player_names_DECK_1() -> None:
    log = game()
    log["players"] = ["Ana", "Ben", "Cleo"]
    assert problems(log) == {"/players": "DECK-1"}


def test_an_event_by_a_stranger_names_DECK_1() -> None:
    assert problems(game(position(["R4"], ["G1"], ["R9"], ev("Cleo", "draw"))))["/rounds/0/events/0/player"] == "DECK-1"


@pytest.mark.parametrize(("event", "pointer"), [
    ({"player": "Ana", "type": "shout"}, "/rounds/0/events/0/type"),
    ({"player": "Ana", "type": 5}, "/rounds/0/events/0/type"),
    ({"player": "Ana", "type": "play"}, "/rounds/0/events/0/card"),
    ({"player": "Ana", "type": "play", "card": "R4", "uno": "yes"}, "/rounds/0/events/0/uno"),
    ({"player": "Ana", "type": "play", "card": "R4", "color": "red"}, "/rounds/0/events/0/color"),
    ({"player": "Ana", "type": "play", "card": "W", "color": "pink"}, "/rounds/0/events/0/color"),
    ({"player": "Ana", "type": "draw", "cards": "R4"}, "/rounds/0/events/0/cards"),
    ({"player": "Ana", "type": "dump", "cards": []}, "/rounds/0/events/0/cards"),
    ({"player": "Ana", "type": "catch", "card": "R4"}, "/rounds/0/events/0/card"),
    ({"type": "draw"}, "/rounds/0/events/0/player"),
])
def test_malformed_events(event: dict, pointer: str) -> None:
    assert pointer in problems(game(position(["R4"], ["G1"], ["R9"], event)))


def test_round_one_needs_a_first_drafter_without_a_cut() -> None:
    assert "/rounds/0/first_drafter" in problems(game({"deck": []}))


def test_a_turned_up_wild_needs_its_colour() -> None:
    assert "/rounds/0/color" in problems(game({"first_drafter": "Ana", "turn_up": "W"}))


def test_an_unknown_variant() -> None:
    assert "/variant" in problems(game(variant="uno-trio"))
    assert "/variant" in problems(game(variant={"base": "uno-duo", "rules": {"volley": "maybe"}}))


def test_setup_and_deck_exclude_each_other() -> None:
    rnd = position(["R4"], ["G1"], ["R9"])
    rnd["deck"] = []
    assert "/rounds/0/setup" in problems(game(rnd))


def test_long_card_names_are_accepted_in_a_log() -> None:
    verdict = judge(game(position(["red 4", "green 1"], ["blue 1"], ["red 9"], ev("Ana", "play", card="Red 4"))))
    assert verdict.legal and verdict.to_dict()["position"]["top"] == "R4"


def test_a_round_without_a_deck_names_every_drawn_card() -> None:
    log = json.loads((Path(__file__).parent / "conformance" / "game_s9002_g0_nodeck.json").read_text())
    del log["rounds"][0]["events"][4]["cards"]
    assert log["rounds"][0]["events"][4]["type"] == "draw"
    assert "/rounds/0/events/4/cards" in problems(log)
