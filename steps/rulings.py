"""Steps that read the referee's verdict: the ruling, whose move it is, what is owed, the table.

They compare what the verdict says with what the scenario says, nothing more.
"""

from __future__ import annotations

import re

from pytest_bdd import parsers, then

from steps.table import code, codes

P = r"(?P<player>Ana|Ben)"
RULE = r"(?P<rule>[A-Z]+[0-9]*-[0-9]+)"
ORDINALS = {"first": 0, "second": 1, "third": 2}


def _pointer(table, what: str) -> str:
    """The pointer of the log entry a scenario calls ``what``."""
    r = len(table.rounds) - 1
    if m := re.fullmatch(r"(Ana|Ben)'s last move", what):
        return table.last_by[m.group(1)]
    if m := re.fullmatch(r"(Ana|Ben)'s last pick", what):
        return table.last_pick_by[m.group(1)]
    if what == "that move":
        return table.last_pointer
    if what == "the turned-up card":
        return f"/rounds/{r}/turn_up"
    if what == "the shuffled deck":
        return f"/rounds/{r}/deck"
    if what == "the setting of the table":
        return f"/rounds/{r}/setup"
    if m := re.fullmatch(r"the (first|second|third) cut", what):
        return f"/cut/{ORDINALS[m.group(1)]}"
    if m := re.fullmatch(r"round (\d+)", what):
        return f"/rounds/{int(m.group(1)) - 1}"
    if m := re.fullmatch(r"round (\d+)'s first drafter", what):
        return f"/rounds/{int(m.group(1)) - 1}/first_drafter"
    if m := re.fullmatch(r"the first move of round (\d+)", what):
        return f"/rounds/{int(m.group(1)) - 1}/events/0"
    if m := re.fullmatch(r"the claimed result of round (\d+)", what):
        return f"/rounds/{int(m.group(1)) - 1}/result"
    if what == "the claimed game result":
        return "/result"
    raise AssertionError(f"the steps do not know which entry of the log is {what!r}")


def _next(table) -> dict:
    verdict = table.verdict()
    assert verdict["next"] is not None, f"the game is over; {table.explain()}"
    return verdict["next"]


def _legal_cards(nxt: dict) -> set[str]:
    return {e["card"] for e in nxt.get("legal", []) if e.get("type") == "play"}


# ---- rulings ------------------------------------------------------------------------------------

@then("the moves so far are legal")
def legal(table):
    """The referee finds nothing wrong with the log so far."""
    verdict = table.verdict()
    assert verdict["verdict"] == "legal", table.explain()


@then(parsers.re(rf"the referee rules (?P<what>.+) illegal under {RULE}"))
def ruled_illegal(table, what, rule):
    """The referee's first violation cites ``rule`` at the entry the scenario names."""
    verdict = table.verdict()
    assert verdict["verdict"] == "illegal", f"expected a violation of {rule}; {table.explain()}"
    violation = verdict["violation"]
    assert (violation["rule"], violation["pointer"]) == (rule, _pointer(table, what)), table.explain()


@then(parsers.re(rf"the referee refuses to judge the record, citing {RULE} for the players"))
def refused(table, rule):
    """The log is not a game of UNO DUO at all: the referee lists the problem and its rule."""
    refusal = table.malformed()
    assert refusal is not None, f"the referee judged the log; {table.explain()}"
    problems = [p.to_dict() if hasattr(p, "to_dict") else dict(p) for p in refusal.problems]
    assert any(p["rule"] == rule and p["pointer"].startswith("/players") for p in problems), problems


# ---- whose move, and what it owes ---------------------------------------------------------------

@then(parsers.re(rf"{P} takes the next turn"))
def takes_next_turn(table, player):
    """``player`` is to move, owing nothing, with no drawn card pending."""
    nxt = _next(table)
    assert (nxt["player"], nxt["phase"], nxt["owes"], nxt.get("drawn")) == (
        player, "play", None, None), table.explain()


@then(parsers.re(rf"{P} must draw (?P<n>\d+) cards?"))
def must_draw(table, player, n):
    """``player`` owes ``n`` cards and can do nothing but draw them."""
    nxt = _next(table)
    assert nxt["player"] == player and nxt["owes"] is not None, table.explain()
    assert nxt["owes"]["cards"] == int(n), table.explain()
    assert {e["type"] for e in nxt["legal"]} == {"draw"}, table.explain()


@then(parsers.re(rf"{P} must draw (?P<n>\d+) cards or answer with a draw 2"))
def must_draw_or_volley(table, player, n):
    """``player`` owes a volley total of ``n``: draw it, or answer with a Draw 2."""
    nxt = _next(table)
    assert nxt["player"] == player and nxt["owes"] is not None, table.explain()
    assert (nxt["owes"]["kind"], nxt["owes"]["cards"]) == ("volley", int(n)), table.explain()


@then(parsers.re(rf"{P} must draw (?P<n>\d+) cards or challenge"))
def must_draw_or_challenge(table, player, n):
    """``player`` owes the Wild Draw 4's cards and may challenge it."""
    nxt = _next(table)
    assert nxt["player"] == player and nxt["owes"] is not None, table.explain()
    assert (nxt["owes"]["kind"], nxt["owes"]["cards"]) == ("wild_draw_4", int(n)), table.explain()
    assert {"type": "challenge"} in nxt["legal"], table.explain()


@then(parsers.re(rf"{P} may keep (?P<card>.+) or play it"))
def may_keep_or_play(table, player, card):
    """``player`` just drew a playable card: only that card may be played now (TURN-3)."""
    nxt = _next(table)
    assert (nxt["player"], nxt.get("drawn")) == (player, code(card)), table.explain()
    assert _legal_cards(nxt) == {code(card)}, table.explain()


@then(parsers.re(rf"{P} may play (?P<card>.+)"))
def may_play(table, player, card):
    """``player`` is to move and the card is among their legal plays."""
    nxt = _next(table)
    assert nxt["player"] == player and code(card) in _legal_cards(nxt), table.explain()


@then(parsers.re(rf"{P} may not play (?P<card>.+)"))
def may_not_play(table, player, card):
    """``player`` is to move and the card is not among their legal plays."""
    nxt = _next(table)
    assert nxt["player"] == player and code(card) not in _legal_cards(nxt), table.explain()


@then(parsers.re(rf"{P} may challenge"))
def may_challenge(table, player):
    """A challenge is among ``player``'s legal moves."""
    nxt = _next(table)
    assert nxt["player"] == player and {"type": "challenge"} in nxt["legal"], table.explain()


@then(parsers.re(rf"{P} may not challenge"))
def may_not_challenge(table, player):
    """``player`` is to move and no challenge is open to them."""
    nxt = _next(table)
    assert nxt["player"] == player, table.explain()
    assert all(e["type"] != "challenge" for e in nxt["legal"]), table.explain()


@then(parsers.re(rf"{P} makes the next pick"))
def makes_next_pick(table, player):
    """The draft goes on with ``player``'s pick."""
    nxt = _next(table)
    assert (nxt["player"], nxt["phase"]) == (player, "draft"), table.explain()


# ---- the table ----------------------------------------------------------------------------------

def _position(table) -> dict:
    return table.verdict()["position"]


@then(parsers.re(rf"{P} holds (?P<what>.+)"))
def holds(table, player, what):
    """``player``'s hand: ``7 cards``, ``no cards``, or the cards by name (in any order)."""
    hand = _position(table)["hands"][player]
    if m := re.fullmatch(r"(\d+) cards?", what):
        assert len(hand) == int(m.group(1)), table.explain()
    else:
        assert sorted(hand) == sorted(codes(what)), table.explain()


@then(parsers.re(r"the top of the discard pile is (?P<card>.+?)(?: with (?P<color>red|yellow|green|"
                 r"blue) chosen)?"))
def top_is(table, card, color):
    """The card on top of the discard pile (and the colour chosen for a wild)."""
    position = _position(table)
    assert position["top"] == code(card), table.explain()
    if color:
        assert position["color"] == color, table.explain()


@then(parsers.re(r"the colour to play is (?P<color>red|yellow|green|blue)"))
def colour_to_play(table, color):
    """The colour the next card must match."""
    assert _position(table)["color"] == color, table.explain()


@then(parsers.re(r"the (?P<pile>draw|discard) pile holds (?P<n>\d+) cards?"))
def pile_holds(table, pile, n):
    """How many cards lie in a pile."""
    assert _position(table)[f"{pile}_pile"] == int(n), table.explain()


@then(parsers.re(rf"{P} has said UNO"))
def has_said_uno(table, player):
    """``player`` holds one card and has declared it."""
    assert _position(table)["uno"][player] == "declared", table.explain()


@then(parsers.re(rf"(?P<catcher>Ana|Ben) may catch {P}"))
def may_catch(table, catcher, player):
    """``player`` holds one card undeclared, and ``catcher`` may call it."""
    verdict = table.verdict()
    assert verdict["position"]["uno"][player] == "catchable", table.explain()
    assert {"type": "catch", "player": catcher} in verdict["next"]["interjections"], table.explain()


@then(parsers.re(rf"nobody may catch {P}"))
def nobody_may_catch(table, player):
    """``player`` cannot be caught."""
    verdict = table.verdict()
    assert verdict["position"]["uno"][player] != "catchable", table.explain()
    interjections = (verdict["next"] or {}).get("interjections", [])
    assert all(i["type"] != "catch" for i in interjections), table.explain()


# ---- rounds and the game ------------------------------------------------------------------------

@then(parsers.re(rf"the round is over and {P} went out"))
def round_over(table, player):
    """The last round is scored, ``player`` having gone out."""
    verdict = table.verdict()
    assert verdict["rounds"][-1]["out"] == player, table.explain()
    assert verdict["position"]["phase"] == "over", table.explain()


@then(parsers.re(rf"{P} scores (?P<n>\d+) points? for the round"))
def scores_for_round(table, player, n):
    """``player``'s points for the last round."""
    verdict = table.verdict()
    assert verdict["rounds"][-1]["points"][player] == int(n), verdict["rounds"]


@then(parsers.re(r"the scores stand at Ana (?P<ana>\d+) and Ben (?P<ben>\d+)"))
def scores_stand(table, ana, ben):
    """The game's running scores."""
    assert table.verdict()["scores"] == {"Ana": int(ana), "Ben": int(ben)}, table.explain()


@then(parsers.re(rf"the game is over and {P} wins"))
def game_over(table, player):
    """The game is complete and ``player`` wins it."""
    verdict = table.verdict()
    assert (verdict["complete"], verdict["winner"]) == (True, player), table.explain()


@then("the game goes on")
def game_goes_on(table):
    """The game is not over: another round follows."""
    verdict = table.verdict()
    assert (verdict["complete"], verdict["winner"]) == (False, None), table.explain()


@then(parsers.re(rf"{P} drafts first in round (?P<n>\d+)"))
def drafts_first(table, player, n):
    """The referee has ``player`` as Player 1 of that round."""
    verdict = table.verdict()
    assert verdict["rounds"][int(n) - 1]["first_drafter"] == player, table.explain()


@then("the draft is over")
def draft_over(table):
    """Fourteen picks are made; the next thing is to turn a card up."""
    assert _position(table)["phase"] == "turn_up", table.explain()
