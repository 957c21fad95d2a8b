"""The words of the pages' scripts (``referee/service/static/*.js``), rendered into each page in its language.

A script says its words as ``_("...")`` and ``ngettext("...", "...", n)`` (``static/words.js``); Babel extracts
them into ``messages.pot`` beside the service's and the templates' (``babel.cfg``). The template is the list of
what each script says (its messages' locations name the script), so a page hands its scripts exactly their
messages, translated, with the catalog's plural rule (a gettext expression, evaluated in the page) and the
colours' words. Nothing is restated here: a message the scripts stop saying leaves the page with the template.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path, PurePosixPath

from babel.messages.pofile import read_po

from referee.engine.cards import Color
from referee.i18n import DEFAULT, catalog
from referee.i18n.words import COLOUR

#: The template of the ``messages`` domain, the scripts' messages among them (``make i18n-extract``).
TEMPLATE = Path(__file__).with_name("messages.pot")

#: The plural rule of English (and of a catalog that does not say its own).
_ENGLISH_PLURAL = "(n != 1)"

#: How far counts are tried to find one that takes each plural form (every CLDR rule shows each of its forms
#: below 200; a catalog's forms are read through ``ngettext``, the public way).
_COUNTS = range(200)


@cache
def script_messages(script: str) -> tuple[tuple[str, str | None], ...]:
    """The messages the script ``script`` (a file name: ``play.js``) says: each singular with its plural
    (None when it has none), in the template's order."""
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    found: list[tuple[str, str | None]] = []
    for message in template:
        if not message.id or not any(PurePosixPath(path).name == script and path.endswith(".js")
                                     for path, _ in message.locations):
            continue
        if isinstance(message.id, str):
            found.append((message.id, None))
        else:
            found.append((message.id[0], message.id[1]))
    return tuple(found)


def plural_expression(language: str) -> str:
    """The catalog's plural rule as a C expression of ``n`` (its ``Plural-Forms`` header's ``plural=``)."""
    if language == DEFAULT:
        return _ENGLISH_PLURAL
    header = catalog(language).info().get("plural-forms", "")
    expression = header.partition("plural=")[2].strip().rstrip(";").strip()
    return expression or _ENGLISH_PLURAL


def _forms(language: str, singular: str, plural: str) -> list[str]:
    """A plural message's forms in ``language``, in the catalog's order (form i is what a count of that form
    reads); English: the singular and the plural."""
    words = catalog(language)
    if language == DEFAULT:
        return [singular, plural]
    rule = words.plural  # type: ignore[attr-defined]
    forms: dict[int, str] = {}
    for count in _COUNTS:
        forms.setdefault(rule(count), words.ngettext(singular, plural, count))
    return [forms[index] for index in sorted(forms)]


@cache
def page_words(language: str, scripts: tuple[str, ...]) -> dict:
    """What a page's scripts need to speak ``language``: the language, its plural rule, the messages of
    ``scripts`` (msgid → translation, or → the list of plural forms) and the colours' words. Untranslated
    messages are left out: the script says them as written."""
    words = catalog(language)
    messages: dict[str, str | list[str]] = {}
    for script in scripts:
        for singular, plural in script_messages(script):
            if plural is None:
                said = words.gettext(singular)
                if said != singular:
                    messages[singular] = said
            else:
                messages[singular] = _forms(language, singular, plural)
    return {"lang": language, "plural": plural_expression(language), "messages": messages,
            "colours": {color.word: words.pgettext(COLOUR, color.word) for color in Color}}


__all__ = ["TEMPLATE", "page_words", "plural_expression", "script_messages"]
