"""The table: a game log under construction, built step by step by the feature steps.

A scenario describes a game as it is played at a table; the steps append what happens to a
:class:`Table`, which writes it down as a version-1 game log (docs/log-format.md) and has the referee
judge it once a ``Then`` step needs the verdict. The table holds no rule of the game: it only records
what the scenario says, and it refuses to guess what the scenario does not say.

Two kinds of round are written:

* a round *from a position* (the ``setup`` extension of the log format): the hands, the discard pile
  and the top of the draw pile as the scenario states them. Nobody is taken to have drafted first: the
  scenario (or its Background) says who did, or round 1 is refused.
* a round *from a shuffled deck*: the whole deck, top card first, and the draft's picks. The deck is
  written to agree with everything the scenario names: the top cards it states, the cards each pick
  draws, the card turned up after the draft and the cards drawn in play are put where the scenario
  says they lie (a card named where the stated top of the deck says otherwise is left as stated, so
  that the referee can rule on it). Cards nobody names lie in a fixed order (number cards first); a
  scenario names every card its outcome depends on.

Cards a step does not name in a round from a position (``Ana draws 2 cards``) are taken from the
stated top of the draw pile, then from the rest of the deck in that same fixed order, never more often
than the deck holds a card.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee.engine.cards import ALL_CARDS, Kind, parse_card
from referee.engine.deck import deck_counts
from referee.engine.variants import resolve_variant
from referee.errors import MalformedLog
from referee.rulebook.cardtext import card_list

PLAYERS = ("Ana", "Ben")


class ScenarioError(AssertionError):
    """The scenario says too little, or contradicts itself, for the table to write the log."""


def other(player: str) -> str:
    """The other player at the table."""
    return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]


def code(name: str) -> str:
    """The short code of a card named in the long form (``red draw 2`` -> ``R+2``)."""
    return parse_card(name.strip()).code


def name_of(card_code: str) -> str:
    """The long name of a card code (``R+2`` -> ``red draw 2``)."""
    return parse_card(card_code).name


def names(card_codes: list[str]) -> str:
    """Card codes in words, as a scenario writes them: ``red 4, red skip and green 7``; ``nothing``."""
    words = [name_of(c) for c in card_codes]
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def codes(text: str) -> list[str]:
    """The codes of a list of card names: ``red 4, red skip and green 7`` (also ``then``);
    ``4 × wild draw 4`` stands for four of them. Read as the rendered book reads it
    (:func:`referee.rulebook.cardtext.card_list`)."""
    return [card.code for card in card_list(text)]


def copies_in_deck(card, deck: str) -> int:
    """How many copies of ``card`` the deck holds (DECK-2)."""
    return deck_counts(deck).get(card, 0)


def canonical_deck(deck: str = "112") -> list[str]:
    """Every card of the deck in the table's fixed order: numbers 1-9 first, then 0s, actions, wilds."""
    return list(_canonical_deck(deck))


@functools.cache
def _canonical_deck(deck: str) -> tuple[str, ...]:
    def rank(card) -> tuple[int, int]:
        if card.kind is Kind.NUMBER:
            return (0, card.number) if card.number else (1, 0)
        return (2, 0) if not card.is_wild else (3, 0)

    ordered = sorted(ALL_CARDS, key=rank)  # stable: colours stay in registry order within a rank
    cards: list[str] = []
    for card in ordered:
        cards += [card.code] * copies_in_deck(card, deck)
    return tuple(cards)


def fill_after(prefix: list[str], deck: str = "112") -> list[str]:
    """The whole deck: ``prefix`` on top, the remaining cards below in the fixed order."""
    left = Counter(prefix)
    rest = []
    for card in canonical_deck(deck):
        if left[card]:
            left[card] -= 1
        else:
            rest.append(card)
    return list(prefix) + rest


@dataclass
class Round:
    """One round being written: either from a position (setup) or from a shuffled deck."""

    number: int
    first_drafter: str | None = None
    mode: str = "setup"  # "setup" or "deck"
    # setup
    hands: dict[str, list[str]] = field(default_factory=dict)
    discard: list[str] = field(default_factory=list)
    color: str | None = None
    draw_pile: list[str] = field(default_factory=list)
    hidden: int | None = None
    to_act: str | None = None
    # deck: the whole deck once written, and how many of its top cards can no longer move
    deck: list[str] | None = None
    fixed: int = 0
    draft: list[dict[str, Any]] = field(default_factory=list)
    # both
    turn_up: str | None = None
    turn_up_color: str | None = None
    turn_up_chooser: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def blank(self) -> bool:
        """Nothing is stated yet but perhaps who drafted first (a Background may have said so)."""
        return not (self.hands or self.discard or self.draw_pile or self.events or self.draft
                    or self.turn_up or self.deck or self.to_act or self.result)


class Table:
    """A game log under construction, and the referee's verdict on it (cached until it changes)."""

    def __init__(self, judge, variant=None, tags=frozenset()):
        self._judge = judge
        self.variant = variant
        #: The scenario's tags (rule ids): a forbidden act whose sentence names no rule is ruled under the
        #: one rule of the record among them (GEN-2).
        self.tags = frozenset(tags)
        self.players = list(PLAYERS)
        self.cut: list[dict[str, str]] = []
        self.rounds: list[Round] = []
        self.result: dict[str, Any] | None = None
        #: The pointer of the last entry written (a move, a pick, a cut, a claim ...), and of each player's.
        self.last_pointer: str | None = None
        self.last_by: dict[str, str] = {}
        #: What the last ``Then`` step read in the verdict, in the scenario's words (for variant runs).
        self.seen: str | None = None
        self._verdict: dict | None = None
        self._malformed: MalformedLog | None = None
        self._deck_of: tuple[Any, str] = (object(), "112")

    # ---- building -------------------------------------------------------------------------------

    def changed(self) -> None:
        """Forget the cached verdict: the log has changed."""
        self._verdict = None
        self._malformed = None

    @property
    def deck_kind(self) -> str:
        """``112`` or ``108``, as the log's variant says."""
        if self._deck_of[0] is not self.variant:
            self._deck_of = (self.variant, resolve_variant(self.variant).rules.deck)
        return self._deck_of[1]

    def round(self) -> Round:
        """The round being written (round 1 is opened, blank, when none is)."""
        if not self.rounds:
            self.rounds.append(Round(number=1))
        return self.rounds[-1]

    def new_round(self, *, first_drafter: str | None = None, mode: str = "setup") -> Round:
        """Open the next round; a blank round (a Background's) is taken over, keeping what it stated."""
        self.changed()
        if self.rounds and self.rounds[-1].blank():
            rnd = self.rounds[-1]
            rnd.mode = mode
        else:
            rnd = Round(number=len(self.rounds) + 1, mode=mode)
            self.rounds.append(rnd)
        if first_drafter is not None:
            self.state_first_drafter(rnd, first_drafter)
        return rnd

    def state_first_drafter(self, rnd: Round, player: str) -> None:
        """The scenario says ``player`` drafted first in ``rnd``; saying two things is an error."""
        if rnd.first_drafter not in (None, player):
            raise ScenarioError(f"the scenario says both {rnd.first_drafter} and {player} drafted first "
                                f"in round {rnd.number}: a Background must agree with its scenarios")
        rnd.first_drafter = player
        self.changed()

    def next_round_number(self) -> int:
        """The number the next round opened will have."""
        blank = bool(self.rounds) and self.rounds[-1].blank()
        return len(self.rounds) + (0 if blank else 1)

    @property
    def r(self) -> int:
        """Index of the round being written."""
        self.round()
        return len(self.rounds) - 1

    def event(self, player: str, type_: str, **fields: Any) -> str:
        """Append an event by ``player``; return its pointer."""
        self.changed()
        rnd = self.round()
        if rnd.mode == "deck" and type_ == "draw" and "cards" in fields:
            self._place_drawn(rnd, fields["cards"])
        rnd.events.append({"player": player, "type": type_, **fields})
        pointer = f"/rounds/{self.r}/events/{len(rnd.events) - 1}"
        self.entry_by(player, pointer)
        return pointer

    def entry_by(self, player: str, pointer: str) -> None:
        """The entry at ``pointer`` is the last one written, and ``player``'s own."""
        self.last_pointer = pointer
        self.last_by[player] = pointer

    def state_hand(self, player: str, cards: list[str]) -> None:
        """The scenario says what ``player`` holds; saying it twice is an error."""
        rnd = self.round()
        if player in rnd.hands:
            raise ScenarioError(f"the scenario states {player}'s hand twice: a Background must agree with "
                                "its scenarios")
        rnd.hands[player] = cards
        if rnd.mode == "setup":
            self.last_pointer = f"/rounds/{self.r}/setup"  # the position the round starts from
        self.changed()

    # ---- the shuffled deck ----------------------------------------------------------------------

    def state_deck_top(self, cards: list[str]) -> None:
        """The shuffled deck begins with ``cards``: they are fixed on top, the rest below."""
        rnd = self.round()
        rnd.mode = "deck"
        rnd.deck = fill_after(cards, self.deck_kind)
        rnd.fixed = len(cards)
        self.changed()

    def full_deck(self) -> list[str]:
        """The deck round's whole deck, top first (written in the fixed order when nothing is stated)."""
        return self.full_deck_of(self.round())

    def _take(self, position: int, card: str | None) -> str:
        """The card at ``position`` of the deck, or ``card`` put there when the deck allows it."""
        rnd = self.round()
        deck = self.full_deck()
        if position >= len(deck):
            if card is None:
                raise ScenarioError("the table cannot tell which card comes here: name it in the scenario")
            return card
        if card is not None and position >= rnd.fixed and deck[position] != card:
            below = [j for j in range(position, len(deck)) if deck[j] == card]
            if below:
                j = below[0]
                deck[position], deck[j] = deck[j], deck[position]
        rnd.fixed = max(rnd.fixed, position + 1)
        return deck[position] if card is None else card

    def _taken_so_far(self, rnd: Round) -> int:
        """How many cards of a deck round have left the deck so far: two a pick, the card turned up,
        and every card drawn (the cards of an unnamed draw are counted as the draw asks)."""
        taken = 2 * len(rnd.draft) + (1 if rnd.turn_up else 0)
        for ev in rnd.events:
            if ev["type"] == "draw":
                taken += len(ev["cards"]) if "cards" in ev else ev.get("count", 1)
        return taken

    def _place_drawn(self, rnd: Round, cards: list[str]) -> None:
        start = self._taken_so_far(rnd)
        for i, card in enumerate(cards):
            self._take(start + i, card)

    def pick(self, player: str, decision: str, drew: str | None = None, nxt: str | None = None) -> str:
        """Append a draft pick; a card not named is the deck's next."""
        self.changed()
        rnd = self.round()
        rnd.mode = "deck"
        i = len(rnd.draft)
        drew = self._take(2 * i, drew)
        nxt = self._take(2 * i + 1, nxt)
        rnd.draft.append({"player": player, "drew": drew, "decision": decision, "next": nxt})
        pointer = f"/rounds/{self.r}/draft/{i}"
        self.entry_by(player, pointer)
        return pointer

    def complete_draft(self, decision: str = "keep") -> None:
        """Make the remaining picks of a 14-pick draft, alternating from Player 1."""
        rnd = self.round()
        if rnd.first_drafter is None:
            raise ScenarioError("the scenario does not say who drafts first")
        first = rnd.first_drafter
        while len(rnd.draft) < 14:
            player = first if len(rnd.draft) % 2 == 0 else other(first)
            self.pick(player, decision)

    def turn_up_top(self, card: str, chooser: str | None = None, color: str | None = None) -> str:
        """After the draft, ``card`` is the top card of the draw pile and is turned up."""
        self.changed()
        rnd = self.round()
        rnd.turn_up = self._take(2 * len(rnd.draft), card) if rnd.mode == "deck" else card
        rnd.turn_up_color, rnd.turn_up_chooser = color, chooser
        self.last_pointer = f"/rounds/{self.r}/turn_up"
        return rnd.turn_up

    def state_next_card(self, card: str) -> None:
        """After the draft, ``card`` lies on top of the draw pile (nothing is turned up yet)."""
        rnd = self.round()
        self._take(2 * len(rnd.draft), card)
        self.changed()

    def turn_up_any(self, card: str, chooser: str | None = None, color: str | None = None) -> None:
        """A card is turned up, whichever card the draw pile holds on top."""
        rnd = self.round()
        rnd.turn_up, rnd.turn_up_color, rnd.turn_up_chooser = card, color, chooser
        self.last_pointer = f"/rounds/{self.r}/turn_up"
        self.changed()

    # ---- rounds in brief ------------------------------------------------------------------------

    def went_out(self, out: str, left: list[str]) -> None:
        """A whole round in brief: ``out`` plays their last card, red 4 on red 9; the other keeps ``left``."""
        rnd = self.new_round()
        rnd.hands = {out: ["R4"], other(out): list(left)}
        rnd.discard = ["R9"]
        rnd.to_act = out
        self.event(out, "play", card="R4")

    # ---- writing the log ------------------------------------------------------------------------

    def _named(self, rnd: Round) -> Counter:
        named = Counter()
        for hand in rnd.hands.values():
            named.update(hand)
        named.update(rnd.discard)
        named.update(rnd.draw_pile)
        if rnd.turn_up:
            named[rnd.turn_up] += 1
        for ev in rnd.events:
            if ev["type"] == "draw" and "cards" in ev:
                named.update(ev["cards"])
        return named

    def _setup_round(self, rnd: Round, out: dict[str, Any]) -> None:
        setup: dict[str, Any] = {"hands": {p: list(rnd.hands.get(p, [])) for p in self.players[:2]}}
        if rnd.turn_up is None:
            if not rnd.discard:
                raise ScenarioError(f"round {rnd.number}: the scenario does not say what lies on the "
                                    "discard pile")
            setup["discard"] = list(rnd.discard)
            if rnd.color:
                setup["color"] = rnd.color
        if rnd.draw_pile:
            setup["draw_pile"] = list(rnd.draw_pile)
        if rnd.hidden is not None:
            setup["hidden"] = rnd.hidden
        if rnd.to_act and rnd.turn_up is None:
            setup["to_act"] = rnd.to_act
        out["setup"] = setup
        if rnd.turn_up is not None:
            out["turn_up"] = rnd.turn_up
            if rnd.turn_up_color:
                out["color"] = rnd.turn_up_color
        # name the cards of unnamed draws: the stated draw pile first, then the rest of the deck
        named = self._named(rnd)
        spare = []
        for card in canonical_deck(self.deck_kind):
            if named[card]:
                named[card] -= 1
            else:
                spare.append(card)
        known = list(rnd.draw_pile)
        hidden = rnd.hidden if rnd.hidden is not None else len(spare)
        if rnd.turn_up is not None and hidden:
            hidden -= 1
        events = []
        for ev in rnd.events:
            ev = dict(ev)
            if ev["type"] == "draw":
                if "cards" in ev:
                    del known[:len(ev["cards"])]
                else:
                    n = ev.pop("count")
                    cards = known[:n]
                    del known[:n]
                    while len(cards) < n and hidden and spare:
                        cards.append(spare.pop(0))
                        hidden -= 1
                    if len(cards) < n:
                        raise ScenarioError(
                            f"the table cannot tell which {n} card(s) {ev['player']} draws here "
                            "(the stated draw pile is used up): name them in the scenario")
                    ev["cards"] = cards
            events.append(ev)
        out["events"] = events

    def _deck_round(self, rnd: Round, out: dict[str, Any]) -> None:
        out["deck"] = list(self.full_deck_of(rnd))
        out["draft"] = [dict(p) for p in rnd.draft]
        if rnd.turn_up is not None:
            out["turn_up"] = rnd.turn_up
            if rnd.turn_up_color:
                out["color"] = rnd.turn_up_color
        events = []
        for ev in rnd.events:
            ev = dict(ev)
            ev.pop("count", None)  # the deck tells which cards are drawn
            events.append(ev)
        if events or rnd.turn_up is not None:
            out["events"] = events

    def full_deck_of(self, rnd: Round) -> list[str]:
        """A deck round's whole deck."""
        if rnd.deck is None:
            rnd.deck = fill_after([], self.deck_kind)
        return rnd.deck

    def document(self) -> dict[str, Any]:
        """The game log as written so far."""
        doc: dict[str, Any] = {"format": "uno-duo-log/1"}
        if self.variant is not None:
            doc["variant"] = self.variant
        doc["players"] = list(self.players)
        if self.cut:
            doc["cut"] = [dict(c) for c in self.cut]
        rounds = []
        for rnd in self.rounds:
            if rnd.mode == "setup" and rnd.blank() and (rnd.number > 1 or self.cut):
                continue  # a round opened but not begun (or only the cut so far): nothing to write yet
            out: dict[str, Any] = {}
            if rnd.first_drafter is not None:
                out["first_drafter"] = rnd.first_drafter
            elif rnd.number == 1 and not self.cut:
                raise ScenarioError("the scenario does not say who drafted first in round 1 "
                                    "(say, in the scenario or its Background, who drafted first)")
            if rnd.mode == "setup":
                self._setup_round(rnd, out)
            else:
                self._deck_round(rnd, out)
            if rnd.result is not None:
                out["result"] = rnd.result
            rounds.append(out)
        doc["rounds"] = rounds
        if self.result is not None:
            doc["result"] = self.result
        return doc

    # ---- the referee ----------------------------------------------------------------------------

    def verdict(self) -> dict:
        """The referee's verdict on the log so far (judged once, until the log changes); a log the
        referee refuses as malformed, or a scenario at odds with the referee's Player 1, fails."""
        verdict = self._judged()
        if verdict is None:
            raise AssertionError(f"the referee refused the log as malformed: {self.refusal()}")
        self._check_choosers(verdict)
        return verdict

    def _judged(self) -> dict | None:
        """The verdict, or None when the referee refused the log as malformed."""
        if self._verdict is None and self._malformed is None:
            try:
                self._verdict = self._judge(self.document())
            except MalformedLog as exc:
                self._malformed = exc
        return self._verdict

    def _check_choosers(self, verdict: dict) -> None:
        """A scenario that says who chose the turned-up wild's colour is held to the referee's Player 1."""
        for rnd, summary in zip(self.rounds, verdict.get("rounds") or [], strict=False):
            if rnd.turn_up_chooser and summary["first_drafter"] != rnd.turn_up_chooser:
                raise AssertionError(
                    f"{rnd.turn_up_chooser} chooses the turned-up wild's colour in round {rnd.number}, but "
                    f"the referee has {summary['first_drafter']} as Player 1, who chooses it (START-7)")

    def refusal(self) -> list[dict]:
        """The problems the referee listed when it refused the log as malformed."""
        problems = self._malformed.problems if self._malformed else []
        return [p.to_dict() if hasattr(p, "to_dict") else dict(p) for p in problems]

    def malformed(self) -> MalformedLog | None:
        """The refusal, when the referee would not judge the log at all."""
        self._judged()
        return self._malformed

    def summary(self) -> str:
        """The verdict in one line: ``legal``, ``illegal RULE at POINTER: message``, or ``refused: ...``."""
        verdict = self._judged()
        if verdict is None:
            return "refused: " + "; ".join(f"{p.get('pointer')}: {p.get('detail')}" for p in self.refusal())
        violation = verdict.get("violation")
        if violation:
            return f"illegal {violation['rule']} at {violation['pointer']}: {violation['message']}"
        if verdict.get("complete"):
            return f"legal, the game is over and {verdict.get('winner')} wins"
        return "legal"

    def explain(self) -> str:
        """The verdict's key facts, for assertion messages."""
        v = self._verdict or {}
        return (f"verdict={v.get('verdict')} violation={v.get('violation')} next={v.get('next')} "
                f"position={v.get('position')}")
