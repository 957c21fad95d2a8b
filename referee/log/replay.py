"""Replaying a game log: the cut, each round's draft or set-up, turned-up card and events, the scores.

:func:`replay` makes one pass over the log with constant work per event and stops at the first entry
that breaks a rule; the verdict describes the valid prefix before it (scalachess's ``Replay``). The game
is driven by the one driver loop (:func:`referee.engine.loop.run`) into the one game,
:class:`~referee.engine.game.Game` (the cut, the draft or deal, the turn-up, the events, the scoring, the next
round), as self-play and a live game are: a :class:`Replay` is the loop's source, which gives it the log's
entries as steps, names each entry's pointer and judges what is the log's own (claimed results, first
drafters, set-ups, an unfinished round followed by another).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

from referee.engine.deck import deck_counts
from referee.engine.draft import Draft
from referee.engine.game import Game, Needs, Observer
from referee.engine.legal import legal_events
from referee.engine.loop import run
from referee.engine.piles import DrawPile, Ledger
from referee.engine.position import CUT, DEAL, PICK_PROMPTS, TURN_UP, Next, Phase
from referee.engine.records import Event, GameLog, RoundLog
from referee.engine.round_state import CATCHABLE, RoundState
from referee.engine.steps import Cut, Deal, Events, NameColour, NextRound, Picks, SetUp, Step, TurnUp
from referee.engine.violation import RuleBroken
from referee.log.document import RoundEvents, Unread, quick_event, read_frame, read_log
from referee.log.verdict import RoundSummary, Verdict, Violation

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_NEEDS_COLOUR: Final = Needs.COLOUR
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

    The replay is the one driver loop's source (:class:`~referee.engine.loop.Source`): it gives the game
    (:class:`~referee.engine.game.Game`) the log's cut, decks (or set-ups), picks, turned-up cards and events;
    what is the log's own is judged here: each entry's pointer, the claimed results (LOG-5), a set-up's
    cards (LOG-3), the first drafter it names (CUT-1, DRAFT-7)."""

    def __init__(self, log: GameLog, observer: Observer | None = None):
        #: The log replayed (``loop`` is the game it is replayed into).
        self.log = log
        self.observer = observer
        self.rules = log.variant.rules
        self.names = log.players
        self.loop = Game(self.rules, self.names, observer)
        self.match = self.loop.match
        self.summaries: list[RoundSummary] = []
        #: The steps the log gives the loop, and the pointer of the entry given last (None: the refusal's own).
        self._steps: Iterator[Step] = iter(())
        self.pointer: str | None = None

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
            self._drive(_own_events)
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
            self._drive(lambda rnd: events[rnd.index] or ())
        except (RuleBroken, Unread):
            return None
        return self._verdict(None)

    # -- the log as the loop's source ---------------------------------------------------------------

    def _drive(self, events_of: Callable[[RoundLog], tuple[Event, ...] | RoundEvents]) -> None:
        """The one loop (:func:`~referee.engine.loop.run`) driven by this log: the cut and every round, with
        the events ``events_of`` gives for each (the round's own, or those left to read as they are taken)."""
        self._steps = self._game(events_of)
        run(self.loop, self)

    def next_step(self, game: Game) -> Step | None:
        """The source's side of the loop (:class:`~referee.engine.loop.Source`): the log's next entry as a
        step, after the log's own checks of what the previous one did."""
        return next(self._steps, None)

    def refused(self, step: Step, broken: RuleBroken) -> None:
        """The game refused the entry given last: the refusal names that entry's pointer (the cut's own
        refusals name the cut that breaks the rule)."""
        if self.pointer is not None:
            broken.pointer = self.pointer

    def _game(self, events_of: Callable[[RoundLog], tuple[Event, ...] | RoundEvents]) -> Iterator[Step]:
        log = self.log
        if log.cut is not None:
            self.pointer = None
            yield Cut(tuple(log.cut))
        for rnd in log.rounds:
            yield from self._round(rnd, events_of(rnd))
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

    def _round(self, rnd: RoundLog, events: tuple[Event, ...] | RoundEvents) -> Iterator[Step]:
        loop = self.loop
        pointer = f"/rounds/{rnd.index}"
        if self.match.first_drafter is None and not self.match.cut_tied:
            self.match.first_drafter = rnd.first_drafter  # no cut: round 1 names its first drafter (as form)
        self.pointer = pointer
        yield NextRound(rnd)  # CUT-2, GAME-2, LOG-6: the game's stages
        self._check_player_1(rnd)
        one_pass = type(events) is RoundEvents
        if rnd.setup is not None:
            yield self._setup(rnd, pointer)
            ready = True
        else:
            self.pointer = f"{pointer}/deck"
            yield Deal(rnd.deck)
            if one_pass:
                self.pointer = None
                yield Picks(rnd.draft)
            else:
                for i, pick in enumerate(rnd.draft):
                    self.pointer = f"{pointer}/draft/{i}"
                    yield pick
            ready = rnd.turn_up is not None or len(events) > 0  # else mid-draft, or waiting for the card to be
            # turned up (the game refuses a turn-up or an event mid-draft: DRAFT-6)
        if not ready:
            if rnd.result is not None:
                raise RuleBroken("LOG-5", "the round never reached play, yet a result is claimed",
                                 f"{pointer}/result")
            return
        if rnd.turn_up is not None:
            self.pointer = f"{pointer}/turn_up"
            yield TurnUp(rnd.turn_up)
            if loop.needs is _NEEDS_COLOUR:
                yield NameColour(loop.player_1, rnd.color)
        elif loop.state is None and len(events) == 0:
            return  # a set-up awaiting its card (the reader requires one: not reached)
        # Else the round's first event goes to the game, which refuses it by the stage it is at (START-1, or
        # DRAFT-6 mid-draft) where play has not begun.
        if type(events) is RoundEvents:
            self.pointer = None  # the one pass judges legal logs only: the careful way names the rule
            yield Events(_Reading(events).take)
        else:
            for i, event in enumerate(events):
                self.pointer = f"{pointer}/events/{i}"
                yield event
        state = loop.state
        if state.over:
            self._summarise(rnd, state)
        elif rnd.result is not None:
            raise RuleBroken("LOG-5", "the round is not over, yet a result is claimed", f"{pointer}/result")

    def _check_player_1(self, rnd: RoundLog) -> None:
        """DRAFT-7 (and CUT-1 for round 1): the first drafter the round names is the one who drafts first."""
        expected = self.loop.player_1
        if rnd.first_drafter is not None and rnd.first_drafter != expected:
            why = "won the cut" if rnd.index == 0 else "drafts first this round (it alternates)"
            raise RuleBroken("CUT-1" if rnd.index == 0 else "DRAFT-7",
                             f"{self.names[expected]} {why}, not {self.names[rnd.first_drafter]}",
                             f"/rounds/{rnd.index}/first_drafter")
        self.summaries.append(RoundSummary(rnd.index + 1, self.names[expected]))

    def _setup(self, rnd: RoundLog, pointer: str) -> SetUp:
        """The round's stated position (LOG-3: its cards are the deck's), as the game's step: with a discard
        pile and no turned-up card, play begins from it."""
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
        self.pointer = None
        if rnd.turn_up is not None or not setup.discard:
            return SetUp((tuple(setup.hands[0]), tuple(setup.hands[1])), pile)
        to_act = setup.to_act if setup.to_act is not None else 1 - self.loop.player_1
        return SetUp((tuple(setup.hands[0]), tuple(setup.hands[1])), pile, tuple(setup.discard), setup.color, to_act)

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


class _Reading:
    """A round's events read as the game takes them (the quick way, or else the careful one): the one pass's
    tight loop, one function call an event."""

    __slots__ = ("events",)

    def __init__(self, events: RoundEvents):
        self.events = events

    def take(self, apply: Callable[[Event], None]) -> None:
        events = self.events
        players, unnamed_draws, careful = events.players, events.unnamed_draws, events.careful
        for item in events.items:
            apply(quick_event(item, players, unnamed_draws) or careful(item))


__all__ = ["CATCHABLE", "Observer", "Replay", "replay"]
