"""Self-play's seats draw on generators of their own, apart from chance: whoever sits, a seed deals the same.

Before issue 34 the seats drew on the game's own generator, so that on one seed round 2's deck differed
between greedy and random seats, and a seat could reseed the shuffle. Made to fail: with the seats handed
``self.rng`` again (``_SelfPlay.seat_rngs = (self.rng, self.rng)``), every assertion on round 2's deck failed.
"""

from __future__ import annotations

import pytest

from referee.engine.variants import UNO_DUO
from referee.play.players import PLAYERS, Strategy
from referee.play.selfplay import simulate_game

SHUFFLING = UNO_DUO.derive("uno-duo-shuffle", {"refill": "shuffle"})


def _decks(log: dict) -> list[list[str]]:
    return [rnd["deck"] for rnd in log["rounds"]]


class _Reseeder(Strategy):
    """The random player, reseeding the generator it is handed at every decision (to a new value each time,
    so that its rounds still end)."""

    name = "reseeder"

    def __init__(self) -> None:
        self.inner = PLAYERS["random"]
        self.count = 0

    def keeps(self, view, rng):
        return self.inner.keeps(view, rng)

    def colour(self, view, rng):
        return self.inner.colour(view, rng)

    def interjects(self, option, view, rng):
        return self.inner.interjects(option, view, rng)

    def choose(self, view, rng):
        self.count += 1
        rng.seed(self.count)
        return self.inner.choose(view, rng)


@pytest.mark.parametrize("variant", [UNO_DUO, SHUFFLING], ids=lambda v: v.name)
def test_the_same_seed_deals_the_same_decks_whatever_the_seats(variant):
    for seed in (3, 11, 12):
        games = [simulate_game(seed, variant, seats=seats) for seats in (
            (PLAYERS["greedy"], PLAYERS["greedy"]), (PLAYERS["random"], PLAYERS["random"]),
            (PLAYERS["challenger"], PLAYERS["random"]), (_Reseeder(), _Reseeder()))]
        games.append(simulate_game(seed, variant))  # the seeded mix
        decks = [_decks(game) for game in games]
        rounds = min(map(len, decks))
        assert rounds >= 2
        for i in range(rounds):
            assert len({tuple(d[i]) for d in decks}) == 1, (seed, i)
        # ... and the seats did play differently (else the test would show nothing)
        assert len({str(game["rounds"][0]["events"]) for game in games}) > 1
