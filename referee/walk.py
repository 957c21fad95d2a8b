"""Walking through a game log entry by entry, with the position after each: what a replay viewer shows.

>>> from referee.walk import walk
>>> for step in walk(document):
...     step.pointer, step.entry, step.position   # "/rounds/0/events/3", {"player": ...}, {"hands": ...}

:func:`walk` replays the log once with the engine's own :class:`~referee.log.replay.Replay`, listening through
its :class:`~referee.log.replay.Observer` hooks, and records one :class:`Step` for every entry the engine
accepted — each cut, each draft pick, a round's stated set-up, the turned-up card, every event, the claimed
results — then, when an entry breaks a rule, a last step for that entry carrying the violation and the
position just before it (the valid prefix the verdict describes). Nothing here judges anything: the steps
are what the engine reported, in the order it reported them.

What this module relies on in the engine (and nothing else), so that a change there is easy to follow:

- ``Replay(game, observer)``, ``Replay.run()`` and the hooks ``round_begins``, ``picked``, ``turned_up``,
  ``before_event`` and ``after_event``, each called after the engine has accepted what it reports (except
  ``round_begins`` and ``before_event``, called before);
- ``Replay``'s attributes ``names``, ``scores``, ``round_index``, ``state`` and ``draft``;
- a round in play (``RoundState``): ``position(number)``, ``over`` and ``to_act``; a draft (``Draft``):
  ``position(number)``, ``done`` and ``to_pick`` — the typed :class:`~referee.log.verdict.Position` the verdict
  itself gives, written with ``to_dict``;
- the verdict's ``violation``, ``position``, ``next`` and ``scores``.

Each step's position has the shape of the verdict's ``position`` (docs/log-format.md); a test holds every
step's position to the verdict of the log cut after that entry.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from referee.log.document import RoundLog, read_log
from referee.log.replay import Observer, Replay
from referee.log.verdict import Verdict, Violation

#: What a step's entry is.
KINDS = ("cut", "pick", "setup", "turn_up", "event", "round_result", "game_result", "other")


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the log and the position after it.

    ``pointer`` is the entry's RFC 6901 pointer into the document, ``entry`` the entry as the document
    writes it, ``kind`` one of :data:`KINDS`. ``position`` has the shape of the verdict's ``position`` (None
    before the first round's cards exist); ``to_act`` is who acts next (None once a round is over);
    ``scores`` are the game's scores after the entry. For the entry that breaks a rule, ``violation`` is
    set and ``position``, ``to_act`` and ``scores`` are those just before it.
    """

    pointer: str
    kind: str
    entry: Any
    position: dict[str, Any] | None
    to_act: str | None
    scores: dict[str, int]
    violation: Violation | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"pointer": self.pointer, "kind": self.kind, "entry": self.entry, "position": self.position,
                "to_act": self.to_act, "scores": self.scores,
                "violation": self.violation.to_dict() if self.violation else None}


@dataclass(frozen=True, slots=True)
class Walk:
    """Every step of one log, in order, and the engine's verdict on the whole log."""

    steps: tuple[Step, ...]
    verdict: Verdict

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)


def walk(document: Any, variant: Any = None) -> Walk:
    """Replay ``document`` (a parsed game log) and return its steps; iterate it for each :class:`Step`.

    The whole log is replayed at the call. Raises :class:`~referee.errors.MalformedLog` when the document
    is not a well-formed log, exactly as :func:`referee.judge` does.
    """
    game = read_log(document, variant)
    recorder = _Recorder(document, game.players)
    replay = Replay(game, recorder)
    recorder.replay = replay
    verdict = replay.run()
    return Walk(tuple(recorder.finish(verdict)), verdict)


def resolve(document: Any, pointer: str) -> Any:
    """The value at RFC 6901 ``pointer`` in ``document``, or None when there is none."""
    node = document
    if not pointer:
        return node
    for token in pointer.lstrip("/").split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            return None
    return node


@dataclass(slots=True)
class _Pending:
    """A step being recorded; its scores are read when the engine next reports (a round is scored
    after its last event)."""

    pointer: str
    kind: str
    position: dict[str, Any] | None
    to_act: str | None
    scores: dict[str, int] | None = field(default=None)


class _Recorder(Observer):
    """Listens to one replay and keeps its steps."""

    def __init__(self, document: Any, names: tuple[str, str]):
        self.document = document
        self.names = names
        self.replay: Replay | None = None
        self.pending: list[_Pending] = []
        self.round: RoundLog | None = None
        self.picks = 0
        self.events = 0             # events of the round reported so far
        self.setup_open = False     # the round's set-up is accepted but not yet recorded
        self.result_open = False    # the round's claimed result is to be recorded once it is scored

    # -- the hooks ------------------------------------------------------------------------------

    def round_begins(self, rnd: RoundLog) -> None:
        self._settle()
        self._close_round()
        self.round, self.picks, self.events = rnd, 0, 0
        self.setup_open = rnd.setup is not None
        self.result_open = False

    def picked(self, draft, pick) -> None:
        self._settle()
        self._add("pick", f"{self._round_pointer()}/draft/{self.picks}", self._draft_position(draft),
                  None if draft.done else self.names[draft.to_pick])
        self.picks += 1

    def turned_up(self, state, card, player_1) -> None:
        self._settle()
        if self.setup_open:  # a stated set-up followed by a turned-up card: no position between them
            self._add("setup", f"{self._round_pointer()}/setup", None, None)
            self.setup_open = False
        self._add("turn_up", f"{self._round_pointer()}/turn_up", *self._play(state))
        self.result_open = self.round.result is not None

    def before_event(self, state, event) -> None:
        self._settle()
        if self.setup_open:  # play begins from the stated position
            self._add("setup", f"{self._round_pointer()}/setup", *self._play(state))
            self.setup_open = False
            self.result_open = self.round.result is not None

    def after_event(self, state, event) -> None:
        self._settle()
        self._add("event", f"{self._round_pointer()}/events/{self.events}", *self._play(state))
        self.events += 1

    # -- the end ----------------------------------------------------------------------------------

    def finish(self, verdict: Verdict) -> list[Step]:
        """The steps, once the replay has run: cuts first, the violating entry (if any) last."""
        violation = verdict.violation
        broken = violation.pointer if violation else None
        self._close_round(broken)
        if broken is None and isinstance(self.document, dict) and "result" in self.document:
            state = self.replay.state
            self._add("game_result", "/result", *(self._play(state) if state is not None else (None, None)))
        for step in self.pending:
            if step.scores is None:
                step.scores = dict(verdict.scores)
        steps = self._cuts(broken)
        steps += [Step(p.pointer, p.kind, resolve(self.document, p.pointer), p.position, p.to_act, p.scores)
                  for p in self.pending]
        if violation is not None:
            to_act = self.names[verdict.next.player] if verdict.next and verdict.next.player is not None else None
            position = verdict.position.to_dict() if verdict.position else None
            steps.append(Step(violation.pointer, _kind_of(violation.pointer),
                              resolve(self.document, violation.pointer), position, to_act,
                              dict(verdict.scores), violation))
        return steps

    def _cuts(self, broken: str | None) -> list[Step]:
        """The cuts the engine accepted: all of them, or those before the one that broke CUT-2."""
        cuts = self.document.get("cut") if isinstance(self.document, dict) else None
        count = len(cuts) if isinstance(cuts, list) else 0
        if broken is not None and broken.startswith("/cut/"):
            count = int(broken.split("/")[2])
        zero = {name: 0 for name in self.names}
        return [Step(f"/cut/{i}", "cut", cuts[i], None, None, zero) for i in range(count)]

    def _close_round(self, broken: str | None = None) -> None:
        """Record what the round left to record: a set-up with no event after it, the claimed result."""
        if self.round is None:
            return
        pointer = self._round_pointer()
        mine = self.replay.state is not None and self.replay.round_index == self.round.index
        if self.setup_open and mine:  # a set-up the engine accepted, with no event after it
            self._add("setup", f"{pointer}/setup", *self._play(self.replay.state))
        self.setup_open = False
        if self.result_open and mine and self.replay.state.over and broken != f"{pointer}/result":
            self._add("round_result", f"{pointer}/result", *self._play(self.replay.state))
        self.result_open = False

    # -- positions --------------------------------------------------------------------------------

    def _round_pointer(self) -> str:
        return f"/rounds/{self.round.index}"

    def _add(self, kind: str, pointer: str, position: dict | None, to_act: str | None) -> None:
        self.pending.append(_Pending(pointer, kind, position, to_act))

    def _settle(self) -> None:
        """Give the steps recorded so far the scores as they stand now."""
        scores = None
        for step in reversed(self.pending):
            if step.scores is not None:
                break
            if scores is None:
                scores = {self.names[i]: self.replay.scores[i] for i in (0, 1)}
            step.scores = scores

    def _play(self, state) -> tuple[dict, str | None]:
        """The position of a round in play, and who acts next."""
        position = state.position(self.replay.round_index + 1).to_dict()
        return position, None if state.over else self.names[state.to_act]

    def _draft_position(self, draft) -> dict:
        return draft.position(self.replay.round_index + 1).to_dict()


def _kind_of(pointer: str) -> str:
    """What kind of entry a violation's pointer names."""
    parts = pointer.split("/")
    if parts[1:2] == ["cut"]:
        return "cut"
    if pointer == "/result":
        return "game_result"
    if len(parts) >= 4 and parts[1] == "rounds":
        return {"draft": "pick", "setup": "setup", "turn_up": "turn_up", "events": "event",
                "result": "round_result"}.get(parts[3], "other")
    return "other"


__all__ = ["KINDS", "Step", "Walk", "resolve", "walk"]
