"""Near-valid game logs, for the tests that hold the engine's reader, the request schema and the three
front ends (library, command line, HTTP) to one answer.

Two sources:

- :func:`near_valid`: a simulated legal log (:data:`BASES`) with one to three mutations drawn by hypothesis
  (:data:`MUTATIONS`): the mistakes a client makes -- a field dropped, retyped or renamed, an unknown field,
  an unknown card, a stranger or a third player, a wild without its colour, a colour without a wild,
  ``setup`` beside ``deck``, a bad enum, a bad variant object, a ``dump`` on a card that is not a Reverse, a
  round without its first drafter, a draw naming no card in a round without a deck, a part (event, pick,
  set-up, claim) well formed but for one thing.
- :func:`single_mistakes`: every log with exactly one mistake in small :data:`TEMPLATES` that hold every
  field of the format, exhaustively -- random draws miss the rare field, enumeration does not.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import strategies as st

from referee.engine.cards import parse_card
from referee.engine.variants import PARAMETERS, UNO_DUO
from referee.errors import UnknownCard
from referee.play.selfplay import simulate_game
from tests.service.conftest import SMALL_LOG

PLAYERS = ("Ana", "Ben")
Path = tuple[str | int, ...]


def _short(game: dict, events: int = 12) -> dict:
    """The first round whole and the second cut after ``events`` events: small, and still well formed."""
    game = copy.deepcopy(game)
    del game["rounds"][2:]
    second = game["rounds"][1]
    del second["events"][events:]
    second.pop("result", None)
    return game


def _wild_on_top() -> dict:
    log = copy.deepcopy(SMALL_LOG)
    log["rounds"][0]["setup"].update(discard=["R9", "W"], color="red", draw_pile=["G1"], hidden=3, to_act="Ben")
    return log


#: Well-formed logs of every form: deck and draft, no deck, a dealt round stated as setup, a dealt round
#: with its deck, a variant object, and hand-made setups without a turned-up card.
BASES: list[dict] = [
    _short(simulate_game(1, UNO_DUO, True)),
    _short(simulate_game(2, UNO_DUO, False)),
    _short(simulate_game(3, "classic-duel", False)),
    _short(simulate_game(4, "classic-duel", True)),
    _short(simulate_game(5, UNO_DUO.derive("shuffling", {"refill": "shuffle"}), False)),
    copy.deepcopy(SMALL_LOG),
    _wild_on_top(),
]

FIELDS = ("format", "variant", "players", "cut", "rounds", "result", "first_drafter", "deck", "draft",
          "setup", "turn_up", "color", "events", "player", "type", "card", "cards", "uno", "dump", "refill",
          "drew", "decision", "next", "hands", "discard", "draw_pile", "hidden", "to_act", "out", "points",
          "winner", "scores", "base", "rules", "name")
ODD_NAMES = ("colour", "Player", "cards ", "a/b~c", "")
ODD_VALUES = (None, True, False, 0, -1, 1.5, 100_001, "", " ", "x", [], {}, ["R1"], {"Ana": 1})
CARD_WORDS = ("R7", "W", "W+4", "WC", "RR", "GR", "B+2", "YS", "r7", "red 7", "Wild Draw 4", "  blue   1 ",
              "R10", "purple 3", "X", "", 7, None)
STRANGERS = ("Cy", "", " ", "ana", "Ana ", "Ben", "Ana", 5, None)
ENUMS = {
    "format": ("uno-duo-log/2", "", "uno-duo-log/1", 1),
    "decision": ("maybe", "Keep", "pass", "keep", None),
    "type": ("shout", "Play", "", None, 3, "draw", "challenge", "uno", "catch", "dump", "play"),
    "color": ("pink", "Red", "", "blue", "green", None, 1),
}
VARIANTS = ("uno-trio", "uno-duo-108", "classic-duel", 7, None, [], {}, {"base": "uno-trio"}, {"base": None},
            {"base": "classic-duel", "rules": {"uno_penalty": 4}, "name": "harsh"}, {"rules": {"volley": "yes"}},
            {"rules": {"colours": 5}}, {"rules": {"target_score": 1.5}}, {"rules": {"target_score": True}},
            {"rules": None}, {"rules": []}, {"name": ""}, {"name": 5}, {"name": None}, {"x": 1},
            {"rules": {"refill": "shuffle"}}, {"rules": {"challenge": "sometimes"}}, {"base": {"base": "uno-duo"}})
NUMBERS = (-1, 0, 3, 1.0, 2.5, True, 100_000, 100_001, "3", None)


# -- paths into a JSON document -----------------------------------------------------------------------


def paths(value: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every path into a JSON value, the value itself first."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, (*prefix, index))


def get(doc: Any, path: Path) -> Any:
    """The value at ``path``."""
    for step in path:
        doc = doc[step]
    return doc


def _is_card(value: Any) -> bool:
    try:
        parse_card(value)
    except UnknownCard:
        return False
    return True


def _where(data, doc: Any, keep: Callable[[Path, Any], bool], label: str) -> Path | None:
    """A path of ``doc`` whose value ``keep`` accepts, drawn by hypothesis; None when there is none."""
    found = [p for p in paths(doc) if keep(p, get(doc, p))]
    return data.draw(st.sampled_from(found), label=label) if found else None


def _is_event(p: Path, v: Any) -> bool:
    return len(p) == 4 and p[0] == "rounds" and p[2] == "events" and isinstance(v, dict)


def _rounds(p: Path, v: Any) -> bool:
    return len(p) == 2 and p[0] == "rounds" and isinstance(v, dict)


def _pick(data, options, label: str):
    return data.draw(st.sampled_from(options), label=label)


# -- the mutations: each changes ``doc`` in place -------------------------------------------------------


def retype(data, doc: dict) -> None:
    """Any value (but the document) becomes a value of another type, or an odd one."""
    path = _where(data, doc, lambda p, v: bool(p), "retyped")
    if path is None:
        return
    get(doc, path[:-1])[path[-1]] = _pick(data, ODD_VALUES, "to")


def drop(data, doc: dict) -> None:
    """A field or a list item goes."""
    path = _where(data, doc, lambda p, v: bool(p), "dropped")
    if path is None:
        return
    del get(doc, path[:-1])[path[-1]]


def rename(data, doc: dict) -> None:
    """A field is spelt as another field, or as no field at all."""
    path = _where(data, doc, lambda p, v: bool(p) and isinstance(p[-1], str), "renamed")
    if path is None:
        return
    parent = get(doc, path[:-1])
    parent[_pick(data, FIELDS + ODD_NAMES, "as")] = parent.pop(path[-1])


def add_field(data, doc: dict) -> None:
    """An object gains a field: a known one in the wrong place, or an unknown one."""
    path = _where(data, doc, lambda p, v: isinstance(v, dict), "object")
    value = _pick(data, ODD_VALUES + CARD_WORDS + PLAYERS + ("red",), "value")
    get(doc, path)[_pick(data, FIELDS + ODD_NAMES, "field")] = value


def card(data, doc: dict) -> None:
    """A card becomes another card, another spelling of one, or no card."""
    path = _where(data, doc, lambda p, v: bool(p) and isinstance(v, str) and _is_card(v), "card")
    if path is not None:
        get(doc, path[:-1])[path[-1]] = _pick(data, CARD_WORDS, "to")


def stranger(data, doc: dict) -> None:
    """A name or a key naming a player becomes a stranger's, a blank, or the other player's."""
    path = _where(data, doc, lambda p, v: len(p) > 1 and (v in PLAYERS or p[-1] in PLAYERS), "name")
    if path is None:
        return
    parent, key, to = get(doc, path[:-1]), path[-1], _pick(data, STRANGERS, "to")
    if key in PLAYERS and isinstance(parent, dict):
        if isinstance(to, str):
            parent[to] = parent.pop(key)
    else:
        parent[key] = to


def players(data, doc: dict) -> None:
    """A third player, one player, the same name twice, a blank name, no list."""
    doc["players"] = _pick(data, (["Ana", "Ben", "Cy"], ["Ana"], ["Ana", "Ana"], ["Ana", " "], ["Ana", ""],
                                  ["Ana", 5], "Ana", [], None, ["Ben", "Ana"]), "players")


def wild(data, doc: dict) -> None:
    """A play becomes a wild (with or without a colour), or loses or gains its colour."""
    path = _where(data, doc, lambda p, v: _is_event(p, v) and v.get("type") == "play", "play")
    if path is None:
        return
    event = get(doc, path)
    how = _pick(data, ("wild", "wild, no colour", "no colour", "colour"), "how")
    if how.startswith("wild"):
        event["card"] = _pick(data, ("W", "W+4", "WC", "wild"), "wild")
    if how != "wild":
        event.pop("color", None)
    if how in ("wild", "colour"):
        event["color"] = _pick(data, ENUMS["color"], "colour")


def round_colour(data, doc: dict) -> None:
    """A round's turned-up card or set-up top becomes a wild, or a colour appears or goes."""
    path = _where(data, doc, _rounds, "round")
    if path is None:
        return
    rnd = get(doc, path)
    in_setup = isinstance(rnd.get("setup"), dict) and "turn_up" not in rnd and _pick(data, (0, 1), "in setup")
    where = rnd["setup"] if in_setup else rnd
    how = _pick(data, ("wild", "no colour", "colour", "wild and colour"), "how")
    if how.startswith("wild"):
        if where is rnd:
            rnd["turn_up"] = _pick(data, ("W", "W+4", "WC"), "wild")
        else:
            discard = where.get("discard")
            where["discard"] = [*(discard if isinstance(discard, list) else []), "W+4"]
    if how == "no colour":
        where.pop("color", None)
    if how.endswith("colour") and how != "no colour":
        where["color"] = _pick(data, ENUMS["color"], "colour")


def setup_and_deck(data, doc: dict) -> None:
    """A round gives setup beside a deck or a draft."""
    path = _where(data, doc, _rounds, "round")
    if path is None:
        return
    rnd = get(doc, path)
    if "setup" in rnd:
        rnd[_pick(data, ("deck", "draft"), "beside")] = []
    else:
        rnd["setup"] = {"hands": {"Ana": ["R1"], "Ben": ["G2"]}, "discard": ["R9"]}


def setup_and_turn_up(data, doc: dict) -> None:
    """A set-up round gains or loses its turned-up card, a discard pile, a colour or who is to act."""
    path = _where(data, doc, lambda p, v: _rounds(p, v) and isinstance(v.get("setup"), dict), "round")
    if path is None:
        return
    rnd = get(doc, path)
    setup = rnd["setup"]
    how = _pick(data, ("toggle turn_up", "discard", "no discard", "to_act", "colour", "hidden"), "how")
    if how == "toggle turn_up":
        if rnd.pop("turn_up", None) is None:
            rnd["turn_up"] = "G5"
    elif how == "discard":
        setup["discard"] = _pick(data, (["R9"], [], ["W"], "R9"), "discard")
    elif how == "no discard":
        setup.pop("discard", None)
    elif how == "to_act":
        setup["to_act"] = _pick(data, STRANGERS, "to_act")
    elif how == "colour":
        setup["color"] = _pick(data, ENUMS["color"], "colour")
    else:
        setup["hidden"] = _pick(data, NUMBERS, "hidden")


def enum(data, doc: dict) -> None:
    """A format, a decision, an event type or a colour takes a value outside its enum (or another one)."""
    name = _pick(data, tuple(ENUMS), "enum")
    path = _where(data, doc, lambda p, v: bool(p) and p[-1] == name, name)
    if path is not None:
        get(doc, path[:-1])[name] = _pick(data, ENUMS[name], "to")


def dump(data, doc: dict) -> None:
    """A play carries a dump, whatever its card."""
    path = _where(data, doc, lambda p, v: _is_event(p, v) and v.get("type") == "play", "play")
    if path is not None:
        get(doc, path)["dump"] = _pick(data, (["R1"], [], "R1", ["R10"]), "dump")


def first_drafter(data, doc: dict) -> None:
    """The cut or round 1's first drafter goes, or the cut is empty or names a stranger."""
    how = _pick(data, ("no cut", "no first drafter", "both", "empty cut", "stranger's cut"), "how")
    rounds = doc["rounds"]
    if how in ("no cut", "both"):
        doc.pop("cut", None)
    if how in ("no first drafter", "both") and rounds and isinstance(rounds[0], dict):
        rounds[0].pop("first_drafter", None)
    if how == "empty cut":
        doc["cut"] = []
    if how == "stranger's cut":
        doc["cut"] = [{"Ana": "R7", "Cy": "G5"}]


def draw_cards(data, doc: dict) -> None:
    """A draw names no card, in a round that may lose its deck too."""
    path = _where(data, doc, lambda p, v: _is_event(p, v) and v.get("type") == "draw", "draw")
    if path is None:
        return
    get(doc, path).pop("cards", None)
    if _pick(data, (0, 1), "drop the deck"):
        get(doc, path[:2]).pop("deck", None)


def number(data, doc: dict) -> None:
    """A count, a score or points become negative, fractional, a boolean, a string, too large."""
    path = _where(data, doc, lambda p, v: type(v) is int, "number")
    if path is not None:
        get(doc, path[:-1])[path[-1]] = _pick(data, NUMBERS, "to")


# -- a well-formed part with one thing wrong ----------------------------------------------------------

_NUMBER_CARDS = ("R7", "G0", "b9", "yellow 3")
_REVERSES = ("RR", "GR", "blue reverse")
_WILDS = ("W", "W+4", "WC", "wild draw 4")
_cards = st.lists(st.sampled_from(_NUMBER_CARDS + _REVERSES + ("B+2", "YS")), max_size=3)
_players = st.sampled_from(PLAYERS)
_flags = st.booleans()
_colours = st.sampled_from(("red", "yellow", "green", "blue"))

#: Wrong values for a field, by field name: of the wrong type, out of the enum, or no such thing.
WRONG = {
    "player": ("Cy", "", " ", "ana", "Ana ", 5, None, ["Ana"]), "to_act": STRANGERS, "out": STRANGERS,
    "winner": ("Cy", "", " ", 5),
    "card": ("R10", "purple 3", "X", "", 7, None, ["R7"], "R 7"), "drew": ("R10", "", 7, None),
    "next": ("R10", "", 7, None),
    "color": ("pink", "Red", "", None, 1, ["red"]), "decision": ("maybe", "Keep", None, 1, True),
    "uno": (0, 1, "yes", "true", "", None, []), "type": ("shout", "Play", "", None, 3),
    "cards": ([], ["R10"], "R1", None, [5], [None], {"R1": 1}),
    "hidden": (-1, 1.0, 2.5, True, 100_001, "3", None),
    "hands": ({"Ana": []}, {"Ana": [], "Ben": [], "Cy": []}, {"Ana": "R1", "Ben": []}, {"Ana": ["R10"], "Ben": []},
              [], None),
    "points": ({"Ana": 0}, {"Ana": 0, "Ben": -1}, {"Ana": 0, "Ben": 1.5}, {"Ana": 0, "Ben": True},
               {"Ana": 0, "Ben": 0, "Cy": 0}, [0, 0], None),
}
for _same, _as in (("dump", "cards"), ("refill", "cards"), ("discard", "cards"), ("draw_pile", "cards"),
                   ("scores", "points")):
    WRONG[_same] = WRONG[_as]

EVENT_KINDS = ("play", "dump", "draw", "challenge", "uno", "catch")


def _draw(data, strategy, label: str):
    return data.draw(strategy, label=label)


def _maybe(data, part: dict, key: str, strategy) -> None:
    if _draw(data, st.booleans(), f"with {key}"):
        part[key] = _draw(data, strategy, key)


def well_formed(data, kind: str) -> dict:
    """A well-formed event (of ``kind``), pick, set-up (without turn_up) or result."""
    if kind in EVENT_KINDS:
        part = {"player": _draw(data, _players, "player"), "type": kind}
        if kind == "play":
            card = part["card"] = _draw(data, st.sampled_from(_NUMBER_CARDS + _REVERSES + _WILDS), "card")
            if card in _WILDS:
                part["color"] = _draw(data, _colours, "colour")
            if card in _REVERSES:
                _maybe(data, part, "dump", _cards)
        if kind == "dump":
            part["cards"] = _draw(data, _cards.filter(bool), "cards")
        if kind == "draw":
            part["cards"] = _draw(data, _cards, "cards")
            _maybe(data, part, "refill", _cards)
        if kind in ("play", "dump"):
            _maybe(data, part, "uno", _flags)
        return part
    if kind == "pick":
        return {"player": _draw(data, _players, "player"), "drew": _draw(data, st.sampled_from(_NUMBER_CARDS), "drew"),
                "decision": _draw(data, st.sampled_from(("keep", "pass")), "decision"),
                "next": _draw(data, st.sampled_from(_REVERSES), "next")}
    if kind == "setup":
        part = {"hands": _draw(data, st.fixed_dictionaries({p: _cards for p in PLAYERS}), "hands"),
                "discard": _draw(data, _cards.filter(bool), "discard")}
        if _draw(data, st.booleans(), "wild on top"):
            part["discard"].append(_draw(data, st.sampled_from(_WILDS), "top"))
            part["color"] = _draw(data, _colours, "colour")
        for key, strategy in (("draw_pile", _cards), ("hidden", st.integers(0, 90)), ("to_act", _players)):
            _maybe(data, part, key, strategy)
        return part
    if kind == "round result":
        return {"out": _draw(data, _players, "out"),
                "points": _draw(data, st.fixed_dictionaries({p: st.integers(0, 50) for p in PLAYERS}), "points")}
    return {"winner": _draw(data, _players | st.none(), "winner"),
            "scores": _draw(data, st.fixed_dictionaries({p: st.integers(0, 500) for p in PLAYERS}), "scores")}


def one_wrong(data, part: dict) -> dict:
    """``part`` as it is, or with one field dropped, given a wrong value, or one field added."""
    how = _draw(data, st.sampled_from(("as it is", "drop", "wrong", "add")), "how")
    if how == "drop":
        del part[_draw(data, st.sampled_from(sorted(part)), "drop")]
    elif how == "wrong":
        key = _draw(data, st.sampled_from(sorted(k for k in part if k in WRONG)), "wrong")
        part[key] = copy.deepcopy(_draw(data, st.sampled_from(WRONG[key]), f"wrong {key}"))
    elif how == "add":
        key = _draw(data, st.sampled_from(FIELDS + ODD_NAMES), "add")
        values = WRONG.get(key, ODD_VALUES) + (("red", "R7", True, ["R7"], "Ana") if key in FIELDS else ())
        part[key] = copy.deepcopy(_draw(data, st.sampled_from(values), f"added {key}"))
    return part


def event(data, doc: dict) -> None:
    """A round gains, or has one of its events replaced by, a well-formed event with one thing wrong."""
    path = _where(data, doc, lambda p, v: _rounds(p, v) and isinstance(v.get("events"), list), "round")
    if path is None:
        return
    rnd = get(doc, path)
    events = rnd["events"]
    at = _draw(data, st.integers(0, len(events)), "at")
    events[at:at + _draw(data, st.integers(0, 1), "replace")] = [
        one_wrong(data, well_formed(data, _draw(data, st.sampled_from(EVENT_KINDS), "kind")))]


def part(data, doc: dict) -> None:
    """A pick, a set-up (the round then starts from it) or a result is replaced by one with one thing wrong."""
    kind = _draw(data, st.sampled_from(("pick", "setup", "round result", "game result")), "part")
    new = one_wrong(data, well_formed(data, kind))
    if kind == "game result":
        doc["result"] = new
        return
    path = _where(data, doc, _rounds, "round")
    if path is None:
        return
    rnd = get(doc, path)
    if kind == "pick":
        draft = rnd.setdefault("draft", []) if "setup" not in rnd else []
        if isinstance(draft, list):
            at = _draw(data, st.integers(0, len(draft)), "at")
            draft[at:at + _draw(data, st.integers(0, 1), "replace")] = [new]
    elif kind == "setup":
        for key in ("deck", "draft", "turn_up", "color"):
            rnd.pop(key, None)
        rnd["setup"] = new
    else:
        rnd["result"] = new


_PARAMETER_VALUES = (True, False, 0, 4, -1, 1.5, "yes", None, "shuffle", "current-colour", "deal", "108", [])
_variant_object = st.fixed_dictionaries({}, optional={
    "base": st.sampled_from(("uno-duo", "classic-duel", "uno-trio", "", None, 5, {"base": "uno-duo"})),
    "rules": st.dictionaries(st.sampled_from((*PARAMETERS, "colours")), st.sampled_from(_PARAMETER_VALUES),
                             max_size=2) | st.sampled_from((None, [], "volley")),
    "name": st.sampled_from(("harsh", "", None, 5, " ")),
    "x": st.just(1),
})


def variant(data, doc: dict) -> None:
    """The variant becomes another name, an unknown one, or an object right or wrong."""
    doc["variant"] = data.draw(st.sampled_from(VARIANTS) | _variant_object, label="variant")


MUTATIONS = (retype, drop, rename, add_field, card, stranger, players, wild, round_colour, setup_and_deck,
             setup_and_turn_up, enum, variant, dump, first_drafter, draw_cards, number, event, part)


def near_valid(data, *, most: int = 3, mutations: tuple[Callable, ...] = MUTATIONS) -> dict:
    """One of :data:`BASES`, copied, with one to ``most`` of ``mutations`` (drawn from ``data``)."""
    doc = copy.deepcopy(_pick(data, BASES, "base"))
    for _ in range(data.draw(st.integers(1, most), label="mutations")):
        if not isinstance(doc.get("rounds"), list) or not doc["rounds"]:
            doc["rounds"] = copy.deepcopy(BASES[-1]["rounds"])
        _pick(data, mutations, "mutation")(data, doc)
    return doc


# -- every single mistake in small templates, exhaustively ------------------------------------------------

#: Small well-formed logs that between them hold every field of the format at least once.
TEMPLATES: list[dict] = [
    {   # a set-up round without a turned-up card, a wild on top; a variant object, a cut, every claim
        "format": "uno-duo-log/1", "variant": {"base": "uno-duo", "rules": {"uno_penalty": 4, "volley": False,
                                                                             "refill": "shuffle"}, "name": "harsh"},
        "players": ["Ana", "Ben"], "cut": [{"Ana": "R7", "Ben": "G7"}],
        "rounds": [{
            "first_drafter": "Ana",
            "setup": {"hands": {"Ana": ["R4"], "Ben": ["B1", "R2"]}, "discard": ["R9", "W"], "color": "red",
                      "draw_pile": ["G1"], "hidden": 3, "to_act": "Ben"},
            "events": [{"player": "Ben", "type": "play", "card": "R2", "uno": True}],
            "result": {"out": "Ana", "points": {"Ana": 0, "Ben": 7}},
        }],
        "result": {"winner": "Ana", "scores": {"Ana": 7, "Ben": 0}},
    },
    {   # every kind of event, in a plain set-up round
        "format": "uno-duo-log/1", "players": ["Ana", "Ben"],
        "rounds": [{
            "first_drafter": "Ana",
            "setup": {"hands": {"Ana": ["RR", "R5"], "Ben": ["B1"]}, "discard": ["R9"]},
            "events": [
                {"player": "Ana", "type": "play", "card": "RR", "dump": ["R5"], "uno": False},
                {"player": "Ana", "type": "play", "card": "W+4", "color": "blue"},
                {"player": "Ben", "type": "challenge"},
                {"player": "Ben", "type": "draw", "cards": ["G1"], "refill": ["B5"]},
                {"player": "Ana", "type": "uno"},
                {"player": "Ben", "type": "catch"},
            ],
        }],
    },
    {   # a deck, a draft and a turned-up wild; a dump on it; a draw that names no card; no claims
        "format": "uno-duo-log/1", "variant": "uno-duo", "players": ["Ana", "Ben"],
        "rounds": [{
            "first_drafter": "Ben", "deck": ["R1", "G2", "W", "B3"],
            "draft": [{"player": "Ben", "drew": "R1", "decision": "keep", "next": "G2"},
                      {"player": "Ana", "drew": "W", "decision": "pass", "next": "B3"}],
            "turn_up": "W", "color": "green",
            "events": [{"player": "Ana", "type": "dump", "cards": ["G2", "G5"], "uno": True},
                       {"player": "Ben", "type": "draw"}],
        }],
        "result": {"winner": None, "scores": {"Ana": 0, "Ben": 0}},
    },
    {   # a dealing variant: the hands stated as setup, then a turned-up card
        "format": "uno-duo-log/1", "variant": "classic-duel", "players": ["Ana", "Ben"],
        "cut": [{"Ana": "R7", "Ben": "G2"}],
        "rounds": [{"setup": {"hands": {"Ana": ["R4"], "Ben": ["B1"]}, "draw_pile": ["G5"], "hidden": 10},
                    "turn_up": "G5", "events": [{"player": "Ben", "type": "draw", "cards": ["Y1"]}]}],
    },
]

_CARD_LISTS = ("deck", "cards", "dump", "refill", "discard", "draw_pile")
_BY_PLAYER = ("hands", "points", "scores")
_WRONG_BY_KEY = {
    "format": ("uno-duo-log/2", "", 1, None), "variant": VARIANTS, "turn_up": WRONG["card"],
    "players": (["Ana", "Ben", "Cy"], ["Ana"], ["Ana", "Ana"], ["Ana", " "], "Ana", [], None),
    "base": ("uno-trio", "", None, 5, {"base": "uno-duo"}), "name": ("", None, 5, ["x"]),
    "rules": (None, [], "volley", {"colours": 5}), "first_drafter": WRONG["player"],
    **{name: _PARAMETER_VALUES for name in PARAMETERS},
}


#: A value of the right type for each field, so that a field added where it does not belong is the only mistake.
_RIGHT = {
    "format": "uno-duo-log/1", "variant": "uno-duo", "players": ["Ana", "Ben"], "cut": [{"Ana": "R1", "Ben": "G2"}],
    "rounds": [], "result": {"out": "Ana", "points": {"Ana": 0, "Ben": 0}}, "first_drafter": "Ana", "deck": [],
    "draft": [], "setup": {"hands": {"Ana": [], "Ben": []}, "discard": ["R1"]}, "color": "red", "events": [],
    "player": "Ana", "type": "draw", "cards": ["R7"], "uno": True, "dump": [], "refill": [], "decision": "keep",
    "hands": {"Ana": [], "Ben": []}, "discard": [], "draw_pile": [], "hidden": 0, "to_act": "Ana", "out": "Ana",
    "points": {"Ana": 0, "Ben": 0}, "winner": None, "scores": {"Ana": 0, "Ben": 0}, "base": "uno-duo", "rules": {},
    "name": "x",
}


def _wrong_values(path: Path) -> tuple:
    """Values that may be wrong at ``path``, by what the path names."""
    key, parent = path[-1], path[-2] if len(path) > 1 else None
    if isinstance(key, int):
        if parent in _CARD_LISTS or (len(path) > 2 and path[-3] == "hands"):
            return WRONG["card"]
        if parent == "players":
            return ("", " ", 5, None, "Ben")
        return ("draw", 5, None, [], {})
    if parent in _BY_PLAYER or (len(path) > 2 and path[-3] == "cut"):
        return WRONG["cards"] if parent == "hands" else (-1, 1.5, True, "3", None, "R10", 5)
    return WRONG.get(key) or _WRONG_BY_KEY.get(key) or ODD_VALUES


def single_mistakes(template: dict) -> Iterator[tuple[str, dict]]:
    """Every ``template`` with exactly one mistake: each field and item dropped, renamed or given each wrong
    value for its kind; each object given each field of the format, or a field of no format at all."""
    for path in paths(template):
        if not path:
            continue
        value = get(template, path)
        yield from _with(template, path, f"drop {path}", lambda parent, key: parent.pop(key))
        if isinstance(path[-1], str):
            for new in ("colour", path[-1] + "s", path[-1].upper()):
                yield from _with(template, path, f"rename {path} {new}",
                                 lambda parent, key, new=new: parent.__setitem__(new, parent.pop(key)))
        for wrong in _wrong_values(path):
            yield from _with(template, path, f"{path} = {wrong!r}",
                             lambda parent, key, wrong=wrong: parent.__setitem__(key, copy.deepcopy(wrong)))
        if isinstance(value, dict):
            for name in FIELDS + ODD_NAMES:
                if name not in value:
                    added = _RIGHT.get(name, "R7")
                    yield from _with(template, (*path, name), f"add {path} {name}={added!r}",
                                     lambda parent, key, added=added: parent.__setitem__(key, added))


def _with(template: dict, path: Path, name: str, change: Callable) -> Iterator[tuple[str, dict]]:
    doc = copy.deepcopy(template)
    parent = get(doc, path[:-1])
    if isinstance(parent, list):  # a list item: changed through a view keyed by index, then put back in order
        view = dict(enumerate(parent))
        change(view, path[-1])
        parent[:] = [view[i] for i in sorted(view)]
    else:
        change(parent, path[-1])
    yield name, doc
