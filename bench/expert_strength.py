"""Benchmark — how strong the expert is: paired, seeded whole games against another style.

    .venv/bin/python bench/expert_strength.py --level expert-fast --against challenger --deals 40 --jobs 2

Each deal (a game seed, as the ladder draws them) is played twice with the seats swapped, so that each side
sits first as often and the luck of the cards cancels within a pair. Prints the games won with a Wilson 95 %
interval, and how many deals were won from both seats, lost from both and split. ``--first`` skips deals
(to extend a run with fresh deals). Games run in ``--jobs`` processes.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from referee.engine.moment import Pending
from referee.log.records import Challenge
from referee.play.expert import ExpertPlayer
from referee.play.ladder import hash_pair
from referee.play.players import PLAYERS, Strategy, get_player
from referee.play.selfplay import game_seed, simulate_game
from referee.report.intervals import wilson


class Exploiter(Strategy):
    """The issue's exploiting client, as a seat: sheds greedily (the challenger's play), catches every
    forgotten UNO, and challenges every Wild Draw 4."""

    name = "exploiter"

    def __init__(self) -> None:
        self.inner = get_player("challenger")

    def keeps(self, view, rng):
        return self.inner.keeps(view, rng)

    def colour(self, view, rng):
        return self.inner.colour(view, rng)

    def interjects(self, option, view, rng):
        return view is not None

    def choose(self, view, rng):
        owes = view.owes
        options = view.options
        if owes is not None and view.moment.kind is Pending.WILD_DRAW_4 and options.may_challenge():
            return Challenge(view.seat)
        return self.inner.choose(view, rng)


#: What each trial changes of its level (named ``<level>:<knob>``), for measuring one change at a time.
KNOBS: dict[str, dict] = {"nomodel": {"model": False}, "prior0": {"prior": 0.0}, "prior15": {"prior": 0.15},
                          "prior0.3": {"prior": 0.3}, "prior0.5": {"prior": 0.5}, "h12": {"horizon": 12},
                          "h24": {"horizon": 24}, "h1000": {"horizon": 1000}}


def _trial(level: str, knob: str) -> ExpertPlayer:
    """``level`` with one knob changed, at the level's own budget (whatever it is now)."""
    return ExpertPlayer(f"{level}:{knob}", PLAYERS[level].playouts, **KNOBS[knob])


#: The trial levels and the exploiting seat, offered as styles (``--level``, ``--against``).
TRIALS: dict[str, Strategy] = {"exploiter": Exploiter()}
TRIALS.update({f"{level}:{knob}": _trial(level, knob) for level in ("expert-fast", "expert") for knob in KNOBS})
PLAYERS.update(TRIALS)


def _play(job: tuple[str, str, int, int]) -> tuple[int, bool]:
    """One game: (the deal's index, whether ``level`` won), ``level`` in seat ``seat``."""
    level, against, index, seat = job
    styles = (level, against) if seat == 0 else (against, level)
    seed = game_seed(39, hash_pair(level.split(':')[0], against) * 1_000_003 + index)
    log = simulate_game(seed, "uno-duo", seats=(get_player(styles[0]), get_player(styles[1])), record=False)
    return index, log["result"]["winner"] == ("Ana", "Ben")[seat]


def main() -> None:
    """Play the deals and print the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert-fast")
    parser.add_argument("--against", default="challenger")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.level, args.against, i, seat) for i in range(args.first, args.first + args.deals) for seat in (0, 1)]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for index, won in pool.map(_play, jobs, chunksize=1):
            results.append((index, won))
            print(f"deal {index}: {'won' if won else 'lost'} ({sum(w for _, w in results)} of {len(results)}, "
                  f"{time.perf_counter() - start:.0f} s)", flush=True)
    won = sum(w for _, w in results)
    by_deal: dict[int, int] = {}
    for index, w in results:
        by_deal[index] = by_deal.get(index, 0) + w
    estimate = wilson(won, len(results))
    low, high = estimate.low or 0.0, estimate.high or 1.0
    both = sum(1 for v in by_deal.values() if v == 2)
    none = sum(1 for v in by_deal.values() if v == 0)
    print(f"{args.level} v {args.against}: {won} of {len(results)} = {won / len(results):.1%} "
          f"[{low:.1%}, {high:.1%}]; deals won from both seats {both}, lost from both {none}, "
          f"split {len(by_deal) - both - none}; {time.perf_counter() - start:.0f} s")
    print("per deal:", "".join(str(by_deal[i]) for i in sorted(by_deal)))


if __name__ == "__main__":
    main()
