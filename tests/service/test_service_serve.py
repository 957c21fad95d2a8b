"""Configuration from the environment, and production serving under gunicorn."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from referee.service import create_app
from referee.service.config import from_env
from referee.service.serve import ACCESS_LOG_FORMAT, GC_YOUNG_THRESHOLD, RefereeServer, server_options
from tests.service.conftest import REPO


def test_env_overrides_the_defaults(monkeypatch):
    monkeypatch.setenv("REFEREE_MAX_BODY_BYTES", "2048")
    monkeypatch.setenv("REFEREE_MAX_EVENTS", "7")
    monkeypatch.setenv("REFEREE_LOG_LEVEL", "debug")
    app = create_app()
    assert app.config["MAX_CONTENT_LENGTH"] == 2048
    assert app.config["REFEREE_MAX_EVENTS"] == 7
    assert app.config["REFEREE_MAX_ROUNDS"] == 200
    assert app.config["REFEREE_LOG_LEVEL"] == "DEBUG"


def test_explicit_config_beats_env(monkeypatch):
    monkeypatch.setenv("REFEREE_MAX_DEPTH", "10")
    assert create_app({"REFEREE_MAX_DEPTH": 12}).config["REFEREE_MAX_DEPTH"] == 12


@pytest.mark.parametrize("name, value", [("REFEREE_MAX_EVENTS", "many"),
                                         ("REFEREE_MAX_ROUNDS", "0"),
                                         ("REFEREE_LOG_LEVEL", "chatty")])
def test_a_bad_setting_fails_at_start(name, value):
    with pytest.raises(ValueError, match=name):
        from_env({name: value})


def test_server_options():
    options = server_options("0.0.0.0", 9000, 3, graceful_timeout=5)
    assert options["bind"] == "0.0.0.0:9000"
    assert options["workers"] == 3
    assert options["graceful_timeout"] == 5
    assert "x-request-id" in options["access_log_format"]
    assert server_options("::1", 80)["bind"] == "[::1]:80"
    server = RefereeServer(options)
    assert server.cfg.workers == 3
    assert server.cfg.access_log_format == ACCESS_LOG_FORMAT
    assert server.load().name == "referee.service"


# In a fresh interpreter: the collector's settings are the process's, and the test's own must stay as they are.
_GC_PROBE = """
import gc, json, sys
from pathlib import Path
from referee.service import create_app
from referee.service.serve import tune_gc_for_serving
client = create_app({"REFEREE_LOG_LEVEL": "WARNING"}).test_client()
body = Path("examples/full-game-with-decks.json").read_bytes()
assert client.post("/v1/adjudications", data=body, content_type="application/json").status_code == 200
if sys.argv[1] == "tuned":
    tune_gc_for_serving()
collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info["generation"]))
for _ in range(20):
    assert client.post("/v1/adjudications", data=body, content_type="application/json").status_code == 200
print(json.dumps({"young": gc.get_threshold()[0], "frozen": gc.get_freeze_count(), "collections": len(collections)}))
"""


@pytest.mark.parametrize("mode", ["tuned", "default"])
def test_a_serving_process_runs_no_collection_inside_full_game_requests(mode):
    done = subprocess.run([sys.executable, "-c", _GC_PROBE, mode], cwd=REPO, capture_output=True, text=True,
                          timeout=60, check=True)
    probe = json.loads(done.stdout)
    if mode == "tuned":  # what each worker of referee serve does before it serves
        assert probe["young"] == GC_YOUNG_THRESHOLD
        assert probe["frozen"] > 10_000  # the application and its modules, out of the collector's sight
        assert probe["collections"] == 0
    else:  # the contrast that makes the setting worth having: CPython's defaults collect in every few requests
        assert probe["collections"] >= 10


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, proc: subprocess.Popen, seconds: float = 20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode}")
        try:
            return urllib.request.urlopen(
                urllib.request.Request(url, headers={"X-Request-Id": "serve-test-1"}), timeout=2)
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"no answer from {url}")


@pytest.mark.skipif(sys.platform == "win32", reason="gunicorn runs on POSIX only")
def test_serve_answers_logs_the_request_id_and_stops_on_sigterm():
    port = _free_port()
    code = f"from referee.service.serve import serve; serve(port={port}, workers=1)"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        response = _wait_for(f"http://127.0.0.1:{port}/healthz", proc)
        assert response.status == 200
        assert response.headers["X-Request-Id"] == "serve-test-1"
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0
    assert "request_id=serve-test-1" in output
    assert "Shutting down" in output


@pytest.mark.parametrize("name, value, expects", [
    ("REFEREE_MAX_EVENTS", "many", "a whole number"),
    ("REFEREE_MAX_ROUNDS", "0", "at least 1"),
    ("REFEREE_MAX_BODY_BYTES", "1MB", "a whole number"),
    ("REFEREE_LOG_LEVEL", "chatty", "a logging level"),
    ("REFEREE_READ_TIMEOUT", "soon", "a number of seconds"),
])
def test_serve_with_a_bad_setting_says_which_in_one_line_and_exits_2(name, value, expects):
    env = {**os.environ, "PYTHONPATH": str(REPO), name: value}
    done = subprocess.run([sys.executable, "-m", "referee.cli", "serve", "--port", str(_free_port())],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert name in done.stderr and expects in done.stderr and repr(value) in done.stderr


@pytest.mark.parametrize("read_timeout", [0.5, 2.0, 7.5, 10.0, 60.0, 86_400.0])
def test_waitress_closes_a_silent_connection_only_after_its_408(read_timeout):
    """A stalled request gets its 408 at read_timeout, found by a pass once a tick; waitress closes a
    silent connection after channel_timeout, found by a pass every cleanup_interval. The second must come
    after the first, however the two passes fall, or the stalled client is closed without an answer."""
    from referee.service.transport import TransportSettings

    settings = TransportSettings(read_timeout=read_timeout)
    waitress = settings.adjustments()
    latest_408 = settings.read_timeout + settings.tick
    earliest_close = waitress.channel_timeout
    assert earliest_close > latest_408


def _serve_fails(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "referee.cli", "serve", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("value", ["nan", "NaN"])
def test_serve_refuses_a_read_timeout_that_is_not_a_number(value):
    """It used to boot workers that crashed at once, again and again, and the master never exited."""
    done = _serve_fails("--port", str(_free_port()), "--read-timeout", value)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "--read-timeout" in done.stderr, done.stderr


def test_serve_on_a_port_in_use_says_so_in_one_line_and_exits_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        began = time.monotonic()
        done = _serve_fails("--port", str(port))
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [done.stderr.strip()] and f"port {port} is in use" in done.stderr
    assert time.monotonic() - began < 20  # gunicorn alone retried for 5 s before it gave up


def test_serve_on_a_host_that_does_not_exist_exits_2():
    done = _serve_fails("--host", "no-such-host.invalid", "--port", str(_free_port()))
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "--host" in done.stderr and "no-such-host.invalid" in done.stderr


def test_transport_settings_refuse_a_read_timeout_that_is_not_a_number():
    from referee.service.transport import TransportSettings

    with pytest.raises(ValueError, match="read_timeout"):
        TransportSettings(read_timeout=float("nan"))
