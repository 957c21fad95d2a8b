"""The one game loop (issue 20, part A): self-play and replay in CPU time, to compare two trees.

    .venv/bin/python bench/one_loop.py [--games 20] [--replay-games 150] [--repeat 5]
    PYTHONPATH=/tmp/main-ref .venv/bin/python bench/one_loop.py      # the same figures of another tree

CPU time (``time.process_time``), the best of ``--repeat`` passes, so that a shared machine's load moves
the figures less than wall-clock time would; run two trees alternately, several times, and compare.
Prints which tree's ``referee`` ran, and three figures: self-play of the simulator's mixed bots (ms a
game), ``greedy`` against ``random`` seats with ``record=False`` (the report's path), and ``judge`` on
parsed games (events a second, the one pass).
"""

from __future__ import annotations

import argparse
import gc
import json
import time

import referee
from referee import judge
from referee.play.players import PLAYERS
from referee.play.selfplay import game_seed, simulate_game


def best_of(repeat: int, work) -> float:
    """The least CPU time of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="self-played games a pass")
    parser.add_argument("--replay-games", type=int, default=150, help="games judged a pass")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    seeds = [game_seed(1, i) for i in range(args.games)]
    seats = (PLAYERS["greedy"], PLAYERS["random"])
    # The corpus is made once, outside the timing, and is the same in any tree (self-play is deterministic).
    docs = [json.loads(json.dumps(simulate_game(game_seed(2, i)))) for i in range(args.replay_games)]
    events = sum(len(rnd.get("events", ())) for doc in docs for rnd in doc["rounds"])
    assert all(judge(doc).legal for doc in docs)

    mixed = best_of(args.repeat, lambda: [simulate_game(seed) for seed in seeds])
    seated = best_of(args.repeat, lambda: [simulate_game(seed, seats=seats, record=False) for seed in seeds])
    judged = best_of(args.repeat, lambda: [judge(doc) for doc in docs])
    print(f"tree: {referee.__file__}")
    print(f"self-play, mixed bots:           {1000 * mixed / len(seeds):7.2f} ms of CPU a game")
    print(f"self-play, greedy v random, record=False: {1000 * seated / len(seeds):7.2f} ms of CPU a game")
    print(f"replay (judge, parsed):          {events / judged:9,.0f} events a second of CPU ({events} events)")


if __name__ == "__main__":
    main()
