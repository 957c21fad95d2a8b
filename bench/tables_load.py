"""Benchmark 6 — live tables under load: tables played over HTTP against a real ``referee serve``, on each database.

    .venv/bin/python bench/tables_load.py [--databases sqlite,postgresql] [--seconds 60] [--tables 50]
                                          [--think-ms 200] [--waiting-seconds 30] [--waiters 200] [--poll-ms 1000]
                                          [--saturate-seconds 5] [--saturate-clients 8] [--long-seconds 15]
                                          [--workers 2] [--threads 2] [--json]

For each database (SQLite in a temporary folder; ``postgresql``: a throw-away server, as the tests start one —
tests/tables/postgres.py; or a URL) it starts ``referee serve --workers W --threads T`` on a free port of
127.0.0.1 and runs four phases (110 s of measurement a database with the defaults):

1. **Paced load** (``--seconds``): ``--tables`` tables, each Ana (a person, played by this script) against Ben (a
   ``greedy`` bot of the service), each played by its own client on its own persistent connection, as people
   at their own tables are; a table that ends is replaced by a new one. A client POSTs one of the events Ana's
   view lists, chosen uniformly at random (no rule here: the view's own ``legal`` and ``interjections``), then
   thinks ``--think-ms``. The view it decides on is the answer to its previous move, as a real client's is (the
   move's answer *is* the new view, Ben's reply included); it GETs a view only for a table it has not seen,
   asking for the history it lacks (``?round&history_from``).
2. **Waiting clients** (``--waiting-seconds``): the paced load again, with ``--waiters`` clients beside it waiting for
   the other player at two-person tables where nobody moves (two a table, each on its own persistent connection),
   each asking for its view every ``--poll-ms`` with the ETag it last saw: a 304 each time, and no worker held
   between two polls. Its moves' figures beside the first phase's say whether the waiting slows the others.
3. **Saturated** (``--saturate-seconds``): ``--saturate-clients`` clients that never think share the tables (a
   client takes any free one): the most the server does on this machine, and by Little's law a latency of
   about clients / requests per second.
4. **One long game** (``--long-seconds``): one table, both seats played uniformly by one client, to compare the
   cost of a move early and late in a game (a uniform player's rounds run to thousands of decisions).

Reported for each: accepted decisions per second (Ana's and Ben's, counted by ``seq``); the POST of a move timed
at the client (p50/p90/p99/max) and in the server (its access log's time from the worker thread taking the
request to the answer written: it excludes the wait in the server's queue and the network, includes the
database); the CPU the server's processes and this load generator spent per move; errors (any answer but 200:
there must be none); the median POST of round 1's first moves of play (seq 14 to 99, after the draft's
picks, which are cheaper) against seq >= 1,000; the load average before and after.
**The load generator shares the machine's cores with the server**: on 2 cores every figure is an upper bound on
time, and on a machine others are using too, far from it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
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

#: The ranges of ``seq`` the long game's moves are grouped in (the draft is seq 0 to 13 of round 1).
SEQ_RANGES = ((0, 14), (14, 100), (100, 500), (500, 1000), (1000, 2000), (2000, 100_000))
#: The early moves compared with those at seq >= 1,000: round 1's first moves of play, after its draft.
EARLY = (14, 100)
#: An access-log line of a move: the time the server spent on it.
MOVE_LINE = re.compile(r'"POST /v1/tables/[^/ ]+/events HTTP/1\.1" (\d+) \d+ ([\d.]+)ms')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(url: str, workers: int, threads: int, folder: str, access_log: Path) -> tuple[subprocess.Popen, int]:
    """``referee serve`` on ``url``, its access log (standard output) written to ``access_log``."""
    port = _free_port()
    referee = Path(sys.executable).parent / "referee"
    log = access_log.open("wb")
    proc = subprocess.Popen([str(referee), "serve", "--port", str(port), "--workers", str(workers),
                             "--threads", str(threads)],
                            env={**os.environ, "REFEREE_DATABASE_URL": url}, cwd=folder,
                            stdout=log, stderr=subprocess.DEVNULL, start_new_session=True)
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


class Held:
    """A client's part of one table: its seats' tokens and the latest view it has of each."""

    def __init__(self, created: dict):
        self.id, self.tokens = created["id"], created["tokens"]
        self.views: dict[str, dict] = {}
        self.lock = threading.Lock()

    def view(self, client: Client, name: str) -> tuple[int, dict]:
        """The seat's view: the last answer it got, else a GET asking for the history it lacks."""
        if name in self.views:
            return 200, self.views[name]
        known = next(iter(self.views.values()), None)
        query = "" if known is None else f"?round={known['round']}&history_from={known['history_length']}"
        status, view = client.call("GET", f"/v1/tables/{self.id}{query}", token=self.tokens[name])
        if status == 200:
            self.views[name] = view
        return status, view


class Waiters:
    """``count`` clients waiting for the other player: each on its own persistent connection, asking for its seat's
    view of a two-person table where nobody moves, every ``every`` seconds, with the ETag it last saw
    (``If-None-Match``): each answer is a 304 while nothing happens. They run in threads until :meth:`stop`."""

    def __init__(self, port: int, count: int, every: float):
        self.port, self.every = port, every
        self.seats: list[tuple[str, str]] = []  # (table id, token)
        for _ in range((count + 1) // 2):
            status, created = Client(port).call("POST", "/v1/tables", {"players": ["Ana", "Ben"]})
            assert status == 201, created
            self.seats += [(created["id"], token) for token in created["tokens"].values()]
        self.seats = self.seats[:count]
        self.statuses: dict[int, int] = {}
        self.times: list[float] = []
        self.guard = threading.Lock()
        self.done = threading.Event()
        self.threads = [threading.Thread(target=self._wait, args=(seat, random.Random(i)))
                        for i, seat in enumerate(self.seats)]
        for t in self.threads:
            t.start()

    def _wait(self, seat: tuple[str, str], rng: random.Random) -> None:
        table, token = seat
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        tag = None
        self.done.wait(rng.random() * self.every)  # spread out, as people arriving at their tables are
        while not self.done.is_set():
            headers = {"Authorization": f"Bearer {token}"}
            if tag:
                headers["If-None-Match"] = tag
            began = time.perf_counter()
            connection.request("GET", f"/v1/tables/{table}", headers=headers)
            response = connection.getresponse()
            response.read()
            spent = (time.perf_counter() - began) * 1000
            tag = response.getheader("ETag") or tag
            with self.guard:
                self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
                if response.status == 304:
                    self.times.append(spent)
            self.done.wait(self.every)
        connection.close()

    def stop(self, seconds: float) -> dict:
        """Stop them; what they saw over the last ``seconds``."""
        self.done.set()
        for t in self.threads:
            t.join()
        times = sorted(self.times)
        polls = sum(self.statuses.values())
        return {"clients": len(self.seats), "tables": len({table for table, _ in self.seats}),
                "every_s": self.every, "polls_per_s": round(polls / seconds, 1),
                "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
                "poll_304_ms_at_client": {"p50": quantile(times, 0.5), "p99": quantile(times, 0.99)}}


def cpu_seconds(group: int) -> float:
    """The CPU time (user and system) the processes of process group ``group`` have used so far."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[2]) == group:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def quantile(values: list[float], p: float) -> float:
    return round(values[min(len(values) - 1, int(p * len(values)))], 2) if values else float("nan")


def run(port: int, seconds: float, tables: int, clients: int, think: float, people: bool = False,
        server_group: int | None = None) -> dict:
    """``people``: both seats are played by this script (uniformly at random), not Ben by a bot."""
    def new_table() -> Held:
        body = {"players": ["Ana", "Ben"]} if people else {"players": ["Ana", "Ben"], "bots": {"Ben": "greedy"}}
        status, created = Client(port).call("POST", "/v1/tables", body)  # a new connection: this one idles
        assert status == 201, created
        return Held(created)

    pool = [new_table() for _ in range(tables)]
    own = tables == clients  # each client its own table, on its own connection (else they share the tables)
    guard = threading.Lock()
    posts: list[tuple[int, float]] = []  # (seq the move was made at, milliseconds at the client)
    errors: list[tuple[int, dict]] = []
    counted = {"decisions": 0, "games": 0, "gets": 0}
    stop = time.monotonic() + seconds

    def work(index: int) -> None:
        client, rng = Client(port), random.Random(index)
        while time.monotonic() < stop:
            table = pool[index] if own else pool[rng.randrange(len(pool))]
            if not table.lock.acquire(blocking=False):
                continue
            try:
                gets = len(table.views)
                status, view = table.view(client, "Ana")
                if status == 200 and people and not (view["legal"] or view["interjections"]):
                    status, view = table.view(client, "Ben")
                gets = len(table.views) - gets
                options = view.get("legal", []) + view.get("interjections", [])
                if status != 200 or not options:
                    errors.append((status, view))
                    continue
                name = view["you"]
                began = time.perf_counter()
                status, answer = client.call("POST", f"/v1/tables/{table.id}/events",
                                             {"seq": view["seq"], "event": rng.choice(options)}, table.tokens[name])
                spent = (time.perf_counter() - began) * 1000
                if status != 200:
                    errors.append((status, answer))
                    table.views.clear()
                    continue
                table.views = {name: answer}  # the other seat's view is now behind: asked for when needed
                with guard:
                    posts.append((view["seq"], spent))
                    counted["decisions"] += answer["seq"] - view["seq"]
                    counted["gets"] += gets
                    if answer["over"]:
                        counted["games"] += 1
                        pool[pool.index(table)] = new_table()
            finally:
                table.lock.release()
            if think:
                time.sleep(think)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(clients)]
    load_before = os.getloadavg()[0]
    server_cpu, client_cpu = cpu_seconds(server_group) if server_group else 0.0, time.process_time()
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - began
    server_cpu = cpu_seconds(server_group) - server_cpu if server_group else float("nan")
    client_cpu = time.process_time() - client_cpu
    latencies = sorted(spent for _, spent in posts)
    # Early moves of play, not the draft's picks (seq 0-13 of round 1, which take no play's checks and no bot's
    # reply): a pick is cheaper than any move of play, and would make late moves look dearer than they are.
    early = [spent for seq, spent in posts if EARLY[0] <= seq < EARLY[1]]
    late = [spent for seq, spent in posts if seq >= 1000]
    requests = len(posts) + counted["gets"]
    return {"seconds": round(elapsed, 1), "tables": tables, "clients": clients, "think_ms": think * 1000,
            "load_average_1min": [round(load_before, 1), round(os.getloadavg()[0], 1)],
            "posts": len(posts), "gets": counted["gets"],
            "decisions_per_s": round(counted["decisions"] / elapsed, 1),
            "requests_per_s": round(requests / elapsed, 1), "games_finished": counted["games"],
            "errors": len(errors), "first_errors": errors[:3],
            "post_ms_at_client": {"p50": quantile(latencies, 0.5), "p90": quantile(latencies, 0.9),
                                  "p99": quantile(latencies, 0.99), "max": quantile(latencies, 1.0)},
            "littles_law_ms": round(1000 * clients / (requests / elapsed), 2) if requests and not think else None,
            "cpu_ms_per_move": {"server": round(1000 * server_cpu / max(1, len(posts)), 2),
                                "client": round(1000 * client_cpu / max(1, len(posts)), 2)},
            "by_seq_ms": {"early median": round(statistics.median(early), 2) if early else None,
                          "seq>=1000 median": round(statistics.median(late), 2) if late else None,
                          "early posts": len(early), "posts at seq>=1000": len(late),
                          "median by seq": by_seq(posts)}}


def by_seq(posts: list[tuple[int, float]]) -> dict[str, float]:
    """The median POST (ms at the client) of the moves made at each range of ``seq``."""
    out = {}
    for low, high in SEQ_RANGES:
        chosen = [spent for seq, spent in posts if low <= seq < high]
        if chosen:
            out[f"{low}-{high - 1}"] = round(statistics.median(chosen), 2)
    return out


def server_times(access_log: Path, start: int, end: int) -> dict:
    """The server's own time per move (POST …/events) in the access log's bytes ``start:end``."""
    with access_log.open("rb") as handle:
        handle.seek(start)
        text = handle.read(end - start).decode("utf-8", "replace")
    times = sorted(float(ms) for status, ms in MOVE_LINE.findall(text) if status == "200")
    return {"moves": len(times), "p50": quantile(times, 0.5), "p90": quantile(times, 0.9),
            "p99": quantile(times, 0.99), "mean": round(statistics.fmean(times), 2) if times else None}


def bench(database: str, args: argparse.Namespace) -> dict:
    folder = tempfile.mkdtemp(prefix="referee-bench-")
    server = None
    if database == "sqlite":
        url = f"sqlite:///{folder}/tables.sqlite3"
    elif database == "postgresql":
        from tests.tables.postgres import Server, bindir

        binaries = bindir()
        if binaries is None:
            raise SystemExit("no PostgreSQL server binaries (apt-get install -y postgresql)")
        server = Server(binaries)
        server.start()
        url = server.new_database()
    else:
        url = database
    access_log = Path(folder) / "access.log"
    proc, port = start(url, args.workers, args.threads, folder, access_log)
    try:
        result = {"database": database, "workers": args.workers, "threads": args.threads}
        phases = [("load", args.seconds, args.tables, args.tables, args.think_ms / 1000, False),
                  ("waiting", args.waiting_seconds, args.tables, args.tables, args.think_ms / 1000, False),
                  ("saturated", args.saturate_seconds, args.tables, args.saturate_clients, 0.0, False),
                  ("one_long_game", args.long_seconds, 1, 1, 0.0, True)]
        for name, seconds, tables, clients, think, people in phases:
            if seconds <= 0:
                continue
            # The same paced load again with --waiters clients polling their idle tables alongside.
            waiters = Waiters(port, args.waiters, args.poll_ms / 1000) if name == "waiting" else None
            before = access_log.stat().st_size
            result[name] = run(port, seconds, tables, clients, think, people, server_group=proc.pid)
            result[name]["post_ms_in_server"] = server_times(access_log, before, access_log.stat().st_size)
            if waiters is not None:
                result[name]["waiters"] = waiters.stop(seconds)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return result


def summary(result: dict) -> str:
    lines = [f"== {result['database']}: referee serve --workers {result['workers']} --threads {result['threads']}"]
    for name, title in (("load", "paced load"), ("waiting", "the paced load again, with clients waiting"),
                        ("saturated", "saturated")):
        if name not in result:
            continue
        load = result[name]
        client, inside = load["post_ms_at_client"], load["post_ms_in_server"]
        lines += [
            f"{title}: {load['tables']} tables, {load['clients']} clients "
            f"({'each its own table and connection' if load['tables'] == load['clients'] else 'sharing the tables'}"
            f"), think {load['think_ms']:.0f} ms, {load['seconds']} s, load average {load['load_average_1min'][0]} "
            f"-> {load['load_average_1min'][1]}",
            f"  accepted decisions/s {load['decisions_per_s']} (target >= 400 on SQLite); requests/s "
            f"{load['requests_per_s']} ({load['posts']} moves, {load['gets']} views); errors {load['errors']}",
            f"  POST of a move at the client: p50 {client['p50']} p90 {client['p90']} p99 {client['p99']} "
            f"max {client['max']} ms (targets p50 <= 5, p99 <= 50)"
            + (f"; Little's law: {load['littles_law_ms']} ms" if load["littles_law_ms"] else ""),
            f"  the same moves in the server: p50 {inside['p50']} p90 {inside['p90']} p99 {inside['p99']} "
            f"mean {inside['mean']} ms",
            f"  CPU per move (its bot's reply included): server {load['cpu_ms_per_move']['server']} ms, this load "
            f"generator {load['cpu_ms_per_move']['client']} ms",
        ]
        if "waiters" in load:
            waiting = load["waiters"]
            lines.append(f"  beside it: {waiting['clients']} clients waiting on {waiting['tables']} idle tables, each "
                         f"asking every {waiting['every_s']:g} s with its ETag: {waiting['polls_per_s']} polls/s, "
                         f"answers {waiting['statuses']}, a 304 at the client p50 "
                         f"{waiting['poll_304_ms_at_client']['p50']} p99 {waiting['poll_304_ms_at_client']['p99']} ms")
    if "one_long_game" in result:
        long = result["one_long_game"]
        by_seq = long["by_seq_ms"]
        lines.append(
            f"one long game: {long['posts']} moves in {long['seconds']} s, errors {long['errors']}; POST median at "
            f"seq {EARLY[0]}-{EARLY[1] - 1} (play, after round 1's draft): {by_seq['early median']} ms "
            f"({by_seq['early posts']} moves), at seq >= 1000: "
            f"{by_seq['seq>=1000 median']} ms ({by_seq['posts at seq>=1000']} moves); in the server p50 "
            f"{long['post_ms_in_server']['p50']} ms")
        lines.append("  median POST by seq: " + ", ".join(f"{k}: {v} ms" for k, v in by_seq["median by seq"].items()))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--databases", default="sqlite,postgresql",
                        help="comma-separated: sqlite, postgresql (a throw-away server) or URLs")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--think-ms", type=float, default=200.0,
                        help="each client's pause after a move in the paced load (one client per table)")
    parser.add_argument("--waiting-seconds", type=float, default=30,
                        help="then the paced load again for this long, with --waiters clients waiting (0: none)")
    parser.add_argument("--waiters", type=int, default=200, help="clients waiting on idle two-person tables")
    parser.add_argument("--poll-ms", type=float, default=1000.0, help="how often a waiting client asks")
    parser.add_argument("--saturate-seconds", type=float, default=5,
                        help="then the tables shared by --saturate-clients clients that never pause (0: none)")
    parser.add_argument("--saturate-clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--long-seconds", type=float, default=15,
                        help="then one table alone for this long, to compare move 10 with move 1,000")
    parser.add_argument("--json", action="store_true", help="print the full results as JSON too")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} before; the load "
          f"generator runs on the same cores as the server (figures are upper bounds on time)", flush=True)
    results = []
    for database in args.databases.split(","):
        results.append(bench(database.strip(), args))
        print(summary(results[-1]), flush=True)
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
