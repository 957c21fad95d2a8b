"""Replaying a game log: the cut, each round's draft or set-up, turned-up card and events, the scores.

:func:`replay` makes one pass over the log with constant work per event and stops at the first entry
that breaks a rule; the verdict describes the valid prefix before it (scalachess's ``Replay``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from referee.cards import Card
from referee.deck import cut_value, cut_winner, deck_counts, deck_size, leader
from referee.document import GameLog, RoundLog, read_log
from referee.draft import PICKS, Draft, deal
from referee.legal import legal_events
from referee.piles import DrawPile, Ledger
from referee.round_state import CATCHABLE, RoundState
from referee.verdict import RoundSummary, Verdict, Violation
from referee.violation import RuleBroken


def replay(document: Any, variant: Any = None) -> Verdict:
    """Judge ``document``; raises :class:`~referee.errors.MalformedLog` if it is not a well-formed log."""
    return Replay(read_log(document, variant)).run()


class Observer:
    """Hooks into a replay for tools that study games (the simulator's statistics, say).

    Each hook does nothing here; a subclass overrides the ones it needs. They see the engine's own
    objects and must not change them."""

    def round_begins(self, rnd: RoundLog) -> None:
        """A round of the log is about to be replayed."""

    def picked(self, draft: Draft, pick: Any) -> None:
        """A draft pick was made (``draft`` shows the result)."""

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        """The round's card was turned up (START-1); play begins."""

    def before_event(self, state: RoundState, event: Any) -> None:
        """An event is about to be applied."""

    def after_event(self, state: RoundState, event: Any) -> None:
        """An event was applied (it broke no rule)."""


class Replay:
    """One replay of one game log; ``observer`` (optional) is told of each step."""

    def __init__(self, game: GameLog, observer: Observer | None = None):
        self.game = game
        self.observer = observer
        self.rules = game.variant.rules
        self.names = game.players
        self.scores = [0, 0]
        self.summaries: list[RoundSummary] = []
        self.first_drafter: int | None = None  # of round 1
        self.draft: Draft | None = None
        self.state: RoundState | None = None
        self.round_index = -1
        self.cut_tied = False  # the log's last cut is a tie: another cut comes next

    # -- the game ---------------------------------------------------------------------------------

    def run(self) -> Verdict:
        """Replay the whole log and return the verdict."""
        violation = None
        try:
            self._game()
        except RuleBroken as broken:
            violation = Violation(broken.pointer or "", broken.rule, broken.message, self._context())
        return self._verdict(violation)

    def _game(self) -> None:
        game = self.game
        if game.cut is not None:
            self.first_drafter = self._cut(game.cut)
            self.cut_tied = self.first_drafter is None
        for rnd in game.rounds:
            if self.cut_tied:
                a, b = game.cut[-1]
                raise RuleBroken("CUT-2", f"{a.name} and {b.name} cut {cut_value(a)} each: the players must "
                                          "cut again before round 1", f"/rounds/{rnd.index}")
            pointer = f"/rounds/{rnd.index}"
            if self.game_over:
                raise RuleBroken("GAME-2", "the game ended with the previous round: no round may follow",
                                 pointer)
            if (self.state is not None and not self.state.over) or self.draft is not None:
                raise RuleBroken("LOG-6", f"round {rnd.index} is unfinished: only the last round of a log "
                                          "may be", pointer)
            self._round(rnd)
        if game.result is not None:
            self._check_game_claim(*game.result)

    @property
    def game_over(self) -> bool:
        """GAME-1: a player has reached the target score."""
        return max(self.scores) >= self.rules.target_score

    def winner(self) -> int | None:
        """GAME-2: once the game is over, the lower score wins (or the higher, in a variant)."""
        return leader(self.scores, self.rules) if self.game_over else None

    def _cut(self, cuts: list[tuple[Card, Card]]) -> int | None:
        """CUT-1, CUT-2: the higher card (a number at face value, any other card 0) drafts first; equal
        values cut again. None when the last cut is a tie: the players are to cut again."""
        last = len(cuts) - 1
        for i, (a, b) in enumerate(cuts):
            if i < last and cut_winner(a, b) is not None:
                raise RuleBroken("CUT-2", f"{a.name} ({cut_value(a)}) and {b.name} ({cut_value(b)}) decide "
                                          "the cut: no further cut follows", f"/cut/{i + 1}")
        return cut_winner(*cuts[-1])

    def _check_game_claim(self, winner: int | None, scores: tuple[int, int]) -> None:
        if tuple(self.scores) != scores or winner != self.winner():
            raise RuleBroken("LOG-5", f"the claimed result differs from the referee's: scores "
                                      f"{self._scores_text()}, winner {self._name(self.winner())}", "/result")

    def _name(self, player: int | None) -> str | None:
        return None if player is None else self.names[player]

    def _scores_text(self) -> str:
        return " and ".join(f"{self.names[i]} {self.scores[i]}" for i in (0, 1))

    # -- one round --------------------------------------------------------------------------------

    def _round(self, rnd: RoundLog) -> None:
        if self.observer is not None:
            self.observer.round_begins(rnd)
        self.round_index = rnd.index
        self.state = self.draft = None
        player_1 = self._player_1(rnd)
        pointer = f"/rounds/{rnd.index}"
        if rnd.setup is not None:
            hands, pile = self._from_setup(rnd, pointer)
        else:
            hands, pile = self._from_deck(rnd, player_1, pointer)
        if hands is None:
            return  # mid-draft, or the draft finished with no card turned up yet
        state = RoundState(self.rules, self.names, hands, pile)
        self._begin_play(rnd, state, player_1, pointer)
        self.state, self.draft = state, None  # the valid prefix now ends in play
        apply = state.apply if self.observer is None else self._observed(state)
        for event in rnd.events:
            try:
                apply(event)
            except RuleBroken as broken:
                broken.pointer = f"{pointer}/events/{event.index}"
                raise
        if state.over:
            self._score(rnd, state)
        elif rnd.result is not None:
            raise RuleBroken("LOG-5", "the round is not over, yet a result is claimed", f"{pointer}/result")

    def _observed(self, state: RoundState) -> Callable[[Any], None]:
        """``state.apply`` with the observer told before and after each event."""
        observer = self.observer

        def apply(event: Any) -> None:
            observer.before_event(state, event)
            state.apply(event)
            observer.after_event(state, event)

        return apply

    def _player_1(self, rnd: RoundLog) -> int:
        """DRAFT-7 (and CUT-1 for round 1): who drafts first this round."""
        pointer = f"/rounds/{rnd.index}/first_drafter"
        if self.first_drafter is None:  # no cut: round 1 names its first drafter (checked as form)
            self.first_drafter = rnd.first_drafter
        expected = self.first_drafter if rnd.index % 2 == 0 else 1 - self.first_drafter
        if rnd.first_drafter is not None and rnd.first_drafter != expected:
            why = "won the cut" if rnd.index == 0 else "drafts first this round (it alternates)"
            raise RuleBroken("CUT-1" if rnd.index == 0 else "DRAFT-7",
                             f"{self.names[expected]} {why}, not {self.names[rnd.first_drafter]}", pointer)
        self.summaries.append(RoundSummary(rnd.index + 1, self.names[expected]))
        return expected

    def _from_deck(self, rnd: RoundLog, player_1: int, pointer: str):
        rules = self.rules
        counts = deck_counts(rules.deck)
        if rnd.deck is not None:
            if Counter(rnd.deck) != counts:
                raise RuleBroken("LOG-3", f"the round's deck is not the {rules.deck}-card deck of this "
                                          "variant", f"{pointer}/deck")
            pile = DrawPile(list(reversed(rnd.deck)), None)
        else:
            pile = DrawPile([None] * deck_size(rules.deck), Ledger(counts))
        draft = Draft(self.names, player_1, pile)
        self.draft = draft
        if rules.start == "deal":
            draft.hands = deal(self.names, player_1, pile)
            draft.picks = PICKS  # dealt: as far on as a finished draft, nothing under the pile
            return (None, None) if rnd.turn_up is None and not rnd.events else (draft.hands, pile)
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
            if rnd.events:
                raise RuleBroken("DRAFT-6", f"the draft is not over ({draft.picks} of 14 picks): play "
                                            "cannot begin", f"{pointer}/events/0")
            return None, None
        draft.finish()
        if rnd.turn_up is None and not rnd.events:
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

    def _begin_play(self, rnd: RoundLog, state: RoundState, player_1: int, pointer: str) -> None:
        if rnd.turn_up is not None:
            slots = state.pile.peek(1)
            if not slots:
                raise RuleBroken("LOG-2", "the draw pile is empty: no card can be turned up",
                                 f"{pointer}/turn_up")
            try:
                card = state.pile.take([rnd.turn_up], slots, "the turned-up card")[0]
            except RuleBroken as broken:
                broken.pointer = f"{pointer}/turn_up"
                raise
            state.pile.commit(1, [card] if slots[0] is None else [])
            state.turn_up(card, rnd.color, player_1)
            if self.observer is not None:
                self.observer.turned_up(state, card, player_1)
        elif rnd.setup is not None and rnd.setup.discard:
            to_act = rnd.setup.to_act if rnd.setup.to_act is not None else 1 - player_1
            state.start_from(rnd.setup.discard, rnd.setup.color, to_act)
        else:
            raise RuleBroken("START-1", "play begins only once the top card of the draw pile is turned up",
                             f"{pointer}/events/0")

    def _score(self, rnd: RoundLog, state: RoundState) -> None:
        pts = state.points()
        self.scores[0] += pts[0]
        self.scores[1] += pts[1]
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

    def _next(self) -> dict | None:
        state, draft = self.state, self.draft
        if state is not None and not state.over:
            return legal_events(state)
        if draft is not None and not draft.done:
            return {"player": self.names[draft.to_pick], "phase": "draft", "owes": None, "drawn": None,
                    "legal": [{"type": "pick", "decision": "keep"}, {"type": "pick", "decision": "pass"}],
                    "interjections": []}
        if draft is not None:
            return {"player": self.names[draft.player_1], "phase": "turn_up", "owes": None, "drawn": None,
                    "legal": [{"type": "turn_up"}], "interjections": []}
        if self.cut_tied and self.round_index < 0:
            return {"player": None, "phase": "cut", "owes": None, "drawn": None, "legal": [{"type": "cut"}],
                    "interjections": []}
        return self._next_round()

    def _next_round(self) -> dict:
        index = self.round_index + 1
        if self.first_drafter is None:
            player = None
        else:
            player = self.names[self.first_drafter if index % 2 == 0 else 1 - self.first_drafter]
        phase = "deal" if self.rules.start == "deal" else "draft"
        legal = [{"type": "deal"}] if phase == "deal" else \
            [{"type": "pick", "decision": "keep"}, {"type": "pick", "decision": "pass"}]
        return {"player": player, "phase": phase, "owes": None, "drawn": None, "legal": legal,
                "interjections": [], "round": index + 1}

    def _position(self) -> dict | None:
        state, draft = self.state, self.draft
        names = self.names
        if state is not None:
            return {
                "round": self.round_index + 1,
                "phase": "over" if state.over else "play",
                "hands": {names[i]: [c.code for c in state.hands[i]] for i in (0, 1)},
                "top": state.top.code if state.top else None,
                "color": state.color.word if state.color else None,
                "draw_pile": len(state.pile),
                "discard_pile": len(state.discard),
                "uno": {names[i]: state.uno[i] for i in (0, 1)},
                "owes": state.owes(),
            }
        if draft is not None:
            return {
                "round": self.round_index + 1,
                "phase": "turn_up" if draft.done else "draft",
                "hands": {names[i]: [c.code for c in draft.hands[i]] for i in (0, 1)},
                "top": draft.discard[-1].code if draft.discard else None,
                "color": None,
                "draw_pile": len(draft.pile),
                "discard_pile": len(draft.discard),
                "uno": {names[i]: "none" for i in (0, 1)},
                "owes": None,
            }
        return None


__all__ = ["CATCHABLE", "Replay", "replay"]
