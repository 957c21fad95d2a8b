"""Random draws as :class:`random.Random` makes them: :mod:`referee.engine.chance` (this path still imports it)."""

from referee.engine.chance import below, choice, shuffle

__all__ = ["below", "choice", "shuffle"]
