"""Benchmark 3 — adjudication latency of one full game through the whole stack, in process.

    .venv/bin/python bench/adjudication_latency.py [--games 200] [--requests 1000] [--seed 1] [--serving-gc]

Each request is the Flask test client's ``POST /v1/adjudications`` with a full simulated game as JSON
text: request parsing, the service's checks (size, depth, schema), the replay, the verdict's
serialisation. p50 / p90 / p99 / max over ``--requests`` requests cycling through ``--games`` games, after
a warm-up; the engine's own share (``judge`` on the parsed document) is shown beside it, and the
service's own (the request's time less the engine's on the same game), and the mean CPU time of each
(``time.process_time``, steadier than the clock on a shared machine). ``--serving-gc`` sets the garbage
collector as ``referee serve``'s workers do (:func:`referee.service.serve.tune_gc_for_serving`).
Target (issue 14): p50 ≤ 3 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_lines, count_events

from referee import judge


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(label: str, samples: list[float]) -> None:
    ms = [s * 1e3 for s in samples]
    print(f"{label:34} p50 {percentile(ms, 50):6.2f} ms  p90 {percentile(ms, 90):6.2f}  "
          f"p99 {percentile(ms, 99):6.2f}  max {max(ms):6.2f}  mean {statistics.fmean(ms):6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serving-gc", action="store_true",
                        help="set the garbage collector as referee serve's workers do")
    args = parser.parse_args()

    from referee.service import create_app

    app = create_app({"TESTING": True, "REFEREE_LOG_LEVEL": "WARNING"})
    client = app.test_client()
    lines = corpus_lines(args.games, args.seed)
    bodies = [line.encode() for line in lines]
    docs = [json.loads(line) for line in lines]
    events = [count_events(d) for d in docs]
    print(f"{len(bodies)} games: {statistics.fmean(events):.0f} events and "
          f"{statistics.fmean(map(len, bodies)) / 1e3:.0f} KB of JSON each on average (max {max(events)} events)")

    def post(body: bytes):
        return client.post("/v1/adjudications", data=body, content_type="application/json")

    for body in bodies[:20]:  # warm-up
        assert post(body).status_code == 200
    if args.serving_gc:
        from referee.service.serve import tune_gc_for_serving

        tune_gc_for_serving()
    service, engine = [], []
    service_cpu = engine_cpu = 0.0
    for i in range(args.requests):
        body, doc = bodies[i % len(bodies)], docs[i % len(docs)]
        start, cpu = time.perf_counter(), time.process_time()
        response = post(body)
        service.append(time.perf_counter() - start)
        service_cpu += time.process_time() - cpu
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        assert response.get_json()["verdict"] == "legal"
        start, cpu = time.perf_counter(), time.process_time()
        judge(doc)
        engine.append(time.perf_counter() - start)
        engine_cpu += time.process_time() - cpu
    report("service (test client, full stack)", service)
    report("engine only (judge on parsed doc)", engine)
    report("service's own (request - engine)", [s - e for s, e in zip(service, engine, strict=True)])
    n = args.requests
    print(f"mean CPU per request: {service_cpu / n * 1e3:.2f} ms, engine alone {engine_cpu / n * 1e3:.2f} ms, "
          f"the service's own {(service_cpu - engine_cpu) / n * 1e3:.2f} ms"
          f"{' (garbage collector as referee serve sets it)' if args.serving_gc else ''}")
    p50 = percentile(service, 50) * 1e3
    print(f"target p50 <= 3 ms: {'met' if p50 <= 3 else 'NOT met'} ({p50:.2f} ms)")


if __name__ == "__main__":
    main()
