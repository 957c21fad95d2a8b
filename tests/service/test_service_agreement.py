"""The engine's reader and the request schema: one judge of a log's form, one published contract.

The reader (:func:`referee.log.document.read_log`) alone decides whether a log is well formed; the service
answers with its problems. The marshmallow schema (:class:`GameLogSchema`, from which ``openapi.yaml`` is
generated) is the contract a client can check a log against before sending it. The invariant between
them, in both directions:

1. **What the schema refuses, the reader refuses.** So every log the referee judges fits the published
   contract.
2. **What the reader refuses, the schema refuses -- except by a rule of :data:`BOUNDARY`**, the rules of
   form that span fields and that JSON Schema cannot state (every name is one of the two players, a wild
   and only a wild carries a colour, ...). When the schema accepts a log the reader refuses, *every*
   problem the reader lists points at a field of the boundary -- never at the document as a whole, never
   at a field the contract gives no such rule for -- and the contract's description of that field states
   the rule in words.

So the schema is the looser side, by exactly the boundary (docs/architecture.md, "One reader").
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from referee.engine.cards import Color, parse_card
from referee.errors import MalformedLog, Problem, UnknownCard
from referee.log.document import EVENT_TYPES, read_log
from referee.play.selfplay import simulate
from referee.service.openapi import spec_yaml
from referee.service.schemas import EVENT_SCHEMAS, GameLogSchema
from tests.service.conftest import REPO, SMALL_LOG
from tests.service.near_valid import BASES, MUTATIONS, TEMPLATES, near_valid, single_mistakes
from tests.test_fuzz import SCALE

SCHEMA = GameLogSchema()

_R = r"/rounds/\d+"
_E = _R + r"/events/\d+"
_ABSENT = object()
_COLOURS = {c.word for c in Color}


def _name(value: object) -> bool:
    return isinstance(value, str) and value != ""


def _colour(value: object) -> bool:
    return value is _ABSENT or value in _COLOURS


def _cards(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and _is_card(v) for v in value)


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except UnknownCard:
        return False
    return True


def _object(value: object) -> bool:
    return isinstance(value, dict)


#: The rules of form only the reader checks. Each gives the pointers its problems carry (full matches) and
#: what the value at the pointer is when that rule, not the value's own type, is what the reader refuses:
#: a colour word that no wild asks for, a name that is no player's, a list of cards that may not be there.
BOUNDARY: dict[str, tuple[tuple[str, Callable[[object], bool]], ...]] = {
    "every name is one of the two players (DECK-1)":
        ((_R + "/first_drafter", _name), (_R + r"/draft/\d+/player", _name), (_E + "/player", _name),
         (_R + "/setup/to_act", _name), (_R + "/result/out", _name), ("/result/winner", _name)),
    "a map by player has a key for each of the two players, and no other":
        ((r"/cut/\d+/[^/]*", lambda v: v is _ABSENT or _cards([v])), (_R + "/setup/hands", _object),
         (_R + "/result/points", _object), ("/result/scores", _object)),
    "round 1 names its first drafter when the log has no cut":
        (("/rounds/0/first_drafter", lambda v: v is _ABSENT),),
    "a wild, and only a wild, carries its chosen colour (play, turned-up card, top of the set-up discard)":
        ((_E + "/color", _colour), (_R + "/color", _colour), (_R + "/setup/color", _colour)),
    "a dump goes with a Reverse only":
        ((_E + "/dump", _cards),),
    "setup excludes deck and draft":
        ((_R + "/setup", _object),),
    "with turn_up a setup has no discard, colour or to_act; without it, a discard pile":
        ((_R + "/setup/discard", lambda v: v is _ABSENT or _cards(v)), (_R + "/setup/color", _colour),
         (_R + "/setup/to_act", _name)),
    "a round with neither deck nor setup names every card it draws":
        ((_E + "/cards", lambda v: v is _ABSENT),),
    "a dealing variant has no draft, and a dealt round without a deck states its hands as setup":
        ((_R + "/draft", lambda v: isinstance(v, list)), (_R + "/setup", lambda v: v is _ABSENT)),
}


def at(document: object, pointer: str) -> object:
    """The value an RFC 6901 pointer names in ``document``, or ``_ABSENT``."""
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(document, dict) and token in document:
            document = document[token]
        elif isinstance(document, list) and token.isdigit() and int(token) < len(document):
            document = document[int(token)]
        else:
            return _ABSENT
    return document


def on_the_boundary(problem: Problem, document: object) -> bool:
    """Whether ``problem`` is one a rule of :data:`BOUNDARY` explains."""
    return any(re.fullmatch(pattern, problem.pointer) and fits(at(document, problem.pointer))
               for entries in BOUNDARY.values() for pattern, fits in entries)


def reader_problems(document: object) -> tuple[Problem, ...] | None:
    """The reader's problems with ``document``; None when it reads it."""
    try:
        read_log(document)
    except MalformedLog as exc:
        return exc.problems
    return None


def schema_accepts(document: object) -> bool:
    try:
        SCHEMA.load(document)
    except ValidationError:
        return False
    return True


def assert_invariant(document: object) -> str:
    """Assert the invariant for ``document``; return which way it went (for the tests' own checks)."""
    problems, accepted = reader_problems(document), schema_accepts(document)
    shown = json.dumps(document)[:3000]
    if not accepted:
        assert problems is not None, f"the schema refuses a log the reader accepts: {shown}"
        return "both refuse"
    if problems is None:
        return "both accept"
    outside = [p for p in problems if not on_the_boundary(p, document)]
    assert not outside, f"refused outside the boundary: {outside} in {shown}"
    return "boundary"


# -- the bases: both accept ------------------------------------------------------------------------


LOGS = [p for p in (*sorted((REPO / "examples").glob("*.json")),
                    *sorted((REPO / "tests" / "conformance").glob("game_*.json")))
        if not p.name.endswith((".verdict.json", ".expect.json"))]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_both_accept_every_example(path: Path) -> None:
    assert assert_invariant(json.loads(path.read_text(encoding="utf-8"))) == "both accept"


def test_both_accept_simulated_games_of_every_variant() -> None:
    for variant in ("uno-duo", "classic-duel", "uno-duo-108"):
        for with_deck in (True, False):
            for document in simulate(1, seed=11, variant=variant, with_deck=with_deck):
                assert assert_invariant(document) == "both accept"


@pytest.mark.parametrize("base", range(len(BASES)))
def test_both_accept_the_bases_of_the_mutations(base: int) -> None:
    assert assert_invariant(BASES[base]) == "both accept"


def test_the_event_union_and_the_reader_know_the_same_types() -> None:
    assert tuple(EVENT_SCHEMAS) == EVENT_TYPES


# -- the boundary, rule by rule --------------------------------------------------------------------


DROP = object()


def _log(**edits) -> dict:
    """:data:`SMALL_LOG` edited: ``setup__to_act="Cy"`` sets ``/rounds/0/setup/to_act``; ``log__cut`` sets
    ``/cut``; ``event__card`` sets ``/rounds/0/events/0/card``; the value :data:`DROP` deletes."""
    log = copy.deepcopy(SMALL_LOG)
    rnd = log["rounds"][0]
    for where, value in edits.items():
        scope, _, key = where.rpartition("__")
        target = {"": lambda: rnd, "setup": lambda: rnd["setup"], "event": lambda: rnd["events"][0],
                  "log": lambda: log}[scope]()
        if value is DROP:
            del target[key]
        else:
            target[key] = value
    return log


def _dealt(**edits) -> dict:
    return _log(log__variant="classic-duel", **edits)


# (example, the pointer the reader names, the schema component and property whose description says the rule)
BOUNDARY_EXAMPLES = {
    "a stranger plays": (_log(event__player="Cy"), "/rounds/0/events/0/player", ("PlayEvent", "player")),
    "a stranger drafts first": (_log(first_drafter="Cy"), "/rounds/0/first_drafter", ("Round", "first_drafter")),
    "a blank name is no player's": (_log(event__player=" "), "/rounds/0/events/0/player", ("PlayEvent", "player")),
    "a stranger is to act": (_log(setup__to_act="Cy"), "/rounds/0/setup/to_act", ("Setup", "to_act")),
    "a stranger wins": (_log(log__result={"winner": "Cy", "scores": {"Ana": 0, "Ben": 0}}), "/result/winner",
                        ("GameResult", "winner")),
    "a stranger goes out": (_log(result={"out": "Cy", "points": {"Ana": 0, "Ben": 0}}), "/rounds/0/result/out",
                            ("RoundResult", "out")),
    "a stranger's hand": (_log(setup__hands={"Ana": ["R4"], "Cy": ["B1"]}), "/rounds/0/setup/hands",
                          ("Setup", "hands")),
    "one player's points": (_log(result={"out": "Ana", "points": {"Ana": 0}}), "/rounds/0/result/points",
                            ("RoundResult", "points")),
    "one player's scores": (_log(log__result={"winner": None, "scores": {"Ana": 3}}), "/result/scores",
                            ("GameResult", "scores")),
    "a stranger cuts": (_log(log__cut=[{"Ana": "R7", "Cy": "G5"}]), "/cut/0/Cy", ("GameLog", "cut")),
    "a stranger picks": (_log(setup=DROP, deck=[], draft=[{"player": "Cy", "drew": "R1", "decision": "keep",
                                                           "next": "R2"}]),
                         "/rounds/0/draft/0/player", ("Pick", "player")),
    "no cut, no first drafter": (_log(first_drafter=DROP), "/rounds/0/first_drafter", ("Round", "first_drafter")),
    "a wild played without a colour": (_log(event__card="W"), "/rounds/0/events/0/color", ("PlayEvent", "color")),
    "a colour without a wild": (_log(event__color="red"), "/rounds/0/events/0/color", ("PlayEvent", "color")),
    "a turned-up wild without a colour": (_log(setup=DROP, deck=[], turn_up="W"), "/rounds/0/color",
                                          ("Round", "color")),
    "a colour without a turned-up wild": (_log(color="red"), "/rounds/0/color", ("Round", "color")),
    "a wild on top of the set-up without a colour": (_log(setup__discard=["R9", "W+4"]), "/rounds/0/setup/color",
                                                    ("Setup", "color")),
    "a dump on a number card": (_log(event__dump=["R1"]), "/rounds/0/events/0/dump", ("PlayEvent", "dump")),
    "setup beside a deck": (_log(deck=["R1"]), "/rounds/0/setup", ("Round", "setup")),
    "setup beside a draft": (_log(draft=[]), "/rounds/0/setup", ("Round", "setup")),
    "a set-up with turn_up and a discard pile": (_log(turn_up="G5"), "/rounds/0/setup/discard", ("Setup", "discard")),
    "a set-up with turn_up and a colour": (_log(turn_up="G5", setup__discard=[], setup__color="red"),
                                           "/rounds/0/setup/color", ("Setup", "color")),
    "a set-up with turn_up and someone to act": (_log(turn_up="G5", setup__discard=[], setup__to_act="Ana"),
                                                  "/rounds/0/setup/to_act", ("Setup", "to_act")),
    "a set-up without turn_up or discard pile": (_log(setup__discard=[]), "/rounds/0/setup/discard",
                                                  ("Setup", "discard")),
    "a draw naming no card, without deck or setup": (
        _log(setup=DROP, draft=[], events=[{"player": "Ben", "type": "draw"}]), "/rounds/0/events/0/cards",
        ("DrawEvent", "cards")),
    "a draft under a dealing variant": (_dealt(setup=DROP, deck=[], draft=[
        {"player": "Ana", "drew": "R1", "decision": "keep", "next": "R2"}]), "/rounds/0/draft", ("Round", "draft")),
    "a dealt round without deck or setup": (_dealt(setup=DROP, turn_up="G5"), "/rounds/0/setup", ("Round", "setup")),
}


COMPONENTS = yaml.safe_load(spec_yaml())["components"]["schemas"]


@pytest.mark.parametrize("name", BOUNDARY_EXAMPLES)
def test_each_rule_of_the_boundary(name: str) -> None:
    document, pointer, (component, prop) = BOUNDARY_EXAMPLES[name]
    assert schema_accepts(document)
    problems = reader_problems(document)
    assert problems is not None and pointer in {p.pointer for p in problems}
    assert assert_invariant(document) == "boundary"
    described = COMPONENTS[component]["properties"][prop]
    assert described.get("description"), f"the contract does not describe {component}.{prop}"


def test_every_pointer_of_the_boundary_has_an_example() -> None:
    pointers = [pointer for _, pointer, _ in BOUNDARY_EXAMPLES.values()]
    for rule, entries in BOUNDARY.items():
        for pattern, _ in entries:
            assert any(re.fullmatch(pattern, p) for p in pointers), (rule, pattern)


# -- former disagreements: now both refuse --------------------------------------------------------


@pytest.mark.parametrize("document", [
    _log(log__players=["Ana", " "]),                      # a blank name: the schema took it
    _log(setup__color=None),                              # a null colour: the schema took it
    _log(log__variant={"base": "uno-duo", "x": 1}),       # the reader ignored unknown keys
    _log(log__variant={"base": None}),                    # the reader took a null base for uno-duo
    _log(log__variant={"name": ""}),                      # the reader took an empty name
    _log(log__variant={"name": 5}),                       # ... and a number for a name
    _log(log__variant={"base": {"base": "uno-duo"}}),     # ... and a variant object as a base
], ids=["blank player", "null set-up colour", "unknown variant key", "null base", "empty name", "numeric name",
        "object base"])
def test_former_disagreements_now_both_refuse(document: dict) -> None:
    assert not schema_accepts(document)
    assert reader_problems(document) is not None


# -- near-valid logs: the invariant holds for every one ------------------------------------------


def _settings(examples: int):
    return settings(max_examples=examples * SCALE, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda m: m.__name__)
def test_reader_and_schema_agree_on_logs_with_one_mistake(mutation) -> None:
    @_settings(20)
    @given(data=st.data())
    def agree(data) -> None:
        assert_invariant(near_valid(data, most=1, mutations=(mutation,)))

    agree()


@_settings(80)
@given(data=st.data())
def test_reader_and_schema_agree_on_logs_with_several_mistakes(data) -> None:
    assert_invariant(near_valid(data, most=3))


def test_the_mutations_reach_every_outcome() -> None:
    """The generator is worth its name: it makes logs both accept, both refuse, and boundary cases."""
    seen: set[str] = set()

    @_settings(50)
    @given(data=st.data())
    def run(data) -> None:
        seen.add(assert_invariant(near_valid(data, most=1)))

    run()
    assert seen == {"both accept", "both refuse", "boundary"}


@pytest.mark.parametrize("template", range(len(TEMPLATES)))
def test_reader_and_schema_agree_on_every_single_mistake(template: int) -> None:
    assert assert_invariant(TEMPLATES[template]) == "both accept"
    broken = []
    for name, document in single_mistakes(TEMPLATES[template]):
        try:
            assert_invariant(document)
        except AssertionError as exc:
            broken.append(f"{name}: {str(exc)[:300]}")
    assert not broken, "\n".join(broken)
