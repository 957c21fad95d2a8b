"""Item 8 of issue 38: the drawn card's secret. After an ordinary draw the drawer is always asked to play or keep
the card, so nothing the other seat receives says whether it was playable.

The test is a twin experiment over whole games: at an ordinary draw, the same game is replayed with the round's
deck relabelled -- the card about to be drawn exchanged with another card every copy of which, like every copy of
the card drawn, is still hidden in the draw pile -- so that the twin's card is playable where the game's is not,
or the other way round. Up to the draw the two games are the same to the other seat (the
pile is hidden); the other seat's view and the public view after the draw, and after the drawer's keep, must then
be equal in the two games (and so must ``seq``, which with the seat makes the view's ETag). The record is
unchanged: the keep of an unplayable card is not in it, and it stays legal."""

from __future__ import annotations

import copy
import json
import random

from referee import judge
from referee.play.live import LiveGame
from referee.play.players import PLAYERS

KEEP = {"decision": "keep"}


def _bot_step(game: LiveGame, styles: tuple[str, str], rng: random.Random) -> tuple[int, dict]:
    for seat in (0, 1):
        decision = game.decide(seat, PLAYERS[styles[seat]], rng)
        if decision is not None:
            return seat, decision
    raise AssertionError(f"nobody decides at step {game.seq}")  # pragma: no cover


def _deck_outcome(opening: list[dict], steps: list[dict]) -> tuple[int | None, int]:
    """Where the current round's deck was dealt: (index of the step whose chance holds it, None for the opening;
    index of the outcome)."""
    where: tuple[int | None, int] = (None, 0)
    for i, outcome in enumerate(opening):
        if "deck" in outcome:
            where = (None, i)
    for s, step in enumerate(steps):
        for i, outcome in enumerate(step["chance"]):
            if "deck" in outcome:
                where = (s, i)
            if "refill" in outcome:
                where = (-1, -1)  # a refill reordered the pile: this round is not a case
    return where


def _after(game: LiveGame, opening: list[dict], steps: list[dict], swap: tuple[str, str] | None, drawer: int):
    """The game replayed with the round's deck's cards of the two codes ``swap`` exchanged, then the drawer's draw
    and keep: the views of the other seat and of the public after each, the seqs, and whether the card drawn was
    playable."""
    opening, steps = copy.deepcopy(opening), copy.deepcopy(steps)
    if swap is not None:
        at, i = _deck_outcome(opening, steps)
        deck = (opening if at is None else steps[at]["chance"])[i]["deck"]
        exchange = {swap[0]: swap[1], swap[1]: swap[0]}
        deck[:] = [exchange.get(code, code) for code in deck]
    twin = LiveGame.resume(game.names, game.variant, opening, steps, random.Random(0))
    twin.act(drawer, {"type": "draw"})
    playable = twin.state.moment.drawn is not None
    assert twin.to_act == drawer and twin.awaits_drawer
    mine = twin.view(drawer).to_dict()
    assert mine["legal"][-1] == KEEP and mine["drawn"] is not None
    if not playable:
        assert mine["legal"] == [KEEP]  # the drawer is asked all the same: keeping is all there is
    seen = [(twin.seq, twin.view(1 - drawer).to_dict(), twin.view(None).to_dict())]
    twin.act(drawer, KEEP)
    seen.append((twin.seq, twin.view(1 - drawer).to_dict(), twin.view(None).to_dict()))
    return seen, playable, twin


def test_the_other_seat_sees_the_same_whether_the_card_drawn_is_playable_or_not():
    flipped = {True: 0, False: 0}
    for seed in range(3):
        rng = random.Random(seed)
        styles = (("random", "greedy"), ("greedy", "challenger"), ("challenger", "random"))[seed]
        game = LiveGame.start(["Ana", "Ben"], rng=random.Random(seed))
        steps: list[dict] = []
        tried = 0
        while not game.over and tried < 25:
            seat, decision = _bot_step(game, styles, rng)
            state = game.state
            if (decision == {"type": "draw"} and game.phase == "play" and seat == game.to_act
                    and state.moment.kind.name == "TURN" and len(state.pile.slots) > 8
                    and _deck_outcome(list(game.opening), steps)[0] != -1):
                tried += 1
                deck = game.record()["rounds"][-1]["deck"]
                pile = [card.code for card in state.pile.slots]
                seen = json.dumps(game.view(None).history)  # a card once face up (the draft's) is known
                hidden = [code for code in dict.fromkeys(pile)
                          if pile.count(code) == deck.count(code) and f'"{code}"' not in seen]
                top = state.pile.top(1)[0].code
                if top not in hidden:
                    steps.append(game.act(seat, decision).to_dict())
                    continue
                actual, playable, _ = _after(game, list(game.opening), steps, None, seat)
                for other in hidden:
                    if other == top or deck.count(other) != deck.count(top):
                        continue  # (a relabelling keeps the deck's cards)
                    twin, twin_playable, twin_game = _after(game, list(game.opening), steps, (top, other), seat)
                    if twin_playable != playable:
                        _same(twin, actual)  # every view of the other seat and of the public, and the seqs
                        assert judge(twin_game.record()).legal
                        flipped[playable] += 1
                        break
            steps.append(game.act(seat, decision).to_dict())
    assert flipped[True] >= 10 and flipped[False] >= 10, flipped


def _same(twin, actual) -> None:
    for (seq_a, other_a, public_a), (seq_b, other_b, public_b) in zip(twin, actual, strict=True):
        assert seq_a == seq_b
        for key in other_a:
            assert other_a[key] == other_b[key], key
        assert public_a == public_b


def test_a_game_stored_before_the_drawer_was_asked_resumes_as_it_was_played():
    """A table's steps stored before this change have no keep after an unplayable card (the turn passed at
    once): resumed, the game goes on as it was played -- the same record -- and its next decision is taken."""
    rng = random.Random(7)
    game = LiveGame.start(["Ana", "Ben"], rng=random.Random(7))
    steps, dropped = [], 0
    while not game.over and len(steps) < 400:
        seat, decision = _bot_step(game, ("greedy", "random"), rng)
        asked = game.awaits_drawer and game.state.moment.drawn is None  # the drawer of an unplayable card
        step = game.act(seat, decision).to_dict()
        if asked and decision == KEEP:
            dropped += 1  # not stored before: the turn had passed with the draw
            continue
        steps.append({**step, "seq": len(steps) + 1})
    assert dropped >= 5
    old = LiveGame.resume(game.names, game.variant, list(game.opening), steps, random.Random(0))
    assert old.record() == game.record() and old.seq == len(steps)
    if not old.over:
        seat, decision = _bot_step(old, ("greedy", "random"), rng)
        old.act(seat, decision)
