"""Production serving: the service under gunicorn, started from Python (``referee serve``).

:func:`serve` runs a gunicorn master with ``workers`` sync workers. SIGTERM (or SIGINT) stops it
gracefully: workers finish the requests they are serving, for up to ``graceful_timeout`` seconds.
Each access-log line carries the request id the service put in ``X-Request-Id``, so a problem
answer's ``request_id`` leads to its log line.

The same application runs under a plain ``gunicorn 'referee.service:create_app()'``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gunicorn.app.base import BaseApplication

from referee.service import create_app

#: Access-log line: client, request line, status, bytes, milliseconds, the request id.
ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms request_id=%({x-request-id}o)s'


class RefereeServer(BaseApplication):
    """gunicorn's application wrapper around :func:`~referee.service.create_app`."""

    def __init__(self, options: Mapping[str, Any], config: Mapping[str, Any] | None = None):
        self.options = dict(options)
        self.app_config = config
        super().__init__()

    def load_config(self) -> None:
        """Apply our options, skipping those an older gunicorn does not know."""
        for key, value in self.options.items():
            if key in self.cfg.settings:
                self.cfg.set(key, value)

    def load(self):
        """The WSGI application (built once in the master: ``preload_app``)."""
        return create_app(self.app_config)


def server_options(host: str = "127.0.0.1", port: int = 8000, workers: int = 2, *,
                   graceful_timeout: int = 30, timeout: int = 60,
                   log_level: str = "info") -> dict[str, Any]:
    """gunicorn settings for :func:`serve`."""
    return {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": "sync",
        "graceful_timeout": graceful_timeout,
        "timeout": timeout,
        # Build the app in the master: a bad REFEREE_* setting fails once, at start, not per worker.
        "preload_app": True,
        "accesslog": "-",
        "errorlog": "-",
        "access_log_format": ACCESS_LOG_FORMAT,
        "loglevel": log_level,
        "proc_name": "referee",
        # gunicorn >= 25.1 opens a control socket at one shared default path; two services on
        # a host would fight over it, and nothing here uses it.
        "control_socket_disable": True,
    }


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2, *,
          graceful_timeout: int = 30, timeout: int = 60, log_level: str = "info",
          config: Mapping[str, Any] | None = None) -> None:
    """Serve the REST API until SIGTERM or SIGINT; returns after a graceful shutdown.

    ``config`` overrides settings of :func:`~referee.service.create_app` (env variables apply too).
    """
    options = server_options(host, port, workers, graceful_timeout=graceful_timeout,
                             timeout=timeout, log_level=log_level)
    RefereeServer(options, config).run()
