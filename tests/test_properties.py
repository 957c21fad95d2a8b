"""Properties of the engine, checked on simulated games (seeded, derandomized: the same every run).

- no card is lost or made up: at every step the deck's cards are all in the hands and the piles;
- the legal-move list is exactly what the engine accepts: every listed event is applied, and every event
  applied (plays of every card held, wilds in each colour, Reverse dumps whole, partial and in any order,
  turned-up dumps, challenges, interjections, draws, by either player) is listed — up to the dump's order
  and an UNO said; a refused event changes nothing, and the pure check agrees with apply;
- replay is deterministic, and a game judged with its decks and without them gets the same verdict;
- every prefix of a legal game is legal (and unfinished).

``REFEREE_LONG=1`` runs ten times as many examples.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import judge
from referee.engine.cards import Color, Kind
from referee.engine.deck import deck_counts
from referee.engine.legal import legal_moves
from referee.engine.moment import Pending
from referee.engine.round_state import RoundState
from referee.engine.variants import UNO_DUO, VARIANTS
from referee.engine.violation import RuleBroken
from referee.log.records import Catch, Challenge, Draw, Dump, Play, SayUno
from referee.play.selfplay import simulate_game

SCALE = 10 if os.environ.get("REFEREE_LONG") else 1
SHUFFLING = UNO_DUO.derive("uno-duo-shuffle", {"refill": "shuffle"})
VARIANT_LIST = [*VARIANTS.values(), SHUFFLING]
SETTINGS = settings(max_examples=10 * SCALE, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
variants = st.sampled_from(VARIANT_LIST)


def _cards_in_play(what) -> Counter:
    return Counter([*what.hands[0], *what.hands[1], *what.discard, *what.pile.slots])


@SETTINGS
@given(seed=seeds, variant=variants, with_deck=st.booleans())
def test_no_card_is_lost_or_made_up(seed, variant, with_deck):
    expected = Counter(deck_counts(variant.rules.deck))
    steps = []

    def check(what):
        assert None not in what.pile.slots  # the simulator knows its own pile
        assert _cards_in_play(what) == expected
        steps.append(1)

    simulate_game(seed, variant, with_deck, on_step=check)
    assert steps


# -- the legal-move list and the engine agree, both ways -------------------------------------------------

def _clone(state: RoundState) -> RoundState:
    """A copy to try an event on (the engine's own: its hands, piles and UNO standings)."""
    return state.copy()


def _table(state: RoundState) -> tuple:
    return (state.hands[0], state.hands[1], state.discard, state.pile.slots, state.uno, state.moment,
            state.color, state.out)


def _accepts(state: RoundState, event) -> bool:
    """Whether ``apply`` takes ``event`` (on a copy); a refusal must leave the copy as it was, and agree
    with the pure check."""
    trial = _clone(state)
    try:
        trial.apply(event)
    except RuleBroken:
        assert _table(trial) == _table(state), f"{event} was refused but changed the position"
        assert state.refusal(event) is not None
        return False
    assert state.refusal(event) is None, f"{event}: apply took it, the check refuses it"
    return True


def _key(event) -> tuple:
    """An event up to what the list leaves open: the dump's order (REV-3) and UNO said."""
    if type(event) is Play:
        return Play, event.player, event.card, event.color, tuple(sorted(event.dump, key=str))
    if type(event) is Dump:
        return Dump, event.player, tuple(sorted(event.cards, key=str))
    return type(event), event.player


def _probes(state: RoundState, rng: random.Random) -> list:
    """Events to try: plays of every card held by either player (each colour for a wild, UNO said or
    not; a Reverse alone, with the rest of its colour in several orders, with part of it, with another
    colour), dumps of every colour held (whole, in several orders, in part), draws, challenges and the
    interjections, by both players."""
    probes = []
    for player in (0, 1):
        hand = state.hands[player]
        for card in dict.fromkeys(hand):
            colors = list(Color) if card.is_wild else [None]
            dumps = [()]
            if card.kind is Kind.REVERSE:
                rest = [c for c in hand if c.color is card.color]
                rest.remove(card)
                others = [c for c in hand if c.color is not card.color]
                if rest:
                    dumps += [tuple(rest), tuple(rng.sample(rest, len(rest))), tuple(rest[:-1])]
                    if others:
                        dumps.append((*rest, others[0]))
            for color in colors:
                for dump in dumps:
                    for uno in (False, True):
                        probes.append(Play(player, card, color, uno, dump))
        for color in Color:
            cards = [c for c in hand if c.color is color]
            if cards:
                for chosen in {tuple(cards), tuple(rng.sample(cards, len(cards))), tuple(cards[1:])}:
                    if chosen:
                        probes += [Dump(player, chosen, False), Dump(player, chosen, True)]
        probes += [Challenge(player), SayUno(player), Catch(player), Draw(player)]
    if state.moment.kind is not Pending.DRAWN:
        probes.append(state.next_draw(rng.shuffle))  # the draw as it would be named, refill and all
    return probes


def _agrees_with_the_list(state: RoundState, rng: random.Random, seen: Counter) -> None:
    legal, interjections = legal_moves(state)
    listed = {_key(e) for e in (*legal, *interjections)}
    said = {_key(e) for e in (*legal, *interjections) if getattr(e, "uno", False)}
    if state.moment.kind is Pending.DRAWN:  # the opponent may act too: the drawn card is then kept
        kept = _clone(state)
        kept.keep_drawn()
        more, _ = legal_moves(kept)
        listed |= {_key(e) for e in more}
        said |= {_key(e) for e in more if getattr(e, "uno", False)}
    for event in (*legal, *interjections):
        if type(event) is Draw:
            # A listed draw is the decision to draw: the pile names its cards, and under a shuffling refill
            # (REFILL-1) chance orders the refill, which the draw records (LOG-2). The draw as made is taken.
            assert state.refusal(event, named=False) is None, f"listed but refused: {event}"
            event = state.next_draw(rng.shuffle)
        assert _accepts(state, event), f"listed but refused: {event}"
        if getattr(event, "uno", False):  # listed with UNO said: equally legal without it
            assert _accepts(state, replace(event, uno=False)), f"refused without UNO: {event}"
        seen["listed"] += 1
    for event in _probes(state, rng):
        if _accepts(state, event):
            assert _key(event) in listed, f"accepted but not listed: {event} at {state.moment}"
            if getattr(event, "uno", False):
                assert _key(event) in said, f"accepted with UNO, listed without: {event}"
            seen[type(event).__name__] += 1
        else:
            seen["refused"] += 1


@SETTINGS
@given(seed=seeds, variant=variants, every=st.integers(min_value=5, max_value=17))
def test_the_legal_list_is_exactly_what_the_engine_accepts(seed, variant, every):
    seen: Counter = Counter()
    rng = random.Random(seed)
    count = [0]

    def sample(what):
        count[0] += 1
        if isinstance(what, RoundState) and not what.over and count[0] % every == 0:
            _agrees_with_the_list(what, rng, seen)

    simulate_game(seed, variant, with_deck=True, on_step=sample)
    assert seen["listed"] > 0 and seen["refused"] > 0 and seen["Play"] > 0 and seen["Draw"] > 0


@SETTINGS
@given(seed=seeds, variant=variants)
def test_replay_is_deterministic_and_decks_change_nothing(seed, variant):
    with_deck = simulate_game(seed, variant, with_deck=True)
    without = simulate_game(seed, variant, with_deck=False)
    first = judge(with_deck).to_dict()
    assert judge(copy.deepcopy(with_deck)).to_dict() == first
    assert judge(json.loads(json.dumps(with_deck))).to_dict() == first
    assert judge(without).to_dict() == first
    assert first["verdict"] == "legal" and first["complete"]


@SETTINGS
@given(seed=seeds, variant=variants, with_deck=st.booleans(), data=st.data())
def test_every_prefix_of_a_legal_game_is_legal(seed, variant, with_deck, data):
    doc = simulate_game(seed, variant, with_deck)
    r = data.draw(st.integers(min_value=0, max_value=len(doc["rounds"]) - 1), label="round")
    events = doc["rounds"][r]["events"]
    cut = data.draw(st.integers(min_value=0, max_value=len(events) - 1), label="events kept")
    prefix = copy.deepcopy(doc)
    del prefix["rounds"][r + 1:]
    del prefix["rounds"][r]["events"][cut:]
    del prefix["rounds"][r]["result"], prefix["result"]
    verdict = judge(prefix)
    assert verdict.legal, verdict.summary()
    assert not verdict.complete and verdict.next is not None
    nxt = events[cut]
    listed = verdict.to_dict()["next"]
    names = {listed["player"], *(o["player"] for o in listed["interjections"])}
    if listed["drawn"] is None:  # (after a playable draw the opponent may act: the card was kept)
        assert nxt["player"] in names
        assert nxt["type"] in {o["type"] for o in listed["legal"] + listed["interjections"]}
