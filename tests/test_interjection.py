"""Strategy.interjection, self-play's one question a seat when no interjection is open, answers as asking
interjects option by option would, with the same draws."""

import random

import pytest

from referee.engine.legal import INTERJECTIONS, INTERJECTIONS_OF
from referee.engine.variants import UNO_DUO
from referee.play.players import PLAYERS, STYLES, Strategy, StyledPlayer
from referee.play.view import PlayerView


def test_each_seat_has_its_own_candidates_in_the_order_they_are_asked():
    for seat in (0, 1):
        assert INTERJECTIONS_OF[seat] == tuple(o for o in INTERJECTIONS if o.player == seat)


@pytest.mark.parametrize("style", STYLES, ids=lambda s: s.name)
@pytest.mark.parametrize("open_", [False, True], ids=["none open", "open"])
def test_a_styled_player_draws_and_answers_as_its_interjects(style, open_):
    made = 0
    for seat in (0, 1):
        # The styles read nothing of an open option's view but that it is there: a bare one of the seat's.
        view = PlayerView(("Ana", "Ben"), UNO_DUO.rules, seat, "play", seat) if open_ else None
        one_by_one, at_once = random.Random(5), random.Random(5)
        asked = StyledPlayer(style, one_by_one, UNO_DUO.rules)
        grouped = StyledPlayer(style, at_once, UNO_DUO.rules)
        for _ in range(200):
            expected = next((o for o in INTERJECTIONS_OF[seat] if asked.interjects(o, view, one_by_one)), None)
            assert grouped.interjection(INTERJECTIONS_OF[seat], view, at_once) is expected
            assert one_by_one.random() == at_once.random()
            made += expected is not None
    assert (made > 0) is open_  # open, the leanings make some; none open, none is made


def test_a_designers_strategy_needs_only_interjects():
    class Catcher(Strategy):
        def interjects(self, option, view, rng):
            return type(option).__name__ == "Catch"

    assert Catcher().interjection(INTERJECTIONS_OF[0], None, random.Random(0)) is INTERJECTIONS_OF[0][1]
    for player in PLAYERS.values():
        assert player.interjection(INTERJECTIONS_OF[1], None, random.Random(0)) is None


def test_the_interjections_open_are_the_engines_own_candidates():
    """Self-play finds an open interjection by identity (``selfplay._among``): what ``legal_interjections``
    lists must be the very objects of :data:`INTERJECTIONS`, or no seat would ever be asked with its view."""
    from referee.engine.legal import legal_interjections
    from referee.engine.round_state import RoundState
    from referee.play.selfplay import game_seed, simulate_game

    seen = []

    def look(step):
        if type(step) is RoundState:
            seen.extend(legal_interjections(step))

    for i in range(10):
        simulate_game(game_seed(4, i), on_step=look)
    assert seen  # the mix forgets UNO: interjections open
    assert all(any(option is candidate for candidate in INTERJECTIONS) for option in seen)
