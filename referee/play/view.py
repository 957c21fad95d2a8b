"""A player's view: the position as one seat may know it (OpenSpiel's observation, not the state).

:class:`PlayerView` is immutable and holds only what its seat may see: its own hand, the other hand's
*size*, the discard pile's top card and the colour to match, the draw pile's size, what is owed and by
whom, whose move it is, the scores and the round, the round's public history, and that seat's legal
decisions and interjections. Never the other hand, the draw pile's order or the deck. The public view
(``seat`` None) holds no hand at all.

In play the view is read off the *position known to the seat* (:meth:`RoundState.known_to
<referee.engine.round_state.RoundState.known_to>`): a copy of the round with the seat's own hand, the other hand
as unknown cards, no draw pile and the moment without the other player's secrets. The view keeps that
copy and no reference to the engine's position, so nothing reachable from it holds a hidden card; its
legal decisions are the engine's own checks run on that copy (:attr:`PlayerView.options`, a
:class:`~referee.engine.legal.Options`, which answers lazily: a strategy asks only as far as its choice needs).
Strategies (:mod:`referee.play.players`) decide from a view and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from referee.engine.cards import Card, Color
from referee.engine.game import Game, Needs
from referee.engine.legal import Options, legal_interjections, may_interject
from referee.engine.moment import Moment, Owes, Pending, UnoState, seen_by
from referee.engine.records import Catch, SayUno
from referee.engine.round_state import RoundState
from referee.engine.variants import Rules


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision outside the round's events: a pick's ``{"decision": "keep"|"pass"}`` (DRAFT-3), keeping a
    playable card just drawn (``{"decision": "keep"}``, TURN-3), a turned-up wild's ``{"color": ...}``
    (START-7)."""

    field: str
    value: str

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """As a decision is written: one field."""
        return {self.field: self.value}


KEEP: Final = Choice("decision", "keep")
PASS: Final = Choice("decision", "pass")
#: The choices of a turned-up wild's colour, in the colours' order.
COLOURS: Final = tuple(Choice("color", color.word) for color in Color)
#: A drafter's choices (DRAFT-3).
_PICKING: Final = (KEEP, PASS)
_NO_UNO: Final = (UnoState.NONE, UnoState.NONE)

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_PENDING_DRAWN: Final = Pending.DRAWN
_NEEDS_PICK: Final = Needs.PICK


# Compiled: untracked by the cyclic collector (nothing it holds refers back to it), and one freed instance
# kept for the next -- self-play makes one and drops one at every decision.
@mypyc_attr(acyclic=True, free_list_len=1)
class BeforePlay:
    """What a seat sees outside play (the draft, a turned-up wild awaiting its colour): the seat's hand
    (None for the public), both sizes, the face-up card, the card the seat has drawn and decides on
    (the drafter's pick, DRAFT-3), the piles' sizes and the seat's choices. Read-only.

    A plain slotted class, not a frozen dataclass (docs/performance.md, "Why some values are plain slotted
    classes")."""

    __slots__ = ("_discard_pile", "_draw_pile", "_drawn", "_hand", "_hand_sizes", "_legal", "_top")

    def __init__(self, hand: tuple[Card, ...] | None, hand_sizes: tuple[int, int], top: Card | None,
                 drawn: Card | None, draw_pile: int, discard_pile: int, legal: tuple[Choice, ...]):
        self._hand = hand
        self._hand_sizes = hand_sizes
        self._top = top
        self._drawn = drawn
        self._draw_pile = draw_pile
        self._discard_pile = discard_pile
        self._legal = legal

    @property
    def hand(self) -> tuple[Card, ...] | None:
        """The seat's own cards (None for the public)."""
        return self._hand

    @property
    def hand_sizes(self) -> tuple[int, int]:
        """How many cards each player holds."""
        return self._hand_sizes

    @property
    def top(self) -> Card | None:
        """The face-up card: the draft's face-up pile's top, or the turned-up wild."""
        return self._top

    @property
    def drawn(self) -> Card | None:
        """The card the seat has drawn and decides on (its pick), None when the decision is not its."""
        return self._drawn

    @property
    def draw_pile(self) -> int:
        """How many cards the draw pile holds."""
        return self._draw_pile

    @property
    def discard_pile(self) -> int:
        """How many cards the discard pile holds."""
        return self._discard_pile

    @property
    def legal(self) -> tuple[Choice, ...]:
        """The seat's choices now (empty when the decision is not its)."""
        return self._legal

    def __repr__(self) -> str:
        return f"<BeforePlay hand={self._hand} top={self._top} drawn={self._drawn}>"


# Compiled: untracked by the cyclic collector (nothing it holds refers back to it), and one freed instance
# kept for the next -- self-play makes one and drops one at every decision.
@mypyc_attr(acyclic=True, free_list_len=1)
class PlayerView:
    """The position as ``seat`` (0 or 1; None for the public) may know it; read-only.

    ``phase`` is ``"draft"``, ``"colour"`` (Player 1 names a turned-up wild's colour), ``"play"`` or
    ``"over"``; ``to_act`` the seat whose decision is awaited; ``seq`` the number of decisions accepted so
    far; ``history`` the round's public entries. In play (``position``, the engine's round) the rest is read
    off the position as the seat knows it (:meth:`RoundState.known_to
    <referee.engine.round_state.RoundState.known_to>`), which the view keeps instead of ``position``; outside
    play off a :class:`BeforePlay`. Every fact is a property without a setter (assigning one raises
    ``AttributeError``).
    """

    __slots__ = ("_history", "_interjections", "_legal", "_options",
                 "_phase", "_players", "_position", "_round", "_rules", "_scores", "_seat", "_seq", "_table", "_to_act",
                 "_winner")

    def __init__(self, players: tuple[str, str], rules: Rules, seat: int | None, phase: str, to_act: int | None,
                 position: RoundState | None = None, table: BeforePlay | None = None, seq: int = 0, round: int = 1,
                 scores: tuple[int, int] = (0, 0), winner: int | None = None, history: tuple[dict, ...] = ()):
        # ``position``: the round in play (or just over), the engine's own, which the view reads the seat's own
        # facts off (no copy: docs/architecture.md, "What a seat may know"). ``table``: what the seat sees
        # outside play. Neither: a bare view (no hand, piles empty).
        # Positional, one store a fact (no keyword dictionary, no tuple to index): self-play makes a view at
        # every decision, and the compiled build reads each fact as a native attribute.
        self._players = players
        self._rules = rules
        self._seat = seat
        self._phase = phase
        self._to_act = to_act
        self._position = position
        self._table = table
        self._seq = seq
        self._round = round
        self._scores = scores
        self._winner = winner
        self._history = history
        # The engine's checks of the seat's own moves when it is to play, made with the view: Options asks
        # nothing until a strategy does, and a seat to play asks nearly always.
        self._options = Options(position) if (position is not None and phase == "play" and seat is not None
                                              and seat == to_act) else None
        # Made on first use (None: not yet), and kept.
        self._legal: tuple[Any, ...] | None = None
        self._interjections: tuple[SayUno | Catch, ...] | None = None

    # -- the facts ------------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, str]:
        """The two players' names; a seat is an index into them."""
        return self._players

    @property
    def rules(self) -> Rules:
        """The variant's rules (public)."""
        return self._rules

    @property
    def seat(self) -> int | None:
        """Whose view this is: 0 or 1, None for the public."""
        return self._seat

    @property
    def phase(self) -> str:
        """``"draft"``, ``"colour"``, ``"play"`` or ``"over"``."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited (None once the game is over)."""
        return self._to_act

    @property
    def seq(self) -> int:
        """How many decisions were accepted so far (a live game's count)."""
        return self._seq

    @property
    def round(self) -> int:
        """The round, from 1."""
        return self._round

    @property
    def scores(self) -> tuple[int, int]:
        """The scores of the rounds scored so far."""
        return self._scores

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over (None before, or on a tie)."""
        return self._winner

    @property
    def history(self) -> tuple[dict, ...]:
        """The round's public entries so far, as the log writes them, no draw showing its cards (a live
        game's; self-play gives none)."""
        return self._history

    @property
    def draw_pile(self) -> int:
        """How many cards the draw pile holds."""
        position, table = self._position, self._table
        if position is not None:
            return len(position.pile.slots)
        return 0 if table is None else table.draw_pile

    @property
    def discard_pile(self) -> int:
        """How many cards the discard pile holds."""
        position, table = self._position, self._table
        if position is not None:
            return len(position.discard)
        return 0 if table is None else table.discard_pile

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard pile in play, bottom first (its top is :attr:`top`): every card on it was laid or
        turned up face up, so both seats know it and its order (what a seat that searches deals around,
        :mod:`referee.play.knowledge`); empty outside play."""
        position = self._position
        return () if position is None else tuple(position.discard)

    # -- what the seat sees -------------------------------------------------------------------------

    @property
    def you(self) -> str | None:
        """The seat's player's name (None in the public view)."""
        return None if self._seat is None else self.players[self._seat]

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self._phase == "over"

    @property
    def hand(self) -> tuple[Card, ...] | None:
        """The seat's own cards (None in the public view)."""
        if self._table is not None:
            return self._table.hand
        return None if self._seat is None else tuple(self._position.hands[self._seat])

    @property
    def hand_sizes(self) -> tuple[int, int]:
        """How many cards each player holds."""
        if self._table is not None:
            return self._table.hand_sizes
        hands = self._position.hands
        return len(hands[0]), len(hands[1])

    @property
    def top(self) -> Card | None:
        """The discard pile's top card (in the draft: the draft's face-up pile's; before the colour of a
        turned-up wild is named: that wild)."""
        return self._table.top if self._table is not None else self._position.top

    @property
    def color(self) -> Color | None:
        """The colour to match (a wild's chosen one), None outside play."""
        return None if self._position is None else self._position.color

    @property
    def moment(self) -> Moment | None:
        """The round's moment as the seat knows it (:func:`referee.engine.moment.seen_by`), None outside play."""
        position = self._position
        return None if position is None else seen_by(position.moment, self._seat)

    @property
    def drawn(self) -> Card | None:
        """The card the seat has just drawn and now decides on -- the drafter's pick (DRAFT-3) or a
        playable card (TURN-3) -- shown to that seat only."""
        if self._table is not None:
            return self._table.drawn
        return self.moment.drawn if self._phase == "play" else None

    @property
    def owes(self) -> Owes | None:
        """What the player to act owes (a volley, a Wild Draw 4, an imposed draw), else None."""
        return self.moment.owes() if self._phase == "play" else None

    @property
    def uno(self) -> tuple[UnoState, UnoState]:
        """Each player's UNO standing (public: a forgotten UNO is what a catch answers)."""
        if self._position is None:
            return _NO_UNO
        uno = self._position.uno
        return uno[0], uno[1]

    @property
    def seat_position(self) -> RoundState | None:
        """The round as this seat knows it (:meth:`RoundState.known_to
        <referee.engine.round_state.RoundState.known_to>`: its own hand, the other hand as unknown cards, no draw
        pile, the moment as the seat sees it), made when asked (a new copy each time), for a strategy that
        searches on what it may know; None outside play. The view's own checks (:attr:`options`) run on the
        engine's round, which no decision copies (docs/architecture.md, "What a seat may know")."""
        position = self._position
        return None if position is None else position.known_to(self._seat)

    @property
    def shown(self) -> tuple[Card, ...] | None:
        """The hand the seat's own last challenge of the round made the Wild Draw 4's player show it (WD4-3),
        as it was then; None when the seat has not challenged this round (the other seat never sees it)."""
        position = self._position
        if position is None or self._seat is None:
            return None
        shown = position.shown
        return shown[1] if shown is not None and shown[0] == self._seat else None

    @property
    def options(self) -> Options | None:
        """The engine's checks of the seat's own moves (:class:`~referee.engine.legal.Options`, which asks them
        lazily), when the seat is to play; else None."""
        return self._options

    @property
    def legal(self) -> tuple[Any, ...]:
        """What the seat may decide now, in the log's form (:class:`Choice` outside the round's events;
        keeping a playable drawn card is :data:`KEEP`); empty when the decision is not the seat's."""
        legal = self._legal
        if legal is None:
            if self._table is not None:
                legal = self._table.legal
            else:
                options = self.options
                legal = () if options is None else options.legal + (
                    (KEEP,) if self.moment.kind is _PENDING_DRAWN else ())
            self._legal = legal
        return legal

    @property
    def interjections(self) -> tuple[SayUno | Catch, ...]:
        """The late UNO or catch open to the seat now (UNO-2 … UNO-4)."""
        found = self._interjections
        if found is None:
            found = ()
            if self._phase == "play" and self._seat is not None:
                found = tuple(o for o in legal_interjections(self._position) if o.player == self._seat)
            self._interjections = found
        return found

    def may_interject(self, option: SayUno | Catch) -> bool:
        """May the seat make ``option`` (its own late UNO or catch) now?"""
        return (self._phase == "play" and option.player == self._seat and self._seat is not None
                and may_interject(self._position, option))

    # -- as JSON --------------------------------------------------------------------------------------

    def to_dict(self, history: slice = slice(None)) -> dict[str, Any]:
        """JSON-ready, names for players and codes for cards; the public view has no ``hand``. ``history``: which
        of the round's public entries to give (all by default; a live table pages them)."""
        names = self.players
        owes = self.owes
        sizes, uno = self.hand_sizes, self.uno
        out: dict[str, Any] = {
            "seq": self.seq,
            "you": self.you,
            "players": list(names),
            "phase": self.phase,
            "round": self.round,
            "to_act": None if self.to_act is None else names[self.to_act],
            "hand_sizes": {names[i]: sizes[i] for i in (0, 1)},
            "top": None if self.top is None else self.top.code,
            "color": None if self.color is None else self.color.word,
            "draw_pile": self.draw_pile,
            "discard_pile": self.discard_pile,
            "drawn": None if self.drawn is None else self.drawn.code,
            "owes": None if owes is None or self.to_act is None else {**owes.to_dict(), "player": names[self.to_act]},
            "uno": {names[i]: uno[i].value for i in (0, 1)},
            "scores": {names[i]: self.scores[i] for i in (0, 1)},
            "history": [dict(entry) for entry in self.history[history]],
            "legal": [option.to_log() for option in self.legal],
            "interjections": [option.to_log() for option in self.interjections],
            "over": self.over,
            "winner": None if self.winner is None else names[self.winner],
        }
        hand = self.hand
        if hand is not None:
            out["hand"] = [card.code for card in hand]
        shown = self.shown
        if shown is not None:
            out["shown"] = [card.code for card in shown]
        return out

    def __eq__(self, other: object) -> bool:
        return type(other) is PlayerView and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<PlayerView {self.you or 'public'} seq={self.seq} {self.phase}>"


def before_play(game: Game, seat: int | None) -> BeforePlay:
    """What ``seat`` (None: the public) sees of ``game`` in the draft, or while a turned-up wild waits for
    Player 1's colour: its own hand, both sizes, the face-up card, the card it has drawn and its choices when
    the decision is its own. The one place self-play and a live game read it from the game."""
    return _before_play(game, seat, game.to_act)


def _before_play(game: Game, seat: int | None, to_act: int | None) -> BeforePlay:
    """:func:`before_play`, whose decision it is (``to_act``) read already."""
    mine = seat is not None and to_act == seat
    pile = game.pile
    if game.needs is _NEEDS_PICK:
        draft = game.draft
        hands, discard = draft.hands, draft.discard
        return BeforePlay(None if seat is None else tuple(hands[seat]), (len(hands[0]), len(hands[1])),
                          discard[-1] if discard else None, pile.top(1)[0] if mine else None, len(pile),
                          len(discard), _PICKING if mine else ())
    hands = game.hands
    return BeforePlay(None if seat is None else tuple(hands[seat]), (len(hands[0]), len(hands[1])), game.turned,
                      None, len(pile) - 1, 1, COLOURS if mine else ())  # the turned-up card is the discard pile


def view_before_play(game: Game, seat: int | None, seq: int = 0, history: tuple[dict, ...] = ()) -> PlayerView:
    """``seat``'s view (None: the public) in the draft, or while a turned-up wild waits for Player 1's colour
    (START-7): what :func:`before_play` reads, with the round, the scores and whose decision it is; ``seq``
    and ``history`` are a live game's (self-play keeps neither). The one way self-play and a live game make it."""
    scores, to_act = game.match.scores, game.to_act
    return PlayerView(game.names, game.rules, seat, "draft" if game.needs is _NEEDS_PICK else "colour", to_act,
                      None, _before_play(game, seat, to_act), seq, game.round_index + 1, (scores[0], scores[1]), None,
                      history)


__all__ = ["COLOURS", "KEEP", "PASS", "BeforePlay", "Choice", "PlayerView", "before_play", "view_before_play"]
