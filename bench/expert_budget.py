"""Benchmark — what the expert's budget buys in the designer's report: its win rate against greedy and the CPU a game.

    .venv/bin/python bench/expert_budget.py [--playouts N] [--games 60] [--start 0] [--against greedy]

Plays ``--games`` games of each of the report's two variants of docs/designers.md (the house rule
``wild_draw_4_answers_volley = true``, and ``uno-duo``) between ``ExpertPlayer`` at ``--playouts`` playouts'
worth of events a decision (by default the report level's own, ``expert-fast``'s) and ``--against``, as the
report seats them: game ``i`` from the report's seed 1 (``game_seed(1, i)``), the styles swapping seats
every game. Prints the expert's wins with a Wilson 95 %
interval (both variants together, and each) and the CPU seconds a game (``time.process_time``, one process:
what a loaded machine's other work does not inflate much). A report level must win clearly (the interval
above 50 %) for its "skilled player's edge" to mean anything; the CPU a game bounds the report's time.
Figures in docs/performance.md ("The report with expert seated").
"""

from __future__ import annotations

import argparse
import time

from referee.build import build
from referee.engine.variants import UNO_DUO
from referee.play.expert import ExpertPlayer
from referee.play.players import get_player
from referee.play.selfplay import game_seed, simulate_game
from referee.report.intervals import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=get_player("expert-fast").playouts,
                        help="the budget, in playouts' worth of events a decision (default: expert-fast's)")
    parser.add_argument("--games", type=int, default=60, help="games of each variant")
    parser.add_argument("--start", type=int, default=0, help="the first game's index")
    parser.add_argument("--against", default="greedy")
    args = parser.parse_args()
    house = UNO_DUO.derive("wd4-answers", {"wild_draw_4_answers_volley": True})
    expert, other = ExpertPlayer(f"expert-{args.playouts}", args.playouts), get_player(args.against)
    start = time.process_time()
    wins: dict[str, int] = {}
    for variant in (house, UNO_DUO):
        won = 0
        for index in range(args.start, args.start + args.games):
            seats = (expert, other) if index % 2 == 0 else (other, expert)
            log = simulate_game(game_seed(1, index), variant, players=("Ana", "Ben"), seats=seats, record=False)
            won += log["result"]["winner"] == ("Ana" if index % 2 == 0 else "Ben")
        wins[variant.name] = won
    seconds = time.process_time() - start
    games = 2 * args.games
    total = sum(wins.values())

    def rate(won: int, played: int) -> str:
        estimate = wilson(won, played)
        return f"{won}/{played} = {won / played:.1%} [{estimate.low:.1%}, {estimate.high:.1%}]"

    print(f"build: {build()}; expert at {args.playouts} playouts against {args.against}, games "
          f"{args.start}-{args.start + args.games - 1} of each variant")
    print(f"expert wins {rate(total, games)}; " + "; ".join(f"{name} {rate(won, args.games)}"
                                                          for name, won in wins.items()))
    print(f"CPU {seconds:.0f} s: {seconds / games:.3f} s a game")


if __name__ == "__main__":
    main()
