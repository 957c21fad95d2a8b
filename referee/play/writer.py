"""The one log writer: a game played, written down as a ``uno-duo-log/1`` document as the game tells it.

:class:`LogWriter` is an :class:`~referee.engine.game.Observer` of the one loop: self-play
(:mod:`referee.play.selfplay`) and a live game (:mod:`referee.play.live`) both write their logs with it,
from the hooks the game tells (the cut, each round's deck, picks, turned-up card and colour, events, result,
the game's end). What the two write differently is only the log's form, which the format leaves open
(:class:`LogForm`): a live table names every card and gives every deck; self-play varies the form.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from referee.engine.cards import Card
from referee.engine.draft import Draft
from referee.engine.game import GameEnd, Observer
from referee.engine.piles import DrawPile
from referee.engine.records import Event, Pick, RoundLog
from referee.engine.round_state import RoundState
from referee.engine.variants import Variant
from referee.log.document import FORMAT


@mypyc_attr(allow_interpreted_subclasses=True)  # self-play's form subclasses it
class LogForm:
    """Which of the forms the log format allows the writer uses: here the fullest, a live table's (every
    round names its first drafter and gives its deck; every event is written whole)."""

    def names_first_drafter(self, index: int) -> bool:
        """Whether round ``index`` (from 0) names its first drafter."""
        return True

    def gives_deck(self) -> bool:
        """Whether each round gives its ``deck`` (without one, a dealt round states its hands as ``setup``)."""
        return True

    def event(self, event: Event, names: tuple[str, str]) -> dict:
        """``event`` as the log writes it."""
        return event.to_log(names)


class LogWriter(Observer):
    """Writes the game it observes as a log (:attr:`doc`, a JSON-ready dict, up to date after every step).

    ``record=False`` writes only the log's frame -- the players, the cut, each round's first drafter,
    turned-up card and result, the game's result -- and no round's deck, draft, set-up or events (for a
    caller that measures the game as it is played and never reads them)."""

    def __init__(self, variant: Variant, names: tuple[str, str], form: LogForm | None = None, record: bool = True):
        self.names = names
        self.form = form if form is not None else LogForm()
        self.record = record
        self.drafts = variant.rules.start != "deal"
        #: The log written so far.
        self.doc: dict[str, Any] = {"format": FORMAT, "variant": variant.to_log(), "players": list(names),
                                    "cut": [], "rounds": []}
        #: The round being written (the last of ``doc["rounds"]``).
        self.round: dict[str, Any] = {}
        self.player_1 = 0
        self.events: list[dict] = []

    def watches_events(self) -> bool:
        """Only a writer that writes the events is told of them (the frame has none)."""
        return self.record

    def watches_before_events(self) -> bool:
        """A writer writes each event once applied: it is not told of it before."""
        return False

    def cut(self, cuts: tuple[tuple[Card, Card], ...]) -> None:
        names = self.names
        self.doc["cut"] = [{names[0]: a.code, names[1]: b.code} for a, b in cuts]

    def round_begins(self, rnd: RoundLog) -> None:
        self.round = {}
        self.player_1 = rnd.first_drafter if rnd.first_drafter is not None else 0
        self.doc["rounds"].append(self.round)

    def dealt(self, pile: DrawPile) -> None:
        rnd = self.round
        if self.form.names_first_drafter(len(self.doc["rounds"]) - 1):
            rnd["first_drafter"] = self.names[self.player_1]
        if self.record:
            if self.form.gives_deck():
                rnd["deck"] = [card.code for card in pile.top(len(pile))]
            if self.drafts:
                rnd["draft"] = []

    def picked(self, draft: Draft, pick: Pick) -> None:
        if self.record:
            self.round["draft"].append(pick.to_log(self.names))

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        rnd, names = self.round, self.names
        if self.record and not self.drafts and "deck" not in rnd:  # dealt, no deck: the hands as a set-up
            rnd["setup"] = {"hands": {names[i]: [c.code for c in state.hands[i]] for i in (0, 1)}}
        rnd["turn_up"] = card.code
        if card.is_wild:
            rnd["color"] = state.color.word
        if self.record:
            self.events = rnd["events"] = []

    def after_event(self, state: RoundState, event: Event) -> None:
        if self.record:
            self.events.append(self.form.event(event, self.names))

    def round_scored(self, state: RoundState, points: tuple[int, int]) -> None:
        names = self.names
        self.round["result"] = {"out": names[state.out], "points": {names[0]: points[0], names[1]: points[1]}}

    def game_ended(self, end: GameEnd) -> None:
        names, winner, scores = self.names, end.winner, end.scores
        self.doc["result"] = {"winner": None if winner is None else names[winner],
                              "scores": {names[0]: scores[0], names[1]: scores[1]}}


__all__ = ["LogForm", "LogWriter"]
