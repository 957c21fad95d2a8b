"""The read-only endpoints, routing errors and the headers every response carries."""

from __future__ import annotations

import pytest

from referee.engine.rules import RULES
from referee.engine.variants import PARAMETERS, VARIANTS
from tests.service.helpers import assert_problem


def test_health(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json()["status"] == "ok"


def test_variants_lists_every_variant_and_parameter(client):
    body = client.get("/v1/variants").get_json()
    assert [v["name"] for v in body["variants"]] == list(VARIANTS)
    assert [p["name"] for p in body["parameters"]] == list(PARAMETERS)
    assert all(set(v["rules"]) == set(PARAMETERS) for v in body["variants"])


def test_one_variant_is_resolved(client):
    body = client.get("/v1/variants/classic-duel").get_json()
    assert body["name"] == "classic-duel"
    assert body["base"] == "uno-duo"
    assert body["rules"]["deck"] == "108"
    assert set(body["rules"]) == set(PARAMETERS)


def test_unknown_variant_is_404(client):
    body = assert_problem(client.get("/v1/variants/no-such"), 404)
    assert "no-such" in body["detail"]


def test_rules(client):
    body = client.get("/v1/rules").get_json()
    assert [r["id"] for r in body["rules"]] == list(RULES)
    assert set(body["rules"][0]) == {"id", "title", "section", "clarification"}


@pytest.mark.parametrize("rule_id", ["REV-2", "rev-2"])
def test_one_rule(client, rule_id):
    assert client.get(f"/v1/rules/{rule_id}").get_json() == RULES["REV-2"].to_dict()


def test_unknown_rule_is_404(client):
    assert_problem(client.get("/v1/rules/REV-99"), 404)


def test_unknown_path_is_404_problem(client):
    assert_problem(client.get("/v2/nothing"), 404)


def test_wrong_method_is_405_with_allow(client):
    response = client.delete("/v1/rules")
    assert_problem(response, 405)
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "HEAD"}
    response = client.get("/v1/adjudications")
    assert_problem(response, 405)
    assert "POST" in response.headers["Allow"]


def test_request_id_is_made_or_echoed(client):
    made = client.get("/healthz").headers["X-Request-Id"]
    assert len(made) == 32
    assert client.get("/healthz").headers["X-Request-Id"] != made
    echoed = client.get("/healthz", headers={"X-Request-Id": "trace-42.a"})
    assert echoed.headers["X-Request-Id"] == "trace-42.a"


@pytest.mark.parametrize("hostile", ["a b", "x" * 200, "é", "a\tb"])
def test_an_insane_request_id_is_replaced(client, hostile):
    response = client.get("/healthz", headers={"X-Request-Id": hostile})
    assert response.headers["X-Request-Id"] != hostile
    assert len(response.headers["X-Request-Id"]) == 32


def test_unexpected_error_is_500_problem_with_request_id(app, client, monkeypatch, caplog):
    import referee

    def explode(document):
        raise RuntimeError("boom")

    monkeypatch.setattr(referee, "judge", explode)
    from tests.service.conftest import SMALL_LOG

    response = client.post("/v1/adjudications", json=SMALL_LOG,
                           headers={"X-Request-Id": "req-500"})
    body = assert_problem(response, 500)
    assert "boom" not in response.get_data(as_text=True)
    assert "req-500" in body["detail"]
    assert any("req-500" in r.getMessage() for r in caplog.records)


def test_openapi_yaml_is_the_top_level_file(client):
    from tests.service.conftest import REPO

    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert response.get_data(as_text=True) == (REPO / "openapi.yaml").read_text(encoding="utf-8")


def test_openapi_yaml_is_generated_without_the_file(tmp_path):
    from referee.service import create_app
    from referee.service.openapi import spec_yaml

    app = create_app({"REFEREE_OPENAPI_PATH": str(tmp_path / "absent.yaml")})
    assert app.test_client().get("/openapi.yaml").get_data(as_text=True) == spec_yaml()


def test_docs_page_and_its_assets_are_served_locally(client):
    page = client.get("/docs")
    assert page.status_code == 200
    assert page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "https://" not in html  # no CDN
    for asset in ("/docs/swagger-ui.css", "/docs/swagger-ui-bundle.js",
                  "/docs/swagger-ui-standalone-preset.js", "/docs/init.js"):
        assert asset in html
        assert client.get(asset).status_code == 200
    assert "/docs/openapi.json" in client.get("/docs/init.js").get_data(as_text=True)
    assert_problem(client.get("/docs/index.j2"), 404)


def test_docs_spec_is_openapi_30_for_the_bundled_ui(client):
    spec = client.get("/docs/openapi.json").get_json()
    assert spec["openapi"] == "3.0.3"
    text = str(spec)
    assert "'null'" not in text
    assert spec["components"]["schemas"]["GameResult"]["properties"]["winner"]["nullable"] is True
