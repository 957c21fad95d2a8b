"""From a request body to a document the engine may judge: JSON parsing, limits, the engine's refusal.

Each step raises :class:`~referee.service.problems.ApiProblem` with the status that fits: 415 for a
body that is not declared JSON, 400 for bad JSON, 413 for a limit exceeded, 422 for a malformed log.
Every detail is worded for the client: it names what is wrong with the request, never a Python
exception or advice meant for a Python programmer. Whether a log is well formed is the engine's
reader's word alone (:func:`referee.log.document.read_log`); the marshmallow schemas describe the
contract in ``openapi.yaml`` but judge no request.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import orjson
from flask import Request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wsgi import get_input_stream

from referee.errors import MalformedLog
from referee.service.problems import ApiProblem, body_too_large, malformed_log, too_large


def is_json(mimetype: str) -> bool:
    """True for ``application/json`` and the ``application/*+json`` types."""
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json"))


def read_json(request: Request, max_depth: int) -> Any:
    """The request's JSON body; 415, 400 or 413 problems otherwise."""
    if not is_json(request.mimetype):
        given = f"not {request.mimetype}" if request.mimetype else "the request has no Content-Type"
        raise ApiProblem(415, "unsupported-media-type", "Unsupported Media Type",
                         f"send the game log as application/json; {given}",
                         headers={"Accept-Post": "application/json"})
    return parse_json(read_body(request), max_depth)


def read_body(request: Request) -> bytes:
    """The whole body, at most ``MAX_CONTENT_LENGTH`` bytes however it comes; 413 beyond.

    A declared Content-Length over the limit is refused before anything is read. A body without
    one (``Transfer-Encoding: chunked``, which the WSGI server decodes and ends) is read up to one
    byte past the limit: Werkzeug's own stream stops *at* the limit, and a body cut there would
    be answered as broken JSON rather than as too large.
    """
    limit = request.max_content_length
    if limit is None:
        return request.get_data(cache=False)
    try:
        body = get_input_stream(request.environ, max_content_length=limit + 1).read()
    except RequestEntityTooLarge:
        raise body_too_large(limit) from None
    if len(body) > limit:
        raise body_too_large(limit)
    return body


def parse_json(raw: bytes, max_depth: int) -> Any:
    """The JSON document in ``raw``; 400 (not JSON) or 413 (nested too deep, an integer too long).

    A fast reader (:func:`_quick_loads`) takes the bodies it reads exactly as :func:`json.loads` does,
    and its depth is checked on the text; every other body, and every refusal, goes the careful way
    (:func:`parse_json_carefully`), so the answer is the same whichever reader took the body.
    """
    document = _quick_loads(raw)
    if document is _UNSURE:
        return parse_json_carefully(raw, max_depth)
    if text_nests_deeper(raw, max_depth):
        raise too_large("depth", f"the JSON nests deeper than {max_depth} levels")
    return document


#: What :func:`_quick_loads` returns for a body it does not vouch for.
_UNSURE = object()
# An integer literal of 19 digits or more may be beyond 64 bits, which orjson reads as a float; a run
# of 19 digits anywhere (in a string too: the check is on the raw text) sends the body the careful way.
_DIGITS_AS_ZEROS = bytes.maketrans(b"123456789", b"000000000")
_LONG_DIGIT_RUN = b"0" * 19


def _quick_loads(raw: bytes) -> Any:
    """The document, read by orjson, or :data:`_UNSURE` when orjson refuses it or might read it
    otherwise than :func:`json.loads` (an integer beyond 64 bits).

    For the rest orjson and ``json.loads`` agree (tests/service/test_service_json_readers.py): both
    refuse ``NaN`` (ours by ``parse_constant``), keep the last of duplicate keys, read floats to the
    nearest double. orjson refuses what ``json.loads`` might take or word otherwise — a byte-order
    mark, UTF-16, lone surrogates, ``1e400``, invalid UTF-8 — and those go the careful way.
    """
    if _LONG_DIGIT_RUN in raw.translate(_DIGITS_AS_ZEROS):
        return _UNSURE
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _UNSURE


def parse_json_carefully(raw: bytes, max_depth: int) -> Any:
    """What :func:`parse_json` answers, by :func:`json.loads` and a walk of the document for its
    depth: slower, and the reference the quick way is held to. Every refusal is worded for the client."""
    try:
        document = json.loads(raw, parse_constant=_reject_constant)
    except RecursionError:
        # The C parser recurses per level; very deep input ends here, before our own depth check.
        raise too_large("depth", f"the JSON nests deeper than {max_depth} levels") from None
    except json.JSONDecodeError as exc:
        raise invalid_json(f"{exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except UnicodeDecodeError as exc:
        raise invalid_json(f"it is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
                           f"{exc.start})") from None
    except _NotAJsonValue as exc:
        raise invalid_json(str(exc)) from None
    except ValueError:
        # The one other refusal of json.loads: an integer longer than Python converts. It is valid
        # JSON, so it is refused as a limit, with the number of digits found on a second, careful pass.
        raise too_large("number", f"the body holds an integer of {_longest_integer(raw)} digits; "
                                  f"integers of at most {MAX_INTEGER_DIGITS} digits are read") from None
    if nesting_exceeds(document, max_depth):
        raise too_large("depth", f"the JSON nests deeper than {max_depth} levels")
    return document


#: The longest integer read: Python's own limit on converting text to an integer.
MAX_INTEGER_DIGITS = sys.get_int_max_str_digits() or 4300


def invalid_json(why: str) -> ApiProblem:
    """400: the body is not JSON text, and why."""
    return ApiProblem(400, "invalid-json", "Invalid JSON", f"the body is not valid JSON: {why}")


class _NotAJsonValue(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity``: Python reads them, JSON has no such values."""


def _reject_constant(name: str) -> None:
    raise _NotAJsonValue(f"{name} is not a JSON value")


class _IntegerTooLong(ValueError):
    def __init__(self, digits: int):
        super().__init__(digits)
        self.digits = digits


def _integer_of_bounded_length(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INTEGER_DIGITS:
        raise _IntegerTooLong(digits)
    return int(text)


def _longest_integer(raw: bytes) -> int | str:
    try:
        json.loads(raw, parse_int=_integer_of_bounded_length, parse_constant=_reject_constant)
    except _IntegerTooLong as exc:
        return exc.digits
    except ValueError:
        pass
    return f"more than {MAX_INTEGER_DIGITS}"


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


_BRACKETS_AND_QUOTES = b'[]{}"'
_OTHER_BYTES = bytes(b for b in range(256) if b not in _BRACKETS_AND_QUOTES)
_BRACES_AS_BRACKETS = bytes.maketrans(b"{}", b"[]")
#: A string, once only quotes and brackets are left of the text: its quotes and the brackets inside.
_A_STRING = re.compile(rb'"[^"]*"')


def text_nests_deeper(raw: bytes, limit: int) -> bool:
    """True when the arrays and objects of ``raw`` nest deeper than ``limit`` (the top level is 1).

    ``raw`` must be valid JSON in UTF-8, so its brackets balance. Done on the text at C speed, not
    by walking the parsed document: take out the escapes that could hide a quote (``\\\\`` and
    ``\\"``), keep only quotes and brackets (braces as brackets), drop what lay inside strings, then
    remove the innermost ``[]`` pairs once per level — ``bytes.replace`` does not rescan what it
    produced, so one pass removes exactly one level. Text left after ``limit`` passes nests deeper.
    In UTF-8, no byte of a multi-byte character is a quote, a backslash or a bracket.
    """
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    shape = raw.translate(_BRACES_AS_BRACKETS, _OTHER_BYTES)
    # The quotes open and close strings in turn. When every quote is one of a pair of adjacent ones
    # (counted left to right, without overlap), the first pair is the first string's quotes, the
    # second the second's, and so on: no string holds a bracket, and the quotes can simply go. That
    # is nearly every log, and two counts and a deletion cost less than removing the pairs one by one.
    if shape.count(b'""') * 2 == shape.count(b'"'):
        shape = shape.translate(None, b'"')
    else:
        # Two adjacent quotes enclose nothing: removing them leaves every other quote opening or
        # closing what it did; then drop the strings that hold brackets, in one output.
        shape = _A_STRING.sub(b"", shape.replace(b'""', b""))
    for _ in range(limit):
        if not shape:
            return False
        shape = shape.replace(b"[]", b"")
    return bool(shape)


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
