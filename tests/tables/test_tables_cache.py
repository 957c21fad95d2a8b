"""The live games a process keeps are bounded (``REFEREE_TABLES_CACHE``): many tables never hold more than that
many games nor tables' fixed parts in memory, and a table whose game was forgotten is rebuilt from the database
as it was — the same view for each seat, and it plays on to a legal record. On SQLite and PostgreSQL."""

from __future__ import annotations

import random

import pytest

from referee.service import create_app
from referee.service.tables import tables_of
from referee.tables.cache import Recent
from tests.tables.players import Seat, choice, play_out

SIZE = 3


def test_recent_forgets_the_least_recently_used_first():
    recent = Recent(2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "a" is now the most recently used: "b" goes first
    recent.put("c", 3)
    assert ("a" in recent, "b" in recent, "c" in recent, len(recent)) == (True, False, True, 2)
    assert recent.take_if("a", lambda value: value > 5) is None and "a" in recent
    assert recent.take_if("a", lambda value: value == 1) == 1 and "a" not in recent
    with pytest.raises(ValueError):
        Recent(0)


def test_the_cache_stays_bounded_and_a_forgotten_table_is_rebuilt_as_it_was(database_url):
    app = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url, "REFEREE_TABLES_ALLOW_SEED": True,
                      "REFEREE_TABLES_CACHE": SIZE})
    client, tables = app.test_client(), tables_of(app)
    assert tables.cache.size == SIZE
    rng = random.Random(7)
    seats = []
    for i in range(3 * SIZE):
        created = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "bots": {"Ben": "greedy"},
                                                  "seed": 100 + i}).get_json()
        seats.append(Seat(client, created["id"], created["tokens"]["Ana"]))
        for _ in range(5):  # a few moves on every table so far, the oldest first
            for seat in seats:
                view = seat.view()
                assert seat.act(view["seq"], choice(view, rng, 0.9)).status_code == 200
                assert len(tables.cache) <= SIZE and len(tables.fixed) <= SIZE
    first = seats[0]
    assert first.table_id not in tables.cache and first.table_id not in tables.fixed  # long forgotten
    seen_before = [first.view(), client.get(f"/v1/tables/{first.table_id}").get_json()]
    for seat in seats[1:SIZE + 1]:
        seat.view()  # the first table is forgotten again
    assert first.table_id not in tables.cache
    # Rebuilt from the database: the seat's view and the public view as they were.
    assert [first.view(), client.get(f"/v1/tables/{first.table_id}").get_json()] == seen_before
    assert first.table_id in tables.cache
    play_out([first], rng)
    final = first.view()
    verdict = client.post("/v1/adjudications", json=first.log().get_json()).get_json()
    assert (verdict["verdict"], verdict["complete"], verdict["scores"]) == ("legal", True, final["scores"])
    assert len(tables.cache) <= SIZE and len(tables.fixed) <= SIZE


def test_the_cache_size_is_a_setting():
    from referee.service.config import from_env

    assert from_env({"REFEREE_TABLES_CACHE": "12"})["REFEREE_TABLES_CACHE"] == 12
    with pytest.raises(ValueError, match="REFEREE_TABLES_CACHE"):
        from_env({"REFEREE_TABLES_CACHE": "0"})
