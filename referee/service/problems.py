"""Every error answer of the service, in one place: RFC 9457 ``application/problem+json``.

A view raises :class:`ApiProblem` (or lets Werkzeug raise an HTTP error); :func:`register`
installs the handlers that turn both, and any unexpected exception, into a problem document
carrying the request id.
No answer ever carries a traceback.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable

from flask import Flask, current_app, g, jsonify
from werkzeug.exceptions import HTTPException

from referee.errors import Problem
from referee.i18n.service import localized_problems, problem_words

PROBLEM_MIMETYPE = "application/problem+json"
_TYPE_BASE = "tag:uno-duo-referee,2025:problem/"


# An incoming id is echoed only when it is short and plain, so it cannot forge log lines or headers.
_SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")


def request_id_for(incoming: str | None) -> str:
    """The request's id: the client's ``X-Request-Id`` when it is short and plain, else a new random one.

    Shared by the application and the transport, so an answer either of them writes keeps the client's id.
    """
    return incoming if incoming and _SANE_REQUEST_ID.fullmatch(incoming) else uuid.uuid4().hex


def problem_type(name: str) -> str:
    """The URI naming a problem type (a non-dereferenceable ``tag:`` URI, as RFC 9457 allows)."""
    return _TYPE_BASE + name


class ApiProblem(Exception):
    """An error answer: status, type name, title, detail and optional per-field problems."""

    def __init__(self, status: int, name: str, title: str, detail: str,
                 errors: Iterable[Problem] = (), headers: dict[str, str] | None = None):
        super().__init__(detail)
        self.status = status
        self.type = problem_type(name)
        self.title = title
        self.detail = detail
        self.errors = list(errors)
        self.headers = headers or {}


#: Problems a 422 lists at most: a body of many small mistakes must not get a larger answer than itself.
MAX_LISTED_PROBLEMS = 100


def malformed_log(problems: Iterable[Problem]) -> ApiProblem:
    """422: the body is JSON but not a well-formed version-1 game log; its problems are listed, the
    first :data:`MAX_LISTED_PROBLEMS` of them when there are more (the detail says how many there are)."""
    problems = list(problems)
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    if len(problems) > MAX_LISTED_PROBLEMS:
        count += f"; the first {MAX_LISTED_PROBLEMS} are listed"
    return ApiProblem(422, "malformed-log", "Malformed game log",
                      f"the body is not a well-formed version-1 game log ({count})",
                      problems[:MAX_LISTED_PROBLEMS])


#: The one title of every 413, whichever limit is exceeded and wherever (the app or the transport).
TOO_LARGE_TITLE = "Content too large"


def too_large(what: str, detail: str, pointer: str = "") -> ApiProblem:
    """413: a limit of the service (body size, nesting depth, rounds, events) is exceeded."""
    return ApiProblem(413, f"too-large/{what}", TOO_LARGE_TITLE, detail,
                      [Problem(pointer, detail)])


def body_too_large(limit: int) -> ApiProblem:
    """413: the body is longer than ``limit`` bytes, whether declared by Content-Length or sent chunked."""
    return too_large("body", f"the body exceeds the limit of {limit} bytes")


def problem_document(status: int, type_: str, title: str, detail: str, request_id: str,
                     errors: Iterable[Problem] = ()) -> dict:
    """The RFC 9457 document (JSON-ready). Needs no Flask, so the transport writes the same documents."""
    body = {"type": type_, "title": title, "status": status, "detail": detail, "request_id": request_id}
    errors = list(errors)
    if errors:
        body["errors"] = [p.to_dict() for p in errors]
    return body


def problem_response(status: int, type_: str, title: str, detail: str,
                     errors: Iterable[Problem] = (), headers: dict[str, str] | None = None):
    """A ``application/problem+json`` response with the request id in the body; its title and detail in the
    request's language."""
    title, detail = problem_words(title, detail)
    errors = localized_problems(errors)
    response = jsonify(problem_document(status, type_, title, detail, g.get("request_id", "-"), errors))
    response.status_code = status
    response.mimetype = PROBLEM_MIMETYPE
    response.headers.update(headers or {})
    return response


def _handle_api_problem(exc: ApiProblem):
    return problem_response(exc.status, exc.type, exc.title, exc.detail, exc.errors, exc.headers)


def http_problem(exc: HTTPException):
    """The problem+json answer for an HTTP error Werkzeug raised (a 404, a 405 with its Allow, ...)."""
    if exc.code is None or exc.code < 400:
        return exc  # a routing redirect, not an error
    headers = {}
    detail = exc.description or exc.name
    if exc.code == 405 and getattr(exc, "valid_methods", None):
        headers["Allow"] = ", ".join(sorted(exc.valid_methods))
    if exc.code == 413 and current_app.config.get("MAX_CONTENT_LENGTH"):
        return _handle_api_problem(body_too_large(current_app.config["MAX_CONTENT_LENGTH"]))
    return problem_response(exc.code, "about:blank", exc.name, detail, headers=headers)


def _handle_unexpected(exc: Exception):
    if isinstance(exc, HTTPException):  # Flask routes unhandled HTTP errors here too
        return http_problem(exc)
    request_id = g.get("request_id", "-")
    current_app.logger.exception("unexpected error, request id %s", request_id)
    return problem_response(500, "about:blank", "Internal Server Error",
                            f"an unexpected error; quote request id {request_id} when reporting it")


def register(app: Flask) -> None:
    """Install the error handlers on ``app``."""
    app.register_error_handler(ApiProblem, _handle_api_problem)
    app.register_error_handler(HTTPException, http_problem)
    app.register_error_handler(Exception, _handle_unexpected)
