"""The report's player styles: they play legal, complete, seeded games, and each plays as documented."""

from __future__ import annotations

import random

import pytest

from referee import judge
from referee.engine.legal import legal_interjections
from referee.engine.variants import VARIANTS
from referee.log.document import read_log
from referee.log.records import Catch
from referee.log.replay import Replay
from referee.play.expert import ExpertPlayer
from referee.play.players import PLAYERS, UnknownPlayer, get_player
from referee.play.selfplay import simulate_game
from referee.play.view import PlayerView
from tests.support import ev, game, position

PAIRINGS = [("random", "random", "uno-duo")] + [
    (a, b, variant) for a, b in (("greedy", "challenger"), ("random", "greedy"), ("challenger", "random"))
    for variant in sorted(VARIANTS)]


@pytest.mark.parametrize(("a", "b", "variant"), PAIRINGS)
def test_every_pairing_plays_legal_complete_games(a, b, variant):
    verdict = judge(simulate_game(1, variant, seats=(PLAYERS[a], PLAYERS[b])))
    assert verdict.legal, verdict.summary()
    assert verdict.complete


def test_a_seated_game_is_a_function_of_its_seed():
    seats = (PLAYERS["random"], PLAYERS["challenger"])
    assert simulate_game(3, seats=seats) == simulate_game(3, seats=seats)
    assert simulate_game(3, seats=seats) != simulate_game(4, seats=seats)
    assert simulate_game(3, seats=seats) != simulate_game(3)  # the seats, not the simulator's mixed styles


def test_an_unknown_style_is_named():
    with pytest.raises(UnknownPlayer, match="known: random, greedy, challenger"):
        get_player("clever")


def _at(round_: dict):
    """The engine's position after a round's events, and what the player to act may know and do there."""
    replay = Replay(read_log(game(round_)))
    assert replay.run().legal
    state = replay.state
    return state, _view(state, state.to_act)


def _view(state, seat):
    return PlayerView(state.names, state.rules, seat, "play", state.to_act, state)


def _chosen(style: str, state, view, rng) -> dict | None:
    """What the style chooses, as the log would write it (without the player): from the view only."""
    chosen = get_player(style).choose(view, rng)
    return None if chosen is None else chosen.to_log()


def test_greedy_sheds_its_costliest_card_and_holds_a_draw_2_back():
    state, moves = _at(position(["R+2", "R9", "R1", "G4"], ["B1", "B2"], ["R5"]))
    assert _chosen("greedy", state, moves, random.Random(0)) == {"type": "play", "card": "R9"}


def test_greedy_plays_the_draw_2_when_it_goes_out_with_it_or_nothing_else_plays():
    state, moves = _at(position(["R+2", "G4"], ["B1", "B2"], ["R5"]))
    assert _chosen("greedy", state, moves, random.Random(0))["card"] == "R+2"


def test_greedy_answers_a_volley_and_dumps_when_it_can():
    state, moves = _at(position(["R+2", "G4", "Y3"], ["B+2", "B2", "B3"], ["R5"],
                                ev("Ana", "play", card="R+2", uno=False)))
    assert _chosen("greedy", state, moves, random.Random(0)) == {"type": "play", "card": "B+2"}
    state, moves = _at(position(["RR", "R4", "R1", "GS", "W"], ["B1", "B2"], ["R5"]))
    chosen = _chosen("greedy", state, moves, random.Random(0))
    assert chosen["card"] == "RR" and sorted(chosen["dump"]) == ["R1", "R4"]


def test_only_the_challenger_challenges_and_catches():
    # Ana plays a Wild Draw 4 and keeps three cards: the challenger challenges, greedy draws.
    state, moves = _at(position(["W+4", "G1", "G2", "G3"], ["B1", "B2"], ["R5"],
                                ev("Ana", "play", card="W+4", color="green")))
    assert _chosen("challenger", state, moves, random.Random(0)) == {"type": "challenge"}
    assert _chosen("greedy", state, moves, random.Random(0)) == {"type": "draw"}
    # With two cards left after it, the challenger lets it go.
    state, moves = _at(position(["W+4", "G1", "G2"], ["B1", "B2"], ["R5"],
                                ev("Ana", "play", card="W+4", color="green")))
    assert _chosen("challenger", state, moves, random.Random(0)) == {"type": "draw"}
    # Ana forgets UNO: the challenger catches; greedy does not.
    state, moves = _at(position(["R1", "R2"], ["B1", "B2"], ["R5"], ev("Ana", "play", card="R1")))
    [catch] = [o for o in legal_interjections(state) if isinstance(o, Catch)]
    assert get_player("challenger").interjects(catch, _view(state, catch.player), random.Random(0))
    assert not get_player("greedy").interjects(catch, _view(state, catch.player), random.Random(0))


def test_random_chooses_among_every_legal_event_including_keeping_a_drawn_card():
    state, moves = _at(position(["R1", "G2", "W"], ["B1", "B2"], ["R5"]))
    rng = random.Random(4)
    legal = [{k: v for k, v in o.to_log().items() if k != "uno"} for o in moves.options.legal]
    seen = {repr(_chosen("random", state, moves, rng)) for _ in range(300)}
    assert seen == {repr(o) for o in legal}  # every legal event, and nothing else
    state, moves = _at(position(["G2", "G3"], ["B1", "B2"], ["R5"], ev("Ana", "draw", cards=["R7"])))
    assert state.drawn is not None
    choices = {repr(_chosen("random", state, moves, rng)) for _ in range(100)}
    assert "None" in choices and len(choices) == 2  # play the drawn card, or keep it



@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_each_style_does_what_it_declares_it_can_and_nothing_it_declares_it_cannot(name):
    """The habits a style declares (the report's "not measured with these styles" rests on them) hold in
    play: seated against ``random`` (who forgets UNO, so that a catcher has something to catch, and plays
    Wild Draw 4s to challenge), a style that declares it never catches or challenges never does, and one
    that declares it can, does; seated against itself, only a style that may forget UNO ever does."""
    from referee.report.metrics import measure_game  # the report's own counting

    style = get_player(name)
    if isinstance(style, ExpertPlayer):  # its habits are the same at any budget; its full one takes minutes here
        style = ExpertPlayer(name, 2)
    acts: dict[str, int] = {"catch": 0, "challenge": 0}
    forgotten = 0
    for seed in range(6):
        log = simulate_game(seed, "uno-duo", seats=(style, PLAYERS["random"]))
        first = log["players"][0]
        for rnd in log["rounds"]:
            for event in rnd["events"]:
                if event["player"] == first and event["type"] in acts:
                    acts[event["type"]] += 1
        alone = simulate_game(seed, "uno-duo", seats=(style, style))
        forgotten += measure_game(alone, (name, name)).rates["UNO forgotten"][0]
    assert (acts["catch"] > 0) is style.catches
    assert (acts["challenge"] > 0) is style.challenges_wild_draw_4
    assert (forgotten > 0) is style.forgets_uno
