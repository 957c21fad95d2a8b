"""Every error answer of the service, in one place: RFC 9457 ``application/problem+json``.

A view raises :class:`ApiProblem` (or lets Werkzeug raise an HTTP error); :func:`register`
installs the handlers that turn both, and any unexpected exception, into a problem document
carrying the request id.
No answer ever carries a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, current_app, g, jsonify
from werkzeug.exceptions import HTTPException

from referee.errors import Problem

PROBLEM_MIMETYPE = "application/problem+json"
_TYPE_BASE = "tag:uno-duo-referee,2025:problem/"


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


def malformed_log(problems: Iterable[Problem]) -> ApiProblem:
    """422: the body is JSON but not a well-formed version-1 game log; every problem is listed."""
    problems = list(problems)
    return ApiProblem(422, "malformed-log", "Malformed game log",
                      f"the body is not a well-formed version-1 game log ({len(problems)} "
                      f"problem{'s' if len(problems) != 1 else ''})", problems)


def too_large(what: str, detail: str, pointer: str = "") -> ApiProblem:
    """413: a limit of the service (body size, nesting depth, rounds, events) is exceeded."""
    return ApiProblem(413, f"too-large/{what}", "Content too large", detail,
                      [Problem(pointer, detail)])


def problem_response(status: int, type_: str, title: str, detail: str,
                     errors: Iterable[Problem] = (), headers: dict[str, str] | None = None):
    """A ``application/problem+json`` response with the request id in the body."""
    body = {"type": type_, "title": title, "status": status, "detail": detail,
            "request_id": g.get("request_id", "-")}
    errors = list(errors)
    if errors:
        body["errors"] = [p.to_dict() for p in errors]
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_MIMETYPE
    response.headers.update(headers or {})
    return response


def _handle_api_problem(exc: ApiProblem):
    return problem_response(exc.status, exc.type, exc.title, exc.detail, exc.errors, exc.headers)


def _handle_http(exc: HTTPException):
    if exc.code is None or exc.code < 400:
        return exc  # a routing redirect, not an error
    headers = {}
    detail = exc.description or exc.name
    if exc.code == 405 and getattr(exc, "valid_methods", None):
        headers["Allow"] = ", ".join(sorted(exc.valid_methods))
    if exc.code == 413 and current_app.config.get("MAX_CONTENT_LENGTH"):
        detail = f"the body exceeds {current_app.config['MAX_CONTENT_LENGTH']} bytes"
    return problem_response(exc.code, "about:blank", exc.name, detail, headers=headers)


def _handle_unexpected(exc: Exception):
    if isinstance(exc, HTTPException):  # Flask routes unhandled HTTP errors here too
        return _handle_http(exc)
    request_id = g.get("request_id", "-")
    current_app.logger.exception("unexpected error, request id %s", request_id)
    return problem_response(500, "about:blank", "Internal Server Error",
                            f"an unexpected error; quote request id {request_id} when reporting it")


def register(app: Flask) -> None:
    """Install the error handlers on ``app``."""
    app.register_error_handler(ApiProblem, _handle_api_problem)
    app.register_error_handler(HTTPException, _handle_http)
    app.register_error_handler(Exception, _handle_unexpected)
