"""A table's answers page the round's public history (:mod:`referee.tables.history`): a move's answer carries
what the move (and the bots' replies) added or changed, a poll what the client lacks, never more than a page;
a client that keeps the round's history by replacing its entries from ``history_from`` on holds, after every
answer, exactly the engine's history. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random

import pytest

from referee.service import create_app
from referee.service.tables import tables_of
from referee.tables import history
from referee.tables.history import HISTORY_PAGE, Since
from tests.tables.players import Seat, choice


class Mirror:
    """A client's copy of the round's history, kept as the contract says."""

    def __init__(self, seat: Seat):
        self.seat, self.round, self.entries = seat, None, []

    def take(self, view: dict) -> None:
        if view["round"] != self.round:
            assert view["history_from"] == 0, "a new round's history comes from its start"
            self.round, self.entries = view["round"], []
        assert view["history_from"] <= len(self.entries), "a page never leaves a gap"
        assert len(view["history"]) <= HISTORY_PAGE
        self.entries[view["history_from"]:] = view["history"]
        while len(self.entries) < view["history_length"]:  # more than a page: ask for the rest
            rest = self.seat.client.get(f"/v1/tables/{self.seat.table_id}", headers=self.seat.headers,
                                        query_string={"round": self.round, "history_from": len(self.entries)})
            page = rest.get_json()
            assert page["round"] == self.round and page["history_from"] == len(self.entries) - 1
            self.entries[page["history_from"]:] = page["history"]

    def poll(self) -> dict:
        """The seat's view asked with what it holds."""
        response = self.seat.client.get(f"/v1/tables/{self.seat.table_id}", headers=self.seat.headers,
                                        query_string={"round": self.round, "history_from": len(self.entries)})
        assert response.status_code == 200, response.get_json()
        return response.get_json()


def engine_history(app, table_id: str, seq: int, seat: int) -> list[dict]:
    """The round's whole public history as the engine's view gives it (the cached live game at ``seq``)."""
    live = tables_of(app).cache.get(table_id, seq)
    assert live is not None
    return [dict(entry) for entry in live.view(seat).history]


def test_two_clients_keep_the_rounds_history_from_pages_alone(database_url):
    app = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url, "REFEREE_TABLES_ALLOW_SEED": True})
    client = app.test_client()
    created = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "seed": 31}).get_json()
    mirrors = [Mirror(Seat(client, created["id"], created["tokens"][name])) for name in ("Ana", "Ben")]
    views = [m.seat.view() for m in mirrors]
    for mirror, view in zip(mirrors, views, strict=False):
        mirror.take(view)
    rng, rounds, moves, small = random.Random(31), set(), 0, 0
    while not views[0]["over"] and moves < 3000:
        i = next(i for i in rng.sample((0, 1), 2) if views[i]["legal"] or views[i]["interjections"])
        before, round_before = len(mirrors[i].entries), mirrors[i].round
        answer = mirrors[i].seat.act(views[i]["seq"], choice(views[i], rng, 0.5)).get_json()
        moves += 1
        small += len(answer["history"]) <= 3
        assert answer["round"] != round_before or answer["history_from"] >= before - 1  # only what is new
        mirrors[i].take(answer)
        views[i] = answer
        views[1 - i] = mirrors[1 - i].poll()
        mirrors[1 - i].take(views[1 - i])
        rounds.add(answer["round"])
        for seat, mirror in enumerate(mirrors):
            assert mirror.entries == engine_history(app, created["id"], answer["seq"], seat)
    assert views[0]["over"] and len(rounds) >= 2 and small >= moves * 0.9


def test_answers_stay_within_a_page_late_in_a_long_round(database_url):
    """A uniform player's round outgrows a page: late answers carry no more than early ones."""
    app = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url, "REFEREE_TABLES_ALLOW_SEED": True})
    client = app.test_client()
    created = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "bots": {"Ben": "random"},
                                              "seed": 5}).get_json()
    ana = Seat(client, created["id"], created["tokens"]["Ana"])
    rng, view, sizes = random.Random(5), ana.view(), []
    while view["history_length"] <= HISTORY_PAGE + 20 and not view["over"]:
        answer = ana.act(view["seq"], choice(view, rng))
        assert answer.status_code == 200
        view = answer.get_json()
        sizes.append((view["history_length"], len(answer.data)))
    assert view["history_length"] > HISTORY_PAGE, "the round should outgrow a page (another seed?)"
    latest = ana.view()  # no query: the latest page
    assert latest["history_from"] == latest["history_length"] - HISTORY_PAGE and len(latest["history"]) == HISTORY_PAGE
    early = max(size for length, size in sizes if length < 20)
    late = max(size for length, size in sizes if length > HISTORY_PAGE)
    assert late < early + 1500  # bytes: a hand may be longer late, the history is not
    first = client.get(f"/v1/tables/{created['id']}", headers=ana.headers,
                       query_string={"history_from": 0}).get_json()
    assert first["history_from"] == 0 and len(first["history"]) == HISTORY_PAGE


@pytest.mark.parametrize("query, pointer", [({"history_from": "-1"}, "/history_from"),
                                            ({"history_from": "two"}, "/history_from"), ({"round": "0"}, "/round")])
def test_a_bad_history_query_is_422_with_its_pointer(database_url, query, pointer):
    client = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url}).test_client()
    created = client.post("/v1/tables", json={"players": ["Ana", "Ben"]}).get_json()
    response = client.get(f"/v1/tables/{created['id']}", query_string=query)
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert [e["pointer"] for e in response.get_json()["errors"]] == [pointer]


def test_an_entry_completed_later_is_sent_again():
    """The measure before a decision and a client's holding both restart the page at the last entry held:
    a later decision may complete it (whatever its content: the comparison knows no rule)."""
    entries = [{"a": 1}, {"b": 2}]
    before = history.mark(1, entries)
    completed = [{"a": 1}, {"b": 2, "more": 3}]
    assert history.first_changed(before, 1, completed) == 1
    assert history.first_changed(before, 1, [*entries, {"c": 4}]) == 2
    assert history.first_changed(before, 2, [{"d": 5}]) == 0
    assert history.first_wanted(1, completed, Since(1, 2)) == 1
    assert history.first_wanted(1, completed, Since(None, 0)) == 0
    assert history.first_wanted(2, completed, Since(1, 2)) == 0
    long = [{"n": n} for n in range(HISTORY_PAGE + 5)]
    assert history.first_wanted(1, long, None) == 5
    assert json.dumps(long[history.page(3)]) == json.dumps(long[3:3 + HISTORY_PAGE])
