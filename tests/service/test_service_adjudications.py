"""POST /v1/adjudications: verdicts for well-formed logs, a problem for everything else."""

from __future__ import annotations

import json

import pytest

from referee.errors import MalformedLog, Problem
from referee.service import create_app
from tests.service.conftest import CONFORMANCE
from tests.service.helpers import assert_problem, pointers

URL = "/v1/adjudications"


def post(client, document, **kwargs):
    """POST ``document`` as JSON text."""
    return client.post(URL, data=json.dumps(document), content_type="application/json", **kwargs)


# --- verdicts ------------------------------------------------------------------------------------


def test_a_legal_log_is_200_legal(client, small_log):
    response = post(client, small_log)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    verdict = response.get_json()
    assert verdict["verdict"] == "legal"
    assert verdict["violation"] is None
    assert verdict["complete"] is False
    assert verdict["next"]["player"] == "Ben"
    assert verdict["position"]["hands"] == {"Ana": ["G7"], "Ben": ["B1"]}
    assert list(verdict["scores"]) == ["Ana", "Ben"]  # the engine's order, not sorted


def test_an_illegal_log_is_200_illegal_with_rule_and_pointer(client, small_log):
    small_log["rounds"][0]["events"][1] = {"player": "Ana", "type": "play", "card": "G7"}
    response = post(client, small_log)
    assert response.status_code == 200
    verdict = response.get_json()
    assert verdict["verdict"] == "illegal"
    assert verdict["violation"]["rule"] == "TURN-1"
    assert verdict["violation"]["pointer"] == "/rounds/0/events/1"


def test_a_variant_object_is_applied(client, small_log):
    small_log["variant"] = {"base": "uno-duo", "rules": {"uno_penalty": 4}, "name": "harsh"}
    verdict = post(client, small_log).get_json()
    assert verdict["variant"]["name"] == "harsh"
    assert verdict["variant"]["rules"]["uno_penalty"] == 4


GAMES = sorted(CONFORMANCE.glob("game_*[0-9k].json"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_conformance_games(client, path):
    expected = json.loads(path.with_suffix(".expect.json").read_text(encoding="utf-8"))
    response = client.post(URL, data=path.read_bytes(), content_type="application/json")
    assert response.status_code == 200
    verdict = response.get_json()
    for key in ("verdict", "complete", "scores", "winner"):
        assert verdict[key] == expected[key], key
    rounds = [{"first_drafter": r["first_drafter"], "out": r["out"], "points": r["points"]}
              for r in verdict["rounds"]]
    assert rounds == expected["rounds"]


def test_json_subtypes_are_accepted(client, small_log):
    response = client.post(URL, data=json.dumps(small_log),
                           content_type="application/vnd.uno+json; charset=utf-8")
    assert response.status_code == 200


# --- 400, 413, 415 -------------------------------------------------------------------------------


@pytest.mark.parametrize("body", [b"", b"{", b'{"a": NaN}', b"\xff\xfe{", b"[1,]"])
def test_invalid_json_is_400(client, body):
    assert_problem(client.post(URL, data=body, content_type="application/json"), 400)


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "application/xml", None])
def test_a_body_not_declared_json_is_415(client, small_log, content_type):
    response = client.post(URL, data=json.dumps(small_log), content_type=content_type)
    assert_problem(response, 415)
    assert response.headers["Accept-Post"] == "application/json"


def test_a_body_over_the_size_limit_is_413(client, app):
    limit = app.config["MAX_CONTENT_LENGTH"]
    body = b'{"x": "' + b"a" * limit + b'"}'
    problem = assert_problem(client.post(URL, data=body, content_type="application/json"), 413)
    assert str(limit) in problem["detail"]


def test_the_size_limit_is_configurable(small_log):
    client = create_app({"MAX_CONTENT_LENGTH": 100}).test_client()
    assert_problem(post(client, small_log), 413)


@pytest.mark.parametrize("depth", [33, 5000, 200_000])
def test_deep_nesting_is_413_without_recursion(client, depth):
    body = "[" * depth + "]" * depth
    response = client.post(URL, data=body, content_type="application/json")
    assert "deeper" in assert_problem(response, 413)["detail"]


def test_deep_nesting_inside_a_log_is_413(client, small_log):
    deep = []
    for _ in range(40):
        deep = [deep]
    small_log["rounds"][0]["events"][0]["card"] = deep
    assert_problem(post(client, small_log), 413)


def test_too_many_rounds_is_413(small_log):
    client = create_app({"REFEREE_MAX_ROUNDS": 3}).test_client()
    small_log["rounds"] *= 4
    problem = assert_problem(post(client, small_log), 413)
    assert pointers(problem) == {"/rounds"}
    assert "4 rounds" in problem["detail"]


def test_too_many_events_is_413(client, small_log):
    event = {"player": "Ben", "type": "draw"}
    small_log["rounds"][0]["events"] = [event] * 20_001
    problem = assert_problem(post(client, small_log), 413)
    assert "20001 events" in problem["detail"]


def test_a_huge_number_of_events_within_the_limit_is_judged(client, small_log):
    # 20000 events pass the limit: the schema and the engine must cope (it is illegal early).
    small_log["rounds"][0]["events"] += [{"player": "Ben", "type": "draw"}] * 19_998
    response = post(client, small_log)
    assert response.status_code == 200
    violation = response.get_json()["violation"]
    # The first appended draw takes an unnamed card from the hidden pile without naming it.
    assert (violation["rule"], violation["pointer"]) == ("LOG-2", "/rounds/0/events/2")


# --- 422 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("body", [[], "log", 3, None, True])
def test_a_body_that_is_not_an_object_is_422(client, body):
    problem = assert_problem(post(client, body), 422)
    assert pointers(problem) == {""}


def test_every_problem_is_listed_with_its_pointer(client, small_log):
    round_ = small_log["rounds"][0]
    small_log["format"] = "uno-duo-log/2"
    small_log["surplus"] = 1
    round_["setup"]["hands"]["Ana"][1] = "R10"
    round_["events"] += [
        {"player": "Ben", "type": "play", "card": "W"},             # a wild without a colour
        {"player": "Ben", "type": "play", "card": "R5", "uno": "yes"},
        {"player": "Cy", "type": "uno"},
        {"player": "Ben", "type": "shout"},
        "draw",
        {"player": "Ben", "type": "draw", "cards": ["B7"], "hand": []},
    ]
    problem = assert_problem(post(client, small_log), 422)
    assert pointers(problem) == {
        "/format", "/surplus", "/rounds/0/setup/hands/Ana/1", "/rounds/0/events/2/color",
        "/rounds/0/events/3/uno", "/rounds/0/events/4/player", "/rounds/0/events/5/type",
        "/rounds/0/events/6", "/rounds/0/events/7/hand",
    }
    assert "R10" in next(e["detail"] for e in problem["errors"] if e["pointer"].endswith("Ana/1"))


def test_a_third_player_names_deck_1(client, small_log):
    small_log["players"].append("Cy")
    problem = assert_problem(post(client, small_log), 422)
    assert [(e["pointer"], e["rule"]) for e in problem["errors"]] == [("/players", "DECK-1")]


def test_an_event_by_a_stranger_names_deck_1(client, small_log):
    small_log["rounds"][0]["events"][0]["player"] = "Cy"
    problem = assert_problem(post(client, small_log), 422)
    assert [(e["pointer"], e["rule"]) for e in problem["errors"]] == [("/rounds/0/events/0/player", "DECK-1")]


@pytest.mark.parametrize("card", ["R10", "purple 3", "", 7, None, ["R1"]])
def test_an_unknown_card_is_422(client, small_log, card):
    small_log["rounds"][0]["events"][0]["card"] = card
    problem = assert_problem(post(client, small_log), 422)
    assert pointers(problem) == {"/rounds/0/events/0/card"}


def test_cards_are_case_insensitive_and_long_names_work(client, small_log):
    small_log["rounds"][0]["setup"]["hands"]["Ben"] = ["blue 1", "r2"]
    assert post(client, small_log).get_json()["verdict"] == "legal"


@pytest.mark.parametrize("variant", ["uno-trio", {"base": "uno-trio"}, {"rules": {"volley": "yes"}},
                                     {"rules": {"colours": 5}}, {"rules": {"target_score": 1.5}}, 7,
                                     "../../etc/variant.toml"])
def test_an_unknown_or_bad_variant_is_422_at_variant(client, small_log, variant):
    small_log["variant"] = variant
    problem = assert_problem(post(client, small_log), 422)
    assert all(p.startswith("/variant") for p in pointers(problem))


@pytest.mark.parametrize("where, value, pointer", [
    ("first_drafter", "Zed", "/rounds/0/first_drafter"),
    ("color", "red", "/rounds/0/color"),              # a colour without a turned-up wild
    ("deck", ["R1"], "/rounds/0/setup"),              # setup excludes deck
])
def test_round_level_problems(client, small_log, where, value, pointer):
    small_log["rounds"][0][where] = value
    assert pointer in pointers(assert_problem(post(client, small_log), 422))


def test_pointer_tokens_are_escaped(client, small_log):
    small_log["rounds"][0]["setup"]["a/b~c"] = []
    problem = assert_problem(post(client, small_log), 422)
    assert pointers(problem) == {"/rounds/0/setup/a~1b~0c"}


def test_strict_types(client, small_log):
    small_log["rounds"][0]["setup"]["hidden"] = 1.9
    small_log["rounds"][0]["events"][0]["uno"] = 1
    problem = assert_problem(post(client, small_log), 422)
    assert pointers(problem) == {"/rounds/0/setup/hidden", "/rounds/0/events/0/uno"}


def test_the_engines_problems_are_the_answer_verbatim(client, small_log, monkeypatch):
    import referee

    def refuse(document):
        raise MalformedLog([Problem("/rounds/0/events/1", "a late problem", "LOG-1"),
                            Problem("/cut", "another")])

    monkeypatch.setattr(referee, "judge", refuse)
    problem = assert_problem(post(client, small_log), 422)
    assert problem["errors"] == [
        {"pointer": "/rounds/0/events/1", "detail": "a late problem", "rule": "LOG-1"},
        {"pointer": "/cut", "detail": "another", "rule": None}]


def test_any_other_refusal_of_the_engine_is_422_not_500(client, small_log, monkeypatch):
    import referee
    from referee.errors import RefereeError

    def refuse(document):
        raise RefereeError("cannot be judged")

    monkeypatch.setattr(referee, "judge", refuse)
    problem = assert_problem(post(client, small_log), 422)
    assert pointers(problem) == {""}


def test_the_schema_is_not_consulted(client, small_log, monkeypatch):
    # The engine's reader is the one judge of a log's form: the service never loads the request schema.
    from referee.service import schemas

    def refuse(*args, **kwargs):
        raise AssertionError("the request schema judged a request")

    monkeypatch.setattr(schemas.GameLogSchema, "load", refuse)
    monkeypatch.setattr(schemas.GameLogSchema, "validate", refuse)
    assert post(client, small_log).status_code == 200
    small_log["players"].append("Cy")
    assert_problem(post(client, small_log), 422)


def test_the_engines_own_form_checks_answer_422(client, small_log):
    # Well-formed for the schema (it cannot say that scores name both players), refused by the reader.
    small_log["result"] = {"winner": "Ana", "scores": {"Ana": 3}}
    problem = assert_problem(post(client, small_log), 422)
    assert pointers(problem) == {"/result/scores"}


def test_a_user_variant_file_can_be_named_once_loaded() -> None:
    """REFEREE_VARIANTS_DIR: the service loads the user's TOML variants at start (docs/variants.md)."""
    from pathlib import Path

    from referee.engine.variants import VARIANTS
    from referee.service import create_app

    root = Path(__file__).parent.parent.parent
    try:
        client = create_app({"TESTING": True, "REFEREE_VARIANTS_DIR": str(root / "variants")}).test_client()
        log = {"format": "uno-duo-log/1", "variant": "no-volley", "players": ["Ana", "Ben"], "rounds": [
            {"first_drafter": "Ben", "setup": {"hands": {"Ana": ["R+2", "G1"], "Ben": ["B+2", "G3"]},
                                               "discard": ["R9"]},
             "events": [{"player": "Ana", "type": "play", "card": "R+2"},
                        {"player": "Ben", "type": "play", "card": "B+2"}]}]}
        verdict = client.post("/v1/adjudications", json=log).get_json()
        assert verdict["variant"]["name"] == "no-volley"
        assert (verdict["violation"]["rule"], verdict["violation"]["pointer"]) == ("D2-1", "/rounds/0/events/1")
    finally:
        VARIANTS.pop("no-volley", None)
