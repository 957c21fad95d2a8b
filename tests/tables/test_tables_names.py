"""Hostile names and ids (issue 38, item 5): a name with a control character, a lone surrogate or a bidirectional
control, or of white space alone, is refused with 422 and a pointer wherever a table takes a name; two names
equal after NFC are one name; a table id that cannot be one is 404 without asking the database (a NUL made
PostgreSQL answer 500). On SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from referee.service import create_app

HOSTILE = ["\ud800", "Ana\udfff", "A\u0000na", "Ana\n", "\u202eAna", "Ana\u2066", "A\u200fna", "   ", "\u3000\t"]


@pytest.fixture
def client(database_url):
    return create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url}).test_client()


def post(client, path: str, body: dict):
    # Sent as JSON text with \\u escapes, as any client may: a lone surrogate is valid JSON.
    return client.post(path, data=json.dumps(body), content_type="application/json")


def pointers(response) -> list[str]:
    assert response.status_code == 422, response.get_json()
    assert response.mimetype == "application/problem+json"
    return [e["pointer"] for e in response.get_json()["errors"]]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_is_refused_with_a_pointer_wherever_a_name_is_taken(client, name):
    assert pointers(post(client, "/v1/tables", {"players": ["Ben", name]})) == ["/players/1"]
    assert "/invite/0" in pointers(post(client, "/v1/tables", {"players": ["Ana", "Ben"], "invite": [name]}))
    bots = pointers(post(client, "/v1/tables", {"players": ["Ana", "Ben"], "bots": {name: "greedy"}}))
    assert bots and all(p.startswith("/bots/") for p in bots)


def test_names_equal_after_nfc_are_one_name(client):
    composed, decomposed = "Ren\u00e9", "Rene\u0301"
    assert pointers(post(client, "/v1/tables", {"players": [composed, decomposed]})) == ["/players/1"]
    assert post(client, "/v1/tables", {"players": [composed, "Ana"]}).status_code == 201  # one of them is fine


@pytest.mark.parametrize("path", ["/v1/tables/X%00", "/v1/tables/X%00/log", "/v1/tables/" + "a" * 33,
                                  "/v1/tables/%E2%80%AE", "/v1/tables/a.b"])
def test_a_table_id_that_cannot_be_one_is_404(client, path):
    answer = client.get(path)
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"
    for route in ("/events", "/join"):
        if path.endswith("/log"):
            continue
        sent = post(client, path + route, {"seq": 0, "event": {}} if route == "/events" else {"invitation": "x"})
        assert sent.status_code == 404, sent.get_json()
        assert sent.mimetype == "application/problem+json"
