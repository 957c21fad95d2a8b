"""Volley length is defined once (referee.play.statistics.volley_length): the simulator's rule counts and the
report's metrics, watching the same games, count every volley alike."""

from __future__ import annotations

from referee.engine.moment import Pending
from referee.engine.variants import UNO_DUO, get_variant
from referee.play.selfplay import simulate_game
from referee.play.statistics import Stats, volley_length
from referee.report.metrics import Both, GameMetrics

ODD = UNO_DUO.derive("odd", {"wild_draw_4_answers_volley": True, "turned_up_draw_2_answerable": True})


class _Held(Both):
    """Both observers, their volley counts compared after every event."""

    def __init__(self):
        super().__init__(Stats(), GameMetrics())
        self.volleys = 0
        self.longest = 0

    def after_event(self, state, event):
        super().after_event(state, event)
        if state.moment.kind is Pending.VOLLEY:
            assert self.first.volley == self.second.volley, (state.moment, event)
            self.volleys += 1
            self.longest = max(self.longest, self.first.volley)


def test_the_rule_counts_and_the_report_count_each_volley_alike():
    held = _Held()
    for variant in (UNO_DUO, ODD, get_variant("classic-duel")):
        for seed in range(6):
            simulate_game(seed, variant, observer=held, record=False)
    assert held.volleys > 50 and held.longest >= 3


def test_a_volley_counts_the_draw_2s_laid_in_a_row():
    from referee.engine.cards import parse_card
    d2, five = parse_card("R+2"), parse_card("R5")
    assert volley_length(0, Pending.TURN, d2) == 1
    assert volley_length(2, Pending.VOLLEY, d2) == 3
    assert volley_length(2, Pending.VOLLEY, five) == 2
    assert volley_length(3, Pending.TURN, d2) == 1
