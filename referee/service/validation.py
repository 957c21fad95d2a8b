"""From a request body to a document the engine may judge: JSON parsing, limits, the log schema.

Each step raises :class:`~referee.service.problems.ApiProblem` with the status that fits: 415 for a
body that is not declared JSON, 400 for bad JSON, 413 for a limit exceeded, 422 for a malformed log.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask import Request
from marshmallow import ValidationError

from referee.errors import MalformedLog, Problem
from referee.service.problems import ApiProblem, malformed_log, too_large
from referee.service.schemas import RULE_OF_MESSAGE, GameLogSchema

_LOG_SCHEMA = GameLogSchema()


def is_json(mimetype: str) -> bool:
    """True for ``application/json`` and the ``application/*+json`` types."""
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json"))


def read_json(request: Request, max_depth: int) -> Any:
    """The request's JSON body; 415, 400 or 413 problems otherwise.

    Reading the body raises Werkzeug's 413 when it exceeds MAX_CONTENT_LENGTH.
    """
    if not is_json(request.mimetype):
        raise ApiProblem(415, "unsupported-media-type", "Unsupported Media Type",
                         "send the game log as application/json, "
                         f"not {request.mimetype or 'nothing'}",
                         headers={"Accept-Post": "application/json"})
    raw = request.get_data(cache=False)
    try:
        document = json.loads(raw, parse_constant=_reject_constant)
    except RecursionError:
        # The C parser recurses per level; very deep input ends here, before our own depth check.
        raise too_large("depth", f"the JSON nests deeper than {max_depth} levels") from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8, an integer too long to convert
        raise ApiProblem(400, "invalid-json", "Invalid JSON",
                         f"the body is not valid JSON: {exc}") from None
    if nesting_exceeds(document, max_depth):
        raise too_large("depth", f"the JSON nests deeper than {max_depth} levels")
    return document


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON value")


def nesting_exceeds(document: Any, limit: int) -> bool:
    """True when arrays and objects nest deeper than ``limit`` (the top level is depth 1).

    Iterative with an explicit stack, so hostile input cannot exhaust the interpreter's stack.
    """
    stack = [(document, 1)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, dict | list):
            continue
        if depth > limit:
            return True
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return False


def check_limits(document: Any, max_rounds: int, max_events: int) -> None:
    """413 when the log has more rounds or events than the service judges."""
    if not isinstance(document, dict) or not isinstance(document.get("rounds"), list):
        return  # not a log at all: the schema says why
    rounds = document["rounds"]
    if len(rounds) > max_rounds:
        raise too_large("rounds", f"the log has {len(rounds)} rounds; at most {max_rounds} "
                                  "are judged", "/rounds")
    events = sum(len(r["events"]) for r in rounds
                 if isinstance(r, dict) and isinstance(r.get("events"), list))
    if events > max_events:
        raise too_large("events", f"the log has {events} events; at most {max_events} "
                                  "are judged", "/rounds")


def check_log(document: Any) -> None:
    """422 listing every problem when ``document`` is not a well-formed version-1 log."""
    if not isinstance(document, dict):
        raise malformed_log([Problem("", "a game log is a JSON object, not "
                                         f"{_json_type(document)}")])
    try:
        _LOG_SCHEMA.load(document)
    except ValidationError as exc:
        raise malformed_log(flatten(exc.messages)) from None


def from_malformed(exc: MalformedLog) -> ApiProblem:
    """The engine's :class:`MalformedLog` as a 422 problem (its problems already carry pointers)."""
    return malformed_log(exc.problems or [Problem("", str(exc))])


def _json_type(value: Any) -> str:
    names = {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")


def pointer_token(key: Any) -> str:
    """One RFC 6901 reference token: ``~`` is written ``~0`` and ``/`` is written ``~1``."""
    return str(key).replace("~", "~0").replace("/", "~1")


def flatten(messages: Any, pointer: str = "") -> Iterator[Problem]:
    """marshmallow's nested error messages as problems with JSON pointers."""
    if isinstance(messages, dict):
        for key, sub in messages.items():
            where = pointer if key == "_schema" else f"{pointer}/{pointer_token(key)}"
            yield from flatten(sub, where)
    elif isinstance(messages, list | tuple):
        for message in messages:
            yield from flatten(message, pointer)
    else:
        text = str(messages)
        yield Problem(pointer, _tidy(text), RULE_OF_MESSAGE.get(text))


_TIDY = {
    "Unknown field.": "unknown field",
    "Missing data for required field.": "required field missing",
    "Field may not be null.": "may not be null",
    "Invalid input type.": "must be an object",
}


def _tidy(text: str) -> str:
    return _TIDY.get(text, text)
