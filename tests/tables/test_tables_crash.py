"""A real ``referee serve`` killed with SIGKILL under load, then started again on the same database (SQLite and
PostgreSQL): every move it acknowledged is there, in its place, nothing doubled, and every table plays on (one to
its end, with a record the referee rules legal)."""

from __future__ import annotations

import http.client
import random
import threading
import time

from referee.tables.store import TableStore
from tests.tables.players import choice
from tests.tables.serving import Service

TABLES = 4
LOAD_SECONDS = 2.0


def test_sigkill_under_load_loses_nothing_acknowledged(database_url, tmp_path):
    service = Service(database_url, tmp_path)
    tables = []
    for _ in range(TABLES):
        status, created = service.call("POST", "/v1/tables", {"players": ["Ana", "Ben"], "bots": {"Ben": "greedy"}})
        assert status == 201
        tables.append((created["id"], created["tokens"]["Ana"]))
    acknowledged: dict[str, dict[int, dict]] = {table_id: {} for table_id, _ in tables}  # seq -> decision
    stop = threading.Event()

    def play(table_id: str, token: str, rng: random.Random) -> None:
        while not stop.is_set():
            try:
                status, view = service.call("GET", f"/v1/tables/{table_id}", token=token)
                if status != 200 or view["over"]:
                    return
                decision = choice(view, rng, 0.9)
                status, _ = service.call("POST", f"/v1/tables/{table_id}/events",
                                         {"seq": view["seq"], "event": decision}, token)
            except (OSError, http.client.HTTPException):  # the service is gone
                return
            if status == 200:
                acknowledged[table_id][view["seq"] + 1] = decision

    threads = [threading.Thread(target=play, args=(table_id, token, random.Random(i)))
               for i, (table_id, token) in enumerate(tables)]
    for t in threads:
        t.start()
    time.sleep(LOAD_SECONDS)
    service.kill()  # mid-load: requests in flight
    stop.set()
    for t in threads:
        t.join()
    assert sum(len(moves) for moves in acknowledged.values()) > TABLES

    store = TableStore.open(database_url)
    for table_id, moves in acknowledged.items():
        steps = store.steps(table_id)
        assert [s.seq for s in steps] == list(range(1, len(steps) + 1))  # nothing doubled, no hole
        stored = {s.seq: s for s in steps}
        for seq, decision in moves.items():  # nothing acknowledged lost, each in its place
            assert seq in stored and stored[seq].seat == 0 and stored[seq].decision == decision
        assert store.get(table_id).seq == len(steps)
    store.close()

    again = Service(database_url, tmp_path)
    try:
        for i, (table_id, token) in enumerate(tables):
            rng = random.Random(100 + i)
            for _ in range(20 if i else 100_000):  # every table plays on; the first to its end
                status, view = again.call("GET", f"/v1/tables/{table_id}", token=token)
                assert status == 200
                if view["over"]:
                    break
                status, _ = again.call("POST", f"/v1/tables/{table_id}/events",
                                       {"seq": view["seq"], "event": choice(view, rng, 0.9)}, token)
                assert status == 200
            if i:
                continue
            status, record = again.call("GET", f"/v1/tables/{table_id}/log", token=token)
            assert status == 200
            status, verdict = again.call("POST", "/v1/adjudications", record)
            assert (verdict["verdict"], verdict["complete"], verdict["scores"]) == ("legal", True, view["scores"])
    finally:
        again.kill()
