"""The errors the engine raises on input it cannot take (a text that names no card, no colour, no variant), and
their base :class:`RefereeError`, which every error of the referee derives from (:mod:`referee.errors` gives
them all)."""

from __future__ import annotations


class RefereeError(Exception):
    """Base class of every error the referee raises on bad input."""


class UnknownCard(RefereeError, ValueError):
    """A text that names no UNO card, e.g. ``'R10'`` or ``'purple 3'``."""


class UnknownColor(RefereeError, ValueError):
    """A text that names no colour, e.g. ``'pink'``."""


class UnknownVariant(RefereeError, KeyError):
    """A variant name that is not in the registry (and no variant file of that name)."""

    def __str__(self) -> str:  # KeyError quotes its argument; a message reads better
        return str(self.args[0]) if self.args else "unknown variant"


class VariantError(RefereeError, ValueError):
    """A variant definition with an unknown parameter, a wrong type or a value out of range."""


__all__ = ["RefereeError", "UnknownCard", "UnknownColor", "UnknownVariant", "VariantError"]
