"""What ``bench/expert_tables.py`` and ``bench/exploiter.py`` share: a client of the live tables' API.

Not a benchmark itself. Both scripts play whole games through ``/v1/tables`` exactly as a client outside the
project would — JSON over HTTP, nothing of the engine's state but what a view carries — either against a
running service (``--url http://127.0.0.1:8141``, a ``referee serve``) or, without ``--url``, against an app
made in this process (Flask's test client over a throw-away SQLite database: the same requests, no sockets).

- :class:`HttpTransport` / :class:`InProcessTransport`: ``get`` and ``post`` answering an :class:`Answer`.
- :func:`create_table`: ``POST /v1/tables`` with a seed when the service takes one (``REFEREE_TABLES_ALLOW_SEED``;
  otherwise the table is set without it and the result says so), waiting out a 429.
- :func:`wait_for_end`: a table of two bots is polled (``GET /v1/tables/{id}``; each poll lets its bots play on)
  until its view says ``over``.
- :func:`deal_seed`, :func:`win_rate`, :func:`write_json`, :func:`machine_load`: seeds of mirrored pairs of
  games, the Wilson interval (:func:`referee.report.intervals.wilson`), the JSON written, ``uptime``'s figures.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from referee.play.selfplay import game_seed  # noqa: E402
from referee.report.intervals import wilson  # noqa: E402

#: The players' names at every table these scripts set (seat 0, seat 1).
PLAYERS = ("Ana", "Ben")
#: A request that lets bots play may run long (a poll of a two-bot table: up to REFEREE_TABLES_BOT_STEPS
#: decisions of a searching bot on a loaded machine).
TIMEOUT_SECONDS = 900.0
#: A table's seed is below this (``CreateTableSchema``: 0 to 2⁶³ − 1).
SEED_RANGE = 2**63
#: How often a 429 (tables set too fast) or a 503 (database busy) is waited out before giving up.
RETRIES = 20


class ApiError(RuntimeError):
    """The service answered what a well-behaved client cannot go on from (the status and the problem)."""

    def __init__(self, what: str, answer: Answer):
        super().__init__(f"{what}: HTTP {answer.status} {json.dumps(answer.body)[:600]}")
        self.answer = answer


@dataclass(frozen=True, slots=True)
class Answer:
    """One response: its status, its JSON body (None when it has none) and its headers (lower-case names)."""

    status: int
    body: Any
    headers: dict[str, str]


class HttpTransport:
    """Requests to a running service over one persistent HTTP/1.1 connection (reopened if it drops)."""

    def __init__(self, url: str):
        parsed = urllib.parse.urlsplit(url)
        if parsed.scheme != "http" or not parsed.hostname:
            raise SystemExit(f"--url must be http://HOST:PORT, not {url!r}")
        self.host, self.port = parsed.hostname, parsed.port or 80
        self.prefix = parsed.path.rstrip("/")
        self.connection: http.client.HTTPConnection | None = None
        self.label = url

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        """``GET path``."""
        return self._request("GET", path, None, headers or {})

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Answer:
        """``POST path`` with ``body`` as JSON."""
        return self._request("POST", path, json.dumps(body).encode(), {**(headers or {}),
                                                                         "Content-Type": "application/json"})

    def _request(self, method: str, path: str, data: bytes | None, headers: dict[str, str]) -> Answer:
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT_SECONDS)
            try:
                self.connection.request(method, self.prefix + path, body=data, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
            except (ConnectionError, http.client.HTTPException):
                # A kept-alive connection the server closed meanwhile: once more on a new one. A POST is
                # safe to repeat: its seq makes a decision stored the first time come back 409, never twice.
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
                continue
            names = {name.lower(): value for name, value in response.getheaders()}
            return Answer(response.status, json.loads(raw) if raw else None, names)
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Close the connection."""
        if self.connection is not None:
            self.connection.close()


class InProcessTransport:
    """The same requests to an app made here (:func:`referee.service.create_app`), through Flask's test client:
    a throw-away SQLite database, seeds allowed, no limit on tables set. ``config`` adds settings."""

    def __init__(self, config: dict[str, Any] | None = None):
        from referee.service import create_app

        self.folder = tempfile.TemporaryDirectory(prefix="live-tables-bench-")
        settings = {"REFEREE_DATA_DIR": self.folder.name, "REFEREE_TABLES_ALLOW_SEED": True,
                    "REFEREE_TABLES_CREATE_LIMIT": "100000 per minute", **(config or {})}
        self.client = create_app(settings).test_client()
        self.label = "in-process (Flask test client, SQLite in a temporary folder)"

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        """``GET path``."""
        return self._answer(self.client.get(path, headers=headers or {}))

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Answer:
        """``POST path`` with ``body`` as JSON."""
        return self._answer(self.client.post(path, json=body, headers=headers or {}))

    @staticmethod
    def _answer(response) -> Answer:
        body = response.get_json(silent=True) if response.data else None
        return Answer(response.status_code, body, {name.lower(): value for name, value in response.headers.items()})

    def close(self) -> None:
        """Forget the database."""
        self.folder.cleanup()


def transport_for(url: str | None) -> HttpTransport | InProcessTransport:
    """The service at ``url``, or (None) one made in this process."""
    return HttpTransport(url) if url else InProcessTransport()


@dataclass(frozen=True, slots=True)
class Table:
    """A table set by :func:`create_table`: its id, the human seats' tokens, and whether the seed was taken."""

    id: str
    tokens: dict[str, str]
    seeded: bool
    view: dict


def create_table(transport, bots: dict[str, str], seed: int | None, variant: str | None = None) -> Table:
    """Set a table of :data:`PLAYERS` with ``bots`` (player → style), dealt by ``seed`` if the service allows
    a seed (else without one). A 429 or 503 is waited out as its ``Retry-After`` says."""
    body: dict[str, Any] = {"players": list(PLAYERS), "bots": bots}
    if variant:
        body["variant"] = variant
    if seed is not None:
        body["seed"] = seed
    for _ in range(RETRIES):
        answer = transport.post("/v1/tables", body)
        if answer.status == 201:
            return Table(answer.body["id"], answer.body["tokens"], "seed" in body, answer.body["view"])
        if answer.status == 422 and "seed" in body and _seed_not_taken(answer.body):
            del body["seed"]  # the service shuffles with secrets only: play unseeded, and say so
            continue
        if answer.status in (429, 503):
            time.sleep(float(answer.headers.get("retry-after", "1")))
            continue
        raise ApiError("POST /v1/tables", answer)
    raise ApiError("POST /v1/tables kept being refused", answer)


def _seed_not_taken(problem: Any) -> bool:
    """Whether the refusal is the service's not taking a fixed seed at all (``invalid-table`` at ``/seed``), not
    a seed out of its range (``invalid-request``), which is this client's fault and stops the run."""
    return (isinstance(problem, dict) and str(problem.get("type", "")).endswith("/invalid-table")
            and any(p.get("pointer") == "/seed" for p in problem.get("errors", [])))


def view(transport, table_id: str, token: str | None = None) -> dict:
    """The table's view now (the seat's with ``token``, else the public view); a poll lets its bots play on."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    for _ in range(RETRIES):
        answer = transport.get(f"/v1/tables/{table_id}", headers)
        if answer.status == 200:
            return answer.body
        if answer.status == 503:
            time.sleep(float(answer.headers.get("retry-after", "1")))
            continue
        raise ApiError(f"GET /v1/tables/{table_id}", answer)
    raise ApiError(f"GET /v1/tables/{table_id} kept failing", answer)


def wait_for_end(transport, table_id: str, limit: int = 100_000) -> tuple[dict, int]:
    """Poll a table of two bots until its game is over: its last (public) view and the polls it took."""
    current = view(transport, table_id)
    polls = 1
    while not current["over"]:
        if polls >= limit:
            raise RuntimeError(f"table {table_id} is not over after {polls} polls (seq {current['seq']})")
        before = current["seq"]
        current = view(transport, table_id)
        polls += 1
        if current["seq"] == before and not current["over"]:
            raise RuntimeError(f"table {table_id} of two bots did not move on a poll (seq {before}): "
                               "no bot has a decision, yet the game is not over")
    return current, polls


def deal_seed(seed: int, game: int) -> int:
    """The deal of game ``game``: games 2k and 2k+1 share one (a mirrored pair, the seats swapped), as the
    ladder's pairs do (:func:`referee.play.selfplay.game_seed`), brought into the range a table takes (0 to
    2⁶³ − 1; ``game_seed`` gives 64 bits)."""
    return game_seed(seed, game // 2) % SEED_RANGE


def win_rate(wins: int, games: int) -> dict:
    """The rate ``wins / games`` with its 95 % Wilson interval, JSON-ready."""
    return {"wins": wins, "games": games, **wilson(wins, games).to_dict()}


def percent(rate: dict) -> str:
    """``61.7 % [49.0, 72.9]`` for a :func:`win_rate`."""
    if rate["value"] is None:
        return "no games"
    return f"{100 * rate['value']:.1f} % [{100 * rate['low']:.1f}, {100 * rate['high']:.1f}]"


def machine_load() -> dict:
    """The load averages now (1, 5, 15 minutes) and the cores: what else the machine was doing."""
    one, five, fifteen = os.getloadavg()
    return {"load_1": round(one, 2), "load_5": round(five, 2), "load_15": round(fifteen, 2),
            "cores": os.cpu_count()}


def write_json(path: str | None, result: dict) -> None:
    """Write ``result`` to ``path`` (its folder made), if a path is given."""
    if not path:
        return
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")


def run_header(form: str, args: argparse.Namespace, service: str, started: float, load_before: dict,
               complete: bool) -> dict:
    """What every run's JSON opens with: its ``form`` (the script's format), the service, the seed and variant,
    whether the run is complete, when it started, its wall clock and the machine's load before and after."""
    return {"format": form, "service": service, "seed": args.seed, "variant": args.variant,
            "complete": complete, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
            "wall_seconds": round(time.time() - started, 1), "load_before": load_before, "load_after": machine_load()}


def run_arguments(description: str, games: int, out: str) -> argparse.ArgumentParser:
    """The options every run takes (``--url``, ``--games``, ``--seed``, ``--variant``, ``--out``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--url", help="a running service (http://HOST:PORT); without it, an app in this process")
    parser.add_argument("--games", type=int, default=games, help=f"games to play (default {games})")
    parser.add_argument("--seed", type=int, default=39, help="the seed of the deals (default 39)")
    parser.add_argument("--variant", help="a variant's name (default the service's, UNO DUO)")
    parser.add_argument("--out", default=out, help="the JSON written ('' for none)")
    return parser
