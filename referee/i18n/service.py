"""The service in the language a client asks for: Flask-Babel picks it, this module says the API's words in it.

The language of a request is ``?lang=`` when it names one the referee speaks, else the ``lang`` cookie (the
pages' language picker remembers a choice in it), else the best of the ``Accept-Language`` header, else
English (``tl`` is taken for ``fil``). Each JSON and HTML answer names it in ``Content-Language``; a page
asked for with ``?lang=`` sets the cookie. What changes with the language: a problem's ``title`` and
``detail``, a violation's ``message``, a rule's ``title`` and ``section``, the pages. What never does: rule
ids, pointers, JSON keys, card codes.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response, request
from flask_babel import Babel, get_locale

from referee.engine.rules import RULES
from referee.errors import Problem
from referee.i18n import ALIASES, DEFAULT, DOMAIN, LANGUAGES, TRANSLATIONS, MissingCatalog, catalog, phrases, resolve
from referee.i18n.words import chapter, rule_title

#: Every tag a client may ask for in ``Accept-Language`` (the aliases too).
_OFFERED = (*LANGUAGES, *ALIASES)

#: The media types whose words follow the language.
_TRANSLATED_TYPES = ("application/json", "application/problem+json", "text/html")

#: The cookie that remembers the language a person picked on a page (``?lang=``), for a year.
COOKIE = "lang"
_COOKIE_AGE = 365 * 24 * 3600


def install(app: Flask) -> None:
    """Let ``app`` speak each request's language: Flask-Babel on the referee's catalogs, and
    ``Content-Language`` (with ``Vary: Accept-Language``) on every JSON answer."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.config.setdefault("BABEL_DOMAIN", DOMAIN)
    Babel(app, locale_selector=select_language)
    app.after_request(_name_language)


def select_language() -> str:
    """The language of the current request: ``?lang=``, then the ``lang`` cookie, then ``Accept-Language``,
    then English."""
    asked = resolve(request.args.get("lang")) or resolve(request.cookies.get(COOKIE))
    if asked:
        return asked
    best = request.accept_languages.best_match(_OFFERED)
    return resolve(best) or DEFAULT


def language() -> str:
    """The language the current request is answered in (English outside a request)."""
    found = get_locale()
    return (resolve(str(found)) or DEFAULT) if found is not None else DEFAULT


def _name_language(response: Response) -> Response:
    if response.mimetype in _TRANSLATED_TYPES:
        response.headers.setdefault("Content-Language", language())
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    picked = resolve(request.args.get("lang"))
    if response.mimetype == "text/html" and picked and request.cookies.get(COOKIE) != picked:
        # A page asked for in a language (the picker's links): remember it for the pages that follow.
        response.set_cookie(COOKIE, picked, max_age=_COOKIE_AGE, path="/", samesite="Lax", httponly=True)
    return response


# -- the API's words ---------------------------------------------------------------------------------------

# TRANSLATORS: said for a broken rule whose English sentence has no template yet; {words} is the rule's words.
_BROKEN_RULE = phrases.N_("this entry breaks rule {rule}: {words}")


def violation_message(rule: str, message: str, lang: str) -> str:
    """A violation's English ``message`` in ``lang``: its template translated, with the cards and colours
    it names; for a sentence no template makes, the rule it breaks and that rule's words."""
    words = phrases.translate(message, lang, phrases.ENGINE)
    if words is not None:
        return words
    return _BROKEN_RULE.render(lang, None).format(rule=rule, words=rule_title(rule, lang))


def localized_violation(violation: dict | None, lang: str) -> dict | None:
    """A verdict's ``violation`` (JSON-ready) with its ``message`` in ``lang``; the rest unchanged."""
    if violation is None or lang == DEFAULT:
        return violation
    return {**violation, "message": violation_message(violation["rule"], violation["message"], lang)}


def localized_rule(rule: dict, lang: str) -> dict:
    """A rule (``Rule.to_dict()``) with its ``title`` and ``section`` in ``lang``; its id unchanged."""
    if lang == DEFAULT or rule.get("id") not in RULES:
        return rule
    return {**rule, "title": rule_title(rule["id"], lang), "section": chapter(rule["section"], lang)}


def localized_problems(problems: Iterable[Problem], lang: str | None = None) -> list[Problem]:
    """A problem document's ``errors`` with each ``detail`` in the request's language (or ``lang``): the log
    reader's words on a field, or an engine sentence; a detail no template makes is kept. Pointers and rule
    ids are unchanged."""
    lang = lang or language()
    problems = list(problems)
    if lang == DEFAULT:
        return problems
    return [Problem(p.pointer, phrases.translate(p.detail, lang, phrases.READER) or phrases.translate(p.detail, lang)
                    or p.detail, p.rule) for p in problems]


def problem_words(title: str, detail: str, lang: str | None = None) -> tuple[str, str]:
    """A problem's ``title`` and ``detail`` in the request's language (or ``lang``); a detail no template
    makes is kept as it is (the title still says what went wrong, in the language asked for)."""
    lang = lang or language()
    if lang == DEFAULT:
        return title, detail
    try:
        words = catalog(lang)
    except MissingCatalog:  # an install without its catalogs still answers (in English) rather than fail
        return title, detail
    return (words.gettext(title),
            phrases.translate(detail, lang, phrases.SERVICE) or phrases.translate(detail, lang) or detail)


__all__ = ["COOKIE", "install", "language", "localized_problems", "localized_rule", "localized_violation",
           "problem_words",
           "select_language", "violation_message"]
