"""One reader: the library, the command line and the HTTP API give the same problems for the same log.

``referee.judge`` raises :class:`MalformedLog` with the engine's reader's problems; ``referee judge`` prints
them (JSON, or one line each); ``POST /v1/adjudications`` answers 422 with them as ``errors``. The three
must agree on every problem's pointer, rule id and wording, and no problem may speak Python to the client.
"""

from __future__ import annotations

import copy
import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import judge
from referee.cli import main
from referee.errors import MalformedLog
from tests.service.conftest import SMALL_LOG
from tests.service.helpers import assert_problem
from tests.service.near_valid import TEMPLATES, near_valid, single_mistakes
from tests.test_fuzz import SCALE

URL = "/v1/adjudications"


def library(document: object) -> list[dict]:
    """The problems ``referee.judge`` raises, as JSON-ready dicts."""
    with pytest.raises(MalformedLog) as caught:
        judge(document)
    return [p.to_dict() for p in caught.value.problems]


def over_http(client, document: object) -> list[dict]:
    """The ``errors`` of the service's 422 answer."""
    response = client.post(URL, data=json.dumps(document), content_type="application/json")
    return assert_problem(response, 422)["errors"]


def on_the_command_line(document: object, fmt: str = "json") -> str:
    result = CliRunner().invoke(main, ["judge", "--format", fmt, "-"], input=json.dumps(document))
    assert result.exit_code == 2, result.output
    return result.output


def assert_the_same_everywhere(client, document: object) -> list[dict]:
    """The three front ends list the same problems; returns them."""
    problems = library(document)
    assert problems, "a refused log names at least one problem"
    assert over_http(client, document) == problems
    answer = json.loads(on_the_command_line(document))
    assert answer == {"error": "malformed log", "problems": problems}
    lines = on_the_command_line(document, "text").splitlines()
    assert len(lines) == len(problems)
    for line, problem in zip(lines, problems, strict=True):
        assert line.endswith(f"{problem['pointer'] or '/'}: {problem['detail']}"), (line, problem)
        assert (f"{problem['rule']} at " in line) if problem["rule"] else (" at /" not in line), line
    return problems


def _small(**edits) -> dict:
    log = copy.deepcopy(SMALL_LOG)
    rnd = log["rounds"][0]
    for key, value in edits.items():
        if key in ("players", "variant", "format", "result", "cut", "extra"):
            log[key] = value
        elif key.startswith("event_"):
            rnd["events"][0][key[6:]] = value
        elif key.startswith("setup_"):
            rnd["setup"][key[6:]] = value
        else:
            rnd[key] = value
    return log


def _many() -> dict:
    log = _small(format="uno-duo-log/2", extra=1)
    rnd = log["rounds"][0]
    rnd["setup"]["hands"]["Ana"][1] = "R10"
    rnd["events"] += [
        {"player": "Ben", "type": "play", "card": "W"},
        {"player": "Ben", "type": "play", "card": "R5", "uno": "yes"},
        {"player": "Cy", "type": "uno"},
        {"player": "Ben", "type": "shout"},
        "draw",
        {"player": "Ben", "type": "draw", "cards": ["B7"], "hand": []},
    ]
    return log


# The disagreements the issue found (before, the service worded these itself, and lost DECK-1), and more.
CASES = {
    "a stranger plays": _small(event_player="Cy"),
    "a third player": _small(players=["Ana", "Ben", "Cy"]),
    "setup beside a deck": _small(deck=["R1"]),
    "a wild played without a colour": _small(event_card="W"),
    "not an object": [],
    "a string": "log",
    "null": None,
    "an unknown card": _small(event_card="R10"),
    "a card that is not text": _small(event_card=7),
    "a colour out of the enum": _small(event_card="W", event_color="pink"),
    "a null colour": _small(setup_color=None),
    "an unknown event type": _small(event_type="shout"),
    "an unknown variant": _small(variant="uno-trio"),
    "a variant of the wrong type": _small(variant=7),
    "variant rules that are null": _small(variant={"rules": None}),
    "a parameter of the wrong type": _small(variant={"rules": {"volley": "yes"}}),
    "an unknown variant key": _small(variant={"base": "uno-duo", "colours": 5}),
    "a boolean that is a number": _small(event_uno=1),
    "a count that is a fraction": _small(setup_hidden=1.5),
    "one player's scores": _small(result={"winner": "Ana", "scores": {"Ana": 3}}),
    "a pointer to escape": {**_small(), "a/b~c": 1},
    "a format of the wrong version": _small(format="uno-duo-log/2"),
    "many problems at once": _many(),
}


@pytest.mark.parametrize("name", CASES)
def test_the_same_problems_from_library_cli_and_http(client, name: str) -> None:
    assert_the_same_everywhere(client, CASES[name])


@pytest.mark.parametrize(("name", "pointer"), [("a stranger plays", "/rounds/0/events/0/player"),
                                               ("a third player", "/players")])
def test_a_stranger_and_a_third_player_name_deck_1_over_http_too(client, name: str, pointer: str) -> None:
    errors = over_http(client, CASES[name])
    assert [(e["pointer"], e["rule"]) for e in errors] == [(pointer, "DECK-1")]


def test_many_problems_are_all_listed_with_their_pointers(client) -> None:
    pointers = {e["pointer"] for e in assert_the_same_everywhere(client, CASES["many problems at once"])}
    assert pointers == {
        "/format", "/extra", "/rounds/0/setup/hands/Ana/1", "/rounds/0/events/2/color",
        "/rounds/0/events/3/uno", "/rounds/0/events/4/player", "/rounds/0/events/5/type",
        "/rounds/0/events/6", "/rounds/0/events/7/hand",
    }


def test_a_pointer_token_is_escaped(client) -> None:
    assert [e["pointer"] for e in over_http(client, CASES["a pointer to escape"])] == ["/a~1b~0c"]


@settings(max_examples=40 * SCALE, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_same_problems_for_near_valid_logs(client, data) -> None:
    document = near_valid(data, most=2)
    try:
        judge(document)
    except MalformedLog:
        assert_the_same_everywhere(client, document)


# -- no Python in a problem -----------------------------------------------------------------------

# What Python would print where JSON's words belong: None/True/False, type names, reprs of objects.
PYTHON = re.compile(r"\b(None|True|False|NoneType|dict|int|float|str|bool|tuple|Traceback|Exception)\b"
                    r"|<class|\{'|\['|\\x[0-9a-f]{2}|object at 0x")


@pytest.mark.parametrize("template", range(len(TEMPLATES)))
def test_no_problem_speaks_python(template: int) -> None:
    seen = 0
    for name, document in single_mistakes(TEMPLATES[template]):
        try:
            judge(document)
        except MalformedLog as exc:
            for problem in exc.problems:
                seen += 1
                assert problem.detail and not PYTHON.search(problem.detail), (name, problem)
                assert problem.pointer == "" or problem.pointer.startswith("/"), (name, problem)
    assert seen > 100
