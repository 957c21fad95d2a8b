"""Volley length is defined once (referee.play.statistics.volley_length): the simulator's rule counts and the
report's metrics, watching the same games, count every volley alike."""

from __future__ import annotations

from referee.engine.moment import Pending
from referee.engine.variants import UNO_DUO, get_variant
from referee.log.replay import Observer
from referee.play.selfplay import simulate_game
from referee.play.statistics import Stats, volley_length
from referee.report.metrics import GameMetrics

ODD = UNO_DUO.derive("odd", {"wild_draw_4_answers_volley": True, "turned_up_draw_2_answerable": True})


class _Held(Observer):
    """Both observers told of every step, their volley counts compared after every event (an Observer of
    its own: the compiled build's ``Both`` takes no interpreted subclass)."""

    def __init__(self):
        self.first, self.second = Stats(), GameMetrics()
        self.volleys = 0
        self.longest = 0

    def round_begins(self, rnd):
        self.first.round_begins(rnd)
        self.second.round_begins(rnd)

    def picked(self, draft, pick):
        self.first.picked(draft, pick)
        self.second.picked(draft, pick)

    def turned_up(self, state, card, player_1):
        self.first.turned_up(state, card, player_1)
        self.second.turned_up(state, card, player_1)

    def before_event(self, state, event):
        self.first.before_event(state, event)
        self.second.before_event(state, event)

    def after_event(self, state, event):
        self.first.after_event(state, event)
        self.second.after_event(state, event)
        if state.moment.kind is Pending.VOLLEY:
            assert self.first.volley == self.second.volley, (state.moment, event)
            self.volleys += 1
            self.longest = max(self.longest, self.first.volley)

    def round_scored(self, state, points):
        self.first.round_scored(state, points)
        self.second.round_scored(state, points)


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
