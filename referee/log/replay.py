"""Replaying a game log: the cut, each round's draft or set-up, turned-up card and events, the scores.

:func:`replay` makes one pass over the log with constant work per event and stops at the first entry
that breaks a rule; the verdict describes the valid prefix before it (scalachess's ``Replay``). The game
is stepped through the one game loop, :class:`~referee.engine.game.Game` (the cut, the draft or deal, the
turn-up, the events, the scoring, the next round), which self-play and a live game step through too: the
replay only feeds it the log's entries, names each entry's pointer and judges what is the log's own
(claimed results, first drafters, set-ups, an unfinished round followed by another).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from referee.engine.deck import deck_counts
from referee.engine.draft import Draft
from referee.engine.game import Game, Needs, Observer
from referee.engine.legal import legal_events
from referee.engine.piles import DrawPile, Ledger
from referee.engine.position import CUT, DEAL, PICK_PROMPTS, TURN_UP, Next, Phase
from referee.engine.records import Event, GameLog, RoundLog
from referee.engine.round_state import CATCHABLE, RoundState
from referee.engine.violation import RuleBroken
from referee.log.document import RoundEvents, Unread, quick_event, read_frame, read_log
from referee.log.verdict import RoundSummary, Verdict, Violation

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_NEEDS_COLOUR: Final = Needs.COLOUR
_NEEDS_PICK: Final = Needs.PICK
_PHASE_CUT: Final = Phase.CUT
_PHASE_DEAL: Final = Phase.DEAL
_PHASE_DRAFT: Final = Phase.DRAFT
_PHASE_TURN_UP: Final = Phase.TURN_UP


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


class Replay:
    """One replay of one game log; ``observer`` (optional) is told of each step.

    The game is stepped through the one loop (:class:`~referee.engine.game.Game`), fed the log's cut, decks
    (or set-ups), picks, turned-up cards and events; what is the log's own is judged here: each entry's
    pointer, the claimed results (LOG-5), an unfinished round followed by another (LOG-6), the first drafter
    it names (CUT-1, DRAFT-7)."""

    def __init__(self, log: GameLog, observer: Observer | None = None):
        #: The log replayed (``loop`` is the game it is replayed into).
        self.log = log
        self.observer = observer
        self.rules = log.variant.rules
        self.names = log.players
        self.loop = Game(self.rules, self.names, observer)
        self.match = self.loop.match
        self.summaries: list[RoundSummary] = []

    # -- the game ---------------------------------------------------------------------------------

    @property
    def state(self) -> RoundState | None:
        """The round in play (kept once over), or None before play begins."""
        return self.loop.state

    @property
    def draft(self) -> Draft | None:
        """The round's draft (or deal) until play begins, or None."""
        return self.loop.draft

    @property
    def round_index(self) -> int:
        """The round being replayed (from 0), or -1 before the first."""
        return self.loop.round_index

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
            self._game(_own_events)
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
        log, loop = self.log, self.loop
        if log.cut is not None:
            loop.cut(log.cut)
        for rnd in log.rounds:
            self._round(rnd, events_of(rnd))
        if log.result is not None:
            self._check_game_claim(*log.result)

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
        loop = self.loop
        pointer = f"/rounds/{rnd.index}"
        if self.match.first_drafter is None and not self.match.cut_tied:
            self.match.first_drafter = rnd.first_drafter  # no cut: round 1 names its first drafter (as form)
        try:
            loop.begin_round(rnd)  # CUT-2, GAME-2, LOG-6: the game's stages
        except RuleBroken as broken:
            broken.pointer = pointer
            raise
        self._check_player_1(rnd)
        if rnd.setup is not None:
            ready = self._from_setup(rnd, pointer)
        else:
            ready = self._from_deck(rnd, pointer, len(events) > 0)
        if not ready:  # mid-draft, or the draft finished with no card turned up yet
            if rnd.result is not None:
                raise RuleBroken("LOG-5", "the round never reached play, yet a result is claimed",
                                 f"{pointer}/result")
            return
        if not self._begin_play(rnd, pointer, events):
            return  # a set-up awaiting its card (the reader requires one: not reached)
        state = loop.state
        if type(events) is RoundEvents:
            self._read_and_apply(events, state)
            loop.settle()
        else:
            self._apply_all(rnd)
        if state.over:
            self._summarise(rnd, state)
        elif rnd.result is not None:
            raise RuleBroken("LOG-5", "the round is not over, yet a result is claimed", f"{pointer}/result")

    def _apply_all(self, rnd: RoundLog) -> None:
        """Apply the round's events, each named by its pointer when it breaks a rule."""
        event_of = self.loop.event
        for i, event in enumerate(rnd.events):
            try:
                event_of(event)
            except RuleBroken as broken:
                broken.pointer = f"/rounds/{rnd.index}/events/{i}"
                raise

    @staticmethod
    def _read_and_apply(events: RoundEvents, state: RoundState) -> None:
        """Read each of the round's events (the quick way, or else the careful one) and apply it at once,
        straight to the round (there is no observer to tell). No pointer is named: a broken rule sends the
        whole log the careful way, which names it."""
        apply, players, unnamed_draws = state.apply, events.players, events.unnamed_draws
        careful = events.careful
        for item in events.items:
            apply(quick_event(item, players, unnamed_draws) or careful(item))

    def _check_player_1(self, rnd: RoundLog) -> None:
        """DRAFT-7 (and CUT-1 for round 1): the first drafter the round names is the one who drafts first."""
        expected = self.loop.player_1
        if rnd.first_drafter is not None and rnd.first_drafter != expected:
            why = "won the cut" if rnd.index == 0 else "drafts first this round (it alternates)"
            raise RuleBroken("CUT-1" if rnd.index == 0 else "DRAFT-7",
                             f"{self.names[expected]} {why}, not {self.names[rnd.first_drafter]}",
                             f"/rounds/{rnd.index}/first_drafter")
        self.summaries.append(RoundSummary(rnd.index + 1, self.names[expected]))

    def _from_deck(self, rnd: RoundLog, pointer: str, has_events: bool) -> bool:
        """The round's deck and draft (or deal); True once play can begin."""
        loop = self.loop
        try:
            pile = DrawPile.of_deck(rnd.deck, self.rules.deck)
        except RuleBroken as broken:
            broken.pointer = f"{pointer}/deck"
            raise
        loop.deal(pile)
        for i, pick in enumerate(rnd.draft):
            try:
                loop.pick(pick)
            except RuleBroken as broken:
                broken.pointer = f"{pointer}/draft/{i}"
                raise
        if loop.needs is _NEEDS_PICK and rnd.turn_up is None and not has_events:
            return False  # mid-draft
        return rnd.turn_up is not None or has_events  # else waiting for the card to be turned up (the
        # game refuses a turn-up or an event mid-draft: DRAFT-6)

    def _from_setup(self, rnd: RoundLog, pointer: str) -> bool:
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
        self.loop.set_up([list(setup.hands[0]), list(setup.hands[1])], pile)
        return True

    def _begin_play(self, rnd: RoundLog, pointer: str, events: tuple[Event, ...] | RoundEvents) -> bool:
        """The card turned up (and its colour named), or play begun from a set-up's discard pile; with
        neither, the round's first event goes to the game, which refuses it by the stage it is at (START-1,
        or DRAFT-6 mid-draft). True once play has begun."""
        loop = self.loop
        if rnd.turn_up is not None:
            try:
                loop.turn_up(rnd.turn_up)
                if loop.needs is _NEEDS_COLOUR:
                    loop.colour(rnd.color)
            except RuleBroken as broken:
                broken.pointer = f"{pointer}/turn_up"
                raise
        elif rnd.setup is not None and rnd.setup.discard:
            to_act = rnd.setup.to_act if rnd.setup.to_act is not None else 1 - loop.player_1
            loop.start_from(rnd.setup.discard, rnd.setup.color, to_act)
        elif len(events) > 0:
            if type(events) is RoundEvents:
                raise Unread()  # the one pass judges legal logs only: the careful way names the rule
            try:
                loop.event(events[0])
            except RuleBroken as broken:
                broken.pointer = f"{pointer}/events/0"
                raise
        return loop.state is not None

    def _summarise(self, rnd: RoundLog, state: RoundState) -> None:
        """The round scored (by the loop): its summary, and the log's claim about it judged (LOG-5)."""
        pts = self.loop.points
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
            variant=self.log.variant,
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
            return Next(names, draft.to_pick, _PHASE_DRAFT, PICK_PROMPTS)
        if draft is not None:
            return Next(names, draft.player_1, _PHASE_TURN_UP, TURN_UP)
        if self.match.cut_tied and self.round_index < 0:
            return Next(names, None, _PHASE_CUT, CUT)
        index = self.round_index + 1
        if self.rules.start == "deal":
            return Next(names, self.match.player_1(index), _PHASE_DEAL, DEAL, round=index + 1)
        return Next(names, self.match.player_1(index), _PHASE_DRAFT, PICK_PROMPTS, round=index + 1)

    def _position(self):
        if self.state is not None:
            return self.state.position(self.round_index + 1)
        if self.draft is not None:
            return self.draft.position(self.round_index + 1)
        return None


def _own_events(rnd: RoundLog) -> tuple[Event, ...]:
    """The round's events, read with the rest of the log (the careful way)."""
    return rnd.events


__all__ = ["CATCHABLE", "Observer", "Replay", "replay"]
