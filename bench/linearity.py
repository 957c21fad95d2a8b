"""Benchmark 5 — replay time grows linearly with the log: time per event, games grouped by length.

    .venv/bin/python bench/linearity.py [--games 1000] [--repeat 3]

The corpus's games in five groups by number of events: if the replay did more than bounded work per
event, the longest games would cost more per event than the shortest. Timed in CPU time
(``time.process_time``), which other processes competing for the cores move less than wall-clock time.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus, count_events

from referee import judge


def per_event(docs: list[dict], repeat: int) -> float:
    events = sum(count_events(d) for d in docs)
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        for doc in docs:
            judge(doc)
        best = min(best, time.process_time() - start)
    return best / events * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    docs = sorted(corpus(args.games), key=count_events)
    gc.freeze()
    print(f"{len(docs)} games, grouped by length (events per game), microseconds per event:")
    size = len(docs) // 5
    for i in range(5):
        group = docs[i * size:(i + 1) * size]
        lo, hi = count_events(group[0]), count_events(group[-1])
        print(f"  {lo:5d}–{hi:5d} events   {per_event(group, args.repeat):6.2f} µs/event")


if __name__ == "__main__":
    main()
