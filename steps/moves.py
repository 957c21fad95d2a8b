"""Steps for what the players do: picks, plays, draws, UNO, catches, challenges.

Each appends one entry to the log (as ``Given`` for what already happened, ``When`` for the move the
scenario is about). None of them checks a rule: the referee does. A round can also be told as a table
of moves (``the round goes on as follows:``), each row read exactly as the step of that move.
"""

from __future__ import annotations

import re

from steps.define import given_or_when
from steps.table import ScenarioError, codes, other

P = r"(?P<player>Ana|Ben)"
COLOURS = r"red|yellow|green|blue"

#: The moves a row of ``the round goes on as follows:`` may hold, each a pattern without the player.
MOVES: list[tuple[re.Pattern[str], object]] = []


def move(pattern: str):
    """A move by a player: a step ``<player> <pattern>``, and a row of the moves table."""

    def decorate(func):
        given_or_when(rf"{P} {pattern}", depth=1)(func)
        MOVES.append((re.compile(pattern), func))
        return func

    return decorate


# ---- the draft ------------------------------------------------------------------------------------

@move(r"picks (?P<card>.+?)(?: and keeps it|, passes it and keeps (?P<kept>.+))")
def pick(table, player, card, kept):
    """A draft pick (DRAFT-3): keep the card drawn, or pass it and keep the next one."""
    if kept is None:
        table.pick(player, "keep", drew=codes(card)[0])
    else:
        table.pick(player, "pass", drew=codes(card)[0], nxt=codes(kept)[0])


@given_or_when(r"the players pick as follows:")
def picks_table(table, datatable):
    """Draft picks as a table: | player | draws | decision | keeps | and, optionally, | discards |
    (decision: keep or pass; for a kept card, ``discards`` names the next card, turned face up)."""
    header = [cell.strip() for cell in datatable[0]]
    for row in datatable[1:]:
        pick = dict(zip(header, (cell.strip() for cell in row), strict=True))
        drew, kept = codes(pick["draws"])[0], codes(pick["keeps"])[0]
        discarded = codes(pick["discards"])[0] if pick.get("discards") else None
        if pick["decision"] == "keep":
            if kept != drew:
                raise ScenarioError(f"{pick['player']} keeps the card drawn, {pick['draws']}, not {pick['keeps']}")
            table.pick(pick["player"], "keep", drew=drew, nxt=discarded)
        else:
            if discarded not in (None, drew):
                raise ScenarioError(f"{pick['player']} passes {pick['draws']}: that is the card discarded")
            table.pick(pick["player"], "pass", drew=drew, nxt=kept)


@move(r"makes a pick and (?P<decision>keeps|passes on) the card")
def pick_unnamed(table, player, decision):
    """A draft pick of the next card of the deck, kept or passed."""
    table.pick(player, "keep" if decision == "keeps" else "pass")


@given_or_when(r"Ana and Ben complete the draft, (?P<decision>keeping|passing on) every card they draw")
def complete_draft(table, decision):
    """The remaining picks of the draft, alternating from Player 1, all kept (or all passed)."""
    table.complete_draft("keep" if decision == "keeping" else "pass")


# ---- playing ----------------------------------------------------------------------------------------

@move(rf"(?:plays|answers with) (?P<card>.+?)(?: choosing (?P<color>{COLOURS}))?"
      r"(?: and lays (?P<dump>.+?))?(?:(?P<uno> and says UNO)|(?P<forgets> without saying UNO))?")
def play(table, player, card, color, dump, uno, forgets):
    """A play from hand (TURN-1); a wild names its colour; a Reverse may lay the rest of its colour;
    the player says UNO with it, or (``without saying UNO``) does not, as by default."""
    fields = {"card": codes(card)[0]}
    if color:
        fields["color"] = color
    if dump:
        fields["dump"] = codes(dump)
    if uno:
        fields["uno"] = True
    table.event(player, "play", **fields)


@move(r"lays (?P<cards>.+?) on the turned-up reverse(?:(?P<uno> and says UNO)|(?P<forgets> without saying UNO))?")
def dump_on_turned_up_reverse(table, player, cards, uno, forgets):
    """The first player's play of all their cards of the turned-up Reverse's colour (START-6)."""
    fields = {"cards": codes(cards)}
    if uno:
        fields["uno"] = True
    table.event(player, "dump", **fields)


@move(r"draws (?P<what>.+)")
def draw(table, player, what):
    """A draw: ``a card``, ``6 cards`` (which ones, the table knows or the scenario does not care),
    ``nothing``, or the cards by name."""
    count = re.fullmatch(r"(a|\d+) cards?", what)
    if count:
        n = 1 if count.group(1) == "a" else int(count.group(1))
        table.event(player, "draw", count=n)
    else:
        table.event(player, "draw", cards=codes(what.removeprefix("only ")))


@given_or_when(r"(?P<first>Ana|Ben) and (?P<second>Ana|Ben) take turns drawing a card, until the draw pile "
               r"holds (?P<n>\d+) cards")
def draw_in_turn(table, first, second, n):
    """Turn after turn each player only draws one card and keeps it, ``first`` first, until the referee
    counts ``n`` cards left in the draw pile."""
    if second != other(first):
        raise ScenarioError(f"{first} and {second} are the same player")
    left = table.verdict()["position"]["draw_pile"]
    if left < int(n):
        raise ScenarioError(f"the draw pile holds only {left} cards")
    for i in range(left - int(n)):
        table.event(first if i % 2 == 0 else second, "draw", count=1)


# ---- UNO, catches and challenges ------------------------------------------------------------------

@move(r"says UNO")
def says_uno(table, player):
    """A late UNO by the player left with one card (UNO-3)."""
    table.event(player, "uno")


@move(r"catches (?P<caught>Ana|Ben|herself|himself)")
def catches(table, player, caught):
    """``player`` says UNO before the forgetful ``caught`` did (UNO-2)."""
    table.event(player, "catch")


@move(r"challenges the wild draw 4")
def challenges(table, player):
    """The player told to draw four challenges instead (WD4-3)."""
    table.event(player, "challenge")


# ---- a round as a table of moves ------------------------------------------------------------------

@given_or_when(r"the round goes on as follows:")
def moves_table(table, datatable):
    """Moves as a table: | player | move |, each move worded as its step (``plays red 4 and says UNO``)."""
    for player, text in ((row[0].strip(), row[1].strip()) for row in datatable[1:]):
        found = [(m, f) for pattern, f in MOVES if (m := pattern.fullmatch(text))]
        if len(found) != 1:
            raise ScenarioError(f"the move {text!r} is no move the steps know (or more than one)")
        match, func = found[0]
        func(table, player, **match.groupdict())
