"""openapi.yaml's request examples work (issue 38, item 8): a test sends each one -- "Try it out" on
``POST /v1/tables`` sets a table -- every operation has a tag of its resource, and the introduction covers the
live tables. On SQLite and PostgreSQL."""

from __future__ import annotations

import yaml

from referee.service import create_app
from tests.service.conftest import REPO

SPEC = yaml.safe_load((REPO / "openapi.yaml").read_text())


def _examples(path: str) -> dict[str, dict]:
    media = SPEC["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    found = {}
    for name, example in media["examples"].items():
        if "$ref" in example:
            example = SPEC["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]
        found[name] = example["value"]
    return found


def test_every_operation_with_a_body_has_examples_and_each_is_accepted(database_url):
    client = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url,
                         "REFEREE_TABLES_ALLOW_SEED": True}).test_client()
    with_body = sorted(path for path, ops in SPEC["paths"].items() if "requestBody" in ops.get("post", {}))
    assert with_body == ["/v1/adjudications", "/v1/replays", "/v1/tables", "/v1/tables/{table_id}/events",
                         "/v1/tables/{table_id}/join"]
    for path in ("/v1/adjudications", "/v1/replays"):
        for name, log in _examples(path).items():
            assert client.post(path, json=log).status_code == 200, (path, name)
    created = {}
    for name, body in _examples("/v1/tables").items():
        answer = client.post("/v1/tables", json=body)
        assert answer.status_code == 201, (name, answer.get_json())
        created[name] = answer.get_json()
    assert created["a-friend-invited"]["invitations"].keys() == {"Ben"}
    # The first decision's example is a draft pick at seq 0: taken from the drafter's seat of a new table.
    table = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "seed": 1}).get_json()
    drafter = next(token for token in table["tokens"].values()
                   if client.get(f"/v1/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"})
                   .get_json()["legal"])
    events = f"/v1/tables/{table['id']}/events"
    examples = _examples("/v1/tables/{table_id}/events")
    first = client.post(events, json=examples.pop("draft-keep"), headers={"Authorization": f"Bearer {drafter}"})
    assert first.status_code == 200, first.get_json()
    for name, body in examples.items():  # well formed: refused for their seq (409), never for their shape
        answer = client.post(events, json=body, headers={"Authorization": f"Bearer {drafter}"})
        assert answer.status_code == 409 and answer.get_json()["type"].endswith("stale-seq"), name
    for body in _examples("/v1/tables/{table_id}/join").values():
        answer = client.post(f"/v1/tables/{table['id']}/join", json=body)
        assert answer.status_code == 404 and answer.get_json()["type"].endswith("unknown-invitation")


def test_every_operation_has_its_resources_tag_and_the_introduction_covers_live_tables():
    tags = {tag["name"] for tag in SPEC["tags"]}
    assert {"adjudications", "replays", "tables", "pages"} <= tags
    for path, operations in SPEC["paths"].items():
        for operation in operations.values():
            assert len(operation["tags"]) == 1 and operation["tags"][0] in tags, path
            if path.startswith("/v1/tables"):
                assert operation["tags"] == ["tables"]
    assert SPEC["paths"]["/play"]["get"]["tags"] == ["pages"]
    assert SPEC["paths"]["/v1/adjudications"]["post"]["tags"] == ["adjudications"]
    intro = SPEC["info"]["description"]
    for words in ("Live tables", "POST /v1/tables", "invite", "If-None-Match", "always asked to play or keep"):
        assert words in intro
