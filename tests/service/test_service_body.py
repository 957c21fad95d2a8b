"""Reading the body: one size limit however it comes, one 413 title, plain words for every refusal.

In process (the Flask test client). ``wsgi.input_terminated`` is set the way a WSGI server that
decodes ``Transfer-Encoding: chunked`` sets it (gunicorn, waitress), so the body has no
``Content-Length`` and its end is the stream's end. ``test_service_transport.py`` sends the same
bodies to a real server.
"""

from __future__ import annotations

import io
import json
import re

import pytest

from referee.service import create_app
from referee.service.config import DefaultConfig
from tests.service.conftest import REPO
from tests.service.helpers import assert_problem

URL = "/v1/adjudications"
JSON = {"Content-Type": "application/json"}
LIMIT = 8192
FULL_GAME = (REPO / "examples" / "full-game-with-decks.json").read_bytes()

#: What a client must never read in a refusal: Python's exceptions, advice and internals.
PYTHON_TALK = re.compile(r"sys\.|set_int_max_str_digits|codec|Traceback|Errno|<class|object at 0x|"
                         r"NoneType|Exception|Error\b|nothing|\bdict\b|\bstr\b|\bint\b", re.IGNORECASE)


@pytest.fixture
def small_client():
    """The service with an 8 KiB body limit."""
    return create_app({"TESTING": True, "MAX_CONTENT_LENGTH": LIMIT}).test_client()


def post_chunked(client, body: bytes):
    """POST ``body`` as a server hands on a chunked one: no Content-Length, a terminated stream."""
    return client.post(URL, input_stream=io.BytesIO(body), headers={**JSON, "Transfer-Encoding": "chunked"},
                       environ_overrides={"wsgi.input_terminated": True})


def padded(size: int) -> bytes:
    """A JSON object of exactly ``size`` bytes."""
    head, tail = b'{"pad": "', b'"}'
    return head + b"a" * (size - len(head) - len(tail)) + tail


def test_a_chunked_body_over_the_limit_is_413_with_the_limit_in_its_detail(small_client):
    problem = assert_problem(post_chunked(small_client, padded(LIMIT + 1)), 413)
    assert str(LIMIT) in problem["detail"]


def test_a_chunked_body_and_a_declared_one_get_the_same_413(small_client):
    chunked = assert_problem(post_chunked(small_client, padded(LIMIT * 3)), 413)
    declared = assert_problem(small_client.post(URL, data=padded(LIMIT * 3), headers=JSON), 413)
    assert (chunked["type"], chunked["title"], chunked["detail"]) == \
           (declared["type"], declared["title"], declared["detail"])


@pytest.mark.parametrize("send", ["chunked", "declared"])
def test_a_body_of_exactly_the_limit_is_read(small_client, send):
    body = padded(LIMIT)
    response = post_chunked(small_client, body) if send == "chunked" else \
        small_client.post(URL, data=body, headers=JSON)
    assert_problem(response, 422)  # read and parsed: an object, just not a game log


def test_a_chunked_full_game_within_the_limit_is_judged(client):
    response = post_chunked(client, FULL_GAME)
    assert response.status_code == 200
    assert response.get_json()["verdict"] == "legal"


def test_every_limit_answers_413_under_one_title(small_log):
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": LIMIT, "REFEREE_MAX_ROUNDS": 1,
                      "REFEREE_MAX_EVENTS": 1, "REFEREE_MAX_DEPTH": 8})
    client = app.test_client()
    two_rounds = {**small_log, "rounds": small_log["rounds"] * 2}
    bodies = {"body": padded(LIMIT + 1), "depth": b"[" * 9 + b"]" * 9,
              "rounds": json.dumps(two_rounds).encode(), "events": json.dumps(small_log).encode(),
              "number": b"1" * 5000}
    titles = {name: assert_problem(client.post(URL, data=body, headers=JSON), 413)["title"]
              for name, body in bodies.items()}
    assert set(titles.values()) == {"Content too large"}, titles


@pytest.mark.parametrize("where", ["alone", "in a log"])
def test_a_5000_digit_integer_is_valid_json_and_refused_in_plain_words(client, small_log, where):
    number = b"7" * 5000
    body = number if where == "alone" else json.dumps(small_log).replace('"R2"', "N", 1).encode().replace(
        b"N", number, 1)
    problem = assert_problem(client.post(URL, data=body, headers=JSON), 413)
    assert "not valid JSON" not in problem["detail"]
    assert "5000 digits" in problem["detail"]
    assert not PYTHON_TALK.search(problem["detail"]), problem["detail"]


def test_a_missing_content_type_is_named_as_missing(client, small_log):
    problem = assert_problem(client.post(URL, data=json.dumps(small_log)), 415)
    assert "nothing" not in problem["detail"]
    assert "no Content-Type" in problem["detail"]


def test_a_body_not_utf8_is_named_plainly(client):
    problem = assert_problem(client.post(URL, data=b'{"a": "\xff"}', headers=JSON), 400)
    assert "UTF-8" in problem["detail"]
    assert not PYTHON_TALK.search(problem["detail"]), problem["detail"]


BAD_BODIES = {
    "empty": (b"", JSON), "truncated": (b'{"format": "uno', JSON), "trailing comma": (b"[1,]", JSON),
    "NaN": (b'{"a": NaN}', JSON), "Infinity": (b"[Infinity]", JSON), "bad utf-8": (b"\xff\xfe{", JSON),
    "lone surrogate": (b'["\\ud800"]', JSON), "control character": (b'["a\x01b"]', JSON),
    "huge integer": (b"-" + b"9" * 4400, JSON), "deep": (b"[" * 5000, JSON),
    "text/plain": (b"{}", {"Content-Type": "text/plain"}), "no content type": (b"{}", {}),
    "charset junk": (b"{}", {"Content-Type": "application/json; charset=klingon"}),
    "over the limit": (padded(LIMIT + 10), JSON),
}


@pytest.mark.parametrize("name", BAD_BODIES)
def test_no_refusal_speaks_python(small_client, name):
    body, headers = BAD_BODIES[name]
    response = small_client.post(URL, data=body, headers=headers)
    assert response.status_code in (400, 413, 415, 422), response.get_data(as_text=True)
    problem = assert_problem(response, response.status_code)
    words = [problem["title"], problem["detail"]] + [e["detail"] for e in problem.get("errors", [])]
    for text in words:
        assert not PYTHON_TALK.search(text), text


def test_the_default_body_limit_holds_the_longest_game_the_other_limits_allow():
    """A game within the rounds and events limits, written as ``referee simulate --out`` writes it,
    fits the body limit: its size grows with its events and rounds, so a long simulated game scaled up
    to the limits must still fit."""
    from referee.engine.variants import UNO_DUO
    from referee.play.selfplay import game_seed, simulate_game

    game = simulate_game(game_seed(9, 0), UNO_DUO.derive("long", {"target_score": 2000}))
    size = len((json.dumps(game, indent=1) + "\n").encode())
    events = sum(len(r["events"]) for r in game["rounds"])
    scale = max(DefaultConfig.REFEREE_MAX_EVENTS / events, DefaultConfig.REFEREE_MAX_ROUNDS / len(game["rounds"]))
    assert size * scale <= DefaultConfig.MAX_CONTENT_LENGTH, (size, events, len(game["rounds"]))


def test_openapi_states_every_limit():
    text = " ".join((REPO / "openapi.yaml").read_text(encoding="utf-8").split())
    for value in (DefaultConfig.MAX_CONTENT_LENGTH, DefaultConfig.REFEREE_MAX_ROUNDS,
                  DefaultConfig.REFEREE_MAX_EVENTS):
        assert f"{value:,}" in text
    assert f"nested at most {DefaultConfig.REFEREE_MAX_DEPTH} deep" in text
    assert f"within {DefaultConfig.REFEREE_READ_TIMEOUT:g} s" in text
