"""Benchmark 6b — bounded work at a live table (issue 38, item 3): tables of two bots against a real ``referee serve``.

    .venv/bin/python bench/tables_bounded.py [--workers 2] [--creators 4] [--target 10000] [--polls 20]

Starts ``referee serve --workers W`` on SQLite in a temporary folder and, at once, ``--creators`` clients each
setting a table of two ``greedy`` bots (the first with a target of 100000 -- refused, a table bounds it -- the
others ``--target``), while one client asks ``/healthz`` every 50 ms. Reported: each creation's status and time,
the slowest and the median ``/healthz`` meanwhile, then ``--polls`` polls of one such table (each plays the next
bounded share of its game): their median and slowest time and the decisions each moved the table on.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _call(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, float, dict]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            status, text = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    return status, time.monotonic() - started, json.loads(text or b"null") or {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--creators", type=int, default=4)
    parser.add_argument("--target", type=int, default=10_000)
    parser.add_argument("--polls", type=int, default=20)
    args = parser.parse_args()
    port = _free_port()
    referee = Path(sys.executable).parent / "referee"
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "REFEREE_DATA_DIR": folder, "REFEREE_DATABASE_URL": "",
               "REFEREE_TABLES_CREATE_LIMIT": "100000 per minute"}
        proc = subprocess.Popen([str(referee), "serve", "--port", str(port), "--workers", str(args.workers)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            for _ in range(300):
                try:
                    _call(port, "GET", "/healthz")
                    break
                except OSError:
                    time.sleep(0.2)
            created: list[tuple[int, int, float, dict]] = []

            def create(target: int) -> None:
                body = {"players": ["A", "B"], "bots": {"A": "greedy", "B": "greedy"},
                        "variant": {"base": "uno-duo", "rules": {"target_score": target}}}
                status, took, answer = _call(port, "POST", "/v1/tables", body)
                created.append((target, status, took, answer))

            targets = [100_000] + [args.target] * (args.creators - 1)
            threads = [threading.Thread(target=create, args=(t,)) for t in targets]
            for thread in threads:
                thread.start()
            health = []
            while any(thread.is_alive() for thread in threads):
                health.append(_call(port, "GET", "/healthz")[1])
                time.sleep(0.05)
            for thread in threads:
                thread.join()
            for target, status, took, _ in sorted(created, key=lambda c: c[0], reverse=True):
                print(f"create target {target:>6}: {status} in {took:.3f} s")
            print(f"/healthz meanwhile: {len(health)} asked, median {statistics.median(health):.3f} s, "
                  f"slowest {max(health):.3f} s")
            table = next(answer for _, status, _, answer in created if status == 201)
            seq, polls = table["view"]["seq"], []
            for _ in range(args.polls):
                status, took, view = _call(port, "GET", f"/v1/tables/{table['id']}")
                polls.append((took, view["seq"] - seq))
                seq = view["seq"]
            times = [t for t, _ in polls]
            print(f"{args.polls} polls of a two-bot table: median {statistics.median(times):.3f} s, slowest "
                  f"{max(times):.3f} s, decisions a poll {sorted({moved for _, moved in polls})}")
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait()


if __name__ == "__main__":
    main()
