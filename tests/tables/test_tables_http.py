"""The live tables over HTTP, on SQLite and on a real PostgreSQL: the minimal contract of issue 21, every
refusal as problem+json, games played to the end and their records adjudicated, races, restarts."""

from __future__ import annotations

import os
import random
import threading

import pytest

from referee.service import create_app
from referee.tables import game
from tests.tables.players import Seat, choice, play_out
from tests.tables.postgres import cut_connections


def make_app(url: str):
    app = create_app({"TESTING": True, "REFEREE_DATABASE_URL": url, "REFEREE_TABLES_ALLOW_SEED": True})
    return app


@pytest.fixture
def client(database_url):
    return make_app(database_url).test_client()


def new_table(client, **body):
    body.setdefault("players", ["Ana", "Ben"])
    response = client.post("/v1/tables", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def adjudicate(client, record: dict) -> dict:
    response = client.post("/v1/adjudications", json=record)
    assert response.status_code == 200
    return response.get_json()


# -- the contract -----------------------------------------------------------------------------------------

def test_a_new_table_gives_a_token_per_human_seat_and_each_seat_its_own_view(client):
    table = new_table(client, bots={"Ben": "greedy"}, seed=11)
    assert set(table["tokens"]) == {"Ana"} and table["bots"] == {"Ben": "greedy"}
    assert len(table["id"]) >= 22
    view = client.get(f"/v1/tables/{table['id']}", headers=bearer(table["tokens"]["Ana"])).get_json()
    for key in ("seq", "you", "hand", "legal", "interjections", "scores", "over"):
        assert key in view
    assert view["you"] == "Ana" and view["scores"] == {"Ana": 0, "Ben": 0} and view["over"] is False
    public = client.get(f"/v1/tables/{table['id']}")
    assert public.status_code == 200
    assert "hand" not in public.get_json() and public.get_json()["you"] is None
    assert public.get_json()["legal"] == [] and public.get_json()["drawn"] is None


def test_tokens_differ_and_neither_seat_may_use_the_other_table(client):
    one, two = new_table(client), new_table(client)
    assert len({*one["tokens"].values(), *two["tokens"].values()}) == 4
    response = client.get(f"/v1/tables/{one['id']}", headers=bearer(two["tokens"]["Ana"]))
    assert response.status_code == 403 and response.mimetype == "application/problem+json"


@pytest.mark.parametrize("headers, status", [({}, 401), ({"Authorization": "Basic QW5hOnB3"}, 401),
                                             ({"Authorization": "Bearer not-a-token"}, 403)])
def test_acting_needs_the_seats_token(client, headers, status):
    table = new_table(client)
    response = client.post(f"/v1/tables/{table['id']}/events", headers=headers,
                           json={"seq": 0, "event": {"decision": "keep"}})
    assert response.status_code == status and response.mimetype == "application/problem+json"
    if status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 0


def test_an_unknown_table_is_404_everywhere(client):
    for response in (client.get("/v1/tables/nope"), client.get("/v1/tables/nope/log", headers=bearer("x")),
                     client.post("/v1/tables/nope/events", headers=bearer("x"), json={"seq": 0, "event": {}})):
        assert response.status_code == 404 and response.get_json()["type"].endswith("/unknown-table")


def test_a_stale_seq_is_409_and_changes_nothing(client):
    table = new_table(client, seed=5)
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    ben = Seat(client, table["id"], table["tokens"]["Ben"])
    drafter = ana if ana.view()["legal"] else ben
    assert drafter.act(0, {"decision": "keep"}).status_code == 200
    other = ben if drafter is ana else ana
    stale = other.act(0, {"decision": "keep"})
    assert stale.status_code == 409
    body = stale.get_json()
    assert body["type"].endswith("/stale-seq") and body["seq"] == 1
    assert ana.view()["seq"] == 1


def test_on_postgresql_a_lost_connection_is_503_and_the_move_asked_again_is_taken_once(postgres_url):
    client = make_app(postgres_url).test_client()
    table = new_table(client, seed=5, bots={"Ben": "greedy"})
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    before = ana.view()
    decision = choice(before, random.Random(1))
    cut_connections(postgres_url)
    lost = ana.act(before["seq"], decision)
    assert lost.status_code == 503 and lost.mimetype == "application/problem+json"
    assert lost.get_json()["type"].endswith("/database-unavailable") and lost.headers["Retry-After"] == "1"
    assert ana.view()["seq"] == before["seq"]  # nothing stored
    taken = ana.act(before["seq"], decision)
    assert taken.status_code == 200 and taken.get_json()["seq"] > before["seq"]
    assert ana.act(before["seq"], decision).status_code == 409  # and only once


def test_a_refused_move_names_the_rule_and_changes_nothing(client):
    table = new_table(client, seed=5)
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    before = ana.view()
    response = ana.act(0, {"type": "play", "card": "R5"})
    assert response.status_code == 422
    body = response.get_json()
    assert body["type"].endswith("/move-refused")
    assert body["rule"] == body["errors"][0]["rule"] and body["errors"][0]["pointer"] == "/event"
    assert body["rule_url"] == f"/rulebook/{body['rule']}" and body["rule_title"]
    assert client.get(body["rule_url"]).status_code == 200
    assert ana.view() == before


@pytest.mark.parametrize("event, pointer", [({"type": "play", "card": "R55"}, "/event/card"),
                                            ({"type": "jump"}, "/event/type"),
                                            ({"decision": "maybe"}, "/event/decision")])
def test_a_malformed_decision_is_422_with_pointers(client, event, pointer):
    table = new_table(client, seed=5)
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    response = ana.act(0, event)
    assert response.status_code == 422, response.get_json()
    body = response.get_json()
    assert body["type"].endswith("/malformed-decision")
    assert pointer in [e["pointer"] for e in body["errors"]]


@pytest.mark.parametrize("body, pointer", [({"seq": "1", "event": {}}, "/seq"), ({"event": {}}, "/seq"),
                                           ({"seq": 0, "event": []}, "/event"),
                                           ({"seq": 0, "event": {}, "more": 1}, "/more")])
def test_a_request_of_the_wrong_shape_is_422_with_pointers(client, body, pointer):
    table = new_table(client)
    response = client.post(f"/v1/tables/{table['id']}/events", headers=bearer(table["tokens"]["Ana"]), json=body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.get_json()["errors"]]


@pytest.mark.parametrize("body, pointer", [
    ({"players": ["Ana"]}, "/players"), ({"players": ["Ana", "Ana"]}, "/players/1"),
    ({"players": ["Ana", "Ben"], "bots": {"Cy": "greedy"}}, "/bots/Cy"),
    ({"players": ["Ana", "Ben"], "bots": {"Ben": "genius"}}, "/bots/Ben"),
    ({"players": ["Ana", "Ben"], "variant": "no-such-variant"}, "/variant"),
])
def test_a_table_that_cannot_be_set_is_422_with_pointers(client, body, pointer):
    response = client.post("/v1/tables", json=body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.get_json()["errors"]]


def test_a_fixed_seed_needs_the_services_consent(database_url):
    strict = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url}).test_client()
    response = strict.post("/v1/tables", json={"players": ["Ana", "Ben"], "seed": 1})
    assert response.status_code == 422 and response.get_json()["errors"][0]["pointer"] == "/seed"
    assert strict.post("/v1/tables", json={"players": ["Ana", "Ben"]}).status_code == 201


def test_a_poll_with_the_etag_is_304_until_something_happens(client):
    table = new_table(client, bots={"Ben": "random"}, seed=2)
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    first = client.get(f"/v1/tables/{table['id']}", headers=ana.headers)
    tag = first.headers["ETag"]
    again = client.get(f"/v1/tables/{table['id']}", headers={**ana.headers, "If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag and again.data == b""
    public = client.get(f"/v1/tables/{table['id']}", headers={"If-None-Match": tag})
    assert public.status_code == 200  # another view, another tag
    view = first.get_json()
    assert ana.act(view["seq"], choice(view, random.Random(0))).status_code == 200
    moved = client.get(f"/v1/tables/{table['id']}", headers={**ana.headers, "If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag


def test_a_weak_etag_in_if_none_match_is_compared_weakly(client):
    table = new_table(client, seed=2)
    headers = bearer(table["tokens"]["Ana"])
    tag = client.get(f"/v1/tables/{table['id']}", headers=headers).headers["ETag"]
    for sent in (f"W/{tag}", f'"x", W/{tag}', "*"):
        again = client.get(f"/v1/tables/{table['id']}", headers={**headers, "If-None-Match": sent})
        assert again.status_code == 304, sent


# -- whole games ------------------------------------------------------------------------------------------

def test_two_people_play_to_the_end_and_the_record_adjudicates_alike(client):
    table = new_table(client, seed=21)
    seats = [Seat(client, table["id"], table["tokens"][name]) for name in ("Ana", "Ben")]
    assert seats[0].log().status_code == 409
    play_out(seats, random.Random(21))
    final = seats[0].view()
    assert final["over"] and final["legal"] == [] and final["winner"] in ("Ana", "Ben")
    record = seats[1].log()
    assert record.status_code == 200 and record.get_json() == seats[0].log().get_json()
    verdict = adjudicate(client, record.get_json())
    assert verdict["verdict"] == "legal" and verdict["complete"] is True
    assert verdict["scores"] == final["scores"] and verdict["winner"] == final["winner"]
    after = seats[0].act(final["seq"], {"type": "draw"})
    assert after.status_code == 409 and after.get_json()["type"].endswith("/table-over")


@pytest.mark.parametrize("style", ["random", "greedy", "challenger"])
def test_a_person_against_a_bot_plays_to_the_end(client, style):
    table = new_table(client, bots={"Ben": style}, seed=3)
    ana = Seat(client, table["id"], table["tokens"]["Ana"])
    play_out([ana], random.Random(3))
    final = ana.view()
    verdict = adjudicate(client, ana.log().get_json())
    assert (verdict["verdict"], verdict["complete"], verdict["scores"]) == ("legal", True, final["scores"])


def polled_to_the_end(client, table: dict) -> dict:
    """The view of a table of two bots, polled until its game is over (each poll: a bounded number of decisions)."""
    view = table["view"]
    for _ in range(10_000):
        if view["over"]:
            return view
        view = client.get(f"/v1/tables/{table['id']}").get_json()
    raise AssertionError("the bots' game did not end")  # pragma: no cover


def test_a_table_of_two_bots_plays_as_it_is_polled_and_its_record_is_anyones(client):
    table = new_table(client, bots={"Ana": "greedy", "Ben": "challenger"}, seed=8)
    assert table["tokens"] == {}
    table["view"] = polled_to_the_end(client, table)
    record = client.get(f"/v1/tables/{table['id']}/log")
    assert record.status_code == 200
    verdict = adjudicate(client, record.get_json())
    assert verdict["verdict"] == "legal" and verdict["scores"] == table["view"]["scores"]


#: 200 tables on every run (about 30 s a database on 2 cores), 1,000 with REFEREE_LONG=1.
TABLES = 1000 if os.environ.get("REFEREE_LONG") else 200


def test_many_bot_tables_to_the_end_each_record_adjudicated_alike(database_url):
    """Bot tables over HTTP (every style against every other, on the built-in variants): each record is legal and
    complete, with the scores and the winner the table announced. The tables' seeds are drawn from one seed, so
    that a failure comes again (these games reach 17,223 events at most). A game of two uniformly random bots
    can run past the adjudication's default limits on what a client may send (20,000 events, 4 MiB:
    REFEREE_MAX_EVENTS, REFEREE_MAX_BODY_BYTES; an unseeded run of this test once met a record of over 4 MiB),
    which an operator raises for such records: this app has them raised, since what is asked here is whether the
    record is the game's, not whether it fits."""
    app = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url, "REFEREE_TABLES_ALLOW_SEED": True,
                      "REFEREE_MAX_EVENTS": 10_000_000, "MAX_CONTENT_LENGTH": 1024 * 1024 * 1024,
                      "REFEREE_TABLES_CREATE_LIMIT": "100000 per minute"})
    client = app.test_client()
    styles = ["random", "greedy", "challenger"]
    rng = random.Random(2026)
    for i in range(TABLES):
        bots = {"Ana": styles[i % 3], "Ben": styles[(i // 3) % 3]}
        table = new_table(client, bots=bots, variant=rng.choice(["uno-duo", "classic-duel", "uno-duo-108"]),
                          seed=rng.randrange(2**31))
        view = polled_to_the_end(client, table)
        assert view["over"] and view["winner"] in ("Ana", "Ben", None)
        verdict = adjudicate(client, client.get(f"/v1/tables/{table['id']}/log").get_json())
        assert (verdict["verdict"], verdict["complete"]) == ("legal", True), verdict.get("violation")
        assert (verdict["scores"], verdict["winner"]) == (view["scores"], view["winner"])


# -- many writers, restarts, two instances ----------------------------------------------------------------

def test_twenty_concurrent_submissions_of_one_move_one_is_accepted(database_url):
    apps = [make_app(database_url) for _ in range(4)]  # four "processes" on one database, five threads each
    table = new_table(apps[0].test_client(), seed=13)
    token = next(t for name, t in table["tokens"].items()
                 if apps[0].test_client().get(f"/v1/tables/{table['id']}", headers=bearer(t)).get_json()["legal"])
    barrier = threading.Barrier(20)
    statuses: list[int] = []

    def submit(i: int) -> None:
        client = apps[i % 4].test_client()
        barrier.wait()
        response = client.post(f"/v1/tables/{table['id']}/events", headers=bearer(token),
                               json={"seq": 0, "event": {"decision": "keep"}})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 19
    view = apps[3].test_client().get(f"/v1/tables/{table['id']}").get_json()
    assert view["seq"] == 1 and len(view["history"]) == 1


def test_moves_alternating_between_two_instances_play_to_the_end(database_url, monkeypatch):
    """Two services on one database (two apps, each with its own cache): every move goes to the other one,
    whose game is behind by the steps the first took: it catches up from the database, it never acts on a
    stale game, and it replays the whole game only the first time it sees the table."""
    resumed = []
    real_resume = game.resume
    monkeypatch.setattr(game, "resume", lambda *args: resumed.append(1) or real_resume(*args))
    first, second = make_app(database_url).test_client(), make_app(database_url).test_client()
    table = new_table(first, bots={"Ben": "greedy"}, seed=17)
    rng = random.Random(17)
    clients = [first, second]
    turn = 0
    while True:
        seat = Seat(clients[turn % 2], table["id"], table["tokens"]["Ana"])
        view = seat.view()
        if view["over"]:
            break
        response = Seat(clients[(turn + 1) % 2], table["id"], table["tokens"]["Ana"]).act(view["seq"],
                                                                                          choice(view, rng, 0.9))
        assert response.status_code == 200, response.get_json()
        turn += 1
    verdict = adjudicate(first, seat.log().get_json())
    assert verdict["verdict"] == "legal" and verdict["scores"] == view["scores"]
    assert turn > 10 and len(resumed) == 1


def test_a_restarted_service_continues_every_table_as_stored(database_url):
    before = make_app(database_url).test_client()
    table = new_table(before, bots={"Ben": "random"}, seed=4)
    ana = Seat(before, table["id"], table["tokens"]["Ana"])
    rng = random.Random(4)
    for _ in range(40):
        view = ana.view()
        assert ana.act(view["seq"], choice(view, rng, 0.9)).status_code == 200
    seen = ana.view()
    after = make_app(database_url).test_client()  # a new process: nothing in memory
    again = Seat(after, table["id"], table["tokens"]["Ana"])
    assert again.view() == seen
    play_out([again], rng)
    verdict = adjudicate(after, again.log().get_json())
    assert verdict["verdict"] == "legal"


def test_the_bot_styles_are_listed_and_each_one_can_take_a_seat(client):
    from referee.play.players import PLAYERS

    response = client.get("/v1/tables/styles")
    assert response.status_code == 200
    styles = response.get_json()["styles"]
    assert [s["name"] for s in styles] == list(PLAYERS)
    assert [s["summary"] for s in styles] == [player.summary for player in PLAYERS.values()]
    for style in styles:
        table = new_table(client, bots={"Ben": style["name"]})
        assert table["bots"] == {"Ben": style["name"]}
