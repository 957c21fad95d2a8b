"""What a player's name may be, and when two names are the same -- said once, here (the live tables ask it; a
reader of logs may).

A name is shown to the other player on every page and in every sentence of the game, and stored. So it may not
hold a control character (a NUL, a line break: PostgreSQL refuses a NUL, a log line would break), a lone
surrogate (no encoding can store it), or a bidirectional control (U+202E turns "plays red skip" into "piks der
syalp" around it), and it may not be white space alone (the log format's rule). Two names are the same when
they are equal after NFC normalisation: "é" composed and decomposed look alike, so they are one name.
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_problem", "same_name"]

# The explicit bidirectional formatting characters (Unicode's Bidi_Control property): embeddings, overrides,
# isolates and the marks.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name at a table (None: it can)."""
    if not name.strip():
        return "a name is not white space alone"
    for char in name:
        category = unicodedata.category(char)
        if category == "Cc":
            return f"a name holds no control character (U+{ord(char):04X})"
        if category == "Cs":
            return f"a name holds no lone surrogate (U+{ord(char):04X})"
        if char in _BIDI_CONTROLS:
            return f"a name holds no bidirectional control (U+{ord(char):04X})"
    return None


def same_name(one: str, other: str) -> bool:
    """True when the two names are one after NFC normalisation."""
    return unicodedata.normalize("NFC", one) == unicodedata.normalize("NFC", other)
