"""The ladder: a round robin between player styles, and their strengths fitted with 95 % intervals.

Every pair of styles plays ``games`` games, in mirrored pairs: the same seed (the same cut and decks) is
played twice with the seats swapped, so that each style sits first as often as the other and the luck of
the cards cancels within a pair (the first drafter is the cut's winner, and alternates round by round). The
games run on the :class:`~referee.executor.Executor` (every core, or Dask) as ``referee report``'s do, and
the result does not depend on how many workers played them.

Strengths are a Bradley–Terry model (P(i beats j) = πᵢ / (πᵢ + πⱼ)) fitted by Hunter's MM iterations (Hunter
2004) on the whole games won (a drawn game counts half to each), shown on the Elo scale (400·log₁₀ π,
anchored at the first style = 0) with 95 % intervals from a seeded bootstrap of the games (percentiles of
:data:`BOOTSTRAP` refits). Each pair's win rate comes with its Wilson interval as well.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from referee.executor import Executor
from referee.play.players import get_player
from referee.play.selfplay import game_seed, simulate_game
from referee.report.intervals import wilson

#: Refits of the bootstrap behind the ratings' intervals.
BOOTSTRAP = 400
#: A small prior: each pair is taken to have drawn this many games besides (keeps a style that never won
#: or never lost at a finite rating).
PRIOR_GAMES = 0.5
FORMAT = "uno-duo-ladder/1"


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of the ladder: ``first`` sits in seat 0 and ``second`` in seat 1, dealt by ``seed``."""

    first: str
    second: str
    seed: int
    variant: str


def pairings(styles: Sequence[str], games: int, seed: int, variant: str = "uno-duo") -> list[Pairing]:
    """The round robin: ``games`` games (rounded up to even) for every pair, seats swapped on the same deal."""
    found = []
    for a, b in combinations(styles, 2):
        for index in range((games + 1) // 2):
            deal = game_seed(seed, hash_pair(a, b) * 1_000_003 + index)
            found += [Pairing(a, b, deal, variant), Pairing(b, a, deal, variant)]
    return found


def hash_pair(a: str, b: str) -> int:
    """A stable number for an unordered pair of names (Python's own hash of a string varies by process)."""
    return sum((i + 1) * ord(c) for i, c in enumerate("|".join(sorted((a, b))))) % 1_000_003


def play(pairing: Pairing) -> tuple[str, str, str | None]:
    """One game of the ladder: (first, second, the winning style or None for a tie)."""
    seats = (get_player(pairing.first), get_player(pairing.second))
    log = simulate_game(pairing.seed, pairing.variant, seats=seats, record=False)
    winner = log["result"]["winner"]
    named = {"Ana": pairing.first, "Ben": pairing.second}
    return pairing.first, pairing.second, None if winner is None else named[winner]


def fit(styles: Sequence[str], results: Sequence[tuple[str, str, str | None]], iterations: int = 500) -> list[float]:
    """Bradley–Terry strengths (Elo scale, the first style at 0) by Hunter's MM iterations."""
    index = {s: i for i, s in enumerate(styles)}
    n = len(styles)
    wins = [[0.0] * n for _ in range(n)]
    for a, b in combinations(range(n), 2):
        wins[a][b] = wins[b][a] = PRIOR_GAMES / 2
    for first, second, winner in results:
        i, j = index[first], index[second]
        if winner is None:
            wins[i][j] += 0.5
            wins[j][i] += 0.5
        elif winner == first:
            wins[i][j] += 1
        else:
            wins[j][i] += 1
    strength = [1.0] * n
    for _ in range(iterations):
        fresh = []
        for i in range(n):
            won = sum(wins[i])
            denominator = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i)
            fresh.append(won / denominator if denominator else strength[i])
        scale = fresh[0]
        strength = [s / scale for s in fresh]
    return [400 * math.log10(s) for s in strength]


def ladder(styles: Sequence[str], games: int, seed: int, executor: Executor | None = None,
           variant: str = "uno-duo") -> dict[str, Any]:
    """Play the round robin and fit it: a JSON-ready dict (:data:`FORMAT`)."""
    for name in styles:
        get_player(name)  # an unknown style is refused before anything is played
    if len(set(styles)) < 2:
        raise ValueError("a ladder needs two styles or more")
    executor = executor or Executor(1)
    games_played = pairings(styles, games, seed, variant)
    results = executor.map(play, games_played, "ladder")
    ratings = fit(styles, results)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in styles]
    for _ in range(BOOTSTRAP):
        drawn = [results[rng.randrange(len(results))] for _ in results]
        for i, rating in enumerate(fit(styles, drawn, 200)):
            samples[i].append(rating)
    rows = []
    for i, name in enumerate(styles):
        ordered = sorted(samples[i])
        low, high = ordered[int(0.025 * BOOTSTRAP)], ordered[int(0.975 * BOOTSTRAP) - 1]
        won = sum(1 for r in results if r[2] == name)
        played = sum(1 for r in results if name in (r[0], r[1]))
        rows.append({"style": name, "rating": ratings[i], "low": low, "high": high, "won": won, "games": played,
                     "summary": get_player(name).summary})
    pairs = []
    for a, b in combinations(styles, 2):
        between = [r for r in results if {r[0], r[1]} == {a, b}]
        won = sum(1 for r in between if r[2] == a)
        rate = wilson(won, len(between))
        pairs.append({"style": a, "against": b, "won": won, "games": len(between),
                      "rate": rate.value, "low": rate.low, "high": rate.high})
    rows.sort(key=lambda row: -row["rating"])
    return {"format": FORMAT, "variant": variant, "seed": seed, "games_per_pair": 2 * ((games + 1) // 2),
            "where": executor.describe(), "method": "Bradley-Terry (MM), Elo scale, bootstrap 95 % intervals",
            "ratings": rows, "pairs": pairs}


def table(result: dict[str, Any]) -> str:
    """The ladder as text: ratings with intervals, then each pair's win rate."""
    lines = [f"Ladder ({result['variant']}, {result['games_per_pair']} games a pair, seed {result['seed']}, "
             f"{result['where']}): Bradley-Terry on the Elo scale, 95 % bootstrap intervals",
             f"{'style':<14}{'rating':>8}   {'95 % interval':<18}{'won':>6}{'games':>7}"]
    for row in result["ratings"]:
        lines.append(f"{row['style']:<14}{row['rating']:>8.0f}   [{row['low']:>6.0f}, {row['high']:>6.0f}]   "
                     f"{row['won']:>6}{row['games']:>7}")
    lines.append("")
    lines.append(f"{'pair':<28}{'win rate':>9}   95 % interval")
    for pair in result["pairs"]:
        lines.append(f"{pair['style'] + ' vs ' + pair['against']:<28}{pair['rate']:>9.1%}   "
                     f"[{pair['low']:.1%}, {pair['high']:.1%}]  ({pair['won']} of {pair['games']})")
    return "\n".join(lines)


def plot(result: dict[str, Any]) -> bytes:
    """The ratings with their intervals as a PNG (matplotlib, the report's plotting library)."""
    from matplotlib.figure import Figure

    from referee.report.plots import WIDTH, _png

    rows = list(reversed(result["ratings"]))
    figure = Figure(figsize=(WIDTH * 0.7, 0.6 * len(rows) + 1.2))
    axes = figure.subplots()
    ys = range(len(rows))
    axes.errorbar([r["rating"] for r in rows], ys,
                  xerr=[[r["rating"] - r["low"] for r in rows], [r["high"] - r["rating"] for r in rows]],
                  fmt="o", capsize=4, color="#1f77b4")
    axes.set_yticks(list(ys), [r["style"] for r in rows])
    axes.set_xlabel("rating (Elo scale, first style = 0), 95 % bootstrap interval")
    axes.set_title(f"Ladder: {result['games_per_pair']} games a pair ({result['variant']})")
    axes.grid(axis="x", alpha=0.3)
    return _png(figure)


def write(result: dict[str, Any], json_path: str | None, plot_path: str | None) -> list[Path]:
    """Write the JSON and the plot where asked; the paths written."""
    written = []
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=2) + "\n")
        written.append(Path(json_path))
    if plot_path:
        Path(plot_path).write_bytes(plot(result))
        written.append(Path(plot_path))
    return written


__all__ = ["FORMAT", "Pairing", "fit", "ladder", "pairings", "play", "plot", "table", "write"]
