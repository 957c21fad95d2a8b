"""The service as ``referee serve`` runs it, on 127.0.0.1: stalled, trickling and chunked clients.

A short version of ``bench/service_load.py --stalled``: one real server (one worker process, a 2 s
read timeout and a 200 kB body limit set for the test) on a random port. Every loop here is bounded
in count and time, and every socket is closed by the end.
"""

from __future__ import annotations

import http.client
import json
import select
import socket
import sys
import time

import pytest

from tests.service.conftest import REPO
from tests.service.live import Server, serving

READ_TIMEOUT = 2.0
BODY_LIMIT = 200_000
FULL_GAME = (REPO / "examples" / "full-game-with-decks.json").read_bytes()
PROBLEM = "application/problem+json"
STALLED_HEAD = (b"POST /v1/adjudications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n{")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="referee serve runs on POSIX only")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"REFEREE_READ_TIMEOUT": str(READ_TIMEOUT), "REFEREE_MAX_BODY_BYTES": str(BODY_LIMIT)}
    with serving(tmp_path_factory.mktemp("serve"), env) as running:
        yield running


def _stall(server: Server, head: bytes = STALLED_HEAD) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=READ_TIMEOUT + 8)
    sock.sendall(head)
    return sock


def _answer(sock: socket.socket) -> http.client.HTTPResponse:
    """The response the server writes on a raw socket (read with the socket's timeout)."""
    response = http.client.HTTPResponse(sock)
    response.begin()
    return response


def _assert_timed_out(response: http.client.HTTPResponse) -> dict:
    assert response.status == 408
    assert response.getheader("Content-Type") == PROBLEM
    problem = json.loads(response.read())
    assert problem["status"] == 408 and problem["title"] == "Request Timeout"
    assert f"{READ_TIMEOUT:g} s" in problem["detail"]
    assert problem["request_id"] == response.getheader("X-Request-Id")
    return problem


def test_stalled_clients_do_not_keep_others_waiting(server):
    stalled = [_stall(server) for _ in range(16)]
    try:
        began = time.monotonic()
        answers = [server.post(FULL_GAME, timeout=5.0) for _ in range(5)]
        served_while_stalled = time.monotonic() - began < READ_TIMEOUT
        assert [(status, body["verdict"]) for status, _, body in answers] == [(200, "legal")] * 5
        if served_while_stalled:  # the stalled clients are still held open, none answered yet
            for sock in stalled:
                sock.setblocking(False)
                with pytest.raises(BlockingIOError):
                    sock.recv(1)
    finally:
        for sock in stalled:
            sock.close()


def test_a_stalled_request_gets_408_problem_json_and_the_log_says_so(server):
    began = time.monotonic()
    with _stall(server) as sock:
        problem = _assert_timed_out(_answer(sock))
        waited = time.monotonic() - began
        assert sock.recv(1) == b""  # then the server closes the connection
    assert READ_TIMEOUT - 0.5 <= waited <= READ_TIMEOUT + 5
    time.sleep(0.2)
    lines = [line for line in server.log_text().splitlines() if problem["request_id"] in line]
    assert lines and "408" in lines[0] and "1 of 1000 body bytes" in lines[0], server.log_text()


def test_a_trickling_client_is_timed_out_too(server):
    """A byte every 0.25 s keeps the connection busy, but a request must arrive whole in time."""
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=READ_TIMEOUT + 8) as sock:
        for byte in STALLED_HEAD:  # at most ~110 bytes: the loop is bounded
            if select.select([sock], [], [], 0.25)[0]:
                break  # answered
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break  # answered and closed
        _assert_timed_out(_answer(sock))
    assert time.monotonic() - began <= READ_TIMEOUT + 5


def test_a_chunked_body_over_the_limit_is_413_like_a_declared_one(server):
    body = b'{"pad": "' + b"a" * BODY_LIMIT + b'"}'
    status, kind, chunked = server.post(iter([body[i:i + 8192] for i in range(0, len(body), 8192)]))
    assert (status, kind) == (413, PROBLEM)
    assert str(BODY_LIMIT) in chunked["detail"]
    status, kind, declared = server.post(body)
    assert (status, kind) == (413, PROBLEM)
    assert (chunked["type"], chunked["title"], chunked["detail"]) == \
           (declared["type"], declared["title"], declared["detail"])


def test_a_chunked_full_game_is_judged(server):
    status, kind, verdict = server.post(iter([FULL_GAME[i:i + 1000] for i in range(0, len(FULL_GAME), 1000)]))
    assert (status, kind, verdict["verdict"]) == (200, "application/json", "legal")


def test_bad_http_gets_a_problem_not_a_page(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"POST /v1/adjudications HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n")
        response = _answer(sock)
        assert response.status == 400
        assert response.getheader("Content-Type") == PROBLEM
        assert json.loads(response.read())["status"] == 400


def test_the_access_log_names_each_request_id(server):
    conn = server.connect()
    try:
        conn.request("GET", "/healthz", headers={"X-Request-Id": "transport-test-7"})
        assert conn.getresponse().status == 200
    finally:
        conn.close()
    time.sleep(0.2)
    assert any('"GET /healthz HTTP/1.1" 200' in line and "request_id=transport-test-7" in line
               for line in server.log_text().splitlines()), server.log_text()
