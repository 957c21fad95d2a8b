"""The service's pages and the endpoints behind them: home (HTML or JSON), rulebook, replays, examples,
``rule_url`` on every violation, ``/docs/`` and the real logs in its examples."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from referee.bundled import example_names, examples_dir, features_dir
from referee.engine.rules import RULES
from referee.rulebook import load_book
from referee.service.openapi import spec_yaml
from referee.service.schemas import ReplaySchema
from referee.walk import walk
from tests.service.conftest import REPO
from tests.service.helpers import assert_problem

REVERSE = load_book(features_dir()).rule("REV-2")[0]  # a chapter, found by a rule it states
ILLEGAL = [n for n in example_names() if n.startswith("illegal-")]


def _log(name: str) -> dict:
    return json.loads((examples_dir() / f"{name}.json").read_text(encoding="utf-8"))


def test_home_is_a_page_for_a_browser(client):
    response = client.get("/", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert "Accept" in response.headers["Vary"]
    html = response.get_data(as_text=True)
    for target in ("/rulebook", "/replay", "/docs", "/replay?example=illegal-reverse-partial-dump"):
        assert f'href="{target}' in html
    assert client.get("/").mimetype == "text/html"  # no Accept, or */*: the page


def test_home_is_an_index_of_the_endpoints_for_a_json_client(client):
    response = client.get("/", headers={"Accept": "application/json"})
    assert response.status_code == 200 and response.mimetype == "application/json"
    body = response.get_json()
    paths = yaml.safe_load(spec_yaml())["paths"]
    assert {(e["method"], e["path"]) for e in body["endpoints"]} == {
        (m.upper(), p) for p, ops in paths.items() for m in ops}
    assert body["openapi"] == "/openapi.yaml"


@pytest.mark.parametrize("path", ["/docs", "/docs/"])
def test_docs_with_or_without_the_slash(client, path):
    response = client.get(path)
    assert response.status_code == 200 and "swagger-ui-bundle.js" in response.get_data(as_text=True)


def test_the_docs_examples_are_real_logs():
    spec = yaml.safe_load(spec_yaml())
    examples = spec["components"]["examples"]
    assert next(iter(examples)) == "illegal-reverse-partial-dump"  # the one Swagger UI pre-fills
    for name, example in examples.items():
        assert example["value"] == _log(name)
    for path in ("/v1/adjudications", "/v1/replays"):
        refs = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
        assert set(refs) == set(examples)


@pytest.mark.parametrize("name", ILLEGAL)
def test_every_violation_links_its_rule(client, name):
    violation = client.post("/v1/adjudications", json=_log(name)).get_json()["violation"]
    assert violation["rule_url"] == f"/rulebook/{violation['rule']}"
    page = client.get(violation["rule_url"])
    assert page.status_code == 200 and violation["rule"] in page.get_data(as_text=True)


def test_a_legal_verdict_has_no_violation_to_link(client, small_log):
    assert client.post("/v1/adjudications", json=small_log).get_json()["violation"] is None


def test_rulebook_pages(client):
    assert client.get("/rulebook").status_code == 200
    book = load_book(features_dir())
    sample = {c.rules[0].id for c in book.chapters if c.rules and c.rules[0].id} | {"REV-2", next(iter(RULES))}
    for rule_id in sorted(sample):  # every rule's page: tests/test_rulebook_render.py; here the routing
        page = client.get(f"/rulebook/{rule_id.lower()}")
        assert page.status_code == 200, rule_id
        assert f'id="{rule_id}"' in page.get_data(as_text=True)
    assert client.get(f"/rulebook/{REVERSE.slug}").status_code == 200
    assert_problem(client.get("/rulebook/NOPE-1"), 404)
    assert client.get("/rulebook/static/rulebook.css").mimetype == "text/css"


@pytest.mark.parametrize("path", ["/", "/rulebook", "/rulebook/REV-2", f"/rulebook/{REVERSE.slug}", "/replay", "/docs"])
def test_pages_load_nothing_from_elsewhere(client, path):
    html = client.get(path).get_data(as_text=True)
    for asset in re.findall(r'<(?:script|link)[^>]+(?:src|href)="([^"]+)"', html):
        assert asset.startswith("/"), asset  # served by this service: works offline, no CDN
        assert client.get(asset).status_code == 200, asset


@pytest.mark.parametrize("name", ["illegal-reverse-partial-dump", "unfinished-game"])
def test_replays_are_the_walk_of_the_log(client, name):
    log = _log(name)
    body = client.post("/v1/replays", json=log).get_json()
    assert ReplaySchema().validate(body) == {}
    expected = [s.to_dict() for s in walk(log)]
    for step in expected:
        if step["violation"]:
            step["violation"]["rule_url"] = f"/rulebook/{step['violation']['rule']}"
    assert body["steps"] == expected
    assert body["verdict"] == client.post("/v1/adjudications", json=log).get_json()
    shown = {c for s in body["steps"] if s["position"] for h in s["position"]["hands"].values() for c in h}
    assert shown <= set(body["cards"])
    assert body["cards"]["R9"] == {"name": "red 9", "colour": "red", "symbol": "9", "order": 9}


def test_a_refused_log_gets_the_same_problems_as_an_adjudication(client):
    bad = {"format": "uno-duo-log/1", "players": ["Ana"], "rounds": []}
    replayed = client.post("/v1/replays", json=bad)
    assert_problem(replayed, 422)
    assert replayed.get_json()["errors"] == client.post("/v1/adjudications", json=bad).get_json()["errors"]
    assert_problem(client.post("/v1/replays", data="{", content_type="application/json"), 400)
    assert_problem(client.post("/v1/replays", data="{}", content_type="text/plain"), 415)


def test_examples(client):
    listed = client.get("/v1/examples").get_json()["examples"]
    assert [e["name"] for e in listed] == example_names()
    assert client.get(listed[0]["url"]).get_json() == _log(listed[0]["name"])
    assert_problem(client.get("/v1/examples/nope"), 404)
    assert_problem(client.get("/v1/examples/..%2Fpyproject"), 404)


def test_the_rulebook_shows_the_configured_outcomes(tmp_path):
    from referee.service import create_app

    outcomes = tmp_path / "o.json"
    outcomes.write_text(json.dumps({"scenarios": [
        {"feature": REVERSE.file, "line": REVERSE.all_scenarios()[0].line, "example": None, "outcome": "failed"}]}),
        encoding="utf-8")
    client = create_app({"TESTING": True, "REFEREE_RULEBOOK_OUTCOMES": str(outcomes)}).test_client()
    assert "1 failed" in client.get("/rulebook").get_data(as_text=True)
    outcomes.write_text("{not json", encoding="utf-8")  # half-written: no outcomes, never an error page
    assert client.get("/rulebook").status_code == 200
    plain = create_app({"TESTING": True, "REFEREE_RULEBOOK_OUTCOMES": ""}).test_client()
    assert "Last test run" not in plain.get("/rulebook").get_data(as_text=True)


def test_openapi_yaml_is_current():
    assert (REPO / "openapi.yaml").read_text(encoding="utf-8") == spec_yaml(), "run make docs"


def test_the_readme_shows_each_page():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"docs/img/([\w-]+)\.png", readme))
    assert {"home-desktop", "rulebook-desktop", "chapter-desktop", "replay-desktop", "replay-phone",
            "docs-desktop"} <= shown
    for name in shown:
        assert (REPO / "docs" / "img" / f"{name}.png").is_file(), f"docs/img/{name}.png: run make screenshots"
