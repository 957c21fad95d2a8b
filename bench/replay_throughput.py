"""Benchmark 1 — replay throughput: events judged per second over simulated full games.

    .venv/bin/python bench/replay_throughput.py [--games 3000] [--seed 1] [--repeat 3] [--no-deck]
    .venv/bin/python bench/replay_throughput.py --profile   # pyinstrument profile of the engine pass

Engine only: ``referee.judge(doc)`` on documents already parsed from JSON (reading the log, the draft,
every event, the verdict object). From text: ``json.loads`` + ``judge``, and ``judge_text`` (orjson's
parse where it gives the same). Also the verdict's ``to_dict()``. The best of ``--repeat`` passes is
reported (single process, one core).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_lines, count_events, count_picks

from referee import judge, judge_text


def best_of(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-deck", action="store_true", help="rounds without decks (every card named)")
    parser.add_argument("--profile", action="store_true", help="profile one engine pass with pyinstrument")
    args = parser.parse_args()

    lines = corpus_lines(args.games, args.seed, not args.no_deck)
    docs = [json.loads(line) for line in lines]
    events = sum(map(count_events, docs))
    picks = sum(map(count_picks, docs))
    megabytes = sum(map(len, lines)) / 1e6
    print(f"corpus: {len(docs)} games, {events} events, {picks} draft picks, {megabytes:.1f} MB of JSON")
    verdicts = [judge(doc) for doc in docs]
    assert all(v.legal and v.complete for v in verdicts), "the corpus must be legal, complete games"
    del verdicts
    gc.collect()
    gc.freeze()  # the corpus is input, not work: keep the collector from re-scanning it on every pass

    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.0002)
        profiler.start()
        for doc in docs:
            judge(doc)
        profiler.stop()
        print(profiler.output_text(color=False, unicode=False))
        return

    engine = best_of(args.repeat, lambda: [judge(doc) for doc in docs])
    loads = best_of(args.repeat, lambda: [judge(json.loads(line)) for line in lines])
    text = best_of(args.repeat, lambda: [judge_text(line) for line in lines])
    full = best_of(args.repeat, lambda: [judge_text(line).to_dict() for line in lines])
    for label, seconds in (("engine only: judge(doc)", engine), ("from JSON text: json.loads + judge", loads),
                           ("from JSON text: judge_text", text),
                           ("text to verdict dict: judge_text + to_dict", full)):
        print(f"{label:48} {events / seconds:>10,.0f} events/s  {len(docs) / seconds:>7,.0f} games/s  "
              f"{seconds / len(docs) * 1e3:6.2f} ms/game")
    target = 500_000
    print(f"target {target:,} events/s engine only: {'met' if events / engine >= target else 'NOT met'}")


if __name__ == "__main__":
    main()
