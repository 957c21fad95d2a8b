"""Reading a version-1 game log: well-formedness, before any rule is judged.

:func:`read_log` turns a parsed JSON document into the immutable records of :mod:`referee.log.records`
(:class:`GameLog`, :class:`RoundLog`, :class:`Play`, :class:`Draw`, ...) or raises
:class:`~referee.errors.MalformedLog` listing *every* problem with its pointer. Nothing here knows a game
rule beyond the form of the log (docs/log-format.md): the reader sits beside the engine, not under it.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from referee.engine.cards import ALL_CARDS, CARDS_BY_CODE, Card, Color, Kind, parse_card
from referee.engine.quoting import both_names, quoted
from referee.engine.quoting import json_kind as _kind
from referee.engine.records import (
    EVENT_TYPES,
    Catch,
    Challenge,
    Draw,
    Dump,
    Event,
    GameLog,
    Pick,
    Play,
    RoundLog,
    SayUno,
    Setup,
    draw,
    play,
)
from referee.engine.variants import Variant, resolve_variant
from referee.errors import MalformedLog, Problem, RefereeError, UnknownCard
from referee.names import name_problem, same_name

FORMAT = "uno-duo-log/1"
_COLOR_WORDS = {c.word: c for c in Color}
_EVENT_FIELDS = {
    "play": {"player", "type", "card", "color", "uno", "dump"},
    "dump": {"player", "type", "cards", "uno"},
    "draw": {"player", "type", "cards", "refill"},
    "challenge": {"player", "type"},
    "uno": {"player", "type"},
    "catch": {"player", "type"},
}


class _Reader:
    """Collects problems while walking the document, so that every one of them is reported."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.players: tuple[str, str] = ("", "")
        #: Whether the log's variant deals (its rounds have no draft); True while it is unknown.
        self.deals = True

    def problem(self, pointer: str, detail: str, rule: str | None = None) -> None:
        self.problems.append(Problem(pointer, detail, rule))

    # -- primitive readers: each returns None after recording a problem ------------------------

    def obj(self, value: Any, ptr: str, allowed: AbstractSet[str], required: tuple[str, ...] = (),
            platform_fields: bool = True) -> dict | None:
        """``value`` if it is an object of the ``allowed`` fields with the ``required`` ones; every other
        field is a problem, but for a platform's own (``x-…``) where ``platform_fields``: a record's
        fields take them, a map keyed by the players' names does not."""
        if not isinstance(value, dict):
            self.problem(ptr, f"must be an object, not {_kind(value)}")
            return None
        for key in value:
            if key not in allowed and not (platform_fields and is_platform_field(key)):
                self.problem(f"{ptr}/{_escape(key)}", f"unknown field {quoted(key)}")
        for key in required:
            if key not in value:
                self.problem(f"{ptr}/{_escape(key)}", f"missing required field {quoted(key)}")
        return value

    def card(self, value: Any, ptr: str) -> Card | None:
        try:
            return parse_card(value)
        except UnknownCard as exc:
            self.problem(ptr, str(exc) if isinstance(value, str) else f"must be a card code, not {_kind(value)}")
            return None

    def cards(self, value: Any, ptr: str, *, non_empty: bool = False) -> tuple[Card, ...] | None:
        if not isinstance(value, list):
            self.problem(ptr, f"must be a list of cards, not {_kind(value)}")
            return None
        if non_empty and not value:
            self.problem(ptr, "must list at least one card")
            return None
        try:
            return tuple(map(_CARD, value))  # upper-case codes, the common case (as quick_event reads them)
        except _MISSES:
            cards = [self.card(v, f"{ptr}/{i}") for i, v in enumerate(value)]
        return None if None in cards else tuple(cards)

    def color(self, value: Any, ptr: str) -> Color | None:
        color = _COLOR_WORDS.get(value) if isinstance(value, str) else None  # the log writes them lower-case
        if color is None:
            self.problem(ptr, f"must be a colour: red, yellow, green or blue, not {quoted(value)}")
        return color

    def player(self, value: Any, ptr: str) -> int | None:
        if isinstance(value, str) and value in self.players:
            return self.players.index(value)
        self.problem(ptr, f"must name one of the two players, {both_names(self.players, 'or')}, not {quoted(value)}",
                     "DECK-1" if isinstance(value, str) and value else None)
        return None

    def boolean(self, value: Any, ptr: str) -> bool | None:
        if isinstance(value, bool):
            return value
        self.problem(ptr, f"must be true or false, not {_kind(value)}")
        return None

    def count(self, value: Any, ptr: str) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100_000:
            return value
        self.problem(ptr, f"must be a whole number from 0 to 100000, not {quoted(value)}")
        return None

    def listing(self, value: Any, ptr: str, item: Callable[[Any, str, int], Any]) -> list:
        if not isinstance(value, list):
            self.problem(ptr, f"must be a list, not {_kind(value)}")
            return []
        return [item(v, f"{ptr}/{i}", i) for i, v in enumerate(value)]

    def points(self, value: Any, ptr: str) -> tuple[int, int] | None:
        if not isinstance(value, dict) or set(value) != set(self.players):
            self.problem(ptr, f"must give a whole number for each of {both_names(self.players)}")
            return None
        scores = [self.count(value[name], f"{ptr}/{_escape(name)}") for name in self.players]
        return None if None in scores else (scores[0], scores[1])


#: What a platform's own field's name begins with (LOG-FORMAT, 2026-12-03): accepted anywhere and ignored.
PLATFORM_PREFIX = "x-"


def is_platform_field(name: Any) -> bool:
    """Whether ``name`` is a platform's own field (``x-at``, ``x-move-id``), which a log may carry in any
    of its records — the log, a round, a pick, a set-up, an event, a result — and the referee ignores."""
    return isinstance(name, str) and name.startswith(PLATFORM_PREFIX)


def _escape(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def read_log(document: Any, variant: Any = None) -> GameLog:
    """The well-formed game log in ``document``, or :class:`MalformedLog` with every problem.

    ``variant`` (a name, a :class:`Variant` or the object form) overrides the log's own ``variant``.
    """
    reader = _Reader()
    game, _ = _read_game(reader, document, variant, _read_round)
    return game


@dataclass(frozen=True, slots=True)
class RoundEvents:
    """One round's events as the document lists them, for a replay that reads each one as it reaches it.

    :func:`quick_event` reads the common ones; :meth:`careful` any other, as :func:`read_log` would."""

    items: list
    #: Each player's index by name.
    players: dict[str, int]
    #: True when a draw may leave its cards unnamed (the round gives a deck or a set-up); else each names them.
    unnamed_draws: bool
    reader: _Reader
    pointer: str

    def __len__(self) -> int:
        """How many events the round lists."""
        return len(self.items)

    def careful(self, item: Any) -> Event:
        """The event ``item``, one of :attr:`items`, read the careful way; :class:`Unread` if it has a
        problem, which only :func:`read_log` words (it reports every problem of the log at once, each
        with its pointer: so none is built here)."""
        problems = len(self.reader.problems)
        event = _read_event(self.reader, item, self.pointer)
        unnamed = type(event) is Draw and event.cards is None
        if event is None or len(self.reader.problems) > problems or (unnamed and not self.unnamed_draws):
            raise Unread(self.pointer)
        return event


class Unread(Exception):
    """An event that :meth:`RoundEvents.careful` found a problem in: the log is for :func:`read_log`."""


@dataclass(frozen=True, slots=True)
class Frame:
    """A well-formed log but for its events: ``game`` (its rounds hold no events yet) and, round by round,
    the events still to read (:class:`RoundEvents`; None for a round that lists none)."""

    game: GameLog
    events: tuple[RoundEvents | None, ...]


def read_frame(document: Any, variant: Any = None) -> Frame | None:
    """``document`` read as :func:`read_log` reads it, all but the events, which are left for the replay
    to read one by one as it reaches them (one pass over the log instead of two). None when anything
    outside the events has a problem: :func:`read_log` then says what."""
    reader = _Reader()
    try:
        game, events = _read_game(reader, document, variant, _read_round_frame)
    except MalformedLog:
        return None
    return Frame(game, events)


def _read_game(reader: _Reader, document: Any, variant: Any, read_round: Callable) -> tuple[GameLog, tuple]:
    """The game log (rounds read by ``read_round``, which returns each round and its events left to read,
    if any) and the tuple of those; :class:`MalformedLog` with every problem."""
    doc = reader.obj(document, "", {"format", "variant", "players", "cut", "rounds", "result"},
                     ("format", "players", "rounds"))
    if doc is None:
        raise MalformedLog(reader.problems)
    if "format" in doc and doc["format"] != FORMAT:
        reader.problem("/format", f"must be {quoted(FORMAT)}, not {quoted(doc['format'])}")
    if variant is None and "variant" in doc and doc["variant"] is None:
        reader.problem("/variant", "must be a variant's name or an object {base, rules}, not null")
    chosen = _read_variant(reader, doc.get("variant") if variant is None else variant, variant is None)
    players = _read_players(reader, doc["players"]) if "players" in doc else None
    if players is None:
        raise MalformedLog(reader.problems)
    reader.players = players
    reader.deals = chosen is None or chosen.rules.start == "deal"
    cut = _read_cut(reader, doc["cut"]) if "cut" in doc else None
    read = reader.listing(doc.get("rounds", []), "/rounds", lambda v, p, i: read_round(reader, v, p, i))
    rounds = [None if entry is None else entry[0] for entry in read]
    # Round 1 not naming its first drafter at all; a name that is no player's has its own problem already.
    if rounds and rounds[0] is not None and "first_drafter" not in doc["rounds"][0] and "cut" not in doc:
        reader.problem("/rounds/0/first_drafter", "round 1 must name its first drafter when the log has no cut")
    result = _read_game_result(reader, doc["result"]) if "result" in doc else None
    if reader.problems:
        raise MalformedLog(reader.problems)
    game = GameLog(players, chosen, None if cut is None else tuple(cut), tuple(rounds), result)
    events = tuple(entry[1] for entry in read)
    _check_variant_form(reader, game, events)
    if reader.problems:
        raise MalformedLog(reader.problems)
    return game, events


def _read_variant(reader: _Reader, spec: Any, from_log: bool) -> Variant | None:
    try:
        return resolve_variant(spec)
    except RefereeError as exc:
        reader.problem("/variant" if from_log else "", str(exc))
        return None


def _read_players(reader: _Reader, value: Any) -> tuple[str, str] | None:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        reader.problem("/players", "must be a list of two non-empty player names")
        return None
    if len(value) != 2:
        reader.problem("/players", f"UNO DUO is a game for exactly two players, not {len(value)}", "DECK-1")
        return None
    problems = [(i, name_problem(name)) for i, name in enumerate(value)]
    for i, why in problems:
        if why is not None:  # a name shown to people and stored: no control, lone surrogate or bidi control
            reader.problem(f"/players/{i}", why)
    if any(why is not None for _, why in problems):
        return None
    if same_name(value[0], value[1]):  # one name after NFC: "é" composed and decomposed look alike
        reader.problem("/players/1", "the two players must have different names")
        return None
    return value[0], value[1]


def _read_cut(reader: _Reader, value: Any) -> list[tuple[Card, Card]] | None:
    def one(entry: Any, ptr: str, _: int) -> tuple[Card, Card] | None:
        if reader.obj(entry, ptr, set(reader.players), reader.players, platform_fields=False) is None:
            return None
        # A name missing has its problem already; only the cards given are read.
        cards = [reader.card(entry[name], f"{ptr}/{_escape(name)}") if name in entry else None
                 for name in reader.players]
        return None if None in cards else (cards[0], cards[1])

    cuts = reader.listing(value, "/cut", one)
    if isinstance(value, list) and not value:
        reader.problem("/cut", "must hold at least one cut")
    return cuts


_ROUND_FIELDS = frozenset({"first_drafter", "deck", "draft", "setup", "turn_up", "color", "events", "result"})


def _read_round(reader: _Reader, value: Any, ptr: str, index: int) -> tuple[RoundLog, None] | None:
    """Round ``index`` whole (and None: no events are left to read)."""
    return _read_round_or_frame(reader, value, ptr, index, True)


def _read_round_frame(reader: _Reader, value: Any, ptr: str, index: int) -> tuple[RoundLog, RoundEvents | None] | None:
    """Round ``index`` but for its events (the :class:`RoundLog` holds none), and those events left to read
    (None when the round lists none, or lists them in something that is not a list: a problem already)."""
    return _read_round_or_frame(reader, value, ptr, index, False)


def _read_round_or_frame(reader: _Reader, value: Any, ptr: str, index: int,
                         whole: bool) -> tuple[RoundLog, RoundEvents | None] | None:
    raw = reader.obj(value, ptr, _ROUND_FIELDS)
    if raw is None:
        return None
    first_drafter = reader.player(raw["first_drafter"], f"{ptr}/first_drafter") if "first_drafter" in raw else None
    deck = reader.cards(raw["deck"], f"{ptr}/deck") if "deck" in raw else None
    draft = _read_picks(reader, raw["draft"], f"{ptr}/draft") if "draft" in raw else []
    if "draft" not in raw and "setup" not in raw and not reader.deals:
        # LOG-FORMAT never lets it be absent: a round of {} is not an empty draft but a broken record.
        reader.problem(ptr, "a round gives its draft (the picks so far, [] before the first) or its setup")
    setup = None
    if "setup" in raw:
        if "deck" in raw or "draft" in raw:
            reader.problem(f"{ptr}/setup", "a round gives either setup, or a deck and a draft, not both")
        setup = _read_setup(reader, raw["setup"], f"{ptr}/setup", "turn_up" in raw)
    turn_up, color = _read_turn_up(reader, raw, ptr)
    unnamed_draws = deck is not None or setup is not None or "deck" in raw  # else each draw names its cards
    events: tuple = ()
    left = None
    if "events" in raw:
        if whole:
            events = tuple(_read_events(reader, raw["events"], f"{ptr}/events", unnamed_draws))
        elif isinstance(raw["events"], list):
            left = RoundEvents(raw["events"], {name: i for i, name in enumerate(reader.players)}, unnamed_draws,
                               reader, f"{ptr}/events")
        else:
            reader.problem(f"{ptr}/events", f"must be a list, not {_kind(raw['events'])}")
    result = _read_round_result(reader, raw["result"], f"{ptr}/result") if "result" in raw else None
    return RoundLog(index, first_drafter, deck, tuple(draft), setup, turn_up, color, events, result), left


def _read_turn_up(reader: _Reader, raw: dict, ptr: str) -> tuple[Card | None, Color | None]:
    turn_up = reader.card(raw["turn_up"], f"{ptr}/turn_up") if "turn_up" in raw else None
    color = None
    if turn_up is not None and turn_up.is_wild:
        if "color" not in raw:
            reader.problem(f"{ptr}/color", f"a turned-up {turn_up.name} needs the colour Player 1 chose")
        else:
            color = reader.color(raw["color"], f"{ptr}/color")
    elif "color" in raw:
        reader.problem(f"{ptr}/color", "a colour is chosen only for a turned-up wild")
    return turn_up, color


_DECISIONS = {"keep": True, "pass": False}


def _read_picks(reader: _Reader, value: Any, ptr: str) -> list[Pick | None]:
    """Every pick; those of exactly the four fields, upper-case codes, are read the quick way (as
    :func:`quick_event` reads events), the rest (and every problem) the careful one."""
    if not isinstance(value, list):
        reader.problem(ptr, f"must be a list, not {_kind(value)}")
        return []
    players = {name: i for i, name in enumerate(reader.players)}
    picks = []
    for index, item in enumerate(value):
        picks.append(_quick_pick(item, players) or _read_pick(reader, item, f"{ptr}/{index}"))
    return picks


def _quick_pick(item: Any, players: dict[str, int]) -> Pick | None:
    """The pick ``item`` if it has exactly the four fields, upper-case codes; else None (the careful way)."""
    if type(item) is dict and len(item) == 4:
        try:
            return Pick(players[item["player"]], _CARD(item["drew"]), _DECISIONS[item["decision"]],
                        _CARD(item["next"]))
        except _MISSES:
            pass
    return None


def _read_pick(reader: _Reader, value: Any, ptr: str) -> Pick | None:
    raw = reader.obj(value, ptr, {"player", "drew", "decision", "next"}, ("player", "drew", "decision", "next"))
    if raw is None or any(k not in raw for k in ("player", "drew", "decision", "next")):
        return None
    player = reader.player(raw["player"], f"{ptr}/player")
    drew = reader.card(raw["drew"], f"{ptr}/drew")
    nxt = reader.card(raw["next"], f"{ptr}/next")
    if raw["decision"] not in ("keep", "pass"):
        reader.problem(f"{ptr}/decision", f"must be \"keep\" or \"pass\", not {quoted(raw['decision'])}")
        return None
    if player is None or drew is None or nxt is None:
        return None
    return Pick(player, drew, raw["decision"] == "keep", nxt)


def _read_setup(reader: _Reader, value: Any, ptr: str, has_turn_up: bool) -> Setup | None:
    raw = reader.obj(value, ptr, {"hands", "discard", "color", "draw_pile", "hidden", "to_act"}, ("hands",))
    if raw is None or "hands" not in raw:
        return None
    hands = raw["hands"]
    if not isinstance(hands, dict) or set(hands) != set(reader.players):
        reader.problem(f"{ptr}/hands", f"must give a hand (a list of cards) for each of {both_names(reader.players)}")
        return None
    both = [reader.cards(hands[name], f"{ptr}/hands/{_escape(name)}") for name in reader.players]
    discard = reader.cards(raw.get("discard", []), f"{ptr}/discard") or ()
    draw_pile = reader.cards(raw.get("draw_pile", []), f"{ptr}/draw_pile") or ()
    hidden = reader.count(raw["hidden"], f"{ptr}/hidden") if "hidden" in raw else None
    to_act = reader.player(raw["to_act"], f"{ptr}/to_act") if "to_act" in raw else None
    color = None
    if has_turn_up:
        if discard:
            reader.problem(f"{ptr}/discard", "with a turned-up card the discard pile starts empty")
        for key in ("to_act", "color"):
            if key in raw:
                reader.problem(f"{ptr}/{key}", f"{key} is not given with a turned-up card (START-1 decides)")
    elif not discard:
        reader.problem(f"{ptr}/discard", "without a turned-up card, setup needs a discard pile (top last)")
    elif discard[-1].is_wild:
        if "color" not in raw:
            reader.problem(f"{ptr}/color", f"the {discard[-1].name} on top needs its chosen colour")
        else:
            color = reader.color(raw["color"], f"{ptr}/color")
    elif "color" in raw:
        reader.problem(f"{ptr}/color", "a colour is given only when a wild is on top")
    if None in both:
        return None
    return Setup((both[0], both[1]), discard, color, draw_pile, hidden, to_act)


def _read_events(reader: _Reader, value: Any, ptr: str, unnamed_draws: bool) -> list[Event | None]:
    """Every event; the common ones take the quick way (:func:`quick_event`), the rest (and every problem)
    the careful one. ``unnamed_draws``: False where every draw must name its cards (no deck tells them)."""
    if not isinstance(value, list):
        reader.problem(ptr, f"must be a list, not {_kind(value)}")
        return []
    players = {name: i for i, name in enumerate(reader.players)}
    events = [quick_event(item, players, True) or _read_event(reader, item, f"{ptr}/{index}")
              for index, item in enumerate(value)]
    if not unnamed_draws:  # after the events' own problems, as the reader always listed them
        for index, event in enumerate(events):
            if type(event) is Draw and event.cards is None:
                reader.problem(f"{ptr}/{index}/cards", "a round without a deck names the cards every draw takes")
    return events


# -- the quick way of reading the common entries --------------------------------------------------------
# A log that a program wrote holds upper-case card codes and only the fields each entry needs. Such an
# entry is read by a few look-ups in the tables below, keyed by the log's own strings, with no pointer
# built. A look-up that fails -- a field missing, an unknown code, a value of another type, which is no key
# of these tables (a list is not even hashable) -- raises KeyError or TypeError, and the entry goes the
# careful way, which finds and words its problems. Either way the entry becomes the same record.

_MISSES = (KeyError, TypeError)
_CARD = CARDS_BY_CODE.__getitem__
#: Each player's play of each coloured card alone, without UNO: the commonest event, found in one look-up.
_PLAIN_PLAYS = tuple({card.code: play(player, card) for card in ALL_CARDS if not card.is_wild} for player in (0, 1))
_SIMPLE = {"challenge": (Challenge(0), Challenge(1)), "uno": (SayUno(0), SayUno(1)), "catch": (Catch(0), Catch(1))}
_TWO_FIELDS = {"draw": (draw(0), draw(1)), **_SIMPLE}  # the events of only a player and a type
#: Each player's draw of one named card, by its code (a round without a deck names every card drawn).
_ONE_CARD_DRAWS = tuple({card.code: Draw(player, (card,)) for card in ALL_CARDS} for player in (0, 1))


def quick_event(item: Any, players: dict[str, int], unnamed_draws: bool) -> Event | None:
    """The event ``item`` if it is written plainly -- a play (with UNO, a wild with its colour; no dump), a
    draw, a challenge, a late UNO or a catch, upper-case codes, no other field -- else None: then it is for
    the careful reader. ``players``: each player's index by name; ``unnamed_draws``: whether a draw may
    leave its cards to the deck (if not, such a draw is for the careful reader too)."""
    if type(item) is not dict:  # a mapping of another type is no JSON object: the careful reader says so
        return None
    try:
        player = players[item["player"]]
        kind = item["type"]
        size = len(item)
        if kind == "play":
            if size == 3:
                return _PLAIN_PLAYS[player][item["card"]]  # a wild is not there: it needs its colour
            return _quick_play(item, player, size)
        if size == 2:
            if kind != "draw" or unnamed_draws:
                return _TWO_FIELDS[kind][player]
        elif size == 3 and kind == "draw":
            codes = item["cards"]
            if type(codes) is list:
                if len(codes) == 1:
                    return _ONE_CARD_DRAWS[player][codes[0]]
                return Draw(player, tuple(map(_CARD, codes)))
    except _MISSES:
        pass
    return None


def _quick_play(item: dict, player: int, size: int) -> Play | None:
    """A play of four or five fields, plainly written: a wild with its colour, UNO said (or not), or both."""
    card = _CARD(item["card"])
    uno = item.get("uno", False)
    if uno is not True and uno is not False:
        return None
    if card.is_wild:
        if size - ("uno" in item) != 4:
            return None
        return play(player, card, _COLOR_WORDS[item["color"]], uno)
    if size != 4 or "uno" not in item:
        return None
    return play(player, card, None, uno)


def _read_event(reader: _Reader, value: Any, ptr: str) -> Event | None:
    if not isinstance(value, dict):
        reader.problem(ptr, f"an event must be an object, not {_kind(value)}")
        return None
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in _EVENT_FIELDS:
        found = quoted(kind) if "type" in value else "missing"
        reader.problem(f"{ptr}/type", f"type must be one of {', '.join(EVENT_TYPES)}, not {found}")
        return None
    raw = reader.obj(value, ptr, _EVENT_FIELDS[kind], ("player",))
    if "player" not in raw:
        return None
    player = reader.player(raw["player"], f"{ptr}/player")
    ok = player is not None
    if kind == "play":
        fields = _read_play(reader, raw, ptr)
        uno = _read_uno(reader, raw, ptr)
        if fields is None or uno is None or not ok:
            return None
        card, color, dump = fields
        return Play(player, card, color, uno, dump)
    if kind == "dump":
        cards = reader.cards(raw.get("cards"), f"{ptr}/cards", non_empty=True)
        uno = _read_uno(reader, raw, ptr)
        return Dump(player, cards, uno) if cards is not None and uno is not None and ok else None
    if kind == "draw":
        cards = refill = None
        if "cards" in raw:
            cards = reader.cards(raw["cards"], f"{ptr}/cards")
            ok = cards is not None and ok
        if "refill" in raw:
            refill = reader.cards(raw["refill"], f"{ptr}/refill")
            ok = refill is not None and ok
        return Draw(player, cards, refill) if ok else None
    return _SIMPLE_EVENTS[kind](player) if ok else None


def read_decision(value: Any, players: tuple[str, str], seat: int) -> tuple[Event | bool | Color | None, list[Problem]]:
    """One decision of the player at ``seat`` (0 or 1), as a game played live takes it, judged by this
    reader's own checks of the log's entries: an event in the log's form (``player`` may be left out; a
    draw names no cards, the dealer draws them), a draft pick's or a kept drawn card's ``{"decision":
    "keep"|"pass"}`` (read as True to keep), or a turned-up wild's ``{"color": ...}``. Returns what was read
    (None after a problem) and every problem, with its pointer into the decision."""
    reader = _Reader()
    reader.players = players
    if not isinstance(value, dict):
        reader.problem("", "a decision must be an object")
        return None, reader.problems
    if "player" in value:
        player = reader.player(value["player"], "/player")
        if player is not None and player != seat:
            reader.problem("/player", f"this seat decides for {players[seat]}, not {players[player]}")
    read: Event | bool | Color | None = None
    if "type" in value:
        if value["type"] == "draw":
            for field in ("cards", "refill"):
                if field in value:
                    reader.problem(f"/{field}", f"the dealer draws the cards: a draw states no {field}")
        read = _read_event(reader, {**value, "player": players[seat]}, "")
    elif "decision" in value:
        reader.obj(value, "", {"player", "decision"})
        word = value["decision"]
        if isinstance(word, str) and word in _DECISIONS:
            read = _DECISIONS[word]
        else:
            reader.problem("/decision", "must be \"keep\" or \"pass\"")
    elif "color" in value:
        reader.obj(value, "", {"player", "color"})
        read = reader.color(value["color"], "/color")
    else:
        reader.problem("", "a decision is an event (with \"type\"), a pick or a keep (\"decision\"), or a "
                           "turned-up wild's colour (\"color\")")
    return (None if reader.problems else read), reader.problems


def _read_uno(reader: _Reader, raw: dict, ptr: str) -> bool | None:
    """A play's or dump's ``uno`` (false when absent); None after a problem."""
    return reader.boolean(raw["uno"], f"{ptr}/uno") if "uno" in raw else False


_SIMPLE_EVENTS = {"challenge": Challenge, "uno": SayUno, "catch": Catch}


def _read_play(reader: _Reader, raw: dict, ptr: str) -> tuple[Card, Color | None, tuple[Card, ...]] | None:
    """``(card, color, dump)`` of a well-formed play (``uno`` is read by the caller), else None."""
    if "card" not in raw:
        reader.problem(f"{ptr}/card", "a play names its card")
        return None
    card = reader.card(raw["card"], f"{ptr}/card")
    if card is None:
        return None
    ok = True
    color = None
    if card.is_wild:
        if "color" not in raw:
            reader.problem(f"{ptr}/color", f"a played {card.name} needs its chosen colour")
            ok = False
        else:
            color = reader.color(raw["color"], f"{ptr}/color")
            ok = color is not None
    elif "color" in raw:
        reader.problem(f"{ptr}/color", "a colour is chosen only when a wild is played")
        ok = False
    dump: tuple[Card, ...] = ()
    if "dump" in raw:
        if card.kind is not Kind.REVERSE:
            reader.problem(f"{ptr}/dump", "only a Reverse is played with a dump")
            return None
        read = reader.cards(raw["dump"], f"{ptr}/dump")
        dump = read or ()
        ok = ok and read is not None
    return (card, color, dump) if ok else None


def _read_round_result(reader: _Reader, value: Any, ptr: str) -> tuple[int, tuple[int, int]] | None:
    raw = reader.obj(value, ptr, {"out", "points"}, ("out", "points"))
    if raw is None or "out" not in raw or "points" not in raw:
        return None
    out = reader.player(raw["out"], f"{ptr}/out")
    pts = reader.points(raw["points"], f"{ptr}/points")
    return None if out is None or pts is None else (out, pts)


def _read_game_result(reader: _Reader, value: Any) -> tuple[int | None, tuple[int, int]] | None:
    raw = reader.obj(value, "/result", {"winner", "scores"}, ("winner", "scores"))
    if raw is None or "winner" not in raw or "scores" not in raw:
        return None
    winner = None if raw["winner"] is None else reader.player(raw["winner"], "/result/winner")
    scores = reader.points(raw["scores"], "/result/scores")
    return None if scores is None else (winner, scores)


def _check_variant_form(reader: _Reader, game: GameLog, left: tuple[RoundEvents | None, ...]) -> None:
    """Form that depends on the variant: a dealt round has no draft; a deck-less deal states its hands.
    ``left``: each round's events still to read, if any (:func:`read_frame`)."""
    if game.variant.rules.start != "deal":
        return
    for rnd, events in zip(game.rounds, left, strict=True):
        if rnd.draft:
            reader.problem(f"/rounds/{rnd.index}/draft", f"variant {quoted(game.variant.name)} deals: no draft")
        has_events = rnd.events or (events is not None and events.items)
        if rnd.deck is None and rnd.setup is None and (rnd.turn_up is not None or has_events):
            reader.problem(f"/rounds/{rnd.index}/setup",
                           "a dealt round without a deck must state the hands as setup")
