"""Statistics of self-play: which rules a set of legal logs exercises, and how often.

:func:`simulate_stats` replays each log with the engine's own :class:`~referee.log.replay.Replay` and counts,
through its :class:`~referee.log.replay.Observer` hooks, how often each rule id fired (:data:`FIRES` says what
counts for each) and how often each situation the bots must reach happened (:data:`SITUATIONS`). The
counts read the engine's own objects — the moment before and after an event, a card's
:func:`~referee.engine.actions.action_of` — and restate no rule. :func:`unreachable` names the ids legal play
cannot fire under a variant.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from referee.engine.actions import Action, action_of
from referee.engine.cards import ALL_CARDS, Card, Kind, parse_card
from referee.engine.draft import PICKS, Draft
from referee.engine.game import GameEnd
from referee.engine.moment import Moment, Pending, UnoState
from referee.engine.round_state import RoundState
from referee.engine.rules import RULES
from referee.engine.variants import Rules
from referee.log.document import read_log
from referee.log.records import Catch, Challenge, Draw, Dump, Event, Pick, Play, RoundLog, SayUno
from referee.log.replay import Observer, Replay

_A_REVERSE = parse_card("RR")

#: What makes each rule id "fire" in a legal log (the mapping :func:`simulate_stats` counts).
FIRES: dict[str, str] = {
    "DECK-1": "every game (two players)",
    "DECK-2": "a Wild Custom played (it plays as a Wild)",
    "CUT-1": "every game with a cut",
    "CUT-2": "a tied cut, cut again",
    "DRAFT-1": "every drafted round", "DRAFT-2": "every drafted round", "DRAFT-5": "every drafted round",
    "DRAFT-6": "every drafted round (the discards go under the pile)",
    "DRAFT-3": "every pick",
    "DRAFT-4": "a pick passed (that card can never be chosen again)",
    "DRAFT-7": "every round after the first",
    "START-1": "every card turned up", "START-2": "Player 2 takes the first turn",
    "START-3": "a turned-up Draw 2 drawn", "START-4": "a turned-up Wild Draw 4 drawn",
    "START-5": "a turned-up Skip (or, where a Reverse skips, Reverse)",
    "START-6": "a turned-up Reverse (under a dump variant)", "START-7": "a turned-up wild",
    "START-8": "a turned-up number card",
    "TURN-1": "every card played", "TURN-2": "a one-card draw by a player holding a playable card",
    "TURN-3": "every one-card draw", "TURN-4": "a number card or Wild played, the turn passing",
    "REFILL-1": "a draw that turned the discards over", "REFILL-2": "a short draw",
    "UNO-1": "a play with uno: true", "UNO-2": "a catch", "UNO-3": "a late UNO",
    "UNO-4": "every interjection (late UNO or catch)",
    "END-1": "every round finished", "END-2": "a going-out Draw 2 / Wild Draw 4 drawn",
    "D2-1": "a Draw 2 played (as the final card)", "D2-2": "a Draw 2 answering a volley",
    "D2-3": "a volley total drawn", "D2-4": "a volley of exactly three Draw 2s, six drawn",
    "SKIP-1": "a Skip played (as the final card), its player going again",
    "REV-1": "a Reverse dump", "REV-2": "a Reverse dump (all of the colour)",
    "REV-3": "a Reverse dump (the Reverse first, the rest in a chosen order)",
    "REV-4": "a dump (Reverse or turned-up) whose final card is an action card",
    "REV-5": "a Reverse played (the turn passes, no reversal)",
    "WILD-1": "a Wild or Wild Custom played", "WD4-1": "a Wild Draw 4 drawn (four)",
    "WD4-2": "a Wild Draw 4 played", "WD4-3": "a challenge", "WD4-4": "a challenge won",
    "WD4-5": "a challenge lost", "WD4-6": "a challenge judged (the bluff test)",
    "WD4-7": "a challenge (who moves after it)",
    "SCORE-1": "every round scored", "SCORE-2": "every round scored",
    "GAME-1": "every complete game", "GAME-2": "every complete game with a winner",
}

#: Rule ids no legal log can fire, and why.
NEVER_FIRE: dict[str, str] = {
    "GEN-1": "a principle of interpretation (classic rules fill gaps), not a rule of play",
    "GEN-2": "says which id a violation names; only illegal logs cite ids",
    "LOG-1": "a rule of the record: broken only by an event out of turn or of the wrong kind",
    "LOG-2": "a rule of the record: broken only by a card not held or not the pile's next",
    "LOG-3": "a rule of the record: broken only by a wrong deck or a card named too often",
    "LOG-4": "a rule of the record: broken only by a draw of the wrong size",
    "LOG-5": "a rule of the record: broken only by a wrong claim",
    "LOG-6": "a rule of the record: broken only by an event after a round's end",
}


def unreachable(rules: Rules) -> dict[str, str]:
    """Every rule id legal play cannot fire under ``rules``, with the reason (:data:`NEVER_FIRE` and what
    the variant's parameters switch off)."""
    out = dict(NEVER_FIRE)
    if rules.deck == "108":
        out["DECK-2"] = "the 108-card deck has no Wild Custom"
    if rules.start == "deal":
        for rid in ("DRAFT-1", "DRAFT-2", "DRAFT-3", "DRAFT-4", "DRAFT-5", "DRAFT-6"):
            out[rid] = "the variant deals instead of drafting"
    if not rules.volley:
        for rid in ("D2-2", "D2-4"):
            out[rid] = "the variant has no volley"
    if not rules.reverse_dump:
        for rid in ("REV-1", "REV-2", "REV-3", "REV-4", "START-6"):
            out[rid] = "the variant has no Reverse dump"
    if action_of(_A_REVERSE, rules) is not Action.PASS:
        out["REV-5"] = "a Reverse skips in this variant (SKIP-1 fires instead)"
    if rules.challenge == "none":
        for rid in ("WD4-3", "WD4-4", "WD4-5", "WD4-6", "WD4-7"):
            out[rid] = "the variant has no challenge"
    if not rules.final_draw:
        out["END-2"] = "the variant draws nothing after a going-out Draw 2 / Wild Draw 4"
    if rules.turned_up_draw_2_answerable:
        out["START-3"] = "a turned-up Draw 2 opens a volley in this variant"
    return out


#: The situations :func:`simulate_stats` counts besides rule ids: the options of the rules bots must
#: reach (the test suite asserts each one happens).
SITUATIONS = (
    "draft keep", "draft pass", "decline playable", "draw then play", "draw then keep",
    "volley 1", "volley 2", "volley 3", "volley 4+", "volley declined",
    "reverse alone", "reverse dump", "dump ends skip", "dump ends reverse", "dump ends draw 2",
    "turned-up dump", "turned-up reverse declined",
    "wd4 legit", "wd4 bluff", "wd4 after draw", "challenge won", "challenge lost",
    "uno said", "uno forgotten", "uno caught", "uno late",
    "refill", "short draw", "ends on draw 2", "ends on wd4",
    "turned-up number", "turned-up skip", "turned-up reverse", "turned-up draw 2", "turned-up wild",
    "turned-up wd4", "turned-up wild custom",
)


def challenge_won(state: RoundState) -> bool:
    """Whether the challenge just made was won -- the one definition :class:`Stats` and the report's metrics
    count by: the engine has imposed WD4-4's draw (the bluffer's), not WD4-5's (the challenger's)."""
    return state.moment.rule == "WD4-4"


class Volley:
    """When a volley begins and ends, and what it counts -- the one definition that :class:`Stats` and the
    report's metrics (:mod:`referee.report.metrics`) both count by, each told of every step.

    A volley begins when a Draw 2 is laid while nothing is owed (D2-1), or when the turned-up Draw 2 opens
    one (START-3, where the variant lets it be answered: the turned-up card is its first). Every card laid in
    answer joins it: a Draw 2 (D2-2) and, where the variant allows it, a Wild Draw 4 (its player's opponent
    then owes a Wild Draw 4 of the whole total, WD4-1). It ends when what it built is paid: the total drawn
    (D2-3, WD4-1), the penalty of a challenge to its closing Wild Draw 4 drawn (WD4-4, WD4-5), the going-out
    player's opponent drawing it (END-2), or the round ending without that draw. When :meth:`after_event`
    says one ended, :attr:`cards`, :attr:`draw_2s`, :attr:`wild_draw_4s` and :attr:`drawn` (the cards
    drawn at its end) describe it until the next event; :attr:`answered_turned_up` says the event just
    applied answered a turned-up Draw 2 (the first answer to a volley it opened)."""

    __slots__ = ("answered_turned_up", "cards", "draw_2s", "drawn", "from_turn_up", "hand", "open",
                 "owed_before", "wild_draw_4s")

    def __init__(self) -> None:
        self.open = False
        self.cards = self.draw_2s = self.wild_draw_4s = self.drawn = 0
        self.from_turn_up = False
        self.answered_turned_up = False
        self.owed_before: Moment | None = None
        self.hand = 0

    def round_begins(self) -> None:
        """A new round: no volley."""
        self.open = False
        self.cards = self.draw_2s = self.wild_draw_4s = self.drawn = 0

    def turned_up(self, state: RoundState) -> None:
        """The round's card is turned up: a turned-up Draw 2 the variant lets be answered opens a volley."""
        self.round_begins()
        if state.moment.kind is Pending.VOLLEY:
            self._start(state.top)
            self.from_turn_up = True

    def before_event(self, state: RoundState, event: Event) -> None:
        """Note the moment before ``event`` (and, for a draw, the drawer's hand)."""
        self.owed_before = state.moment
        self.answered_turned_up = False
        if self.open and type(event) is Draw:
            self.hand = len(state.hands[event.player])

    def after_event(self, state: RoundState, event: Event) -> bool:
        """Count ``event``, just applied; True if a volley ended with it."""
        before = self.owed_before
        kind = type(event)
        if before is None:
            return False
        if kind is Play or kind is Dump:
            final = event.laid[-1]  # type: ignore[union-attr]
            if before.kind is Pending.VOLLEY:
                self.answered_turned_up = self.from_turn_up and self.cards == 1
                self._join(final)
            elif final.kind is Kind.DRAW_2:
                self._start(final)
            if self.open and state.moment.kind is Pending.OVER:
                self.drawn = 0  # gone out, and the variant draws nothing after it (END-2)
                return self._end()
            return False
        if kind is Draw and self.open:
            owed = before.kind
            paid = (owed is Pending.VOLLEY or owed is Pending.WILD_DRAW_4 or owed is Pending.FINAL
                    or (owed is Pending.PENALTY and before.rule in _CHALLENGE_PENALTIES))
            if paid:
                self.drawn = len(state.hands[event.player]) - self.hand
                return self._end()
        return False

    def _start(self, card: Card) -> None:
        self.open = True
        self.from_turn_up = False
        self.cards = self.draw_2s = self.wild_draw_4s = 0
        self._join(card)

    def _join(self, card: Card) -> None:
        self.cards += 1
        if card.kind is Kind.DRAW_2:
            self.draw_2s += 1
        else:
            self.wild_draw_4s += 1

    def _end(self) -> bool:
        self.open = False
        return True


#: The penalties of a challenge (the bluffer's, the challenger's): a volley a Wild Draw 4 closed ends with one.
_CHALLENGE_PENALTIES: Final = ("WD4-4", "WD4-5")


def simulate_stats(logs: Iterable[dict]) -> dict:
    """Replay ``logs`` (legal ones, e.g. from :func:`referee.play.selfplay.simulate`) and count what happened.

    Returns ``{"games", "rounds", "events", "rules": {id: count for every registered id},
    "situations": {name: count for each of SITUATIONS}}``. :data:`FIRES` says what counts for each
    rule id. Raises ``ValueError`` for a log that breaks a rule.
    """
    stats = Stats()
    for doc in logs:
        verdict = Replay(read_log(doc), stats).run()
        if not verdict.legal:
            raise ValueError(f"not a legal game: {verdict.violation.rule} at {verdict.violation.pointer}")
        if not verdict.complete:  # its end was never told (Observer.game_ended): it is not counted
            raise ValueError("not a finished game: the statistics count finished games")
    return stats.summary()


_TURNED_UP_NAMES: Final = {Kind.NUMBER: "number", Kind.SKIP: "skip", Kind.REVERSE: "reverse", Kind.DRAW_2: "draw 2",
                           Kind.WILD: "wild", Kind.WILD_DRAW_4: "wd4", Kind.WILD_CUSTOM: "wild custom"}
_DUMP_ENDS: Final = {Kind.SKIP: "dump ends skip", Kind.REVERSE: "dump ends reverse", Kind.DRAW_2: "dump ends draw 2"}


class _Before:
    """What an observer notes just before a draw (the only event :meth:`Stats._drew` compares sizes for),
    to compare with after: the pile, the hand and what it held."""

    __slots__ = ("discard", "hand", "holds_draw_2", "playable")

    def __init__(self, state: RoundState, event: Draw, moment: Moment):
        hand = state.hands[event.player]
        self.discard = len(state.discard)
        self.hand = len(hand)
        turn = moment.kind in (Pending.TURN, Pending.OPENING)
        # a card of the hand state.matches (the engine's set of the cards that match the top, TURN-1)
        self.playable = turn and not state.matching.isdisjoint(hand)
        self.holds_draw_2 = not _DRAW_2S.isdisjoint(hand)


_DRAW_2S: Final = frozenset(card for card in ALL_CARDS if card.kind is Kind.DRAW_2)


class Stats(Observer):
    """Watches the engine's own replay of each log, counting rule ids and situations."""

    def __init__(self) -> None:
        self.games = self.rounds = self.events = 0
        #: How often each rule fired, by id: every registered id, from 0 (a plain dict, not a Counter: its
        #: reads and writes are the compiled build's native ones, and a round's firings a walk over it).
        self.rules: dict[str, int] = dict.fromkeys(RULES, 0)
        self.situations: Counter[str] = Counter()
        #: The volley, by the one definition the report counts by too.
        self.volley = Volley()
        self._round_state()

    def summary(self) -> dict:
        """The counts, as :func:`simulate_stats` returns them."""
        return {"games": self.games, "rounds": self.rounds, "events": self.events,
                "rules": {rid: self.rules[rid] for rid in RULES},
                "situations": {name: self.situations[name] for name in SITUATIONS}}

    def _round_state(self) -> None:
        self.picks = 0
        self.volley.round_begins()
        self.pending_draw: int | None = None  # the player who drew a playable card, not yet played or kept
        self.moment: Moment | None = None  # the moment before the event being applied
        self.before: _Before | None = None  # and, for a draw, what the draw is compared with

    def fire(self, *ids: str) -> None:
        """Count each rule id once."""
        for rid in ids:
            self.rules[rid] += 1

    def see(self, *names: str) -> None:
        """Count each situation once."""
        for name in names:
            self.situations[name] += 1

    def game_ended(self, end: GameEnd) -> None:
        """The game has ended (told by the game, :meth:`Observer.game_ended`): the game-wide rules."""
        self.games += 1
        self.fire("DECK-1")
        if end.cuts:
            self.fire("CUT-1")
            if end.cuts > 1:
                self.fire("CUT-2")
        self.fire("GAME-1")
        if end.winner is not None:
            self.fire("GAME-2")

    def round_begins(self, rnd: RoundLog) -> None:
        self.rounds += 1
        self._round_state()
        if rnd.index > 0:
            self.fire("DRAFT-7")

    def picked(self, draft: Draft, pick: Pick) -> None:
        # (fire and see, inline: some 28 picks a round)
        self.picks += 1
        rules, situations = self.rules, self.situations
        rules["DRAFT-3"] += 1
        if pick.keep:
            situations["draft keep"] += 1
        else:
            rules["DRAFT-4"] += 1
            situations["draft pass"] += 1

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        rules = state.rules
        if self.picks == PICKS:
            self.fire("DRAFT-1", "DRAFT-2", "DRAFT-5", "DRAFT-6")
        self.fire("START-1")
        self.volley.turned_up(state)
        self.see(f"turned-up {_TURNED_UP_NAMES[card.kind]}")
        if state.to_act != player_1:
            self.fire("START-2")
        if action_of(card, rules) is Action.AGAIN:
            self.fire("START-5")
        elif state.moment.kind is Pending.OPENING:
            self.fire("START-6")
        elif card.kind is Kind.NUMBER:
            self.fire("START-8")
        if card.is_wild:
            self.fire("START-7")

    def before_event(self, state: RoundState, event: Event) -> None:
        self.events += 1
        moment = self.moment = state.moment
        self.volley.before_event(state, event)
        if type(event) is Draw:
            self.before = _Before(state, event, moment)
        if self.pending_draw is not None and type(event) not in (SayUno, Catch) and not moment.imposed:
            drawer_plays = type(event) is Play and event.player == self.pending_draw
            self.see("draw then play" if drawer_plays else "draw then keep")
            self.pending_draw = None

    def after_event(self, state: RoundState, event: Event) -> None:
        moment = self.moment
        kind = type(event)
        volley = self.volley
        if volley.after_event(state, event):
            self.see("volley 4+" if volley.cards >= 4 else f"volley {volley.cards}")
        if kind is SayUno or kind is Catch:
            self.fire("UNO-4", "UNO-3" if kind is SayUno else "UNO-2")
            self.see("uno late" if kind is SayUno else "uno caught")
        elif kind is Challenge:
            won = challenge_won(state)
            self.fire("WD4-3", "WD4-6", "WD4-7", "WD4-4" if won else "WD4-5")
            self.see("challenge won" if won else "challenge lost")
        elif kind is Draw:
            self._drew(state, event, moment, self.before)
        else:  # a play or a dump
            final = self._laid(state, event, moment)
            if final.kind is Kind.DRAW_2 and moment.kind is Pending.VOLLEY:
                self.fire("D2-2")
        if moment.kind is Pending.OPENING and kind in (Play, Draw):
            self.see("turned-up reverse declined")

    def round_scored(self, state: RoundState, points: tuple[int, int]) -> None:
        self.fire("END-1", "SCORE-1", "SCORE-2")

    def _drew(self, state: RoundState, event: Draw, moment: Moment, before: _Before) -> None:
        got = len(state.hands[event.player]) - before.hand
        count = moment.draw_count()
        kind = moment.kind
        if kind is Pending.FINAL:
            self.fire("END-2")
            self.see("ends on wd4" if state.top.kind is Kind.WILD_DRAW_4 else "ends on draw 2")
        elif kind is Pending.VOLLEY:
            self.fire("D2-3")
            if self.volley.draw_2s == 3 and moment.cards == 6:
                self.fire("D2-4")
            if before.holds_draw_2 and state.rules.volley:
                self.see("volley declined")
        elif kind is Pending.WILD_DRAW_4:
            self.fire("WD4-1")
        elif kind is Pending.TURNED_UP:
            self.fire("START-4" if state.top.kind is Kind.WILD_DRAW_4 else "START-3")
        elif kind in (Pending.TURN, Pending.OPENING):
            self.rules["TURN-3"] += 1  # (fire, inline: most draws)
            if before.playable:
                self.fire("TURN-2")
                self.see("decline playable")
            if state.drawn is not None:
                self.pending_draw = event.player
        if len(state.discard) < before.discard:
            self.fire("REFILL-1")
            self.see("refill")
        if got < count:
            self.fire("REFILL-2")
            self.see("short draw")

    def _laid(self, state: RoundState, event: Play | Dump, moment: Moment) -> Card:
        """Count a play or a dump; return its final card."""
        cards = event.laid
        final = cards[-1]
        rules = self.rules
        if type(event) is Play:
            rules["TURN-1"] += 1  # (fire, inline: nearly every play)
            if event.card.kind is Kind.REVERSE:
                self.see("reverse dump" if event.dump else "reverse alone")
                if state.actions[event.card] is Action.PASS:
                    self.fire("REV-5")
            if event.dump:
                self.fire("REV-1", "REV-2", "REV-3")
        else:
            self.see("turned-up dump")
        if len(cards) > 1 and final.kind.is_action:
            self.fire("REV-4")
            self.see(_DUMP_ENDS[final.kind])
        if event.uno:
            self.fire("UNO-1")
            self.see("uno said")
        elif state.uno[event.player] is UnoState.CATCHABLE:
            self.see("uno forgotten")
        action = state.actions[final]  # the engine's table of action_of under these rules
        if action is Action.AGAIN:
            rules["SKIP-1"] += 1  # (fire, inline: a common card)
        elif action is Action.DRAW_2:
            rules["D2-1"] += 1
        elif action is Action.DRAW_4:
            self.fire("WD4-2")
            if moment.drawn is final:
                self.see("wd4 after draw")
            elif state.out is None:
                self.see("wd4 bluff" if state.moment.bluff else "wd4 legit")
        elif final.is_wild:
            self.fire("WILD-1", "TURN-4")
            if final.kind is Kind.WILD_CUSTOM:
                self.fire("DECK-2")
        elif final.kind is Kind.NUMBER:
            rules["TURN-4"] += 1
        return final


__all__ = ["FIRES", "NEVER_FIRE", "SITUATIONS", "GameEnd", "Stats", "Volley", "challenge_won", "simulate_stats",
           "unreachable"]
