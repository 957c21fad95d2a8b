"""Settings read from ``REFEREE_*`` environment variables, and the one error a bad one raises.

Each reader takes the variable's name and its text and returns a typed value, or raises
:class:`ConfigurationError` with a message that names the variable, says what it expects and quotes
what it got — one line an operator can act on. The command line prints that line and exits 2.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

from referee.errors import RefereeError
from referee.variants import Variant, load_configured_variants


class ConfigurationError(ValueError):
    """A setting (an environment variable or a service option) has a value it cannot take.

    ``setting`` is its name, ``expects`` what it takes, ``value`` the text given. ``str()`` is the
    one-line message, e.g. ``REFEREE_MAX_EVENTS must be a whole number of at least 1, not 'many'``.
    """

    def __init__(self, setting: str, expects: str, value: object, reason: str = ""):
        self.setting, self.expects, self.value = setting, expects, value
        super().__init__(f"{setting} must be {expects}, not {value!r}" + (f": {reason}" if reason else ""))


def positive_int(name: str, text: str) -> int:
    """A whole number of at least 1 (``"20000"``)."""
    try:
        value = int(text)
    except ValueError:  # not a number, or too many digits to convert
        value = 0
    if value < 1:
        raise ConfigurationError(name, "a whole number of at least 1", text)
    return value


def positive_seconds(name: str, text: str) -> float:
    """A duration in seconds, more than 0 (``"10"``, ``"2.5"``)."""
    expects = "a number of seconds greater than 0"
    try:
        value = float(text)
    except ValueError:
        raise ConfigurationError(name, expects, text) from None
    if not 0 < value < float("inf"):
        raise ConfigurationError(name, expects, text)
    return value


def log_level(name: str, text: str) -> str:
    """A logging level name (``debug``, ``INFO``, ``warning`` ...), returned in upper case."""
    if not isinstance(logging.getLevelName(text.upper()), int):
        raise ConfigurationError(name, "a logging level name (DEBUG, INFO, WARNING, ERROR)", text)
    return text.upper()


def yes_or_no(name: str, text: str) -> bool:
    """A switch: ``1``, ``true``, ``yes``, ``on`` or ``0``, ``false``, ``no``, ``off`` (any case)."""
    word = text.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ConfigurationError(name, "1, true, yes or on, or 0, false, no or off", text)


_VARIANT_DIRS = "directories of variant files (*.toml), separated by " + repr(os.pathsep)


def variant_directories(environ: Mapping[str, str] | None = None) -> list[Variant]:
    """Register the variant files of the directories in ``REFEREE_VARIANTS_DIR`` (``:``-separated).

    A name that is no directory, or a file that is no valid variant, is a :class:`ConfigurationError`:
    a referee that silently left a house rule out would judge under the wrong rules.
    """
    environ = os.environ if environ is None else environ
    text = environ.get("REFEREE_VARIANTS_DIR", "")
    for directory in filter(None, text.split(os.pathsep)):
        if not os.path.isdir(directory):
            raise ConfigurationError("REFEREE_VARIANTS_DIR", _VARIANT_DIRS, text, f"{directory!r} is not a directory")
    try:
        return load_configured_variants({"REFEREE_VARIANTS_DIR": text})
    except (RefereeError, OSError) as exc:
        raise ConfigurationError("REFEREE_VARIANTS_DIR", _VARIANT_DIRS, text, str(exc)) from None

