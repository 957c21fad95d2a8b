"""A real ``referee serve`` on 127.0.0.1 for the transport's tests: started, waited for, stopped.

Every test that talks to it bounds its loops in count and time and closes its sockets.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from tests.service.conftest import REPO


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A running ``referee serve`` subprocess and the file its log goes to."""

    def __init__(self, port: int, log: Path, proc: subprocess.Popen):
        self.port, self.log, self.proc = port, log, proc

    def connect(self, timeout: float = 10.0) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def post(self, body, headers: dict[str, str] | None = None, timeout: float = 10.0):
        """(status, content type, parsed body) of one POST /v1/adjudications on a new connection."""
        conn = self.connect(timeout)
        try:
            conn.request("POST", "/v1/adjudications", body=body,
                         headers={"Content-Type": "application/json", **(headers or {})})
            response = conn.getresponse()
            return response.status, response.getheader("Content-Type"), json.loads(response.read())
        finally:
            conn.close()

    def healthz(self, timeout: float = 2.0) -> int:
        """The status of ``GET /healthz`` (raises OSError when nothing answers within ``timeout``)."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=timeout) as response:
            return response.status

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def workers(self) -> list[int]:
        """The pids of the worker processes (the master's children)."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        return [int(pid) for pid in children]

    def open_sockets(self) -> int:
        """Sockets open in the worker processes now (Linux: their file descriptors)."""
        count = 0
        for pid in self.workers():
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    count += os.readlink(fd).startswith("socket:")
        return count


@contextlib.contextmanager
def serving(directory: Path, env: dict[str, str] | None = None, args: tuple[str, ...] = ()) -> Iterator[Server]:
    """``referee serve --workers 1 ARGS`` on a free port, with ``env`` added; stopped by SIGTERM at the end.

    A port found free may be taken before the server binds it (by another test worker, another process):
    then ``referee serve`` says so and exits, and another port is tried. The server is ready once it has
    logged that it listens and answers ``/healthz`` — never on the word of whatever else answers there."""
    for _ in range(5):
        server = _start(directory, env, args)
        if server is not None:
            break
    else:
        raise AssertionError("referee serve found no free port in 5 tries")
    try:
        yield server
    finally:
        if server.proc.poll() is None:
            server.proc.send_signal(signal.SIGTERM)
        try:
            server.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait()


def _start(directory: Path, env: dict[str, str] | None, args: tuple[str, ...]) -> Server | None:
    """A ready server, or None when its port was taken meanwhile."""
    port = free_port()
    log = directory / "serve.log"
    environ = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--port", str(port),
                                 "--workers", "1", *args], cwd=REPO, env=environ, stdout=out,
                                stderr=subprocess.STDOUT)
    server = Server(port, log, proc)
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            if f"port {port} is in use" in log.read_text():
                return None
            raise AssertionError(f"referee serve exited with {proc.returncode}:\n{log.read_text()}")
        if f"Listening at: http://127.0.0.1:{port}" in log.read_text():
            try:
                server.healthz()
                return server
            except OSError:
                pass
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("referee serve did not answer /healthz within 30 s")
        time.sleep(0.1)
