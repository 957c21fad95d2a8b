"""The transport against hostile or sloppy HTTP, on a real ``referee serve`` (issue 25).

One server with a connection limit of 20 and a 4 s read timeout: a fault that leaks connections fills the
limit within the test, and one that waits for the deadline shows as a wait. Every loop is bounded.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import sys
import threading
import time

import pytest

from tests.service.conftest import REPO
from tests.service.live import Server, serving

READ_TIMEOUT = 4.0
BODY_LIMIT = 200_000
CONNECTION_LIMIT = 20
PROBLEM = "application/problem+json"
FULL_GAME = (REPO / "examples" / "full-game-with-decks.json").read_bytes()
#: Malformed request lines sent in a row: the default suite's, and the full count under REFEREE_LONG.
BAD_LINES = 5000 if os.environ.get("REFEREE_LONG") else 300

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="counts sockets in /proc; referee serve is POSIX")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"REFEREE_READ_TIMEOUT": str(READ_TIMEOUT), "REFEREE_MAX_BODY_BYTES": str(BODY_LIMIT)}
    with serving(tmp_path_factory.mktemp("serve"), env,
                 ("--connection-limit", str(CONNECTION_LIMIT), "--threads", "1")) as running:
        yield running


def _exchange(server: Server, raw: bytes, timeout: float = 10.0) -> tuple[http.client.HTTPResponse, bytes, float]:
    """Send ``raw`` on a new connection: the response, its body, and the seconds it took."""
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
        sock.sendall(raw)
        response = http.client.HTTPResponse(sock)
        response.begin()
        body = response.read()
        return response, body, time.monotonic() - began


def _problem(response: http.client.HTTPResponse, body: bytes, status: int) -> dict:
    assert response.status == status, body
    assert response.getheader("Content-Type") == PROBLEM
    problem = json.loads(body)
    assert problem["status"] == status and problem["request_id"] == response.getheader("X-Request-Id")
    return problem


def _log_lines(server: Server, needle: str) -> list[str]:
    time.sleep(0.3)  # the access line is written just after the answer
    return [line for line in server.log_text().splitlines() if needle in line]


def test_bad_request_targets_never_leak_a_connection(server):
    """A request target that is not ASCII got its 400, then the connection was never closed: the
    service stopped answering once the connection limit was full."""
    sockets_before = server.open_sockets()
    began = time.monotonic()
    for i in range(BAD_LINES):
        target = [b"/\xff", b"/v1/rules/\xc3\xa9", b"/\x80?q=\xfe"][i % 3]
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            assert sock.recv(12) == b"HTTP/1.1 400", f"request {i} got no 400"
        assert time.monotonic() - began < 120, f"{i} requests took 2 minutes"
    healthz_began = time.monotonic()
    assert server.healthz(timeout=2) == 200
    assert time.monotonic() - healthz_began < 1.0
    time.sleep(0.5)
    assert server.open_sockets() <= sockets_before + 1
    assert "Traceback" not in server.log_text()


def test_a_bad_target_is_logged_escaped(server):
    raw = b"GET /\xff\x1b[31m HTTP/1.1\r\nHost: x\r\nX-Request-Id: bad-target-1\r\n\r\n"
    response, body, _ = _exchange(server, raw)
    _problem(response, body, 400)
    lines = _log_lines(server, "request_id=bad-target-1")
    assert len(lines) == 1 and '"GET /\\xff\\x1b[31m HTTP/1.1" 400' in lines[0], server.log_text()


def test_the_access_log_cannot_be_forged(server):
    forged = '127.0.0.1 "POST /v1/adjudications HTTP/1.1" 200 1 1ms request_id=forged'
    target = "/v1/rules/X%0A" + forged.replace(" ", "%20").replace('"', "%22")
    conn = server.connect()
    try:
        conn.request("GET", target, headers={"X-Request-Id": "forging-1"})
        assert conn.getresponse().status == 404
    finally:
        conn.close()
    lines = _log_lines(server, "forged")
    assert len(lines) == 1 and "request_id=forging-1" in lines[0], lines
    assert not any(line.startswith(forged) for line in server.log_text().splitlines())


def test_a_busy_queue_does_not_flood_the_log(server):
    """With one thread and 12 clients at once, waitress queues requests; it used to log each depth."""
    statuses: list[int] = []

    def client() -> None:
        statuses.append(server.post(FULL_GAME, timeout=30)[0])

    threads = [threading.Thread(target=client) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert statuses == [200] * 12
    assert "queue depth" not in server.log_text()


def test_content_length_with_chunked_is_refused_and_closed(server):
    raw = (b"POST /v1/adjudications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
    response, body, _ = _exchange(server, raw)
    problem = _problem(response, body, 400)
    assert "Content-Length" in problem["detail"] and "Transfer-Encoding" in problem["detail"]
    assert response.getheader("Connection") == "close"


def test_a_huge_chunk_is_413_at_once(server):
    raw = (b"POST /v1/adjudications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Transfer-Encoding: chunked\r\n\r\n" + format(2 ** 72, "x").encode() + b"\r\n{")
    response, body, took = _exchange(server, raw)
    assert str(BODY_LIMIT) in _problem(response, body, 413)["detail"]
    assert took < READ_TIMEOUT / 2


def test_expect_continue_over_the_limit_gets_413_without_100(server):
    raw = (b"POST /v1/adjudications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Expect: 100-continue\r\nContent-Length: " + str(BODY_LIMIT + 1).encode() + b"\r\n\r\n")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(raw)
        first = sock.recv(12)
    assert first == b"HTTP/1.1 413"


def test_a_compressed_body_is_415(server):
    status, kind, problem = server.post(FULL_GAME, headers={"Content-Encoding": "gzip"})
    assert (status, kind) == (415, PROBLEM)
    assert "gzip" in problem["detail"]


def test_http_1_1_without_host_is_400(server):
    response, body, _ = _exchange(server, b"GET /healthz HTTP/1.1\r\n\r\n")
    assert "Host" in _problem(response, body, 400)["detail"]


def test_the_transport_keeps_a_valid_request_id(server):
    response, body, _ = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: mine-42\r\n"
                                          b"Content-Length: banana\r\n\r\n")
    assert _problem(response, body, 400)["request_id"] == "mine-42"
    response, body, _ = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: a b\r\n"
                                          b"Content-Length: banana\r\n\r\n")
    assert _problem(response, body, 400)["request_id"] != "a b"


def test_sigterm_is_prompt_after_bad_request_lines(tmp_path):
    """With the connection limit filled by leaked connections, SIGTERM took 32 s (the graceful timeout)."""
    with serving(tmp_path, args=("--connection-limit", "5")) as server:
        for _ in range(8):
            with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
                sock.sendall(b"GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n")
                assert sock.recv(12) == b"HTTP/1.1 400"
        assert server.healthz(timeout=2) == 200
        began = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(timeout=30) == 0
        assert time.monotonic() - began < 10
