"""Configuration of the REST service: defaults, overridable by environment variables.

``create_app`` loads :class:`DefaultConfig`, then :func:`from_env`, then the ``config`` it is
given, so a test can pass a small limit and an operator can set ``REFEREE_MAX_EVENTS=50000``
without code.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

MIB = 1024 * 1024


class DefaultConfig:
    """The defaults: sized for whole games (a long game is ~2000 events, ~100 KB of JSON)."""

    #: Largest request body in bytes (Flask answers 413 beyond it). Env: REFEREE_MAX_BODY_BYTES.
    MAX_CONTENT_LENGTH = MIB
    #: Most events in one log, over all its rounds. Env: REFEREE_MAX_EVENTS.
    REFEREE_MAX_EVENTS = 20_000
    #: Most rounds in one log. Env: REFEREE_MAX_ROUNDS.
    REFEREE_MAX_ROUNDS = 200
    #: Deepest nesting of JSON arrays and objects (a real log nests 6 deep). Env: REFEREE_MAX_DEPTH.
    REFEREE_MAX_DEPTH = 32
    #: Level of the service's own log. Env: REFEREE_LOG_LEVEL.
    REFEREE_LOG_LEVEL = "INFO"
    #: Where the canonical openapi.yaml lies; None: the repository's top-level file, else generated.
    REFEREE_OPENAPI_PATH = None
    #: Directories of user variant files (*.toml), loaded at start so logs can name them.
    #: Env: REFEREE_VARIANTS_DIR (``:``-separated).
    REFEREE_VARIANTS_DIR = ""
    #: The rulebook's .feature files for /rulebook; None: the package's (REFEREE_FEATURES_DIR also works).
    REFEREE_FEATURES_DIR = None
    #: The test run's outcomes shown in /rulebook; None: the checkout's reports/rulebook-outcomes.json if
    #: present; "" for none. Env: REFEREE_RULEBOOK_OUTCOMES.
    REFEREE_RULEBOOK_OUTCOMES = None


# environment variable -> (config key, converter)
_INT_SETTINGS = {
    "REFEREE_MAX_BODY_BYTES": "MAX_CONTENT_LENGTH",
    "REFEREE_MAX_EVENTS": "REFEREE_MAX_EVENTS",
    "REFEREE_MAX_ROUNDS": "REFEREE_MAX_ROUNDS",
    "REFEREE_MAX_DEPTH": "REFEREE_MAX_DEPTH",
}


def _positive_int(name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be at least 1, not {value}")
    return value


def from_env(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The settings given by ``REFEREE_*`` environment variables; a bad value raises ValueError.

    Failing at start-up is deliberate: a service that silently ignored a limit would be worse.
    """
    environ = os.environ if environ is None else environ
    settings: dict[str, Any] = {}
    for name, key in _INT_SETTINGS.items():
        if environ.get(name):
            settings[key] = _positive_int(name, environ[name])
    level = environ.get("REFEREE_LOG_LEVEL")
    if level:
        if not isinstance(logging.getLevelName(level.upper()), int):
            raise ValueError(f"REFEREE_LOG_LEVEL must be a logging level name, not {level!r}")
        settings["REFEREE_LOG_LEVEL"] = level.upper()
    if environ.get("REFEREE_VARIANTS_DIR"):
        settings["REFEREE_VARIANTS_DIR"] = environ["REFEREE_VARIANTS_DIR"]
    if "REFEREE_RULEBOOK_OUTCOMES" in environ:
        settings["REFEREE_RULEBOOK_OUTCOMES"] = environ["REFEREE_RULEBOOK_OUTCOMES"]
    if environ.get("REFEREE_OPENAPI_PATH"):
        settings["REFEREE_OPENAPI_PATH"] = environ["REFEREE_OPENAPI_PATH"]
    return settings
