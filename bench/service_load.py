"""Benchmark 4 — the service under load on loopback, with and without stalled and trickling clients.

    .venv/bin/python bench/service_load.py [--duration 60] [--clients 4] [--workers 2]
                                           [--stalled 0] [--trickling 0] [--read-timeout 10]
                                           [--server referee|referee-without-engine|gunicorn-sync|...]
                                           [--keep-alive] [--games 200] [--seed 1]

Starts the service on a free port of 127.0.0.1 (only) and waits for ``/healthz``:

- ``--server referee`` (the default): ``referee serve --workers WORKERS``, the production setup
  (gunicorn processes, waitress HTTP in each, a read timeout);
- ``--server referee-without-engine``: the same, with the engine replaced by a canned verdict
  (``bench/serve_without_engine.py``): the service's own CPU per request, in the server, under load;
- ``--server gunicorn-sync``: ``gunicorn -w WORKERS`` with its sync workers, the setup before it, for
  before/after figures;
- ``--server gunicorn-gthread``: gunicorn's threaded workers (``--threads 8`` each), an alternative;
- ``--server waitress``: ``waitress-serve`` alone (one process, 4 threads, ``--channel-timeout``), another.

Then ``--clients`` threads POST full simulated games (JSON) to ``/v1/adjudications``, one connection per
request (``--keep-alive``: one persistent connection per client, as a platform's HTTP client would keep),
for ``--duration`` seconds (or ``--max-requests``). Every answer must be 200 with a legal verdict;
anything else is an error. Meanwhile:

- ``--stalled N`` keeps N connections open that sent their headers and 1 byte of a declared 1,000-byte
  body, then nothing. Each answer one gets (it should be a 408 problem+json after the read timeout) is
  recorded, and the connection is replaced by a new stalled one, so N stay open throughout;
- ``--trickling N`` keeps N connections sending a request one byte a second.

Reports adjudications/s, p50 / p90 / p99 latency and errors, what the stalled and trickling clients
got (status, content type, seconds waited), then stops the server. It also splits the server's CPU per
adjudication into the engine's part (``judge`` on the parsed corpus, timed in this process before the
load) and the rest — the service's own (HTTP, reading and checking the body, the verdict's JSON) and
whatever the engine loses inside a busy server — and says what rate two cores would allow: the
arithmetic behind the throughput target. ``--server referee-without-engine`` measures the service's
own share alone. Every loop is bounded by the
duration; the load generator is standard library only and shares the cores with the server.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_lines

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
STALLED_HEAD = (b"POST /v1/adjudications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n{")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body: bytes | None = None, timeout: float = 30) -> tuple[int, bytes]:
    """One request on a connection of its own."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        return exchange(conn, method, path, body)
    finally:
        conn.close()


def exchange(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
    """One request on ``conn`` (opened if need be), its status and whole body read."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    return response.status, response.read()


def server_command(kind: str, port: int, workers: int, read_timeout: float, threads: int | None = None) -> list[str]:
    bin_dir = Path(sys.executable).parent
    if kind == "referee":
        return [str(bin_dir / "referee"), "serve", "--host", HOST, "--port", str(port), "--workers", str(workers),
                "--read-timeout", str(read_timeout), *(["--threads", str(threads)] if threads else [])]
    if kind == "referee-without-engine":
        return [sys.executable, str(ROOT / "bench" / "serve_without_engine.py"), "--host", HOST, "--port", str(port),
                "--workers", str(workers), "--read-timeout", str(read_timeout),
                *(["--threads", str(threads)] if threads else [])]
    if kind == "waitress":
        return [str(bin_dir / "waitress-serve"), "--listen", f"{HOST}:{port}", "--threads", "4",
                f"--channel-timeout={max(1, round(read_timeout))}", "--call", "referee.service:create_app"]
    threads = ["--worker-class", "gthread", "--threads", "8"] if kind == "gunicorn-gthread" else []
    return [str(bin_dir / "gunicorn"), "-w", str(workers), *threads, "-b", f"{HOST}:{port}", "--timeout", "60",
            "--log-level", "warning", "referee.service:create_app()"]


def start_server(kind: str, port: int, workers: int, read_timeout: float, log: Path,
                 threads: int | None = None) -> subprocess.Popen:
    env = {**os.environ, "REFEREE_LOG_LEVEL": "WARNING"}
    with open(log, "w", encoding="utf-8") as out:
        server = subprocess.Popen(server_command(kind, port, workers, read_timeout, threads), cwd=ROOT, env=env,
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with status {server.returncode}:\n{log.read_text()}")
        try:
            if request(port, "GET", "/healthz", timeout=2)[0] == 200:
                return server
        except OSError:
            time.sleep(0.1)
    stop_server(server)
    raise SystemExit("the server did not answer /healthz within 30 s")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)  # the server's own process group (start_new_session)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def group_cpu_seconds(pgid: int) -> float:
    """CPU time (user + system) used so far by the live processes of a process group (Linux /proc).

    Per request, it is a figure the machine's other load barely moves, unlike requests per second.
    """
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        if int(fields[2]) == pgid:  # fields after the name: state ppid pgrp ... utime(11) stime(12)
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class SlowClients:
    """``stalled`` connections that send headers and one byte, ``trickling`` ones that send a byte a
    second; each answered one is recorded and replaced until :meth:`stop`."""

    def __init__(self, port: int, stalled: int, trickling: int):
        self.port, self.stalled, self.trickling = port, stalled, trickling
        self.selector = selectors.DefaultSelector()
        self.answers: list[tuple[str, int, str, float]] = []  # (kind, status, content type, seconds)
        self.refused = 0
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        for _ in range(self.stalled):
            self._open("stalled")
        for _ in range(self.trickling):
            self._open("trickling")
        self.thread.start()

    def _open(self, kind: str) -> None:
        try:
            sock = socket.create_connection((HOST, self.port), timeout=5)
            sock.sendall(STALLED_HEAD if kind == "stalled" else STALLED_HEAD[:1])
        except OSError:
            self.refused += 1
            return
        sock.setblocking(False)
        self.selector.register(sock, selectors.EVENT_READ, {"kind": kind, "since": time.monotonic(), "sent": 1,
                                                            "data": b""})

    def _run(self) -> None:
        next_byte = time.monotonic() + 1
        while self.running:
            for key, _ in self.selector.select(timeout=0.2):
                self._read(key)
            if time.monotonic() >= next_byte:
                next_byte += 1
                for key in list(self.selector.get_map().values()):
                    state = key.data
                    if state["kind"] == "trickling" and state["sent"] < len(STALLED_HEAD):
                        try:
                            key.fileobj.send(STALLED_HEAD[state["sent"]:state["sent"] + 1])
                            state["sent"] += 1
                        except OSError:
                            pass

    def _read(self, key: selectors.SelectorKey) -> None:
        state, sock = key.data, key.fileobj
        try:
            chunk = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        state["data"] += chunk
        if chunk and b"\r\n\r\n" not in state["data"]:
            return
        head = state["data"].split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
        status = int(head[0].split()[1]) if head and len(head[0].split()) > 1 else 0  # 0: closed, no answer
        kind = next((line.split(":", 1)[1].strip() for line in head[1:] if line.lower().startswith("content-type:")),
                    "-")
        self.answers.append((state["kind"], status, kind, time.monotonic() - state["since"]))
        self.selector.unregister(sock)
        sock.close()
        if self.running:
            self._open(state["kind"])

    def stop(self) -> None:
        self.running = False
        self.thread.join()
        for key in list(self.selector.get_map().values()):
            self.selector.unregister(key.fileobj)
            key.fileobj.close()

    def report(self) -> list[str]:
        lines = []
        for kind in ("stalled", "trickling"):
            got = [a for a in self.answers if a[0] == kind]
            if not got and not getattr(self, kind):
                continue
            outcomes = Counter(f"{status or 'closed'} {ctype}" for _, status, ctype, _ in got)
            waits = sorted(seconds for *_, seconds in got)
            span = f", waited {waits[0]:.1f}–{waits[-1]:.1f} s (median {percentile(waits, 50):.1f})" if waits else ""
            lines.append(f"{getattr(self, kind)} {kind} connections kept open: {len(got)} answered "
                         f"({', '.join(f'{n}× {o}' for o, n in outcomes.items()) or 'none'}){span}")
        if self.refused:
            lines.append(f"{self.refused} slow connections could not be opened")
        return lines

    def bad_answers(self) -> list[str]:
        """Answers a slow client must never get: anything but a 408 problem (or a plain close)."""
        return [f"{kind}: {status} {ctype}" for kind, status, ctype, _ in self.answers
                if status not in (0, 408) or (status == 408 and ctype != "application/problem+json")]


def load(port: int, bodies: list[bytes], clients: int, duration: float, max_requests: int,
         keep_alive: bool = False):
    lock = threading.Lock()
    latencies: list[float] = []
    errors: list[str] = []
    issued = [0]
    stop_at = time.monotonic() + duration

    def client(offset: int) -> None:
        connection = None
        while time.monotonic() < stop_at:
            with lock:
                if max_requests and issued[0] >= max_requests:
                    return
                n = issued[0]
                issued[0] += 1
            body = bodies[(n + offset) % len(bodies)]
            start = time.perf_counter()
            try:
                if keep_alive:
                    connection = connection or http.client.HTTPConnection(HOST, port, timeout=10)
                    status, data = exchange(connection, "POST", "/v1/adjudications", body)
                else:
                    status, data = request(port, "POST", "/v1/adjudications", body, timeout=10)
                ok = status == 200 and json.loads(data)["verdict"] == "legal"
                problem = None if ok else f"status {status}: {data[:120]!r}"
            except (OSError, ValueError, KeyError, http.client.HTTPException) as exc:
                problem = f"{type(exc).__name__}: {exc}"
                if connection is not None:  # a broken connection is not reused
                    connection.close()
                    connection = None
            elapsed = time.perf_counter() - start
            with lock:
                if problem:
                    errors.append(problem)
                else:
                    latencies.append(elapsed)

    threads = [threading.Thread(target=client, args=(i * 7,)) for i in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors, time.perf_counter() - began


def engine_cpu_per_game(bodies: list[bytes]) -> float:
    """CPU seconds ``judge`` takes per game of the corpus, on the parsed documents (best of 2 passes)."""
    from referee import judge

    docs = [json.loads(body) for body in bodies]
    passes = []
    for _ in range(2):
        start = time.process_time()
        for doc in docs:
            judge(doc)
        passes.append((time.process_time() - start) / len(docs))
    return min(passes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", choices=["referee", "referee-without-engine", "gunicorn-sync", "gunicorn-gthread",
                                             "waitress"],
                        default="referee")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--max-requests", type=int, default=0, help="stop after this many requests (0: no cap)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--stalled", type=int, default=0, help="stalled connections held open during the load")
    parser.add_argument("--trickling", type=int, default=0, help="connections sending a byte a second")
    parser.add_argument("--read-timeout", type=float, default=10.0, help="the server's (referee serve only)")
    parser.add_argument("--threads", type=int, default=None, help="application threads per process (referee serve)")
    parser.add_argument("--keep-alive", action="store_true", help="one persistent connection per client")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    bodies = [line.encode() for line in corpus_lines(args.games, args.seed)]
    engine_cpu = engine_cpu_per_game(bodies) if args.server != "referee-without-engine" else 0.0
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="service_load-", suffix=".log")[1])
    server = start_server(args.server, port, args.workers, args.read_timeout, log, args.threads)
    slow = SlowClients(port, args.stalled, args.trickling)
    try:
        for body in bodies[:2 * args.workers]:  # warm-up: every worker imports and serves once
            request(port, "POST", "/v1/adjudications", body)
        slow.start()
        time.sleep(0.5 if args.stalled or args.trickling else 0)  # the slow clients are in before the load
        cpu_before, client_before = group_cpu_seconds(server.pid), time.process_time()
        latencies, errors, wall = load(port, bodies, args.clients, args.duration, args.max_requests,
                                       args.keep_alive)
        server_cpu, client_cpu = group_cpu_seconds(server.pid) - cpu_before, time.process_time() - client_before
    finally:
        slow.stop()
        stop_server(server)

    done = len(latencies)
    ms = [s * 1e3 for s in latencies] or [0.0]
    with open("/proc/loadavg") if Path("/proc/loadavg").exists() else open(os.devnull) as f:
        loadavg = " ".join(f.read().split()[:3]) or "?"
    name = {"referee": "referee serve", "referee-without-engine": "referee serve without the engine (canned verdict)",
            "gunicorn-sync": "gunicorn sync", "gunicorn-gthread": "gunicorn gthread",
            "waitress": "waitress alone"}[args.server]
    workers = "1 process" if args.server == "waitress" else f"{args.workers} workers"
    connections = "keep-alive" if args.keep_alive else "a connection per request"
    print(f"{name}, {workers}, {args.clients} clients ({connections}), {os.cpu_count()} cores "
          f"(load average {loadavg}): {done} adjudications of full games in {wall:.1f} s, {len(errors)} errors")
    print(f"{done / wall:,.1f} adjudications/s  p50 {percentile(ms, 50):.1f} ms  p90 {percentile(ms, 90):.1f} ms  "
          f"p99 {percentile(ms, 99):.1f} ms  max {max(ms):.1f} ms")
    answered = max(1, done + len(errors))
    server_ms, client_ms = server_cpu / answered * 1e3, client_cpu / answered * 1e3
    split = ("the service alone: the engine is replaced" if args.server == "referee-without-engine" else
             f"judge alone on these games {engine_cpu * 1e3:.2f} ms, the rest {server_ms - engine_cpu * 1e3:.2f} ms")
    print(f"CPU per adjudication: server {server_ms:.2f} ms ({split}); load generator {client_ms:.2f} ms "
          f"(2 idle cores would allow about {2e3 / (server_ms + client_ms):,.0f}/s, "
          f"{2e3 / server_ms:,.0f}/s with the load generator elsewhere)")
    for line in slow.report():
        print(line)
    bad = slow.bad_answers()
    for problem in (errors + bad)[:5]:
        print("error:", problem)
    slow_ok = not (args.stalled or args.trickling) or percentile(ms, 99) < 250
    for rate in (300, 500):
        met = done / wall >= rate and not errors and not bad and slow_ok
        target = f"{rate} adjudications/s, 0 errors" + (", p99 < 250 ms, only 408 problems to slow clients"
                                                        if args.stalled or args.trickling else "")
        print(f"target {target}: {'met' if met else 'NOT met'}")
    if errors or bad:
        raise SystemExit(f"the server's log: {log}")
    log.unlink()


if __name__ == "__main__":
    main()
