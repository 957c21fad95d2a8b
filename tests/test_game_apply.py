"""``Game.apply``: the one entry of the game, which takes every chance outcome and decision as a typed step
and refuses, with its rule id, a step its stage does not take -- the game's, not a driver's, to say.

Each refusal below is asserted with its rule id and with the game unchanged after it. Made to fail: with
``Game.turn_up``'s stage check removed, a card turned up mid-draft started play (the issue's hands
``[0, 0]``) and the first test failed on ``DID NOT RAISE``.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import referee
from referee.engine import chance
from referee.engine.cards import CARDS_BY_CODE
from referee.engine.deck import standard_deck
from referee.engine.game import Game, Needs, Observer
from referee.engine.records import Pick, draw
from referee.engine.steps import Choose, Cut, Deal, Keep, NameColour, NextRound, TurnUp
from referee.engine.variants import UNO_DUO
from referee.engine.violation import RuleBroken

NAMES = ("Ana", "Ben")
C = CARDS_BY_CODE


def _standing(game: Game) -> tuple:
    draft = game.draft
    return (game.needs, game.round_index, game.to_act, tuple(game.scores),
            None if draft is None else (draft.picks, tuple(map(tuple, draft.hands)), tuple(draft.discard)),
            None if game.state is None else game.state.context())


def _refused(game: Game, step, rule: str) -> RuleBroken:
    before = _standing(game)
    with pytest.raises(RuleBroken) as refusal:
        game.apply(step)
    assert refusal.value.rule == rule, refusal.value
    assert _standing(game) == before
    return refusal.value


def _deck(seed: int) -> tuple:
    deck = standard_deck(UNO_DUO.rules.deck)
    chance.shuffle(random.Random(seed), deck)
    return tuple(deck)


def _drafting(seed: int = 1, picks: int = 3) -> Game:
    game = Game(UNO_DUO.rules, NAMES)
    game.apply(Cut(((C["R9"], C["R1"]),)))
    game.apply(NextRound())
    game.apply(Deal(_deck(seed)))
    for _ in range(picks):
        game.apply(Choose(game.to_act, True))
    return game


def _finish_draft(game: Game) -> None:
    while game.needs is Needs.PICK:
        game.apply(Choose(game.to_act, False))


def test_a_card_turned_up_mid_draft_is_refused_and_play_does_not_begin():
    game = _drafting()
    error = _refused(game, TurnUp(game.next_card()), "DRAFT-6")
    assert "3 of 14 picks" in error.message and game.state is None


def test_an_event_during_the_draft_is_refused_as_the_draft_not_over():
    game = _drafting()
    _refused(game, draw(game.to_act), "DRAFT-6")
    _refused(game, Keep(game.to_act), "DRAFT-6")
    _refused(game, NameColour(game.player_1, None), "DRAFT-6")


def test_a_pick_after_the_draft_is_refused_as_the_draft_over():
    game = _drafting()
    _finish_draft(game)
    assert game.needs is Needs.TURN_UP
    _refused(game, Choose(0, True), "DRAFT-1")
    top, following = game.pile.top(2)
    _refused(game, Pick(0, top, True, following), "DRAFT-1")


def test_an_event_before_the_turn_up_is_refused_as_play_not_begun():
    game = _drafting()
    _finish_draft(game)
    _refused(game, draw(1 - game.player_1), "START-1")


def test_a_turned_up_wild_waits_for_player_1_s_colour_alone():
    for seed in range(200):
        game = _drafting(seed, 0)
        _finish_draft(game)
        if not game.next_card().is_wild:
            continue
        game.apply(TurnUp(game.next_card()))
        assert game.needs is Needs.COLOUR
        _refused(game, draw(1 - game.player_1), "START-7")
        _refused(game, NameColour(1 - game.player_1, C["R1"].color), "START-7")
        _refused(game, Choose(game.player_1, True), "START-7")
        game.apply(NameColour(game.player_1, C["R1"].color))
        assert game.needs is Needs.EVENT and game.state.color is C["R1"].color
        _refused(game, NameColour(game.player_1, C["R1"].color), "START-7")
        return
    pytest.fail("no turned-up wild in 200 decks")


def test_no_round_begins_after_a_tied_cut_or_the_game_s_end_or_in_an_unfinished_round():
    game = Game(UNO_DUO.rules, NAMES)
    game.apply(Cut(((C["R7"], C["G7"]),)))
    assert "must cut again" in _refused(game, NextRound(), "CUT-2").message
    game = _drafting()
    _refused(game, NextRound(), "LOG-6")
    game = Game(UNO_DUO.rules, NAMES)
    game.needs = Needs.OVER  # the game's end (reached by play in the next test)
    _refused(game, NextRound(), "GAME-2")


class _Ends(Observer):
    def __init__(self) -> None:
        self.told: list[tuple] = []

    def round_scored(self, state, points) -> None:
        self.told.append(("round", points))

    def game_ended(self, end) -> None:
        self.told.append(("end", end.scores, end.winner, end.rounds))


def test_the_game_s_end_is_a_hook_told_once_after_the_last_round_and_nothing_follows_it():
    from referee.play.players import RandomPlayer
    from referee.play.selfplay import simulate_game
    ends = _Ends()
    log = simulate_game(5, seats=(RandomPlayer(), RandomPlayer()), observer=ends)
    assert [kind for kind, *_ in ends.told].count("end") == 1 and ends.told[-1][0] == "end"
    assert ends.told[-2][0] == "round"
    scores = log["result"]["scores"]
    assert ends.told[-1][1] == (scores["Ana"], scores["Ben"])
    assert ends.told[-1][2] == (None if log["result"]["winner"] is None else NAMES.index(log["result"]["winner"]))
    assert ends.told[-1][3] == len(log["rounds"])


def test_a_step_that_is_no_step_is_a_type_error():
    with pytest.raises(TypeError):
        Game(UNO_DUO.rules, NAMES).apply("draw")


DRIVERS = ("selfplay", "live", "dealer")
STAGE_RULES = {"DRAFT-1", "DRAFT-6", "START-1", "START-7", "CUT-2", "GAME-2"}


def test_no_driver_raises_a_stage_order_rule():
    """The drivers (replay, self-play, live) name no stage-order rule: read off their syntax trees, every
    ``RuleBroken(...)`` they make, and every rule id string they hold. Made to fail by putting back live's
    ``raise RuleBroken("DRAFT-1", ...)``."""
    package = Path(referee.__file__).resolve().parent
    found = []
    for path in [package / "log" / "replay.py", *(package / "play" / f"{name}.py" for name in DRIVERS)]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in STAGE_RULES:
                found.append(f"{path.name}:{node.lineno} {node.value}")
    assert not found, found
