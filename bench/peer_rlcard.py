"""Benchmark — the referee beside RLCard's UNO engine, measured in one run on one core.

    .venv/bin/python bench/peer_rlcard.py [--games 1000] [--peer-games 2000] [--sim-games 200] [--repeat 5]
                                          [--no-self-play]

The peer is RLCard's ``UnoGame`` (the common Python UNO engine, ``pip install rlcard``; in the ``bench``
extra) playing two-player games of random legal moves: each move is one ``get_legal_actions()`` and one
``step()``. Our three figures, each the best of ``--repeat`` passes:

- **replay**: ``referee.judge`` on full-game logs already parsed from JSON (events counted, draft picks
  not: RLCard has no draft);
- **from JSON text**: ``referee.judge_text`` on the same logs' text (the parse -- orjson where it gives
  what ``json.loads`` gives, else ``json`` -- and ``judge``);
- **self-play**: ``referee.play.selfplay`` playing complete games (moves = logged events; the legal-move list is
  computed and every event checked by the engine, as RLCard computes its legal actions).

Absolute figures drift with the machine and its load; the ratios, taken in one run side by side, are the
figures ``docs/performance.md`` compares with the targets (replay ≥ 4×, from text ≥ 3×, self-play ≥ 1.5×).
The passes take turns (the peer's, then each of ours, ``--repeat`` times), so that a change in the machine's
load in the middle of the run falls on every figure alike.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_lines, count_events

from referee import judge, judge_text
from referee.build import build
from referee.play.selfplay import simulate

TARGETS = {"replay": 4.0, "from JSON text": 3.0, "self-play": 1.5}


def best_rates(repeat: int, works: dict[str, Callable[[], int]]) -> dict[str, float]:
    """The best moves-per-second of ``repeat`` passes of each of ``works`` (each returns how many moves it
    made), the passes taking turns."""
    best = dict.fromkeys(works, 0.0)
    for _ in range(repeat):
        for name, work in works.items():
            gc.collect()
            start = time.perf_counter()
            moves = work()
            best[name] = max(best[name], moves / (time.perf_counter() - start))
    return best


def rlcard_pass(games: int, seed: int) -> Callable[[], int]:
    """One pass of ``games`` RLCard games of seeded random legal moves; returns the moves made."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        sys.exit("RLCard is not installed: pip install -e '.[bench]'")

    # One game object and one generator per pass, reseeded per game: building a UnoGame (it seeds a numpy
    # RandomState from the OS) and a RandomState costs ~1.2 ms, 25 µs a move of a 48-move game — harness
    # cost, not the engine's, which would flatter the ratios. init_game (the shuffle and the deal) is
    # timed: it is the game's setup, as reading the deck and the draft is ours.
    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(0)

    def work() -> int:
        rng = random.Random(seed)
        moves = 0
        for _ in range(games):
            game.np_random.seed(rng.randrange(2**32))
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
                moves += 1
        return moves

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="logs in the replay corpus")
    parser.add_argument("--peer-games", type=int, default=2000, help="RLCard games per pass")
    parser.add_argument("--sim-games", type=int, default=200, help="self-played games per pass")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-self-play", action="store_true", help="the replay figures only (quicker)")
    args = parser.parse_args()

    lines = corpus_lines(args.games, args.seed)
    docs = [json.loads(line) for line in lines]
    events = sum(map(count_events, docs))
    assert all(judge(doc).legal for doc in docs), "the corpus must hold legal games"
    gc.collect()
    gc.freeze()  # the corpus is input, not work

    works = {
        "peer": rlcard_pass(args.peer_games, args.seed),
        "replay": lambda: [judge(d) for d in docs] and events,
        "from JSON text": lambda: [judge_text(t) for t in lines] and events,
        "self-play": lambda: sum(len(r["events"]) for g in simulate(args.sim_games, args.seed) for r in g["rounds"]),
    }
    if args.no_self_play:
        del works["self-play"]
    ours = best_rates(args.repeat, works)
    peer = ours.pop("peer")
    print(f"RLCard UnoGame, random legal moves (get_legal_actions + step): {peer:>10,.0f} moves/s")
    met = True
    for name, rate in ours.items():
        ratio = rate / peer
        ok = ratio >= TARGETS[name]
        met = met and ok
        print(f"referee {name:<54} {rate:>10,.0f} moves/s  {ratio:5.2f}x  "
              f"(target {TARGETS[name]:.1f}x: {'met' if ok else 'NOT met'})")
    print(f"corpus: {len(docs)} logs, {events:,} events; best of {args.repeat} passes; one process; "
          f"referee's {build()} build")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
