"""Benchmark 2 — simulation throughput: games and moves per second of self-play.

    .venv/bin/python bench/simulation_throughput.py [--games 300] [--seed 1] [--variant uno-duo] [--no-deck]

One process, one core: ``referee.play.selfplay.simulate`` plays complete games (draft, turn-up, every event
chosen by a bot that asks the engine lazily, ``legal.Options``, and checked by ``RoundState.apply``).
A "move" is one logged event; draft picks are counted apart.
"""

from __future__ import annotations

import argparse
import time

from referee.play.selfplay import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="uno-duo")
    parser.add_argument("--no-deck", action="store_true")
    args = parser.parse_args()

    start, cpu = time.perf_counter(), time.process_time()
    docs = list(simulate(args.games, args.seed, args.variant, with_deck=not args.no_deck))
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    rounds = sum(len(d["rounds"]) for d in docs)
    moves = sum(len(r["events"]) for d in docs for r in d["rounds"])
    picks = sum(len(r.get("draft", ())) for d in docs for r in d["rounds"])
    print(f"{args.games} games ({args.variant}, {'no deck' if args.no_deck else 'with decks'}): {rounds} rounds, "
          f"{moves} moves, {picks} draft picks in {seconds:.2f} s")
    print(f"{args.games / seconds:,.1f} games/s  {moves / seconds:,.0f} moves/s  {rounds / seconds:,.0f} rounds/s  "
          f"{seconds / args.games * 1e3:.1f} ms/game")
    print(f"CPU time (process_time, steadier on a shared machine): {moves / cpu:,.0f} moves/s  "
          f"{cpu / args.games * 1e3:.1f} ms/game")


if __name__ == "__main__":
    main()
