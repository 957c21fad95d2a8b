"""One round of UNO DUO in play: the position, and every rule that moves it.

:class:`RoundState` holds the hands, the piles, the chosen colour, whose move it is and what is owed.
Its :meth:`~RoundState.apply` takes one event of the log, checks it against the rules and only then
changes the position, so a rejected event leaves the position as it was (the valid prefix). A broken rule raises
:class:`~referee.violation.RuleBroken` with the id GEN-2 says to name (docs/rulings.md).
"""

from __future__ import annotations

from referee.cards import Card, Color, Kind
from referee.deck import hand_points
from referee.document import Event
from referee.piles import DrawPile
from referee.variants import Rules
from referee.violation import RuleBroken

# What may be owed by the player to move (``RoundState.owed``):
VOLLEY = "volley"            # a Draw 2 total: answer with a Draw 2, or draw it (D2-1 … D2-3)
WILD_DRAW_4 = "wild_draw_4"  # draw 4 or challenge (WD4-1, WD4-3)
TURNED_UP = "turned_up"      # the turned-up Draw 2 / Wild Draw 4 (START-3, START-4)
# What a player must draw as the very next event (``RoundState.penalty``):
PENALTY = "penalty"          # an UNO catch or a lost challenge (UNO-2, WD4-4, WD4-5)
FINAL = "final"              # the going-out Draw 2 / Wild Draw 4 (END-2)

NONE, DECLARED, CATCHABLE = "none", "declared", "catchable"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


class RoundState:
    """The position of a round in play, and the rules that change it."""

    __slots__ = ("color", "discard", "drawn", "first_dump", "hands", "missed", "names", "out", "owed",
                 "owed_cards", "penalty", "pile", "rules", "shuffled", "turn", "uno", "wd4_bluff")

    def __init__(self, rules: Rules, names: tuple[str, str], hands: list[list[Card]], pile: DrawPile):
        self.rules = rules
        self.names = names
        self.hands = hands
        self.pile = pile
        self.discard: list[Card] = []
        self.color: Color | None = None    # the colour to match: the top card's, or the chosen one
        self.turn = 0                      # whose move it is
        self.owed: str | None = None       # VOLLEY, WILD_DRAW_4 or TURNED_UP, owed by ``turn``
        self.owed_cards = 0
        self.penalty: tuple[int, int, str] | None = None  # (player, cards, rule): the next event
        self.drawn: Card | None = None     # a playable card ``turn`` just drew (TURN-3)
        # (player, card): the unplayable card the opponent of ``turn`` just drew; played at once it is
        # named TURN-1, not LOG-1 (GEN-2's order of the checks). A new tuple per draw.
        self.missed: tuple[int, Card] | None = None
        self.first_dump = False            # the turned-up Reverse's dump is open (START-6)
        self.wd4_bluff = False             # the Wild Draw 4 owed was played holding a playable card
        self.uno = [NONE, NONE]
        self.out: int | None = None        # who went out; the round is over once no penalty is owed
        self.shuffled = rules.refill == "shuffle"

    # -- reading the position ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once a player has gone out and any END-2 draw has been made."""
        return self.out is not None and self.penalty is None

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def matches(self, card: Card) -> bool:
        """TURN-1: may ``card`` be laid on the discard pile now?"""
        if card.is_wild or card.color is self.color:
            return True
        top = self.discard[-1]
        if top.is_wild:
            return False
        if card.kind is Kind.NUMBER:
            return top.kind is Kind.NUMBER and card.number == top.number
        return card.kind is top.kind

    def points(self) -> tuple[int, int]:
        """The round's points (SCORE-1, SCORE-2) once it is over."""
        loser = 1 - self.out
        pts = [0, 0]
        scored = hand_points(self.hands[loser], self.rules)
        pts[self.out if self.rules.scoring == "opponent-hand" else loser] = scored
        return pts[0], pts[1]

    def context(self) -> dict:
        """The few facts a ruling rests on, for the verdict."""
        return {
            "top": self.top.code if self.top else None,
            "color": self.color.word if self.color else None,
            "hand_sizes": {self.names[i]: len(self.hands[i]) for i in (0, 1)},
            "draw_pile": len(self.pile),
            "to_act": self.names[self.penalty[0] if self.penalty else self.turn],
            "owes": self.owes(),
        }

    def owes(self) -> dict | None:
        """What the player to move owes, as the verdict writes it."""
        if self.penalty is not None:
            _, cards, rule = self.penalty
            return {"kind": FINAL if rule == "END-2" else PENALTY, "cards": cards, "rule": rule}
        if self.owed is not None:
            return {"kind": self.owed, "cards": self.owed_cards}
        return None

    def _who(self, player: int) -> str:
        return self.names[player]

    # -- starting play ---------------------------------------------------------------------------

    def turn_up(self, card: Card, chosen: Color | None, player_1: int) -> None:
        """START-1 … START-8: begin the discard pile with the turned-up ``card``."""
        rules = self.rules
        self.discard.append(card)
        self.color = chosen if card.is_wild else card.color
        first = 1 - player_1  # START-2: Player 2 goes first
        kind = card.kind
        if kind is Kind.SKIP or (kind is Kind.REVERSE and rules.reverse_skips):
            first = player_1  # START-5
        elif kind is Kind.DRAW_2:
            self.owed, self.owed_cards = (VOLLEY if rules.turned_up_draw_2_answerable else TURNED_UP), 2
        elif kind is Kind.WILD_DRAW_4:
            self.owed, self.owed_cards = TURNED_UP, 4
        elif kind is Kind.REVERSE and rules.reverse_dump:
            self.first_dump = True  # START-6
        self.turn = first

    def start_from(self, discard: tuple[Card, ...], chosen: Color | None, to_act: int) -> None:
        """Begin play from a stated position: an ordinary turn for ``to_act``.

        A player holding one card is taken to have said UNO: the position does not record a forgotten
        one, and no one may be caught for what the record does not show."""
        self.discard = list(discard)
        top = discard[-1]
        self.color = chosen if top.is_wild else top.color
        self.turn = to_act
        for player in (0, 1):
            self.uno[player] = DECLARED if len(self.hands[player]) == 1 else NONE

    # -- the events -------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Check one event against the rules and play it; :class:`RuleBroken` leaves the position as it was."""
        if self.out is not None and self.penalty is None:
            raise RuleBroken("LOG-6", f"the round is over: {self._who(self.out)} went out")
        if self.penalty is not None:
            return self._imposed_draw(event)
        kind = event.type
        if kind == "uno":
            return self._late_uno(event)
        if kind == "catch":
            return self._catch(event)
        if self.drawn is not None:
            return self._after_draw(event)
        if event.player != self.turn:
            missed = self.missed
            if missed is not None and kind == "play" and (event.player, event.card) == missed:
                raise RuleBroken("TURN-1", f"{self._who(event.player)} drew {event.card.name}, which matches "
                                           f"{self._top_text()} in neither colour, number nor symbol")
            raise RuleBroken("LOG-1", f"it is {self._who(self.turn)}'s move, not {self._who(event.player)}'s"
                             + self._owed_text())
        missed = self.missed
        if kind == "play":
            self._play(event)
        elif kind == "draw":
            self._draw_owed(event) if self.owed is not None else self._draw_one(event)
        elif kind == "challenge":
            self._challenge(event)
        else:
            self._turned_up_dump(event)
        if self.missed is missed:
            self.missed = None  # the moment for naming the missed card has passed

    def keep_drawn(self) -> None:
        """TURN-3: the player keeps the playable card they just drew and their turn ends.

        A log says this only by the opponent's next event; a program that plays (a bot) says it here."""
        if self.drawn is None:
            raise ValueError("no card was just drawn")
        self.drawn, self.turn = None, 1 - self.turn

    def _after_draw(self, event: Event) -> None:
        """TURN-3: after a one-card draw, only that card may be played; any other event keeps it."""
        if event.player == self.turn and event.type == "play":
            if event.card is not self.drawn:
                raise RuleBroken("TURN-3", f"{self._who(event.player)} drew {self.drawn.name} and may play "
                                           f"only that card, not {event.card.name}")
            return self._play(event)  # ``drawn`` stays set until laid: WD4-6 asks whether it was just drawn
        drawn, turn = self.drawn, self.turn
        self.drawn, self.turn = None, 1 - turn  # the card was kept and the turn is over
        try:
            self.apply(event)
        except RuleBroken:
            self.drawn, self.turn = drawn, turn  # the valid prefix ends before this event
            raise

    def _owed_text(self) -> str:
        return f" (they owe {self.owed_cards} cards)" if self.owed else ""

    # -- interjections (UNO-1 … UNO-4) -------------------------------------------------------

    def _late_uno(self, event: Event) -> None:
        if self.uno[event.player] != CATCHABLE:
            why = "said it already" if self.uno[event.player] == DECLARED else \
                f"hold {_cards(len(self.hands[event.player]))}"
            raise RuleBroken("UNO-3", f"{self._who(event.player)} may not say UNO now: they {why}")
        self.uno[event.player] = DECLARED

    def _catch(self, event: Event) -> None:
        caught = 1 - event.player
        if self.uno[caught] != CATCHABLE:
            state = "declared UNO" if self.uno[caught] == DECLARED else f"holds {_cards(len(self.hands[caught]))}"
            raise RuleBroken("UNO-3", f"{self._who(event.player)} cannot catch {self._who(caught)}, who {state}")
        self.penalty = (caught, self.rules.uno_penalty, "UNO-2")
        self.uno[caught] = NONE  # caught once: no longer catchable, even if the penalty draws nothing

    # -- playing a card ----------------------------------------------------------------------------

    def _play(self, event: Event) -> None:
        # GEN-2's order of the checks: the moment, then the cards themselves, then where they may go.
        card, player = event.card, event.player
        hand = self.hands[player]
        answering = self.owed is not None
        if answering:
            self._check_answer(card)
        if card not in hand:
            raise RuleBroken("LOG-2", f"{self._who(player)} plays {card.name} but does not hold it")
        dump = event.dump
        if dump:
            self._check_held(player, (card, *dump))
        if not answering and not self.matches(card):
            raise RuleBroken("TURN-1", f"{card.name} matches {self._top_text()} in neither colour, "
                                       "number nor symbol")
        if dump:
            self._check_dump(card.color, player, dump, [card])
        elif not answering and not event.uno and len(hand) > 2 and card.kind is not Kind.WILD_DRAW_4:
            # The common play, kept short: one card, nothing owed, no UNO, no bluff test, not going out.
            hand.remove(card)
            self.discard.append(card)
            self.color = event.color if card.is_wild else card.color
            self.uno[player] = NONE
            self.first_dump = False
            self.drawn = None
            return self._act(player, card, 2, False)
        self._lay(event, [card, *dump], answering)

    def _top_text(self) -> str:
        top = self.discard[-1]
        return f"{top.name} (colour {self.color.word})" if top.is_wild else top.name

    def _check_answer(self, card: Card) -> None:
        """What may be played while a volley or a Wild Draw 4 is owed (D2-2, WD4-7, START-3, START-4)."""
        owed = self.owed
        if owed == VOLLEY and card.kind is Kind.DRAW_2:
            if self.rules.volley:
                return
            raise RuleBroken("D2-1", f"this variant has no volley: {self._who(self.turn)} draws "
                                     f"{self.owed_cards}, and may not answer with {card.name}")
        if owed == VOLLEY and card.kind is Kind.WILD_DRAW_4:
            if self.rules.wild_draw_4_answers_volley:
                return
            raise RuleBroken("WD4-7", "a Wild Draw 4 may not answer a Draw 2 volley")
        if owed == TURNED_UP and card.kind is Kind.DRAW_2 and self.discard[-1].kind is Kind.DRAW_2:
            raise RuleBroken("START-3", "the turned-up Draw 2 was played by nobody: it cannot be answered "
                                        f"with {card.name}; {self._who(self.turn)} draws 2")
        raise RuleBroken("LOG-1", f"{self._who(self.turn)} owes {self.owed_cards} cards and must draw them"
                         + (" or answer with a Draw 2" if owed == VOLLEY and self.rules.volley else "")
                         + (" or challenge" if owed == WILD_DRAW_4 else "") + f", not play {card.name}")

    def _check_held(self, player: int, cards: tuple[Card, ...]) -> None:
        """LOG-2: the player holds every one of ``cards`` (as many copies as listed)."""
        rest = list(self.hands[player])
        for card in cards:
            if card not in rest:
                raise RuleBroken("LOG-2", f"{self._who(player)} dumps {card.name} but does not hold "
                                          f"{'it' if card not in self.hands[player] else 'that many'}")
            rest.remove(card)

    def _check_dump(self, color: Color, player: int, dump: tuple[Card, ...], laid: list[Card],
                    turned: bool = False) -> None:
        """REV-1 … REV-4 (START-6 on the ``turned`` up Reverse): every card of the colour, nothing else.
        The cards are held (checked before, :meth:`_check_held`)."""
        who = self._who(player)
        if not turned and not self.rules.reverse_dump:
            raise RuleBroken("REV-1", f"this variant has no Reverse dump: {who} may play the Reverse alone")
        for card in dump:
            if card.is_wild:
                raise RuleBroken("START-6" if turned else "REV-4",
                                 f"a wild has no colour and is never part of a dump ({card.name})")
            if card.color is not color:
                raise RuleBroken("START-6" if turned else "REV-1",
                                 f"{card.name} is not {color.word}: a dump lays only cards of that colour")
        rest = list(self.hands[player])
        for card in (*laid, *dump):
            rest.remove(card)
        left = [c for c in rest if c.color is color]
        if left:
            what = "dumped on the turned-up Reverse" if turned else f"played {laid[0].name}"
            kept = ", ".join(c.name for c in left)
            raise RuleBroken("START-6" if turned else "REV-2",
                             f"{who} {what} but kept {kept}: every {color.word} card goes, or none")

    def _lay(self, event: Event, cards: list[Card], answering: bool) -> None:
        """Lay ``cards`` from the player's hand (checked) and carry out the final card's action."""
        player = event.player
        hand = self.hands[player]
        left = len(hand) - len(cards)
        if event.uno and left != 1:
            raise RuleBroken("UNO-3", f"UNO is said with the play that leaves one card; {self._who(player)} "
                                      f"would hold {left}")
        final = cards[-1]
        total = (self.owed_cards if answering else 0) + (2 if final.kind is Kind.DRAW_2 else 4)
        bluff = final.kind is Kind.WILD_DRAW_4 and self._bluffing(player, final)
        for card in cards:
            hand.remove(card)
        self.discard.extend(cards)
        self.color = event.color if final.is_wild else final.color
        self.uno[player] = (DECLARED if event.uno else CATCHABLE) if left == 1 else NONE
        self.owed = None
        self.owed_cards = 0
        self.first_dump = False
        self.drawn = None
        if left == 0:
            return self._go_out(player, final, total)
        self._act(player, final, total, bluff)

    def _bluffing(self, player: int, wd4: Card) -> bool:
        """WD4-6: did the player hold another card they could have played? (False right after drawing it.)"""
        if self.drawn is wd4 or self.rules.challenge == "none":
            return False
        others = list(self.hands[player])
        others.remove(wd4)
        if self.rules.challenge == "current-colour":
            return any(c.color is self.color for c in others)
        return any(c.kind is not Kind.WILD_DRAW_4 and self.matches(c) for c in others)

    def _act(self, player: int, final: Card, total: int, bluff: bool) -> None:
        """The final card's action (REV-4, REV-5, SKIP-1, D2-1, WILD-1, WD4-1, WD4-2)."""
        kind = final.kind
        opponent = 1 - player
        if kind is Kind.SKIP or (kind is Kind.REVERSE and self.rules.reverse_skips):
            self.turn = player
        elif kind is Kind.DRAW_2:
            self.turn, self.owed, self.owed_cards = opponent, VOLLEY, total
        elif kind is Kind.WILD_DRAW_4:
            self.turn, self.owed, self.owed_cards = opponent, WILD_DRAW_4, total
            self.wd4_bluff = bluff
        else:
            self.turn = opponent

    def _go_out(self, player: int, final: Card, total: int) -> None:
        """END-1, END-2: the round ends; a going-out Draw 2 or Wild Draw 4 is still drawn."""
        self.out = player
        self.turn = 1 - player
        if self.rules.final_draw and final.kind in (Kind.DRAW_2, Kind.WILD_DRAW_4):
            self.penalty = (1 - player, total, "END-2")

    def _turned_up_dump(self, event: Event) -> None:
        """START-6: the first player lays every card of the turned-up Reverse's colour."""
        if not self.first_dump or self.owed is not None:
            raise RuleBroken("LOG-1", "a dump without a Reverse of one's own is open only on the first "
                                      "turn after a turned-up Reverse")
        color = self.discard[-1].color
        self._check_held(event.player, event.cards)
        self._check_dump(color, event.player, event.cards, [], turned=True)
        self._lay(event, list(event.cards), False)

    # -- challenges (WD4-3 … WD4-7) ------------------------------------------------------------

    def _challenge(self, event: Event) -> None:
        if self.owed == TURNED_UP and self.discard[-1].kind is Kind.WILD_DRAW_4:
            raise RuleBroken("START-4", "nobody played the turned-up Wild Draw 4: it cannot be challenged")
        if self.owed != WILD_DRAW_4:
            raise RuleBroken("LOG-1", f"there is no Wild Draw 4 for {self._who(event.player)} to challenge")
        if self.rules.challenge == "none":
            raise RuleBroken("WD4-3", "this variant has no Wild Draw 4 challenge")
        challenger = event.player
        self.owed, self.owed_cards = None, 0
        if self.wd4_bluff:
            self.penalty = (1 - challenger, self.rules.bluff_draw, "WD4-4")
            self.turn = challenger
        else:
            self.penalty = (challenger, self.rules.failed_challenge_draw, "WD4-5")
            self.turn = 1 - challenger

    # -- drawing --------------------------------------------------------------------------------

    def _imposed_draw(self, event: Event) -> None:
        player, cards, rule = self.penalty
        if event.type != "draw" or event.player != player:
            what = f"{self._who(player)}'s draw of {cards}"
            if rule == "END-2":
                raise RuleBroken("END-2", f"{self._who(self.out)} went out: nothing comes before {what}")
            raise RuleBroken("LOG-1", f"the next event must be {what} ({rule})")
        self._take(event, cards)
        self.penalty = None

    def _draw_owed(self, event: Event) -> None:
        """D2-3, WD4-1, START-3, START-4: draw what is owed; the turn ends, the other player moves."""
        self._take(event, self.owed_cards)
        self.owed, self.owed_cards = None, 0
        self.first_dump = False
        self.turn = 1 - event.player

    def _draw_one(self, event: Event) -> None:
        """TURN-3: draw one; if it is playable the player may play it, else the turn ends."""
        drawn = self._take(event, 1)
        self.first_dump = False
        if drawn and self.matches(drawn[0]):
            self.drawn = drawn[0]
        else:
            self.turn = 1 - event.player
            if drawn:
                self.missed = (event.player, drawn[0])

    def _take(self, event: Event, count: int) -> list[Card]:
        """Draw ``count`` cards into the player's hand, refilling the pile once if needed (REFILL-1/2)."""
        slots = self.pile.slots
        if 0 < count <= len(slots) and event.refill is None and None not in slots[-count:]:
            # The common case, kept short: the pile holds enough known cards and no refill is due.
            taken = slots[:-count - 1:-1]
            named = event.cards
            if named is not None and tuple(named) != tuple(taken):
                return self._take_checked(event, count)  # the careful path names what is wrong
            del slots[-count:]
            self.hands[event.player].extend(taken)
            self.uno[event.player] = NONE
            return taken
        return self._take_checked(event, count)

    def _take_checked(self, event: Event, count: int) -> list[Card]:
        pile = self.pile
        from_pile = min(count, len(pile))
        slots = pile.peek(from_pile)
        refill = self._refill_order(event, count - from_pile)
        if refill:
            slots = slots + refill[:count - from_pile]

        def where() -> str:  # the message's words, built only if the draw is wrong
            return f"{self._who(event.player)}'s draw"

        named = event.cards
        if named is not None and len(named) != len(slots):
            common = min(len(named), len(slots))
            pile.take(named[:common], slots[:common], where)  # the cards first, then the size (GEN-2)
            short = f" (the piles hold only {len(slots)})" if len(slots) < count else ""
            raise RuleBroken("LOG-4", f"{self._who(event.player)} must draw {len(slots)} "
                                      f"card{'s' if len(slots) != 1 else ''}, not {len(named)}{short}")
        cards = pile.take(named, slots, where)
        fresh = [c for s, c in zip(slots, cards, strict=True) if s is None]
        pile.commit(from_pile, fresh)
        if refill:
            pile.replace(refill[count - from_pile:])
            del self.discard[:-1]
        self.hands[event.player].extend(cards)
        if cards:
            self.uno[event.player] = NONE
        return cards

    def _refill_order(self, event: Event, missing: int) -> list[Card] | None:
        """REFILL-1: the new draw pile (top first) if this draw empties the pile and needs more."""
        needed = missing > 0 and len(self.discard) > 1
        if not self.shuffled:
            if event.refill is not None:
                raise RuleBroken("LOG-2", "this variant turns the discards over: a draw records no refill")
            return self.discard[:-1] if needed else None
        if event.refill is None:
            if needed:
                raise RuleBroken("LOG-2", "the draw pile ran out: the draw must record the shuffled refill")
            return None
        if not needed:
            raise RuleBroken("LOG-2", "no refill happens at this draw, yet it records one")
        if sorted(event.refill, key=id) != sorted(self.discard[:-1], key=id):
            raise RuleBroken("LOG-2", "the refill must be exactly the discards under the top card")
        return list(event.refill)
