"""A throw-away PostgreSQL server for the test run, or a plain word on why there is none.

A plugin of the whole suite (``tests/conftest.py`` registers it), so that its summary runs where the terminal
is (under pytest-xdist, the controller). The ``postgres_url`` fixture starts one server per test process
(each xdist worker has its own: no sharing, no lock), in a temporary folder on a free port, with Debian's
``initdb`` and ``pg_ctl`` — run as the ``postgres`` user through ``runuser`` when the tests run as root,
since both refuse root — and stops it at the end of the session. Each test gets a fresh database on it.

When no server binary is found the PostgreSQL tests skip, and the summary says so in red; with ``CI`` set
they fail instead (as the browser tests do, with the same summary: tests/browser/gate.py).
``REFEREE_PG_BINDIR`` names the folder of the binaries; else ``pg_config --bindir``, else the newest
``/usr/lib/postgresql/*/bin``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

from tests.browser import gate

#: Why this process has no PostgreSQL (set by :func:`unavailable`).
_MISSING: list[str] = []


def bindir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or None."""
    wanted = os.environ.get("REFEREE_PG_BINDIR")
    candidates = [wanted] if wanted else []
    if not wanted:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            if shutil.which("pg_config"):
                candidates.append(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                                                 check=True).stdout.strip())
        candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                             key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0,
                             reverse=True)
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").is_file() and (Path(candidate) / "pg_ctl").is_file():
            return Path(candidate)
    return None


def unavailable(reason: str):
    """The PostgreSQL tests cannot run: skip them with ``reason``; in CI (``CI`` set) fail them instead."""
    _MISSING.append(reason)
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One PostgreSQL server in a temporary folder (user ``referee``, trust authentication, no fsync)."""

    def __init__(self, binaries: Path):
        self.bin = binaries
        self.root = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_postgres = os.geteuid() == 0  # initdb and pg_ctl refuse root

    def _run(self, *args: str) -> None:
        command = [str(a) for a in args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        """initdb, then pg_ctl start (waits until the server accepts connections)."""
        if self.as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(self.bin / "initdb", "-D", self.data, "-A", "trust", "-U", "referee", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run(self.bin / "pg_ctl", "-D", self.data, "-o", options, "-l", self.root / "log", "-w", "start")

    def stop(self) -> None:
        """Stop the server and delete its folder."""
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run(self.bin / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` on this server."""
        return f"postgresql+psycopg://referee@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=referee dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def cut_connections(url: str) -> None:
    """Terminate every session of the database at ``url`` (a URL of :meth:`Server.url`), as a restart of the
    server would: the pooled connections of a store on it are then dead."""
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    with psycopg.connect(host=parsed.host, port=parsed.port, user=parsed.username, dbname="postgres",
                         autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                      (parsed.database,))


@pytest.fixture(scope="session")
def postgres_server():
    """This process's PostgreSQL server, started on first use and stopped at the end of the session."""
    binaries = bindir()
    if binaries is None:
        unavailable("no PostgreSQL server binaries found (apt-get install -y postgresql, or set REFEREE_PG_BINDIR)")
    server = Server(binaries)
    try:
        server.start()
    except (subprocess.SubprocessError, OSError) as exc:
        server.stop()
        detail = getattr(exc, "stderr", b"") or b""
        unavailable(f"the PostgreSQL server did not start: {exc} {detail.decode(errors='replace')[-300:]}")
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """The URL of a fresh database on this run's PostgreSQL server."""
    return postgres_server.new_database()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    report = yield
    return gate.mark_missing(report, item, call, _MISSING, "postgres_server", "postgres_missing")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(gate.Summary("postgres_missing", "postgresql tests"), "postgres-gate-summary")
    # Any app a test makes without naming a database keeps its tables in a temporary folder, never in the
    # checkout's data/ (the service's default).
    if not os.environ.get("REFEREE_DATA_DIR"):
        os.environ["REFEREE_DATA_DIR"] = tempfile.mkdtemp(prefix="referee-data-")
