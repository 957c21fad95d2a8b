"""What may happen now: the events open to the player to move, written as they would stand in a log.

Used for the verdict's ``next``, by the simulator's bots and by the service. Every event listed here is
one :meth:`RoundState.apply` accepts (a property the test suite checks on thousands of positions).
"""

from __future__ import annotations

from referee.cards import Card, Color, Kind
from referee.round_state import CATCHABLE, VOLLEY, WILD_DRAW_4, RoundState


def _play(state: RoundState, player: int, card: Card, laid: int = 1) -> list[dict]:
    """Every way of playing ``card``: one per colour for a wild, with and without a dump for a Reverse."""
    uno = len(state.hands[player]) - laid == 1
    base = {"type": "play", "card": card.code}
    if card.is_wild:
        options = [{**base, "color": c.word} for c in Color]
    else:
        options = [base]
        if card.kind is Kind.REVERSE and state.rules.reverse_dump and state.owed is None:
            rest = _colour_rest(state.hands[player], card)
            if rest:
                dumped = {**base, "dump": [c.code for c in rest]}
                if len(state.hands[player]) - 1 - len(rest) == 1:
                    dumped["uno"] = True
                options.append(dumped)
    if uno:
        for option in options:
            if "dump" not in option:
                option["uno"] = True
    return options


def _colour_rest(hand: list[Card], reverse: Card) -> list[Card]:
    rest = [c for c in hand if c.color is reverse.color]
    rest.remove(reverse)
    return rest


def legal_events(state: RoundState) -> dict:
    """``{"player", "owes", "drawn", "legal", "interjections"}`` for a round in play."""
    if state.penalty is not None:
        player = state.penalty[0]
        return _next(state, player, [{"type": "draw"}], interjections=False)
    player = state.turn
    if state.drawn is not None:
        return _next(state, player, _play(state, player, state.drawn))
    hand = state.hands[player]
    distinct = list(dict.fromkeys(hand))
    if state.owed is not None:
        legal = _answers(state, player, distinct)
    else:
        legal = [e for c in distinct if state.matches(c) for e in _play(state, player, c)]
        if state.first_dump:
            color = state.discard[-1].color
            cards = [c for c in hand if c.color is color]
            if cards:
                dump = {"type": "dump", "cards": [c.code for c in cards]}
                if len(hand) - len(cards) == 1:
                    dump["uno"] = True
                legal.append(dump)
    legal.append({"type": "draw"})
    return _next(state, player, legal)


def _answers(state: RoundState, player: int, distinct: list[Card]) -> list[dict]:
    rules, owed = state.rules, state.owed
    legal: list[dict] = []
    if owed == VOLLEY and rules.volley:
        legal += [e for c in distinct if c.kind is Kind.DRAW_2 for e in _play(state, player, c)]
    if owed == VOLLEY and rules.wild_draw_4_answers_volley:
        legal += [e for c in distinct if c.kind is Kind.WILD_DRAW_4 for e in _play(state, player, c)]
    if owed == WILD_DRAW_4 and rules.challenge != "none":
        legal.append({"type": "challenge"})
    # A turned-up Draw 2 or Wild Draw 4 (TURNED_UP) is only drawn (START-3, START-4).
    return legal


def _next(state: RoundState, player: int, legal: list[dict], interjections: bool = True) -> dict:
    return {
        "player": state.names[player],
        "phase": "play",
        "owes": state.owes(),
        "drawn": state.drawn.code if state.drawn is not None else None,
        "legal": legal,
        "interjections": _interjections(state) if interjections else [],
    }


def _interjections(state: RoundState) -> list[dict]:
    """UNO-3, UNO-4: a catchable player may still say UNO; the opponent may catch them."""
    found = []
    for player in (0, 1):
        if state.uno[player] == CATCHABLE:
            found.append({"type": "uno", "player": state.names[player]})
            found.append({"type": "catch", "player": state.names[1 - player]})
    return found
