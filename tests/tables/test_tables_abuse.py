"""Bounded storage and abuse (issue 38, item 4): a request to a table is a few KiB at most, a decision's platform
(``x-``) fields are not stored, creating tables is rate-limited per client, and idle tables are pruned. On SQLite
and PostgreSQL."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import update

from referee.cli import main
from referee.service import create_app
from referee.tables import schema
from referee.tables.store import TableStore, now
from tests.tables.players import Seat, choice


def make_client(url: str, **settings):
    return create_app({"TESTING": True, "REFEREE_DATABASE_URL": url, "REFEREE_TABLES_ALLOW_SEED": True,
                       **settings}).test_client()


@pytest.fixture
def client(database_url):
    return make_client(database_url)


def new_table(client) -> dict:
    answer = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "bots": {"Ben": "greedy"}, "seed": 5})
    assert answer.status_code == 201
    return answer.get_json()


def test_a_decision_of_more_than_a_few_kib_is_413(client):
    table = new_table(client)
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    view = ana.view()
    big = ana.act(view["seq"], {**choice(view, random.Random(1)), "x-note": "x" * 5000})
    assert big.status_code == 413 and big.mimetype == "application/problem+json"
    assert "4096" in big.get_json()["detail"] and ana.view()["seq"] == view["seq"]


def test_a_decisions_platform_fields_are_not_stored(client, database_url):
    table = new_table(client)
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    view = ana.view()
    decision = choice(view, random.Random(1))
    taken = ana.act(view["seq"], {**decision, "x-note": "a\u0000" * 500, "x-at": 17})  # a NUL: PostgreSQL's 500
    assert taken.status_code == 200, taken.get_json()
    stored = TableStore.open(database_url).steps(table["id"])
    assert stored[view["seq"]].decision == decision  # step seq+1: as taken, without its x- fields


def test_creating_tables_is_rate_limited_per_client(database_url):
    client = make_client(database_url, REFEREE_TABLES_CREATE_LIMIT="3 per minute")
    assert [client.post("/v1/tables", json={"players": ["A", "B"]}).status_code for _ in range(3)] == [201] * 3
    refused = client.post("/v1/tables", json={"players": ["A", "B"]})
    assert refused.status_code == 429 and refused.mimetype == "application/problem+json"
    assert int(refused.headers["Retry-After"]) > 0 and refused.get_json()["type"].endswith("too-many-tables")
    other = client.post("/v1/tables", json={"players": ["A", "B"]}, environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert other.status_code == 201  # another client is counted apart
    assert client.get(f"/v1/tables/{other.get_json()['id']}").status_code == 200  # only creating is limited


def test_idle_tables_are_pruned_and_a_table_acted_at_is_not_idle(client, database_url):
    idle, acted, fresh = new_table(client), new_table(client), new_table(client)
    store = TableStore.open(database_url)
    long_ago = now() - timedelta(days=40)
    with store.engine.begin() as connection:
        connection.execute(update(schema.tables).where(schema.tables.c.id.in_([idle["id"], acted["id"]]))
                           .values(active=long_ago))
    ana = Seat(client, acted["id"], acted["tokens"]["Ana"])
    view = ana.view()
    assert ana.act(view["seq"], choice(view, random.Random(2))).status_code == 200  # active again
    result = CliRunner().invoke(main, ["tables", "prune", "--database", database_url], catch_exceptions=False)
    assert result.exit_code == 0 and result.output.startswith("1 table idle for 30 days")
    assert store.get(idle["id"]) is None and store.steps(idle["id"]) == []
    assert store.get(acted["id"]) is not None and store.get(fresh["id"]) is not None
    assert make_client(database_url).get(f"/v1/tables/{idle['id']}").status_code == 404
    store.close()
