"""Benchmark 4 — the service under load: gunicorn (2 workers) on loopback, concurrent clients.

    .venv/bin/python bench/service_load.py [--clients 4] [--duration 15] [--max-requests 3000]
                                           [--workers 2] [--games 200] [--seed 1]

Starts ``gunicorn -w WORKERS -b 127.0.0.1:PORT 'referee.service:create_app()'`` on a free port (127.0.0.1
only), waits for ``/healthz``, then ``--clients`` threads each POST full simulated games (JSON) to
``/v1/adjudications`` — one connection per request (gunicorn's sync workers close it anyway) — until
``--duration`` seconds or ``--max-requests`` requests, whichever comes first. Every answer must be 200
with a legal verdict; anything else counts as an error. Reports requests/s, p50 / p90 / p99 latency and
errors, then stops gunicorn. Standard library only on the client side (threads + http.client); the
clients share the machine's cores with the server, as a sidecar load generator would.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_lines

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body: bytes | None = None, timeout: float = 30) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def start_server(port: int, workers: int, app: str = "referee.service:create_app()") -> subprocess.Popen:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    cmd = [str(gunicorn), "-w", str(workers), "-b", f"{HOST}:{port}", "--log-level", "warning",
           "--pythonpath", str(ROOT / "bench"), app]
    env = {**os.environ, "REFEREE_LOG_LEVEL": "WARNING"}
    server = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with status {server.returncode}")
        try:
            if request(port, "GET", "/healthz", timeout=2)[0] == 200:
                return server
        except OSError:
            time.sleep(0.1)
    stop_server(server)
    raise SystemExit("gunicorn did not answer /healthz within 30 s")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)  # gunicorn's own process group (start_new_session)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--duration", type=float, default=15.0)
    parser.add_argument("--max-requests", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--what-if-no-schema", action="store_true",
                        help="serve bench/whatif_app.py: the service without its marshmallow schema pass")
    args = parser.parse_args()

    bodies = [line.encode() for line in corpus_lines(args.games, args.seed)]
    port = free_port()
    app = "whatif_app:app" if args.what_if_no_schema else "referee.service:create_app()"
    server = start_server(port, args.workers, app)
    try:
        for body in bodies[:2 * args.workers]:  # warm-up: every worker imports and serves once
            request(port, "POST", "/v1/adjudications", body)
        lock = threading.Lock()
        latencies: list[float] = []
        errors: list[str] = []
        issued = [0]
        stop_at = time.monotonic() + args.duration

        def client(offset: int) -> None:
            while time.monotonic() < stop_at:
                with lock:
                    if issued[0] >= args.max_requests:
                        return
                    n = issued[0]
                    issued[0] += 1
                body = bodies[(n + offset) % len(bodies)]
                start = time.perf_counter()
                try:
                    status, data = request(port, "POST", "/v1/adjudications", body)
                    ok = status == 200 and json.loads(data)["verdict"] == "legal"
                    problem = None if ok else f"status {status}: {data[:120]!r}"
                except (OSError, ValueError, KeyError) as exc:
                    problem = f"{type(exc).__name__}: {exc}"
                elapsed = time.perf_counter() - start
                with lock:
                    if problem:
                        errors.append(problem)
                    else:
                        latencies.append(elapsed)

        threads = [threading.Thread(target=client, args=(i * 7,)) for i in range(args.clients)]
        began = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - began
    finally:
        stop_server(server)

    done = len(latencies)
    ms = [s * 1e3 for s in latencies] or [0.0]
    print(f"{app}: gunicorn -w {args.workers}, {args.clients} clients, {os.cpu_count()} cores: {done} adjudications "
          f"of full games in {wall:.1f} s, {len(errors)} errors")
    print(f"{done / wall:,.1f} adjudications/s  p50 {percentile(ms, 50):.1f} ms  p90 {percentile(ms, 90):.1f} ms  "
          f"p99 {percentile(ms, 99):.1f} ms  max {max(ms):.1f} ms")
    for problem in errors[:5]:
        print("error:", problem)
    print(f"target 300 adjudications/s with 0 errors: {'met' if done / wall >= 300 and not errors else 'NOT met'}")
    if errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
