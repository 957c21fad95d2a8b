"""Random draws exactly as :class:`random.Random` makes them, in code the compiled build compiles.

``random.Random``'s ``shuffle``, ``choice`` and ``randrange`` are Python code around its C
``getrandbits``; a simulated game shuffles a 108-card deck every round, so on the compiled build those
Python calls were a sixth of self-play's time. The functions here make the same draws in the same order
from the same generator — the same results, and the generator left in the same state — so a game played
with them is the game played with the standard library's (``tests/test_chance.py`` holds them to it on
every seed and length it tries). They follow the algorithm of CPython 3.11 to 3.13, which is one
(Fisher–Yates over ``_randbelow_with_getrandbits``). A generator of another class (one that overrides
``random``) is handed to its own methods.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: an integer in ``[0, n)``, by rejection on ``n.bit_length()``
    random bits."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)  # called as a method: no bound method made, compiled or not
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: shuffle the list in place."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``: one item of a non-empty sequence."""
    if not len(items):
        raise IndexError("cannot choose from an empty sequence")
    return items[below(rng, len(items))]


__all__ = ["below", "choice", "shuffle"]
