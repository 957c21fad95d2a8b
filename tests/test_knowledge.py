"""What a seat knows of a round (referee.play.knowledge), on positions made by hand: the inferences it draws
from what the other seat did between two of its views, under the variant's own turn order and dump rules
(:func:`referee.engine.actions.action_of`), and each checked against the other seat's true hand."""

from __future__ import annotations

import random

import pytest

import referee.play.players  # noqa: F401  (the players first: they and the knowledge import each other)
from referee.engine.cards import parse_card
from referee.engine.deck import standard_deck
from referee.engine.piles import DrawPile
from referee.engine.records import Play
from referee.engine.round_state import RoundState
from referee.engine.variants import VARIANTS
from referee.play.knowledge import Knowledge, deal
from referee.play.view import PlayerView

NAMES = ("Ana", "Ben")
#: The seat's hand in every position here: it lays R7 on R5, and the other seat answers.
MINE = ("R7", "G3", "B7", "Y9")


def _cards(codes) -> list:
    return [parse_card(code) for code in codes]


def _view(state: RoundState) -> PlayerView:
    return PlayerView(NAMES, state.rules, 0, "play", state.moment.player, state, None, 0, 1, (0, 0))


def _after_the_other_moves(variant: str, theirs: tuple[str, ...], pile: tuple[str, ...], moves) -> tuple:
    """Seat 0 lays R7 on R5 under ``variant``; the other seat, holding ``theirs`` (the draw pile ``pile``, its
    top last), makes ``moves`` (each made from the position); then seat 0's next view is read. The seat's
    knowledge, and the other seat's hand then."""
    state = RoundState.starting(VARIANTS[variant].rules, NAMES, [_cards(MINE), _cards(theirs)],
                                DrawPile(_cards(pile), None))
    state.start_from((parse_card("R5"),), None, 0)
    known = Knowledge(0, 1, (0, 0))
    first = _view(state)
    known.observe(first)
    mine = Play(0, parse_card("R7"))
    known.chose(first, mine)
    state.apply(mine)
    for move in moves:
        state.apply(move(state))
    assert state.moment.player == 0  # the seat's turn again: its next view
    known.observe(_view(state))
    return known, state.hands[1]


def _met(known: Knowledge, hand: list) -> bool:
    """Whether the other seat's true ``hand`` meets every inference (as tests/test_expert.py's probe counts)."""
    for constraint in known.constraints:
        need = constraint.held - (known.other_laid - constraint.laid)
        if sum(1 for card in hand if card not in constraint.cards) < need:
            return False
    return True


def _draw(state: RoundState):
    return state.next_draw()


def _lay(code: str, *dump: str):
    return lambda state: Play(1, parse_card(code), dump=tuple(_cards(dump)))


def test_a_reverse_drawn_and_laid_passes_the_turn_in_uno_duo_so_the_draw_came_first():
    """REV-5: in UNO DUO a Reverse passes the turn, so a draw and a Reverse between two views are the draw,
    then the drawn Reverse laid (TURN-3): the other seat held nothing it could lay on R7."""
    known, theirs = _after_the_other_moves("uno-duo", ("B1", "Y2", "G8"), ("G0", "G1", "RR"),
                                           [_draw, _lay("RR")])
    assert [c.source for c in known.constraints] == ["draw"]
    assert parse_card("R9") in known.constraints[0].cards and _met(known, theirs)


def test_a_reverse_that_skips_may_come_before_the_draw_in_classic_duel():
    """Under ``reverse_skips`` (classic-duel) its player goes again: the Reverse may have been laid first and
    the draw made after it, so nothing is inferred of what the other seat held."""
    known, _ = _after_the_other_moves("classic-duel", ("RR", "B1", "Y2", "G8"), ("G0", "G1", "B2"),
                                      [_lay("RR"), _draw])
    assert known.constraints == []


def test_a_reverse_dump_leaves_none_of_its_colour_in_uno_duo():
    known, theirs = _after_the_other_moves("uno-duo", ("RR", "R2", "R9", "B1"), ("G0", "G1", "B2"),
                                           [_lay("RR", "R9", "R2")])
    assert "dump" in [c.source for c in known.constraints] and _met(known, theirs)


def test_cards_of_its_colour_after_a_reverse_are_no_dump_where_there_is_none():
    """classic-duel has no dump (``reverse_dump`` false) and its Reverse skips: R9 laid after RR is the play
    of the turn the other seat went again, and it still holds R2 -- read as greedy's plays, not a dump."""
    known, theirs = _after_the_other_moves("classic-duel", ("RR", "R9", "R2", "B1"), ("G0", "G1", "B2"),
                                           [_lay("RR"), _lay("R9")])
    assert parse_card("R2") in theirs
    assert "dump" not in [c.source for c in known.constraints] and _met(known, theirs)


def _play_begins(variant: str, seed: int) -> PlayerView:
    """Seat 0's view as play begins under ``variant``: seven cards each from a shuffled deck, a number turned up."""
    rules = VARIANTS[variant].rules
    deck = standard_deck(rules.deck)
    random.Random(seed).shuffle(deck)
    top = next(card for card in deck if card.number is not None)
    deck.remove(top)
    state = RoundState.starting(rules, NAMES, [deck[:7], deck[7:14]], DrawPile(deck[14:], None))
    state.start_from((top,), None, 0)
    return _view(state)


@pytest.mark.parametrize(("variant", "biased"), [("uno-duo", True), ("classic-duel", False)])
def test_the_hidden_hand_is_dealt_as_drafted_only_where_there_was_a_draft(variant, biased):
    """Read as a greedy player's (``model``), the other hand's drafted cards lean to those greedy keeps --
    in a drafted variant. Where the hands were dealt (classic-duel: ``start = "deal"``) nobody chose them:
    the deal is the one made without the model (the same generator, the same cards), and in UNO DUO it is
    not."""
    differ = 0
    for seed in range(6):
        view = _play_begins(variant, seed)
        hands = []
        for model in (True, False):
            known = Knowledge(0, 1, (0, 0), model)
            known.observe(view)
            hands.append(deal(known, view, random.Random(seed))[0])
        differ += hands[0] != hands[1]
    assert (differ > 0) is biased
