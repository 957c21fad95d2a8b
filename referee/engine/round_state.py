"""One round of UNO DUO in play: the position, and every rule that moves it, each stated once.

:class:`RoundState` holds the hands, the piles, the colour to match, each player's UNO standing and the
:class:`~referee.engine.moment.Moment` (who is to act, what is pending). An event is judged by the handler for
the moment's kind and the event's class (:data:`_HANDLERS`): a *refusal* half that only reads — the rule
the event would break, in GEN-2's order of the checks — and an *effect* half that only writes.
:meth:`RoundState.apply` runs the one and then the other, so a rejected event leaves the position as it
was (the valid prefix); :meth:`RoundState.refusal` runs the first alone, which is how
:mod:`referee.engine.legal` lists what may happen now: from the very checks that apply runs.

GEN-2's order of the checks: (1) whose move it is and what the moment allows; (2) the cards themselves
(held, the pile's next, within the deck's count); (3) whether they may be played there; (4) sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from referee.engine import moment as moments
from referee.engine.actions import Action, action_of, actions, opens_dump
from referee.engine.cards import ALL_CARDS, Card, Color, Kind
from referee.engine.deck import hand_points
from referee.engine.moment import Moment, Owes, Pending, UnoState
from referee.engine.piles import DrawPile
from referee.engine.variants import Rules
from referee.engine.violation import Refusal, RuleBroken, broken
from referee.log.records import Catch, Challenge, Draw, Dump, Event, Play, SayUno
from referee.log.verdict import Phase, Position

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
_TABLES: dict = {}


def _actions(rules: Rules) -> dict[Card, Action]:
    """The action table of ``rules``, made once per variant."""
    table = _TABLES.get(id(rules))
    if table is None or table[0] is not rules:
        table = _TABLES[id(rules)] = (rules, actions(rules))
    return table[1]


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _matches(card: Card, top: Card, color: Color | None) -> bool:
    """TURN-1: ``card`` matches ``top`` (its colour ``color``, chosen for a wild) in colour, number or
    symbol; a wild matches anything."""
    if card.is_wild or card.color is color:
        return True
    if top.is_wild:
        return False
    if card.kind is Kind.NUMBER:
        return top.kind is Kind.NUMBER and card.number == top.number
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


class RoundState:
    """The position of a round in play, and the rules that change it."""

    __slots__ = ("actions", "color", "discard", "hands", "matching", "moment", "names", "out", "pile", "rules",
                 "shuffled", "uno")

    def __init__(self, rules: Rules, names: tuple[str, str], hands: list[list[Card]], pile: DrawPile):
        self.rules = rules
        self.names = names
        self.hands = hands
        self.pile = pile
        self.discard: list[Card] = []
        self.color: Color | None = None    # the colour to match: the top card's, or the chosen one
        self.matching: frozenset[Card] = frozenset()  # the cards that match the top now (TURN-1)
        self.moment: Moment = moments.turn(0)  # set when play begins (turn_up, start_from)
        self.uno = [NONE, NONE]
        self.out: int | None = None        # who went out
        self.shuffled = rules.refill == "shuffle"
        self.actions = _actions(rules)     # each card's action under these rules (actions.action_of)

    def copy(self) -> RoundState:
        """An independent copy of the position, to try events on: its own hands, piles and UNO standings
        (cards, moments and rules are values, shared)."""
        twin = RoundState(self.rules, self.names, [list(self.hands[0]), list(self.hands[1])], self.pile.copy())
        twin.discard = list(self.discard)
        twin.color = self.color
        twin.matching = self.matching
        twin.moment = self.moment
        twin.uno = list(self.uno)
        twin.out = self.out
        return twin

    def known_to(self, seat: int | None) -> RoundState:
        """The position as ``seat`` knows it (None: the public), for the checks of that seat's own
        decisions (a player's view, :mod:`referee.play.view`): its own hand (a copy), the other hand as
        as many unknown cards (None), the discard pile's top card alone, no draw pile, and the moment
        without what only the other player knows (:func:`~referee.engine.moment.seen_by`). The checks of the
        seat's plays, dumps, challenges, unnamed draws and interjections read nothing else; the other hand
        and the pile's order are not there to read."""
        own = self.hands
        if seat is None:
            hands = [_unknown(len(own[0])), _unknown(len(own[1]))]
        elif seat == 0:
            hands = [list(own[0]), _unknown(len(own[1]))]
        else:
            hands = [_unknown(len(own[0])), list(own[1])]
        twin = RoundState(self.rules, self.names, hands, _NO_PILE)
        twin.discard = self.discard[-1:]
        twin.color = self.color
        twin.matching = self.matching
        twin.moment = moments.seen_by(self.moment, seat)
        twin.uno = list(self.uno)
        twin.out = self.out
        return twin

    # -- reading the position ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once a player has gone out and any END-2 draw has been made."""
        return self.moment.kind is Pending.OVER

    @property
    def to_act(self) -> int:
        """Who is to act now (the drawer of an imposed draw, the player owing a volley, ...)."""
        return self.moment.player

    @property
    def drawn(self) -> Card | None:
        """The playable card just drawn, which its drawer may play now (TURN-3), else None."""
        return self.moment.drawn

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def owes(self) -> Owes | None:
        """What the player to act owes."""
        return self.moment.owes()

    def points(self) -> tuple[int, int]:
        """The round's points (SCORE-1, SCORE-2) once it is over."""
        loser = 1 - self.out
        pts = [0, 0]
        scored = hand_points(self.hands[loser], self.rules)
        pts[self.out if self.rules.scoring == "opponent-hand" else loser] = scored
        return pts[0], pts[1]

    def context(self) -> dict:
        """The few facts a ruling rests on, for the verdict (JSON-ready)."""
        owes = self.owes()
        return {
            "top": self.top.code if self.top else None,
            "color": self.color.word if self.color else None,
            "hand_sizes": {self.names[i]: len(self.hands[i]) for i in (0, 1)},
            "draw_pile": len(self.pile),
            "to_act": self.names[self.moment.player],
            "owes": owes.to_dict() if owes else None,
        }

    def position(self, number: int) -> Position:
        """The table as it stands, for the verdict (round ``number``, counted from 1)."""
        return Position(self.names, number, Phase.OVER if self.over else Phase.PLAY,
                        (tuple(self.hands[0]), tuple(self.hands[1])), self.top, self.color, len(self.pile),
                        len(self.discard), (self.uno[0], self.uno[1]), self.owes())

    def _who(self, player: int) -> str:
        return self.names[player]

    def _top_text(self) -> str:
        top = self.discard[-1]
        return f"{top.name} (colour {self.color.word})" if top.is_wild else top.name

    # -- starting play ---------------------------------------------------------------------------

    @classmethod
    def turned_up(cls, rules: Rules, names: tuple[str, str], hands: list[list[Card]], pile: DrawPile,
                  card: Card, chosen: Color | None, player_1: int) -> RoundState:
        """START-1: after the draft (or deal), ``card`` is turned up from the top of ``pile`` (it must be
        the pile's next card where that is known, LOG-2) and play begins (:meth:`turn_up`)."""
        slots = pile.peek(1)
        if not slots:
            raise RuleBroken("LOG-2", "the draw pile is empty: no card can be turned up")
        card = pile.take([card], slots, "the turned-up card")[0]
        pile.commit(1, [card] if slots[0] is None else [])
        state = cls(rules, names, hands, pile)
        state.turn_up(card, chosen, player_1)
        return state

    def turn_up(self, card: Card, chosen: Color | None, player_1: int) -> None:
        """START-1 … START-8: begin the discard pile with the turned-up ``card``."""
        rules = self.rules
        self.discard.append(card)
        self.color = chosen if card.is_wild else card.color
        self.matching = matching(card, self.color)
        first = 1 - player_1  # START-2: Player 2 goes first
        action = action_of(card, rules)
        if action is Action.AGAIN:
            self.moment = moments.turn(player_1)  # START-5
        elif action is Action.DRAW_2:  # START-3 (a volley where the variant lets it be answered)
            answerable = rules.turned_up_draw_2_answerable
            self.moment = (moments.volley if answerable else moments.turned_up)(first, action.draws)
        elif action is Action.DRAW_4:
            self.moment = moments.turned_up(first, action.draws)  # START-4
        elif opens_dump(card, rules):
            self.moment = moments.opening(first)  # START-6
        else:
            self.moment = moments.turn(first)  # START-7, START-8

    def start_from(self, discard: tuple[Card, ...], chosen: Color | None, to_act: int) -> None:
        """Begin play from a stated position: an ordinary turn for ``to_act``.

        A player holding one card is taken to have said UNO: the position does not record a forgotten
        one, and no one may be caught for what the record does not show."""
        self.discard = list(discard)
        top = discard[-1]
        self.color = chosen if top.is_wild else top.color
        self.matching = matching(top, self.color)
        self.moment = moments.turn(to_act)
        for player in (0, 1):
            self.uno[player] = DECLARED if len(self.hands[player]) == 1 else NONE

    # -- the events -------------------------------------------------------------------------------

    def refusal(self, event: Event, named: bool = True) -> Refusal | None:
        """The rule ``event`` would break now, or None if it may happen. Changes nothing.

        With ``named=False`` a draw is judged without the cards it names (whether the moment allows it):
        the legal-move list offers a draw, and the log names its cards."""
        moment = self.moment
        return _HANDLERS[moment.kind][type(event)][0](self, moment, event, named)

    def refuser(self, cls: type) -> Callable[[RoundState, Moment, Event, bool], Refusal | None]:
        """The check of events of class ``cls`` *by the player to act* (interjections: by either) at
        this moment, resolved once, for the legal-move list, which tries many candidates of a kind: call
        it as ``check(state, state.moment, event, named)`` (every check takes that one signature). Where
        the moment has one it is the check past "whose move is it", which such a candidate passes; it is
        the same code :meth:`apply` runs."""
        handler = _HANDLERS[self.moment.kind][cls]
        return handler[2] or handler[0]

    def check(self, event: Event) -> None:
        """Raise :class:`~referee.engine.violation.RuleBroken` if ``event`` breaks a rule now. Changes nothing."""
        refusal = self.refusal(event)
        if refusal is not None:
            raise broken(refusal)

    def apply(self, event: Event) -> None:
        """Check one event against the rules and play it; :class:`RuleBroken` leaves the position as it was."""
        moment = self.moment
        refuse, effect, past = _HANDLERS[moment.kind][type(event)]
        # The mover's own event, where the moment has a check past "whose move is it": that check (the
        # same answer, one call fewer -- nearly every event is the mover's play or draw).
        if past is not None and event.player == moment.player:
            refusal = past(self, moment, event, True)
        else:
            refusal = refuse(self, moment, event, True)
        if refusal is not None:
            raise broken(refusal)
        effect(self, moment, event)

    def open_events(self) -> tuple[type, ...]:
        """The event classes the moment takes (others are refused as the wrong kind, or — after a
        playable draw — judged as the opponent's, the card kept)."""
        return _OPEN[self.moment.kind]

    def keep_drawn(self) -> None:
        """TURN-3: the player keeps the playable card they just drew and their turn ends.

        A log says this only by the opponent's next event; a program that plays (a bot) says it here."""
        moment = self.moment
        if moment.kind is not Pending.DRAWN:
            raise ValueError("no card was just drawn")
        self.moment = moments.turn(1 - moment.player)

    def next_draw(self, shuffle: Callable[[list[Card]], None] | None = None) -> Draw:
        """The draw the player to act makes now, read off a fully known pile (for programs that play).

        It takes what the moment says (:meth:`Moment.draw_count`), refilling the pile as REFILL-1 does;
        under a shuffling variant ``shuffle`` orders the refill, which the draw then records."""
        moment = self.moment
        count = moment.draw_count()
        from_pile = min(count, len(self.pile))
        cards = self.pile.top(from_pile)
        refill = None
        if count > from_pile and len(self.discard) > 1:
            order = self._turned_over()
            if self.shuffled:
                (shuffle or _no_shuffle)(order)
                refill = tuple(order)
            cards += order[:count - from_pile]
        return Draw(moment.player, tuple(cards), refill)

    def _turned_over(self) -> list[Card]:
        """REFILL-1: the discards under the top card, turned over — the new draw pile, top first."""
        return self.discard[:-1]

    # -- (1) whose move, and what the moment allows ----------------------------------------------

    def _out_of_turn(self, moment: Moment, event: Event) -> Refusal | None:
        """LOG-1 for a move by the player whose move it is not; TURN-1 for the unplayable card just drawn,
        played at once (GEN-2's order: it is the drawer's card that may not go there)."""
        player = event.player
        if player == moment.player:
            return None
        missed = moment.missed
        if missed is not None and type(event) is Play and event.card is missed:
            return "TURN-1", lambda: (f"{self._who(player)} drew {missed.name}, which matches "
                                      f"{self._top_text()} in neither colour, number nor symbol")
        return "LOG-1", lambda: (f"it is {self._who(moment.player)}'s move, not {self._who(player)}'s"
                                 + (f" (they owe {moment.cards} cards)" if moment.owes() else ""))

    def _answer_refusal(self, moment: Moment, card: Card) -> Refusal | None:
        """What may be played while a volley, a Wild Draw 4 or the turned-up card is owed (D2-1, D2-2,
        WD4-7, START-3, START-4, LOG-1)."""
        kind = moment.kind
        rules = self.rules
        if kind is Pending.VOLLEY and card.kind is Kind.DRAW_2:
            if rules.volley:
                return None
            return "D2-1", lambda: (f"this variant has no volley: {self._who(moment.player)} draws "
                                    f"{moment.cards}, and may not answer with {card.name}")
        if kind is Pending.VOLLEY and card.kind is Kind.WILD_DRAW_4:
            if rules.wild_draw_4_answers_volley:
                return None
            return "WD4-7", lambda: "a Wild Draw 4 may not answer a Draw 2 volley"
        if kind is Pending.TURNED_UP and card.kind is Kind.DRAW_2 and self.discard[-1].kind is Kind.DRAW_2:
            return "START-3", lambda: ("the turned-up Draw 2 was played by nobody: it cannot be answered "
                                       f"with {card.name}; {self._who(moment.player)} draws 2")
        return "LOG-1", _owes_instead, self, moment, card

    # -- (2) and (3): the cards, and where they may go ------------------------------------------

    def _lay_refusal(self, moment: Moment, event: Play | Dump, named: bool = True) -> Refusal | None:
        """A play by the player to act (or the turned-up Reverse's dump): held (LOG-2), then matching
        (TURN-1; a volley's answer need not, D2-2), then the dump (REV-1 … REV-4, START-6), then UNO
        said rightly (UNO-3)."""
        player = event.player
        hand = self.hands[player]
        if type(event) is Dump:
            laid = event.cards
            return (self._held_refusal(player, laid)
                    or self._dump_refusal(self.discard[-1].color, player, laid, (), turned=True)
                    or self.uno_refusal(event))
        card = event.card
        if card not in hand:
            return "LOG-2", lambda: f"{self._who(player)} plays {card.name} but does not hold it"
        dump = event.dump
        if dump:
            refusal = self._held_refusal(player, (card, *dump))
            if refusal is not None:
                return refusal
        if moment.kind is not _VOLLEY and card not in self.matching:
            return "TURN-1", _matches_nothing, self, card
        if dump:
            refusal = self._dump_refusal(card.color, player, dump, (card,))
            if refusal is not None:
                return refusal
        if event.uno:
            return self.uno_refusal(event)
        return None

    def _held_refusal(self, player: int, cards: tuple[Card, ...]) -> Refusal | None:
        """LOG-2: the player holds every one of ``cards`` (as many copies as listed)."""
        hand = self.hands[player]
        if len(set(cards)) == len(cards):  # no card twice (the common case): held is enough
            for card in cards:
                if card not in hand:
                    return "LOG-2", lambda card=card: f"{self._who(player)} dumps {card.name} but does not hold it"
            return None
        rest = list(hand)
        for card in cards:
            if card not in rest:
                return "LOG-2", lambda card=card: (f"{self._who(player)} dumps {card.name} but does not hold "
                                                   f"{'it' if card not in hand else 'that many'}")
            rest.remove(card)
        return None

    def _dump_refusal(self, color: Color, player: int, dump: tuple[Card, ...], laid: tuple[Card, ...],
                      turned: bool = False) -> Refusal | None:
        """REV-1 … REV-4 (START-6 on the ``turned`` up Reverse): every card of the colour, nothing else.
        The cards are held (checked before)."""
        if not turned and not self.rules.reverse_dump:
            return "REV-1", _no_dump, self, player
        for card in dump:
            if card.is_wild:
                return "START-6" if turned else "REV-4", _wild_in_dump, card
            if card.color is not color:
                return "START-6" if turned else "REV-1", _other_colour, card, color
        # Every card laid is held and of the colour: all of the colour go when as many are laid as held.
        if len(of_colour(self.hands[player], color)) > len(laid) + len(dump):
            return "START-6" if turned else "REV-2", _partial_dump, self, player, color, laid + dump, turned
        return None

    def uno_refusal(self, event: Play | Dump, said: bool = False) -> Refusal | None:
        """UNO-3: UNO is said with the play that leaves exactly one card (the one check of it); ``said``
        judges the event as if it said UNO."""
        if not (event.uno or said):
            return None
        laid = 1 + len(event.dump) if type(event) is Play else len(event.cards)
        left = len(self.hands[event.player]) - laid
        if left != 1:
            return "UNO-3", _uno_not_at_one, self, event.player, left
        return None

    def _draw_refusal(self, event: Draw, count: int) -> Refusal | None:
        """The cards a draw names (LOG-2, LOG-3, DECK-2; a shuffled refill's, LOG-2), then its size (LOG-4)."""
        slots = self.pile.slots
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
        return self._draw_refusal_in_full(event, count)

    def _draw_refusal_in_full(self, event: Draw, count: int) -> Refusal | None:
        """:meth:`_draw_refusal` the general way, for every draw (the common cases above are held to it by
        tests/test_fast_paths.py)."""
        pile = self.pile
        from_pile = min(count, len(pile))
        refusal = self._refill_refusal(event, count - from_pile)
        if refusal is not None:
            return refusal
        slots = pile.peek(from_pile) + self._refill(event, count - from_pile)[:count - from_pile]
        named = event.cards
        if named is not None and len(named) != len(slots):
            common = min(len(named), len(slots))
            refusal = pile.refuse(named[:common], slots[:common], lambda: f"{self._who(event.player)}'s draw")
            if refusal is not None:
                return refusal
            short = f" (the piles hold only {len(slots)})" if len(slots) < count else ""
            return "LOG-4", lambda: (f"{self._who(event.player)} must draw {_cards(len(slots))}, "
                                     f"not {len(named)}{short}")
        return pile.refuse(named, slots, lambda: f"{self._who(event.player)}'s draw")

    def _refill_refusal(self, event: Draw, missing: int) -> Refusal | None:
        """REFILL-1 under a shuffling variant: the draw that needs a refill records it, exactly the
        turned-over cards; no other draw records one (LOG-2)."""
        needed = missing > 0 and len(self.discard) > 1
        if not self.shuffled:
            if event.refill is not None:
                return "LOG-2", lambda: "this variant turns the discards over: a draw records no refill"
            return None
        if event.refill is None:
            if needed:
                return "LOG-2", lambda: "the draw pile ran out: the draw must record the shuffled refill"
            return None
        if not needed:
            return "LOG-2", lambda: "no refill happens at this draw, yet it records one"
        if sorted(event.refill, key=id) != sorted(self._turned_over(), key=id):
            return "LOG-2", lambda: "the refill must be exactly the discards under the top card"
        return None

    def _refill(self, event: Draw, missing: int) -> list[Card]:
        """The new draw pile (top first) if this draw empties the pile and needs more, else nothing."""
        if missing <= 0 or len(self.discard) <= 1:
            return []
        return list(event.refill) if self.shuffled else self._turned_over()

    # -- the effects: each runs only after its refusal found nothing ------------------------------

    def _lay(self, moment: Moment, event: Play | Dump) -> None:
        """Lay the event's cards from the hand and carry out the final card's action (REV-4, REV-5,
        SKIP-1, D2-1, WILD-1, WD4-1, WD4-2), or end the round (END-1, END-2). An answer adds to what
        ``moment`` owes (nothing is owed on a turn)."""
        if type(event) is Play and not event.dump:
            player = event.player
            hand = self.hands[player]
            final = event.card
            action = self.actions[final]
            if action is not _DRAW_4 and len(hand) > 2 and not event.uno:
                # The commonest play, kept short: one card, no UNO, neither going out nor a Wild Draw 4 (so
                # neither END-1 nor a bluff to judge).
                hand.remove(final)
                self.discard.append(final)
                if final.is_wild:
                    color = self.color = event.color
                    self.matching = _MATCHING_WILD[(final, color)]
                else:
                    self.color = final.color
                    self.matching = _MATCHING[final]
                self.uno[player] = NONE
                if action is _PASS:
                    self.moment = _TURNS[1 - player]
                elif action is _AGAIN:
                    self.moment = _TURNS[player]
                else:
                    self.moment = moments.volley(1 - player, moment.cards + _DRAW_2_CARDS)
                return
        self._lay_in_full(moment, event)

    def _lay_in_full(self, moment: Moment, event: Play | Dump) -> None:
        """:meth:`_lay` the general way, for every play and dump (the commonest play above is held to it by
        tests/test_fast_paths.py)."""
        player = event.player
        hand = self.hands[player]
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
        action = self.actions[final]
        # WD4-6: a Wild Draw 4 just drawn is no bluff
        bluff = action is _DRAW_4 and moment.kind is not _DRAWN and self._bluffing(player, final)
        for card in laid:
            hand.remove(card)
        self.discard.extend(laid)
        color = self.color = event.color if final.is_wild else final.color  # a wild is only played alone
        self.matching = matching(final, color)
        left = len(hand)
        self.uno[player] = (DECLARED if event.uno else CATCHABLE) if left == 1 else NONE
        opponent = 1 - player
        total = moment.cards + action.draws
        if left == 0:
            self.out = player
            final_draw = self.rules.final_draw and action.draws
            self.moment = moments.final(opponent, total) if final_draw else moments.over(opponent)
        elif action is _AGAIN:
            self.moment = _TURNS[player]
        elif action is _DRAW_2:
            self.moment = moments.volley(opponent, total)
        elif action is _DRAW_4:
            self.moment = moments.wild_draw_4(opponent, total, bluff)
        else:
            self.moment = _TURNS[opponent]

    def _bluffing(self, player: int, wd4: Card) -> bool:
        """WD4-6: did the player hold another card they could have played?"""
        if self.rules.challenge == "none":
            return False
        others = list(self.hands[player])
        others.remove(wd4)
        if self.rules.challenge == "current-colour":
            return any(c.color is self.color for c in others)
        playable = self.matching
        return any(c.kind is not Kind.WILD_DRAW_4 and c in playable for c in others)

    def _take(self, event: Draw, count: int) -> list[Card]:
        """Draw ``count`` cards into the player's hand, refilling the pile once if needed (REFILL-1/2)."""
        slots = self.pile.slots
        if count == 1 and slots and slots[-1] is not None:
            taken = [slots.pop()]  # the common case, kept short: one known card
        elif 0 < count <= len(slots) and None not in slots[-count:]:
            # The pile holds enough known cards, so no refill is due.
            taken = slots[:-count - 1:-1]
            del slots[-count:]
        else:
            return self._take_in_full(event, count)
        self.hands[event.player].extend(taken)
        if taken:
            self.uno[event.player] = NONE
        return taken

    def _take_in_full(self, event: Draw, count: int) -> list[Card]:
        """:meth:`_take` the general way, for every draw (the common cases above are held to it by
        tests/test_fast_paths.py)."""
        pile = self.pile
        named = event.cards
        from_pile = min(count, len(pile))
        missing = count - from_pile
        refill = self._refill(event, missing)
        peeked = pile.peek(from_pile) + refill[:missing]
        taken = list(peeked) if named is None else list(named)
        pile.commit(from_pile, [c for s, c in zip(peeked, taken, strict=True) if s is None])
        if refill:
            pile.replace(refill[missing:])
            del self.discard[:-1]
        self.hands[event.player].extend(taken)
        if taken:
            self.uno[event.player] = NONE
        return taken

    def out_of_turn(self, event: Event) -> Refusal | None:
        """The rule ``event`` breaks if it is not by the player whose move it is now (LOG-1, or the rule
        GEN-2 names), judged strictly: a playable card just drawn waits for its drawer, with no keep read
        into the opponent's event (a live table asks the drawer first; a log's implicit keep is
        :meth:`apply`'s). None for the player to act."""
        return self._out_of_turn(self.moment, event)


# ---------------------------------------------------------------------------------------------------
# The handlers: for each moment, for each kind of event, (refusal, effect, check past "whose move"). A
# refusal (and the check) takes (state, moment, event, named) and returns a Refusal or None; an effect takes
# (state, moment, event).
# ---------------------------------------------------------------------------------------------------

#: One signature for every check, ``(state, moment, event, named)``: the refusal and the check past "whose
#: move" alike.
Check = Callable[[RoundState, Moment, Event, bool], Refusal | None]
Handler = tuple[Check, Callable[[RoundState, Moment, Event], None] | None, Check | None]


#: The draw pile of a position known to one seat: none (:meth:`RoundState.known_to`).
_NO_PILE: Final = DrawPile([], None)


def _unknown(count: int) -> list[Card]:
    """``count`` unknown cards: the other hand as a seat knows it."""
    return [None] * count  # type: ignore[list-item]  # None: a card not known (as in a draw pile's slots)


def _no_shuffle(cards: list[Card]) -> None:
    raise ValueError("a shuffling variant's refill needs a shuffle")


# -- the words of the refusals the legal-move list meets most, as functions: a refusal then costs a tuple,
# not a closure (the list tries many candidates, and reads no message) ------------------------------------

def _matches_nothing(state: RoundState, card: Card) -> str:
    return f"{card.name} matches {state._top_text()} in neither colour, number nor symbol"


def _owes_instead(state: RoundState, moment: Moment, card: Card) -> str:
    volley = moment.kind is Pending.VOLLEY and state.rules.volley
    return (f"{state._who(moment.player)} owes {moment.cards} cards and must draw them"
            + (" or answer with a Draw 2" if volley else "")
            + (" or challenge" if moment.kind is Pending.WILD_DRAW_4 else "") + f", not play {card.name}")


def _uno_not_at_one(state: RoundState, player: int, left: int) -> str:
    return f"UNO is said with the play that leaves one card; {state._who(player)} would hold {left}"


def _no_late_uno(state: RoundState, player: int) -> str:
    why = "said it already" if state.uno[player] is DECLARED else f"hold {_cards(len(state.hands[player]))}"
    return f"{state._who(player)} may not say UNO now: they {why}"


def _no_catch(state: RoundState, player: int) -> str:
    caught = 1 - player
    why = "declared UNO" if state.uno[caught] is DECLARED else f"holds {_cards(len(state.hands[caught]))}"
    return f"{state._who(player)} cannot catch {state._who(caught)}, who {why}"


def _no_dump(state: RoundState, player: int) -> str:
    return f"this variant has no Reverse dump: {state._who(player)} may play the Reverse alone"


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
    return f"{state._who(player)} {what} but kept {kept}: every {color.word} card goes, or none"


def _only_the_drawn_card(state: RoundState, player: int, drawn: Card, card: Card) -> str:
    return f"{state._who(player)} drew {drawn.name} and may play only that card, not {card.name}"


# -- interjections (UNO-2 … UNO-4): open at every moment but an imposed draw and the round's end ------

def _refuse_uno(state: RoundState, moment: Moment, event: SayUno, named: bool = True) -> Refusal | None:
    standing = state.uno[event.player]
    if standing is CATCHABLE:
        return None
    return "UNO-3", _no_late_uno, state, event.player


def _say_uno(state: RoundState, moment: Moment, event: SayUno) -> None:
    state.uno[event.player] = DECLARED


def _refuse_catch(state: RoundState, moment: Moment, event: Catch, named: bool = True) -> Refusal | None:
    caught = 1 - event.player
    standing = state.uno[caught]
    if standing is CATCHABLE:
        return None
    return "UNO-3", _no_catch, state, event.player


def _catch(state: RoundState, moment: Moment, event: Catch) -> None:
    caught = 1 - event.player
    state.moment = moments.penalty(caught, state.rules.uno_penalty, "UNO-2", moment)
    state.uno[caught] = NONE  # caught once: no longer catchable, even if the penalty draws nothing


# -- an ordinary turn (TURN-1 … TURN-3), and the turned-up Reverse's opening (START-6) ------------------

def _refuse_turn_play(state: RoundState, moment: Moment, event: Play, named: bool = True) -> Refusal | None:
    if event.player != moment.player:
        return state._out_of_turn(moment, event)
    return state._lay_refusal(moment, event)


def _refuse_draw(state: RoundState, moment: Moment, event: Draw, named: bool = True) -> Refusal | None:
    """A draw by the player to act: one on a turn (TURN-3), what is owed otherwise."""
    if event.player != moment.player:
        return state._out_of_turn(moment, event)
    return _own_draw_refusal(state, moment, event, named)


def _own_draw_refusal(state: RoundState, moment: Moment, event: Draw, named: bool = True) -> Refusal | None:
    """The mover's draw: the cards it names (when ``named``), as many as the moment takes."""
    return state._draw_refusal(event, moment.cards or 1) if named else None


def _draw_one(state: RoundState, moment: Moment, event: Draw) -> None:
    """TURN-3: draw one; if it is playable the player may play it, else the turn ends."""
    player = event.player
    drawn = state._take(event, 1)
    card = drawn[0] if drawn else None
    if card is not None and card in state.matching:
        state.moment = moments.drawn(player, card)
    else:
        state.moment = moments.turn(1 - player, card)


def _refuse_no_challenge(state: RoundState, moment: Moment, event: Challenge, named: bool = True) -> Refusal | None:
    return state._out_of_turn(moment, event) or (
        "LOG-1", lambda: f"there is no Wild Draw 4 for {state._who(event.player)} to challenge")


def _refuse_closed_dump(state: RoundState, moment: Moment, event: Dump, named: bool = True) -> Refusal | None:
    return state._out_of_turn(moment, event) or (
        "LOG-1", lambda: ("a dump without a Reverse of one's own is open only on the first turn after a "
                          "turned-up Reverse"))


def _refuse_opening_dump(state: RoundState, moment: Moment, event: Dump, named: bool = True) -> Refusal | None:
    if event.player != moment.player:
        return state._out_of_turn(moment, event)
    return state._lay_refusal(moment, event)


# -- a card just drawn that may be played (TURN-3) -------------------------------------------------------

def _kept(moment: Moment) -> Moment:
    """The moment once the drawn card is kept: the opponent's turn."""
    return moments.turn(1 - moment.player)


def _refuse_drawn_play(state: RoundState, moment: Moment, event: Play, named: bool = True) -> Refusal | None:
    if event.player != moment.player:
        return _refuse_kept(state, moment, event, named)
    return _drawn_card_refusal(state, moment, event)


def _drawn_card_refusal(state: RoundState, moment: Moment, event: Play, named: bool = True) -> Refusal | None:
    """The drawer's play after a one-card draw: that card only (TURN-3), then as any play."""
    drawn = moment.card
    if event.card is not drawn:
        return "TURN-3", _only_the_drawn_card, state, event.player, drawn, event.card
    return state._lay_refusal(moment, event)


def _drawn_play(state: RoundState, moment: Moment, event: Play) -> None:
    if event.player != moment.player:
        return _after_keeping(state, moment, event)
    state._lay(moment, event)


def _refuse_kept(state: RoundState, moment: Moment, event: Event, named: bool = True) -> Refusal | None:
    """Any event but the drawer's play (or an interjection) means the card was kept: judge it there."""
    kept = _kept(moment)
    return _HANDLERS[kept.kind][type(event)][0](state, kept, event, named)


def _after_keeping(state: RoundState, moment: Moment, event: Event) -> None:
    kept = state.moment = _kept(moment)
    _HANDLERS[kept.kind][type(event)][1](state, kept, event)


# -- what is owed: a volley (D2-1 … D2-3), a Wild Draw 4 (WD4-1 … WD4-7), the turned-up card ---------------

def _refuse_answer(state: RoundState, moment: Moment, event: Play, named: bool = True) -> Refusal | None:
    if event.player != moment.player:
        return state._out_of_turn(moment, event)
    return _answer_card_refusal(state, moment, event)


def _answer_card_refusal(state: RoundState, moment: Moment, event: Play, named: bool = True) -> Refusal | None:
    """A play while something is owed: an answer the moment allows, then as any play."""
    return state._answer_refusal(moment, event.card) or state._lay_refusal(moment, event)


def _owed_draw(state: RoundState, moment: Moment, event: Draw) -> None:
    """D2-3, WD4-1, START-3, START-4: draw what is owed; the turn ends, the other player moves."""
    state._take(event, moment.cards)
    state.moment = moments.turn(1 - event.player)


def _refuse_challenge(state: RoundState, moment: Moment, event: Challenge, named: bool = True) -> Refusal | None:
    refusal = state._out_of_turn(moment, event)
    if refusal is not None:
        return refusal
    if state.rules.challenge == "none":
        return "WD4-3", lambda: "this variant has no Wild Draw 4 challenge"
    return None


def _challenge(state: RoundState, moment: Moment, event: Challenge) -> None:
    """WD4-4, WD4-5, WD4-7: the loser's draw comes next; the winner's side moves after it."""
    challenger, rules = event.player, state.rules
    if moment.bluff:
        state.moment = moments.penalty(1 - challenger, rules.bluff_draw, "WD4-4", moments.turn(challenger))
    else:
        state.moment = moments.penalty(challenger, rules.failed_challenge_draw, "WD4-5",
                                       moments.turn(1 - challenger))


def _refuse_turned_up_challenge(state: RoundState, moment: Moment, event: Challenge,
                                named: bool = True) -> Refusal | None:
    refusal = state._out_of_turn(moment, event)
    if refusal is not None:
        return refusal
    if state.discard[-1].kind is Kind.WILD_DRAW_4:
        return "START-4", lambda: "nobody played the turned-up Wild Draw 4: it cannot be challenged"
    return _refuse_no_challenge(state, moment, event, named)


# -- an imposed draw: after a catch or a challenge (UNO-2, WD4-4, WD4-5), or END-2 ----------------------

def _refuse_imposed(state: RoundState, moment: Moment, event: Event, named: bool = True) -> Refusal | None:
    if type(event) is not Draw or event.player != moment.player:
        what = f"{state._who(moment.player)}'s draw of {moment.cards}"
        if moment.kind is Pending.FINAL:
            return "END-2", lambda: f"{state._who(state.out)} went out: nothing comes before {what}"
        return "LOG-1", lambda: f"the next event must be {what} ({moment.rule})"
    return state._draw_refusal(event, moment.cards) if named else None


def _imposed_draw(state: RoundState, moment: Moment, event: Draw) -> None:
    state._take(event, moment.cards)
    # A penalty's moment always has the moment it interrupted (``then``).
    state.moment = moment.then if moment.kind is Pending.PENALTY else moments.over(moment.player)  # type: ignore[assignment]


def _refuse_after_end(state: RoundState, moment: Moment, event: Event, named: bool = True) -> Refusal | None:
    return "LOG-6", lambda: f"the round is over: {state._who(state.out)} went out"


_INTERJECTIONS: dict[type, Handler] = {SayUno: (_refuse_uno, _say_uno, None),
                                        Catch: (_refuse_catch, _catch, None)}
_TURN: dict[type, Handler] = {
    Play: (_refuse_turn_play, RoundState._lay, RoundState._lay_refusal),
    Draw: (_refuse_draw, _draw_one, _own_draw_refusal),
    Challenge: (_refuse_no_challenge, None, None), Dump: (_refuse_closed_dump, None, None), **_INTERJECTIONS}
_OWED: dict[type, Handler] = {
    Play: (_refuse_answer, RoundState._lay, _answer_card_refusal), Draw: (_refuse_draw, _owed_draw, _own_draw_refusal),
    Challenge: (_refuse_no_challenge, None, None), Dump: (_refuse_closed_dump, None, None), **_INTERJECTIONS}
_IMPOSED: dict[type, Handler] = {cls: (_refuse_imposed, _imposed_draw if cls is Draw else None, None)
                                 for cls in (Play, Dump, Draw, Challenge, SayUno, Catch)}
_KEPT: Handler = (_refuse_kept, _after_keeping, None)

#: For each moment, for each kind of event: (refusal, effect, the refusal past the player check, where
#: there is one); an effect of None: never accepted there.
_HANDLERS: Final[dict[Pending, dict[type, Handler]]] = {
    Pending.TURN: _TURN,
    Pending.OPENING: {**_TURN, Dump: (_refuse_opening_dump, RoundState._lay, RoundState._lay_refusal)},
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
_OPEN: Final[dict[Pending, tuple[type, ...]]] = {
    kind: tuple(cls for cls, handler in table.items() if handler[1] is not None and handler is not _KEPT)
    for kind, table in _HANDLERS.items()}

__all__ = ["CATCHABLE", "DECLARED", "NONE", "RoundState", "UnoState", "matching", "of_colour"]
