"""How a message shows what the client wrote: in JSON's words, never as Python would print it.

A log arrives as JSON, from the library, the command line or the service alike, so a problem says
``not null`` or ``not a number`` where Python would say ``not None`` or ``not int``.
"""

from __future__ import annotations

import json
from typing import Any

_LONGEST = 40  # characters of a value worth repeating back; the pointer says where the rest is

_KINDS = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "a number",
          float: "a number", type(None): "null"}


def json_kind(value: Any) -> str:
    """What sort of JSON value ``value`` is, as a phrase: ``"an object"``, ``"a list"``, ``"null"``..."""
    return _KINDS.get(type(value), "a value JSON cannot hold")


def quoted(value: Any) -> str:
    """A scalar as JSON text (``"Cy"``, ``null``, ``true``, ``1.5``), shortened; a list or object by its kind."""
    if isinstance(value, dict | list) or type(value) not in _KINDS:
        return json_kind(value)
    if isinstance(value, str) and len(value) > _LONGEST:
        value = value[:_LONGEST - 1] + "…"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except ValueError:  # an integer too long to print (Python's 4300-digit limit)
        return "a number too long to repeat"
    return text if len(text) <= _LONGEST + 2 else text[:_LONGEST - 1] + "…"


def both_names(players: tuple[str, str] | list[str], conjunction: str = "and") -> str:
    """The two players, quoted: ``"Ana" and "Ben"`` (or ``"Ana" or "Ben"``)."""
    return f" {conjunction} ".join(quoted(name) for name in players)
