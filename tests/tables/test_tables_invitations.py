"""Invitations (issue 38, item 1): the host of a table gets a code for the friend's seat, never its token; the
friend trades the code for the token once; a spent, unknown or expired code is refused. On both databases,
and across two app instances (another process) sharing one database."""

from __future__ import annotations

import random
import threading

import pytest

from referee.service import create_app
from referee.tables import tokens
from referee.tables.store import TableStore
from tests.tables.players import Seat, play_out


def make_client(url: str):
    return create_app({"TESTING": True, "REFEREE_DATABASE_URL": url, "REFEREE_TABLES_ALLOW_SEED": True}).test_client()


@pytest.fixture
def client(database_url):
    return make_client(database_url)


def invite_table(client, **body) -> dict:
    body = {"players": ["Ana", "Ben"], "invite": ["Ben"], "seed": 3, **body}
    response = client.post("/v1/tables", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def join(client, table_id: str, code: str):
    return client.post(f"/v1/tables/{table_id}/join", json={"invitation": code})


def test_an_invited_seat_gets_a_code_and_no_token(client):
    table = invite_table(client)
    assert set(table["tokens"]) == {"Ana"} and set(table["invitations"]) == {"Ben"}
    assert table["invitations"]["Ben"] not in table["tokens"].values()
    plain = client.post("/v1/tables", json={"players": ["Ana", "Ben"]}).get_json()
    assert set(plain["tokens"]) == {"Ana", "Ben"} and plain["invitations"] == {}


def test_the_code_is_traded_for_the_seats_token_once(client, database_url):
    table = invite_table(client)
    code = table["invitations"]["Ben"]
    # The code is not the token: the host holding the code cannot act for Ben before he joins.
    assert client.get(f"/v1/tables/{table['id']}", headers={"Authorization": f"Bearer {code}"}).status_code == 403
    joined = join(client, table["id"], code)
    assert joined.status_code == 201, joined.get_json()
    body = joined.get_json()
    assert body["table"] == table["id"] and body["player"] == "Ben" and body["token"] != code
    assert joined.headers["Cache-Control"] == "no-store"
    ben = Seat(client, table["id"], body["token"])
    assert ben.view()["you"] == "Ben"
    again = join(client, table["id"], code)
    assert again.status_code == 409 and again.mimetype == "application/problem+json"
    assert again.get_json()["type"].endswith("invitation-spent")
    # Stored hashed: neither the code nor the token is in the database, their digests are.
    stored = TableStore.open(database_url).get(table["id"])
    ben_seat = stored.seats[1]
    assert ben_seat.invitation_hash == tokens.digest(code) and ben_seat.token_hash == tokens.digest(body["token"])


@pytest.mark.parametrize("code", ["not-a-code", "x" * 43])
def test_an_unknown_code_is_404(client, code):
    table = invite_table(client)
    answer = join(client, table["id"], code)
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["type"].endswith("unknown-invitation")
    # A real code at another table is unknown here too.
    other = invite_table(client)
    assert join(client, table["id"], other["invitations"]["Ben"]).status_code == 404
    assert join(client, "no-such-table", other["invitations"]["Ben"]).status_code == 404


def test_an_invitation_expires_with_its_game(client):
    table = invite_table(client, seed=21)
    code = table["invitations"]["Ben"]
    ben = join(client, table["id"], code).get_json()["token"]
    play_out([Seat(client, table["id"], table["tokens"]["Ana"]), Seat(client, table["id"], ben)], random.Random(21))
    assert join(client, table["id"], code).status_code == 404  # over: it has expired, spent or not


def test_an_unused_invitation_of_a_finished_game_is_404(client, database_url):
    table = invite_table(client, invite=["Ana", "Ben"])
    assert table["tokens"] == {} and set(table["invitations"]) == {"Ana", "Ben"}
    # No one can end a game whose seats are all unclaimed: the game is ended behind the service's back.
    store = TableStore.open(database_url)
    with store.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE live_tables SET state = 'over' WHERE id = %s" if "postgresql" in
                                   database_url else "UPDATE live_tables SET state = 'over' WHERE id = ?",
                                   (table["id"],))
    store.close()
    assert join(client, table["id"], table["invitations"]["Ana"]).status_code == 404


@pytest.mark.parametrize("invite, pointer", [(["Cy"], "/invite/0"), (["Ana", "Ben", "Ben"], "/invite"),
                                             (["Ben", "Ben"], "/invite/1"), (["Ben"], "/invite/0")])
def test_inviting_a_bot_or_an_unknown_name_is_422_with_a_pointer(client, invite, pointer):
    body = {"players": ["Ana", "Ben"], "invite": invite}
    if pointer == "/invite/0" and invite == ["Ben"]:
        body["bots"] = {"Ben": "greedy"}
    answer = client.post("/v1/tables", json=body)
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert pointer in [e["pointer"] for e in answer.get_json()["errors"]]


def test_two_guests_racing_with_one_code_one_wins(client):
    table = invite_table(client)
    code = table["invitations"]["Ben"]
    statuses: list[int] = []
    barrier = threading.Barrier(4)

    def racer():
        barrier.wait()
        statuses.append(join(client, table["id"], code).status_code)

    threads = [threading.Thread(target=racer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201, 409, 409, 409]


def test_a_guest_who_joined_through_another_instance_is_known_here(database_url):
    here, there = make_client(database_url), make_client(database_url)
    table = invite_table(here)
    assert here.get(f"/v1/tables/{table['id']}").status_code == 200  # this instance keeps the table's seats
    token = join(there, table["id"], table["invitations"]["Ben"]).get_json()["token"]
    assert Seat(here, table["id"], token).view()["you"] == "Ben"


def test_the_public_view_tells_the_host_when_the_guest_joins(database_url):
    """Item 17: the host polls the public view with its ETag; the guest joining (here through another
    instance) empties ``awaiting`` and changes the tag, so the poll is answered 200, not 304. (Seen failing
    before ``awaiting``: the public view's tag is its seq alone, which a join does not move.)"""
    here, there = make_client(database_url), make_client(database_url)
    table = invite_table(here)
    url = f"/v1/tables/{table['id']}"
    before = here.get(url)
    assert before.get_json()["awaiting"] == ["Ben"]
    assert here.get(url, headers={"If-None-Match": before.headers["ETag"]}).status_code == 304
    join(there, table["id"], table["invitations"]["Ben"])
    after = here.get(url, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.get_json()["awaiting"] == []
    assert after.get_json()["seq"] == before.get_json()["seq"]  # nobody moved: only the seat was taken
    assert here.get(url, headers={"If-None-Match": after.headers["ETag"]}).status_code == 304
    plain = here.post("/v1/tables", json={"players": ["Ana", "Ben"]}).get_json()
    assert here.get(f"/v1/tables/{plain['id']}").get_json()["awaiting"] == []
