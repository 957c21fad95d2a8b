"""From a request body to a document the engine may judge: JSON parsing, limits, the engine's refusal.

Each step raises :class:`~referee.service.problems.ApiProblem` with the status that fits: 415 for a
body that is not declared JSON, 400 for bad JSON, 413 for a limit exceeded, 422 for a malformed log.
Whether a log is well formed is the engine's reader's word alone (:func:`referee.document.read_log`);
the marshmallow schemas describe the contract in ``openapi.yaml`` but judge no request.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Request

from referee.errors import MalformedLog
from referee.service.problems import ApiProblem, malformed_log, too_large


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
        return  # not a log at all: the engine's reader says why
    rounds = document["rounds"]
    if len(rounds) > max_rounds:
        raise too_large("rounds", f"the log has {len(rounds)} rounds; at most {max_rounds} "
                                  "are judged", "/rounds")
    events = sum(len(r["events"]) for r in rounds
                 if isinstance(r, dict) and isinstance(r.get("events"), list))
    if events > max_events:
        raise too_large("events", f"the log has {events} events; at most {max_events} "
                                  "are judged", "/rounds")


def from_malformed(exc: MalformedLog) -> ApiProblem:
    """The engine's :class:`MalformedLog` as a 422 problem whose ``errors`` are its problems, verbatim.

    The engine's reader is the one judge of a log's form: the library, the command line and the service
    give the same pointers, rule ids and wording for the same log (tests/service/test_service_one_reader.py).
    """
    return malformed_log(exc.problems)
