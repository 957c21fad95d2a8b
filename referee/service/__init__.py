"""The referee as a REST service (Flask): ``create_app()`` is the application factory.

Run it in production with ``referee serve`` (:func:`referee.service.serve.serve`) or any WSGI
server::

    gunicorn 'referee.service:create_app()'

Endpoints: ``POST /v1/adjudications``, ``POST /v1/replays``, ``GET /v1/examples[/{name}]``,
``GET /v1/variants[/{name}]``, ``GET /v1/rules[/{id}]``, ``GET /healthz``, ``GET /openapi.yaml``, ``GET /docs``;
pages for people: ``/`` (JSON for a client that asks for it), ``/rulebook[/{rule or chapter}]``, ``/replay``.
Configuration: :mod:`referee.service.config`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask, g, request

from referee.service.config import DefaultConfig, from_env
from referee.service.problems import request_id_for
from referee.settings import variant_directories

__all__ = ["create_app"]

REQUEST_ID_HEADER = "X-Request-Id"
_REQUEST_ID_ENVIRON = "HTTP_" + REQUEST_ID_HEADER.upper().replace("-", "_")


def create_app(config: Mapping[str, Any] | object | None = None) -> Flask:
    """A new service application.

    Settings come from :class:`DefaultConfig`, then ``REFEREE_*`` environment variables, then
    ``config`` (a mapping, or an object whose upper-case attributes are settings). A bad setting
    raises :class:`~referee.settings.ConfigurationError` naming it.
    """
    # Imported here, not with the package: the command line reads logs with referee.service.validation
    # (the service's limits) and need not load the blueprints, the rulebook and Swagger UI to do so.
    from referee.i18n import service as languages
    from referee.service import api, docs, pages, problems, replays, tables

    app = Flask(__name__)
    app.config.from_object(DefaultConfig)
    app.config.update(from_env())
    if isinstance(config, Mapping):
        app.config.update(config)
    elif config is not None:
        app.config.from_object(config)
    # User variants load once, at start: a bad file stops the service rather than half-loading.
    variant_directories({"REFEREE_VARIANTS_DIR": app.config["REFEREE_VARIANTS_DIR"]})
    app.json.sort_keys = False  # keep the engine's order (players, rounds) in verdicts
    app.logger.setLevel(getattr(logging, app.config["REFEREE_LOG_LEVEL"], logging.INFO))
    app.register_blueprint(api.bp)
    app.register_blueprint(docs.bp)
    app.register_blueprint(replays.bp)
    app.register_blueprint(tables.bp)
    pages.install(app)
    problems.register(app)
    languages.install(app)
    app.before_request(_assign_request_id)
    app.after_request(_stamp_response)
    return app


def _assign_request_id() -> None:
    # From the WSGI environ, as request.headers would read it, without the KeyError it raises and
    # catches for a header that is absent (the common case; measured: ~1 % of the service's own time).
    g.request_id = request_id_for(request.environ.get(_REQUEST_ID_ENVIRON))


def _stamp_response(response):
    if "request_id" not in g:  # an error raised before any before_request hook ran
        _assign_request_id()
    response.headers[REQUEST_ID_HEADER] = g.request_id
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    return response
