"""The engine's fast paths say what its general paths say: the commonest play (``handlers._lay``), a
draw of known cards (``_take``) and the check of such a draw (``_draw_refusal``) are each held to the
general way (``_lay_in_full``, ``_take_in_full``, ``_draw_refusal_in_full``) on every position of
replayed games, with and without decks, under a turning and a shuffling variant.

The commonest play's threshold counts only the plays ``_lay`` takes its short way (over 10,000 here), not
those it hands to ``_lay_in_full`` itself. Made to fail: with the short way's ``state.color = final.color``
left out, the first test failed on the first such play."""

from __future__ import annotations

import random

from referee.engine import handlers
from referee.engine.cards import Kind
from referee.engine.legal import legal_moves
from referee.engine.round_state import RoundState
from referee.engine.variants import UNO_DUO
from referee.log.document import read_log
from referee.log.records import Draw, Dump, Play
from referee.log.replay import Observer, Replay
from referee.play.selfplay import simulate_game

SHUFFLING = UNO_DUO.derive("uno-duo-shuffle", {"refill": "shuffle"})


class _Positions(Observer):
    """Copies of the position before every event of a replay."""

    def __init__(self):
        self.states: list[RoundState] = []

    def before_event(self, state, event):
        self.states.append(state.copy())


def _positions() -> list[RoundState]:
    found = _Positions()
    for seed in range(3):
        for variant in (UNO_DUO, SHUFFLING):
            for with_deck in (True, False):
                log = simulate_game(seed, variant, with_deck=with_deck)
                assert Replay(read_log(log), found).run().legal
    return found.states


def _table(state: RoundState) -> tuple:
    return (state.hands[0], state.hands[1], state.discard, state.color, state.matching, state.moment, state.uno,
            state.out, state.pile.slots, None if state.pile.ledger is None else state.pile.ledger.named)


POSITIONS = _positions()


def test_the_commonest_play_lays_as_the_general_way_does():
    laid = 0
    for state in POSITIONS:
        legal, _ = legal_moves(state)
        for event in legal:
            if type(event) not in (Play, Dump):
                continue
            for uno in {event.uno, False}:
                if type(event) is Play:
                    event = Play(event.player, event.card, event.color, uno, event.dump)
                if state.refusal(event) is not None:
                    continue
                quick, full = state.copy(), state.copy()
                handlers._lay(quick, state.moment, event)
                handlers._lay_in_full(full, state.moment, event)
                assert _table(quick) == _table(full), event
                # Counted only where _lay takes its own short way (the commonest play, as its comment says);
                # elsewhere it hands the play to _lay_in_full, and the comparison is of a path with itself.
                if (type(event) is Play and not event.dump and not event.uno and len(state.hands[event.player]) > 2
                        and event.card.kind is not Kind.WILD_DRAW_4):
                    laid += 1
    assert laid > 5000


def _draws(state: RoundState, rng: random.Random) -> list[tuple[Draw, int]]:
    """Draws to try: of 1 to 4 cards, unnamed, named as the pile holds them, and named wrongly."""
    player = state.moment.player
    out = []
    for count in (1, 2, 4):
        twin = state.copy()
        known = [c for c in twin.pile.peek(count) if c is not None]
        refill = None
        if state.shuffled and count > len(state.pile) and len(state.discard) > 1:
            order = state.discard[:-1]
            rng.shuffle(order)
            refill = tuple(order)
        out.append((Draw(player, None, refill), count))
        if len(known) == count:
            out.append((Draw(player, tuple(known), refill), count))
            out.append((Draw(player, tuple(reversed(known)), refill), count))
        out.append((Draw(player, tuple(state.hands[player][:count]), refill), count))
    return out


def test_a_draw_is_checked_and_taken_as_the_general_way_does():
    rng = random.Random(0)
    checked = taken = 0
    for state in POSITIONS[::3]:
        for event, count in _draws(state, rng):
            quick = handlers._draw_refusal(state, event, count)
            full = handlers._draw_refusal_in_full(state, event, count)
            assert (quick is None) == (full is None), event
            if quick is not None and full is not None:
                assert (quick.rule, quick.message) == (full.rule, full.message), event
            checked += 1
            if quick is None:
                a, b = state.copy(), state.copy()
                assert handlers._take(a, event, count) == handlers._take_in_full(b, event, count)
                assert _table(a) == _table(b)
                taken += 1
    assert checked > 3000 and taken > 1000
