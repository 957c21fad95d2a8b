"""Benchmark — a style's win rate against another, whole games played by two bots at live tables, from outside.

    .venv/bin/python bench/expert_tables.py --url http://127.0.0.1:8141 [--games 60] [--style expert]
                                            [--opponent challenger] [--seed 39] [--variant uno-duo]
                                            [--out reports/expert_tables.json]

Without ``--url`` the games are played against an app made in this process (Flask's test client, a throw-away
SQLite database): the same requests without sockets. With it, against a running ``referee serve`` (the issue's
measurement); set it with ``REFEREE_TABLES_ALLOW_SEED=1`` for seeded deals and a ``REFEREE_TABLES_CREATE_LIMIT``
above the games a minute (docs/performance.md, "expert through the live-tables API", has the exact commands).

Each game is one table of two bots (``POST /v1/tables`` with both seats in ``bots``), polled (``GET
/v1/tables/{id}``, each poll lets the bots play on) until its view says ``over``; the winner is the view's
``winner``. Games 2k and 2k+1 are a mirrored pair: the same seed (when the service takes one) with the seats
swapped, so ``--style`` sits in seat 0 in even games and in seat 1 in odd ones. The seed fixes the cut and the
decks the table's dealer draws while the process holding the table keeps it in memory; the bots' own
choices draw on the service's ``secrets`` (the API takes no seed for them), so a rerun is not identical.

Prints a line a game and the win rate of ``--style`` with its 95 % Wilson interval; writes the games and the
figures as JSON to ``--out``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:  # live_tables beside it, however it is started
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_tables import (
    PLAYERS,
    create_table,
    deal_seed,
    machine_load,
    percent,
    run_arguments,
    run_header,
    transport_for,
    wait_for_end,
    win_rate,
    write_json,
)

FORMAT = "uno-duo-bench-expert-tables/1"


def play_game(transport, index: int, style: str, opponent: str, seed: int, variant: str | None) -> dict:
    """Game ``index``: ``style`` in seat ``index % 2``, ``opponent`` in the other, to the end."""
    seat = index % 2
    player, other = PLAYERS[seat], PLAYERS[1 - seat]
    started = time.perf_counter()
    table = create_table(transport, {player: style, other: opponent}, deal_seed(seed, index), variant)
    final, polls = wait_for_end(transport, table.id)
    return {"game": index, "table": table.id, "seat": seat, "seeded": table.seeded,
            "seed": deal_seed(seed, index) if table.seeded else None,
            "won": final["winner"] == player, "winner": final["winner"],
            "scores": {"style": final["scores"][player], "opponent": final["scores"][other]},
            "rounds": final["round"], "decisions": final["seq"], "polls": polls,
            "seconds": round(time.perf_counter() - started, 3)}


def summary(games: list[dict], style: str, opponent: str) -> dict:
    """The win rate of ``style`` over ``games``, overall and by seat, and the mean scores."""
    by_seat = {str(seat): win_rate(sum(g["won"] for g in games if g["seat"] == seat),
                                   sum(1 for g in games if g["seat"] == seat)) for seat in (0, 1)}
    count = len(games) or 1
    return {"style": style, "opponent": opponent, "win_rate": win_rate(sum(g["won"] for g in games), len(games)),
            "by_seat": by_seat,
            "mean_score": {"style": sum(g["scores"]["style"] for g in games) / count,
                           "opponent": sum(g["scores"]["opponent"] for g in games) / count},
            "mean_decisions": sum(g["decisions"] for g in games) / count,
            "mean_seconds": sum(g["seconds"] for g in games) / count}


def figures(args: argparse.Namespace, service: str, started: float, load_before: dict, games: list[dict],
            complete: bool) -> dict:
    """What the run found so far, JSON-ready (written after every game, so an interrupted run keeps its games)."""
    return {**run_header(FORMAT, args, service, started, load_before, complete),
            **summary(games, args.style, args.opponent), "games": games}


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = run_arguments(__doc__.split("\n\n")[0], 60, "reports/expert_tables.json")
    parser.add_argument("--style", default="expert", help="the style measured (default expert)")
    parser.add_argument("--opponent", default="challenger", help="the style it plays (default challenger)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict:
    """Play the games, print and write the figures; the result."""
    args = arguments(argv)
    transport = transport_for(args.url)
    load_before = machine_load()
    started = time.time()
    games = []
    try:
        for index in range(args.games):
            game = play_game(transport, index, args.style, args.opponent, args.seed, args.variant)
            games.append(game)
            wins = sum(g["won"] for g in games)
            print(f"game {index + 1:3d}/{args.games}: {args.style} in seat {game['seat']} "
                  f"{'won ' if game['won'] else 'lost'} {game['scores']['style']:3d}-{game['scores']['opponent']:3d}"
                  f" ({game['rounds']} rounds, {game['decisions']} decisions, {game['seconds']:.1f} s);"
                  f" so far {wins}/{len(games)}", flush=True)
            write_json(args.out, figures(args, transport.label, started, load_before, games, complete=False))
    finally:
        transport.close()
    result = figures(args, transport.label, started, load_before, games, complete=True)
    rate = result["win_rate"]
    print(f"{args.style} against {args.opponent}: {rate['wins']} of {rate['games']} games, {percent(rate)} "
          f"(95 % Wilson); seat 0 {percent(result['by_seat']['0'])}, seat 1 {percent(result['by_seat']['1'])}; "
          f"{result['wall_seconds']:.0f} s; load {load_before['load_1']} -> {result['load_after']['load_1']}")
    write_json(args.out, result)
    return result


if __name__ == "__main__":
    main()
