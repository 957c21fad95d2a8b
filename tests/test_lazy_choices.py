"""Self-play's shortcuts cannot lie: the lazy choices are legal, the random player is exactly uniform, and
measuring a game as it is played gives the figures of replaying its log.

- Every choice a bot or a seated style makes — asked of the engine card by card, in its order of
  preference (:class:`referee.engine.legal.Options`) — is among what :func:`referee.engine.legal.legal_events` lists at
  that position (up to a dump's order and an UNO left unsaid), or keeps a drawn card where one was drawn.
- :meth:`Options.uniform` draws each legal event (and keeping a drawn card) with probability exactly
  1 / their number: every sequence of random draws is enumerated, with its probability, as fractions.
- The report's figures and the simulator's rule counts, measured during self-play
  (``simulate_game(observer=...)``), equal those of replaying the written log.

``REFEREE_LONG=1`` plays ten times as many games.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from fractions import Fraction

import pytest

from referee.engine.cards import Kind
from referee.engine.legal import Options, legal_events
from referee.engine.moment import Pending
from referee.engine.round_state import RoundState
from referee.engine.variants import UNO_DUO, get_variant
from referee.log.records import Draw, Dump, Play
from referee.play import selfplay
from referee.play.players import PLAYERS, points_table
from referee.play.selfplay import game_seed, simulate_game
from referee.play.statistics import Stats, simulate_stats
from referee.report.metrics import Measuring, Tally, measure_game

SCALE = 10 if os.environ.get("REFEREE_LONG") else 1
SHUFFLING = UNO_DUO.derive("uno-duo-shuffle", {"refill": "shuffle"})
VARIANTS = [UNO_DUO, get_variant("classic-duel"), get_variant("uno-duo-classic-challenge"), SHUFFLING]
SEATINGS = [("greedy", "challenger"), ("random", "random"), ("random", "greedy"), ("challenger", "random")]


def _as_listed(event):
    """An event as the legal list writes it: a dump in hand order is the list's concern, not the player's
    (REV-3), and UNO is listed said where it may be."""
    if type(event) is Play:
        return Play, event.player, event.card, event.color, tuple(sorted(event.dump, key=str))
    if type(event) is Dump:
        return Dump, event.player, tuple(sorted(event.cards, key=str))
    return type(event), event.player


def _checked(choose, seen: Counter):
    """``choose`` (a self-play chooser), asserting each choice against the full legal list."""

    def wrapped(game, state: RoundState, hoard: bool, careful: bool):
        moves = legal_events(state)
        chosen = choose(game, state, hoard, careful)
        if chosen is None:
            assert state.drawn is not None, "kept a card that was not just drawn"
            seen["kept"] += 1
            return chosen
        listed = {_as_listed(e) for e in (*moves.legal, *moves.interjections)}
        if type(chosen) is Draw:
            assert _as_listed(chosen) in listed, f"drew at {state.moment}, where no draw is open"
        else:
            assert _as_listed(chosen) in listed, f"{chosen} is not listed at {state.moment}"
        if getattr(chosen, "uno", False):  # said only where the list says it may be
            assert _as_listed(chosen) in {_as_listed(e) for e in moves.legal if getattr(e, "uno", False)}
        seen[type(chosen).__name__] += 1
        return chosen

    return wrapped


def test_every_lazy_choice_of_the_bots_is_legal(monkeypatch):
    seen: Counter = Counter()
    monkeypatch.setattr(selfplay._SelfPlay, "_choose", _checked(selfplay._SelfPlay._choose, seen))
    for variant in VARIANTS:
        for index in range(3 * SCALE):  # (a Reverse's dump is rare: 3 games a variant see one or two)
            simulate_game(game_seed(21, index), variant)
    assert seen["Play"] > 1000 and seen["Draw"] > 500 and seen["kept"] > 10
    assert seen["Dump"] and seen["Challenge"] and seen["SayUno"] and seen["Catch"]


def test_every_lazy_choice_of_the_seated_styles_is_legal(monkeypatch):
    seen: Counter = Counter()
    monkeypatch.setattr(selfplay._SelfPlay, "_choose", _checked(selfplay._SelfPlay._choose, seen))
    for variant in VARIANTS[::2]:
        for a, b in SEATINGS:
            simulate_game(game_seed(22, len(seen)), variant, seats=(PLAYERS[a], PLAYERS[b]))
    assert seen["Play"] > 1000 and seen["Draw"] > 500 and seen["kept"] > 10
    assert seen["Challenge"] and seen["Catch"]


# -- the random player: exactly uniform ---------------------------------------------------------------

class _Scripted:
    """A stand-in for ``random.Random`` whose ``randrange`` answers are given in advance; past them it
    says how many answers the next draw could have (:class:`_Branch`)."""

    def __init__(self, answers: list[int]):
        self.answers = answers
        self.used = 0

    def randrange(self, n: int) -> int:
        if self.used == len(self.answers):
            raise _Branch(n)
        answer = self.answers[self.used]
        self.used += 1
        return answer


class _Branch(Exception):
    def __init__(self, n: int):
        super().__init__(n)
        self.n = n


def _exact_distribution(state: RoundState, keep: bool, budget: int = 1500) -> dict | None:
    """Every outcome of ``Options(state).uniform`` with its exact probability, over every sequence of
    random draws; None if there are more than ``budget`` sequences (many refused candidates)."""
    outcomes: dict = {}
    pending = [([], Fraction(1))]
    while pending:
        budget -= 1
        if budget < 0:
            return None
        answers, chance = pending.pop()
        try:
            chosen = Options(state).uniform(_Scripted(answers), keep)
        except _Branch as branch:
            pending += [([*answers, i], chance / branch.n) for i in range(branch.n)]
            continue
        outcomes[chosen] = outcomes.get(chosen, 0) + chance
    return outcomes


def _positions(count: int) -> list[RoundState]:
    """Positions of self-played games: every kind of moment, copied as they stood."""
    found: dict[Pending, list[RoundState]] = {}

    def keep(what):
        if isinstance(what, RoundState) and not what.over:
            found.setdefault(what.moment.kind, []).append(what.copy())

    for index in range(3):
        simulate_game(game_seed(23, index), UNO_DUO, on_step=keep)
    return [state for kind in found for state in found[kind][::max(1, len(found[kind]) // count)][:count]]


_KINDS = {"turn": (Pending.TURN,), "owing": (Pending.VOLLEY, Pending.WILD_DRAW_4, Pending.TURNED_UP),
          "drawn": (Pending.DRAWN,), "opening": (Pending.OPENING,)}
#: How many positions of each kind are enumerated exactly, at least (turned-up Reverses are rare).
_EXACT_AT_LEAST = {"turn": 3, "owing": 3, "drawn": 1, "opening": 0}


@pytest.mark.parametrize("kind", list(_KINDS))
def test_the_random_player_draws_every_legal_event_with_the_same_chance(kind):
    exact = sampled = 0
    for state in [s for s in _positions(10 * SCALE) if s.moment.kind in _KINDS[kind]]:
        keep = state.drawn is not None
        legal = list(Options(state).legal) + ([None] if keep else [])
        assert len(set(legal)) == len(legal)
        distribution = _exact_distribution(state, keep)
        if distribution is not None:  # every sequence of draws, each with its probability
            assert distribution == {event: Fraction(1, len(legal)) for event in legal}
            exact += 1
            continue
        # Too many sequences to enumerate: sample (seeded), each count within 5 standard deviations.
        rng, draws = random.Random(len(legal)), 300 * len(legal)
        counts = Counter(Options(state).uniform(rng, keep) for _ in range(draws))
        assert set(counts) == set(legal)
        p = 1 / len(legal)
        assert all(abs(n - draws * p) <= 5 * (draws * p * (1 - p)) ** 0.5 for n in counts.values())
        sampled += 1
    assert exact >= _EXACT_AT_LEAST[kind] and exact + sampled >= 1


# -- greedy's one query: the costliest legal card -------------------------------------------------------

def _first_by_groups(options: Options, cards, rank, random):
    """What ``first_ranked`` stands for: :meth:`Options.first` on each group of equal rank, highest first."""
    groups: dict[int, list] = {}
    for card in cards:
        groups.setdefault(rank[card], []).append(card)
    for value in sorted(groups, reverse=True):
        found = options.first(groups[value], random)
        if found is not None:
            return found
    return None


def test_the_ranked_query_is_the_first_legal_card_of_the_highest_rank_drawing_as_first_would():
    rules = UNO_DUO.rules
    worth = points_table(rules)
    ranks = [worth, {card: value + (0 if card.kind is Kind.DRAW_2 else 100) for card, value in worth.items()},
             {card: 0 for card in worth}]
    found = none = 0
    for index, state in enumerate(_positions(10 * SCALE)):
        for rank in ranks:
            ours, theirs = random.Random(index), random.Random(index)
            options = Options(state)
            cards = options.cards()
            chosen = options.first_ranked(list(cards), rank, ours.random)
            assert chosen == _first_by_groups(Options(state), list(cards), rank, theirs.random)
            assert ours.getstate() == theirs.getstate()  # the same draws: the same games
            playable = [card for card in cards if Options(state).plays(card)]
            if chosen is None:
                assert not playable
                none += 1
            else:
                assert chosen[1] == Options(state).plays(chosen[0])
                assert rank[chosen[0]] == max(rank[card] for card in playable)
                found += 1
    assert found > 20 and none > 20


# -- measuring during self-play equals measuring the replay --------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_measuring_during_self_play_equals_replaying_the_log(variant):
    during, replayed = Tally(), Tally()
    kept = 0
    for index in range(8 * SCALE):
        bots = SEATINGS[index % len(SEATINGS)]
        measuring = Measuring(bots, ("Ana", "Ben"))
        log = simulate_game(game_seed(24, index), variant, with_deck=index % 3 != 0,
                            seats=(PLAYERS[bots[0]], PLAYERS[bots[1]]), observer=measuring)
        during += measuring.tally
        replayed += measure_game(log, bots, variant)
        kept += measuring.pair[0].situations["draw then keep"]
    assert during == replayed
    assert kept > 0  # the moment after a kept card was measured too
    assert during.rates["round ends with a number"][1] > 0


def test_a_game_played_without_its_record_is_the_same_game():
    for index in range(4 * SCALE):
        variant = VARIANTS[index % len(VARIANTS)]
        bots = SEATINGS[index % len(SEATINGS)]
        seats = (PLAYERS[bots[0]], PLAYERS[bots[1]])
        tallies = []
        logs = []
        for record in (True, False):
            measuring = Measuring(bots, ("Ana", "Ben"))
            log = simulate_game(game_seed(26, index), variant, with_deck=index % 2 == 0, seats=seats,
                                observer=measuring, record=record)
            tallies.append(measuring.tally)
            logs.append(log)
        full, frame = logs
        assert all(r["events"] for r in full["rounds"])
        for rnd in full["rounds"]:
            for written in ("deck", "draft", "setup", "events"):
                rnd.pop(written, None)
        assert frame == full  # the frame: the same cut, first drafters, results
        assert tallies[0] == tallies[1]


def test_the_simulators_rule_counts_during_self_play_equal_the_replays():
    stats = Stats()
    logs = []
    for index in range(8 * SCALE):
        log = simulate_game(game_seed(25, index), VARIANTS[index % len(VARIANTS)], observer=stats)
        logs.append(log)
    assert stats.summary() == simulate_stats(logs)
    assert stats.summary()["situations"]["draw then keep"] > 0
