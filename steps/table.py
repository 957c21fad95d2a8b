"""The table: a game log under construction, built step by step by the feature steps.

A scenario describes a game as it is played at a table; the steps append what happens to a
:class:`Table`, which writes it down as a version-1 game log (docs/log-format.md) and has the referee
judge it once a ``Then`` step needs the verdict. The table holds no rule of the game: it only records.

Two kinds of round are written:

* a *setup* round (the default) starts from a stated position: hands, discard pile, draw pile and who
  acts (the ``setup`` extension of the log format). By convention Ben drafted first, so Ana, Player 2,
  takes the first turn (START-2) unless a step says otherwise.
* a *deck* round gives the whole shuffled deck, top card first, and the draft's picks. Scenarios name
  only the top of the deck; the rest follows in a fixed order (number cards first).

Cards a step does not name (an unnamed draw in a setup round) are taken from the rigged draw pile, then
from the hidden rest of the deck in the same fixed order, never more often than the deck holds a card.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee.cards import ALL_CARDS, Kind, parse_card
from referee.deck import deck_counts
from referee.errors import MalformedLog
from referee.variants import resolve_variant

PLAYERS = ("Ana", "Ben")
COLOURS = ("red", "yellow", "green", "blue")


def other(player: str) -> str:
    """The other player at the table."""
    return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]


def code(name: str) -> str:
    """The short code of a card named in the long form (``red draw 2`` -> ``R+2``)."""
    return parse_card(name.strip()).code


def codes(text: str) -> list[str]:
    """The codes of a list of card names: ``red 4, red skip and green 7`` (also ``then``);
    ``4 × wild draw 4`` stands for four of them."""
    text = text.strip()
    if text in ("", "nothing", "no cards"):
        return []
    found = []
    for part in re.split(r",\s*|\s+and\s+|\s+then\s+", text):
        if m := re.fullmatch(r"\s*(\d+)\s*×\s*(.+)", part):
            found += [code(m.group(2))] * int(m.group(1))
        elif part.strip():
            found.append(code(part))
    return found


def copies_in_deck(card, deck: str) -> int:
    """How many copies of ``card`` the deck holds (DECK-2)."""
    return deck_counts(deck).get(card, 0)


def canonical_deck(deck: str = "112") -> list[str]:
    """Every card of the deck in the table's fixed order: numbers 1-9 first, then 0s, actions, wilds."""
    def rank(card) -> tuple[int, int]:
        if card.kind is Kind.NUMBER:
            return (0, card.number) if card.number else (1, 0)
        return (2, 0) if not card.is_wild else (3, 0)

    ordered = sorted(ALL_CARDS, key=rank)  # stable: colours stay in registry order within a rank
    cards: list[str] = []
    for card in ordered:
        cards += [card.code] * copies_in_deck(card, deck)
    return cards


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
    """One round being written: either from a stated position (setup) or from a shuffled deck."""

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
    # deck
    deck_prefix: list[str] = field(default_factory=list)
    deck: list[str] | None = None  # the whole deck, when a scenario states it outright
    draft: list[dict[str, Any]] = field(default_factory=list)
    # both
    turn_up: str | None = None
    turn_up_color: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None


class Table:
    """A game log under construction, and the referee's verdict on it (cached until it changes)."""

    def __init__(self, judge, variant=None):
        self._judge = judge
        self.variant = variant
        self.players = list(PLAYERS)
        self.cut: list[dict[str, str]] = []
        self.rounds: list[Round] = []
        self.result: dict[str, Any] | None = None
        self.last_pointer: str | None = None
        self.last_by: dict[str, str] = {}
        self.last_pick_by: dict[str, str] = {}
        self._verdict: dict | None = None
        self._malformed: MalformedLog | None = None

    # ---- building -------------------------------------------------------------------------------

    def changed(self) -> None:
        """Forget the cached verdict: the log has changed."""
        self._verdict = None
        self._malformed = None

    @property
    def deck_kind(self) -> str:
        """``112`` or ``108``, as the log's variant says."""
        return resolve_variant(self.variant).rules.deck

    def round(self) -> Round:
        """The round being written; round 1 is opened (setup, Ben drafting first) when needed."""
        if not self.rounds:
            self.new_round(first_drafter="Ben")
        return self.rounds[-1]

    def new_round(self, *, first_drafter: str | None = None, mode: str = "setup") -> Round:
        """Open the next round; a round opened by a Background but still blank is taken over."""
        self.changed()
        if self.rounds and self._blank(self.rounds[-1]):
            self.rounds.pop()
        if not self.rounds and first_drafter is None and mode == "setup":
            first_drafter = "Ben"  # round 1 must say who drafted first: by convention, Ben
        rnd = Round(number=len(self.rounds) + 1, first_drafter=first_drafter, mode=mode)
        self.rounds.append(rnd)
        return rnd

    @staticmethod
    def _blank(rnd: Round) -> bool:
        return not (rnd.hands or rnd.discard or rnd.draw_pile or rnd.events or rnd.draft
                    or rnd.turn_up or rnd.deck_prefix or rnd.deck or rnd.to_act or rnd.result)

    def next_round_number(self) -> int:
        """The number the next round opened will have."""
        blank = bool(self.rounds) and self._blank(self.rounds[-1])
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
        rnd.events.append({"player": player, "type": type_, **fields})
        pointer = f"/rounds/{self.r}/events/{len(rnd.events) - 1}"
        self.last_pointer = pointer
        self.last_by[player] = pointer
        return pointer

    def full_deck(self) -> list[str]:
        """The deck round's whole deck, top first."""
        rnd = self.round()
        if rnd.deck is None:
            rnd.deck = fill_after(rnd.deck_prefix, self.deck_kind)
        return rnd.deck

    def pick(self, player: str, decision: str, drew: str | None = None, nxt: str | None = None) -> str:
        """Append a draft pick; cards not named are the deck's next two."""
        self.changed()
        rnd = self.round()
        deck = self.full_deck()
        i = len(rnd.draft)
        drew = drew or deck[2 * i]
        nxt = nxt or deck[2 * i + 1]
        rnd.draft.append({"player": player, "drew": drew, "decision": decision, "next": nxt})
        pointer = f"/rounds/{self.r}/draft/{i}"
        self.last_pointer = pointer
        self.last_pick_by[player] = pointer
        return pointer

    def complete_draft(self, decision: str = "keep") -> None:
        """Make the remaining picks of a 14-pick draft, alternating from Player 1."""
        rnd = self.round()
        first = rnd.first_drafter or "Ana"
        while len(rnd.draft) < 14:
            player = first if len(rnd.draft) % 2 == 0 else other(first)
            self.pick(player, decision)

    def turn_up_next(self) -> str:
        """Turn up the top card of a deck round's draw pile after a draft of keeps (deck[28])."""
        self.changed()
        rnd = self.round()
        rnd.turn_up = self.full_deck()[2 * len(rnd.draft)]
        self.last_pointer = f"/rounds/{self.r}/turn_up"
        return rnd.turn_up

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
        # name the cards of unnamed draws: the rigged pile first, then the hidden rest of the deck
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
                    taken = len(ev["cards"])
                    del known[:taken]
                else:
                    n = ev.pop("count")
                    cards = known[:n]
                    del known[:n]
                    while len(cards) < n and hidden and spare:
                        cards.append(spare.pop(0))
                        hidden -= 1
                    if len(cards) < n:
                        raise AssertionError(
                            f"the table cannot tell which {n} card(s) {ev['player']} draws here "
                            "(the rigged draw pile is used up): name them in the scenario")
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
            rnd.deck = fill_after(rnd.deck_prefix, self.deck_kind)
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
            out: dict[str, Any] = {}
            if rnd.first_drafter is not None:
                out["first_drafter"] = rnd.first_drafter
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
        """The referee's verdict on the log so far (judged once, until the log changes)."""
        if self._verdict is None and self._malformed is None:
            try:
                self._verdict = self._judge(self.document())
            except MalformedLog as exc:
                self._malformed = exc
        if self._malformed is not None:
            problems = [p.to_dict() if hasattr(p, "to_dict") else p for p in self._malformed.problems]
            raise AssertionError(f"the referee refused the log as malformed: {problems}")
        return self._verdict

    def malformed(self) -> MalformedLog | None:
        """The refusal, when the referee would not judge the log at all."""
        try:
            self.verdict()
        except AssertionError:
            if self._malformed is None:
                raise
        return self._malformed

    def explain(self) -> str:
        """The verdict's key facts, for assertion messages."""
        v = self._verdict or {}
        return (f"verdict={v.get('verdict')} violation={v.get('violation')} next={v.get('next')} "
                f"position={v.get('position')}")
