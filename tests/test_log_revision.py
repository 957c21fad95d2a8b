"""LOG-FORMAT as revised on 2026-12-03: platforms' own fields, a round's draft, claims on rounds that never
reached play. The reader, the one-pass reader, the replay and the service's contract agree on each."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import referee
from referee.errors import MalformedLog
from referee.log.document import read_frame, read_log
from referee.service import create_app
from referee.service.schemas import GameLogSchema
from referee.walk import walk

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FULL_GAME = json.loads((EXAMPLES / "full-game-with-decks.json").read_text(encoding="utf-8"))


def _problems(document: dict) -> list[tuple[str, str]]:
    with pytest.raises(MalformedLog) as caught:
        read_log(document)
    return [(p.pointer, p.detail) for p in caught.value.problems]


def _with_platform_fields() -> dict:
    """The full game with a platform's fields in each kind of record."""
    log = copy.deepcopy(FULL_GAME)
    log["x-platform"] = {"name": "duo.example", "table": 7}
    first = log["rounds"][0]
    first["x-started"] = "2026-12-03T10:00:00Z"
    first["draft"][0]["x-at"] = "2026-12-03T10:00:01Z"
    first["events"][0]["x-move-id"] = 17
    first["events"][1]["x-"] = None
    first["result"]["x-checked"] = True
    log["result"]["x-rated"] = False
    return log


# -- platforms' own fields --------------------------------------------------------------------------------


def test_platform_fields_are_accepted_anywhere_and_ignored():
    verdict = referee.judge(_with_platform_fields())
    assert verdict.to_dict() == referee.judge(FULL_GAME).to_dict()
    assert read_frame(_with_platform_fields()) is not None  # the one pass reads it too


def test_every_other_unknown_field_is_still_malformed():
    log = _with_platform_fields()
    log["rounds"][0]["events"][0]["colour"] = "red"
    log["rounds"][0]["X-at"] = 1  # names are case-sensitive: only x- is a platform's
    log["rounds"][0]["draft"][1]["at"] = 1
    assert _problems(log) == [("/rounds/0/X-at", 'unknown field "X-at"'),
                              ("/rounds/0/draft/1/at", 'unknown field "at"'),
                              ("/rounds/0/events/0/colour", 'unknown field "colour"')]


def test_a_map_by_player_takes_no_platform_field():
    """A cut or points map is keyed by the players' names, not a record: an x- key there is a stranger."""
    log = copy.deepcopy(FULL_GAME)
    log["cut"][0]["x-at"] = "now"
    log["rounds"][0]["result"]["points"]["x-at"] = 0
    pointers = [pointer for pointer, _ in _problems(log)]
    assert pointers == ["/cut/0/x-at", "/rounds/0/result/points"]


def test_the_service_contract_takes_platform_fields_and_the_walk_keeps_them():
    log = _with_platform_fields()
    assert GameLogSchema().validate(log) == {}
    bad = copy.deepcopy(log)
    bad["rounds"][0]["events"][0]["colour"] = "red"
    assert GameLogSchema().validate(bad) != {}
    client = create_app({"TESTING": True}).test_client()
    assert client.post("/v1/adjudications", json=log).get_json()["verdict"] == "legal"
    steps = client.post("/v1/replays", json=log).get_json()["steps"]
    entries = {step["pointer"]: step["entry"] for step in steps}
    assert entries["/rounds/0/events/0"]["x-move-id"] == 17
    assert entries["/rounds/0/draft/0"]["x-at"] == "2026-12-03T10:00:01Z"
    assert next(step.entry for step in walk(log) if step.pointer == "/rounds/0/result")["x-checked"] is True


def test_a_name_of_white_space_only_is_malformed_for_reader_and_schema():
    log = copy.deepcopy(FULL_GAME)
    log["players"] = ["Ana", " \t\u2003"]
    assert [pointer for pointer, _ in _problems(log)] == ["/players"]
    assert "players" in GameLogSchema().validate(log)


# -- a round's draft --------------------------------------------------------------------------------------


def _finished_first_round_then(round_: dict) -> dict:
    log = copy.deepcopy(FULL_GAME)
    log["rounds"] = [log["rounds"][0], round_]
    del log["result"]
    return log


def test_a_round_without_draft_is_malformed_at_the_round():
    assert _problems(_finished_first_round_then({})) == [
        ("/rounds/1", "a round gives its draft (the picks so far, [] before the first) or its setup")]
    assert referee.judge(_finished_first_round_then({"draft": []})).legal  # waiting for the first pick


def test_a_round_with_setup_or_under_a_dealing_variant_needs_no_draft():
    setup = {"first_drafter": "Ana", "setup": {"hands": {"Ana": ["R4"], "Ben": ["B1"]}, "discard": ["R9"]}}
    assert referee.judge({"format": "uno-duo-log/1", "players": ["Ana", "Ben"], "rounds": [setup]}).legal
    dealt = {"format": "uno-duo-log/1", "variant": "classic-duel", "players": ["Ana", "Ben"],
             "rounds": [{"first_drafter": "Ana"}]}
    assert read_log(dealt).rounds[0].draft == ()  # well formed (the deal's cards are the engine's business)


# -- a claim on a round that never reached play ------------------------------------------------------------


def _last_round_stopped(picks: int) -> dict:
    """The full game's first round, stopped after ``picks`` picks with no card turned up, claiming its result."""
    log = copy.deepcopy(FULL_GAME)
    first = log["rounds"][0]
    first["draft"] = first["draft"][:picks]
    del first["turn_up"], first["events"], log["result"]
    log["rounds"] = [first]
    return log


@pytest.mark.parametrize("picks", [0, 5, 14], ids=["before the draft", "mid-draft", "draft done, no turn-up"])
def test_a_claim_on_a_round_that_never_reached_play_is_LOG_5(picks):
    verdict = referee.judge(_last_round_stopped(picks))
    assert (verdict.violation.rule, verdict.violation.pointer) == ("LOG-5", "/rounds/0/result")
    unclaimed = _last_round_stopped(picks)
    del unclaimed["rounds"][0]["result"]
    assert referee.judge(unclaimed).legal
