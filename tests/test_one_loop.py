"""One game loop (referee.engine.game): replay, self-play and a live game step through the same stages and
tell an observer the same steps.

- Differential: a game self-played with a recording observer, and the replay of its log with another of the
  same class, are told the same hooks in the same order with the same positions -- across variants (a
  draft, a deal, shuffled refills), with and without decks, and with rounds in which drawn cards are kept.
- The same for a live game played by bots (``LiveGame.decide``) and the replay of its ``record()``.
- The loop's stages: what it needs next (chance or a seat) and who acts, and a kept drawn card judged
  where it was kept while the round stays in the drawn card's moment, as a log's.
"""

from __future__ import annotations

import random

import pytest

from referee.engine.cards import CARDS_BY_CODE
from referee.engine.deck import standard_deck
from referee.engine.game import Game, Needs, Observer
from referee.engine.moment import Pending
from referee.engine.piles import DrawPile
from referee.engine.variants import UNO_DUO, get_variant
from referee.engine.violation import RuleBroken
from referee.log.document import read_log
from referee.log.records import Draw, Pick, Play
from referee.log.replay import Observer as ReplayObserver
from referee.log.replay import Replay
from referee.play import chance
from referee.play.live import LiveGame
from referee.play.players import PLAYERS
from referee.play.selfplay import game_seed, simulate_game

SHUFFLING = UNO_DUO.derive("uno-duo-shuffle", {"refill": "shuffle"})
VARIANTS = [UNO_DUO, get_variant("classic-duel"), get_variant("uno-duo-classic-challenge"), SHUFFLING]


class Recording(Observer):
    """Writes down every hook it is told, with the position it is told it in (what a log and a game played
    share: a draw's cards may be left to the deck in a log, so a draw is written as its player and size)."""

    def __init__(self) -> None:
        self.told: list[tuple] = []

    def round_begins(self, rnd) -> None:
        self.told.append(("round_begins", rnd.index))

    def picked(self, draft, pick) -> None:
        self.told.append(("picked", pick.player, pick.drew, pick.keep, pick.next, draft.picks,
                          tuple(map(tuple, draft.hands)), tuple(draft.discard), len(draft.pile)))

    def turned_up(self, state, card, player_1) -> None:
        self.told.append(("turned_up", card, player_1, *self._position(state)))

    def before_event(self, state, event) -> None:
        self.told.append(("before_event", self._event(event), *self._position(state)))

    def after_event(self, state, event) -> None:
        self.told.append(("after_event", self._event(event), *self._position(state)))

    def round_scored(self, state, points) -> None:
        self.told.append(("round_scored", points, state.out, *self._position(state)))

    @staticmethod
    def _event(event) -> object:
        return event.player, ("draw" if type(event) is Draw else event)

    @staticmethod
    def _position(state) -> tuple:
        return (state.moment, tuple(map(tuple, state.hands)), tuple(state.discard), state.color, tuple(state.uno),
                len(state.pile))


def _replayed(log: dict) -> list[tuple]:
    recording = Recording()
    verdict = Replay(read_log(log), recording).run()
    assert verdict.legal and verdict.complete, verdict.summary()
    return recording.told


def _kept(told: list[tuple]) -> int:
    """Events applied in a drawn card's moment by the drawer's opponent: the drawer kept the card."""
    return sum(1 for hook in told
               if hook[0] == "before_event" and hook[2].kind is Pending.DRAWN and hook[1][0] != hook[2].player)


class _OldPathCounting(ReplayObserver):
    """An observer written against the old import path (``referee.log.replay.Observer``)."""

    def __init__(self) -> None:
        self.told: dict[str, int] = {}

    def _count(self, hook: str) -> None:
        self.told[hook] = self.told.get(hook, 0) + 1

    def round_begins(self, rnd) -> None:
        self._count("round_begins")

    def round_scored(self, state, points) -> None:
        self._count("round_scored")

    def game_ended(self, end) -> None:
        self._count("game_ended")


def test_an_observer_of_the_old_path_is_told_the_game_s_steps_and_its_end_once():
    """Made to fail: with ``Game._score`` no longer telling ``game_ended``, on the count of the game's end."""
    log = simulate_game(4)
    observer = _OldPathCounting()
    assert Replay(read_log(log), observer).run().complete
    rounds = len(log["rounds"])
    assert observer.told == {"round_begins": rounds, "round_scored": rounds, "game_ended": 1}
    assert isinstance(observer, Observer)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@pytest.mark.parametrize("with_deck", [True, False], ids=["deck", "no-deck"])
def test_self_play_and_the_replay_of_its_log_tell_an_observer_the_same_steps(variant, with_deck):
    kept = 0
    for index in range(3):
        recording = Recording()
        log = simulate_game(game_seed(31, index), variant, with_deck=with_deck, observer=recording)
        replayed = _replayed(log)
        assert len(recording.told) > 100
        assert recording.told == replayed
        kept += _kept(replayed)
    assert kept > 0  # drawn cards were kept: the opponent's event applied in the drawn card's moment alike


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_a_live_game_of_bots_and_the_replay_of_its_record_tell_an_observer_the_same_steps(variant):
    kept = 0
    for seed in range(3):
        rng = random.Random(seed)
        recording = Recording()
        game = LiveGame.start(["Ana", "Ben"], variant, rng, observer=recording)
        bots = (PLAYERS["random"], PLAYERS["greedy" if seed % 2 else "challenger"])
        while not game.over:
            to_act = game.to_act
            seat, decision = next((seat, decision) for seat in sorted((0, 1), key=lambda s: s != to_act)
                                  if (decision := game.decide(seat, bots[seat], rng)) is not None)
            game.act(seat, decision)
            kept += decision == {"decision": "keep"}
        assert recording.told == _replayed(game.record())
    assert kept > 0


# -- the loop's stages ------------------------------------------------------------------------------------

def _deck(seed: int, variant=UNO_DUO) -> list:
    deck = list(standard_deck(variant.rules.deck))
    chance.shuffle(random.Random(seed), deck)
    return deck


def _first(game: Game, deck: list) -> None:
    """The cut (R9 beats R1: Ana drafts first) and round 1's deck."""
    assert game.needs is Needs.CUT and game.needs.is_chance and game.to_act is None
    game.cut([(CARDS_BY_CODE["R9"], CARDS_BY_CODE["R1"])])
    assert game.needs is Needs.ROUND
    game.begin_round()
    assert game.needs is Needs.DECK and game.needs.is_chance and game.player_1 == 0
    game.deal(DrawPile.of_deck(deck, UNO_DUO.rules.deck))


def test_the_loop_says_what_it_needs_next_and_from_whom():
    game = Game(UNO_DUO.rules, ("Ana", "Ben"))
    _first(game, _deck(4))
    for i in range(14):
        assert game.needs is Needs.PICK and not game.needs.is_chance and game.to_act == i % 2
        drew, nxt = game.pile.top(2)
        game.pick(Pick(i % 2, drew, i % 3 == 0, nxt))
    assert game.needs is Needs.TURN_UP and game.to_act is None and game.draft.discard == []  # DRAFT-6
    assert [len(hand) for hand in game.hands] == [7, 7]
    card = game.next_card()
    game.turn_up(card)
    if card.is_wild:
        assert game.needs is Needs.COLOUR and game.to_act == game.player_1
        game.colour(CARDS_BY_CODE["R1"].color)
    assert game.needs is Needs.EVENT and game.state.top is card
    assert game.to_act == game.state.moment.player


def test_a_round_s_end_is_scored_by_the_loop_and_the_game_s_end_is_over():
    game = Game(UNO_DUO.rules, ("Ana", "Ben"))
    log = simulate_game(5)
    rounds = Replay(read_log(log))
    rounds.run()
    scores = rounds.scores
    # The same game stepped by hand through the loop, from its log.
    read = read_log(log)
    game.cut(read.cut)
    for rnd in read.rounds:
        assert game.needs is Needs.ROUND
        game.begin_round()
        game.deal(DrawPile.of_deck(rnd.deck, UNO_DUO.rules.deck))
        for pick in rnd.draft:
            game.pick(pick)
        game.turn_up(rnd.turn_up)
        if game.needs is Needs.COLOUR:
            game.colour(rnd.color)
        for event in rnd.events:
            game.event(event)
        assert game.state.over and game.match.rounds == rnd.index + 1
    assert game.needs is Needs.OVER and game.over and game.scores == scores and game.to_act is None


def _to_drawn(seed: int) -> Game:
    """A game of greedy seats stepped to a playable card just drawn."""
    for attempt in range(200):
        game = Game(UNO_DUO.rules, ("Ana", "Ben"))
        _first(game, _deck(seed * 1000 + attempt))
        while game.needs is Needs.PICK:
            drew, nxt = game.pile.top(2)
            game.pick(Pick(game.to_act, drew, True, nxt))
        game.turn_up(game.next_card())
        if game.needs is Needs.COLOUR:
            game.colour(CARDS_BY_CODE["G1"].color)
        for _ in range(60):
            state = game.state
            if game.needs is not Needs.EVENT:
                break
            if state.moment.kind is Pending.DRAWN:
                return game
            listed = [e for e in _legal(state) if type(e) is not Draw]
            game.event(listed[0] if listed and state.moment.kind is not Pending.TURN else game.draw())
    raise AssertionError("no playable card drawn")  # pragma: no cover


def _legal(state):
    from referee.engine.legal import legal_events
    return legal_events(state).legal


def test_a_kept_card_is_judged_where_it_was_kept_and_applied_as_a_log_s():
    for seed in range(3):
        game = _to_drawn(seed)
        state = game.state
        drawn_moment = state.moment
        drawer, card = drawn_moment.player, drawn_moment.card
        with pytest.raises(RuleBroken) as refused:
            game.keep(1 - drawer)
        assert refused.value.rule == "TURN-3"
        game.keep(drawer)
        assert game.to_act == 1 - drawer and state.moment is drawn_moment  # the round itself is not moved
        assert game.deciding().moment.player == 1 - drawer and game.deciding() is not state
        with pytest.raises(RuleBroken) as refused:
            game.keep(drawer)  # kept once
        assert refused.value.rule == "TURN-3"
        hands = [list(hand) for hand in state.hands]
        with pytest.raises(RuleBroken) as refused:
            game.event(Play(drawer, card))  # kept: the drawn card may no longer be played
        assert refused.value.rule == "LOG-1"
        assert state.moment is drawn_moment and state.hands == hands
        draw = game.draw()
        assert draw.player == 1 - drawer
        game.event(draw)  # applied in the drawn card's moment: the engine keeps the card, as for a log
        assert game.kept is None and state.moment is not drawn_moment and card in state.hands[drawer]
        assert len(state.hands[1 - drawer]) == len(hands[1 - drawer]) + 1
