"""The committed openapi.yaml: equal to the generated description, and a valid OpenAPI 3.1."""

from __future__ import annotations

import json

import yaml
from marshmallow import ValidationError
from openapi_spec_validator import validate

from referee.service.openapi import spec_yaml
from referee.service.schemas import GameLogSchema, VerdictSchema
from tests.service.conftest import REPO


def test_committed_openapi_matches_the_schemas():
    committed = (REPO / "openapi.yaml").read_text(encoding="utf-8")
    assert committed == spec_yaml(), (
        "openapi.yaml is stale: run `.venv/bin/python -m referee.service.openapi > openapi.yaml`")


def test_openapi_is_valid_31():
    spec = yaml.safe_load((REPO / "openapi.yaml").read_text(encoding="utf-8"))
    assert spec["openapi"] == "3.1.0"
    validate(spec)


def test_every_route_is_described(app):
    spec = yaml.safe_load(spec_yaml())
    described = {path.replace("{", "<").replace("}", ">") for path in spec["paths"]}
    routes = {rule.rule for rule in app.url_map.iter_rules()
              if rule.endpoint not in ("static", "docs.docs_asset", "docs.docs_init", "docs.docs_site_css",
                                       "docs.docs_spec", "docs.docs_index", "pages.rulebook_static")}
    assert routes == described


def test_conformance_logs_load_and_their_verdicts_dump(client):
    # The schemas accept every real log, and the engine's verdicts fit the response schema.
    for path in sorted((REPO / "tests" / "conformance").glob("game_*[0-9k].json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        GameLogSchema().load(document)
        verdict = client.post("/v1/adjudications", json=document).get_json()
        assert VerdictSchema().validate(verdict) == {}, path.name


def test_event_union_is_discriminated_by_type():
    spec = yaml.safe_load(spec_yaml())
    events = spec["components"]["schemas"]["Round"]["properties"]["events"]["items"]
    assert events["discriminator"]["propertyName"] == "type"
    assert set(events["discriminator"]["mapping"]) == {
        "play", "dump", "draw", "challenge", "uno", "catch"}
    assert spec["components"]["schemas"]["PlayEvent"]["properties"]["type"]["enum"] == ["play"]


def test_request_schemas_refuse_unknown_fields():
    try:
        GameLogSchema().load({"format": "uno-duo-log/1", "players": ["A", "B"], "rounds": [],
                              "colour": "red"})
    except ValidationError as exc:
        assert exc.messages == {"colour": ["Unknown field."]}
    else:
        raise AssertionError("an unknown field was accepted")


def _truncations(game: dict):
    """The game cut mid-draft, after the draft, mid-play, and with a wrong claim."""
    first = game["rounds"][0]
    yield {**game, "rounds": [{"deck": first["deck"], "draft": first["draft"][:3]}]}
    yield {**game, "rounds": [{"deck": first["deck"], "draft": first["draft"]}]}
    yield {**game, "rounds": [{**{k: v for k, v in first.items() if k != "result"},
                               "events": first["events"][:9]}]}
    yield {**game, "rounds": game["rounds"][:2]}
    yield {**game, "result": {"winner": None, "scores": {p: 1 for p in game["players"]}}}


def test_verdicts_of_unfinished_and_illegal_games_fit_the_response_schema(client):
    path = REPO / "tests" / "conformance" / "game_s9001_g0.json"
    game = json.loads(path.read_text(encoding="utf-8"))
    game.pop("result")
    seen = set()
    for document in _truncations(game):
        response = client.post("/v1/adjudications", json=document)
        assert response.status_code == 200, response.get_json()
        verdict = response.get_json()
        assert VerdictSchema().validate(verdict) == {}, verdict
        seen.add((verdict["verdict"], verdict["next"] and verdict["next"]["phase"]))
    assert {("legal", "draft"), ("legal", "turn_up"), ("legal", "play"), ("illegal", None)} <= seen
