"""Benchmark 6 — live tables under load: tables played by bots over HTTP against a real ``referee serve``.

    .venv/bin/python bench/tables_load.py [--seconds 60] [--tables 50] [--clients 8] [--workers 2]
                                          [--database sqlite|postgresql|URL]

Starts ``referee serve --workers WORKERS`` on a free port of 127.0.0.1 on a fresh database: SQLite in a
temporary folder (the default), a throw-away PostgreSQL server (``postgresql``: tests/tables/postgres.py's, as
the tests start it), or a URL. Sets ``--tables`` tables, each Ana (a person, played by this script) against
Ben (a ``greedy`` bot of the service); a table that ends is replaced by a new one. ``--clients`` threads
share the tables; each turn a client GETs Ana's view and POSTs one of the events it lists, chosen uniformly
at random (no rule here: the view's own ``legal`` and ``interjections``), on one persistent connection.

Reports, over ``--seconds``: accepted decisions per second (Ana's posts and Ben's replies, counted by
``seq``), the latency of a POST of a move (p50, p90, p99, max), errors (any answer but 200: there must be
none), and the cost of a move by how far the game has gone: the median latency of posts at seq <= 20 against
those at seq >= 1,000 (a uniform player's games run to thousands of decisions), which must not grow —
measured again on one table alone (``--long-seconds``), since 50 shared tables rarely reach seq 1,000. The load
generator shares the cores with the server: on a 2-core machine the figures are upper bounds on time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(url: str, workers: int, folder: str) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    referee = Path(sys.executable).parent / "referee"
    proc = subprocess.Popen([str(referee), "serve", "--port", str(port), "--workers", str(workers)],
                            env={**os.environ, "REFEREE_DATABASE_URL": url}, cwd=folder,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
            return proc, port
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise SystemExit("referee serve did not start") from None
            time.sleep(0.2)


class Client:
    """One persistent connection."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read())


def run(port: int, seconds: float, tables: int, clients: int) -> dict:
    setter = Client(port)

    def new_table() -> dict:
        status, created = setter.call("POST", "/v1/tables", {"players": ["Ana", "Ben"], "bots": {"Ben": "greedy"}})
        assert status == 201, created
        return {"id": created["id"], "token": created["tokens"]["Ana"], "lock": threading.Lock()}

    pool = [new_table() for _ in range(tables)]
    guard = threading.Lock()
    posts: list[tuple[int, float]] = []  # (seq the move was made at, seconds)
    errors: list[tuple[int, dict]] = []
    counted = {"decisions": 0, "games": 0}
    stop = time.monotonic() + seconds

    def work(index: int) -> None:
        client, rng = Client(port), random.Random(index)
        while time.monotonic() < stop:
            table = pool[rng.randrange(len(pool))]
            if not table["lock"].acquire(blocking=False):
                continue
            try:
                status, view = client.call("GET", f"/v1/tables/{table['id']}", token=table["token"])
                options = view["legal"] + view["interjections"]
                if status != 200 or not options:
                    errors.append((status, view))
                    continue
                began = time.perf_counter()
                status, answer = client.call("POST", f"/v1/tables/{table['id']}/events",
                                             {"seq": view["seq"], "event": rng.choice(options)}, table["token"])
                spent = time.perf_counter() - began
                if status != 200:
                    errors.append((status, answer))
                    continue
                with guard:
                    posts.append((view["seq"], spent))
                    counted["decisions"] += answer["seq"] - view["seq"]
                    if answer["over"]:
                        counted["games"] += 1
                        pool[pool.index(table)] = new_table()
            finally:
                table["lock"].release()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(clients)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - began
    latencies = sorted(spent for _, spent in posts)
    early = [spent for seq, spent in posts if seq <= 20]
    late = [spent for seq, spent in posts if seq >= 1000]

    def q(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(p * len(values)))] * 1000 if values else float("nan")

    return {"seconds": round(elapsed, 1), "tables": tables, "clients": clients, "posts": len(posts),
            "decisions_per_s": round(counted["decisions"] / elapsed, 1), "posts_per_s": round(len(posts) / elapsed, 1),
            "games_finished": counted["games"], "errors": len(errors), "first_errors": errors[:3],
            "post_ms": {"p50": round(q(latencies, 0.5), 2), "p90": round(q(latencies, 0.9), 2),
                        "p99": round(q(latencies, 0.99), 2), "max": round(q(latencies, 1.0), 2)},
            "by_seq_ms": {"seq<=20 median": round(statistics.median(early) * 1000, 2) if early else None,
                          "seq>=1000 median": round(statistics.median(late) * 1000, 2) if late else None,
                          "posts at seq>=1000": len(late)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database", default="sqlite")
    parser.add_argument("--long-seconds", type=float, default=40,
                        help="then one table alone for this long, to compare move 10 with move 1,000")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="referee-bench-")
    server = None
    if args.database == "sqlite":
        url = f"sqlite:///{folder}/tables.sqlite3"
    elif args.database == "postgresql":
        from tests.tables.postgres import Server, bindir

        binaries = bindir()
        if binaries is None:
            raise SystemExit("no PostgreSQL server binaries (apt-get install -y postgresql)")
        server = Server(binaries)
        server.start()
        url = server.new_database()
    else:
        url = args.database
    proc, port = start(url, args.workers, folder)
    try:
        result = run(port, args.seconds, args.tables, args.clients)
        # The cost of a move by the game's length, alone: one table, one client, long enough to pass seq 1,000.
        result["one_long_game"] = run(port, args.long_seconds, 1, 1)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    result["database"] = args.database
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
