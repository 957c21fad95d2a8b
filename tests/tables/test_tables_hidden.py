"""Hidden information: before the game ends, no answer to a seat — its view, an accepted move's answer, a
refusal, a stale move's 409, the ETag, the history — names a card that seat may not know, and the public view
names none that either seat may not know. A property over many positions of many games (hypothesis draws the
games; ``REFEREE_LONG=1`` plays more).

What a seat may know is built from other answers only: every card the public view has shown so far, and every
card the seat itself has held (its ``hand``) or drawn (``drawn``), or a hand its own challenge showed it
(``shown``, WD4-3). A card named anywhere in an answer — as a code
(``R7``) or a name (``red 7``), in any value or key — must be one of those, or in the seat's hand now, or the
card it has just drawn. The test
also shows it is not vacuous: at most positions the other seat holds a card this seat could not know.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.engine.cards import ALL_CARDS
from referee.engine.deck import standard_deck
from referee.engine.variants import get_variant
from referee.service import create_app
from tests.tables.players import Seat, choice

GAMES = 12 if os.environ.get("REFEREE_LONG") else 3
#: Positions checked per game (REFEREE_LONG: every position, to the end).
POSITIONS = 100_000 if os.environ.get("REFEREE_LONG") else 90
# Longest first, so that "wild draw 4" is read as that card, not also as "wild".
_BY_NAME = {card.name: card.code for card in ALL_CARDS}
_NAME = re.compile(r"(?<![a-z0-9])(" + "|".join(re.escape(name) for name in sorted(_BY_NAME, key=len, reverse=True))
                   + r")(?![a-z0-9])")
_CODES = "|".join(re.escape(card.code) for card in sorted(ALL_CARDS, key=lambda card: -len(card.code)))
_CODE = re.compile(rf"(?<![A-Za-z0-9+])({_CODES})(?![A-Za-z0-9+])")


def cards_named(value, key: str = "") -> set[str]:
    """The codes of every card named anywhere in ``value`` (JSON), as a code or as a long name."""
    if key == "request_id":
        return set()
    if isinstance(value, dict):
        return set().union(set(), *(cards_named(k) | cards_named(v, k) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(cards_named(item) for item in value))
    if not isinstance(value, str):
        return set()
    return {_BY_NAME[name] for name in _NAME.findall(value.lower())} | set(_CODE.findall(value))


class Knowledge:
    """What each seat may know so far, learned from the answers that may tell it: the public view (every card it
    has shown), and what the seat itself has held or drawn."""

    def __init__(self):
        self.public: set[str] = set()
        self.own: list[set[str]] = [set(), set()]

    def learn(self, seat: int, view: dict) -> None:
        self.own[seat] |= self.told(view)

    def allowed(self, seat: int, view: dict) -> set[str]:
        return self.public | self.own[seat] | self.told(view)

    @staticmethod
    def told(view: dict) -> set[str]:
        """What the seat is told of its own: its hand, the card it drew, a hand its challenge showed (WD4-3)."""
        return set(view["hand"]) | ({view["drawn"]} if view["drawn"] else set()) | set(view.get("shown", ()))


@settings(max_examples=GAMES, deadline=None, derandomize=True, phases=[Phase.generate],  # a game does not shrink
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(["uno-duo", "classic-duel", "uno-duo-108"]))
def test_no_answer_to_a_seat_names_a_card_it_may_not_know(database_url, seed, variant):
    # On both databases: a table resumed from PostgreSQL must filter its answers as one from SQLite does.
    client = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url,
                         "REFEREE_TABLES_ALLOW_SEED": True}).test_client()
    table = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "variant": variant, "seed": seed}).get_json()
    seats = [Seat(client, table["id"], table["tokens"][name]) for name in ("Ana", "Ben")]
    rng = random.Random(seed)
    known = Knowledge()
    copies = Counter(card.code for card in standard_deck(get_variant(variant).rules.deck))
    single = {code for code, count in copies.items() if count == 1}
    positions = with_secrets = 0

    def check(seat: int, answer, view: dict, what: str) -> None:
        leaked = cards_named(answer) - known.allowed(seat, view)
        assert not leaked, f"{what} to seat {seat} at seq {view['seq']} names {sorted(leaked)}: {answer}"

    mover = answer = None
    previous: list[dict] = []
    # What each seat knows in the round in play, for counting the positions with a secret: a new round's hands
    # are drawn afresh, and over a whole game (REFEREE_LONG) every code has been seen somewhere.
    this_round, round_known = None, Knowledge()
    while True:
        public = client.get(f"/v1/tables/{table['id']}")
        views = [seat.view() for seat in seats]
        if views[0]["over"] or positions == POSITIONS:
            break
        positions += 1
        # The public view: no hand, nothing drawn, no moves, and no card that either seat's view does not name.
        shown = cards_named(public.get_json())
        assert "hand" not in public.get_json() and public.get_json()["drawn"] is None
        assert public.get_json()["legal"] == public.get_json()["interjections"] == []
        assert shown <= cards_named(views[0]) & cards_named(views[1])
        assert not cards_named(public.headers["ETag"])
        # A card that comes into it now, which the mover did not know, is the dealer's (from the pile), never one
        # the other seat holds (checked for the cards the deck has one copy of: for those a hand is certain).
        news = shown - known.public
        if mover is not None:
            news -= known.allowed(mover, previous[mover])
            other = 1 - mover
            held = news & set(views[other]["hand"]) & single
            assert not held, f"the public view at seq {views[0]['seq']} shows {sorted(held)} of {other}'s hand"
        if views[0]["round"] != this_round:
            this_round, round_known = views[0]["round"], Knowledge()
        known.public |= shown
        round_known.public |= shown
        if answer is not None:
            check(mover, answer.get_json(), answer.get_json(), "an accepted move's answer")
            check(mover, answer.headers["ETag"], answer.get_json(), "an ETag")
            known.learn(mover, answer.get_json())
        for seat in (0, 1):
            check(seat, views[seat], views[seat], "the view")
            known.learn(seat, views[seat])
            round_known.learn(seat, views[seat])
        previous = views
        hidden = set(views[1]["hand"]) - round_known.allowed(0, views[0])
        with_secrets += bool(hidden)
        # A refusal and a stale move, now and then, from a seat that has no move (or one too late). Not while a
        # playable drawn card waits: the opponent's next event then stands for keeping it (TURN-3), and is taken.
        if positions % 4 == 0 and not (views[0]["drawn"] or views[1]["drawn"]):
            idle = 0 if not views[0]["legal"] else 1
            for response in (seats[idle].act(views[idle]["seq"], {"type": "draw"}),
                             seats[idle].act(views[idle]["seq"] + 7, {"type": "draw"})):
                assert response.status_code in (409, 422)
                check(idle, response.get_json(), views[idle], f"a {response.status_code}")
                check(idle, response.headers.get("ETag", ""), views[idle], "an ETag")
        mover = next((s for s in rng.sample([0, 1], 2) if views[s]["legal"] or views[s]["interjections"]), None)
        assert mover is not None
        response = seats[mover].act(views[mover]["seq"], choice(views[mover], rng, 0.9))
        assert response.status_code == 200
        answer = response  # checked with the next position's public view: the move may have shown cards
    assert positions >= 50
    assert with_secrets > positions / 2  # the other hand mostly held cards this seat could not know
