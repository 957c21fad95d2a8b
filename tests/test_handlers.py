"""The rules that move a round (referee.engine.handlers) and the refusals they return (referee.engine.violation):
one signature for every check and every effect, a refusal as a read-only value whose words are made only
when asked, and the refusal's rule and words the very ones ``apply`` raises."""

from __future__ import annotations

import pytest

from referee.engine.cards import Color
from referee.engine.handlers import HANDLERS, OPEN
from referee.engine.moment import Pending
from referee.engine.round_state import RoundState
from referee.engine.violation import Refusal, RuleBroken, broken
from referee.log.records import Catch, Challenge, Draw, Dump, Play, SayUno
from referee.play.selfplay import simulate_game


def _positions(seeds: range) -> list[RoundState]:
    """A copy of the position after the turn-up and after every event of self-played games."""
    found: list[RoundState] = []

    def step(what):
        if isinstance(what, RoundState):
            found.append(what.copy())

    for seed in seeds:
        simulate_game(seed, on_step=step)
    return found


POSITIONS = _positions(range(2))


def _candidates(state: RoundState) -> list:
    """One event of each class by each player, made of the cards the mover holds (right or wrong)."""
    out: list = []
    for player in (0, 1):
        hand = state.hands[player]
        if hand:
            out.append(Play(player, hand[0], Color.RED if hand[0].is_wild else None))
            out.append(Dump(player, (hand[0],)))
        out += [Draw(player, None), Challenge(player), SayUno(player), Catch(player)]
    return out


def test_every_check_takes_the_one_signature_and_returns_a_refusal_or_none():
    """Each moment's table has a handler for every kind of event; every refusal and every own check is called
    as ``(state, moment, event, named)`` -- no fewer arguments (no default) -- and answers a Refusal or None;
    every effect as ``(state, moment, event)``."""
    kinds = {Play, Dump, Draw, Challenge, SayUno, Catch}
    assert set(HANDLERS) == set(Pending)
    called = effects = 0
    for state in POSITIONS[::7]:
        table = HANDLERS[state.moment.kind]
        assert set(table) == kinds
        for event in _candidates(state):
            refuse, effect, own = table[type(event)]
            for check in (refuse, own):
                if check is None:
                    continue
                for named in (True, False):
                    answer = check(state, state.moment, event, named)
                    assert answer is None or type(answer) is Refusal
                with pytest.raises(TypeError):
                    check(state, state.moment, event)  # type: ignore[call-arg]
                called += 1
            if effect is not None and refuse(state, state.moment, event, True) is None:
                effect(state.copy(), state.moment, event)  # every effect: (state, moment, event)
                effects += 1
    assert called > 800 and effects > 50


def test_a_moment_accepts_only_the_kinds_of_event_it_is_open_to_and_each_of_them_somewhere():
    """``OPEN`` (what the legal-move list draws its candidates from) against what ``apply`` accepts, event by
    event, over the positions of self-played games: every accepted event is of a class its moment is open
    to -- but the opponent's event at a drawn card, which a log reads as the drawer's keep --, and every
    class open at a moment seen is accepted there at least once, so that no legal move is left out of the
    list (the candidates are few: at the rare moments -- an opening dump, a turned-up card, a Wild Draw 4
    -- not every open class finds an acceptable one). Made to fail both ways: with ``Draw`` left out of
    ``OPEN[Pending.TURN]`` (an accepted draw the list would never offer) on ``(TURN, Draw)``, and with
    ``Catch`` added to ``OPEN[Pending.OVER]`` (a class offered that no position accepts) on ``(OVER, Catch)``."""
    accepted: set[tuple[Pending, type]] = set()
    seen: set[Pending] = set()
    for state in POSITIONS:
        kind = state.moment.kind
        seen.add(kind)
        for event in _candidates(state):
            if state.refusal(event) is not None:
                continue
            cls = type(event)
            if kind is Pending.DRAWN and event.player != state.moment.player and cls not in (SayUno, Catch):
                continue  # the opponent's event at a drawn card: the drawer's keep, judged after it
            assert cls in OPEN[kind], (kind, cls)
            accepted.add((kind, cls))
    rare = {Pending.OPENING, Pending.TURNED_UP, Pending.WILD_DRAW_4}
    missing = [(kind, cls) for kind in seen - rare for cls in OPEN[kind] if (kind, cls) not in accepted]
    assert not missing, missing
    assert seen - rare >= {Pending.TURN, Pending.VOLLEY, Pending.DRAWN, Pending.PENALTY, Pending.OVER}


def test_a_refusal_names_the_rule_apply_raises_with_the_same_words():
    refused = 0
    for state in POSITIONS[::5]:
        for event in _candidates(state):
            refusal = state.refusal(event)
            if refusal is None:
                continue
            with pytest.raises(RuleBroken) as raised:
                state.copy().apply(event)
            assert (raised.value.rule, raised.value.message) == (refusal.rule, refusal.message)
            refused += 1
    assert refused > 800


def test_a_refusal_makes_its_words_only_when_asked():
    asked: list[str] = []

    def words(card: str, where: str) -> str:
        asked.append(card)
        return f"{card} matches nothing {where}"

    refusal = Refusal("TURN-1", words, "G7", "here")
    assert (refusal.rule, refusal.words, refusal.arguments) == ("TURN-1", words, ("G7", "here"))
    assert asked == []  # made, read, and no words yet
    assert refusal.message == "G7 matches nothing here" and asked == ["G7"]
    raised = broken(refusal, "/rounds/0/events/3")
    assert (raised.rule, raised.message, raised.pointer) == ("TURN-1", "G7 matches nothing here",
                                                             "/rounds/0/events/3")
    assert asked == ["G7", "G7"]
    assert repr(refusal) == "<Refusal TURN-1>"


def test_a_refusal_is_read_only():
    refusal = Refusal("LOG-1", lambda: "not your move")
    for name, value in (("rule", "LOG-2"), ("words", lambda: "x"), ("arguments", ()), ("message", "x")):
        with pytest.raises(AttributeError):
            setattr(refusal, name, value)
    assert refusal.rule == "LOG-1" and refusal.message == "not your move"


def test_a_refusal_citing_an_unregistered_rule_cannot_be_raised():
    with pytest.raises(AssertionError, match="unregistered rule"):
        broken(Refusal("NO-1", lambda: "no such rule"))
