"""One driver loop over sources (issue 34): replay, self-play and a live game are sources of
:func:`referee.engine.loop.run`; one log writer serves self-play and live; the statistics hear a game's end
from the game.

The first three tests read the drivers' syntax trees, so they hold on both builds. Each was made to fail on a
deliberately broken tree (the commit that added them says how): ``game.event(event)`` put back into
self-play's ``_SelfPlay._event``; ``self.loop.apply(step)`` in ``LiveGame._take`` instead of ``run``; a
``rnd["turn_up"] = card.code`` written by self-play; ``stats.game_over(...)`` called by ``simulate_stats``.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import referee
from referee.engine.game import Needs
from referee.engine.loop import run
from referee.engine.variants import UNO_DUO
from referee.log.document import read_log
from referee.log.replay import Replay
from referee.play.live import LiveGame
from referee.play.players import PLAYERS
from referee.play.selfplay import _SelfPlay, simulate_game
from referee.play.statistics import Stats, simulate_stats
from referee.play.writer import LogWriter
from referee.report.metrics import Measuring

PACKAGE = Path(referee.__file__).resolve().parent
#: The modules that drive a game or study one: none of them walks the game's stages itself.
DRIVERS = ("log/replay.py", "play/selfplay.py", "play/live.py", "play/writer.py", "walk.py", "play/statistics.py",
           "report/metrics.py", "report/study.py", "play/expert.py")
#: How the drivers name a game (the one loop's :class:`~referee.engine.game.Game`).
GAME_NAMES = {"game", "loop", "self.game", "self.loop", "self.replay.loop", "replay.loop"}
#: The game's entry and its stages: only the loop hands a game a step.
STAGES = {"apply", "cut", "begin_round", "deal", "set_up", "start_from", "pick", "choose", "turn_up", "colour",
          "event", "keep", "_events"}
#: What a log holds that a writer writes: only the log writer stores these keys.
LOG_KEYS = {"cut", "rounds", "first_drafter", "deck", "draft", "setup", "turn_up", "events", "result"}


def _tree(relative: str) -> ast.AST:
    return ast.parse((PACKAGE / relative).read_text(encoding="utf-8"))


def _game_attributes(tree: ast.AST, names: set[str]) -> list[str]:
    """Every ``<a game>.<name>`` read in ``tree`` (called or taken as a bound method), with its line."""
    return [f"{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in names and ast.unparse(node.value) in GAME_NAMES]


@pytest.mark.parametrize("driver", DRIVERS)
def test_no_driver_walks_the_stages_of_the_game_itself(driver):
    """A driver gives its steps to the loop (a source's ``next_step``); it never hands the game a step or
    calls a stage. Made to fail by putting ``game.event(event)`` back into self-play."""
    assert _game_attributes(_tree(driver), STAGES) == []


def test_only_the_loop_hands_a_game_a_step():
    """``Game.apply`` is read in one place outside the game itself: :func:`referee.engine.loop.run`. Made to
    fail by ``self.loop.apply(step)`` in ``LiveGame._take``."""
    found = {str(path.relative_to(PACKAGE)): _game_attributes(ast.parse(path.read_text(encoding="utf-8")), {"apply"})
             for path in sorted(PACKAGE.rglob("*.py")) if path.name != "game.py" or path.parent.name != "engine"}
    assert {path: [line.split(": ")[1] for line in lines] for path, lines in found.items() if lines} == {
        "engine/loop.py": ["game.apply"]}


@pytest.mark.parametrize("driver", ["play/selfplay.py", "play/live.py"])
def test_the_log_is_written_by_the_log_writer_only(driver):
    """Self-play and a live game write no key of a log themselves (the writer, an observer, does). Made to
    fail by self-play writing ``rnd["turn_up"] = card.code`` again."""
    stored = [f"{node.lineno}: {ast.unparse(node)}" for node in ast.walk(_tree(driver))
              if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store)
              and isinstance(node.slice, ast.Constant) and node.slice.value in LOG_KEYS]
    assert stored == []


def test_self_play_and_a_live_game_keep_their_log_in_one_writer():
    """The same class writes both logs, and each driver's log is a legal game: a live game's ``record()`` is
    what the writer writes of a replay of it (a live table's form: every deck, every card named), so nothing
    in it comes from anywhere but the game's own hooks; self-play's returned document is its seed's game."""
    live = LiveGame.start(("Ana", "Ben"), rng=random.Random(3))
    bots = PLAYERS["greedy"]
    while not live.over:
        for seat in (0, 1):
            decision = live.decide(seat, bots, random.Random(live.seq))
            if decision is not None:
                live.act(seat, decision)
                break
    assert type(live.writer) is LogWriter
    record = live.record()
    assert referee.judge(record).legal
    rebuilt = LogWriter(UNO_DUO, ("Ana", "Ben"))
    assert Replay(read_log(record), rebuilt).run().legal
    assert rebuilt.doc == record
    played = _SelfPlay(11, UNO_DUO, True, ("Ana", "Ben"), None)
    assert type(played.writer) is LogWriter
    log = played.play()
    assert referee.judge(log).legal and log == simulate_game(11)


class _Steps:
    """A source that hands over a self-played game's steps as a replay of its log would, read off a Replay's
    own source (the loop drives a game fed by any source)."""

    def __init__(self, replay: Replay):
        self.replay = replay
        self.given = 0

    def next_step(self, game):
        step = self.replay.next_step(game)
        self.given += step is not None
        return step

    def refused(self, step, broken) -> None:
        self.replay.refused(step, broken)


def test_a_log_drives_the_loop_as_a_source():
    """The replay is a source: handed to ``run`` through another source, it takes its game to the end the
    log claims, with one step a round for its draft and its events in the one pass (``Picks``, ``Events``)
    or one an entry the careful way."""
    log = simulate_game(9)
    replay = Replay(read_log(log))
    replay._steps = replay._game(lambda rnd: rnd.events)
    source = _Steps(replay)
    run(replay.loop, source)
    assert replay.loop.needs is Needs.OVER
    assert [replay.scores[0], replay.scores[1]] == [log["result"]["scores"]["Ana"], log["result"]["scores"]["Ben"]]
    entries = sum(len(r.get("draft", ())) + len(r["events"]) + 3 + ("color" in r) for r in log["rounds"])
    assert source.given == 1 + entries  # the cut; each round: its start, its deck, picks, turn-up, colour, events


def test_the_statistics_hear_a_game_s_end_from_the_game():
    """The statistics count a game when the game tells its end (``Observer.game_ended``), whoever drives it:
    self-play tells it as it plays, with no call of the statistics' own; a replay of a game cut short never
    does, and ``simulate_stats`` refuses it. Made to fail by counting the game in a ``game_over`` that
    ``simulate_stats`` calls (self-play's count is then 0)."""
    stats = Stats()
    log = simulate_game(5, observer=stats)
    assert stats.games == 1 and stats.rules["GAME-1"] == 1 and stats.rules["DECK-1"] == 1
    assert stats.rules["CUT-1"] == 1 and stats.rules["CUT-2"] == (len(log["cut"]) > 1)
    assert stats.summary() == simulate_stats([log])
    short = dict(log, rounds=log["rounds"][:1])
    del short["result"]
    with pytest.raises(ValueError, match="not a finished game"):
        simulate_stats([short])


def test_the_report_s_figures_are_complete_when_the_game_ends():
    """The report's figures of a game are made at its end, told by the game: measured as played, the game's
    own figures (its rounds, who won) are there once self-play returns, with no call of the report's own."""
    measuring = Measuring(("greedy", "random"), ("Ana", "Ben"))
    log = simulate_game(6, seats=(PLAYERS["greedy"], PLAYERS["random"]), observer=measuring, record=False)
    assert sum(measuring.tally.hists["rounds per game"].values()) == 1
    assert measuring.tally.hists["rounds per game"][len(log["rounds"])] == 1


def test_a_game_refuses_a_step_its_source_gives_out_of_order():
    """Whatever the source, the game refuses a step out of its stage with the rule's id (here a turn-up in
    the middle of the draft: DRAFT-6), and the source is told before the refusal goes on."""
    from referee.engine.steps import TurnUp
    from referee.engine.violation import RuleBroken

    replay = Replay(read_log(simulate_game(2)))
    game = replay.loop
    told = []

    class Wrong:
        def __init__(self):
            self.steps = replay._game(lambda rnd: rnd.events)

        def next_step(self, game):
            if game.needs is Needs.PICK and game.draft.picks == 3:
                return TurnUp(game.pile.top(1)[0])
            return next(self.steps)

        def refused(self, step, broken):
            told.append((type(step).__name__, broken.rule))

    with pytest.raises(RuleBroken) as refused:
        run(game, Wrong())
    assert refused.value.rule == "DRAFT-6" and told == [("TurnUp", "DRAFT-6")]
    assert game.needs is Needs.PICK and game.draft.picks == 3
