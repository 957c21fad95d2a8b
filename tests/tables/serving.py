"""A real ``referee serve`` for the tests: its own process group, a free port of 127.0.0.1, a database URL."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

__all__ = ["Service", "http_call", "http_exchange"]


def http_exchange(method: str, url: str, body: dict | None = None, token: str | None = None, timeout: float = 10,
                  headers: dict[str, str] | None = None) -> tuple[int, Message, dict | None]:
    """A JSON request with the seat's token, if any, and any further ``headers``: the status, the answer's
    headers (their names in any case) and its JSON (None for an empty body), an error status (304 included)
    as well."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Accept", "application/json")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, error.headers, json.loads(text) if text else None


def http_call(method: str, url: str, body: dict | None = None, token: str | None = None,
              timeout: float = 10, headers: dict[str, str] | None = None) -> tuple[int, dict | None]:
    """A JSON request with the seat's token, if any: the status and the JSON answer (None for an empty body),
    an error status included."""
    status, _, answer = http_exchange(method, url, body, token, timeout, headers)
    return status, answer


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Service:
    """``referee serve`` in its own process group, on a free port."""

    def __init__(self, url: str, folder: Path, **settings: str):
        self.port = _free_port()
        env = {**os.environ, "REFEREE_DATABASE_URL": url, **settings}
        referee = Path(sys.executable).parent / "referee"
        self.proc = subprocess.Popen([str(referee), "serve", "--port", str(self.port), "--workers", "2"], env=env,
                                     cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, "referee serve exited"
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2)
                return
            except OSError:
                assert time.monotonic() < deadline, "referee serve did not answer within 60 s"
                time.sleep(0.2)

    def call(self, method: str, path: str, body=None, token: str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict]:
        """One request to the service: its status and JSON answer (``{}`` for none)."""
        status, _, answer = self.exchange(method, path, body, token, headers)
        return status, answer

    def exchange(self, method: str, path: str, body=None, token: str | None = None,
                 headers: dict[str, str] | None = None) -> tuple[int, Message, dict]:
        """One request to the service: its status, the answer's headers and its JSON (``{}`` for none)."""
        status, replied, answer = http_exchange(method, f"http://127.0.0.1:{self.port}{path}", body, token,
                                                timeout=30, headers=headers)
        return status, replied, {} if answer is None else answer

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        """Stop it as an operator does (SIGTERM), and wait."""
        os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=60)
