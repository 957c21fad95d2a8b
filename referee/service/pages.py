"""The pages for people: the home page, the living rulebook and the replay viewer.

``/`` answers a browser with the home page and a client asking for JSON with an index of the endpoints
(content negotiation on ``Accept``). ``/rulebook`` is the rulebook of the package's ``features/`` (or
``REFEREE_FEATURES_DIR``), drawn by :mod:`referee.rulebook`, with the last test run's outcomes when
``REFEREE_RULEBOOK_OUTCOMES`` (default: the checkout's ``reports/rulebook-outcomes.json``) exists.
``/replay`` is the replay viewer; its script asks ``POST /v1/replays`` for every step. ``/play`` plays a game
at a live table, on the tables' HTTP API alone. Nothing here holds a rule of the game. Every HTML answer
carries a Content-Security-Policy (no inline script anywhere) and ``X-Frame-Options``; a browser that asks
for a page that is not there gets a page with links, not JSON.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode

from flask import Blueprint, Response, current_app, jsonify, render_template, request, send_from_directory, url_for
from flask_babel import gettext
from jinja2 import ChoiceLoader, PackageLoader
from werkzeug.exceptions import NotFound

import referee
from referee import bundled
from referee.engine.rules import RULES
from referee.i18n import LANGUAGES
from referee.i18n.pages import page_words
from referee.i18n.rulebook import OFFERED, offered
from referee.i18n.service import language, select_language
from referee.i18n.words import rule_title, style_words
from referee.log.quoting import quoted
from referee.rulebook import Links, Rulebook, load_book, load_outcomes
from referee.rulebook.html import STATIC as RULEBOOK_STATIC
from referee.rulebook.results import ResultsError
from referee.service.problems import http_problem
from referee.service.replays import card_faces
from referee.tables.game import bot_styles

bp = Blueprint("pages", __name__)


#: The pages' Content-Security-Policy: their own scripts, styles, images and API only; no inline script
#: or style, no plug-in, no framing (clickjacking), no form or base elsewhere.
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: Swagger UI's (``/docs``): the same, but React sets inline styles and the bundle's CSS embeds SVG icons.
DOCS_POLICY = PAGE_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


def install(app) -> None:
    """Register the pages on ``app``; its templates may extend the rulebook's ``base.html``. Every HTML
    answer gets the pages' security headers; a browser asking for a page that is not there gets a page."""
    app.jinja_loader = ChoiceLoader([app.jinja_loader, PackageLoader("referee.rulebook")])
    app.register_blueprint(bp)
    app.after_request(_page_headers)
    app.register_error_handler(404, _not_found)
    app.context_processor(_page_language)


def N_(message: str) -> str:  # gettext's name for a message marked here, translated where it is shown
    """``message`` itself, marked for the catalogs: a page translates it where it shows it."""
    return message


def _page_language() -> dict:
    """What every page's template is given to speak the request's language: ``lang`` (its ``<html lang>``)
    and ``languages``, the picker's links (this page in each language, its other query arguments kept)."""
    return {"lang": language(), "languages": _picker(LANGUAGES)}


def _picker(languages) -> tuple[tuple[str, str], ...]:
    """This page's address in each of ``languages`` (``?lang=``, the request's other arguments kept)."""
    others = [(key, value) for key, value in request.args.items(multi=True) if key != "lang"]
    return tuple((tag, request.path + "?" + urlencode([*others, ("lang", tag)])) for tag in languages)


def _page_headers(response: Response) -> Response:
    """Content-Security-Policy and X-Frame-Options on every HTML answer (a page, Swagger UI's)."""
    if response.mimetype == "text/html":
        policy = DOCS_POLICY if request.blueprint == "docs" else PAGE_POLICY
        response.headers.setdefault("Content-Security-Policy", policy)
        response.headers.setdefault("X-Frame-Options", "DENY")
    return response


def wants_page() -> bool:
    """Whether the client asks for HTML before JSON by name, as a browser does; ``*/*`` (curl, most API
    clients) and no ``Accept`` keep their problem+json."""
    accept = request.accept_mimetypes
    return "text/html" in accept.values() and accept["text/html"] > accept["application/json"]


def _not_found(error: NotFound):
    """404: a page with the way on for a browser, the problem+json document for everyone else."""
    if not wants_page():
        return http_problem(error)
    detail = error.description if request.blueprint == "pages" else None
    html = render_template("not_found.html", links=_links(), path=request.path, detail=detail,
                           rule_example=url_for("pages.rulebook_page", name="REV-2"))
    response = Response(html, status=404, mimetype="text/html")
    response.vary.add("Accept")
    return response


def _links() -> Links:
    """Where the pages are on this service (``url_for``, so a mounted service links right)."""
    def pattern(endpoint: str, field: str, **values) -> str:
        return url_for(endpoint, **{field: "__FIELD__"}, **values).replace("__FIELD__", "{" + field + "}")

    return Links(home=url_for("pages.home"), index=url_for("pages.rulebook"),
                 chapter=pattern("pages.rulebook_page", "name").replace("{name}", "{slug}"),
                 rule=pattern("pages.rulebook_page", "name").replace("{name}", "{id}"),
                 static=pattern("pages.rulebook_static", "name"),
                 nav=((N_("Play"), url_for("pages.play")), (N_("Replay viewer"), url_for("pages.replay")),
                      (N_("API docs"), url_for("docs.docs_page"))))


# -- the home page ----------------------------------------------------------------------------------


@bp.get("/")
def home():
    """The home page for a browser; the JSON index of the endpoints for a client that asks for JSON."""
    accept = request.accept_mimetypes  # JSON only when it is preferred: */* and no Accept get the page
    if accept["application/json"] > accept["text/html"]:
        response = jsonify(endpoint_index())
    else:
        response = Response(render_template("home.html", links=_links(), examples=bundled.example_names(),
                                            version=referee.__version__), mimetype="text/html")
    response.vary.add("Accept")
    return response


def endpoint_index() -> dict:
    """Every endpoint of the service, from its OpenAPI description (one list, never restated)."""
    return {"name": "UNO DUO referee", "version": referee.__version__,
            "openapi": url_for("docs.openapi"), "docs": url_for("docs.docs_page"),
            "endpoints": _endpoints()}


@lru_cache(maxsize=1)
def _endpoints() -> list[dict]:
    from referee.service.openapi import build_spec

    paths = build_spec().to_dict()["paths"]
    return [{"method": method.upper(), "path": path, "summary": operation.get("summary", "")}
            for path, operations in paths.items() for method, operation in operations.items()]


# -- the rulebook -------------------------------------------------------------------------------------


def _book_source() -> Path:
    return Path(current_app.config.get("REFEREE_FEATURES_DIR") or bundled.features_dir())


def _outcomes_path() -> Path | None:
    configured = current_app.config.get("REFEREE_RULEBOOK_OUTCOMES")
    if configured is not None:
        return Path(configured) if configured else None
    checkout = _book_source().resolve().parent / "reports" / "rulebook-outcomes.json"
    return checkout if checkout.is_file() else None


def _stamp(path: Path | None) -> float:
    try:
        return path.stat().st_mtime if path else 0.0
    except OSError:
        return 0.0


@lru_cache(maxsize=4)
def _load(source: Path, outcomes: Path | None, _stamps: tuple[float, ...]):
    """The book and outcomes, read again only when a file changed (``_stamps``: their mtimes)."""
    book = load_book(source)
    try:
        results = load_outcomes(outcomes) if outcomes and outcomes.is_file() else None
    except ResultsError:
        results = None  # a half-written outcomes file is shown as no outcomes, never an error page
    return book, results


def _rulebook() -> Rulebook:
    source, outcomes = _book_source(), _outcomes_path()
    stamps = (*(_stamp(p) for p in sorted(source.glob("**/*.feature"))), _stamp(outcomes))
    book, results = _load(source, outcomes, stamps)
    chosen = offered(select_language())
    choices = _picker(OFFERED) if len(OFFERED) > 1 else ()
    return Rulebook(book, _links(), outcomes=results, language=chosen, languages=choices)


@bp.get("/rulebook")
def rulebook():
    """The rulebook's contents: every chapter with its rules."""
    return Response(_rulebook().index_page(), mimetype="text/html")


@bp.get("/rulebook/<name>")
def rulebook_page(name: str):
    """A rule by id (``/rulebook/REV-2``, any case) or a chapter by its file's name; 404 otherwise."""
    book = _rulebook()
    rule_id = name.upper()
    if rule_id in RULES or book.book.rule(rule_id):
        return Response(book.rule_page(rule_id), mimetype="text/html")
    chapter = book.book.chapter(name)
    if chapter is None:
        raise NotFound(gettext("the rulebook has no rule or chapter %(name)s", name=quoted(name)))
    return Response(book.chapter_page(chapter), mimetype="text/html")


@bp.get("/rulebook/static/<name>")
def rulebook_static(name: str):
    """The rulebook's stylesheet (shared by every page)."""
    return send_from_directory(RULEBOOK_STATIC, name, max_age=3600)


# -- the replay viewer --------------------------------------------------------------------------------


@bp.get("/replay")
def replay():
    """The replay viewer: paste, upload or pick a log, then step through it."""
    html = render_template("replay.html", links=_links(), examples=bundled.example_names(),
                           api=url_for("replays.replay"), examples_api=url_for("replays.list_examples"),
                           words=page_words(language(), ("replay.js", "cards.js")))
    return Response(html, mimetype="text/html")


# -- playing at a live table --------------------------------------------------------------------------


@bp.get("/play")
def play():
    """Play a game against a bot or a friend: the page talks to the tables' HTTP API and decides nothing.

    The page gets the cards' faces (to draw a hand sorted by colour and value) and the rules' words (to tell
    a penalty's or a challenge's rule with its link) here; the bots' styles from
    ``GET /v1/tables/styles``, the variants from ``GET /v1/variants``; everything about the game from the
    table's view.
    """
    lang = language()
    words = {**page_words(lang, ("play.js", "cards.js")),
             "styles": {style["name"]: style_words(style["name"], lang) for style in bot_styles()}}
    html = render_template("play.html", links=_links(), faces=card_faces(lang), rules=rule_words(lang), words=words,
                           tables=url_for("tables.create_table"), styles=url_for("tables.bot_styles"),
                           variants=url_for("api.list_variants"), replay=url_for("pages.replay"))
    return Response(html, mimetype="text/html")


def rule_words(lang: str = "en") -> dict[str, dict[str, str]]:
    """Every rule's words (in ``lang``) and its page in the rulebook, by id (the registry's, never restated)."""
    return {rule.id: {"title": rule_title(rule.id, lang), "url": url_for("pages.rulebook_page", name=rule.id)}
            for rule in RULES.values()}
