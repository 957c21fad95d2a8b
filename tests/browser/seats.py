"""A seat at a live table driven over the tables' HTTP API, as another client would drive it, and the play
page seen from a browser: what the play page's tests use to bring a table to a moment and to act on it.

Nothing here knows a rule: every decision sent is one of the view's own ``legal`` or ``interjections``
events (at most without its ``uno``, which a player may always leave unsaid), chosen by a preference the
test gives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from tests.tables.serving import http_call

#: A long game: a target score no game reaches in a test, so that a round's end never ends the game.
LONG = {"base": "uno-duo", "rules": {"target_score": 10_000}}  # the most a live table takes


class TableError(AssertionError):
    """The tables API answered something other than what the test expected."""


def _call(method: str, url: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict | None]:
    return http_call(method, url, body, token)


def create_table(base: str, players: list[str], bots: dict[str, str] | None = None,
                 variant: str | dict | None = None, seed: int | None = None) -> dict:
    """``POST /v1/tables``: the table's id and its human seats' tokens (``seed``: a chosen deal, where the
    service allows it)."""
    body: dict = {"players": players}
    if seed is not None:
        body["seed"] = seed
    if bots:
        body["bots"] = bots
    if variant is not None:
        body["variant"] = variant
    status, answer = _call("POST", f"{base}/v1/tables", body)
    if status != 201:
        raise TableError(f"creating a table answered {status}: {answer}")
    return answer


@dataclass
class Seat:
    """One seat of a table, on the HTTP API with its token."""

    base: str
    table: str
    token: str

    @classmethod
    def from_link(cls, base: str, link: str) -> Seat:
        """The seat a shared link (``/play#table=ID&token=TOKEN``) holds."""
        fragment = parse_qs(urlsplit(link).fragment)
        return cls(base, fragment["table"][0], fragment["token"][0])

    def view(self) -> dict:
        """The seat's view now."""
        status, answer = _call("GET", f"{self.base}/v1/tables/{self.table}", token=self.token)
        if status != 200:
            raise TableError(f"the view answered {status}: {answer}")
        return answer

    def act(self, event: dict, seq: int) -> dict:
        """Post one decision at ``seq``; the new view."""
        status, answer = _call("POST", f"{self.base}/v1/tables/{self.table}/events", {"seq": seq, "event": event},
                               token=self.token)
        if status != 200:
            raise TableError(f"{event} at seq {seq} answered {status}: {answer}")
        return answer


#: A preference: given a seat's view, the event it sends now (one of its legal events), or None to wait.
Chooser = Callable[[dict], dict | None]


def first(view: dict, *wanted: Callable[[dict], bool]) -> dict | None:
    """The first legal event that the first matching test accepts (tests tried in order), else the first
    legal event at all; None when the seat has none."""
    for test in wanted:
        for event in view["legal"]:
            if test(event):
                return event
    return view["legal"][0] if view["legal"] else None


def plays(card: Callable[[str], bool]) -> Callable[[dict], bool]:
    """Matches a play of a card whose code passes ``card``."""
    return lambda event: event.get("type") == "play" and card(event["card"])


def is_draw(event: dict) -> bool:
    """Matches a draw."""
    return event.get("type") == "draw"


def is_keep(event: dict) -> bool:
    """Matches keeping a card (a draft pick, or the card just drawn)."""
    return event.get("decision") == "keep"


def drive(seats: dict[str, Seat], choosers: dict[str, Chooser], until: Callable[[dict[str, dict]], bool],
          budget: int = 3000) -> dict[str, dict]:
    """Play the table over the API, each seat by its chooser, until ``until`` (given every seat's view)
    holds; the views then. Fails when the game ends or the budget runs out first."""
    views: dict[str, dict] = {}
    for _ in range(budget):
        views = {name: seat.view() for name, seat in seats.items()}
        if until(views):
            return views
        any_view = next(iter(views.values()))
        if any_view["over"]:
            raise TableError("the game ended before the moment came")
        to_act = any_view["to_act"]
        event = choosers[to_act](views[to_act])
        if event is None:
            raise TableError(f"{to_act} has no decision to make: {views[to_act]}")
        seats[to_act].act(without_player(event), views[to_act]["seq"])
    last = next(iter(views.values()), {})
    raise TableError(f"the moment did not come within {budget} decisions: round {last.get('round')}, hands "
                     f"{last.get('hand_sizes')}, draw pile {last.get('draw_pile')}, {last.get('to_act')} to act")


def without_player(event: dict) -> dict:
    """The event as a seat sends it (its token says who acts)."""
    return {key: value for key, value in event.items() if key != "player"}
