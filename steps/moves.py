"""Steps for what the players do: picks, plays, draws, UNO, catches, challenges.

Each appends one entry to the log (as ``Given`` for what already happened, ``When`` for the move the
scenario is about). None of them checks a rule: the referee does.
"""

from __future__ import annotations

import re

from pytest_bdd import given, parsers, when

from steps.table import codes, other

P = r"(?P<player>Ana|Ben)"
COLOURS = r"red|yellow|green|blue"


def _both(pattern: str):
    """Register a step as both ``Given`` (it already happened) and ``When`` (it happens now)."""
    parser = parsers.re(pattern)

    def decorate(func):
        # stacklevel 2: the step fixtures belong to the module that applies ``_both``
        return given(parser, stacklevel=2)(when(parser, stacklevel=2)(func))

    return decorate


# ---- the draft ------------------------------------------------------------------------------------

@_both(rf"{P} picks (?P<card>.+?)(?: and keeps it|, passes it and keeps (?P<kept>.+))")
def pick(table, player, card, kept):
    """A draft pick (DRAFT-3): keep the card drawn, or pass it and keep the next one."""
    if kept is None:
        table.pick(player, "keep", drew=codes(card)[0])
    else:
        table.pick(player, "pass", drew=codes(card)[0], nxt=codes(kept)[0])


@_both(r"the players pick as follows:")
def picks_table(table, datatable):
    """Draft picks as a table: | player | draws | decision | keeps | (decision: keep or pass)."""
    header = [cell.strip() for cell in datatable[0]]
    for row in datatable[1:]:
        pick = dict(zip(header, (cell.strip() for cell in row), strict=True))
        drew, kept = codes(pick["draws"])[0], codes(pick["keeps"])[0]
        if pick["decision"] == "keep":
            assert kept == drew, "a player who keeps the card drawn keeps that card"
            table.pick(pick["player"], "keep", drew=drew)
        else:
            table.pick(pick["player"], "pass", drew=drew, nxt=kept)


@_both(rf"{P} makes a pick and (?P<decision>keeps|passes on) the card")
def pick_unnamed(table, player, decision):
    """A draft pick of the next card of the deck, kept or passed."""
    table.pick(player, "keep" if decision == "keeps" else "pass")


@_both(r"Ana and Ben complete the draft, (?P<decision>keeping|passing on) every card they draw")
def complete_draft(table, decision):
    """The remaining picks of the draft, alternating from Player 1, all kept (or all passed)."""
    table.complete_draft("keep" if decision == "keeping" else "pass")


@_both(r"the top card of the draw pile is turned up")
def turn_up(table):
    """After the draft, the top card of the draw pile starts the discard pile (START-1)."""
    table.turn_up_next()


# ---- playing ----------------------------------------------------------------------------------------

@_both(rf"{P} (?:plays|answers with) (?P<card>.+?)(?: choosing (?P<color>{COLOURS}))?"
       r"(?: and lays (?P<dump>.+?))?(?P<uno> and says UNO)?")
def play(table, player, card, color, dump, uno):
    """A play from hand (TURN-1); a wild names its colour; a Reverse may lay the rest of its colour."""
    fields = {"card": codes(card)[0]}
    if color:
        fields["color"] = color
    if dump:
        fields["dump"] = codes(dump)
    if uno:
        fields["uno"] = True
    table.event(player, "play", **fields)


@_both(rf"{P} lays (?P<cards>.+?) on the turned-up reverse(?P<uno> and says UNO)?")
def dump_on_turned_up_reverse(table, player, cards, uno):
    """The first player's play of all their cards of the turned-up Reverse's colour (START-6)."""
    fields = {"cards": codes(cards)}
    if uno:
        fields["uno"] = True
    table.event(player, "dump", **fields)


@_both(rf"{P} draws (?P<what>.+)")
def draw(table, player, what):
    """A draw: ``a card``, ``6 cards`` (the table names them), ``nothing``, or the cards by name."""
    count = re.fullmatch(r"(a|\d+) cards?", what)
    if count:
        n = 1 if count.group(1) == "a" else int(count.group(1))
        table.event(player, "draw", count=n)
    else:
        table.event(player, "draw", cards=codes(what.removeprefix("only ")))


@_both(r"(?P<first>Ana|Ben) and (?P<second>Ana|Ben) take turns drawing a card, "
       r"(?P<n>\d+) draws in all")
def draw_in_turn(table, first, second, n):
    """Many turns in which each player in turn only draws one card and keeps it."""
    assert second == other(first)
    for i in range(int(n)):
        table.event(first if i % 2 == 0 else second, "draw", count=1)


# ---- interjections and challenges ----------------------------------------------------------------

@_both(rf"{P} says UNO")
def says_uno(table, player):
    """A late UNO by the player left with one card (UNO-3)."""
    table.event(player, "uno")


@_both(r"(?P<catcher>Ana|Ben) catches (?P<caught>Ana|Ben|herself|himself)")
def catches(table, catcher, caught):
    """``catcher`` says UNO before the forgetful ``caught`` did (UNO-2)."""
    table.event(catcher, "catch")


@_both(rf"{P} challenges the wild draw 4")
def challenges(table, player):
    """The player told to draw four challenges instead (WD4-3)."""
    table.event(player, "challenge")
