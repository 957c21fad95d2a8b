"""The rules that move a round: for each moment, for each kind of event, the handler that judges and plays it.

A handler is ``(refusal, effect, own)``. The *refusal* only reads — the rule the event would break, a
:class:`~referee.engine.violation.Refusal`, in GEN-2's order of the checks — and the *effect* only writes;
the *own* check, where the moment has one, is the refusal past "whose move is it", for the mover's own event
(the same answer one call sooner). Every check takes one signature, ``(state, moment, event, named)``
(:data:`Check`); every effect ``(state, moment, event)`` (:data:`Effect`). :data:`HANDLERS` is the dispatch
table, :data:`OPEN` the events each moment takes; :class:`~referee.engine.round_state.RoundState` (the
position) runs them: ``apply`` is refusal then effect, ``refusal`` and ``check`` the refusal alone, and
:mod:`referee.engine.legal` lists what may happen from the same checks.

GEN-2's order of the checks: (1) whose move it is and what the moment allows; (2) the cards themselves
(held, the pile's next, within the deck's count); (3) whether they may be played there; (4) sizes.

Effect fast paths: the commonest play (:func:`_lay`), a draw of known cards (:func:`_take`) and the check of
such a draw (:func:`_draw_refusal`) are kept short for speed; each sits beside its general way
(``_lay_in_full``, ``_take_in_full``, ``_draw_refusal_in_full``), and tests/test_fast_paths.py holds the one
to the other on every position of replayed games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from referee.engine import moment as moments
from referee.engine.actions import Action
from referee.engine.cards import ALL_CARDS, Card, Color, Kind
from referee.engine.moment import Moment, Pending, UnoState
from referee.engine.records import Catch, Challenge, Draw, Dump, Event, Play, SayUno
from referee.engine.violation import Refusal

if TYPE_CHECKING:  # the position is only named here (it imports this module at run time)
    from referee.engine.round_state import RoundState

# Final: the compiled build reads a Final module constant as a C variable, not from the module's dictionary.
NONE: Final = UnoState.NONE
DECLARED: Final = UnoState.DECLARED
CATCHABLE: Final = UnoState.CATCHABLE
_PASS: Final = Action.PASS
_AGAIN: Final = Action.AGAIN
_DRAW_2: Final = Action.DRAW_2
_DRAW_4: Final = Action.DRAW_4
_DRAW_2_CARDS: Final = Action.DRAW_2.draws  # what a Draw 2 adds to the volley (actions.Action)
_VOLLEY: Final = Pending.VOLLEY
_DRAWN: Final = Pending.DRAWN
_TURNS: Final = moments.TURNS

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_KIND_DRAW_2: Final = Kind.DRAW_2
_KIND_NUMBER: Final = Kind.NUMBER
_KIND_WILD_DRAW_4: Final = Kind.WILD_DRAW_4
_PENDING_FINAL: Final = Pending.FINAL
_PENDING_PENALTY: Final = Pending.PENALTY
_PENDING_TURNED_UP: Final = Pending.TURNED_UP
_PENDING_WILD_DRAW_4: Final = Pending.WILD_DRAW_4


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _matches(card: Card, top: Card, color: Color | None) -> bool:
    """TURN-1: ``card`` matches ``top`` (its colour ``color``, chosen for a wild) in colour, number or
    symbol; a wild matches anything."""
    if card.is_wild or card.color is color:
        return True
    if top.is_wild:
        return False
    if card.kind is _KIND_NUMBER:
        return top.kind is _KIND_NUMBER and card.number == top.number
    return card.kind is top.kind


def _matching(top: Card, color: Color | None) -> frozenset[Card]:
    return frozenset(c for c in ALL_CARDS if _matches(c, top, color))


class _ByTop(dict):
    """What matches each card on top, made on first use: a coloured card by itself (keyed by the card), a
    wild by the colour chosen for it (keyed by the pair)."""

    def __missing__(self, key: Card | tuple[Card, Color]) -> frozenset[Card]:
        top, color = key if isinstance(key, tuple) else (key, key.color)
        found = self[key] = _matching(top, color)
        return found


_MATCHING: Final[dict[Card, frozenset[Card]]] = _ByTop()
_MATCHING_WILD: Final[dict[tuple[Card, Color], frozenset[Card]]] = _ByTop()


def matching(top: Card, color: Color | None) -> frozenset[Card]:
    """Every card that may be laid on ``top`` of colour ``color`` (TURN-1), made once for each."""
    return _MATCHING_WILD[(top, color)] if top.is_wild else _MATCHING[top]


def of_colour(cards: list[Card] | tuple[Card, ...], color: Color | None) -> list[Card]:
    """The cards of ``color`` among ``cards``, in their order (what a dump of that colour lays, REV-1)."""
    return [card for card in cards if card.color is color]


#: One signature for every check, ``(state, moment, event, named)``: the refusal and the check past "whose
#: move" alike (``named=False``: a draw judged without the cards it names, as the legal-move list offers it).
Check = Callable[["RoundState", Moment, Event, bool], Refusal | None]
#: One signature for every effect, ``(state, moment, event)``: it runs only after its refusal found nothing.
Effect = Callable[["RoundState", Moment, Event], None]
#: ``(refusal, effect, own)``: an effect of None, never accepted there; an own check of None, none past
#: "whose move".
Handler = tuple[Check, Effect | None, Check | None]


# -- the names a refusal's message uses ------------------------------------------------------------

def _who(state: RoundState, player: int) -> str:
    return state.names[player]


def _top_text(state: RoundState) -> str:
    top = state.discard[-1]
    return f"{top.name} (colour {state.color.word})" if top.is_wild else top.name


# -- (1) whose move, and what the moment allows ----------------------------------------------

def out_of_turn(state: RoundState, moment: Moment, event: Event) -> Refusal | None:
    """LOG-1 for a move by the player whose move it is not; TURN-1 for the unplayable card just drawn,
    played at once (GEN-2's order: it is the drawer's card that may not go there)."""
    player = event.player
    if player == moment.player:
        return None
    missed = moment.missed
    if missed is not None and type(event) is Play and event.card is missed:
        return Refusal("TURN-1", _missed_matches_nothing, state, player, missed)
    return Refusal("LOG-1", _not_their_move, state, moment, player)


def _answer_refusal(state: RoundState, moment: Moment, card: Card) -> Refusal | None:
    """What may be played while a volley, a Wild Draw 4 or the turned-up card is owed (D2-1, D2-2,
    WD4-7, START-3, START-4, LOG-1)."""
    kind = moment.kind
    rules = state.rules
    if kind is _VOLLEY and card.kind is _KIND_DRAW_2:
        if rules.volley:
            return None
        return Refusal("D2-1", _no_volley, state, moment, card)
    if kind is _VOLLEY and card.kind is _KIND_WILD_DRAW_4:
        if rules.wild_draw_4_answers_volley:
            return None
        return Refusal("WD4-7", _no_wild_draw_4_answer)
    if kind is _PENDING_TURNED_UP and card.kind is _KIND_DRAW_2 and state.discard[-1].kind is _KIND_DRAW_2:
        return Refusal("START-3", _turned_up_draw_2, state, moment, card)
    return Refusal("LOG-1", _owes_instead, state, moment, card)


# -- (2) and (3): the cards, and where they may go ------------------------------------------

def _lay_refusal(state: RoundState, moment: Moment, event: Play | Dump, named: bool) -> Refusal | None:
    """A play by the player to act (or the turned-up Reverse's dump): held (LOG-2), then matching
    (TURN-1; a volley's answer need not, D2-2), then the dump (REV-1 … REV-4, START-6), then UNO
    said rightly (UNO-3)."""
    player = event.player
    hand = state.hands[player]
    if type(event) is Dump:
        laid = event.cards
        return (_held_refusal(state, player, laid)
                or _dump_refusal(state, state.discard[-1].color, player, laid, (), turned=True)
                or uno_refusal(state, event))
    card = event.card
    if card not in hand:
        return Refusal("LOG-2", _plays_unheld, state, player, card)
    dump = event.dump
    if dump:
        refusal = _held_refusal(state, player, (card, *dump))
        if refusal is not None:
            return refusal
    allowed = layable(state, moment)
    if allowed is not None and card not in allowed:
        return Refusal("TURN-1", _matches_nothing, state, card)
    if dump:
        refusal = _dump_refusal(state, card.color, player, dump, (card,))
        if refusal is not None:
            return refusal
    if event.uno:
        return uno_refusal(state, event)
    return None


def layable(state: RoundState, moment: Moment) -> frozenset[Card] | None:
    """TURN-1: the cards that may go on the discard pile now — those matching its top card or the colour to
    play (:attr:`RoundState.matching`) — or None for any card, when a volley is answered (D2-2: the answer
    need not match). The one statement of it: the check above asks it for the card laid, and the legal-move
    list asks it once for the whole hand, so that a card matching nothing is passed over without a refusal
    made for it."""
    return None if moment.kind is _VOLLEY else state.matching


def _held_refusal(state: RoundState, player: int, cards: tuple[Card, ...]) -> Refusal | None:
    """LOG-2: the player holds every one of ``cards`` (as many copies as listed)."""
    hand = state.hands[player]
    if len(set(cards)) == len(cards):  # no card twice (the common case): held is enough
        for card in cards:
            if card not in hand:
                return Refusal("LOG-2", _dumps_unheld, state, player, card, "it")
        return None
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return Refusal("LOG-2", _dumps_unheld, state, player, card, "it" if card not in hand else "that many")
        rest.remove(card)
    return None


def _dump_refusal(state: RoundState, color: Color, player: int, dump: tuple[Card, ...], laid: tuple[Card, ...],
                  turned: bool = False) -> Refusal | None:
    """REV-1 … REV-4 (START-6 on the ``turned`` up Reverse): every card of the colour, nothing else.
    The cards are held (checked before)."""
    if not turned and not state.rules.reverse_dump:
        return Refusal("REV-1", _no_dump, state, player)
    for card in dump:
        if card.is_wild:
            return Refusal("START-6" if turned else "REV-4", _wild_in_dump, card)
        if card.color is not color:
            return Refusal("START-6" if turned else "REV-1", _other_colour, card, color)
    # Every card laid is held and of the colour: all of the colour go when as many are laid as held.
    if len(of_colour(state.hands[player], color)) > len(laid) + len(dump):
        return Refusal("START-6" if turned else "REV-2", _partial_dump, state, player, color, laid + dump, turned)
    return None


def cards_left(state: RoundState, event: Play | Dump) -> int:
    """How many cards the player of ``event`` holds once its cards are laid."""
    laid = 1 + len(event.dump) if type(event) is Play else len(event.cards)
    return len(state.hands[event.player]) - laid


def may_say_uno(state: RoundState, event: Play | Dump) -> bool:
    """UNO-3: UNO may be said with the play that leaves exactly one card (the one statement of it: the
    check below asks it, and the legal-move list asks it alone, with no refusal to make)."""
    return cards_left(state, event) == 1


def uno_refusal(state: RoundState, event: Play | Dump, said: bool = False) -> Refusal | None:
    """UNO-3 (:func:`may_say_uno`) for an event that says UNO; ``said`` judges it as if it did."""
    if not (event.uno or said) or may_say_uno(state, event):
        return None
    return Refusal("UNO-3", _uno_not_at_one, state, event.player, cards_left(state, event))


def _draw_refusal(state: RoundState, event: Draw, count: int) -> Refusal | None:
    """The cards a draw names (LOG-2, LOG-3, DECK-2; a shuffled refill's, LOG-2), then its size (LOG-4)."""
    slots = state.pile.slots
    if event.refill is None and 0 < count <= len(slots):  # the common cases, kept short:
        named = event.cards
        if count == 1:  # one known card, no refill due
            top = slots[-1]
            if top is not None and (named is None or (len(named) == 1 and named[0] is top)):
                return None
        else:
            tops = slots[-count:]
            if None not in tops and (named is None or (len(named) == count and named == tuple(reversed(tops)))):
                return None
    return _draw_refusal_in_full(state, event, count)


def _draw_refusal_in_full(state: RoundState, event: Draw, count: int) -> Refusal | None:
    """:meth:`_draw_refusal` the general way, for every draw (the common cases above are held to it by
    tests/test_fast_paths.py)."""
    pile = state.pile
    from_pile = min(count, len(pile))
    refusal = _refill_refusal(state, event, count - from_pile)
    if refusal is not None:
        return refusal
    slots = pile.peek(from_pile) + _refill(state, event, count - from_pile)[:count - from_pile]
    named = event.cards
    if named is not None and len(named) != len(slots):
        common = min(len(named), len(slots))
        refusal = pile.refuse(named[:common], slots[:common], lambda: f"{_who(state, event.player)}'s draw")
        if refusal is not None:
            return refusal
        short = f" (the piles hold only {len(slots)})" if len(slots) < count else ""
        return Refusal("LOG-4", lambda: (f"{_who(state, event.player)} must draw {_cards(len(slots))}, "
                                         f"not {len(named)}{short}"))
    return pile.refuse(named, slots, lambda: f"{_who(state, event.player)}'s draw")


def _refill_refusal(state: RoundState, event: Draw, missing: int) -> Refusal | None:
    """REFILL-1 under a shuffling variant: the draw that needs a refill records it, exactly the
    turned-over cards; no other draw records one (LOG-2)."""
    needed = missing > 0 and len(state.discard) > 1
    if not state.shuffled:
        if event.refill is not None:
            return Refusal("LOG-2", lambda: "this variant turns the discards over: a draw records no refill")
        return None
    if event.refill is None:
        if needed:
            return Refusal("LOG-2", lambda: "the draw pile ran out: the draw must record the shuffled refill")
        return None
    if not needed:
        return Refusal("LOG-2", lambda: "no refill happens at this draw, yet it records one")
    if sorted(event.refill, key=id) != sorted(state._turned_over(), key=id):
        return Refusal("LOG-2", lambda: "the refill must be exactly the discards under the top card")
    return None


def _refill(state: RoundState, event: Draw, missing: int) -> list[Card]:
    """The new draw pile (top first) if this draw empties the pile and needs more, else nothing."""
    if missing <= 0 or len(state.discard) <= 1:
        return []
    return list(event.refill) if state.shuffled else state._turned_over()


# -- the effects: each runs only after its refusal found nothing ------------------------------

def _lay(state: RoundState, moment: Moment, event: Play | Dump) -> None:
    """Lay the event's cards from the hand and carry out the final card's action (REV-4, REV-5,
    SKIP-1, D2-1, WILD-1, WD4-1, WD4-2), or end the round (END-1, END-2). An answer adds to what
    ``moment`` owes (nothing is owed on a turn)."""
    if type(event) is Play and not event.dump:
        player = event.player
        hand = state.hands[player]
        final = event.card
        action = state.actions[final]
        if action is not _DRAW_4 and len(hand) > 2 and not event.uno:
            # The commonest play, kept short: one card, no UNO, neither going out nor a Wild Draw 4 (so
            # neither END-1 nor a bluff to judge).
            hand.remove(final)
            state.discard.append(final)
            if final.is_wild:
                color = state.color = event.color
                state.matching = _MATCHING_WILD[(final, color)]
            else:
                state.color = final.color
                state.matching = _MATCHING[final]
            if state.uno[player] is not NONE:  # (most plays leave it so: no call)
                state.set_uno(player, NONE)
            if action is _PASS:
                state.moment = _TURNS[1 - player]
            elif action is _AGAIN:
                state.moment = _TURNS[player]
            else:
                state.moment = moments.volley(1 - player, moment.cards + _DRAW_2_CARDS)
            return
    _lay_in_full(state, moment, event)


def _lay_in_full(state: RoundState, moment: Moment, event: Play | Dump) -> None:
    """:meth:`_lay` the general way, for every play and dump (the commonest play above is held to it by
    tests/test_fast_paths.py)."""
    player = event.player
    hand = state.hands[player]
    if type(event) is Play:
        final = event.card
        dump = event.dump
        if not dump:
            laid: tuple[Card, ...] = (final,)
        else:
            laid = (final, *dump)
            final = dump[-1]
    else:
        laid = event.cards
        final = laid[-1]
    action = state.actions[final]
    # WD4-6: a Wild Draw 4 just drawn is no bluff
    bluff = action is _DRAW_4 and moment.kind is not _DRAWN and _bluffing(state, player, final)
    for card in laid:
        hand.remove(card)
    state.discard.extend(laid)
    color = state.color = event.color if final.is_wild else final.color  # a wild is only played alone
    state.matching = matching(final, color)
    left = len(hand)
    state.set_uno(player, (DECLARED if event.uno else CATCHABLE) if left == 1 else NONE)
    opponent = 1 - player
    total = moment.cards + action.draws
    if left == 0:
        state.out = player
        final_draw = state.rules.final_draw and action.draws
        state.moment = moments.final(opponent, total) if final_draw else moments.over(opponent)
    elif action is _AGAIN:
        state.moment = _TURNS[player]
    elif action is _DRAW_2:
        state.moment = moments.volley(opponent, total)
    elif action is _DRAW_4:
        state.moment = moments.wild_draw_4(opponent, total, bluff)
    else:
        state.moment = _TURNS[opponent]


def _bluffing(state: RoundState, player: int, wd4: Card) -> bool:
    """WD4-6: did the player hold another card they could have played?"""
    if state.rules.challenge == "none":
        return False
    others = list(state.hands[player])
    others.remove(wd4)
    if state.rules.challenge == "current-colour":
        return any(c.color is state.color for c in others)
    playable = state.matching
    return any(c.kind is not _KIND_WILD_DRAW_4 and c in playable for c in others)


def _take(state: RoundState, event: Draw, count: int) -> list[Card]:
    """Draw ``count`` cards into the player's hand, refilling the pile once if needed (REFILL-1/2)."""
    slots = state.pile.slots
    if count == 1 and slots and slots[-1] is not None:
        taken = [slots.pop()]  # the common case, kept short: one known card
    elif 0 < count <= len(slots) and None not in slots[-count:]:
        # The pile holds enough known cards, so no refill is due.
        taken = slots[:-count - 1:-1]
        del slots[-count:]
    else:
        return _take_in_full(state, event, count)
    state.hands[event.player].extend(taken)
    if taken and state.uno[event.player] is not NONE:
        state.set_uno(event.player, NONE)
    return taken


def _take_in_full(state: RoundState, event: Draw, count: int) -> list[Card]:
    """:meth:`_take` the general way, for every draw (the common cases above are held to it by
    tests/test_fast_paths.py)."""
    pile = state.pile
    named = event.cards
    from_pile = min(count, len(pile))
    missing = count - from_pile
    refill = _refill(state, event, missing)
    peeked = pile.peek(from_pile) + refill[:missing]
    taken = list(peeked) if named is None else list(named)
    pile.commit(from_pile, [c for s, c in zip(peeked, taken, strict=True) if s is None])
    if refill:
        pile.replace(refill[missing:])
        del state.discard[:-1]
    state.hands[event.player].extend(taken)
    if taken and state.uno[event.player] is not NONE:
        state.set_uno(event.player, NONE)
    return taken


# -- the words of the refusals the legal-move list meets, as functions: a refusal then costs one small
# object, not a closure, and its check no closure's cells (the list tries many candidates, reads no message;
# compiled, a function that makes a closure allocates its environment at every call) ----------------------


def _missed_matches_nothing(state: RoundState, player: int, missed: Card) -> str:
    return (f"{_who(state, player)} drew {missed.name}, which matches {_top_text(state)} in neither colour, "
            "number nor symbol")


def _not_their_move(state: RoundState, moment: Moment, player: int) -> str:
    return (f"it is {_who(state, moment.player)}'s move, not {_who(state, player)}'s"
            + (f" (they owe {moment.cards} cards)" if moment.owes() else ""))


def _no_volley(state: RoundState, moment: Moment, card: Card) -> str:
    return (f"this variant has no volley: {_who(state, moment.player)} draws {moment.cards}, and may not answer "
            f"with {card.name}")


def _no_wild_draw_4_answer() -> str:
    return "a Wild Draw 4 may not answer a Draw 2 volley"


def _turned_up_draw_2(state: RoundState, moment: Moment, card: Card) -> str:
    return (f"the turned-up Draw 2 was played by nobody: it cannot be answered with {card.name}; "
            f"{_who(state, moment.player)} draws 2")


def _plays_unheld(state: RoundState, player: int, card: Card) -> str:
    return f"{_who(state, player)} plays {card.name} but does not hold it"


def _dumps_unheld(state: RoundState, player: int, card: Card, what: str) -> str:
    return f"{_who(state, player)} dumps {card.name} but does not hold {what}"


def _matches_nothing(state: RoundState, card: Card) -> str:
    return f"{card.name} matches {_top_text(state)} in neither colour, number nor symbol"


def _owes_instead(state: RoundState, moment: Moment, card: Card) -> str:
    volley = moment.kind is _VOLLEY and state.rules.volley
    return (f"{_who(state, moment.player)} owes {moment.cards} cards and must draw them"
            + (" or answer with a Draw 2" if volley else "")
            + (" or challenge" if moment.kind is _PENDING_WILD_DRAW_4 else "") + f", not play {card.name}")


def _uno_not_at_one(state: RoundState, player: int, left: int) -> str:
    return f"UNO is said with the play that leaves one card; {_who(state, player)} would hold {left}"


def _no_late_uno(state: RoundState, player: int) -> str:
    why = "said it already" if state.uno[player] is DECLARED else f"hold {_cards(len(state.hands[player]))}"
    return f"{_who(state, player)} may not say UNO now: they {why}"


def _no_catch(state: RoundState, player: int) -> str:
    caught = 1 - player
    why = "declared UNO" if state.uno[caught] is DECLARED else f"holds {_cards(len(state.hands[caught]))}"
    return f"{_who(state, player)} cannot catch {_who(state, caught)}, who {why}"


def _no_dump(state: RoundState, player: int) -> str:
    return f"this variant has no Reverse dump: {_who(state, player)} may play the Reverse alone"


def _wild_in_dump(card: Card) -> str:
    return f"a wild has no colour and is never part of a dump ({card.name})"


def _other_colour(card: Card, color: Color) -> str:
    return f"{card.name} is not {color.word}: a dump lays only cards of that colour"


def _partial_dump(state: RoundState, player: int, color: Color, laid: tuple[Card, ...], turned: bool) -> str:
    rest = list(state.hands[player])
    for card in laid:
        rest.remove(card)
    kept = ", ".join(c.name for c in of_colour(rest, color))
    what = "dumped on the turned-up Reverse" if turned else f"played {laid[0].name}"
    return f"{_who(state, player)} {what} but kept {kept}: every {color.word} card goes, or none"


def _only_the_drawn_card(state: RoundState, player: int, drawn: Card, card: Card) -> str:
    return f"{_who(state, player)} drew {drawn.name} and may play only that card, not {card.name}"


# -- interjections (UNO-2 … UNO-4): open at every moment but an imposed draw and the round's end ------

def _refuse_uno(state: RoundState, moment: Moment, event: SayUno, named: bool) -> Refusal | None:
    standing = state.uno[event.player]
    if standing is CATCHABLE:
        return None
    return Refusal("UNO-3", _no_late_uno, state, event.player)


def _say_uno(state: RoundState, moment: Moment, event: SayUno) -> None:
    state.set_uno(event.player, DECLARED)


def _refuse_catch(state: RoundState, moment: Moment, event: Catch, named: bool) -> Refusal | None:
    caught = 1 - event.player
    standing = state.uno[caught]
    if standing is CATCHABLE:
        return None
    return Refusal("UNO-3", _no_catch, state, event.player)


def _catch(state: RoundState, moment: Moment, event: Catch) -> None:
    caught = 1 - event.player
    state.moment = moments.penalty(caught, state.rules.uno_penalty, "UNO-2", moment)
    state.set_uno(caught, NONE)  # caught once: no longer catchable, even if the penalty draws nothing


# -- an ordinary turn (TURN-1 … TURN-3), and the turned-up Reverse's opening (START-6) ------------------

def _refuse_turn_play(state: RoundState, moment: Moment, event: Play, named: bool) -> Refusal | None:
    if event.player != moment.player:
        return out_of_turn(state, moment, event)
    return _lay_refusal(state, moment, event, named)


def _refuse_draw(state: RoundState, moment: Moment, event: Draw, named: bool) -> Refusal | None:
    """A draw by the player to act: one on a turn (TURN-3), what is owed otherwise."""
    if event.player != moment.player:
        return out_of_turn(state, moment, event)
    return _own_draw_refusal(state, moment, event, named)


def _own_draw_refusal(state: RoundState, moment: Moment, event: Draw, named: bool) -> Refusal | None:
    """The mover's draw: the cards it names (when ``named``), as many as the moment takes."""
    return _draw_refusal(state, event, moment.cards or 1) if named else None


def _draw_one(state: RoundState, moment: Moment, event: Draw) -> None:
    """TURN-3: draw one; if it is playable the player may play it, else the turn ends."""
    player = event.player
    drawn = _take(state, event, 1)
    card = drawn[0] if drawn else None
    if card is not None and card in state.matching:
        state.moment = moments.drawn(player, card)
    else:
        state.moment = moments.turn(1 - player, card)


def _refuse_no_challenge(state: RoundState, moment: Moment, event: Challenge, named: bool) -> Refusal | None:
    return out_of_turn(state, moment, event) or Refusal(
        "LOG-1", lambda: f"there is no Wild Draw 4 for {_who(state, event.player)} to challenge")


def _refuse_closed_dump(state: RoundState, moment: Moment, event: Dump, named: bool) -> Refusal | None:
    return out_of_turn(state, moment, event) or Refusal(
        "LOG-1", lambda: ("a dump without a Reverse of one's own is open only on the first turn after a "
                          "turned-up Reverse"))


def _refuse_opening_dump(state: RoundState, moment: Moment, event: Dump, named: bool) -> Refusal | None:
    if event.player != moment.player:
        return out_of_turn(state, moment, event)
    return _lay_refusal(state, moment, event, named)


# -- a card just drawn that may be played (TURN-3) -------------------------------------------------------

def _kept(moment: Moment) -> Moment:
    """The moment once the drawn card is kept: the opponent's turn."""
    return moments.turn(1 - moment.player)


def _refuse_drawn_play(state: RoundState, moment: Moment, event: Play, named: bool) -> Refusal | None:
    if event.player != moment.player:
        return _refuse_kept(state, moment, event, named)
    return _drawn_card_refusal(state, moment, event, named)


def _drawn_card_refusal(state: RoundState, moment: Moment, event: Play, named: bool) -> Refusal | None:
    """The drawer's play after a one-card draw: that card only (TURN-3), then as any play."""
    drawn = moment.card
    if event.card is not drawn:
        return Refusal("TURN-3", _only_the_drawn_card, state, event.player, drawn, event.card)
    return _lay_refusal(state, moment, event, named)


def _drawn_play(state: RoundState, moment: Moment, event: Play) -> None:
    if event.player != moment.player:
        return _after_keeping(state, moment, event)
    _lay(state, moment, event)


def _refuse_kept(state: RoundState, moment: Moment, event: Event, named: bool) -> Refusal | None:
    """Any event but the drawer's play (or an interjection) means the card was kept: judge it there."""
    kept = _kept(moment)
    return HANDLERS[kept.kind][type(event)][0](state, kept, event, named)


def _after_keeping(state: RoundState, moment: Moment, event: Event) -> None:
    kept = state.moment = _kept(moment)
    HANDLERS[kept.kind][type(event)][1](state, kept, event)


# -- what is owed: a volley (D2-1 … D2-3), a Wild Draw 4 (WD4-1 … WD4-7), the turned-up card ---------------

def _refuse_answer(state: RoundState, moment: Moment, event: Play, named: bool) -> Refusal | None:
    if event.player != moment.player:
        return out_of_turn(state, moment, event)
    return _answer_card_refusal(state, moment, event, named)


def _answer_card_refusal(state: RoundState, moment: Moment, event: Play, named: bool) -> Refusal | None:
    """A play while something is owed: an answer the moment allows, then as any play."""
    return _answer_refusal(state, moment, event.card) or _lay_refusal(state, moment, event, named)


def _owed_draw(state: RoundState, moment: Moment, event: Draw) -> None:
    """D2-3, WD4-1, START-3, START-4: draw what is owed; the turn ends, the other player moves."""
    _take(state, event, moment.cards)
    state.moment = moments.turn(1 - event.player)


def _refuse_challenge(state: RoundState, moment: Moment, event: Challenge, named: bool) -> Refusal | None:
    refusal = out_of_turn(state, moment, event)
    if refusal is not None:
        return refusal
    if state.rules.challenge == "none":
        return Refusal("WD4-3", lambda: "this variant has no Wild Draw 4 challenge")
    return None


def _challenge(state: RoundState, moment: Moment, event: Challenge) -> None:
    """WD4-3 (the hand shown to the challenger), WD4-4, WD4-5, WD4-7: the loser's draw comes next; the
    winner's side moves after it."""
    challenger, rules = event.player, state.rules
    state.shown = (challenger, tuple(state.hands[1 - challenger]))  # WD4-3: shown to the challenger alone
    if moment.bluff:
        state.moment = moments.penalty(1 - challenger, rules.bluff_draw, "WD4-4", moments.turn(challenger))
    else:
        state.moment = moments.penalty(challenger, rules.failed_challenge_draw, "WD4-5",
                                       moments.turn(1 - challenger))


def _refuse_turned_up_challenge(state: RoundState, moment: Moment, event: Challenge,
                                named: bool) -> Refusal | None:
    refusal = out_of_turn(state, moment, event)
    if refusal is not None:
        return refusal
    if state.discard[-1].kind is _KIND_WILD_DRAW_4:
        return Refusal("START-4", lambda: "nobody played the turned-up Wild Draw 4: it cannot be challenged")
    return _refuse_no_challenge(state, moment, event, named)


# -- an imposed draw: after a catch or a challenge (UNO-2, WD4-4, WD4-5), or END-2 ----------------------

def _refuse_imposed(state: RoundState, moment: Moment, event: Event, named: bool) -> Refusal | None:
    if type(event) is not Draw or event.player != moment.player:
        what = f"{_who(state, moment.player)}'s draw of {moment.cards}"
        if moment.kind is _PENDING_FINAL:
            return Refusal("END-2", lambda: f"{_who(state, state.out)} went out: nothing comes before {what}")
        return Refusal("LOG-1", lambda: f"the next event must be {what} ({moment.rule})")
    return _draw_refusal(state, event, moment.cards) if named else None


def _imposed_draw(state: RoundState, moment: Moment, event: Draw) -> None:
    _take(state, event, moment.cards)
    # A penalty's moment always has the moment it interrupted (``then``).
    state.moment = moment.then if moment.kind is _PENDING_PENALTY else moments.over(moment.player)  # type: ignore[assignment]


def _refuse_after_end(state: RoundState, moment: Moment, event: Event, named: bool) -> Refusal | None:
    return Refusal("LOG-6", lambda: f"the round is over: {_who(state, state.out)} went out")


_INTERJECTIONS: dict[type, Handler] = {SayUno: (_refuse_uno, _say_uno, None),
                                        Catch: (_refuse_catch, _catch, None)}
_TURN: dict[type, Handler] = {
    Play: (_refuse_turn_play, _lay, _lay_refusal),
    Draw: (_refuse_draw, _draw_one, _own_draw_refusal),
    Challenge: (_refuse_no_challenge, None, None), Dump: (_refuse_closed_dump, None, None), **_INTERJECTIONS}
_OWED: dict[type, Handler] = {
    Play: (_refuse_answer, _lay, _answer_card_refusal), Draw: (_refuse_draw, _owed_draw, _own_draw_refusal),
    Challenge: (_refuse_no_challenge, None, None), Dump: (_refuse_closed_dump, None, None), **_INTERJECTIONS}
_IMPOSED: dict[type, Handler] = {cls: (_refuse_imposed, _imposed_draw if cls is Draw else None, None)
                                 for cls in (Play, Dump, Draw, Challenge, SayUno, Catch)}
_KEPT: Handler = (_refuse_kept, _after_keeping, None)

#: For each moment, for each kind of event: (refusal, effect, the refusal past the player check, where
#: there is one); an effect of None: never accepted there.
HANDLERS: Final[dict[Pending, dict[type, Handler]]] = {
    Pending.TURN: _TURN,
    Pending.OPENING: {**_TURN, Dump: (_refuse_opening_dump, _lay, _lay_refusal)},
    Pending.VOLLEY: _OWED,
    Pending.WILD_DRAW_4: {**_OWED, Challenge: (_refuse_challenge, _challenge, None)},
    Pending.TURNED_UP: {**_OWED, Challenge: (_refuse_turned_up_challenge, None, None)},
    Pending.DRAWN: {Play: (_refuse_drawn_play, _drawn_play, _drawn_card_refusal), Draw: _KEPT,
                    Challenge: _KEPT, Dump: _KEPT, **_INTERJECTIONS},
    Pending.PENALTY: _IMPOSED,
    Pending.FINAL: _IMPOSED,
    Pending.OVER: {cls: (_refuse_after_end, None, None) for cls in (Play, Dump, Draw, Challenge, SayUno, Catch)},
}
#: For each moment, the events it takes itself (not those it hands on to the moment after a kept card).
OPEN: Final[dict[Pending, tuple[type, ...]]] = {
    # (_KEPT known by its refusal, not by the tuple's identity: compiled, a tuple constant is boxed anew where
    # it is read, and ``handler is not _KEPT`` held for every handler -- OPEN[DRAWN] had the kept classes.)
    kind: tuple(cls for cls, handler in table.items() if handler[1] is not None and handler[0] is not _refuse_kept)
    for kind, table in HANDLERS.items()}


__all__ = ["CATCHABLE", "DECLARED", "HANDLERS", "NONE", "OPEN", "Check", "Effect", "Handler", "layable", "matching",
           "may_say_uno", "of_colour", "uno_refusal"]
