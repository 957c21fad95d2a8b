"""A player's view (referee.play.view): it shows a seat its own facts and the public ones, never the other hand
or the draw pile, and it lists what the engine accepts from that seat."""

from __future__ import annotations

import pytest

from referee.engine import moment as moments
from referee.engine.cards import CARDS_BY_CODE
from referee.engine.legal import Options, legal_events
from referee.engine.moment import Moment, Pending, seen_by
from referee.engine.round_state import RoundState
from referee.play.players import PLAYERS, GreedyPlayer, RandomPlayer, Strategy
from referee.play.selfplay import simulate_game
from referee.play.view import PlayerView


def _deciding(moment: Moment, view: PlayerView) -> Moment:
    """The moment the view's decision is taken in: after a kept drawn card, the opponent's turn (the round
    itself stays in the drawn card's moment, where a log applies the opponent's event)."""
    if moment.kind is Pending.DRAWN and view.to_act != moment.player:
        return moments.turn(1 - moment.player)
    return moment


def _codes(value: object) -> set[str]:
    """Every card code in a JSON-ready value."""
    if isinstance(value, dict):
        return set().union(*map(_codes, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_codes, value)) if value else set()
    return {value} if isinstance(value, str) and value in CARDS_BY_CODE else set()


class _Watcher(Strategy):
    """Plays as ``inner`` and, at every decision in play, checks what its view shows: the seat's own facts and
    the public ones, never the other hand, the pile's order or a secret of the other player's moment."""

    name = "watcher"

    def __init__(self, inner: Strategy, game: dict):
        self.inner = inner
        self.game = game
        self.looked = 0

    def _look(self, view: PlayerView) -> None:
        state = self.game.get("state")
        if not isinstance(state, RoundState) or view.phase != "play":
            return
        seat = view.seat
        assert view.hand == tuple(state.hands[seat])
        assert view.hand_sizes == (len(state.hands[0]), len(state.hands[1]))
        assert view.moment is seen_by(_deciding(state.moment, view), seat)
        shown = view.to_dict()
        assert "hands" not in shown and "pile" not in shown and "deck" not in shown
        own = {card.code for card in state.hands[seat]} | {state.top.code}
        # a hand the seat's own challenge showed it (WD4-3) is its to know; the other seat's challenge shows it
        # nothing
        challenge = state.shown
        if challenge is not None and challenge[0] == seat:
            assert view.shown == challenge[1]
            own |= {card.code for card in challenge[1]}
        else:
            assert view.shown is None and "shown" not in shown
        assert _codes(shown) <= own, (_codes(shown) - own, "shown to", seat)
        moment = state.moment
        if moment.kind is Pending.TURN and moment.card is not None and moment.player == seat:
            assert view.moment.card is None  # the opponent's unplayable drawn card is theirs
        if moment.kind is Pending.WILD_DRAW_4 and moment.player == seat:
            assert not view.moment.bluff  # whether the Wild Draw 4 was a bluff is its player's secret
        self.looked += 1

    def keeps(self, view, rng):
        return self.inner.keeps(view, rng)

    def colour(self, view, rng):
        return self.inner.colour(view, rng)

    def interjects(self, option, view, rng):
        if view is not None:
            assert view.may_interject(option)
            self._look(view)
        return self.inner.interjects(option, view, rng)

    def choose(self, view, rng):
        self._look(view)
        return self.inner.choose(view, rng)


@pytest.mark.parametrize("inner", [RandomPlayer(), GreedyPlayer(), PLAYERS["challenger"]], ids=lambda s: s.name)
def test_a_strategy_s_view_shows_its_own_facts_and_no_secret_of_the_other_seat(inner):
    """What the view shows (every fact and its JSON) is the seat's own and the public: no card of the other
    hand or of the pile, no secret of the other player's moment. In-process seats are code the project runs
    (docs/architecture.md, "What a seat may know"): the view is not a wall against one that searches memory,
    and secrecy against a player is the live table's (tests/tables/test_tables_hidden.py). Made to fail: a
    view whose ``hand`` read the other seat's hand failed here on the first decision, naming the cards."""
    game: dict = {}

    def step(what):
        game["state"] = what

    watchers = (_Watcher(inner, game), _Watcher(PLAYERS["random"], game))
    simulate_game(3, seats=watchers, on_step=step)
    assert watchers[0].looked > 100 and watchers[1].looked > 100


def test_the_view_lists_what_the_engine_accepts_from_the_seat_and_nothing_of_the_other():
    checked = 0

    def step(what):
        nonlocal checked
        if not isinstance(what, RoundState) or what.over:
            return
        listed = legal_events(what)
        player = what.moment.player
        for seat in (0, 1):
            view = PlayerView(what.names, what.rules, seat, "play", player, what)
            assert view.legal[:len(listed.legal)] == (listed.legal if seat == player else ())
            assert view.interjections == tuple(o for o in listed.interjections if o.player == seat)
            assert view.hand == tuple(what.hands[seat]) and view.hand_sizes == (len(what.hands[0]), len(what.hands[1]))
            assert view.drawn == (what.moment.drawn if seat == player else None)
            assert "hand" in view.to_dict() and view.to_dict()["you"] == what.names[seat]
        public = PlayerView(what.names, what.rules, None, "play", player, what)
        assert public.hand is None and "hand" not in public.to_dict() and public.legal == ()
        assert Options(what.known_to(player)).legal == listed.legal
        checked += 1

    for seed in range(3):
        simulate_game(seed, on_step=step)
    assert checked > 1000


def test_no_fact_a_view_gives_is_the_engine_s_own_to_change():
    """A seat's facts are values or copies: a strategy that changes what it was given changes nothing of the
    game (made to fail: a ``hand`` that returned the engine's list, which a strategy could empty)."""
    game: dict = {}
    simulate_game(1, on_step=lambda what: game.setdefault("state", what) if isinstance(what, RoundState) else None)
    state = game["state"]
    view = PlayerView(state.names, state.rules, 0, "play", 0, state)
    assert type(view.hand) is tuple and view.hand == tuple(state.hands[0])
    assert type(view.legal) is tuple and type(view.interjections) is tuple and type(view.uno) is tuple


def test_a_view_in_play_asks_the_engine_s_own_position_no_twin():
    """The decision of issue 34: no per-decision twin of the position; the view's checks are the engine's
    own, on the round itself (a kept view answers for the round as it stands)."""
    game: dict = {}
    simulate_game(1, on_step=lambda what: game.setdefault("state", what) if isinstance(what, RoundState) else None)
    state = game["state"]
    view = PlayerView(state.names, state.rules, state.to_act, "play", state.to_act, state)
    assert view.options.state is state


def test_the_seat_position_holds_the_seat_s_own_hand_and_no_hidden_card():
    """What a searching strategy asks for (``view.seat_position``): made to fail by returning the engine's
    round (``known_to`` skipped), on the other hand's cards."""
    game: dict = {}
    simulate_game(2, on_step=lambda what: game.setdefault("state", what) if isinstance(what, RoundState) else None)
    state = game["state"]
    for seat in (0, 1):
        known = PlayerView(state.names, state.rules, seat, "play", state.to_act, state).seat_position
        assert known is not state and known.hands[seat] == state.hands[seat]
        assert known.hands[1 - seat] == [None] * len(state.hands[1 - seat]) and known.pile.slots == []
        if seat == state.to_act:  # the seat's own checks list on it what they list on the round
            assert Options(known).legal == Options(state).legal
