"""Benchmark — the designer's report: games per second of self-play plus measurement, and where the time goes.

    .venv/bin/python bench/report_throughput.py [--games 2000] [--jobs 2] [--variant uno-duo]
                                                [--vs classic-duel] [--bots greedy,challenger] [--sample 100]

Times ``make_report`` (both studies, every game played by the seated styles and measured as it is played)
on ``--jobs`` local processes, then splits one core's time per game for a ``--sample`` of games, in CPU
time, on the same games (the study's seeds and seating, the styles swapping seats every game): the
self-play alone (``simulate_game`` with seats, writing the log), the same game as the report plays it
but unobserved (no log written, no observer: the game and the styles' decisions), the self-play measured
as the report measures it (``play_block``: the report's observer and the simulator's rule counts told of
every step, no log written; its excess over the unobserved game is the measuring), what handing a
block's tally between processes and adding it up costs per game (pickled and unpickled, then added), and,
for comparison, what measuring by replaying the log costs (``measure_game``; the report no longer does
it). The build (plain or compiled) is printed first.
"""

from __future__ import annotations

import argparse
import pickle
import time

from referee.build import build
from referee.engine.variants import get_variant
from referee.executor import Executor
from referee.play.players import get_player
from referee.play.selfplay import game_seed, simulate_game
from referee.report import make_report
from referee.report.metrics import Tally, measure_game
from referee.report.study import SEATS, Block, Study, play_block


def per_game(variant: str, bots: tuple[str, str], sample: int) -> dict[str, float]:
    """CPU milliseconds per game on one core (``time.process_time``: what a loaded machine's other work
    does not inflate): self-play alone, the report's game unobserved, self-play measured (the report's
    work), a tally's transport and addition, measuring by replay."""
    chosen = get_variant(variant)
    study = Study(chosen, sample, 1, bots)
    seatings = [study.seats(i) for i in range(sample)]
    start = time.process_time()
    logs = [simulate_game(game_seed(1, i), chosen, players=SEATS, seats=(get_player(a), get_player(b)))
            for i, (a, b) in enumerate(seatings)]
    played = time.process_time() - start
    start = time.process_time()
    for i, (a, b) in enumerate(seatings):
        simulate_game(game_seed(1, i), chosen, players=SEATS, seats=(get_player(a), get_player(b)), record=False)
    unobserved = time.process_time() - start
    start = time.process_time()
    tally = play_block(Block(study, 0, sample))
    measured = time.process_time() - start
    start = time.process_time()
    total = Tally()
    for _ in range(sample):  # as many hand-overs as games: an upper bound (a task carries a block of games)
        total += pickle.loads(pickle.dumps(tally))
    handed = time.process_time() - start
    start = time.process_time()
    for log, seating in zip(logs, seatings, strict=True):
        measure_game(log, seating, chosen)
    replayed = time.process_time() - start
    return {"self-play": played / sample * 1e3, "unobserved, no log": unobserved / sample * 1e3,
            "self-play measured": measured / sample * 1e3, "a tally handed and added": handed / sample * 1e3,
            "(measuring replay)": replayed / sample * 1e3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", default="uno-duo")
    parser.add_argument("--vs", default="classic-duel")
    parser.add_argument("--bots", default="greedy,challenger")
    parser.add_argument("--sample", type=int, default=100)
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    bots = (bots[0], bots[-1])

    print(f"build: {build()}")
    start = time.perf_counter()
    make_report(args.variant, args.vs, args.games, 1, bots, Executor(args.jobs, progress=False))
    seconds = time.perf_counter() - start
    total = 2 * args.games
    print(f"report: {args.games} games of {args.variant} and of {args.vs} ({' vs '.join(bots)}) on "
          f"{args.jobs} processes in {seconds:.1f} s: {total / seconds:,.0f} games/s")
    print(f"  at that rate 20,000 games of each take {40_000 / (total / seconds):,.0f} s (target: 120 s)")
    cpu = 0.0
    for variant in (args.variant, args.vs):
        parts = per_game(variant, bots, args.sample)
        cpu += parts["self-play measured"]
        line = "  ".join(f"{name} {ms:.1f} ms" for name, ms in parts.items())
        print(f"one core, CPU per game of {variant}: {line}")
    print(f"CPU for 20,000 games of each: {20_000 * cpu / 1e3:,.0f} s, so {20_000 * cpu / 1e3 / 2:,.0f} s on two "
          f"free cores (target: 120 s)")


if __name__ == "__main__":
    main()
