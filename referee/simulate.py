"""The ``referee simulate`` pair, kept where earlier code imports it from: self-play and its statistics.

Each concept has its own module now — :mod:`referee.selfplay` plays games (:func:`simulate`,
:func:`simulate_game`, :func:`game_seed`), :mod:`referee.statistics` counts what they exercise
(:func:`simulate_stats`, :data:`FIRES`, :data:`NEVER_FIRE`, :data:`SITUATIONS`, :func:`unreachable`).
This module only re-exports them.
"""

from referee.selfplay import game_seed, simulate, simulate_game
from referee.statistics import FIRES, NEVER_FIRE, SITUATIONS, simulate_stats, unreachable

__all__ = ["FIRES", "NEVER_FIRE", "SITUATIONS", "game_seed", "simulate", "simulate_game", "simulate_stats",
           "unreachable"]
