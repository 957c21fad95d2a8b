"""Steps that read the referee's verdict, in the game's words: what comes next, what is forbidden.

Two kinds of outcome, one phrase each kind:

* an allowed act says what happens next in the game (``Ben takes the next turn``, ``Ana must draw 4
  cards``, ``Ben holds 5 cards``, ``the round is over and Ana went out``). Such a step holds only when
  every move so far is allowed: the referee describes the game just before a violation, and a scenario
  that reads that description after a forbidden move would pass for the wrong reason;
* a forbidden act says who may not do what, and why: ``Ana may not keep red skip back: a Reverse's dump
  takes every red card (REV-2)``. It checks the exact rule and the exact entry of the log, as the
  referee names them; where GEN-2 names a rule of the record (LOG-*), the sentence speaks of the game
  and the rule comes from the scenario's tag.

They compare what the verdict says with what the scenario says, nothing more. Each one words what it
read in the scenario's own terms and keeps it in ``table.seen``, so that a variant run can show what
changed.
"""

from __future__ import annotations

import re

from referee.engine.cards import parse_card
from steps.define import then
from steps.table import PLAYERS, ScenarioError, code, codes, name_of, names

P = r"(?P<player>Ana|Ben)"
RULE = r"(?P<rule>[A-Z]+[0-9]*-[0-9]+)"


def forbidden_rule(named: str | None, tags) -> str:
    """The rule a forbidden act is ruled under: the one its sentence names (``(REV-2)``), else the one rule
    of the record (LOG-1 ... LOG-6) among the scenario's tags, which GEN-2 names for acts that no rule of
    the game speaks to (a move out of turn, a card not held, a draw of the wrong size ...)."""
    if named:
        return named
    record = sorted(tag for tag in tags if tag.startswith("LOG-"))
    if len(record) != 1:
        raise ScenarioError("a forbidden act whose sentence names no rule is ruled under the scenario's one "
                            f"rule of the record (a LOG-* tag); this scenario has {record or 'none'}")
    return record[0]


def _act_pointer(table, who: str) -> str:
    """The pointer of the act a forbidden-act sentence is about: ``Ana`` or ``Ben``, that player's last
    entry (a move, a pick, a seat taken); ``round 2``, that round; anyone or anything else, the last
    entry the scenario wrote (a card turned up, a deck, a cut, a claim)."""
    if who in PLAYERS:
        if who not in table.last_by:
            raise ScenarioError(f"{who} has done nothing in this scenario to be forbidden")
        return table.last_by[who]
    if m := re.fullmatch(r"round (\d+)", who):
        return f"/rounds/{int(m.group(1)) - 1}"
    if table.last_pointer is None:
        raise ScenarioError("the scenario has done nothing to be forbidden")
    return table.last_pointer


def _expect(table, seen: str, holds: bool) -> None:
    """Keep what the verdict says (``seen``) and fail unless it is what the scenario says."""
    table.seen = seen
    if not holds:
        raise AssertionError(f"the referee's verdict says: {seen}\n{table.explain()}")


def _legal(table) -> dict:
    """The verdict, which must find every move so far allowed."""
    verdict = table.verdict()
    if verdict["verdict"] != "legal":
        table.seen = table.summary()
        raise AssertionError(f"a move so far is forbidden: {table.seen}\n{table.explain()}")
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

#: A forbidden act: who may not do what, a colon, why, and the rule in brackets unless it is the record's.
FORBIDDEN = rf"(?P<who>.+?) may not (?P<act>[^:]+): (?P<why>.+?)(?: \({RULE}\))?"


def ruling_of(text: str, tags) -> str | None:
    """The rule that a ``Then`` step's ``text`` expects a forbidden act to break (the scenario's ``tags``
    give a record rule), or None when the step is not about a forbidden act."""
    match = re.fullmatch(FORBIDDEN, text)
    return forbidden_rule(match.group("rule"), tags) if match else None


@then(FORBIDDEN)
def forbidden(table, who, rule):
    """A forbidden act, in the game's words: ``Ana may not keep red skip back: a Reverse's dump takes
    every red card (REV-2)``. The act is the last one of ``who`` (see :func:`_act_pointer`); the first
    violation of the game, or, for a game that is no game of UNO DUO at all (a third player), a problem
    of the refusal, must name exactly that rule (:func:`forbidden_rule`) at exactly that act."""
    expected = (forbidden_rule(rule, table.tags), _act_pointer(table, who))
    if table.malformed() is not None:
        found = [(p.get("rule"), p.get("pointer")) for p in table.refusal()]
    else:
        found = [((table.verdict().get("violation") or {}).get("rule"),
                  (table.verdict().get("violation") or {}).get("pointer"))]
    _expect(table, table.summary(), expected in found)


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


@then(rf"{P} may not play (?P<card>[^:]+)")
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
