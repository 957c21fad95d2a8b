"""Clients of a live table over HTTP, for the tests and the benchmark: a seat that picks uniformly among the
events its view lists (``legal`` and ``interjections``, exactly as the server gives them: no rule here)."""

from __future__ import annotations

import random
from typing import Any


def choice(view: dict, rng: random.Random, eager: float = 0.0) -> dict | None:
    """One of the decisions the view offers its seat (None: it has none now), uniformly at random — or, with
    probability ``eager``, one of the plays and dumps it offers, if any (which ends games sooner: a uniform
    player draws more than it plays, so its games run to thousands of decisions)."""
    options = list(view["legal"]) + list(view["interjections"])
    if eager and rng.random() < eager:
        laying = [option for option in options if option.get("type") in ("play", "dump")]
        if laying:
            return rng.choice(laying)
    return rng.choice(options) if options else None


class Seat:
    """One seat of a table, played through a Flask test client (or anything with ``get`` and ``post``)."""

    def __init__(self, client: Any, table_id: str, token: str):
        self.client, self.table_id = client, table_id
        self.headers = {"Authorization": f"Bearer {token}"}

    def view(self) -> dict:
        """The seat's view now."""
        response = self.client.get(f"/v1/tables/{self.table_id}", headers=self.headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def act(self, seq: int, event: dict):
        """Post a decision; the response."""
        return self.client.post(f"/v1/tables/{self.table_id}/events", headers=self.headers,
                                json={"seq": seq, "event": event})

    def log(self):
        """The record's response."""
        return self.client.get(f"/v1/tables/{self.table_id}/log", headers=self.headers)


def play_out(seats: list[Seat], rng: random.Random, limit: int = 20_000, on_answer=None, eager: float = 0.9) -> int:
    """Play the table to its end, each seat choosing at random among what its view offers; the decisions
    posted. ``on_answer(seat_index, response_json)`` sees every answer (the hidden-information test)."""
    posted = 0
    views = [seat.view() for seat in seats]
    while not views[0]["over"]:
        assert posted < limit, "the game did not end"
        order = rng.sample(range(len(seats)), len(seats))
        for i in order:
            decision = choice(views[i], rng, eager)
            if decision is None:
                continue
            response = seats[i].act(views[i]["seq"], decision)
            assert response.status_code == 200, (decision, response.get_json())
            posted += 1
            if on_answer:
                on_answer(i, response.get_json())
            break
        else:
            raise AssertionError(f"no seat has a decision at seq {views[0]['seq']}")
        views = [seat.view() for seat in seats]
        if on_answer:
            for i, view in enumerate(views):
                on_answer(i, view)
    return posted
