"""Random draws exactly as :class:`random.Random` makes them, in code the compiled build compiles.

``random.Random``'s ``shuffle``, ``choice`` and ``randrange`` are Python code around its C
``getrandbits``; a simulated game shuffles a 108-card deck every round. Compiled here, the draws cost
self-play 3 % fewer instructions (callgrind; docs/performance.md). The functions here make the same draws
in the same order from the same generator — the same results, and the generator left in the same state —
so a game played with them is the game played with the standard library's (``tests/test_chance.py``
holds them to it on every seed and length it tries). They follow the algorithm of CPython 3.11 to 3.13, which is one
(Fisher–Yates over ``_randbelow_with_getrandbits``). A generator of another class (one that overrides
``random``) is handed to its own methods.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

T = TypeVar("T")
#: The standard generator (a Final constant: read as a C variable when compiled).
_RANDOM: Final = random.Random


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: an integer in ``[0, n)``, by rejection on ``n.bit_length()``
    random bits."""
    if type(rng) is not _RANDOM:
        return rng.randrange(n)
    return _below(rng.getrandbits, n)


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: shuffle the list in place."""
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits  # bound once for the whole shuffle
    # _below inlined (j in [0, i]: i + 1 choices): a call a card is a third of a plain shuffle's cost
    for i in range(len(items) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """An integer in ``[0, n)`` from a generator's ``getrandbits``, as ``random.Random._randbelow`` draws it."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``: one item of a non-empty sequence."""
    if not len(items):
        raise IndexError("cannot choose from an empty sequence")
    return items[below(rng, len(items))]


__all__ = ["below", "choice", "shuffle"]
