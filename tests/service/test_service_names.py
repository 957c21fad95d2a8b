"""A log's player names as the live tables take them (issue 38, "Names and ids"): a name with a control
character, a lone surrogate or a bidirectional control is a malformed log (422 with the name's pointer; a name
of white space alone was refused already) on every endpoint that reads a log; two names equal after NFC
normalisation are one name. The words follow the language asked for. (Seen failing before the reader asked
``referee.names``: a name with U+202E was judged a legal game, 200.)"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from referee.service import create_app

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "unfinished-game.json").read_text())


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def renamed(first: str, second: str) -> dict:
    """The example's log with its players renamed (every place a name is a key or a value)."""
    text = json.dumps(EXAMPLE).replace('"Gwen"', json.dumps(first)).replace('"Hiro"', json.dumps(second))
    return json.loads(text)


@pytest.mark.parametrize("endpoint", ["/v1/adjudications", "/v1/replays"])
@pytest.mark.parametrize(("name", "words"), [
    ("Gw\u202een", "bidirectional control (U+202E)"),
    ("Gw\x00en", "control character (U+0000)"),
    ("Gw\ud800en", "lone surrogate (U+D800)"),
])
def test_a_hostile_name_is_a_malformed_log_with_its_pointer(client, endpoint, name, words):
    body = json.dumps(renamed(name, "Hiro"), ensure_ascii=True)  # a lone surrogate travels as \ud800 in JSON
    answer = client.post(endpoint, data=body, content_type="application/json")
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json", answer.get_data()[:300]
    problems = answer.get_json()["errors"]
    assert any(p["pointer"] == "/players/0" and words in p["detail"] for p in problems), problems


def test_a_white_space_name_is_refused_as_before(client):
    answer = client.post("/v1/adjudications", json=renamed("  ", "Hiro"))
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["pointer"] == "/players"


def test_two_names_equal_after_nfc_are_one_name(client):
    composed, decomposed = "Ren\u00e9", unicodedata.normalize("NFD", "Ren\u00e9")
    assert composed != decomposed
    answer = client.post("/v1/adjudications", json=renamed(composed, decomposed))
    assert answer.status_code == 422
    assert [p["pointer"] for p in answer.get_json()["errors"]] == ["/players/1"]


def test_the_names_words_in_greek(client):
    answer = client.post("/v1/adjudications?lang=el", json=renamed("Gw\u202een", "Hiro"))
    detail = answer.get_json()["errors"][0]["detail"]
    assert answer.status_code == 422 and "U+202E" in detail and "όνομα" in detail, detail


def test_an_ordinary_name_still_plays(client):
    answer = client.post("/v1/adjudications", json=renamed("Zoë", "Ω"))
    assert answer.status_code == 200 and answer.get_json()["verdict"] == "legal"
