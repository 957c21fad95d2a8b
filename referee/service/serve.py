"""Production serving (``referee serve``): gunicorn's processes, waitress's HTTP in each of them.

gunicorn's master binds the socket, forks ``workers`` processes, restarts one that dies and stops
them gracefully on SIGTERM or SIGINT (each finishes the requests it has, for up to
``graceful_timeout`` seconds). Each worker is a :class:`WaitressWorker`: it serves with
:class:`~referee.service.transport.Transport`, which buffers every request whole in an event loop
before a thread runs the application. So a slow or stalled client costs a socket, not a worker;
the application (CPU-bound: it replays a game) runs in as many processes as there are cores.
Why this and not gunicorn's own workers: docs/architecture.md, "Serving".

Each answer gets an access-log line with the request id the service put in ``X-Request-Id``, so a
problem's ``request_id`` leads to its line. The application also runs under any WSGI server, e.g.
``gunicorn 'referee.service:create_app()'``, without these guarantees about slow clients.
"""

from __future__ import annotations

import errno
import gc
import logging
import os
import socket
import time
from collections.abc import Mapping
from typing import Any

from gunicorn.app.base import BaseApplication
from gunicorn.workers.base import Worker

from referee.service import create_app
from referee.service.transport import ACCESS_LOG, Transport, TransportSettings
from referee.settings import ConfigurationError

__all__ = ["GC_YOUNG_THRESHOLD", "RefereeServer", "WaitressWorker", "check_address", "serve", "server_options",
           "transport_settings",
           "tune_gc_for_serving"]

#: Containers allocated (net) before the cyclic collector's young generation runs, in a worker. A full
#: game's parsed log is ~900 containers (up to ~3,000), and the engine makes no cyclic garbage, so with
#: CPython's default of 700 the collector ran about once a request for nothing, each time also
#: walking the live log; at 50,000 a request of a full game does not reach it, and a huge log
#: (20,000 events) at most a few times. Garbage that does form cycles is still collected, just later.
GC_YOUNG_THRESHOLD = 50_000

#: The access log's line: client, request line, status, bytes, milliseconds, request id (written by
#: the transport; kept here for gunicorn's own workers, should one be chosen in its place).
ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms request_id=%({x-request-id}o)s'


class WaitressWorker(Worker):
    """A gunicorn worker process that serves its listening sockets with waitress (the transport)."""

    def run(self) -> None:
        """Serve until the master says stop (or dies), then finish the requests under way."""
        self._route_logs()
        tune_gc_for_serving()
        transport = Transport(self.wsgi, [listener.sock for listener in self.sockets], self.app.transport)
        # The heartbeat (a syscall) and the parent check once a tick, not once per poll of the loop,
        # which under load polls a few times per request: the master's limit is 30 s, the tick <= 1 s.
        next_beat = 0.0
        try:
            while self.alive:
                now = time.monotonic()
                if now >= next_beat:
                    next_beat = now + transport.settings.tick
                    self.notify()  # the heartbeat: the master kills a worker that stops sending it
                    if os.getppid() != self.ppid:
                        self.log.info("Parent changed, shutting down: %s", self)
                        break
                transport.poll()
            transport.drain(self.cfg.graceful_timeout)
        finally:
            transport.close()

    def _route_logs(self) -> None:
        """Send the access lines where gunicorn sends its access log, waitress's own (a connection
        limit reached, say) where it sends its error log."""
        for logger, target in ((ACCESS_LOG, self.log.access_log), (logging.getLogger("waitress"), self.log.error_log)):
            logger.handlers = list(target.handlers)
            logger.setLevel(logging.INFO)
            logger.propagate = False
        # waitress warns "Task queue depth is N" whenever a request waits for a thread: under ordinary
        # load that is most requests (23,953 lines for 40,005), and the access log's times show it anyway.
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)


def tune_gc_for_serving() -> None:
    """Set the cyclic garbage collector for a serving process (called once, in each worker).

    ``gc.freeze()`` moves every object alive now — the application, its modules, rules and variants,
    built in the master before the fork — out of the collector's sight, so no collection walks them
    again (nor writes to their pages, which the fork shares). :data:`GC_YOUNG_THRESHOLD` keeps the
    collector from running inside an ordinary request. Only ``referee serve`` does this: the process
    is the service's own, unlike one that merely calls ``create_app()``.
    """
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, older, oldest)


class RefereeServer(BaseApplication):
    """gunicorn's application wrapper around an application built by :func:`~referee.service.create_app`."""

    def __init__(self, options: Mapping[str, Any], config: Mapping[str, Any] | None = None,
                 transport: TransportSettings | None = None, app=None):
        self.options = dict(options)
        self.app_config = config
        self.application = app
        self.transport = transport or TransportSettings()
        super().__init__()

    def load_config(self) -> None:
        """Apply our options, skipping those an older gunicorn does not know."""
        for key, value in self.options.items():
            if key in self.cfg.settings:
                self.cfg.set(key, value)

    def load(self):
        """The WSGI application (built once, in the master: ``preload_app``)."""
        if self.application is None:
            self.application = create_app(self.app_config)
        return self.application


def server_options(host: str = "127.0.0.1", port: int = 8000, workers: int = 2, *,
                   graceful_timeout: int = 30, log_level: str = "info") -> dict[str, Any]:
    """gunicorn settings for :func:`serve`."""
    return {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": WaitressWorker,
        "graceful_timeout": graceful_timeout,
        # The heartbeat's limit. A worker's loop beats every tick, whatever its clients do.
        "timeout": 30,
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


def transport_settings(app_config: Mapping[str, Any], *, threads: int = 2,
                       connection_limit: int = 1000) -> TransportSettings:
    """The transport's settings for an application's configuration (its body limit, read timeout)."""
    return TransportSettings(read_timeout=float(app_config["REFEREE_READ_TIMEOUT"]),
                             body_limit=int(app_config["MAX_CONTENT_LENGTH"]),
                             threads=threads, connection_limit=connection_limit)


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2, *, threads: int = 2,
          connection_limit: int = 1000, graceful_timeout: int = 30, log_level: str = "info",
          config: Mapping[str, Any] | None = None) -> None:
    """Serve the REST API until SIGTERM or SIGINT; returns after a graceful shutdown.

    ``config`` overrides settings of :func:`~referee.service.create_app` (env variables apply too);
    a bad setting, or an address that cannot be listened on, raises
    :class:`~referee.settings.ConfigurationError` before anything listens.
    """
    app = create_app(config)
    options = server_options(host, port, workers, graceful_timeout=graceful_timeout, log_level=log_level)
    settings = transport_settings(app.config, threads=threads, connection_limit=connection_limit)
    check_address(host, port)
    RefereeServer(options, config, settings, app).run()


def check_address(host: str, port: int) -> None:
    """Raise :class:`~referee.settings.ConfigurationError` when ``host:port`` cannot be listened on.

    gunicorn's master would retry for five seconds, log a line a second and exit 1; the address is a
    setting like any other, so it is refused at once in one line (exit 2 from ``referee serve``).
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise ConfigurationError("--host", "a name or address of this machine", host,
                                 getattr(exc, "strerror", None) or str(exc)) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds it
        try:
            probe.bind(address)
        except OSError as exc:
            reason = f"port {port} is in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
            raise ConfigurationError("--port" if exc.errno == errno.EADDRINUSE else "--host",
                                     f"free to listen on at {host}" if exc.errno == errno.EADDRINUSE
                                     else "an address of this machine",
                                     port if exc.errno == errno.EADDRINUSE else host, reason) from None
