"""The engine's values: immutable log records, the turn's moment, the typed verdict parts, cards' actions;
and that checking an event changes nothing (no rollback anywhere)."""

from __future__ import annotations

import dataclasses

import pytest

from referee import judge
from referee.engine.actions import Action, action_of
from referee.engine.cards import Color, parse_card
from referee.engine.moment import OwesKind, Pending, UnoState, drawn, penalty, turn, volley, wild_draw_4
from referee.engine.variants import UNO_DUO, get_variant
from referee.log.document import read_log
from referee.log.records import Catch, Challenge, Draw, Dump, Pick, Play, SayUno
from referee.log.verdict import Phase
from tests.support import ev, game, position, turned_up

EVENTS = [
    ev("Ana", "play", card="R4"),
    ev("Ana", "play", card="W", color="green", uno=True),
    ev("Ana", "play", card="RR", dump=["R5", "RS"]),
    ev("Ana", "dump", cards=["R4", "R5"], uno=True),
    ev("Ana", "draw"),
    ev("Ben", "draw", cards=["B1", "B2"]),
    ev("Ben", "challenge"),
    {"type": "uno", "player": "Ben"},
    {"type": "catch", "player": "Ana"},
]


def _read(*events: dict):
    return read_log(game(position(["R4"], ["G1"], ["R9"], *events))).rounds[0].events


def test_the_reader_makes_one_record_class_per_kind_of_event():
    assert [type(e) for e in _read(*EVENTS)] == [Play, Play, Play, Dump, Draw, Draw, Challenge, SayUno, Catch]


def test_a_record_writes_itself_back_as_the_log_wrote_it():
    for event, logged in zip(_read(*EVENTS), EVENTS, strict=True):
        assert event.to_log(("Ana", "Ben")) == logged


def test_records_are_frozen_and_the_common_ones_shared():
    first, again = _read(ev("Ana", "play", card="R4"), ev("Ana", "play", card="R4"))
    assert first is again
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.card = parse_card("R5")
    play = _read(ev("Ana", "play", card="RR", dump=["R5"]))[0]
    assert play.laid == (parse_card("RR"), parse_card("R5"))


@pytest.mark.parametrize("record", [
    Play(0, parse_card("R4")), Dump(1, (parse_card("R4"),)), Draw(0, (parse_card("G1"),)),
    Pick(0, parse_card("R4"), True, parse_card("G1")),
])
def test_records_made_by_the_quick_constructors_are_frozen_all_the_same(record):
    # records.py sets the slots of Play, Dump, Draw and Pick directly in __init__ (twice as fast as the
    # dataclass's object.__setattr__): every field is set, and no field can be set again.
    for field in dataclasses.fields(record):
        getattr(record, field.name)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, field.name, None)
    assert record == dataclasses.replace(record) and hash(record) == hash(dataclasses.replace(record))


def test_a_pick_knows_the_card_it_keeps_and_the_one_it_passes():
    drew, nxt = parse_card("R4"), parse_card("G1")
    kept = Pick(0, drew, True, nxt)
    passed = Pick(0, drew, False, nxt)
    assert (kept.kept, kept.passed) == (drew, nxt) and (passed.kept, passed.passed) == (nxt, drew)
    assert kept != passed and Pick(0, drew, True, nxt) == kept


def test_moments_are_interned_values_read_through_their_methods():
    assert turn(0) is turn(0) and volley(1, 4) is volley(1, 4) and turn(0) is not turn(1)
    assert wild_draw_4(1, 4, True) is not wild_draw_4(1, 4, False)
    card = parse_card("R1")
    assert drawn(0, card).drawn is card and turn(1, card).missed is card and turn(1).missed is None
    imposed = penalty(0, 2, "UNO-2", volley(1, 4))
    assert imposed.imposed and imposed.then is volley(1, 4) and imposed is penalty(0, 2, "UNO-2", volley(1, 4))
    assert imposed.owes().to_dict() == {"kind": "penalty", "cards": 2, "rule": "UNO-2"}
    assert volley(1, 4).owes().kind is OwesKind.VOLLEY and volley(1, 4).owes().to_dict() == {"kind": "volley",
                                                                                             "cards": 4}
    assert turn(0).owes() is None and turn(0).draw_count() == 1 and volley(1, 6).draw_count() == 6


def test_the_verdict_is_typed_and_turned_into_json_only_by_to_dict():
    verdict = judge(game(position(["R+2", "G1"], ["B+2", "G3", "Y4"], ["R9"], ev("Ana", "play", card="R+2"))))
    nxt, table = verdict.next, verdict.position
    assert nxt.phase is Phase.PLAY and nxt.player == 1 and nxt.owes.kind is OwesKind.VOLLEY
    assert Play(1, parse_card("B+2")) in nxt.legal and Draw(1) in nxt.legal
    assert table.hands[0] == (parse_card("G1"),) and table.uno == (UnoState.CATCHABLE, UnoState.NONE)
    data = verdict.to_dict()
    assert data["next"]["owes"] == {"kind": "volley", "cards": 2} and data["next"]["player"] == "Ben"
    assert {"type": "play", "card": "B+2"} in data["next"]["legal"] and data["position"]["hands"]["Ana"] == ["G1"]


def test_a_reverse_acts_as_a_skip_only_where_the_variant_says_so():
    reverse = parse_card("GR")
    assert action_of(reverse, UNO_DUO.rules) is Action.PASS
    assert action_of(reverse, get_variant("classic-duel").rules) is Action.AGAIN
    assert action_of(parse_card("W+4"), UNO_DUO.rules).draws == 4


# -- checking changes nothing ----------------------------------------------------------------------------

def _state_after(*events: dict, **setup):
    """The round's state after ``events`` (replayed by the engine)."""
    from referee.log.replay import Replay

    replay = Replay(read_log(game(position(["R4", "G7", "RR", "R5"], ["Y5", "B6"], ["R9"], *events, **setup))))
    replay.run()
    return replay.state


def _table(state) -> tuple:
    return (list(map(list, state.hands)), list(state.discard), list(state.pile.slots), list(state.uno),
            state.moment, state.color)


@pytest.mark.parametrize(("event", "rule"), [
    (Play(0, parse_card("G7")), "TURN-1"),
    (Play(0, parse_card("RR"), None, False, (parse_card("R4"),)), "REV-2"),
    (Play(0, parse_card("R4"), None, True), "UNO-3"),
    (Play(1, parse_card("Y5")), "LOG-1"),
    (Challenge(0), "LOG-1"),
    (Catch(1), "UNO-3"),
    (Draw(0, (parse_card("B1"), parse_card("B2"))), "LOG-4"),
])
def test_a_refused_event_is_named_and_leaves_the_position_as_it_was(event, rule):
    state = _state_after()
    before = _table(state)
    assert state.refusal(event).rule == rule
    with pytest.raises(Exception) as raised:
        state.apply(event)
    assert raised.value.rule == rule
    assert _table(state) == before


def test_the_check_alone_changes_nothing_even_for_an_accepted_event():
    state = _state_after()
    before = _table(state)
    state.check(Play(0, parse_card("R4")))
    assert _table(state) == before and state.moment is turn(0)


def test_after_a_playable_draw_an_event_refused_in_the_moment_after_keeping_leaves_the_card_pending():
    # Ana draws the playable red 1; Ben then plays a card he does not hold: the card would have been kept,
    # but the refused event changes nothing, so the valid prefix still ends with red 1 pending (TURN-3).
    log = game(position(["G1", "B2"], ["Y3", "B7"], ["R9"], ev("Ana", "draw"), ev("Ben", "play", card="R7"),
                        draw_pile=["R1"], hidden=0))
    verdict = judge(log)
    assert (verdict.violation.rule, verdict.violation.pointer) == ("LOG-2", "/rounds/0/events/1")
    assert verdict.next.drawn == parse_card("R1") and verdict.next.player == 0
    assert verdict.position.hands[0] == tuple(map(parse_card, ("G1", "B2", "R1")))


def test_the_turned_up_reverse_opens_the_dump_as_a_moment():
    verdict = judge(game(turned_up(["R4", "RS", "G1"], ["Y3"], "RR")))
    assert Dump(0, (parse_card("R4"), parse_card("RS")), True) in verdict.next.legal


def test_the_moment_kinds_are_those_the_verdict_names():
    assert {k.value for k in OwesKind} == {"volley", "wild_draw_4", "turned_up", "penalty", "final"}
    assert Pending.DRAWN.value == "drawn" and Color.RED in {Color.RED}
