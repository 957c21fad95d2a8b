"""Fuzzing the referee with hypothesis: random JSON values, documents of the right shape with random
contents, and near-valid logs (a simulated game with one field broken, deleted or added).

Whatever it is given, :func:`referee.judge` either returns a verdict (JSON-serialisable) or raises a
:class:`~referee.errors.RefereeError` (:class:`~referee.errors.MalformedLog` for a malformed document) —
never anything else. Derandomized, so every run tries the same examples; ``REFEREE_LONG=1`` tries ten
times as many.
"""

from __future__ import annotations

import copy
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import judge
from referee.engine.cards import ALL_CARDS, Color
from referee.engine.variants import UNO_DUO, VARIANTS
from referee.errors import MalformedLog
from referee.play.selfplay import simulate_game

SCALE = 10 if os.environ.get("REFEREE_LONG") else 1


def fuzz_settings(examples: int):
    return settings(max_examples=examples * SCALE, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


PLAYERS = ["Ana", "Ben"]
WORDS = ([c.code for c in ALL_CARDS] + [c.word for c in Color] + PLAYERS + list(VARIANTS)
         + ["keep", "pass", "play", "draw", "dump", "challenge", "uno", "catch", "uno-duo-log/1",
            "red 5", "wild draw four", "R10", "", " ", "Ana ", "purple"])

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True)
           | st.text(max_size=12) | st.sampled_from(WORDS))
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(
        st.text(max_size=8) | st.sampled_from(["player", "type", "card", "cards", "color", "rounds", "draft",
                                              "events", "deck", "turn_up", "result", "setup", "hands"]),
        children, max_size=6),
    max_leaves=25)
plausible = (st.sampled_from(WORDS) | st.lists(st.sampled_from(WORDS), max_size=4) | scalars
             | st.integers(0, 20) | json_values)


def check(document, variant=None) -> None:
    """Judge ``document``: a verdict that serialises, or :class:`MalformedLog` with a pointer for every
    problem; anything else fails -- another :class:`RefereeError` too (an unknown card or colour escaping
    the reader would be one). Made to fail: with the reader's ``card()`` letting ``parse_card``'s
    ``UnknownCard`` through, three of these tests failed on it (the check accepted any RefereeError before)."""
    try:
        verdict = judge(document, variant=variant)
    except MalformedLog as exc:
        assert exc.problems and all(p.pointer == "" or p.pointer.startswith("/") for p in exc.problems)
        json.dumps([p.to_dict() for p in exc.problems])
        return
    json.dumps(verdict.to_dict())
    if verdict.violation is not None:
        assert verdict.violation.pointer.startswith("/")


@fuzz_settings(150)
@given(document=json_values)
def test_any_json_value(document):
    check(document)


log_shaped = st.fixed_dictionaries(
    {"format": st.just("uno-duo-log/1") | scalars,
     "players": st.just(PLAYERS) | st.lists(st.sampled_from(WORDS) | scalars, max_size=3),
     "rounds": st.lists(st.fixed_dictionaries({}, optional={
         "first_drafter": st.sampled_from(PLAYERS) | scalars,
         "deck": st.lists(st.sampled_from(WORDS), max_size=6) | scalars,
         "draft": st.lists(st.fixed_dictionaries(
             {"player": st.sampled_from(PLAYERS), "drew": st.sampled_from(WORDS), "next": st.sampled_from(WORDS),
              "decision": st.sampled_from(["keep", "pass", "x"])}), max_size=16),
         "setup": st.fixed_dictionaries({"hands": st.fixed_dictionaries(
             {p: st.lists(st.sampled_from(WORDS[:60]), max_size=4) for p in PLAYERS})}, optional={
             "discard": st.lists(st.sampled_from(WORDS[:60]), max_size=3), "hidden": st.integers(-1, 120),
             "draw_pile": st.lists(st.sampled_from(WORDS[:60]), max_size=3), "to_act": st.sampled_from(PLAYERS),
             "color": st.sampled_from(WORDS)}),
         "turn_up": st.sampled_from(WORDS),
         "color": st.sampled_from(WORDS),
         "events": st.lists(st.fixed_dictionaries(
             {"player": st.sampled_from(PLAYERS), "type": st.sampled_from([*WORDS[-20:], "play", "draw"])},
             optional={"card": st.sampled_from(WORDS), "cards": st.lists(st.sampled_from(WORDS), max_size=4),
                       "color": st.sampled_from(WORDS), "uno": st.booleans() | scalars,
                       "dump": st.lists(st.sampled_from(WORDS), max_size=3),
                       "refill": st.lists(st.sampled_from(WORDS), max_size=3)}), max_size=8),
         "result": json_values}), max_size=3)},
    optional={"variant": st.sampled_from(list(VARIANTS)) | json_values,
              "cut": st.lists(st.dictionaries(st.sampled_from(PLAYERS), st.sampled_from(WORDS)), max_size=3)
              | scalars,
              "result": json_values})


@fuzz_settings(100)
@given(document=log_shaped)
def test_documents_of_a_log_shape_with_random_contents(document):
    check(document)


@fuzz_settings(30)
@given(document=log_shaped, variant=st.sampled_from([None, *VARIANTS]) | json_values)
def test_a_variant_override_of_any_kind(document, variant):
    check(document, variant)


def _short(doc: dict, rounds: int) -> dict:
    doc = copy.deepcopy(doc)
    del doc["rounds"][rounds:], doc["result"]
    return doc


BASES = [
    _short(simulate_game(1, UNO_DUO, True), 2),
    _short(simulate_game(2, UNO_DUO, False), 2),
    _short(simulate_game(3, "classic-duel", False), 2),
    _short(simulate_game(4, UNO_DUO.derive("shuffling", {"refill": "shuffle"}), False), 3),
]


def _paths(value, prefix=()):
    """Every path into a JSON value (the value itself included)."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*prefix, i))


PATHS = [list(_paths(base)) for base in BASES]


@pytest.mark.parametrize("base", range(len(BASES)))
def test_the_bases_are_legal(base):
    assert judge(BASES[base]).legal


def near_valid(data, base: int) -> object:
    """A copy of ``BASES[base]`` with one to three fields replaced, deleted or added (drawn from ``data``)."""
    doc = copy.deepcopy(BASES[base])
    for _ in range(data.draw(st.integers(1, 3), label="breakages")):
        path = data.draw(st.sampled_from(PATHS[base]), label="path")
        parent, key = doc, None
        try:
            for step in path[:-1]:
                parent = parent[step]
            key = path[-1] if path else None
            if key is not None:
                parent[key]  # still there after an earlier breakage?
        except (KeyError, IndexError, TypeError):
            continue
        if key is not None and not isinstance(parent, dict | list):
            continue  # an earlier breakage put a string where the path went on
        how = data.draw(st.sampled_from(["replace", "delete", "add"]), label="how")
        if key is None:
            doc = data.draw(plausible, label="whole")
        elif how == "replace":
            parent[key] = data.draw(plausible, label="value")
        elif how == "delete" and isinstance(parent, dict):
            del parent[key]
        elif how == "delete":
            parent.pop(key)
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["x", "card", "cards", "uno", "dump", "color", "refill", "setup",
                                              "deck", "draft", "hidden"]), label="new key")] = \
                data.draw(plausible, label="new value")
        else:
            parent.insert(key, data.draw(plausible, label="inserted"))
    return doc


@fuzz_settings(200)
@given(data=st.data(), base=st.integers(0, len(BASES) - 1))
def test_near_valid_logs_with_one_field_broken(data, base):
    check(near_valid(data, base))
