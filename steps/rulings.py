"""Steps that read the referee's verdict: the ruling, whose move it is, what is owed, the table.

They compare what the verdict says with what the scenario says, nothing more. Each one words what it
read in the scenario's own terms (``Ana must draw 4 cards``) and keeps it in ``table.seen``, so that a
variant run can show what changed. A step about the state of the game (whose turn, a hand, a pile, a
score) holds only when the moves so far are legal: the referee describes the game just before a
violation, and a scenario that reads that description after a refused move would pass for the wrong
reason.
"""

from __future__ import annotations

import re

from referee.engine.cards import parse_card
from steps.define import then
from steps.table import code, codes, name_of, names

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
    if what == "the cards on the table":
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


def _expect(table, seen: str, holds: bool) -> None:
    """Keep what the verdict says (``seen``) and fail unless it is what the scenario says."""
    table.seen = seen
    if not holds:
        raise AssertionError(f"the referee's verdict says: {seen}\n{table.explain()}")


def _legal(table) -> dict:
    """The verdict, which must find the moves so far legal."""
    verdict = table.verdict()
    if verdict["verdict"] != "legal":
        table.seen = table.summary()
        raise AssertionError(f"the moves so far are not legal: {table.seen}\n{table.explain()}")
    return verdict


def _position(table) -> dict:
    return _legal(table)["position"]


def _next(table) -> dict:
    verdict = _legal(table)
    if verdict["next"] is None:
        table.seen = "the game is over"
        raise AssertionError(f"the game is over; {table.explain()}")
    return verdict["next"]


def _plays(nxt: dict) -> set[str]:
    return {e["card"] for e in nxt.get("legal", []) if e.get("type") == "play"}


def describe_next(nxt: dict | None) -> str:
    """What comes next, in the rulebook's words: ``Ben takes the next turn``, ``Ana must draw 4 cards or
    challenge``, ``Ana may keep red 1 or play it``, ``Ana makes the next pick`` ..."""
    if nxt is None:
        return "the game is over"
    who = nxt.get("player")
    if nxt["phase"] == "cut":
        return "the players cut again"
    if nxt["phase"] == "draft":
        return f"{who} makes the next pick"
    if nxt["phase"] == "turn_up":
        return "a card is to be turned up"
    owes = nxt.get("owes")
    if owes:
        kinds = {e["type"] for e in nxt["legal"]}
        text = f"{who} must draw {owes['cards']} card{'s' if owes['cards'] != 1 else ''}"
        if "play" in kinds and owes["kind"] == "volley":
            text += " or answer with a draw 2"
        if "challenge" in kinds:
            text += " or challenge"
        return text
    if nxt.get("drawn"):
        return f"{who} may keep {name_of(nxt['drawn'])} or play it"
    return f"{who} takes the next turn"


# ---- rulings ------------------------------------------------------------------------------------

@then("the moves so far are legal")
def legal(table):
    """The referee finds nothing wrong with the game so far."""
    _legal(table)
    table.seen = table.summary()


@then(rf"the referee rules (?P<what>.+) illegal under {RULE}")
def ruled_illegal(table, what, rule):
    """The referee's first violation cites ``rule`` at the entry the scenario names."""
    verdict = table.verdict()
    seen = table.summary()
    violation = verdict.get("violation") or {}
    _expect(table, seen, (violation.get("rule"), violation.get("pointer")) == (rule, _pointer(table, what)))


@then(rf"the referee refuses to judge the game, citing {RULE} for the players")
def refused(table, rule):
    """The game is not one of UNO DUO at all: the referee lists the problem and its rule."""
    refusal = table.malformed()
    if refusal is None:
        _expect(table, table.summary(), False)
    problems = table.refusal()
    _expect(table, table.summary(),
            any(p["rule"] == rule and p["pointer"].startswith("/players") for p in problems))


# ---- whose move, and what it owes ---------------------------------------------------------------

@then(rf"{P} takes the next turn")
def takes_next_turn(table, player):
    """``player`` is to move, owing nothing, with no drawn card pending."""
    seen = describe_next(_next(table))
    _expect(table, seen, seen == f"{player} takes the next turn")


@then(rf"{P} must draw (?P<n>\d+) cards?(?P<alternative> or answer with a draw 2| or challenge)?")
def must_draw(table, player, n, alternative):
    """``player`` owes ``n`` cards: only a draw (``must draw 2 cards``), or a draw or a Draw 2 answer (a
    volley), or a draw or a challenge (a Wild Draw 4), exactly as the scenario says."""
    suffix = alternative or ""
    seen = describe_next(_next(table))
    _expect(table, seen, seen == f"{player} must draw {n} card{'s' if int(n) != 1 else ''}{suffix}")


@then(rf"{P} may keep (?P<card>.+) or play it")
def may_keep_or_play(table, player, card):
    """``player`` just drew a playable card: only that card may be played now (TURN-3)."""
    nxt = _next(table)
    seen = describe_next(nxt)
    _expect(table, seen, seen == f"{player} may keep {name_of(code(card))} or play it"
            and _plays(nxt) == {code(card)})


@then(rf"{P} may play (?P<card>.+)")
def may_play(table, player, card):
    """``player`` is to move and the card is among their legal plays."""
    nxt = _next(table)
    seen = f"{nxt['player']} may play {names(sorted(_plays(nxt)))}"
    _expect(table, seen, nxt["player"] == player and code(card) in _plays(nxt))


@then(rf"{P} may not play (?P<card>.+)")
def may_not_play(table, player, card):
    """``player`` is to move and the card is not among their legal plays."""
    nxt = _next(table)
    seen = f"{nxt['player']} may play {names(sorted(_plays(nxt)))}"
    _expect(table, seen, nxt["player"] == player and code(card) not in _plays(nxt))


@then(rf"{P} may lay (?P<cards>.+) on the turned-up reverse")
def may_dump(table, player, cards):
    """``player`` may lay exactly these cards on the turned-up Reverse (START-6)."""
    nxt = _next(table)
    dumps = [e["cards"] for e in nxt["legal"] if e["type"] == "dump"]
    seen = f"{nxt['player']} may lay " + (" or ".join(names(d) for d in dumps) or "nothing")
    _expect(table, seen, nxt["player"] == player and any(sorted(d) == sorted(codes(cards)) for d in dumps))


@then(rf"{P} may challenge")
def may_challenge(table, player):
    """A challenge is among ``player``'s legal moves."""
    nxt = _next(table)
    seen = describe_next(nxt)
    _expect(table, seen, nxt["player"] == player and {"type": "challenge"} in nxt["legal"])


@then(rf"{P} makes the next pick")
def makes_next_pick(table, player):
    """The draft goes on with ``player``'s pick."""
    seen = describe_next(_next(table))
    _expect(table, seen, seen == f"{player} makes the next pick")


@then("the players must cut again")
def cut_again(table):
    """The last cut was a tie: nothing is decided, and the next thing is another cut (CUT-2)."""
    seen = describe_next(_next(table))
    _expect(table, seen, seen == "the players cut again")


@then(rf"{P} is Player (?P<n>1|2) of this round")
def player_number(table, player, n):
    """The referee has ``player`` as this round's first drafter (Player 1), or as the other (Player 2)."""
    verdict = _legal(table)
    first = verdict["rounds"][-1]["first_drafter"]
    seen = f"{first} is Player 1 of this round"
    _expect(table, seen, (first == player) == (n == "1"))


# ---- the table ----------------------------------------------------------------------------------

@then(rf"{P} holds (?P<what>.+)")
def holds(table, player, what):
    """``player``'s hand: ``7 cards``, ``no cards``, or the cards by name (in any order)."""
    hand = _position(table)["hands"][player]
    if m := re.fullmatch(r"(\d+) cards?", what):
        _expect(table, f"{player} holds {len(hand)} cards", len(hand) == int(m.group(1)))
    else:
        _expect(table, f"{player} holds {names(hand)}", sorted(hand) == sorted(codes(what)))


@then(r"the top of the discard pile is (?P<card>.+?)(?: with (?P<color>red|yellow|green|blue) chosen)?")
def top_is(table, card, color):
    """The card on top of the discard pile (and the colour chosen for a wild)."""
    position = _position(table)
    top = position["top"]
    seen = f"the top of the discard pile is {name_of(top) if top else 'nothing'}"
    if top and parse_card(top).is_wild:  # a wild on top carries the colour chosen for it
        seen += f" with {position['color']} chosen"
    _expect(table, seen, top == code(card) and (not color or position["color"] == color))


@then(r"the colour to play is (?P<color>red|yellow|green|blue)")
def colour_to_play(table, color):
    """The colour the next card must match."""
    position = _position(table)
    _expect(table, f"the colour to play is {position['color']}", position["color"] == color)


@then(r"the (?P<pile>draw|discard) pile holds (?P<n>\d+) cards?")
def pile_holds(table, pile, n):
    """How many cards lie in a pile."""
    count = _position(table)[f"{pile}_pile"]
    _expect(table, f"the {pile} pile holds {count} cards", count == int(n))


@then(rf"{P} has said UNO")
def has_said_uno(table, player):
    """``player`` holds one card and has declared it."""
    state = _position(table)["uno"][player]
    _expect(table, f"{player}'s UNO: {state}", state == "declared")


@then(rf"(?P<catcher>Ana|Ben) may catch {P}")
def may_catch(table, catcher, player):
    """``player`` holds one card undeclared, and ``catcher`` may call it."""
    verdict = _legal(table)
    state = verdict["position"]["uno"][player]
    catches = [i for i in (verdict["next"] or {}).get("interjections", []) if i["type"] == "catch"]
    _expect(table, f"{player}'s UNO: {state}; catches open: {catches}",
            state == "catchable" and {"type": "catch", "player": catcher} in catches)


@then(rf"nobody may catch {P}")
def nobody_may_catch(table, player):
    """``player`` cannot be caught."""
    verdict = _legal(table)
    state = verdict["position"]["uno"][player]
    catches = [i for i in (verdict["next"] or {}).get("interjections", []) if i["type"] == "catch"]
    _expect(table, f"{player}'s UNO: {state}; catches open: {catches}", state != "catchable" and not catches)


# ---- rounds and the game ------------------------------------------------------------------------

@then(rf"the round is over and {P} went out")
def round_over(table, player):
    """The last round is scored, ``player`` having gone out."""
    verdict = _legal(table)
    out, phase = verdict["rounds"][-1]["out"], verdict["position"]["phase"]
    seen = f"the round is over and {out} went out" if phase == "over" else "the round goes on"
    _expect(table, seen, (out, phase) == (player, "over"))


@then(rf"{P} scores (?P<n>\d+) points? for the round")
def scores_for_round(table, player, n):
    """``player``'s points for the last round."""
    points = (_legal(table)["rounds"][-1]["points"] or {}).get(player)
    _expect(table, f"{player} scores {points} points for the round", points == int(n))


@then(r"the scores stand at Ana (?P<ana>\d+) and Ben (?P<ben>\d+)")
def scores_stand(table, ana, ben):
    """The game's running scores."""
    scores = _legal(table)["scores"]
    _expect(table, f"the scores stand at Ana {scores['Ana']} and Ben {scores['Ben']}",
            scores == {"Ana": int(ana), "Ben": int(ben)})


@then(rf"the game is over and {P} wins")
def game_over(table, player):
    """The game is complete and ``player`` wins it."""
    verdict = _legal(table)
    seen = f"the game is over and {verdict['winner']} wins" if verdict["complete"] else "the game goes on"
    _expect(table, seen, (verdict["complete"], verdict["winner"]) == (True, player))


@then("the game goes on")
def game_goes_on(table):
    """The game is not over: another round follows."""
    verdict = _legal(table)
    seen = f"the game is over and {verdict['winner']} wins" if verdict["complete"] else "the game goes on"
    _expect(table, seen, (verdict["complete"], verdict["winner"]) == (False, None))


@then(rf"{P} drafts first in round (?P<n>\d+)")
def drafts_first(table, player, n):
    """The referee has ``player`` as Player 1 of that round (a round not begun yet: the next pick is
    theirs, the first of that round)."""
    verdict = _legal(table)
    i = int(n) - 1
    if i < len(verdict["rounds"]):
        first = verdict["rounds"][i]["first_drafter"]
    else:
        nxt = verdict["next"] or {}
        begins = nxt.get("phase") == "draft" and nxt.get("round") == int(n)
        first = nxt.get("player") if begins else None
    _expect(table, f"{first} drafts first in round {n}", first == player)


@then("the draft is over")
def draft_over(table):
    """Fourteen picks are made; the next thing is to turn a card up."""
    phase = _position(table)["phase"]
    _expect(table, f"the round is at its {phase}", phase == "turn_up")
