"""HTTP/1.1 for the service: waitress, held to a read deadline and the body limit.

waitress reads every request in its event loop and buffers the whole of it (headers and body)
before one of its threads, and so the application, sees it: a client that stalls or trickles its
body costs a socket in the loop, never a thread. This module adds what the service needs on top:

- **A deadline.** A request must arrive whole within ``read_timeout`` seconds of its first byte.
  One still incomplete then — stalled or trickling, in its headers or its body — is answered
  ``408`` problem+json and its connection closed. An idle connection is closed after as long.
- **One body limit.** The limit applies to the body as the application will read it: a declared
  ``Content-Length`` over it is refused as soon as the headers are in, a chunked body as soon as
  its decoded bytes pass it. Both get the application's own ``413`` (same type, title, detail).
- **Problems, never pages.** Every answer waitress writes itself (400 for bad HTTP, 408, 413, 431,
  501, 500) is RFC 9457 ``application/problem+json`` with an ``X-Request-Id`` (the client's, when
  it is a plain one, as the application does).
- **Strict framing.** Content-Length with chunked, or HTTP/1.1 without Host, is 400 and closed
  (RFC 9112); a chunk announced past the limit is 413 at once; no ``100 Continue`` for a body that
  will be refused.
- **A log line per answer**: client, request line (as sent, escaped), status, bytes, milliseconds,
  request id, and for an answer the transport wrote, what happened (``1 of 1000 body bytes received``).
  No line is ever lost to a request that did not parse, nor the connection with it.

:class:`Transport` serves one WSGI application on already-listening sockets; the gunicorn worker of
:mod:`referee.service.serve` drives its loop. It relies on waitress's documented extension points
(``channel_class``, ``task_class``, ``error_task_class``, ``parser_class``) and its server
constructor; pyproject pins waitress to the major version these were checked against.
"""

from __future__ import annotations

import json
import logging
import math
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser, ParsingError
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher, WSGITask
from waitress.utilities import (
    BadRequest,
    Error,
    RequestEntityTooLarge,
    RequestHeaderFieldsTooLarge,
    ServerNotImplemented,
)

from referee.service.problems import PROBLEM_MIMETYPE, ApiProblem, body_too_large, problem_document, request_id_for

__all__ = ["ACCESS_LOG", "RequestTimeout", "Transport", "TransportSettings"]

#: One line per answer. The gunicorn worker sends it where gunicorn's access log goes.
ACCESS_LOG = logging.getLogger("referee.service.access")

MIB = 1024 * 1024


@dataclass(frozen=True)
class TransportSettings:
    """How the transport reads requests (``referee serve``'s options)."""

    #: Seconds a request may take to arrive whole from its first byte; an idle connection's lifetime.
    read_timeout: float = 10.0
    #: Largest body in bytes (the application's ``MAX_CONTENT_LENGTH``).
    body_limit: int = 4 * MIB
    #: Threads that run the application, per process. It is CPU-bound, so more do not add speed.
    threads: int = 2
    #: Open connections per process; beyond it the process stops accepting until some close.
    connection_limit: int = 1000

    def __post_init__(self) -> None:
        if not 0 < self.read_timeout < math.inf:  # nan too: every comparison with it is false
            raise ValueError(f"read_timeout must be a number of seconds greater than 0, not {self.read_timeout}")

    @property
    def tick(self) -> float:
        """How often the deadline is checked: the 408 comes at most this late."""
        return max(0.05, min(1.0, self.read_timeout / 10))

    def adjustments(self) -> Adjustments:
        """waitress's settings for these."""
        return Adjustments(
            threads=self.threads, connection_limit=self.connection_limit,
            # waitress closes a connection silent for channel_timeout, checked every cleanup_interval; the
            # transport answers a slow request 408 at read_timeout, checked once a tick. waitress's close
            # must come after that answer, or a stalled client is closed without one.
            channel_timeout=math.ceil(min(self.read_timeout, 86_400) + 2 * self.tick) + 1, cleanup_interval=1,
            # waitress counts a chunked body's framing against its own cap; the exact limit, on the
            # decoded body, is applied by _Request. The cap only bounds absurd framing.
            max_request_body_size=2 * self.body_limit + 64 * 1024,
            recv_bytes=64 * 1024, asyncore_use_poll=True, ident="referee", log_socket_errors=False)


class RequestTimeout(Error):
    """The request did not arrive whole within the read timeout (408)."""

    code = 408
    reason = "Request Timeout"


class _Request(HTTPRequestParser):
    """waitress's request parser, which also notes when the request began, holds the decoded body to
    the body limit, and is strict where HTTP/1.1 requires it (RFC 9112)."""

    # waitress sets these only once a request line parses; its own error handling and our log read
    # them for any request, so a line that does not parse (a target that is not ASCII) must have them.
    first_line = b""
    path = ""
    query = ""

    def __init__(self, adj: Adjustments, body_limit: int):
        super().__init__(adj)
        self.began = time.monotonic()
        self.body_limit = body_limit

    def parse_header(self, header_plus: bytes) -> None:
        """waitress's parsing, then what RFC 9112 says a server must refuse and waitress serves."""
        super().parse_header(header_plus)
        if self.chunked and "CONTENT_LENGTH" in self.headers:
            # 6.1: reject, or close after answering; a proxy in front might frame it the other way.
            raise ParsingError("a request may not carry both Content-Length and Transfer-Encoding")
        if self.version == "1.1" and "HOST" not in self.headers:
            raise ParsingError("an HTTP/1.1 request must carry a Host header")  # 3.2

    def received(self, data: bytes) -> int:
        consumed = super().received(data)
        if self.error is None and self.headers_finished and self._body_length() > self.body_limit:
            self.error = RequestEntityTooLarge(f"the body exceeds {self.body_limit} bytes")
            self.completed = True
        if self.error is not None:
            self.expect_continue = False  # else waitress invites the body it is about to refuse
        return consumed

    def _body_length(self) -> int:
        """The declared length, or for a chunked body the decoded bytes so far and the rest of the
        chunk being read (a chunk's size line announces it: one over the limit is refused at once)."""
        if self.chunked:
            receiver = self.body_rcv
            return len(receiver) + receiver.chunk_remainder if receiver is not None else 0
        return self.content_length

    def received_so_far(self) -> str:
        """What arrived of an incomplete request, for the log."""
        if not self.headers_finished:
            return f"{len(self.header_plus)} bytes of headers received, headers incomplete"
        got = len(self.body_rcv) if self.body_rcv is not None else 0
        if self.chunked:
            return f"{got} body bytes of a chunked body received"
        return f"{got} of {self.content_length} body bytes received"


class _Logged:
    """A waitress task that writes one access-log line when it is done."""

    request_id = "-"
    note = ""

    def service(self) -> None:
        try:
            super().service()
        finally:
            try:
                self._log()
            except Exception:  # a log line must never keep the connection from being closed
                ACCESS_LOG.exception("no access-log line for an answer")

    def _log(self) -> None:
        request = self.request
        # The request line as the client sent it, escaped: a client's bytes never end or forge a line.
        line = _escaped(request.first_line) if request.first_line else "-"
        request_id = dict(self.response_headers).get("X-Request-Id", self.request_id)
        # The application's answers: the time to serve them. The transport's own: the time since the
        # request's first byte (for a 408, the wait it was given).
        since = getattr(request, "began", None) if self.note else None
        elapsed = time.monotonic() - since if since is not None else time.time() - (self.start_time or time.time())
        client = self.channel.addr[0] if self.channel.addr else "-"
        ACCESS_LOG.info('%s "%s" %s %s %.1fms request_id=%s%s', client, line, self.status.split(" ", 1)[0],
                        self.content_bytes_written, elapsed * 1000, request_id,
                        f" ({self.note})" if self.note else "")


#: Each byte a log line may show as itself: printable ASCII but the quote and the backslash.
_SHOWN = {byte: chr(byte) for byte in range(0x20, 0x7F) if byte not in b'"\\'}


def _escaped(raw: bytes) -> str:
    """``raw`` for a log line: printable ASCII as itself, every other byte (a line break, an escape
    sequence, a quote) as ``\\xNN``."""
    return "".join(_SHOWN.get(byte) or f"\\x{byte:02x}" for byte in raw)


class _AppTask(_Logged, WSGITask):
    """A request for the application."""


class _ProblemTask(_Logged, ErrorTask):
    """An answer the transport writes itself (bad HTTP, timeout, too large), as problem+json."""

    def execute(self) -> None:
        problem, self.note = _problem_of(self.request, self.channel.server.settings)
        self.request_id = request_id_for(self.request.headers.get("X_REQUEST_ID"))
        body = json.dumps(problem_document(problem.status, problem.type, problem.title, problem.detail,
                                           self.request_id, problem.errors)).encode()
        self.status = f"{problem.status} {self.request.error.reason}"
        self.response_headers.extend([("Content-Type", PROBLEM_MIMETYPE), ("X-Request-Id", self.request_id),
                                      ("X-Content-Type-Options", "nosniff")])
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


def _problem_of(request: _Request, settings: TransportSettings) -> tuple[ApiProblem, str]:
    """The problem to answer for a request waitress refused, and a note for the log."""
    error = request.error
    if isinstance(error, RequestTimeout):
        return ApiProblem(408, "request-timeout", "Request Timeout",
                          f"the request did not arrive whole within {settings.read_timeout:g} s"), error.body
    if isinstance(error, RequestEntityTooLarge):
        problem = body_too_large(settings.body_limit)
        return problem, problem.detail
    if isinstance(error, RequestHeaderFieldsTooLarge):
        detail = f"the request's headers exceed {request.adj.max_request_header_size} bytes"
        return ApiProblem(431, "headers-too-large", "Request Header Fields Too Large", detail), detail
    if isinstance(error, ServerNotImplemented):
        detail = f"not supported: {error.body}"
        return ApiProblem(501, "not-implemented", "Not Implemented", detail), detail
    if isinstance(error, BadRequest):
        detail = f"the request is not valid HTTP/1.1: {error.body}"
        return ApiProblem(400, "bad-request", "Bad Request", detail), detail
    # waitress's 500: the application failed without an answer (the app's own handlers prevent it).
    detail = "an unexpected error in the server"
    return ApiProblem(500, "internal", "Internal Server Error", detail), f"{error.reason}: {error.body}"


class _Channel(HTTPChannel):
    """One client connection."""

    task_class = _AppTask
    error_task_class = _ProblemTask

    def parser_class(self, adj: Adjustments) -> _Request:  # waitress calls self.parser_class(adj)
        return _Request(adj, self.server.settings.body_limit)

    def writable(self) -> bool:
        """Whether the event loop should write: not while a thread is still writing the answer.

        waitress asks to write as soon as any byte is buffered. While the thread that writes the
        answer holds the buffer's lock, the loop finds the socket writable, fails to take the lock,
        and polls again at once, holding the GIL the thread needs: measured, about 100 polls and
        2.5 ms of CPU per full-game request. The writing thread flushes as it writes, and wakes the
        loop when it is done; the loop is needed meanwhile only when the thread waits for a full
        buffer to drain (past ``outbuf_high_watermark``), so only then does it ask to write.
        """
        if self.requests and not (self.will_close or self.close_when_flushed):
            return self.total_outbufs_len > self.adj.outbuf_high_watermark
        return super().writable()

    def time_out(self, deadline: float) -> None:
        """Answer 408 if the request being read began before ``deadline`` (monotonic seconds)."""
        with self.requests_lock:
            request = self.request
            if request is None or request.completed or request.began > deadline:
                return
            request.error = RequestTimeout(f"read timeout: {request.received_so_far()}")
            request.completed = True
            self.request = None
            self.requests.append(request)
            if len(self.requests) == 1:  # as waitress does: the first queued request starts a task
                self.server.add_task(self)


class _Server(TcpWSGIServer):
    """waitress's TCP server on one listening socket, with our channels."""

    channel_class = _Channel

    def __init__(self, application: Callable, settings: TransportSettings, socket_map: dict,
                 sock: socket.socket, dispatcher: ThreadedTaskDispatcher):
        self.settings = settings
        super().__init__(application, map=socket_map, _sock=sock, dispatcher=dispatcher,
                         adj=settings.adjustments(), bind_socket=False,
                         sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()))

    def time_out_slow_requests(self) -> None:
        deadline = time.monotonic() - self.settings.read_timeout
        for channel in list(self.active_channels.values()):
            channel.time_out(deadline)

    def busy(self) -> bool:
        """True while a request is being read, served or written back."""
        return any(c.request is not None or c.requests or c.total_outbufs_len
                   for c in self.active_channels.values())


class Transport:
    """Serves ``application`` on the listening ``sockets`` until :meth:`close`.

    Drive it with :meth:`poll` from one thread (the event loop); the application runs on
    ``settings.threads`` other threads.
    """

    def __init__(self, application: Callable, sockets: Iterable[socket.socket], settings: TransportSettings):
        self.settings = settings
        self.map: dict = {}
        self.dispatcher = ThreadedTaskDispatcher()
        self.dispatcher.set_thread_count(settings.threads)
        self.servers = [_Server(application, settings, self.map, sock, self.dispatcher) for sock in sockets]
        self._tick = settings.tick
        self._next_time_out = 0.0

    def poll(self) -> None:
        """Serve for at most one tick: read, write, and time out what is too slow.

        The deadlines are checked once a tick, not after every poll: under load the loop polls a few
        times per request, and each check visits every connection. A 408 still comes at most a tick late.
        """
        wait = min(self._tick, max(0.0, self._next_time_out - time.monotonic()))
        wasyncore.loop(timeout=wait, map=self.map, use_poll=True, count=1)
        now = time.monotonic()
        if now >= self._next_time_out:
            self._next_time_out = now + self._tick
            for server in self.servers:
                server.time_out_slow_requests()

    def stop_accepting(self) -> None:
        """Take no new connections (the requests under way go on)."""
        for server in self.servers:
            server.accepting = False

    def drain(self, seconds: float) -> None:
        """Stop accepting and serve until no request is under way, for at most ``seconds``."""
        self.stop_accepting()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and any(server.busy() for server in self.servers):
            self.poll()

    def close(self) -> None:
        """Close every connection and stop the application's threads."""
        self.dispatcher.shutdown(cancel_pending=True, timeout=5)
        wasyncore.close_all(self.map)

