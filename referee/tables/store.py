"""Storage of the live tables behind one interface: :class:`TableStore` (SQLAlchemy Core, any database).

What it guarantees (the service relies on it):

- A table, its seats and its opening are stored together, or not at all (:meth:`TableStore.create`).
- :meth:`TableStore.append` stores steps after ``seq`` only if the table's ``seq`` in the database is still
  ``seq``: the conditional update and the ``(table_id, seq)`` key decide between racing writers — one wins,
  the others get :class:`StaleSequence` — whether they are threads, processes or two services on one
  PostgreSQL. The steps, the table's new ``seq``, its state and (once over) its record are committed in one
  transaction before the call returns: an answer given after it is never lost by a crash.
- Connections are not pinged before use (a ping is one more round trip on every call). A read that meets a
  dead one (the server restarted, the link was cut) is tried once more on a fresh connection; a write is
  :class:`~referee.tables.errors.DatabaseUnavailable`, and asking again is safe — an append either
  committed whole or not at all, and a committed one makes its ``seq`` stale.
- Nothing here knows the rules: a decision and a chance outcome are JSON, as the engine gives them.

On PostgreSQL each call is one statement in autocommit where one statement is enough — an append is a single
statement (the conditional ``UPDATE`` in a ``WITH`` feeding the steps' ``INSERT``), so a move costs one round
trip to the server instead of five (ping, ``BEGIN``, ``UPDATE``, ``INSERT``, ``COMMIT``). SQLite is in the
process: there a transaction costs no round trip, and its writers take the write lock first.
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout

from referee.tables import schema
from referee.tables.database import open_engine, writing
from referee.tables.errors import DatabaseUnavailable
from referee.tables.migrate import migrate

__all__ = ["OVER", "PLAYING", "Joined", "Seat", "StaleSequence", "Step", "StoredTable", "TableStore", "now"]

PLAYING = "playing"
OVER = "over"


class StaleSequence(Exception):
    """The table has moved on: the steps were to follow ``expected``, but another writer got there first."""

    def __init__(self, table_id: str, expected: int):
        super().__init__(f"table {table_id} is no longer at {expected}")
        self.table_id, self.expected = table_id, expected


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a table: its player, its token's digest (None for a bot, and for an invited seat until its
    guest joins), its bot style (None: a person) and, for an invited seat, its invitation code's digest."""

    seat: int
    player: str
    token_hash: str | None
    bot: str | None
    invitation_hash: str | None = None

    @property
    def awaiting_guest(self) -> bool:
        """True for an invited seat whose guest has not joined yet (as far as this copy knows)."""
        return self.invitation_hash is not None and self.token_hash is None


@dataclass(frozen=True, slots=True)
class Joined:
    """What an invitation's code met (:meth:`TableStore.join`): the ``seat`` it gave, or whether it was ``spent``."""

    seat: int | None
    spent: bool


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted decision: its number (1 for the first), the seat that made it, the decision in the log's
    form, and the chance outcomes the dealer drew after it (JSON, as the engine gives them)."""

    seq: int
    seat: int
    decision: Any
    chance: Any


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored: ``seq`` decisions accepted so far; ``record`` only once ``state`` is over."""

    id: str
    variant: Any
    players: tuple[str, str]
    created: datetime
    seq: int
    state: str
    opening: Any
    seats: tuple[Seat, Seat]
    record: Any = None

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state == OVER


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _lost_connections_reported(retry: bool) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """A method, with a connection lost on the way raised as :class:`DatabaseUnavailable` — after one more
    try on a fresh connection when ``retry`` (reads: asking again changes nothing). SQLAlchemy has already
    dropped the pool's connections by then. A write is not tried again: had the connection broken after its
    commit, the second try would be refused as stale, and the caller told the opposite of what happened.
    Every other fault of the database's operation that means "not now" (:func:`try_again`) is
    :class:`DatabaseUnavailable` at once."""
    def decorate(method: Callable[_P, _R]) -> Callable[_P, _R]:
        @functools.wraps(method)
        def reporting(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            tries = 2 if retry else 1
            while True:
                tries -= 1
                try:
                    return method(*args, **kwargs)
                except DBAPIError as exc:
                    if exc.connection_invalidated and tries:
                        continue
                    if exc.connection_invalidated or try_again(exc):
                        raise DatabaseUnavailable(str(exc.orig)) from exc
                    raise
                except SQLAlchemyTimeout as exc:  # no pooled connection came free in time
                    raise DatabaseUnavailable(str(exc)) from exc
        return reporting
    return decorate


def try_again(exc: DBAPIError) -> bool:
    """Whether the database's error means "not now" rather than a wrong request: the DB-API's
    ``OperationalError`` -- a new connection refused (the server down, too many clients), the connection lost,
    a full disk (SQLite's "database or disk is full", PostgreSQL's class 53), a lock not had in time. A
    constraint broken or a statement refused (``IntegrityError``, ``ProgrammingError``) is not one."""
    return isinstance(exc, OperationalError)


_READ = _lost_connections_reported(retry=True)
_WRITE = _lost_connections_reported(retry=False)


class TableStore:
    """The live tables in one database (SQLite or PostgreSQL), through SQLAlchemy."""

    def __init__(self, engine: Engine):
        self.engine = engine
        # SQLite has one writer at a time. Its threads in this process queue here, and are woken the moment the
        # writer before them commits, instead of in SQLite's busy handler, which sleeps 1, 2, 5, 10… ms between
        # tries (sqliteDefaultBusyCallback in SQLite's main.c): a thread that met a writer would sleep longer than the
        # write it waits for lasts. Writers of other processes still meet in the busy handler. PostgreSQL
        # serialises a table's writers by its row lock alone.
        self._one_writer = threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        # PostgreSQL's connections are in autocommit (referee.tables.database): an append there is one statement.
        self._postgresql = engine.dialect.name == "postgresql"

    @classmethod
    def open(cls, url: str, migrate_schema: bool = True) -> TableStore:
        """The store at ``url``, migrated to the newest schema first unless told not to."""
        store = cls(open_engine(url))
        if migrate_schema:
            migrate(store.engine)
        return store

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    # -- writing ----------------------------------------------------------------------------------------

    @_WRITE
    def create(self, table: StoredTable, first_steps: Sequence[Step] = ()) -> None:
        """Store a new table with its seats and the steps already taken (``table.seq`` of them: the bots'
        decisions before any person's), all in one transaction."""
        if [s.seq for s in first_steps] != list(range(1, table.seq + 1)):
            raise ValueError(f"a new table at seq {table.seq} comes with steps 1 to {table.seq}")
        with self._writing() as connection:
            connection.execute(insert(schema.tables).values(
                id=table.id, variant=table.variant, players=list(table.players), created=table.created,
                seq=table.seq, state=table.state, opening=table.opening, record=table.record, active=table.created))
            connection.execute(insert(schema.seats), [
                {"table_id": table.id, "seat": s.seat, "player": s.player, "token_hash": s.token_hash, "bot": s.bot,
                 "invitation_hash": s.invitation_hash}
                for s in table.seats])
            if first_steps:
                connection.execute(insert(schema.steps), _step_rows(table.id, first_steps))

    @_WRITE
    def append(self, table_id: str, expected: int, new_steps: Sequence[Step], state: str,
               record: Any = None) -> None:
        """Store ``new_steps`` (numbered from ``expected + 1``) if the table is still at ``expected``, with its
        new state and record, in one committed transaction; else :class:`StaleSequence` and nothing stored."""
        if not new_steps:
            raise ValueError("nothing to append")
        if [s.seq for s in new_steps] != list(range(expected + 1, expected + len(new_steps) + 1)):
            raise ValueError(f"steps after {expected} must be numbered from {expected + 1}")
        try:
            if self._postgresql:
                self._append_in_one_statement(table_id, expected, new_steps, state, record)
            else:
                self._append_in_a_transaction(table_id, expected, new_steps, state, record)
        except IntegrityError:  # the (table_id, seq) key: another writer stored these numbers first
            raise StaleSequence(table_id, expected) from None

    def _append_in_a_transaction(self, table_id: str, expected: int, new_steps: Sequence[Step], state: str,
                                 record: Any) -> None:
        with self._writing() as connection:
            moved = connection.execute(_MOVE_ON, {"table_id": table_id, "expected": expected, "playing": PLAYING,
                                                  "seq": expected + len(new_steps), "state": state, "record": record,
                                                  "active": now()})
            if moved.rowcount != 1:
                raise StaleSequence(table_id, expected)  # leaving the block rolls back: nothing is written
            connection.execute(_INSERT_STEP, _step_rows(table_id, new_steps))

    def _append_in_one_statement(self, table_id: str, expected: int, new_steps: Sequence[Step], state: str,
                                 record: Any) -> None:
        # One autocommit statement is one transaction: the steps are inserted only from the row the update
        # moved, so a stale seq or a finished table inserts nothing, and a racing writer waits on the row's
        # lock, then finds seq moved on (PostgreSQL re-checks the WHERE on the row's new version).
        steps = [{"seq": s.seq, "seat": s.seat, "decision": s.decision, "chance": s.chance} for s in new_steps]
        with self.engine.connect() as connection:
            inserted = connection.exec_driver_sql(_APPEND_POSTGRESQL, {
                "table_id": table_id, "expected": expected, "playing": PLAYING, "seq": expected + len(new_steps),
                "state": state, "record": json.dumps(record), "steps": json.dumps(steps), "active": now()})
        if inserted.rowcount != len(new_steps):
            raise StaleSequence(table_id, expected)

    @_WRITE
    def join(self, table_id: str, invitation_hash: str, token_hash: str) -> Joined:
        """Spend the invitation whose code's digest is ``invitation_hash`` at a table still playing: its seat gets
        the token ``token_hash`` digests, once. What became of it: :class:`Joined` with the seat, or with
        ``spent`` (a guest joined before), or with neither (no such invitation at a table still playing)."""
        seats, tables = schema.seats.c, schema.tables.c
        playing = select(tables.id).where(tables.id == table_id, tables.state == PLAYING).scalar_subquery()
        with self._writing() as connection:
            # One conditional update: of two guests racing with the same code, exactly one finds the token unset.
            taken = connection.execute(
                update(schema.seats).where(seats.table_id == playing, seats.invitation_hash == invitation_hash,
                                           seats.token_hash.is_(None)).values(token_hash=token_hash)
                .returning(seats.seat)).one_or_none()
            if taken is not None:
                return Joined(taken.seat, False)
            spent = connection.execute(select(seats.seat).where(seats.table_id == playing,
                                                                seats.invitation_hash == invitation_hash)).first()
        return Joined(None, spent is not None)

    @_WRITE
    def prune(self, idle_since: datetime) -> int:
        """Delete the tables not active since ``idle_since`` (their seats and steps with them); how many."""
        with self._writing() as connection:
            old = select(schema.tables.c.id).where(schema.tables.c.active < idle_since).scalar_subquery()
            connection.execute(delete(schema.steps).where(schema.steps.c.table_id.in_(old)))
            connection.execute(delete(schema.seats).where(schema.seats.c.table_id.in_(old)))
            return connection.execute(delete(schema.tables).where(schema.tables.c.active < idle_since)).rowcount

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A connection in a writing transaction (SQLite: the write lock taken first), committed at the end."""
        with self._one_writer, writing(self.engine) as connection, connection.begin():
            yield connection

    # -- reading ----------------------------------------------------------------------------------------
    # Each read is one statement, in autocommit on PostgreSQL (no BEGIN, no ROLLBACK on the way back to the
    # pool); where a read takes two, the second reads the seats, which never change.

    @_READ
    def get(self, table_id: str) -> StoredTable | None:
        """The table ``table_id`` with its seats, or None."""
        with self.engine.connect() as connection, connection.begin():
            row = connection.execute(select(schema.tables).where(schema.tables.c.id == table_id)).one_or_none()
            if row is None:
                return None
            seat_rows = connection.execute(select(schema.seats).where(schema.seats.c.table_id == table_id)
                                           .order_by(schema.seats.c.seat)).all()
        return _table(row, seat_rows)

    @_READ
    def steps(self, table_id: str, after: int = 0) -> list[Step]:
        """The table's accepted steps numbered above ``after``, in order."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(schema.steps).where(schema.steps.c.table_id == table_id,
                                                                 schema.steps.c.seq > after)
                                      .order_by(schema.steps.c.seq)).all()
        return [Step(r.seq, r.seat, r.decision, r.chance) for r in rows]

    @_READ
    def progress(self, table_id: str) -> tuple[int, bool] | None:
        """The table's number of accepted decisions and whether it is over (None: no such table), in one
        cheap query: what a poll of the view needs to answer 304."""
        with self.engine.connect() as connection:
            row = connection.execute(_PROGRESS, {"table_id": table_id}).one_or_none()
        return None if row is None else (row.seq, row.state == OVER)

    @_READ
    def list(self, limit: int = 100) -> list[StoredTable]:
        """The newest ``limit`` tables, newest first, with their seats."""
        with self.engine.connect() as connection, connection.begin():
            rows = connection.execute(select(schema.tables).order_by(schema.tables.c.created.desc(),
                                                                     schema.tables.c.id).limit(limit)).all()
            ids = [r.id for r in rows]
            seat_rows = connection.execute(select(schema.seats).where(schema.seats.c.table_id.in_(ids))
                                           .order_by(schema.seats.c.seat)).all() if ids else []
        by_table: dict[str, list] = {}
        for seat in seat_rows:
            by_table.setdefault(seat.table_id, []).append(seat)
        return [_table(row, by_table.get(row.id, [])) for row in rows]

    @_READ
    def count(self) -> int:
        """How many tables there are."""
        with self.engine.connect() as connection:
            return connection.execute(select(func.count()).select_from(schema.tables)).scalar_one()


# The statements of the hot path, built once (building a statement costs more than running it on SQLite).
_MOVE_ON = (update(schema.tables)
            .where(schema.tables.c.id == bindparam("table_id"), schema.tables.c.seq == bindparam("expected"),
                   schema.tables.c.state == bindparam("playing"))
            .values(seq=bindparam("seq"), state=bindparam("state"), record=bindparam("record"),
                    active=bindparam("active")))
_INSERT_STEP = insert(schema.steps)
# PostgreSQL's append in one statement (psycopg's parameter style; prepared by psycopg after a few uses). The
# record is JSON text like SQLAlchemy's JSON columns write it (``null`` while the game is on).
_APPEND_POSTGRESQL = """\
WITH moved AS (
    UPDATE live_tables SET seq = %(seq)s, state = %(state)s, record = %(record)s::json, active = %(active)s
    WHERE id = %(table_id)s AND seq = %(expected)s AND state = %(playing)s
    RETURNING id)
INSERT INTO live_steps (table_id, seq, seat, decision, chance)
SELECT moved.id, step.seq, step.seat, step.decision, step.chance
FROM moved, json_to_recordset(%(steps)s::json) AS step(seq integer, seat integer, decision json, chance json)"""
_PROGRESS = select(schema.tables.c.seq, schema.tables.c.state).where(schema.tables.c.id == bindparam("table_id"))


def _step_rows(table_id: str, new_steps: Iterable[Step]) -> list[dict]:
    return [{"table_id": table_id, "seq": s.seq, "seat": s.seat, "decision": s.decision, "chance": s.chance}
            for s in new_steps]


def _table(row: Any, seat_rows: Iterable[Any]) -> StoredTable:
    seats = tuple(Seat(s.seat, s.player, s.token_hash, s.bot, s.invitation_hash) for s in seat_rows)
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)  # SQLite keeps no zone
    return StoredTable(row.id, row.variant, tuple(row.players), created, row.seq, row.state, row.opening,
                       seats, row.record)


def now() -> datetime:
    """The time a table is created (UTC)."""
    return datetime.now(UTC)

