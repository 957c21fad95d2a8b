"""A corpus of simulated full games for the benchmarks, cached as JSON Lines under ``bench/.cache``.

``corpus(games, seed)`` returns the parsed documents; the first call generates them (on every core) and
writes ``bench/.cache/corpus-<games>-<seed>.jsonl``, later calls read that file.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from referee.play.selfplay import game_seed, simulate_game

CACHE = Path(__file__).resolve().parent / ".cache"


def _one(args: tuple[int, int, bool]) -> str:
    seed, index, with_deck = args
    return json.dumps(simulate_game(game_seed(seed, index), with_deck=with_deck), separators=(",", ":"))


def corpus_lines(games: int, seed: int = 1, with_deck: bool = True) -> list[str]:
    """The corpus as JSON texts (one game each)."""
    path = CACHE / f"corpus-{games}-{seed}{'' if with_deck else '-nodeck'}.jsonl"
    if path.exists():
        return path.read_text(encoding="utf-8").splitlines()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        lines = list(pool.map(_one, [(seed, i, with_deck) for i in range(games)], chunksize=32))
    CACHE.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def corpus(games: int, seed: int = 1, with_deck: bool = True) -> list[dict]:
    """The corpus as parsed documents."""
    return [json.loads(line) for line in corpus_lines(games, seed, with_deck)]


def count_events(doc: dict) -> int:
    """The events of a log (plays, draws, interjections...; draft picks not included)."""
    return sum(len(rnd.get("events", ())) for rnd in doc["rounds"])


def count_picks(doc: dict) -> int:
    """The draft picks of a log."""
    return sum(len(rnd.get("draft", ())) for rnd in doc["rounds"])
