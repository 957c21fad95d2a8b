"""Configuration of the REST service: defaults, overridable by environment variables.

``create_app`` loads :class:`DefaultConfig`, then :func:`from_env`, then the ``config`` it is
given, so a test can pass a small limit and an operator can set ``REFEREE_MAX_EVENTS=50000``
without code. A bad value is a :class:`~referee.settings.ConfigurationError` naming the variable.

The limits fit together: the body limit holds any log within the rounds and events limits as
``referee simulate`` writes it (indented; a 20,000-event game is about 2.4 MB), so a legal game is
refused for its rounds or events, never first for its bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.settings import ConfigurationError, log_level, positive_int, positive_seconds, yes_or_no

__all__ = ["MIB", "ConfigurationError", "DefaultConfig", "from_env"]

MIB = 1024 * 1024


class DefaultConfig:
    """The defaults: sized for whole games (a long game is ~2000 events, ~100 KB of JSON)."""

    #: Largest request body in bytes, however it is sent (Content-Length or chunked); 413 beyond it.
    #: Env: REFEREE_MAX_BODY_BYTES.
    MAX_CONTENT_LENGTH = 4 * MIB
    #: Most events in one log, over all its rounds. Env: REFEREE_MAX_EVENTS.
    REFEREE_MAX_EVENTS = 20_000
    #: Most rounds in one log. Env: REFEREE_MAX_ROUNDS.
    REFEREE_MAX_ROUNDS = 200
    #: Deepest nesting of JSON arrays and objects (a real log nests 6 deep). Env: REFEREE_MAX_DEPTH.
    REFEREE_MAX_DEPTH = 32
    #: Seconds a request may take to arrive whole, from its first byte (``referee serve`` answers 408
    #: after it); an idle connection is closed after as long. Env: REFEREE_READ_TIMEOUT.
    REFEREE_READ_TIMEOUT = 10.0
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
    #: The live tables' database (``postgresql+psycopg://USER@HOST:PORT/DB``); None: SQLite in
    #: REFEREE_DATA_DIR. Env: REFEREE_DATABASE_URL.
    REFEREE_DATABASE_URL = None
    #: The folder of the SQLite database; None: ``data/`` under the working directory. Env: REFEREE_DATA_DIR.
    REFEREE_DATA_DIR = None
    #: Whether a table may be set with a fixed seed (tests, demos); else every shuffle draws on ``secrets``.
    #: Env: REFEREE_TABLES_ALLOW_SEED (1/true/yes).
    REFEREE_TABLES_ALLOW_SEED = False
    #: Live games each process keeps (least recently used forgotten). Env: REFEREE_TABLES_CACHE.
    REFEREE_TABLES_CACHE = 1024
    #: Decisions a table's bots take at most within one request; a table of two bots plays on as it is polled.
    #: Env: REFEREE_TABLES_BOT_STEPS.
    REFEREE_TABLES_BOT_STEPS = 400
    #: Largest body of a request to a table (a decision, a join, a new table) in bytes: a decision is some
    #: 100 bytes, and what it carries is stored. Env: REFEREE_TABLES_MAX_BODY_BYTES.
    REFEREE_TABLES_MAX_BODY_BYTES = 4096
    #: How many tables one client (by its address) may set, in Flask-Limiter's notation ("60 per minute",
    #: "10 per second;300 per hour"), counted in each process. Env: REFEREE_TABLES_CREATE_LIMIT.
    REFEREE_TABLES_CREATE_LIMIT = "60 per minute"
    #: Days after which a table no one has acted at is idle: ``referee tables prune`` deletes it, and until
    #: then it is still served. Env: REFEREE_TABLES_IDLE_DAYS.
    REFEREE_TABLES_IDLE_DAYS = 30


def _text(name: str, text: str) -> str:
    return text


def _rate(name: str, text: str) -> str:
    """A rate limit in Flask-Limiter's notation ("60 per minute"), checked now rather than at the first request."""
    from limits import parse_many

    try:
        parse_many(text)
    except ValueError as exc:
        raise ConfigurationError(name, 'a rate such as "60 per minute"', text) from exc
    return text


# environment variable -> (config key, reader)
_SETTINGS: dict[str, tuple[str, Callable[[str, str], Any]]] = {
    "REFEREE_MAX_BODY_BYTES": ("MAX_CONTENT_LENGTH", positive_int),
    "REFEREE_MAX_EVENTS": ("REFEREE_MAX_EVENTS", positive_int),
    "REFEREE_MAX_ROUNDS": ("REFEREE_MAX_ROUNDS", positive_int),
    "REFEREE_MAX_DEPTH": ("REFEREE_MAX_DEPTH", positive_int),
    "REFEREE_READ_TIMEOUT": ("REFEREE_READ_TIMEOUT", positive_seconds),
    "REFEREE_LOG_LEVEL": ("REFEREE_LOG_LEVEL", log_level),
    "REFEREE_VARIANTS_DIR": ("REFEREE_VARIANTS_DIR", _text),
    "REFEREE_OPENAPI_PATH": ("REFEREE_OPENAPI_PATH", _text),
    "REFEREE_DATABASE_URL": ("REFEREE_DATABASE_URL", _text),
    "REFEREE_DATA_DIR": ("REFEREE_DATA_DIR", _text),
    "REFEREE_TABLES_ALLOW_SEED": ("REFEREE_TABLES_ALLOW_SEED", yes_or_no),
    "REFEREE_TABLES_CACHE": ("REFEREE_TABLES_CACHE", positive_int),
    "REFEREE_TABLES_BOT_STEPS": ("REFEREE_TABLES_BOT_STEPS", positive_int),
    "REFEREE_TABLES_MAX_BODY_BYTES": ("REFEREE_TABLES_MAX_BODY_BYTES", positive_int),
    "REFEREE_TABLES_CREATE_LIMIT": ("REFEREE_TABLES_CREATE_LIMIT", _rate),
    "REFEREE_TABLES_IDLE_DAYS": ("REFEREE_TABLES_IDLE_DAYS", positive_int),
}


def from_env(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The settings given by ``REFEREE_*`` environment variables; a bad value raises
    :class:`ConfigurationError` (a ``ValueError``) naming the variable and what it expects.

    Failing at start-up is deliberate: a service that silently ignored a limit would be worse.
    """
    import os

    environ = os.environ if environ is None else environ
    settings = {key: read(name, environ[name]) for name, (key, read) in _SETTINGS.items() if environ.get(name)}
    if "REFEREE_RULEBOOK_OUTCOMES" in environ:  # "" is a value: no outcomes shown
        settings["REFEREE_RULEBOOK_OUTCOMES"] = environ["REFEREE_RULEBOOK_OUTCOMES"]
    return settings
