"""How a message quotes the client's JSON: :mod:`referee.engine.quoting` (this path still imports it)."""

from referee.engine.quoting import both_names, json_kind, quoted

__all__ = ["both_names", "json_kind", "quoted"]
