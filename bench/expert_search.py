"""Benchmark — what the expert's search costs: copies of a whole game, playouts, and a decision's latency.

    .venv/bin/python bench/expert_search.py [--positions 200] [--decisions 300] [--level expert]

One process, one core. Positions are taken from self-played games (the engine's own game at a decision of
the seat to act). ``Game.clone`` is timed on each; a *playout* is a clone of a determinized game (the hidden
cards dealt by ``referee.play.knowledge.deal``) played to the round's end by ``referee.play.expert.play_out``
(the engine's rules through the one loop); a *decision* is ``ExpertPlayer.choose`` at the given level, timed
from its view as a live table's bot is asked (median and 99th percentile). Run it on both builds (plain, and
after ``make compiled``); the figures are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from referee.engine.game import Game
from referee.engine.round_state import RoundState
from referee.play.expert import ExpertPlayer, determinize, play_out
from referee.play.knowledge import deal
from referee.play.players import PLAYERS, Strategy, get_player
from referee.play.selfplay import game_seed, simulate_game
from referee.play.view import PlayerView


class _Recorder(Strategy):
    """Plays as the challenger and keeps (view, knowledge, engine game) at its decisions in play."""

    name = "recorder"

    def __init__(self, expert: ExpertPlayer, holder: dict, keep: list):
        self.expert, self.holder, self.keep = expert, holder, keep
        self.inner = get_player("challenger")

    def keeps(self, view, rng):
        self.expert.keeps(view, rng)
        return self.inner.keeps(view, rng)

    def colour(self, view, rng):
        return self.inner.colour(view, rng)

    def interjects(self, option, view, rng):
        return self.inner.interjects(option, view, rng)

    def choose(self, view, rng):
        known = self.expert.knowledge(view)
        known.observe(view)
        state: RoundState = self.holder["state"]
        if state.moment.player == view.seat and len(view.legal) > 1:
            game = Game(state.rules, state.names)
            game.state = state.copy()
            game.pile, game.hands = game.state.pile, game.state.hands
            game.needs = game.needs.EVENT
            # the view reads the engine's own position, which plays on: a view of the copy stays put
            still = PlayerView(view.players, view.rules, view.seat, view.phase, view.to_act, game.state.copy(),
                               None, view.seq, view.round, view.scores)
            self.keep.append((still, known.copy(), game))
        chosen = self.inner.choose(view, rng)
        known.chose(view, chosen)
        return chosen


def positions(count: int) -> list:
    found: list = []
    index = 0
    while len(found) < count:
        holder: dict = {}
        recorder = _Recorder(ExpertPlayer("expert-bench", 1), holder, found)

        def step(what, holder=holder):
            if isinstance(what, RoundState):
                holder["state"] = what

        simulate_game(game_seed(5, index), seats=(recorder, PLAYERS["challenger"]), on_step=step)
        index += 1
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    from referee.build import build

    found = positions(max(args.positions, args.decisions))
    print(f"build: {build()}; {len(found)} positions from self-played games")

    games = [game for _, _, game in found[:args.positions]]
    start = time.perf_counter()
    rounds = 0
    while time.perf_counter() - start < 2.0:
        for game in games:
            game.clone()
        rounds += 1
    seconds = time.perf_counter() - start
    print(f"Game.clone: {rounds * len(games) / seconds:,.0f} copies/s")

    rng = random.Random(1)
    dealt = [determinize(known, view, rng) for view, known, _ in found[:args.positions]]
    start = time.perf_counter()
    played = events = 0
    while time.perf_counter() - start < 4.0:
        for game in dealt:
            trial = game.clone()
            before = len(trial.state.discard) + len(trial.state.pile)
            play_out(trial, rng)
            played += 1
            events += abs(before - len(trial.state.discard) - len(trial.state.pile))
    seconds = time.perf_counter() - start
    print(f"playouts (clone of a dealt game, played to the round's end): {played / seconds:,.0f} playouts/s "
          f"({seconds / played * 1e3:.2f} ms each)")
    start = time.perf_counter()
    for view, known, _ in found[:args.positions]:
        determinize(known, view, rng)
    seconds = time.perf_counter() - start
    print(f"determinizations (knowledge -> a whole dealt game): {args.positions / seconds:,.0f}/s")

    # What knowledge is worth to the sampler: how many of the other hand's cards a deal gets right (as a
    # multiset), dealing from the view alone, with the pile's known bottom, and with the inference too.
    overlaps = dict.fromkeys(("view only", "+ pile bottom", "+ draws", "+ shown hand", "+ greedy's plays",
                              "+ greedy's draft"), 0.0)
    hidden_cards = 0
    for view, known, game in found[:args.positions]:
        truth = Counter(game.state.hands[1 - view.seat])
        hidden_cards += sum(truth.values())
        plays = known.copy()
        plays.other_drawn = None  # no reading of the draft
        draws = plays.copy()
        draws.model = False
        draws.constraints = [c for c in known.constraints if c.source == "draw"]
        shown = draws.copy()
        draws.shown = None
        bottom = draws.copy()
        bottom.constraints = []
        bare = bottom.copy()
        bare.faceup = []
        for label, knowing in zip(overlaps, (bare, bottom, draws, shown, plays, known), strict=True):
            for draw in range(20):
                hand, _ = deal(knowing, view, random.Random(draw))
                overlaps[label] += sum((Counter(hand) & truth).values()) / 20
    print("cards of the other hand a deal gets right: " + ", ".join(
        f"{label} {hit / hidden_cards:.1%}" for label, hit in overlaps.items()))

    level = get_player(args.level)
    assert isinstance(level, ExpertPlayer)
    times = []
    for index, (view, known, _) in enumerate(found[:args.decisions]):
        start = time.perf_counter()
        level.decide(known.copy(), view, random.Random(index))
        times.append(time.perf_counter() - start)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{args.level} ({level.playouts} playouts): {len(times)} decisions, median "
          f"{statistics.median(times) * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
