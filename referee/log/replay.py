"""Replaying a game log: the cut, each round's draft or set-up, turned-up card and events, the scores.

:func:`replay` makes one pass over the log with constant work per event and stops at the first entry
that breaks a rule; the verdict describes the valid prefix before it (scalachess's ``Replay``). The
game across rounds is a :class:`~referee.engine.match.Match`, a round's draft a :class:`~referee.engine.draft.Draft`,
its play a :class:`~referee.engine.round_state.RoundState`: the replay only feeds them the log's entries and
names each entry's pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from referee.engine.cards import Card
from referee.engine.deck import cut_value, deck_counts
from referee.engine.draft import PICKS, Draft, deal
from referee.engine.legal import legal_events
from referee.engine.match import Match
from referee.engine.piles import DrawPile, Ledger
from referee.engine.round_state import CATCHABLE, RoundState
from referee.engine.violation import RuleBroken
from referee.log.document import RoundEvents, Unread, quick_event, read_frame, read_log
from referee.log.records import Event, GameLog, Pick, RoundLog
from referee.log.verdict import CUT, DEAL, PICK_PROMPTS, TURN_UP, Next, Phase, RoundSummary, Verdict, Violation


def replay(document: Any, variant: Any = None) -> Verdict:
    """Judge ``document``; raises :class:`~referee.errors.MalformedLog` if it is not a well-formed log.

    Two ways to one answer. Most logs are well-formed and legal: they are read and replayed in one pass,
    each event read as the replay reaches it (:func:`~referee.log.document.read_frame`). Any other log -- a
    problem of form anywhere, or an entry that breaks a rule -- is judged again the careful way, which is
    the reference: the whole log read first (:func:`~referee.log.document.read_log`, every problem with its
    pointer), then replayed to the first violation, with its pointer. Both ways apply the same records
    through the same rules; the one pass only saves building the events before replaying them.
    """
    frame = read_frame(document, variant)
    if frame is not None:
        verdict = Replay(frame.game).run_in_one_pass(frame.events)
        if verdict is not None:
            return verdict
    return Replay(read_log(document, variant)).run()


@mypyc_attr(allow_interpreted_subclasses=True)  # the report, statistics and walk subclass it
class Observer:
    """Hooks into a replay for tools that study games (:mod:`referee.play.statistics`, say).

    Each hook does nothing here; a subclass overrides the ones it needs. They see the engine's own
    objects and must not change them."""

    def round_begins(self, rnd: RoundLog) -> None:
        """A round of the log is about to be replayed."""

    def picked(self, draft: Draft, pick: Pick) -> None:
        """A draft pick was made (``draft`` shows the result)."""

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        """The round's card was turned up (START-1); play begins."""

    def before_event(self, state: RoundState, event: Event) -> None:
        """An event is about to be applied."""

    def after_event(self, state: RoundState, event: Event) -> None:
        """An event was applied (it broke no rule)."""

    def round_scored(self, state: RoundState, points: tuple[int, int]) -> None:
        """The round is over and scored."""


class Replay:
    """One replay of one game log; ``observer`` (optional) is told of each step."""

    def __init__(self, game: GameLog, observer: Observer | None = None):
        self.game = game
        self.observer = observer
        self.rules = game.variant.rules
        self.names = game.players
        self.match = Match(self.rules, self.names)
        self.summaries: list[RoundSummary] = []
        self.draft: Draft | None = None
        self.state: RoundState | None = None
        self.round_index = -1

    # -- the game ---------------------------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        """The scores so far, by player index."""
        return self.match.scores

    @property
    def game_over(self) -> bool:
        """GAME-1: a player has reached the target score."""
        return self.match.over

    def winner(self) -> int | None:
        """GAME-2: once the game is over, the lower score wins (or the higher, in a variant)."""
        return self.match.winner()

    def run(self) -> Verdict:
        """Replay the whole log and return the verdict."""
        violation = None
        try:
            self._game(lambda rnd: rnd.events)
        except RuleBroken as broken:
            violation = Violation(broken.pointer or "", broken.rule, broken.message, self._context())
        return self._verdict(violation)

    def run_in_one_pass(self, events: tuple[RoundEvents | None, ...]) -> Verdict | None:
        """Replay a log read by :func:`~referee.log.document.read_frame`, reading each round's ``events`` as
        they come; the verdict of a legal log, or None for any other (:func:`replay` says why). An
        observer sees the records of the careful way only: with one, this answers None too."""
        if self.observer is not None:
            return None
        try:
            self._game(lambda rnd: events[rnd.index] or ())
        except (RuleBroken, Unread):
            return None
        return self._verdict(None)

    def _game(self, events_of: Callable[[RoundLog], tuple[Event, ...] | RoundEvents]) -> None:
        """The cut and every round, with the events ``events_of`` gives for each: the round's own, or
        those left to read as they are replayed."""
        game, match = self.game, self.match
        if game.cut is not None:
            match.cut(game.cut)
        for rnd in game.rounds:
            pointer = f"/rounds/{rnd.index}"
            if match.cut_tied:
                a, b = game.cut[-1]
                raise RuleBroken("CUT-2", f"{a.name} and {b.name} cut {cut_value(a)} each: the players must "
                                          "cut again before round 1", pointer)
            if match.over:
                raise RuleBroken("GAME-2", "the game ended with the previous round: no round may follow",
                                 pointer)
            if (self.state is not None and not self.state.over) or self.draft is not None:
                raise RuleBroken("LOG-6", f"round {rnd.index} is unfinished: only the last round of a log "
                                          "may be", pointer)
            self._round(rnd, events_of(rnd))
        if game.result is not None:
            self._check_game_claim(*game.result)

    def _check_game_claim(self, winner: int | None, scores: tuple[int, int]) -> None:
        if tuple(self.scores) != scores or winner != self.winner():
            raise RuleBroken("LOG-5", f"the claimed result differs from the referee's: scores "
                                      f"{self._scores_text()}, winner {self._name(self.winner())}", "/result")

    def _name(self, player: int | None) -> str | None:
        return None if player is None else self.names[player]

    def _scores_text(self) -> str:
        return " and ".join(f"{self.names[i]} {self.scores[i]}" for i in (0, 1))

    # -- one round --------------------------------------------------------------------------------

    def _round(self, rnd: RoundLog, events: tuple[Event, ...] | RoundEvents) -> None:
        if self.observer is not None:
            self.observer.round_begins(rnd)
        self.round_index = rnd.index
        self.state = self.draft = None
        player_1 = self._player_1(rnd)
        pointer = f"/rounds/{rnd.index}"
        if rnd.setup is not None:
            hands, pile = self._from_setup(rnd, pointer)
        else:
            hands, pile = self._from_deck(rnd, player_1, pointer, len(events) > 0)
        if hands is None:
            return  # mid-draft, or the draft finished with no card turned up yet
        state = self._begin_play(rnd, hands, pile, player_1, pointer)
        self.state, self.draft = state, None  # the valid prefix now ends in play
        if type(events) is RoundEvents:
            self._read_and_apply(events, state)
        else:
            self._apply_all(rnd, state)
        if state.over:
            self._score(rnd, state)
        elif rnd.result is not None:
            raise RuleBroken("LOG-5", "the round is not over, yet a result is claimed", f"{pointer}/result")

    def _apply_all(self, rnd: RoundLog, state: RoundState) -> None:
        """Apply the round's events, each named by its pointer when it breaks a rule."""
        apply = state.apply if self.observer is None else self._observed(state)
        for i, event in enumerate(rnd.events):
            try:
                apply(event)
            except RuleBroken as broken:
                broken.pointer = f"/rounds/{rnd.index}/events/{i}"
                raise

    @staticmethod
    def _read_and_apply(events: RoundEvents, state: RoundState) -> None:
        """Read each of the round's events (the quick way, or else the careful one) and apply it at once.
        No pointer is named: a broken rule sends the whole log the careful way, which names it."""
        apply, players, unnamed_draws = state.apply, events.players, events.unnamed_draws
        careful = events.careful
        for item in events.items:
            apply(quick_event(item, players, unnamed_draws) or careful(item))

    def _observed(self, state: RoundState) -> Callable[[Event], None]:
        """``state.apply`` with the observer told before and after each event."""
        observer = self.observer

        def apply(event: Event) -> None:
            observer.before_event(state, event)
            state.apply(event)
            observer.after_event(state, event)

        return apply

    def _player_1(self, rnd: RoundLog) -> int:
        """DRAFT-7 (and CUT-1 for round 1): who drafts first this round."""
        pointer = f"/rounds/{rnd.index}/first_drafter"
        match = self.match
        if match.first_drafter is None:  # no cut: round 1 names its first drafter (checked as form)
            match.first_drafter = rnd.first_drafter
        expected = match.player_1(rnd.index)
        if rnd.first_drafter is not None and rnd.first_drafter != expected:
            why = "won the cut" if rnd.index == 0 else "drafts first this round (it alternates)"
            raise RuleBroken("CUT-1" if rnd.index == 0 else "DRAFT-7",
                             f"{self.names[expected]} {why}, not {self.names[rnd.first_drafter]}", pointer)
        self.summaries.append(RoundSummary(rnd.index + 1, self.names[expected]))
        return expected

    def _from_deck(self, rnd: RoundLog, player_1: int, pointer: str, has_events: bool):
        rules = self.rules
        try:
            pile = DrawPile.of_deck(rnd.deck, rules.deck)
        except RuleBroken as broken:
            broken.pointer = f"{pointer}/deck"
            raise
        draft = Draft(self.names, player_1, pile)
        self.draft = draft
        if rules.start == "deal":
            draft.hands = deal(self.names, player_1, pile)
            draft.picks = PICKS  # dealt: as far on as a finished draft, nothing under the pile
            return (None, None) if rnd.turn_up is None and not has_events else (draft.hands, pile)
        for i, pick in enumerate(rnd.draft):
            try:
                draft.pick(pick)
            except RuleBroken as broken:
                broken.pointer = f"{pointer}/draft/{i}"
                raise
            if self.observer is not None:
                self.observer.picked(draft, pick)
        if not draft.done:
            if rnd.turn_up is not None:
                raise RuleBroken("DRAFT-6", f"the draft is not over ({draft.picks} of 14 picks): no card "
                                            "is turned up yet", f"{pointer}/turn_up")
            if has_events:
                raise RuleBroken("DRAFT-6", f"the draft is not over ({draft.picks} of 14 picks): play "
                                            "cannot begin", f"{pointer}/events/0")
            return None, None
        draft.finish()
        if rnd.turn_up is None and not has_events:
            return None, None  # waiting for the card to be turned up
        return draft.hands, pile

    def _from_setup(self, rnd: RoundLog, pointer: str):
        setup = rnd.setup
        ledger = Ledger(deck_counts(self.rules.deck))
        named = [*setup.hands[0], *setup.hands[1], *setup.discard, *setup.draw_pile]
        try:
            ledger.check(named, "the set-up")
        except RuleBroken as broken:
            broken.pointer = f"{pointer}/setup"
            raise
        ledger.add(named)
        unnamed = ledger.unnamed()
        hidden = unnamed if setup.hidden is None else setup.hidden
        if hidden > unnamed:
            raise RuleBroken("LOG-3", f"the set-up hides {hidden} cards under the draw pile, but only "
                                      f"{unnamed} cards of the deck are not named", f"{pointer}/setup/hidden")
        pile = DrawPile([None] * hidden + list(reversed(setup.draw_pile)), ledger)
        return [list(setup.hands[0]), list(setup.hands[1])], pile

    def _begin_play(self, rnd: RoundLog, hands: list[list[Card]], pile: DrawPile, player_1: int,
                    pointer: str) -> RoundState:
        if rnd.turn_up is not None:
            try:
                state = RoundState.turned_up(self.rules, self.names, hands, pile, rnd.turn_up, rnd.color,
                                             player_1)
            except RuleBroken as broken:
                broken.pointer = f"{pointer}/turn_up"
                raise
            if self.observer is not None:
                self.observer.turned_up(state, state.top, player_1)
            return state
        if rnd.setup is not None and rnd.setup.discard:
            state = RoundState(self.rules, self.names, hands, pile)
            to_act = rnd.setup.to_act if rnd.setup.to_act is not None else 1 - player_1
            state.start_from(rnd.setup.discard, rnd.setup.color, to_act)
            return state
        raise RuleBroken("START-1", "play begins only once the top card of the draw pile is turned up",
                         f"{pointer}/events/0")

    def _score(self, rnd: RoundLog, state: RoundState) -> None:
        pts = state.points()
        self.match.score(pts)
        if self.observer is not None:
            self.observer.round_scored(state, pts)
        summary = self.summaries[-1]
        self.summaries[-1] = RoundSummary(summary.number, summary.first_drafter, self.names[state.out],
                                          {self.names[0]: pts[0], self.names[1]: pts[1]})
        if rnd.result is not None and rnd.result != (state.out, pts):
            out, claimed = rnd.result
            raise RuleBroken("LOG-5", f"the round's claimed result ({self.names[out]} out, "
                                      f"{claimed[0]}–{claimed[1]}) differs from the referee's "
                                      f"({self.names[state.out]} out, {pts[0]}–{pts[1]})",
                             f"/rounds/{rnd.index}/result")

    # -- the verdict --------------------------------------------------------------------------------

    def _verdict(self, violation: Violation | None) -> Verdict:
        # A record with a violation is not a finished game, even when the violation follows its end.
        finished = self.game_over and (self.state is None or self.state.over) and self.draft is None
        complete = finished and violation is None
        return Verdict(
            variant=self.game.variant,
            violation=violation,
            complete=complete,
            rounds=tuple(self.summaries),
            scores={self.names[0]: self.scores[0], self.names[1]: self.scores[1]},
            winner=self._name(self.winner()) if violation is None else None,
            next=None if finished else self._next(),
            position=self._position(),
        )

    def _context(self) -> dict:
        if self.state is not None:
            return self.state.context()
        if self.draft is not None:
            return {"phase": "draft", "picks": self.draft.picks,
                    "hand_sizes": {self.names[i]: len(self.draft.hands[i]) for i in (0, 1)}}
        return {"scores": {self.names[i]: self.scores[i] for i in (0, 1)}}

    def _next(self) -> Next:
        state, draft, names = self.state, self.draft, self.names
        if state is not None and not state.over:
            return legal_events(state)
        if draft is not None and not draft.done:
            return Next(names, draft.to_pick, Phase.DRAFT, PICK_PROMPTS)
        if draft is not None:
            return Next(names, draft.player_1, Phase.TURN_UP, TURN_UP)
        if self.match.cut_tied and self.round_index < 0:
            return Next(names, None, Phase.CUT, CUT)
        index = self.round_index + 1
        if self.rules.start == "deal":
            return Next(names, self.match.player_1(index), Phase.DEAL, DEAL, round=index + 1)
        return Next(names, self.match.player_1(index), Phase.DRAFT, PICK_PROMPTS, round=index + 1)

    def _position(self):
        if self.state is not None:
            return self.state.position(self.round_index + 1)
        if self.draft is not None:
            return self.draft.position(self.round_index + 1)
        return None


__all__ = ["CATCHABLE", "Observer", "Replay", "replay"]
