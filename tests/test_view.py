"""A player's view (referee.play.view): a strategy handed its view cannot reach the other hand or the draw
pile, and the view lists what the engine accepts from that seat."""

from __future__ import annotations

import gc
import types
from enum import Enum

import pytest

from referee.engine import moment as moments
from referee.engine.cards import Card
from referee.engine.legal import Options, legal_events
from referee.engine.moment import Moment, Pending, seen_by
from referee.engine.piles import DrawPile
from referee.engine.round_state import RoundState
from referee.play.players import PLAYERS, GreedyPlayer, RandomPlayer, Strategy
from referee.play.selfplay import simulate_game
from referee.play.view import PlayerView

_LEAVES = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, Enum, str,
           int, float, bool, type(None), Card, Moment)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through containers and instances (not through modules, classes
    or functions, whose globals are the program's, nor into cards and moments, which are values)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen[id(item)] = item
        if isinstance(item, _LEAVES):
            continue
        todo += gc.get_referents(item)
        # Slotted instances: gc may not list their slots; compiled, an acyclic class has no traverse at all,
        # and mypyc names its attributes in __mypyc_attrs__.
        for cls in type(item).__mro__:
            for name in (*getattr(cls, "__slots__", ()), *getattr(cls, "__mypyc_attrs__", ())):
                if isinstance(name, str) and hasattr(item, name):
                    todo.append(getattr(item, name))
    return list(seen.values())


def _deciding(moment: Moment, view: PlayerView) -> Moment:
    """The moment the view's decision is taken in: after a kept drawn card, the opponent's turn (the round
    itself stays in the drawn card's moment, where a log applies the opponent's event)."""
    if moment.kind is Pending.DRAWN and view.to_act != moment.player:
        return moments.turn(1 - moment.player)
    return moment


class _Spy(Strategy):
    """Plays as ``inner`` and, at every decision, searches everything reachable from its view."""

    name = "spy"

    def __init__(self, inner: Strategy, game: dict):
        self.inner = inner
        self.game = game
        self.looked = 0

    def _look(self, view: PlayerView) -> None:
        self.calls = getattr(self, "calls", 0) + 1
        state = self.game.get("state")
        if self.calls % 3:
            return  # every third decision is searched: enough, and quicker
        if not isinstance(state, RoundState) or view.phase != "play":
            return
        seat = view.seat
        reached = _reachable(view)
        ids = {id(item) for item in reached}
        secret = [state, state.pile, state.pile.slots, state.hands, state.hands[1 - seat], state.hands[seat]]
        assert not any(id(item) in ids for item in secret), "the view reaches the engine's position"
        for item in reached:
            if isinstance(item, DrawPile):
                assert item.slots == []  # no pile at all, let alone its order
            if isinstance(item, RoundState):
                assert item.hands[1 - seat] == [None] * len(state.hands[1 - seat])
                assert item.hands[seat] == state.hands[seat]
                assert item.moment is seen_by(_deciding(state.moment, view), seat)
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
def test_a_strategy_handed_its_view_cannot_reach_the_other_hand_or_the_pile(inner):
    game: dict = {}

    def step(what):
        game["state"] = what

    spies = (_Spy(inner, game), _Spy(PLAYERS["random"], game))
    simulate_game(3, seats=spies, on_step=step)
    assert spies[0].looked > 30 and spies[1].looked > 30


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


def test_a_view_is_read_only():
    game: dict = {}
    simulate_game(1, on_step=lambda what: game.setdefault("state", what) if isinstance(what, RoundState) else None)
    view = PlayerView(game["state"].names, game["state"].rules, 0, "play", 0, game["state"])
    with pytest.raises(AttributeError):
        view.seat = 1
    with pytest.raises(AttributeError):
        view.hand = ()


def test_the_search_finds_what_a_view_holds():
    """The spy's search is no blind one: it finds the position the view keeps and everything in it."""
    game: dict = {}
    simulate_game(1, on_step=lambda what: game.setdefault("state", what) if isinstance(what, RoundState) else None)
    state = game["state"]
    view = PlayerView(state.names, state.rules, 0, "play", state.to_act, state)
    reached = _reachable(view)
    known = [item for item in reached if isinstance(item, RoundState)]
    assert len(known) == 1 and known[0] is not state
    assert any(item is known[0].hands[0] for item in reached)
    leaky = Options(state)  # what a view would hold if it kept the engine's own position
    assert any(item is state.pile.slots for item in _reachable(leaky))
