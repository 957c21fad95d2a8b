"""The referee's words in six languages: English and the five of the source rulebook.

The engine speaks English and knows nothing of languages; this package translates what the service (and,
next, the rulebook and the pages) shows people, from gettext catalogs kept with Babel
(``translations/<lang>/LC_MESSAGES/messages.po``, compiled to ``.mo`` by ``make install``). Rule ids,
JSON keys, pointers and card codes are never translated. docs/i18n.md says how to pick a language and how to
add one.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.support import NullTranslations, Translations

#: The languages the referee speaks, English (the source of every message) first. ``fil`` is CLDR's code
#: for Filipino, the standard form of Tagalog; ``tl`` is accepted for it (:data:`ALIASES`).
LANGUAGES: tuple[str, ...] = ("en", "fil", "gd", "el", "te", "eo")

#: The language spoken when none asked for is available.
DEFAULT = "en"

#: Other tags for a language of :data:`LANGUAGES`.
ALIASES: dict[str, str] = {"tl": "fil"}

#: Where the catalogs live: ``<lang>/LC_MESSAGES/messages.po`` and the ``.mo`` compiled from it.
TRANSLATIONS = Path(__file__).with_name("translations")

#: The gettext domain of every catalog.
DOMAIN = "messages"


class MissingCatalog(RuntimeError):
    """A language's compiled catalog (``.mo``) is absent: ``make install`` (or ``make i18n-compile``) makes it."""


def resolve(tag: str | None) -> str | None:
    """The language of :data:`LANGUAGES` a language tag names (``el-GR`` → ``el``, ``tl`` → ``fil``), or None.

    Only the tag's language subtag counts: the referee has one catalog a language.
    """
    if not tag:
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    primary = ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else None


def locale(language: str) -> Locale:
    """Babel's locale for one of :data:`LANGUAGES` (its plural rule, its name in its own words)."""
    try:
        return Locale.parse(language)
    except (ValueError, UnknownLocaleError):
        raise KeyError(f"no language {language!r} (the referee speaks {', '.join(LANGUAGES)})") from None


@cache
def catalog(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (English: the messages as written) in ``domain`` (the service's
    words, or ``rulebook``'s). Loaded once.

    Raises :class:`MissingCatalog` when the ``.mo`` file was never compiled, rather than quietly speaking
    English where another language was asked for.
    """
    if language == DEFAULT:
        return NullTranslations()
    if language not in LANGUAGES:
        raise KeyError(f"no language {language!r} (the referee speaks {', '.join(LANGUAGES)})")
    path = TRANSLATIONS / language / "LC_MESSAGES" / f"{domain}.mo"
    if not path.is_file():
        raise MissingCatalog(f"{path} is missing: run `make i18n-compile` (make install does)")
    with path.open("rb") as file:
        return Translations(file, domain=domain)


__all__ = ["ALIASES", "DEFAULT", "LANGUAGES", "MissingCatalog", "catalog", "locale", "resolve"]
