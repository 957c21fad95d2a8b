"""Two real ``referee serve`` processes on one database (SQLite and PostgreSQL): the service keeps nothing but
the database, so either instance serves every table, whichever took its last move."""

from __future__ import annotations

import random

from tests.tables.players import choice
from tests.tables.serving import Service


def test_a_game_whose_moves_alternate_between_two_served_instances_plays_to_the_end(database_url, tmp_path):
    """Two ``referee serve`` processes (each of two workers, each worker with its own cache) on one database
    play a game together: a person (Ana) against a greedy bot, every one of Ana's decisions read from one
    instance (the looker) and posted to the other (the mover), the two swapping roles each turn, to the end of
    the game. Each turn also proves that neither acts on what it remembers rather than on the database: the
    looker, which has just served the game at ``seq``, answers that same ``seq`` posted once the mover has
    moved with 409; the looker's ETag is 304 on the mover while nothing has happened, and that tag (the
    mover's as well) is 200 on the looker, with the mover's new tag, once the move is made through the mover.
    At the end the record, alike from either instance, is ruled legal and complete, with the final view's
    scores and winner."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    instances = [Service(database_url, tmp_path / "a")]
    try:
        instances.append(Service(database_url, tmp_path / "b"))
        status, created = instances[0].call("POST", "/v1/tables", {"players": ["Ana", "Ben"],
                                                                    "bots": {"Ben": "greedy"}})
        assert status == 201, created
        table, token = f"/v1/tables/{created['id']}", created["tokens"]["Ana"]
        rng = random.Random(23)
        turn = 0
        while True:
            looker, mover = instances[turn % 2], instances[(turn + 1) % 2]
            status, replied, view = looker.exchange("GET", table, token=token)
            assert status == 200, view
            if view["over"]:
                break
            tag = replied["ETag"]
            assert tag
            # The looker's tag, asked of the mover while nothing has happened: 304, and the mover's tag is the same.
            status, unchanged, body = mover.exchange("GET", table, token=token, headers={"If-None-Match": tag})
            assert (status, unchanged["ETag"], body) == (304, tag, {})
            decision = choice(view, rng, 0.9)
            assert decision is not None, view
            status, answered, moved = mover.exchange("POST", f"{table}/events", {"seq": view["seq"], "event": decision},
                                                     token)
            assert status == 200, (decision, moved)
            assert moved["seq"] > view["seq"]
            # The looker still holds the game at view["seq"] (it has just served it): the same seq posted to it
            # again is stale, and it must find that out from the database, not act on its cache.
            status, stale = looker.call("POST", f"{table}/events", {"seq": view["seq"], "event": decision}, token)
            assert status == 409, stale
            if moved["over"]:
                assert stale["type"].endswith("/table-over"), stale
            else:
                assert stale["type"].endswith("/stale-seq") and stale["seq"] == moved["seq"], stale
            # That tag (the mover's too), asked of the looker once the move was made through the mover: 200, the
            # view after the move, with the tag the mover gave with its answer.
            status, polled, after = looker.exchange("GET", table, token=token, headers={"If-None-Match": tag})
            assert status == 200 and after["seq"] == moved["seq"], after
            assert polled["ETag"] == answered["ETag"] != tag
            turn += 1
        assert turn > 10
        assert view["legal"] == [] and view["winner"] in ("Ana", "Ben", None)  # None: a tie

        status, record = instances[turn % 2].call("GET", f"{table}/log", token=token)
        assert status == 200, record
        status, other = instances[(turn + 1) % 2].call("GET", f"{table}/log", token=token)
        assert (status, other) == (200, record)
        status, verdict = instances[1].call("POST", "/v1/adjudications", record)
        assert status == 200, verdict
        assert verdict["verdict"] == "legal" and verdict["complete"] is True, verdict
        assert (verdict["scores"], verdict["winner"]) == (view["scores"], view["winner"])
    finally:
        for instance in instances:
            instance.stop()
