"""Which database holds the tables, and the SQLAlchemy engine that talks to it.

``REFEREE_DATABASE_URL`` names it (``postgresql+psycopg://USER@HOST:PORT/DB``); unset, it is SQLite, one file
``tables.sqlite3`` in the data folder: ``REFEREE_DATA_DIR``, else ``data/`` under the working directory.
SQLite runs in WAL mode (readers do not wait for the writer) with a busy timeout (a writer waits for
another instead of failing at once), so several threads and processes of ``referee serve`` share the file.
PostgreSQL's connections are in autocommit: a statement alone is its own transaction, with no ``BEGIN`` and
no ``COMMIT`` round trip; several statements that must be one transaction take a connection from
:func:`writing`.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url

__all__ = ["BUSY_TIMEOUT_MS", "DATABASE_FILE", "database_url", "open_engine", "writing"]

#: The SQLite file's name in the data folder.
DATABASE_FILE = "tables.sqlite3"
#: How long an SQLite writer waits for another to finish before giving up (milliseconds).
BUSY_TIMEOUT_MS = 10_000
#: An execution option: begin the transaction with SQLite's ``BEGIN IMMEDIATE`` (take the write lock first).
IMMEDIATE = "referee_immediate"


def database_url(config: Mapping[str, Any] | None = None) -> str:
    """The database's URL: ``REFEREE_DATABASE_URL`` of ``config`` (else of the environment), else SQLite in
    the data folder (``REFEREE_DATA_DIR``, else ``./data``)."""
    source: Mapping[str, Any] = os.environ if config is None else config
    url = source.get("REFEREE_DATABASE_URL") or (None if config is None else os.environ.get("REFEREE_DATABASE_URL"))
    if url:
        return str(url)
    folder = source.get("REFEREE_DATA_DIR") or os.environ.get("REFEREE_DATA_DIR") or "data"
    return f"sqlite:///{Path(folder).resolve() / DATABASE_FILE}"


def open_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite the data folder is made, and WAL and the busy timeout are set on
    every connection; PostgreSQL's connections are in autocommit. Pooled connections are not pinged before use."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        # No ping before each use: it would be a round trip on every call. A connection found dead fails its
        # call clearly instead (referee.tables.store: DatabaseUnavailable), and SQLAlchemy then replaces the
        # pool's connections. Autocommit for the pool (not per connection: switching costs tens of µs a call).
        return create_engine(url, isolation_level="AUTOCOMMIT")
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _sqlite_connected)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def writing(engine: Engine) -> Connection:
    """A connection on which ``begin()`` begins a transaction of several statements, on either database:
    on SQLite with the write lock taken first, on PostgreSQL out of autocommit (``READ COMMITTED``)."""
    options: dict[str, Any] = {IMMEDIATE: True}
    if engine.dialect.name == "postgresql":
        options["isolation_level"] = "READ COMMITTED"
    return engine.connect().execution_options(**options)


def _sqlite_connected(dbapi_connection, _record) -> None:
    # The driver's own transaction handling is turned off so that SQLAlchemy's begin (below) decides it:
    # pysqlite would otherwise begin lazily, before the first write only.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    _into_wal(cursor)
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")  # in WAL mode: durable across a process crash, fsync per checkpoint
    cursor.close()


def _into_wal(cursor: sqlite3.Cursor) -> None:
    """WAL mode (the file keeps it once set). Setting it is refused at once, busy timeout or not, while another
    connection holds a lock on a file not yet in WAL -- two workers or threads opening a new database together,
    one of them migrating it -- so it is asked again, for as long as a writer would wait."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def _sqlite_begin(connection) -> None:
    # A writer takes the write lock as it begins (waiting up to the busy timeout), so that a transaction
    # that reads and then writes never fails half-way on a lock another writer took in between.
    # A reader begins nothing: each of its statements reads a consistent snapshot on its own (WAL).
    if connection.get_execution_options().get(IMMEDIATE, False):
        connection.exec_driver_sql("BEGIN IMMEDIATE")
