"""What happened in a game, counted by watching the engine replay its log.

:class:`GameMetrics` is a :class:`referee.log.replay.Observer`: it reads the engine's own position around each
event — who moves first once the card is turned up, who went out and with what card, what is owed, who
the penalty of a challenge falls on, who is catchable — and never works a rule out for itself. The rule
counts are the simulator's (:class:`referee.play.statistics.Stats`, the observer of
:func:`~referee.play.statistics.simulate_stats`, run alongside).
:func:`measure_game` returns a :class:`Tally` for one game; tallies add up, exactly and in any order
(every count and sum is an integer), so a study of many games is the sum of its games' tallies.

The units: a *game* (rounds per game, who won, the final margin), a *round* (who went out, how, the points,
the events, the challenges and catches, how often each rule fired in it, and how often play used each
parameter of the variant, :data:`USES`), a *volley* (its length in cards and the cards drawn at its end, by
the one definition :class:`referee.play.statistics.Volley` that the rule counts use too), a *Wild Draw 4*
(challenged? a bluff?), a *challenge* (won?), a *play that leaves one card* (UNO forgotten?) and a
*forgotten UNO* (caught?). A rule fired outside every round (the cut, the end of the game) is counted per
game, one fired as a new round begins per round after the first. Rule counts are compared per round, not per
game, so that a variant whose games have more rounds does not seem to fire every rule more often.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from referee.engine.actions import Action
from referee.engine.cards import Card, Kind
from referee.engine.game import Both, GameEnd
from referee.engine.moment import Moment, Pending, UnoState
from referee.engine.round_state import RoundState
from referee.engine.variants import Variant
from referee.log.document import read_log
from referee.log.records import Catch, Challenge, Draw, Dump, Play, SayUno
from referee.log.replay import Observer, Replay
from referee.play.statistics import Stats as RuleCounts  # the simulator's rule counts (FIRES), watched alongside
from referee.play.statistics import Volley, challenge_won

VOLLEY: Final = Pending.VOLLEY
WILD_DRAW_4: Final = Pending.WILD_DRAW_4
PENALTY: Final = Pending.PENALTY
DRAWN: Final = Pending.DRAWN
FINAL: Final = Pending.FINAL
AGAIN: Final = Action.AGAIN
#: The moments at which a player's turn begins: an event made in one of them starts a turn (a playable card
#: just drawn is played or kept in the same turn; an imposed draw ends the turn that brought it).
TURN_STARTS: Final = frozenset((Pending.TURN, Pending.OPENING, Pending.VOLLEY, Pending.WILD_DRAW_4,
                                Pending.TURNED_UP))

#: For every parameter of a variant (:data:`referee.engine.variants.PARAMETERS`), how often play used it:
#: (metric, kind, unit). Each is read from the engine's own moments and events as the game is played: the
#: moment an event was applied in (a Wild Draw 4 laid while a volley is owed; a draw of the penalty WD4-5
#: imposed), the action the engine gives a card (a Reverse that makes its player go again), the cards a
#: round ends with in the scored hand, sorted by their kind (the parameter that prices each).
USES: Final[dict[str, tuple[str, str, str]]] = {
    "deck": ("Wild Custom played", "mean", "rounds"),
    "start": ("round begins with a draft", "rate", "rounds"),
    "action_points": ("Skips, Reverses and Draw 2s scored at the round's end", "mean", "rounds"),
    "wild_points": ("Wilds and Wild Customs scored at the round's end", "mean", "rounds"),
    "wild_draw_4_points": ("Wild Draw 4s scored at the round's end", "mean", "rounds"),
    "scoring": ("round's points go to the player who went out", "rate", "rounds"),
    "target_score": ("round ends the game (a score reached the target)", "rate", "rounds"),
    "reaching_target": ("game won by the player who reached the target", "rate", "games"),
    "volley": ("Draw 2 answering a volley", "mean", "rounds"),
    "wild_draw_4_answers_volley": ("Wild Draw 4 answering a volley", "mean", "rounds"),
    "turned_up_draw_2_answerable": ("turned-up Draw 2 answered", "mean", "rounds"),
    "reverse_dump": ("Reverse dump", "mean", "rounds"),
    "reverse_skips": ("Reverse that makes its player go again", "mean", "rounds"),
    "challenge": ("Wild Draw 4 judged a bluff", "mean", "rounds"),
    "bluff_draw": ("caught bluffer's draw (WD4-4)", "mean", "rounds"),
    "failed_challenge_draw": ("failed challenger's draw (WD4-5)", "mean", "rounds"),
    "uno_penalty": ("forgotten UNO's draw (UNO-2)", "mean", "rounds"),
    "refill": ("discards made the new draw pile", "mean", "rounds"),
    "final_draw": ("draw after going out (END-2)", "mean", "rounds"),
}
#: The per-round counts of :data:`USES` (the means), in the order :class:`GameMetrics` keeps them.
_ROUND_USES: Final = tuple(name for name, (_, kind, _unit) in USES.items() if kind == "mean")
_USE_INDEX: Final = {name: k for k, name in enumerate(_ROUND_USES)}
_DECK, _VOLLEY_D2, _VOLLEY_WD4 = _USE_INDEX["deck"], _USE_INDEX["volley"], _USE_INDEX["wild_draw_4_answers_volley"]
_TURNED_UP_D2, _DUMP, _SKIPS = (_USE_INDEX["turned_up_draw_2_answerable"], _USE_INDEX["reverse_dump"],
                                _USE_INDEX["reverse_skips"])
_BLUFF, _BLUFF_DRAW, _FAILED_DRAW = (_USE_INDEX["challenge"], _USE_INDEX["bluff_draw"],
                                     _USE_INDEX["failed_challenge_draw"])
_UNO_DRAW, _REFILL, _FINAL_DRAW = _USE_INDEX["uno_penalty"], _USE_INDEX["refill"], _USE_INDEX["final_draw"]
_ACTION_LEFT, _WILD_LEFT, _WD4_LEFT = (_USE_INDEX["action_points"], _USE_INDEX["wild_points"],
                                       _USE_INDEX["wild_draw_4_points"])
_USE_METRICS: Final = tuple(USES[name][0] for name in _ROUND_USES)
_PENALTY_USES: Final = {"WD4-4": _BLUFF_DRAW, "WD4-5": _FAILED_DRAW, "UNO-2": _UNO_DRAW}

#: The volley's metrics (in cards, :class:`~referee.play.statistics.Volley`).
VOLLEY_LENGTH: Final = "volley length"
VOLLEY_DRAWN: Final = "cards drawn at a volley's end"
VOLLEY_2: Final = "volley reaches 2 cards"
VOLLEY_3: Final = "volley reaches 3 cards"

#: How a round can end: the kind of the card that went out, by name.
ENDINGS = {Kind.NUMBER: "number", Kind.SKIP: "skip", Kind.REVERSE: "reverse", Kind.DRAW_2: "draw 2",
           Kind.WILD: "wild", Kind.WILD_DRAW_4: "wild draw 4", Kind.WILD_CUSTOM: "wild custom"}
#: Each ending's metric, by the kind of the card that went out (named once, not at every round's end).
_ENDING_METRICS: Final = tuple((kind, f"round ends with a {name}") for kind, name in ENDINGS.items())


#: The unit of a firing between two rounds, as a new round begins.
LATER_ROUND: Final = "round after the first"


def rule_count(rule: str, unit: str) -> str:
    """The name under which ``rule``'s firings per ``unit`` (``"round"``, :data:`LATER_ROUND` or ``"game"``)
    are counted in :attr:`Tally.counts`: ``rule_count("TURN-1", "round")`` is ``"TURN-1 per round"``."""
    return f"{rule} per {unit}"


#: :func:`rule_count`'s names, made once per rule and unit (a round's end counts every rule that fired in it).
_COUNT_NAMES: Final[dict[str, dict[str, str]]] = {}


def _count_names(unit: str) -> dict[str, str]:
    """The names of the rules' counts per ``unit``, by rule id (filled as rules fire)."""
    names = _COUNT_NAMES.get(unit)
    if names is None:
        names = _COUNT_NAMES[unit] = {}
    return names


class Tally:
    """Counts of a set of games: rates (hits of trials), moments (count, sum, sum of squares),
    histograms (value → count) and sparse counts (sum and sum of squares of a count per unit, where the
    units that counted 0 are not recorded: their number is that of the units), each by metric name.
    ``+=`` adds another tally."""

    __slots__ = ("counts", "hists", "moments", "rates")

    def __init__(self) -> None:
        self.rates: dict[str, list[int]] = {}
        self.moments: dict[str, list[int]] = {}
        self.hists: dict[str, Counter[int]] = {}
        self.counts: dict[str, list[int]] = {}

    def rate(self, name: str, hit: bool | int, trials: int = 1) -> None:
        """Count ``trials`` more trials of ``name``, ``hit`` of them hits."""
        slot = self.rates.setdefault(name, [0, 0])
        slot[0] += int(hit)
        slot[1] += trials

    def value(self, name: str, x: int, histogram: bool = False) -> None:
        """Count one value of ``name`` (and, if asked, add it to its histogram)."""
        slot = self.moments.setdefault(name, [0, 0, 0])
        slot[0] += 1
        slot[1] += x
        slot[2] += x * x
        if histogram:
            counts = self.hists.get(name)
            if counts is None:  # (setdefault would make a Counter on every call)
                counts = self.hists[name] = Counter()
            counts[x] += 1

    def count(self, name: str, x: int) -> None:
        """Count one unit's ``x`` (not 0) of ``name``, a sparse count."""
        slot = self.counts.get(name)
        if slot is None:
            slot = self.counts[name] = [0, 0]
        slot[0] += x
        slot[1] += x * x

    def __iadd__(self, other: Tally) -> Tally:
        for name, (hits, trials) in other.rates.items():
            self.rate(name, hits, trials)
        for name, (n, total, squares) in other.moments.items():
            slot = self.moments.setdefault(name, [0, 0, 0])
            slot[0] += n
            slot[1] += total
            slot[2] += squares
        for name, counts in other.hists.items():
            self.hists.setdefault(name, Counter()).update(counts)
        for name, (total, squares) in other.counts.items():
            slot = self.counts.setdefault(name, [0, 0])
            slot[0] += total
            slot[1] += squares
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and (self.rates, self.moments, self.hists, self.counts) == \
            (other.rates, other.moments, other.hists, other.counts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, names sorted (histogram values as text keys, in increasing order)."""
        return {"rates": {k: self.rates[k] for k in sorted(self.rates)},
                "moments": {k: self.moments[k] for k in sorted(self.moments)},
                "histograms": {k: {str(v): c for v, c in sorted(self.hists[k].items())} for k in sorted(self.hists)},
                "counts": {k: self.counts[k] for k in sorted(self.counts)}}


class GameMetrics(Observer):
    """Counts one game's figures into :attr:`tally` as the engine replays it (see the module's units);
    ``fired`` is the rule counts of the observer run alongside (read at each round's start and end)."""

    def __init__(self, fired: dict[str, int] | None = None, names: tuple[str, str] = ("", ""),
                 bots: tuple[str, str] = ("", "")) -> None:
        self.tally = Tally()
        self.names = names                     # the players' names and the styles in their seats
        self.bots = bots
        self.fired: dict[str, int] = {} if fired is None else fired
        self.attributed: dict[str, int] = {}   # each rule's firings already counted to a round or the game
        self.outside: Counter[str] = Counter()  # firings outside every round (the cut, the game's end)
        self.challenges = 0                    # challenges and catches in the round
        self.catches = 0
        self.first_player: int | None = None   # who moved first in round 1
        self.events = 0
        self.turns = 0
        self.volley = Volley()                 # the volley, by the one definition the rule counts use too
        self.uses = [0] * len(_ROUND_USES)     # this round's uses of each parameter (USES)
        self.drafted = False
        self.target = 0                        # the variant's target score (read off the engine's rules)
        self.round_first: tuple[int, int] = (0, 0)
        self.before: tuple = ()
        self.discard = 0                       # the discard pile's size before the event
        self.scored = False

    # -- the hooks ---------------------------------------------------------------------------------

    def round_begins(self, rnd: Any) -> None:
        self.events = 0
        self.turns = 0
        self.volley.round_begins()
        self.uses = [0] * len(_ROUND_USES)
        self.drafted = False
        self.challenges = 0
        self.catches = 0
        self.scored = False
        # Firings since the last round (told after the rule counts' own round_begins): before round 1 they
        # belong to the game; later, to the change of round (the first drafter alternating, DRAFT-7).
        if self.first_player is None:
            outside = self.outside
            for rule, n in self._newly_fired():
                outside[rule] += n
        else:
            self._count(self._newly_fired(), LATER_ROUND)

    def picked(self, draft: Any, pick: Any) -> None:
        self.drafted = True

    def round_scored(self, state: RoundState, points: tuple[int, int]) -> None:
        # (told after the rule counts' own round_scored: the round's last firings are in)
        self._count(self._newly_fired(), "round")

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        # The engine has set whose move it is (START-2, START-5): that player is the round's first player.
        self.round_first = (player_1, state.to_act)
        if self.first_player is None:
            self.first_player = state.to_act
        self.target = state.rules.target_score
        self.volley.turned_up(state)
        if card.kind is Kind.REVERSE and state.actions[card] is AGAIN:
            self.uses[_SKIPS] += 1  # a turned-up Reverse that skips (START-5)

    def before_event(self, state: RoundState, event: Any) -> None:
        self.events += 1
        moment = state.moment
        kind = type(event)
        if kind is not SayUno and kind is not Catch and (
                moment.kind in TURN_STARTS or (moment.kind is DRAWN and event.player != moment.player)):
            self.turns += 1  # (the drawer's opponent moving: the drawn card was kept, the turn passed)
        self.before = (moment, state.out)
        self.discard = len(state.discard)
        self.volley.before_event(state, event)

    def after_event(self, state: RoundState, event: Any) -> None:
        moment_before, out_before = self.before
        kind = type(event)
        volley = self.volley
        if volley.after_event(state, event):
            self._volley_over()
        if kind is Play or kind is Dump:
            self._laid(state, event, moment_before, out_before)
        elif kind is Draw:
            self._drew(state, moment_before)
        elif kind is Challenge:
            self.tally.rate("challenge won", challenge_won(state))
            self.challenges += 1
        elif kind is Catch:
            self.tally.rate("forgotten UNO caught", 1, trials=0)
            self.catches += 1  # the trial was counted when it was forgotten
        if state.over and not self.scored:
            self._scored(state)

    # -- what the hooks read ---------------------------------------------------------------------

    def _drew(self, state: RoundState, before: Moment) -> None:
        """A draw: a penalty paid, the draw after going out, the discards turned into a new pile."""
        uses = self.uses
        if before.kind is PENALTY:
            uses[_PENALTY_USES[before.rule]] += 1  # type: ignore[index]
        elif before.kind is FINAL:
            uses[_FINAL_DRAW] += 1
        if len(state.discard) < self.discard:
            uses[_REFILL] += 1

    def _laid(self, state: RoundState, event: Any, before: Moment, out_before: int | None) -> None:
        tally = self.tally
        uses = self.uses
        player = event.player
        top = state.top  # the last card laid
        went_out = out_before is None and state.out is not None
        moment = state.moment
        if before.kind is VOLLEY:
            uses[_VOLLEY_D2 if top.kind is Kind.DRAW_2 else _VOLLEY_WD4] += 1
            if self.volley.answered_turned_up:
                uses[_TURNED_UP_D2] += 1
        if type(event) is Dump or event.dump:
            uses[_DUMP] += 1
        if top.kind is Kind.REVERSE and state.actions[top] is AGAIN:
            uses[_SKIPS] += 1
        elif top.kind is Kind.WILD_CUSTOM:
            uses[_DECK] += 1
        if moment.kind is WILD_DRAW_4:
            tally.rate("Wild Draw 4 is a bluff", moment.bluff)
            if moment.bluff:
                uses[_BLUFF] += 1
        if len(state.hands[player]) == 1:
            forgot = state.uno[player] is UnoState.CATCHABLE
            tally.rate("UNO forgotten", forgot)
            if forgot:
                tally.rate("forgotten UNO caught", 0)  # a hit if the catch comes
        if went_out:
            laid = len(event.laid)
            for card_kind, metric in _ENDING_METRICS:
                tally.rate(metric, top.kind is card_kind)
            tally.rate("round ends with a dump", laid > 1)

    def _volley_over(self) -> None:
        tally = self.tally
        cards = self.volley.cards
        tally.value(VOLLEY_LENGTH, cards, histogram=True)
        tally.value(VOLLEY_DRAWN, self.volley.drawn, histogram=True)
        tally.rate(VOLLEY_2, cards >= 2)
        tally.rate(VOLLEY_3, cards >= 3)

    def _scored(self, state: RoundState) -> None:
        self.scored = True
        tally = self.tally
        player_1, first = self.round_first
        points = state.points()
        tally.value("events per round", self.events, histogram=True)
        tally.value("turns per round", self.turns, histogram=True)
        tally.value("points per round", points[0] + points[1], histogram=True)
        tally.rate("first drafter goes out", state.out == player_1)
        tally.rate("first player goes out", state.out == first)
        tally.value("challenges per round", self.challenges)
        tally.value("catches per round", self.catches)
        uses = self.uses
        for card in state.hands[1 - state.out]:  # the scored hand, each card priced by its kind's parameter
            kind = card.kind
            if kind is Kind.WILD_DRAW_4:
                uses[_WD4_LEFT] += 1
            elif kind.is_wild:
                uses[_WILD_LEFT] += 1
            elif kind is not Kind.NUMBER:
                uses[_ACTION_LEFT] += 1
        for name, n in zip(_USE_METRICS, uses, strict=True):
            tally.value(name, n)
        tally.rate(USES["start"][0], self.drafted)
        tally.rate(USES["scoring"][0], points[state.out] > 0)

    def _newly_fired(self) -> list[tuple[str, int]]:
        """The rule firings since the last look, as (rule id, how many), only the rules that fired; they
        count as looked at."""
        seen = self.attributed
        new = []
        for rule, n in self.fired.items():
            before = seen.get(rule, 0)
            if n != before:
                new.append((rule, n - before))
                seen[rule] = n
        return new

    def _count(self, fired: list[tuple[str, int]], unit: str) -> None:
        """Count ``fired`` (rule id, how many) as one ``unit``'s firings, rule by rule (a sparse count)."""
        names = _count_names(unit)
        tally = self.tally
        for rule, n in fired:
            name = names.get(rule)
            if name is None:
                name = names[rule] = rule_count(rule, unit)
            tally.count(name, n)

    # -- the game --------------------------------------------------------------------------------

    def game_ended(self, end: GameEnd) -> None:
        """The game has ended (told by the game, :meth:`Observer.game_ended`): its own figures -- who won,
        how many rounds, the margin; the rules fired outside its rounds (told after the rule counts' own
        ``game_ended``, :class:`Measuring`)."""
        names, bots = self.names, self.bots
        tally = self.tally
        winner = end.winner
        first_drafter = end.first_drafter
        scores = end.scores
        tally.value("rounds per game", end.rounds, histogram=True)
        tally.value("final margin", abs(scores[0] - scores[1]), histogram=True)
        tally.rate("round 1's first drafter wins the game", winner == first_drafter)
        tally.rate(USES["target_score"][0], True, trials=end.rounds)  # reached: the game ended
        tally.rate(USES["reaching_target"][0], winner is not None and scores[winner] >= self.target)
        tally.rate(f"seat {names[0]} wins the game", winner == 0)
        tally.rate("game drawn (equal scores)", winner is None)
        if bots[0] != bots[1]:
            for seat, bot in enumerate(bots):
                tally.rate(f"{bot} wins the game", winner == seat)
        challengeable = self.tally.rates.get("Wild Draw 4 is a bluff", [0, 0])[1]
        challenged = self.tally.rates.get("challenge won", [0, 0])[1]
        tally.rate("Wild Draw 4 challenged", challenged, challengeable)
        outside = self.outside
        for rule, n in self._newly_fired():
            outside[rule] += n
        self._count(list(outside.items()), "game")


class NotLegal(ValueError):
    """A game handed to :func:`measure_game` breaks a rule (self-play must never produce one)."""


def measure_game(log: dict, bots: tuple[str, str], variant: Variant | None = None) -> Tally:
    """Replay ``log`` (a legal, complete game) with :class:`GameMetrics` watching; ``bots`` names the
    styles in the log's two seats. ``variant`` overrides the log's (for variants no registry knows)."""
    game = read_log(log, variant)
    measuring = Measuring(bots, game.players)
    verdict = Replay(game, measuring).run()
    if not verdict.legal:
        v = verdict.violation
        raise NotLegal(f"not a legal game: {v.rule} at {v.pointer}: {v.message}")
    if not verdict.complete:
        raise NotLegal("not a finished game: its end was never told")
    return measuring.tally


class Measuring(Both):
    """The two observers of one game — the simulator's rule counts and :class:`GameMetrics` — told of every
    step by a replay (:func:`measure_game`) or by self-play as it plays (``simulate_game(..., observer=...)``);
    once the game has ended (:meth:`~referee.engine.game.Observer.game_ended`), :attr:`tally` is the game's
    figures, the same either way (the test suite checks it). ``names`` are the players' (``bots`` the styles
    in their seats, for the figures that tell them apart)."""

    def __init__(self, bots: tuple[str, str], names: tuple[str, str]):
        rules = RuleCounts()
        self.metrics = GameMetrics(rules.rules, names, bots)
        super().__init__(rules, self.metrics)

    @property
    def tally(self) -> Tally:
        """The game's figures (complete once the game has ended)."""
        return self.metrics.tally


__all__ = ["ENDINGS", "LATER_ROUND", "USES", "VOLLEY_2", "VOLLEY_3", "VOLLEY_DRAWN", "VOLLEY_LENGTH", "Both",
           "GameMetrics", "Measuring", "NotLegal", "Tally", "measure_game", "rule_count"]
