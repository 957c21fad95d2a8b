"""The whole table a scenario lays out, for drawing beside its steps: both hands, the discard pile's top and
the colour to play, the draw pile, what is owed and whose move it is.

A scenario states a position in its ``Given`` steps (its Backgrounds' first): who drafted first, each
hand, the top of the discard pile or the card turned up, the top of the draw pile. :func:`stated_table`
reads those sentences (and nothing else: a scenario that begins from a shuffled deck, an earlier round or
moves already made states no position to draw), writes the position as a game log's ``setup`` and lets
the referee itself say whose move it is and what is owed -- a turned-up Draw 2, say, is owed by Player 2
because the engine's START-3 says so, not because this module knows it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import referee
from referee.engine.cards import Card, parse_card
from referee.errors import MalformedLog
from referee.rulebook.book import Step
from referee.rulebook.cardtext import card_list

PLAYERS = ("Ana", "Ben")
_P = r"(?P<player>Ana|Ben)"
_COLOUR = r"(?P<color>red|yellow|green|blue)"
_SEATED = re.compile(r"(?P<first>Ana|Ben) (?:drafted first|dealt) this round: (?:he|she) is Player 1, and "
                     r"(?:Ana|Ben) is Player 2|(?P<first_in>Ana|Ben) drafted first in round 1")
_HOLDS = re.compile(rf"{_P} holds (?P<cards>.+)")
_DISCARD = re.compile(rf"the (?:top of the discard pile is|discard pile from the bottom is) (?P<cards>.+?)"
                      rf"(?: with {_COLOUR} chosen)?")
_TURNED = re.compile(rf"the card turned up is (?P<card>.+?)(?:, and (?:Ana|Ben) chooses {_COLOUR})?")
_DRAW_TOP = re.compile(r"the draw pile from the top is (?P<cards>.+)")
_DRAW_ONLY = re.compile(r"the draw pile holds only (?P<cards>.+)|the draw pile is (?P<empty>empty)")
#: What a player owes, by the kind of debt, in words (translated by the rulebook's catalogs).
OWED = {"volley": "a Draw 2", "wild_draw_4": "a Wild Draw 4", "turned_up": "the turned-up card",
         "penalty": "being caught", "final": "the last card played"}


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the table: their name, whether they are Player 1 of the round, their hand."""

    name: str
    player_1: bool
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Tabletop:
    """The table as a scenario lays it out, before its first move, with what the referee makes of it."""

    seats: tuple[Seat, ...]          # Ana, then Ben
    top: Card                        # the top of the discard pile
    colour: str | None               # the colour to play (a wild's chosen colour), None for none yet
    discards: int                    # cards in the discard pile
    draw_pile: int                   # cards in the draw pile
    draw_top: tuple[Card, ...]       # the cards the scenario names on top of the draw pile, top first
    to_move: str                     # who moves next
    owes: int                        # cards the player to move owes, 0 for none
    owed_for: str | None             # what they owe them for, in words
    turned_up: bool                  # the top card was turned up (the round's first turn)

    @property
    def turn(self) -> str:
        """Whose move it is and what they owe, in words: ``Ana must draw 2 (a Draw 2)``; ``Ana to play``."""
        if self.owes:
            return f"{self.to_move} must draw {self.owes} ({self.owed_for})"
        return f"{self.to_move} to play"


def stated_table(steps: Iterable[Step]) -> Tabletop | None:
    """The table the ``Given`` steps of a scenario (Backgrounds first) lay out, or None when they state no
    whole position: both hands and the discard pile's top (or the card turned up), and nothing else before
    the first ``When`` or ``Then``."""
    setup = _read(steps)
    if setup is None:
        return None
    first, hands, discard, color, turned, draw_top, hidden = setup
    if first is None or set(hands) != set(PLAYERS) or not (discard or turned):
        return None
    round_log: dict = {"first_drafter": first, "setup": {"hands": {p: [c.code for c in hands[p]] for p in PLAYERS}}}
    if turned is not None:
        round_log["turn_up"] = turned.code
        if color:
            round_log["color"] = color
        draw_top = [turned, *draw_top]
    else:
        round_log["setup"]["discard"] = [c.code for c in discard]
        if color:
            round_log["setup"]["color"] = color
    if draw_top:
        round_log["setup"]["draw_pile"] = [c.code for c in draw_top]
    if hidden is not None:
        round_log["setup"]["hidden"] = hidden
    return _judged(round_log, first, hands, draw_top[1:] if turned is not None else draw_top, turned is not None)


def _read(steps: Iterable[Step]):
    first = None
    hands: dict[str, list[Card]] = {}
    discard: list[Card] = []
    color = turned = None
    draw_top: list[Card] = []
    hidden = None
    for step in steps:
        if step.keyword in ("When", "Then"):
            break
        text = step.text
        try:
            if m := _SEATED.fullmatch(text):
                first = m.group("first") or m.group("first_in")
            elif m := _HOLDS.fullmatch(text):
                hands[m.group("player")] = card_list(m.group("cards"))
            elif text == "the hands are:":
                hands.update({row[0].strip(): card_list(row[1]) for row in step.table[1:]})
            elif m := _DISCARD.fullmatch(text):
                discard, color = card_list(m.group("cards")), m.group("color")
            elif m := _TURNED.fullmatch(text):
                turned, color = parse_card(m.group("card")), m.group("color")
            elif m := _DRAW_TOP.fullmatch(text):
                draw_top = card_list(m.group("cards"))
            elif m := _DRAW_ONLY.fullmatch(text):
                draw_top, hidden = ([] if m.group("empty") else card_list(m.group("cards"))), 0
            else:
                return None  # a deck, an earlier round, a move: not a position stated whole
        except ValueError:
            return None  # a name that is no card (an outline's <placeholder>, say)
    return first, hands, discard, color, turned, draw_top, hidden


def _judged(round_log: dict, first: str, hands: dict[str, list[Card]], draw_top: Sequence[Card],
            turned: bool) -> Tabletop | None:
    try:
        verdict = referee.judge({"format": "uno-duo-log/1", "players": list(PLAYERS),
                                 "rounds": [round_log]}).to_dict()
    except MalformedLog:
        return None
    position, following = verdict.get("position"), verdict.get("next") or {}
    if verdict.get("violation") or not position or position.get("phase") != "play":
        return None  # the position itself breaks a rule (the scenario is about that): nothing to draw
    owes = position.get("owes") or {}
    return Tabletop(
        seats=tuple(Seat(p, p == first, tuple(hands[p])) for p in PLAYERS),
        top=parse_card(position["top"]), colour=position.get("color"),
        discards=position["discard_pile"], draw_pile=position["draw_pile"], draw_top=tuple(draw_top),
        to_move=following.get("player", ""), owes=owes.get("cards", 0),
        owed_for=OWED.get(owes.get("kind", "")), turned_up=turned)


__all__ = ["Seat", "Tabletop", "stated_table"]
