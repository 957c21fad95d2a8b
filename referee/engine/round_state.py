"""One round of UNO DUO in play: the position.

:class:`RoundState` holds the hands, the piles, the colour to match, each player's UNO standing and the
:class:`~referee.engine.moment.Moment` (who is to act, what is pending), and runs the rules that move it,
which :mod:`referee.engine.handlers` states: an event is judged by the handler for the moment's kind and the
event's class, a *refusal* half that only reads (the rule the event would break) and an *effect* half that
only writes. :meth:`RoundState.apply` runs the one and then the other, so a rejected event leaves the
position as it was (the valid prefix); :meth:`RoundState.refusal` runs the first alone, which is how
:mod:`referee.engine.legal` lists what may happen now: from the very checks that apply runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy_extensions import mypyc_attr

from referee.engine import moment as moments
from referee.engine.actions import Action, action_of, action_table, opens_dump
from referee.engine.cards import Card, Color
from referee.engine.deck import hand_points
from referee.engine.handlers import (
    CATCHABLE,
    DECLARED,
    HANDLERS,
    NONE,
    OPEN,
    Check,
    matching,
    of_colour,
    out_of_turn,
)
from referee.engine.moment import Moment, Owes, Pending, UnoState
from referee.engine.piles import DrawPile
from referee.engine.position import Phase, Position
from referee.engine.records import Draw, Event
from referee.engine.variants import Rules
from referee.engine.violation import Refusal, RuleBroken, broken


# Compiled: untracked by the cyclic collector (nothing it holds refers back to it), and one freed instance
# kept for the next -- self-play makes one and drops one at every decision.
@mypyc_attr(acyclic=True, free_list_len=1)
class RoundState:
    """The position of a round in play; the rules that change it are :mod:`referee.engine.handlers`."""

    __slots__ = ("actions", "color", "discard", "hands", "matching", "moment", "names", "out", "pile", "rules",
                 "shown", "shuffled", "uno")

    def __init__(self, rules: Rules, names: tuple[str, str], hands: list[list[Card]], pile: DrawPile,
                 discard: list[Card], color: Color | None, matching: frozenset[Card], moment: Moment,
                 uno: tuple[UnoState, ...], out: int | None, shuffled: bool, actions: dict[Card, Action],
                 shown: tuple[int, tuple[Card, ...]] | None = None):
        # Every fact given, each stored once: a view's twin (known_to) is made at every decision of
        # self-play. A round begins with :meth:`starting`.
        self.rules = rules
        self.names = names
        self.hands = hands
        self.pile = pile
        self.discard = discard
        self.color = color        # the colour to match: the top card's, or the chosen one
        # the cards that match the top now (TURN-1); a frozenset is never changed, only replaced
        self.matching = matching
        self.moment = moment
        # each player's UNO standing: a pair never changed, only replaced (set_uno), so that a copy and a
        # view's twin share it
        self.uno = uno
        self.out = out            # who went out
        # whether a refill is shuffled (REFILL-1), and each card's action under these rules
        # (actions.action_of), read off the variant once a round: a copy shares them
        self.shuffled = shuffled
        self.actions = actions
        # the hand the last challenge of the round made its Wild Draw 4's player show (WD4-3): the seat it
        # was shown to, and the cards; known to that seat only (known_to)
        self.shown = shown

    @classmethod
    def starting(cls, rules: Rules, names: tuple[str, str], hands: list[list[Card]], pile: DrawPile) -> RoundState:
        """The round before its first card is turned up (:meth:`turn_up`, :meth:`start_from`): these hands
        and this pile, an empty discard pile, no one at UNO."""
        return cls(rules, names, hands, pile, [], None, _NO_MATCH, _TURNS[0], _NO_UNO, None,
                   rules.refill == "shuffle", action_table(rules))

    def copy(self) -> RoundState:
        """An independent copy of the position, to try events on: its own hands and piles (cards, moments,
        UNO standings and rules are values, shared)."""
        return RoundState(self.rules, self.names, [list(self.hands[0]), list(self.hands[1])], self.pile.copy(),
                          list(self.discard), self.color, self.matching, self.moment, self.uno, self.out,
                          self.shuffled, self.actions, self.shown)

    def known_to(self, seat: int | None) -> RoundState:
        """The position as ``seat`` knows it (None: the public), for the checks of that seat's own
        decisions (a player's view, :mod:`referee.play.view`): its own hand (a copy), the other hand as
        as many unknown cards (None), the discard pile's top card alone, no draw pile, and the moment
        without what only the other player knows (:func:`~referee.engine.moment.seen_by`); a hand shown by a
        challenge (WD4-3) only to the seat it was shown to. The checks of the seat's plays, dumps, challenges,
        unnamed draws and interjections read nothing else; the other hand and the pile's order are not there
        to read."""
        own = self.hands
        # None: a card not known (as in a draw pile's slots)
        if seat is None:
            hands = [[None] * len(own[0]), [None] * len(own[1])]
        elif seat:  # (a slice copies a list in one step, compiled too)
            hands = [[None] * len(own[0]), own[1][:]]
        else:
            hands = [own[0][:], [None] * len(own[1])]
        discard = self.discard
        shown = self.shown
        return RoundState(self.rules, self.names, hands, _NO_PILE, discard[-1:], self.color, self.matching,
                          moments.seen_by(self.moment, seat), self.uno, self.out, self.shuffled, self.actions,
                          shown if shown is not None and seat is not None and shown[0] == seat else None)

    def set_uno(self, player: int, standing: UnoState) -> None:
        """Set ``player``'s UNO standing (a new pair only when it changes: most events leave it as it was)."""
        uno = self.uno
        if uno[player] is not standing:
            self.uno = (standing, uno[1]) if player == 0 else (uno[0], standing)

    # -- reading the position ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once a player has gone out and any END-2 draw has been made."""
        return self.moment.kind is _PENDING_OVER

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
        return Position(self.names, number, _PHASE_OVER if self.over else _PHASE_PLAY,
                        (tuple(self.hands[0]), tuple(self.hands[1])), self.top, self.color, len(self.pile),
                        len(self.discard), (self.uno[0], self.uno[1]), self.owes())

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
        state = cls.starting(rules, names, hands, pile)
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
        if action is _ACTION_AGAIN:
            self.moment = moments.turn(player_1)  # START-5
        elif action is _ACTION_DRAW_2:  # START-3 (a volley where the variant lets it be answered)
            answerable = rules.turned_up_draw_2_answerable
            self.moment = (moments.volley if answerable else moments.turned_up)(first, action.draws)
        elif action is _ACTION_DRAW_4:
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
            self.set_uno(player, DECLARED if len(self.hands[player]) == 1 else NONE)

    # -- the events -------------------------------------------------------------------------------

    def refusal(self, event: Event, named: bool = True) -> Refusal | None:
        """The rule ``event`` would break now, or None if it may happen. Changes nothing.

        With ``named=False`` a draw is judged without the cards it names (whether the moment allows it):
        the legal-move list offers a draw, and the log names its cards."""
        moment = self.moment
        return HANDLERS[moment.kind][type(event)][0](self, moment, event, named)

    def refuser(self, cls: type) -> Check:
        """The check of events of class ``cls`` *by the player to act* (interjections: by either) at
        this moment, resolved once, for the legal-move list, which tries many candidates of a kind: call
        it as ``check(state, state.moment, event, named)`` (every check takes that one signature). Where
        the moment has one it is the check past "whose move is it", which such a candidate passes; it is
        the same code :meth:`apply` runs."""
        handler = HANDLERS[self.moment.kind][cls]
        return handler[2] or handler[0]

    def check(self, event: Event) -> None:
        """Raise :class:`~referee.engine.violation.RuleBroken` if ``event`` breaks a rule now. Changes nothing."""
        refusal = self.refusal(event)
        if refusal is not None:
            raise broken(refusal)

    def apply(self, event: Event) -> None:
        """Check one event against the rules and play it; :class:`RuleBroken` leaves the position as it was."""
        moment = self.moment
        refuse, effect, past = HANDLERS[moment.kind][type(event)]
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
        return OPEN[self.moment.kind]

    def keep_drawn(self) -> None:
        """TURN-3: the player keeps the playable card they just drew and their turn ends.

        A log says this only by the opponent's next event; a program that plays (a bot) says it here."""
        moment = self.moment
        if moment.kind is not _PENDING_DRAWN:
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

    def out_of_turn(self, event: Event) -> Refusal | None:
        """The rule ``event`` breaks if it is not by the player whose move it is now (LOG-1, or the rule
        GEN-2 names), judged strictly: a playable card just drawn waits for its drawer, with no keep read
        into the opponent's event (a live table asks the drawer first; a log's implicit keep is
        :meth:`apply`'s). None for the player to act."""
        return out_of_turn(self, self.moment, event)


_TURNS: Final = moments.TURNS
#: The draw pile of a position known to one seat: none (:meth:`RoundState.known_to`).
_NO_PILE: Final = DrawPile([], None)
#: No card matches: the position before play begins.
_NO_MATCH: Final[frozenset[Card]] = frozenset()
_NO_UNO: Final[tuple[UnoState, ...]] = (NONE, NONE)

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_ACTION_AGAIN: Final = Action.AGAIN
_ACTION_DRAW_2: Final = Action.DRAW_2
_ACTION_DRAW_4: Final = Action.DRAW_4
_PENDING_DRAWN: Final = Pending.DRAWN
_PENDING_OVER: Final = Pending.OVER
_PHASE_OVER: Final = Phase.OVER
_PHASE_PLAY: Final = Phase.PLAY


def _no_shuffle(cards: list[Card]) -> None:
    raise ValueError("a shuffling variant's refill needs a shuffle")


__all__ = ["CATCHABLE", "DECLARED", "NONE", "RoundState", "UnoState", "matching", "of_colour"]
