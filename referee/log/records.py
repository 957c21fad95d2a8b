"""The log's records, which are the engine's own: :mod:`referee.engine.records` (this path still imports them)."""

from referee.engine.records import (  # noqa: I001 (one block, as the names are listed below)
    EVENT_CLASSES, EVENT_TYPES, INTERJECTIONS, Catch, Challenge, Draw, Dump, Event, GameLog, Pick, Play, RoundLog,
    SayUno, Setup, draw, play)

__all__ = ["EVENT_CLASSES", "EVENT_TYPES", "INTERJECTIONS", "Catch", "Challenge", "Draw", "Dump", "Event", "GameLog",
           "Pick", "Play", "RoundLog", "SayUno", "Setup", "draw", "play"]
