"""Worker memory of ``referee serve`` under a minute of ``POST /v1/replays`` (issue 25, docs/performance.md).

Starts ``referee serve --workers 2`` on a free port, posts the longest of ``--games`` simulated games to
``/v1/replays`` from ``--clients`` threads for ``--duration`` seconds, and samples each worker's resident
memory (VmRSS) every ``--every`` seconds. Flat memory means no request's work outlives it. Linux only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from referee.play.selfplay import simulate

REPO = Path(__file__).resolve().parent.parent


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _longest_game(games: int, seed: int) -> bytes:
    logs = simulate(games, seed=seed)
    longest = max(logs, key=lambda log: sum(len(r.get("events", [])) for r in log["rounds"]))
    return json.dumps(longest).encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    body = _longest_game(args.games, args.seed)
    events = sum(len(r.get("events", [])) for r in json.loads(body)["rounds"])
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--port", str(port), "--workers", "2"],
                              cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("referee serve did not start") from None
                time.sleep(0.2)
        workers = [int(p) for p in Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()]
        done, stop = [0], time.monotonic() + args.duration

        def client() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            while time.monotonic() < stop:
                conn.request("POST", "/v1/replays", body=body, headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                assert response.status == 200, response.status
                done[0] += 1
            conn.close()

        threads = [threading.Thread(target=client, daemon=True) for _ in range(args.clients)]
        for thread in threads:
            thread.start()
        print(f"log: {len(body):,} bytes, {events:,} events; {args.clients} clients for {args.duration:g} s")
        print("seconds  requests  " + "  ".join(f"worker {i + 1} MB" for i in range(len(workers))))
        began = time.monotonic()

        def sample() -> None:
            print(f"{time.monotonic() - began:7.0f}  {done[0]:8d}  "
                  + "  ".join(f"{_rss_mb(pid):11.1f}" for pid in workers), flush=True)

        while any(thread.is_alive() for thread in threads):
            sample()
            time.sleep(args.every)
        sample()
        term = time.monotonic()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
        print(f"SIGTERM to exit: {time.monotonic() - term:.1f} s (exit status {server.returncode})")
    finally:
        if server.poll() is None:
            os.kill(server.pid, signal.SIGKILL)


if __name__ == "__main__":
    main()
