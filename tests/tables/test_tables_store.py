"""The storage of live tables, on SQLite and on a real PostgreSQL: migrations, the seats' hashed tokens,
and the one guarantee the service leans on — steps after a given ``seq`` are stored once, by one writer."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import event, insert, inspect, text
from sqlalchemy.exc import IntegrityError

from referee.tables import schema, tokens
from referee.tables.database import DATABASE_FILE
from referee.tables.errors import DatabaseUnavailable
from referee.tables.migrate import current_revision, head_revision, migrate
from referee.tables.store import OVER, PLAYING, Seat, StaleSequence, Step, StoredTable, TableStore
from tests.tables.postgres import cut_connections


def _table(table_id: str | None = None, token: str = "secret") -> StoredTable:
    return StoredTable(table_id or tokens.new_table_id(), "uno-duo", ("Ana", "Ben"), datetime.now(UTC), 0, PLAYING,
                       {"cut": [["R5", "B2"]]},
                       (Seat(0, "Ana", tokens.digest(token), None), Seat(1, "Ben", None, "greedy")))


@pytest.fixture
def store(database_url):
    opened = TableStore.open(database_url)
    yield opened
    opened.close()


def test_migrations_create_exactly_the_declared_schema(database_url):
    store = TableStore.open(database_url, migrate_schema=False)
    assert current_revision(store.engine) is None
    assert migrate(store.engine) == head_revision() == current_revision(store.engine)
    migrate(store.engine)  # a second time changes nothing
    found = inspect(store.engine)
    for table in schema.METADATA.sorted_tables:
        assert {c["name"] for c in found.get_columns(table.name)} == {c.name for c in table.columns}
        assert found.get_pk_constraint(table.name)["constrained_columns"] == [c.name for c in table.primary_key]
    store.close()


def test_migrating_from_two_threads_at_once_creates_the_tables_once(database_url):
    """Two engines on a new database migrate it at once: neither fails and the schema is made once. On SQLite
    the race is run on 20 new files: the one setting WAL while the other migrates was refused at once there in
    about one race in six (SQLite's journal-mode change does not wait for the busy timeout)."""
    sqlite = database_url.startswith("sqlite")
    for attempt in range(20 if sqlite else 1):
        url = database_url.replace(DATABASE_FILE, f"{attempt}-{DATABASE_FILE}") if sqlite else database_url
        engines = [TableStore.open(url, migrate_schema=False).engine for _ in range(2)]
        errors: list[BaseException] = []

        def run(engine, errors=errors):
            try:
                migrate(engine)
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=run, args=(e,)) for e in engines]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [], attempt
        assert current_revision(engines[0]) == head_revision()
        for engine in engines:
            engine.dispose()


def test_a_table_comes_back_as_stored_with_its_token_only_hashed(store):
    table = _table(token="the-token")
    store.create(table)
    back = store.get(table.id)
    assert back is not None
    assert (back.id, back.variant, back.players, back.seq, back.state, back.opening) == \
        (table.id, "uno-duo", ("Ana", "Ben"), 0, PLAYING, {"cut": [["R5", "B2"]]})
    assert back.seats == table.seats
    assert tokens.matches("the-token", back.seats[0].token_hash)
    assert not tokens.matches("the-token", back.seats[1].token_hash)
    with store.engine.connect() as connection:
        dumped = " ".join(str(row) for row in connection.execute(text("SELECT * FROM live_seats")))
    assert "the-token" not in dumped
    assert store.get("no-such-table") is None


def test_a_table_whose_seats_cannot_be_stored_is_not_stored_at_all(store):
    # create() is several statements in one transaction, also on PostgreSQL, whose connections are otherwise
    # in autocommit: the seats' failure takes the table's row with it.
    table = _table()
    twins = StoredTable(table.id, table.variant, table.players, table.created, 0, PLAYING, table.opening,
                        (Seat(0, "Ana", None, "greedy"), Seat(1, "Ana", None, "greedy")))
    with pytest.raises(IntegrityError):
        store.create(twins)
    assert store.get(table.id) is None and store.count() == 0


def test_steps_append_in_order_and_the_record_comes_with_the_last(store):
    table = _table()
    store.create(table)
    store.append(table.id, 0, [Step(1, 0, {"decision": "keep"}, [])], PLAYING)
    store.append(table.id, 1, [Step(2, 1, {"decision": "pass"}, []), Step(3, 0, {"type": "draw"}, ["R1"])],
                 OVER, record={"format": "uno-duo-log/1"})
    assert [(s.seq, s.seat, s.decision, s.chance) for s in store.steps(table.id)] == [
        (1, 0, {"decision": "keep"}, []), (2, 1, {"decision": "pass"}, []), (3, 0, {"type": "draw"}, ["R1"])]
    assert [s.seq for s in store.steps(table.id, after=2)] == [3]
    back = store.get(table.id)
    assert (back.seq, back.over, back.record) == (3, True, {"format": "uno-duo-log/1"})
    with pytest.raises(StaleSequence):  # a finished table takes nothing more
        store.append(table.id, 3, [Step(4, 0, {"type": "draw"}, [])], PLAYING)


def test_a_stale_append_stores_nothing(store):
    table = _table()
    store.create(table)
    store.append(table.id, 0, [Step(1, 0, {"decision": "keep"}, [])], PLAYING)
    with pytest.raises(StaleSequence):
        store.append(table.id, 0, [Step(1, 1, {"decision": "pass"}, [])], PLAYING)
    assert [s.decision for s in store.steps(table.id)] == [{"decision": "keep"}]
    assert store.get(table.id).seq == 1
    with pytest.raises(ValueError, match="numbered from 2"):
        store.append(table.id, 1, [Step(3, 0, {}, [])], PLAYING)


def test_a_stale_append_of_a_last_move_leaves_the_table_as_it_was(store):
    table = _table()
    store.create(table)
    store.append(table.id, 0, [Step(1, 0, {"decision": "keep"}, [])], PLAYING)
    with pytest.raises(StaleSequence):  # several steps and the record, all refused together
        store.append(table.id, 0, [Step(1, 1, {"a": 1}, []), Step(2, 0, {"b": 2}, ["R1"])], OVER, record={"end": 1})
    back = store.get(table.id)
    assert (back.seq, back.state, back.record) == (1, PLAYING, None)
    assert [s.decision for s in store.steps(table.id)] == [{"decision": "keep"}]


def test_an_append_whose_step_number_is_taken_is_stale_and_not_half_written(store):
    # The table says seq 0 but a step 1 exists (as if written by hand): the table's row must not move
    # without its steps — the update and the inserts are one transaction on both databases.
    table = _table()
    store.create(table)
    with store.engine.begin() as connection:
        connection.execute(insert(schema.steps).values(table_id=table.id, seq=1, seat=1, decision={"x": 0},
                                                       chance=[]))
    with pytest.raises(StaleSequence):
        store.append(table.id, 0, [Step(1, 0, {"x": 1}, []), Step(2, 1, {"x": 2}, [])], OVER, record={"end": 1})
    back = store.get(table.id)
    assert (back.seq, back.state, back.record) == (0, PLAYING, None)
    assert [(s.seq, s.decision) for s in store.steps(table.id)] == [(1, {"x": 0})]


def test_on_postgresql_an_append_is_one_statement_and_nothing_pings(postgres_url):
    store = TableStore.open(postgres_url)
    table = _table()
    store.create(table)
    statements: list[str] = []
    event.listen(store.engine, "before_cursor_execute",
                 lambda _conn, _cursor, statement, *_: statements.append(statement))
    store.append(table.id, 0, [Step(1, 0, {"decision": "keep"}, []), Step(2, 1, {"type": "draw"}, ["R1"])], PLAYING)
    assert len(statements) == 1 and statements[0].startswith("WITH moved AS")
    assert store.engine.pool._pre_ping is False
    assert [s.seq for s in store.steps(table.id)] == [1, 2]
    store.close()


def test_on_postgresql_a_write_on_a_lost_connection_is_a_clear_error_and_the_next_call_works(postgres_url):
    store = TableStore.open(postgres_url)
    table = _table()
    store.create(table)
    assert store.progress(table.id) == (0, False)  # a pooled connection, now to be cut
    cut_connections(postgres_url)
    with pytest.raises(DatabaseUnavailable):
        store.append(table.id, 0, [Step(1, 0, {"decision": "keep"}, [])], PLAYING)
    assert store.progress(table.id) == (0, False)  # nothing was written; a fresh connection serves
    store.append(table.id, 0, [Step(1, 0, {"decision": "keep"}, [])], PLAYING)
    assert [s.seq for s in store.steps(table.id)] == [1]
    store.close()


def test_on_postgresql_a_read_on_a_lost_connection_is_tried_again_on_a_fresh_one(postgres_url):
    store = TableStore.open(postgres_url)
    table = _table()
    store.create(table)
    for read in (lambda: store.progress(table.id), lambda: store.get(table.id), store.count, store.list):
        before = read()  # on a pooled connection, now to be cut
        cut_connections(postgres_url)
        assert read() == before
    store.close()


def test_twenty_racing_writers_of_the_same_step_one_wins(store):
    table = _table()
    store.create(table)
    barrier = threading.Barrier(20)
    outcomes: list[str] = []

    def write(i: int) -> None:
        barrier.wait()
        try:
            store.append(table.id, 0, [Step(1, 0, {"writer": i}, [])], PLAYING)
            outcomes.append("stored")
        except StaleSequence:
            outcomes.append("stale")

    threads = [threading.Thread(target=write, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["stale"] * 19 + ["stored"]
    assert len(store.steps(table.id)) == 1 and store.get(table.id).seq == 1


def test_tables_are_listed_newest_first_with_their_seats(store):
    first, second = _table("a" * 22), _table("b" * 22)
    store.create(first)
    store.create(second)
    listed = store.list()
    assert {t.id for t in listed} == {first.id, second.id}
    assert all(len(t.seats) == 2 for t in listed)
    assert store.count() == 2


def test_tokens_are_random_long_and_compared_by_their_digest():
    a, b = tokens.new_token(), tokens.new_token()
    assert a != b and len(a) >= 43
    assert tokens.digest(a) != a and len(tokens.digest(a)) == 64
    assert tokens.matches(a, tokens.digest(a)) and not tokens.matches(b, tokens.digest(a))
    assert not tokens.matches(a, None)


def test_without_postgresql_the_tests_skip_locally_say_so_and_fail_in_ci(monkeypatch):
    from tests.browser import gate
    from tests.tables import postgres

    monkeypatch.setattr(postgres, "_MISSING", [])
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL"):
        postgres.unavailable("no PostgreSQL server binaries found")
    summary = gate.Summary("postgres_missing", "postgresql tests")

    class Report:
        postgres_missing = postgres._MISSING[0]

    summary.pytest_runtest_logreport(Report())
    lines: list[str] = []

    class Terminal:
        def section(self, title, **_):
            lines.append(title)

        def write_line(self, line, **_):
            lines.append(line)

    summary.pytest_terminal_summary(Terminal(), 0, None)
    assert "POSTGRESQL TESTS NOT RUN: no PostgreSQL server binaries found" in lines
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="cannot run in CI"):
        postgres.unavailable("no PostgreSQL server binaries found")
