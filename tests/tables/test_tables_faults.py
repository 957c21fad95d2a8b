"""Faults answer what they are (issue 38, item 6): a database that cannot serve now -- a connection refused, a
full disk -- answers 503 with Retry-After, never 500; ``serve`` on a read-only data folder stops at start with
one line; a stale ``seq`` is 409 whichever instance receives it; a table's 422 lists at most 100 problems.

The read-only folder and the full disk are real: a tmpfs mounted read-only, or of 1 MiB, in a mount namespace of
its own (``unshare -rm``: no privilege needed, nothing mounted outside the test's process)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from referee.service import create_app
from tests.tables.players import Seat
from tests.tables.serving import http_exchange

REFEREE = str(Path(sys.executable).parent / "referee")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _in_a_tmpfs(folder: Path, options: str, command: list[str], **env: str) -> subprocess.Popen:
    script = f'mount -t tmpfs -o {options} tmpfs "$1" && shift && exec "$@"'
    return subprocess.Popen(["unshare", "-rm", "sh", "-c", script, "sh", str(folder), *command],
                            env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def test_serve_on_a_read_only_data_folder_stops_at_start_with_one_line(tmp_path):
    proc = _in_a_tmpfs(tmp_path, "ro,size=1m", [REFEREE, "serve", "--port", str(_free_port())],
                       REFEREE_DATA_DIR=str(tmp_path), REFEREE_DATABASE_URL="")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("Error: REFEREE_DATA_DIR must be a database")


def test_a_full_disk_answers_503_with_retry_after_never_500(tmp_path):
    port = _free_port()
    proc = _in_a_tmpfs(tmp_path, "size=1m", [REFEREE, "serve", "--port", str(port), "--workers", "1"],
                       REFEREE_DATA_DIR=str(tmp_path), REFEREE_DATABASE_URL="",
                       REFEREE_TABLES_CREATE_LIMIT="100000 per minute")
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.poll() else ""
                time.sleep(0.2)
        statuses: list[int] = []
        for _ in range(3000):
            status, headers, body = http_exchange("POST", f"http://127.0.0.1:{port}/v1/tables",
                                                  {"players": ["Ana", "Ben"]})
            statuses.append(status)
            if status != 201:
                break
        assert statuses[-1] == 503, statuses[-3:]
        assert headers["Retry-After"] == "1" and body["type"].endswith("database-unavailable")
        assert 500 not in statuses
    finally:
        os.killpg(proc.pid, 9)
        proc.wait()


def test_a_database_that_refuses_the_connection_answers_503(tmp_path):
    nowhere = f"postgresql+psycopg://referee@127.0.0.1:{_free_port()}/referee"  # no server listens there
    client = create_app({"TESTING": True, "REFEREE_DATABASE_URL": nowhere}).test_client()
    for answer in (client.post("/v1/tables", json={"players": ["Ana", "Ben"]}), client.get("/v1/tables/abc")):
        assert answer.status_code == 503 and answer.mimetype == "application/problem+json"
        assert answer.headers["Retry-After"] == "1"


def test_a_stale_seq_is_409_on_the_instance_that_kept_the_old_position(database_url):
    here, there = (create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url,
                               "REFEREE_TABLES_ALLOW_SEED": True}).test_client() for _ in range(2))
    table = here.post("/v1/tables", json={"players": ["Ana", "Ben"], "seed": 5}).get_json()
    seats_here = {n: Seat(here, table["id"], t) for n, t in table["tokens"].items()}
    seats_there = {n: Seat(there, table["id"], t) for n, t in table["tokens"].items()}
    drafter = next(n for n, s in seats_here.items() if s.view()["legal"])
    other = "Ben" if drafter == "Ana" else "Ana"
    assert seats_there[other].view()["seq"] == 0  # `there` keeps the game at seq 0
    assert seats_here[drafter].act(0, {"decision": "keep"}).status_code == 200  # the table moves on, here
    stale = seats_there[other].act(0, {"type": "draw"})  # at seq 0 the rules refuse it (DRAFT-6): stale first
    assert stale.status_code == 409 and stale.get_json()["type"].endswith("stale-seq"), stale.get_json()
    assert stale.get_json()["seq"] == 1


def test_a_tables_422_lists_at_most_100_problems(database_url):
    client = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url}).test_client()
    bots = {f"b{i}": "x" for i in range(250)}
    answer = client.post("/v1/tables", data=json.dumps({"players": ["Ana", "Ben"], "bots": bots}),
                         content_type="application/json")
    assert answer.status_code == 422
    body = answer.get_json()
    assert len(body["errors"]) == 100 and "the first 100 are listed" in body["detail"]
