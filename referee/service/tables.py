"""The live tables over HTTP: ``/v1/tables`` (a Flask blueprint on :class:`referee.tables.tables.Tables`).

- ``POST /v1/tables`` — a new table → 201, its id and a token per human seat (shown once).
- ``POST /v1/tables/{id}/join`` — ``{"invitation": CODE}`` → 201 the invited seat's token, once (409 after).
- ``GET /v1/tables/styles`` — the bots' styles a seat may be given, with their summaries (what the play page
  offers; a table id is never ``styles``: ids are 22 random characters).
- ``GET /v1/tables/{id}`` — with ``Authorization: Bearer TOKEN`` the seat's view, without it the public view;
  its ``history`` one page (``?round=R&history_from=N``: what a client holding N entries of round R lacks;
  :mod:`referee.tables.history`), so an answer late in a game costs what an early one does.
  Every view has an ``ETag`` made of the table's ``seq`` and the seat (nothing hidden goes into it); a poll
  with ``If-None-Match`` answers ``304`` after one small query, so a client waiting for the other player
  costs no worker while it waits.
- ``POST /v1/tables/{id}/events`` — ``{"seq": N, "event": {...}}`` with the token → 200 and the new view;
  409 stale or finished; 422 refused (``rule``, the rule's words, ``rule_url``) or malformed (pointers).
- ``GET /v1/tables/{id}/log`` — with a seat's token, the ``uno-duo-log/1`` record once the game is over; 409 before
  (a table of two bots has no token: its record, once over, is anyone's).

Every error is problem+json (:mod:`referee.service.problems`). The :class:`~referee.tables.tables.Tables`
of the app is made on first use in each process (``referee serve`` forks after loading the app), on the
database ``REFEREE_DATABASE_URL`` names (SQLite in ``REFEREE_DATA_DIR`` when unset), migrated first.
"""

from __future__ import annotations

import math
import os
import threading
import time

from flask import Blueprint, Flask, current_app, g, jsonify, request
from flask.blueprints import BlueprintSetupState
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from sqlalchemy.exc import OperationalError

from referee.errors import Problem
from referee.i18n.service import language, localized_problems, problem_words
from referee.i18n.words import rule_title, style_words
from referee.service.links import rule_url
from referee.service.problems import MAX_LISTED_PROBLEMS, PROBLEM_MIMETYPE, problem_document, problem_type
from referee.service.table_schemas import (
    ActSchema,
    CreateTableSchema,
    HistoryQuerySchema,
    InvalidRequest,
    JoinSchema,
    load,
)
from referee.service.validation import read_json
from referee.tables import errors, game
from referee.tables.database import database_url
from referee.tables.history import Since
from referee.tables.store import TableStore
from referee.tables.tables import Tables

__all__ = ["bp", "tables_of"]

bp = Blueprint("tables", __name__)
_EXTENSION = "referee.tables"
_opening = threading.Lock()
_CREATE = CreateTableSchema()
_ACT = ActSchema()
_HISTORY = HistoryQuerySchema()
_JOIN = JoinSchema()


def tables_of(app: Flask) -> Tables:
    """The app's table service in this process, opened (and its database migrated) on first use."""
    held = app.extensions.get(_EXTENSION)
    if held is not None and held[0] == os.getpid():
        return held[1]
    with _opening:
        held = app.extensions.get(_EXTENSION)
        if held is None or held[0] != os.getpid():  # none yet, or inherited across a fork: not this process's
            try:
                store = TableStore.open(database_url(app.config))
            except OperationalError as exc:  # the database refused the connection: 503, and open it next time
                raise errors.DatabaseUnavailable(str(exc.orig)) from exc
            held = (os.getpid(), Tables(store, allow_seed=app.config["REFEREE_TABLES_ALLOW_SEED"],
                                        cache_size=app.config["REFEREE_TABLES_CACHE"],
                                        bot_steps=app.config["REFEREE_TABLES_BOT_STEPS"]))
            app.extensions[_EXTENSION] = held
    return held[1]


def _tables() -> Tables:
    return tables_of(current_app)


def _token() -> str | None:
    """The bearer token of the request (None: no Authorization header); 401 for another scheme."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise errors.MissingToken()
    return token.strip()


def _etag(seq: int, seat: int | None, awaiting: int = 0) -> str:
    # The number of decisions, whose view and how many invited seats are still empty: all known to the asker
    # already (the view says them), so the tag tells nothing hidden; a guest joining changes it.
    tag = f"{seq}-{'public' if seat is None else seat}"
    return f"{tag}-a{awaiting}" if awaiting else tag


def _tagged(response, seq: int, seat: int | None, awaiting: int = 0):
    response.set_etag(_etag(seq, seat, awaiting))
    response.headers["Cache-Control"] = "private, no-cache"  # a view is the seat's: cache it, but ask each time
    return response


def _view_response(view: dict, seat: int | None, awaiting: list[str] | None = None):
    if awaiting is None:
        return _tagged(jsonify(view), view["seq"], seat)
    return _tagged(jsonify({**view, "awaiting": awaiting}), view["seq"], seat, len(awaiting))


def _body() -> object:
    """The request's JSON, at most ``REFEREE_TABLES_MAX_BODY_BYTES`` (413 beyond): what a table stores of a
    decision is bounded by what it takes."""
    request.max_content_length = current_app.config["REFEREE_TABLES_MAX_BODY_BYTES"]
    return read_json(request, current_app.config["REFEREE_MAX_DEPTH"])


@bp.post("/v1/tables")
def create_table():
    """Set a new table; 201 with its id, the tokens of the human seats and the public view."""
    body = load(_CREATE, _body())
    tables = _tables()
    created = tables.create(body["players"], body.get("variant"), body.get("bots"), body.get("seed"),
                            body.get("invite"))
    table = created.table
    answer = {"id": table.id, "tokens": created.tokens, "invitations": created.invitations,
              "players": list(table.players),
              "bots": {s.player: s.bot for s in table.seats if s.bot}, "variant": table.variant,
              "view": tables.view(table.id, None)}
    response = jsonify(answer)
    response.status_code = 201
    response.headers["Location"] = f"/v1/tables/{table.id}"
    response.headers["Cache-Control"] = "no-store"  # the tokens are shown once
    return response


@bp.post("/v1/tables/<table_id>/join")
def join_table(table_id: str):
    """Trade an invitation's code for its seat's token; 201 once, 409 for a code spent, 404 for an unknown one."""
    body = load(_JOIN, _body())
    guest = _tables().join(table_id, body["invitation"])
    response = jsonify({"table": table_id, "player": guest.player, "token": guest.token})
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"  # the token is shown once
    return response


@bp.get("/v1/tables/styles")
def bot_styles():
    """The styles a bot seat may be given (``bots`` of ``POST /v1/tables``), with their summaries in the
    request's language (a style's name, which a table takes, never changes)."""
    lang = language()
    response = jsonify({"styles": [{**style, "summary": style_words(style["summary"], lang)}
                                   for style in game.bot_styles()]})
    response.headers["Cache-Control"] = "public, max-age=3600"  # they change only with the service's version
    return response


@bp.get("/v1/tables/<table_id>")
def view_table(table_id: str):
    """The seat's view (with its token) or the public view (without); 304 when ``If-None-Match`` still holds."""
    tables = _tables()
    seat = tables.seat_of(tables.table(table_id), _token(), required=False)
    tables.advance(table_id)  # bots with a decision play on (bounded), so a poll sees a two-bot table move
    seq, _ = tables.progress(table_id)
    awaiting = tables.awaiting(table_id)
    if request.if_none_match.contains_weak(_etag(seq, seat, len(awaiting))):  # RFC 9110: compared weakly
        return _tagged(current_app.response_class(status=304), seq, seat, len(awaiting))
    return _view_response(tables.view(table_id, seat, seq, _since()), seat, awaiting)


def _since() -> Since | None:
    """What the client holds of the round's history (``?round=R&history_from=N``), None when it says nothing."""
    if not request.args:
        return None
    held = load(_HISTORY, request.args.to_dict())
    if not held:
        return None
    return Since(held.get("round"), held.get("history_from", 0))


@bp.post("/v1/tables/<table_id>/events")
def act(table_id: str):
    """One decision of the token's seat; 200 with its new view once stored."""
    tables = _tables()
    seat = tables.seat_of(tables.table(table_id), _token())
    body = load(_ACT, _body())
    return _view_response(tables.act(table_id, seat, body["seq"], body["event"]), seat)


@bp.get("/v1/tables/<table_id>/log")
def table_log(table_id: str):
    """The game's record for a seat of the table, once the game is over (409 before). A table of two bots has
    no seat to ask: once over, its record is anyone's."""
    tables = _tables()
    table = tables.table(table_id)
    token = _token()
    if token is not None or any(seat.bot is None for seat in table.seats):
        tables.seat_of(table, token)
    return jsonify(tables.record(table_id))


@bp.record_once
def _limit_creation(state: BlueprintSetupState) -> None:
    """Creating tables is rate-limited per client (its address) with Flask-Limiter, at
    ``REFEREE_TABLES_CREATE_LIMIT``; each app has its own limiter (its counts in memory, per process)."""
    app = state.app
    # Its own headers off: it would set Retry-After on every answer of the endpoint (a 503's too).
    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://", headers_enabled=False,
                      default_limits=[])
    app.extensions["referee.tables.limiter"] = limiter
    endpoint = f"{bp.name}.{create_table.__name__}"
    app.view_functions[endpoint] = limiter.limit(lambda: app.config["REFEREE_TABLES_CREATE_LIMIT"])(
        app.view_functions[endpoint])


# -- errors: every one problem+json ---------------------------------------------------------------------

def _problem(status: int, name: str, title: str, detail: str, problems=(), headers=None, **members):
    title, detail = problem_words(title, detail)  # in the request's language, as every other problem
    problems = localized_problems(problems)
    body = problem_document(status, problem_type(name), title, detail, g.get("request_id", "-"), problems)
    body.update(members)
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_MIMETYPE
    response.headers.update(headers or {})
    return response


_BEARER = {"WWW-Authenticate": 'Bearer realm="tables"'}


def _counted(problems) -> tuple[str, list]:
    """How many problems there are in words, and the first :data:`MAX_LISTED_PROBLEMS` of them (as the log
    endpoints list them: a body of many small mistakes gets no larger answer than itself)."""
    problems = list(problems)
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    if len(problems) > MAX_LISTED_PROBLEMS:
        count += f"; the first {MAX_LISTED_PROBLEMS} are listed"
    return count, problems[:MAX_LISTED_PROBLEMS]


@bp.errorhandler(InvalidRequest)
def _invalid(exc: InvalidRequest):
    count, listed = _counted(exc.problems)
    return _problem(422, "invalid-request", "Invalid request", f"the body does not fit the request ({count})",
                    listed)


@bp.errorhandler(RateLimitExceeded)
def _too_many(exc: RateLimitExceeded):
    breached = current_app.extensions["referee.tables.limiter"].current_limit
    wait = max(1, math.ceil(breached.reset_at - time.time())) if breached is not None else 60
    return _problem(429, "too-many-tables", "Too many tables",
                    f"this client has set as many tables as it may ({exc.description}): try again later",
                    headers={"Retry-After": str(wait)})


@bp.errorhandler(errors.TableError)
def _table_error(exc: errors.TableError):
    if isinstance(exc, errors.UnknownTable):
        return _problem(404, "unknown-table", "Unknown table", "no table has this id")
    if isinstance(exc, errors.UnknownInvitation):
        return _problem(404, "unknown-invitation", "Unknown invitation",
                        "no invitation of this table has this code, or its game has ended")
    if isinstance(exc, errors.InvitationSpent):
        return _problem(409, "invitation-spent", "Invitation spent",
                        "a guest has joined with this invitation already: the seat is taken")
    if isinstance(exc, errors.MissingToken):
        return _problem(401, "missing-token", "Token required",
                        "send the seat's token as Authorization: Bearer TOKEN", headers=_BEARER)
    if isinstance(exc, errors.WrongToken):
        return _problem(403, "wrong-token", "Not a seat of this table", "the token is no seat's token at this table")
    if isinstance(exc, errors.StaleMove):
        return _problem(409, "stale-seq", "Stale sequence number", str(exc), seq=exc.current)
    if isinstance(exc, errors.TableOver):
        return _problem(409, "table-over", "The game is over", "the game at this table has ended: "
                        "it takes no more decisions (its record is at /log)")
    if isinstance(exc, errors.GameNotOver):
        return _problem(409, "game-not-over", "The game is not over",
                        "the record holds both hands and the decks: it is served once the game has ended")
    if isinstance(exc, errors.MoveRefused):
        return _problem(422, "move-refused", "Move refused", exc.message,
                        [Problem("/event", exc.message, exc.rule)], rule=exc.rule,
                        rule_title=rule_title(exc.rule, language()),  # the rule's words, in the request's language
                        rule_url=rule_url(exc.rule))
    if isinstance(exc, errors.MalformedDecision):
        count, listed = _counted(Problem("/event" + p.pointer, p.detail, p.rule) for p in exc.problems)
        return _problem(422, "malformed-decision", "Malformed decision",
                        f"the event is not a well-formed decision ({count})", listed)
    if isinstance(exc, errors.BadTableRequest):
        count, listed = _counted(exc.problems)
        return _problem(422, "invalid-table", "The table cannot be set",
                        f"the table cannot be set as asked ({count})", listed)
    if isinstance(exc, errors.DatabaseUnavailable):  # the driver's words stay in the server's log, not the answer
        return _problem(503, "database-unavailable", "Database unavailable",
                        "the database cannot serve this request now (the connection lost or refused, the disk "
                        "full): nothing was stored by this request unless its seq is now stale; ask again",
                        headers={"Retry-After": "1"})
    raise exc  # pragma: no cover - every TableError is answered above
