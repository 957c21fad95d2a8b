"""From tallies to the report's figures: every metric with its 95 % interval, A − B with its own, the
correction for comparing many at once, and the finding in words.

:func:`summarise` returns the JSON-ready report (the ``report.json`` the command writes): the studies
(variant, games, seed, styles, who sat where), the method, the finding (the differences that stay clear,
ranked by size, and what did not change), one row per metric grouped as the report shows them, the
histograms, and the raw tallies every figure was computed from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.rules import RULES
from referee.engine.variants import PARAMETERS
from referee.play.players import get_player
from referee.report.intervals import LEVEL, NO_DATA, Estimate, Moments, Z, holm, mover, p_value, score_mean, wilson
from referee.report.metrics import ENDINGS, LATER_ROUND, USES, Tally, rule_count
from referee.report.study import SEATS, Study
from referee.report.writing import difference, number

FORMAT = "uno-duo-report/2"
#: The group of the rule counts: how often each rule fired, per round (per game for the cut and the end).
RULES_GROUP = "Rules fired"
#: The group of the metrics of the parameters in which the studies' variants differ: it heads the report.
CHANGED_GROUP = "The changed rules, used"
#: The group of how play used every other parameter.
USES_GROUP = "How play used the other rules"
#: A difference is flagged where its Holm-adjusted p-value is below this (the family's error rate).
ALPHA = 1 - LEVEL

#: (group, metric, what one trial is). Rates first, then means, in the order the report shows.
RATES: tuple[tuple[str, str, str], ...] = (
    ("Who wins", "round 1's first drafter wins the game", "games"),
    ("Who wins", f"seat {SEATS[0]} wins the game", "games"),
    ("Who wins", "first drafter goes out", "rounds"),
    ("Who wins", "first player goes out", "rounds"),
    ("Who wins", "game drawn (equal scores)", "games"),
    *(("How rounds end", f"round ends with a {name}", "rounds") for name in ENDINGS.values()),
    ("How rounds end", "round ends with a dump", "rounds"),
    ("Volleys", "volley reaches 2 cards", "volleys"),
    ("Volleys", "volley reaches 3 cards", "volleys"),
    ("Challenges", "Wild Draw 4 challenged", "Wild Draw 4s owed"),
    ("Challenges", "challenge won", "challenges"),
    ("Challenges", "Wild Draw 4 is a bluff", "Wild Draw 4s owed"),
    ("UNO", "UNO forgotten", "plays leaving one card"),
    ("UNO", "forgotten UNO caught", "forgotten UNOs"),
)
#: (group, metric, unit, floor): means of counts and sizes, each at least ``floor``.
MEANS: tuple[tuple[str, str, str, int], ...] = (
    ("Length", "rounds per game", "games", 1),
    ("Length", "events per round", "rounds", 0),
    ("Length", "turns per round", "rounds", 1),
    ("Volleys", "volley length", "volleys", 1),
    ("Volleys", "cards drawn at a volley's end", "volleys", 0),
    ("Challenges", "challenges per round", "rounds", 0),
    ("UNO", "catches per round", "rounds", 0),
    ("Points", "points per round", "rounds", 0),
    ("Points", "final margin", "games", 0),
)
#: The order of the groups.
GROUPS = (CHANGED_GROUP, "Who wins", "Length", "How rounds end", "Volleys", "Challenges", "UNO", "Points", USES_GROUP,
          RULES_GROUP)

#: The figures a designer asks about first: the finding names them when they did not change, and a sweep
#: draws them against its parameter.
HEADLINE = ("first player goes out", "round 1's first drafter wins the game",
            "rounds per game", "events per round", "turns per round", "points per round", "final margin",
            "volley length", "cards drawn at a volley's end",
            "challenge won", "round ends with a dump")

#: What each figure needs the seated styles to be able to do at all (their declared habits,
#: :class:`referee.play.players.Strategy`): (needed of one style, needed of its opponent or None, and what the
#: styles lack when no seating has it).
_FORGETTING = ("forgets_uno", None, "no seat forgets UNO")
_CATCHING = ("forgets_uno", "catches", "no seat forgets UNO against an opponent who catches")
_CHALLENGING = ("challenges_wild_draw_4", None, "no seat challenges a Wild Draw 4")
_HABITS: dict[str, tuple[str, str | None, str]] = {
    "UNO forgotten": _FORGETTING,
    "forgotten UNO caught": _CATCHING,
    "catches per round": _CATCHING,
    "Wild Draw 4 challenged": _CHALLENGING,
    "challenge won": _CHALLENGING,
    "challenges per round": _CHALLENGING,
    **{f"round ends with a {name}": ("holds_wilds", None, "every seat plays its wilds first")
       for kind, name in ENDINGS.items() if kind.name.startswith("WILD")},
}

#: How a difference reads in words, by metric: (more, less), each with {} for its size.
_READINGS: dict[str, tuple[str, str]] = {
    "rounds per game": ("games last {} rounds longer", "games last {} rounds fewer"),
    "events per round": ("rounds last {} events longer", "rounds last {} events fewer"),
    "turns per round": ("rounds last {} turns longer", "rounds last {} turns fewer"),
    "volley length": ("volleys run {} cards longer", "volleys run {} cards shorter"),
    "cards drawn at a volley's end": ("{} more cards drawn at a volley's end",
                                      "{} fewer cards drawn at a volley's end"),
    "points per round": ("a round scores {} points more", "a round scores {} points fewer"),
    "final margin": ("games end {} points further apart", "games end {} points closer"),
    "challenges per round": ("{} more challenges a round", "{} fewer challenges a round"),
    "catches per round": ("{} more catches a round", "{} fewer catches a round"),
}

METHOD = (
    f"Every figure comes with a {LEVEL:.0%} interval that cannot leave its range. Rates (hits of trials) use "
    "the Wilson score interval. Means of counts and sizes (rule firings, challenges and catches per round, "
    "rounds per game, points, volley length) use the score interval of a Poisson mean scaled by the "
    "values' own dispersion (quasi-Poisson): it leans towards the long tail and never falls below the "
    "least possible value, so a count seen 0 times in n rounds gets [0, 3.84/n]. A difference A − B is "
    "built from the two intervals (MOVER, Zou & Donner 2008; for rates this is Newcombe's method 10). Rule "
    "counts are per round (the cut and the game's end per game, the change of first drafter per round "
    "after the first), so a variant whose games have more rounds does not seem to fire every rule more "
    "often. Rounds are counted as independent units (each has a fresh shuffle; the styles ignore the "
    "score). Every study is played from the same seeds, and the two styles swap seats every game. Metrics "
    "are read from the engine's own position at every step as each game is played (the figures a replay "
    "of its log gives)."
)


@dataclass(frozen=True, slots=True)
class Result:
    """A study and the tally of its games."""

    study: Study
    tally: Tally


@dataclass(frozen=True, slots=True)
class Metric:
    """One row of the report: where it is shown, what it measures and how its interval is made."""

    group: str
    metric: str
    kind: str          # "rate" or "mean"
    unit: str          # what one trial or value is: games, rounds, volleys…
    floor: int = 0     # a mean's least possible value
    name: str = ""     # a rule's title, for the rule rows
    per: str = ""      # a rule row's unit, as :func:`~referee.report.metrics.rule_count` names it
    parameter: str = ""  # the variant's parameter whose use it counts (:data:`~referee.report.metrics.USES`)

    def data(self, tally: Tally) -> tuple[int, int] | Moments:
        """The counts behind this figure in ``tally``: (hits, trials) of a rate, or the moments of a mean."""
        if self.kind == "rate":
            hits, trials = tally.rates.get(self.metric, (0, 0))
            return hits, trials
        if self.per:
            total, squares = tally.counts.get(rule_count(self.metric, self.per), (0, 0))
            return Moments(_units(tally, self.per), total, squares)
        n, total, squares = tally.moments.get(self.metric, (0, 0, 0))
        return Moments(n, total, squares)

    def interval(self, tally: Tally, z: float = Z) -> Estimate:
        """The figure in ``tally`` with its interval at ``z``."""
        data = self.data(tally)
        if isinstance(data, Moments):
            return score_mean(data, self.floor, z)
        return wilson(*data, z)

    def cell(self, tally: Tally) -> dict[str, Any]:
        """The figure as the report shows it, with the counts behind it."""
        data = self.data(tally)
        estimate = self.interval(tally)
        if isinstance(data, Moments):
            sd = None if data.variance is None else data.variance ** 0.5
            return {**estimate.to_dict(), "n": data.n, "sd": sd}
        return {**estimate.to_dict(), "hits": data[0], "trials": data[1]}

    def reading(self, size: str, more: bool) -> str:
        """What a difference of ``size`` (more or less under A) means for play, in words."""
        if self.metric in _READINGS:
            return _READINGS[self.metric][0 if more else 1].format(size)
        if self.parameter and self.kind == "mean":
            return f"{self.metric} ({self.parameter}): {size} {'more' if more else 'fewer'} a {self.unit[:-1]}"
        if self.kind == "rate":
            return f"{self.metric}: {size} points {'more' if more else 'less'} often"
        if self.group == RULES_GROUP:
            return f"{self.metric} ({self.name}) fires {size} times {'more' if more else 'less'} a {self.per}"
        return f"{self.metric}: {size} {'more' if more else 'less'}"


def _units(tally: Tally, per: str) -> int:
    """The number of rounds, rounds after the first, or games a tally counted."""
    rounds = tally.moments.get("events per round", (0,))[0]
    games = tally.moments.get("rounds per game", (0,))[0]
    return {"round": rounds, LATER_ROUND: rounds - games}.get(per, games)


def changed_parameters(results: list[Result]) -> tuple[str, ...]:
    """The parameters whose values differ among the studies' variants, in their declared order."""
    rules = [result.study.variant.rules for result in results]
    return tuple(name for name in PARAMETERS if len({getattr(r, name) for r in rules}) > 1)


def catalogue(results: list[Result], changed: tuple[str, ...] | None = None) -> list[Metric]:
    """Every row the report shows for ``results``, in its order: how play used each parameter that differs
    (``changed``, by default :func:`changed_parameters`), the rates (with each style's win rate where the
    two styles differ), the means, how play used every other parameter, and each rule that fired, per round
    where it fired in a round, per round after the first where it fired as one began, else per game."""
    if changed is None:
        changed = changed_parameters(results)
    uses = sorted(USES, key=lambda name: name not in changed)  # (stable: the declared order within each)
    rates = [Metric(CHANGED_GROUP if name in changed else USES_GROUP, USES[name][0], USES[name][1], USES[name][2],
                    parameter=name) for name in uses]
    rates += [Metric(group, name, "rate", unit) for group, name, unit in RATES]
    for result in results:
        bots = result.study.bots
        if bots[0] != bots[1]:
            for bot in bots:
                row = Metric("Who wins", f"{bot} wins the game", "rate", "games")
                if row not in rates:
                    rates.insert(len(USES) + 2, row)
    means = [Metric(group, name, "mean", unit, floor) for group, name, unit, floor in MEANS]
    fired = {name for result in results for name in result.tally.counts}
    for rid, rule in RULES.items():
        for per in ("round", LATER_ROUND, "game"):
            if rule_count(rid, per) in fired:
                means.append(Metric(RULES_GROUP, rid, "mean", per.replace("round", "rounds", 1) if per != "game"
                                    else "games", name=rule.title, per=per))
                break
    rows = rates + means
    rows.sort(key=lambda m: GROUPS.index(m.group))  # stable: the catalogue's order within a group
    return rows


def not_measured(metric: Metric, bots: tuple[str, str]) -> str | None:
    """Why the seated styles cannot move ``metric`` (from their declared habits), or None if they can."""
    need = _HABITS.get(metric.metric)
    if need is None:
        return None
    habit, opponent_habit, lack = need
    styles = (get_player(bots[0]), get_player(bots[1]))
    for one, other in (styles, styles[::-1]):
        if getattr(one, habit) and (opponent_habit is None or getattr(other, opponent_habit)):
            return None
    return f"not measured with these styles ({', '.join(dict.fromkeys(bots))}: {lack})"


def _difference(metric: Metric, a: Tally, b: Tally) -> dict[str, Any]:
    def at(z: float) -> Estimate:
        return mover(metric.interval(a, z), metric.interval(b, z))

    estimate = at(Z)
    p = p_value(at) if estimate.low is not None else None
    return {**estimate.to_dict(), "excludes_zero": estimate.excludes_zero, "p": p}


def _size(row: dict[str, Any]) -> float:
    """A difference's size, comparable across units: its share of the larger of the two figures."""
    larger = max(abs(row["A"]["value"]), abs(row["B"]["value"]))
    return abs(row["difference"]["value"]) / larger if larger else 0.0


def summarise(a: Result, b: Result | None = None, changed: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The report as JSON-ready data (see the module's description). ``changed`` names the parameters whose
    use heads the report (by default those in which the two studies' variants differ; a sweep names its
    own)."""
    results = [a] if b is None else [a, b]
    if changed is None:
        changed = changed_parameters(results)
    labels = ["A", "B"][:len(results)]
    rows: list[dict[str, Any]] = []
    for metric in catalogue(results, changed):
        row: dict[str, Any] = {"group": metric.group, "metric": metric.metric, "kind": metric.kind,
                               "unit": metric.unit}
        if metric.name:
            row["name"] = metric.name
            row["per"] = metric.per
        if metric.parameter:
            row["parameter"] = metric.parameter
        why = [not_measured(metric, result.study.bots) for result in results]
        for label, result, reason in zip(labels, results, why, strict=True):
            row[label] = {**metric.cell(result.tally), "not_measured": reason}
        if b is not None:
            row["difference"] = (_difference(metric, a.tally, b.tally) if not any(why)
                                 else {**NO_DATA.to_dict(), "excludes_zero": False, "p": None})
        rows.append(row)
    family = _correct(rows) if b is not None else 0
    if b is not None:
        _summarise_rules(rows, changed)
    histograms = sorted({name for r in results for name in r.tally.hists})
    studies = [_study(r.study) for r in results]
    return {
        "format": FORMAT,
        "level": LEVEL,
        "method": METHOD,
        "correction": _correction_text(family) if b is not None else None,
        "changed": {name: [study["variant"]["rules"][name] for study in studies] for name in changed},
        "studies": {label: study for label, study in zip(labels, studies, strict=True)},
        "finding": finding(rows, studies, changed, family),
        "metrics": rows,
        "histograms": {name: {label: {str(v): c for v, c in sorted(r.tally.hists.get(name, {}).items())}
                              for label, r in zip(labels, results, strict=True)} for name in histograms},
        "tallies": {label: r.tally.to_dict() for label, r in zip(labels, results, strict=True)},
    }


def _summarise_rules(rows: list[dict[str, Any]], changed: tuple[str, ...]) -> None:
    """Mark ``summarised`` the rule rows no changed parameter governs and whose difference is not flagged:
    the tables leave them out and say, in one line, how many fired as often in both."""
    governed = {rule for name in changed for rule in PARAMETERS[name].rules}
    for row in rows:
        if row["group"] == RULES_GROUP and row["metric"] not in governed and not row["difference"]["flagged"]:
            row["summarised"] = True


def players_note(studies: list[dict[str, Any]], changed: tuple[str, ...]) -> str | None:
    """A line for the report's first lines when the seated styles weigh none of the ``changed`` parameters in
    their choices (each style's :attr:`~referee.play.players.Strategy.reads`), else None."""
    if not changed:
        return None
    bots = list(dict.fromkeys(bot for study in studies for bot in study["bots"]))
    if any(name in get_player(bot).reads for bot in bots for name in changed):
        return None
    return (f"The styles seated ({', '.join(bots)}) weigh none of the rules that differ ({', '.join(changed)}) "
            f"in their choices: they play what the engine allows, so these figures show the rule's effect on "
            f"players who do not adapt to it, not on players who would.")


def edge_style(bots: list[str]) -> str | None:
    """The style whose win rate is "the skilled player's edge": ``expert`` (any of its levels) where it is
    seated, else the first of two different styles; None when both seats hold one style."""
    if len(set(bots)) < 2:
        return None
    return next((bot for bot in bots if bot.startswith("expert")), bots[0])


def _edge(metrics: dict[str, dict[str, Any]], studies: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The skilled player's edge in each study (its win rate with its interval) and, with two, A − B."""
    bots = studies[0]["bots"]
    style = edge_style(bots)
    if style is None:
        return None
    row = metrics[f"{style} wins the game"]
    other = next(bot for bot in bots if bot != style)
    labels = ["A", "B"][:len(studies)]
    edge = {"style": style, "against": other, "metric": row["metric"], **{label: row[label] for label in labels}}
    if "difference" in row:
        edge["difference"] = row["difference"]
    parts = [f"{label}: {_figure_words(row[label], 'rate')}" for label in labels]
    if "difference" in row:
        parts.append(f"A − B {difference(row['difference'], 'rate')}")
    edge["text"] = f"{style} wins against {other}: " + "; ".join(parts)
    return edge


def _per_round(value: float, kind: str, unit: str) -> str:
    """How often a parameter was used, in words a designer can picture: ``once in 22 rounds``."""
    if kind == "rate":
        return f"in {value * 100:.1f} % of {unit}"
    if value == 0:
        return "never"
    if value < 0.5:
        return f"once in {1 / value:.0f} {unit} ({number(value)} a {unit[:-1]})"
    return f"{number(value)} times a {unit[:-1]}"


def not_shown(d: dict[str, Any], kind: str, family: int) -> str:
    """The words for a difference whose interval excludes 0 alone but which is not flagged: it is not shown to
    change once corrected for the ``family`` comparisons, its interval given as uncorrected."""
    value, _, interval = difference(d, kind).partition(" [")
    return f"not shown to change after correcting for {family} comparisons (A − B {value}, uncorrected " \
           f"interval [{interval})"


def verdict(rows: list[dict[str, Any]], studies: list[dict[str, Any]], changed: tuple[str, ...],
            family: int) -> str:
    """One sentence to act on: how often the changed rules were used in each variant, whether rounds got
    longer (in events and in turns), and whether the skilled player's edge moved -- a difference not flagged
    after the correction for the ``family`` comparisons said "unchanged" only where its interval holds 0."""
    metrics = {m["metric"]: m for m in rows}
    names = [study["variant"]["name"] for study in studies]
    parts = []
    for row in rows:
        if row.get("parameter") in changed:
            used = [_per_round(row[label]["value"] or 0, row["kind"], row["unit"]) for label in ("A", "B")]
            parts.append(f"{row['metric']} ({row['parameter']}) {used[0]} under {names[0]}, {used[1]} under "
                         f"{names[1]}")
    if not changed:
        parts.append(f"{names[0]} and {names[1]} set every parameter alike")
    events, turns = metrics["events per round"], metrics["turns per round"]
    if events["difference"]["flagged"] or turns["difference"]["flagged"]:
        longer = events["difference"]["value"] > 0
        parts.append(f"rounds are {'longer' if longer else 'shorter'} under {names[0]} by "
                     f"{number(abs(events['difference']['value']))} events "
                     f"({number(abs(turns['difference']['value']))} turns)")
    elif events["difference"]["excludes_zero"] or turns["difference"]["excludes_zero"]:
        parts.append(f"rounds are not shown to be longer or shorter after correcting for {family} comparisons "
                     f"(events per round {difference(events['difference'], 'mean')}; turns "
                     f"{difference(turns['difference'], 'mean')}; intervals uncorrected)")
    else:
        parts.append(f"rounds are neither longer nor shorter (events per round "
                     f"{difference(events['difference'], 'mean')}; turns {difference(turns['difference'], 'mean')})")
    edge = _edge(metrics, studies)
    if edge is not None:
        d = edge["difference"]
        who = "the better player's edge" if edge["style"].startswith("expert") else \
            f"{edge['style']}'s edge over {edge['against']}"
        if d.get("flagged"):
            parts.append(f"{who} {'rises' if d['value'] > 0 else 'falls'} by {difference(d, 'rate')}")
        elif d.get("excludes_zero"):
            parts.append(f"{who} is {not_shown(d, 'rate', family)}")
        else:
            parts.append(f"{who} is unchanged ({difference(d, 'rate')})")
    sentence = "; ".join(parts)
    return sentence[0].upper() + sentence[1:] + "."


def _correct(rows: list[dict[str, Any]]) -> int:
    """Holm's correction over every difference with a p-value; each row gets ``p_holm`` and ``flagged``.
    Returns the size of the family."""
    tested = [r for r in rows if r["difference"].get("p") is not None]
    for row, adjusted in zip(tested, holm([r["difference"]["p"] for r in tested]), strict=True):
        row["difference"]["p_holm"] = adjusted
        row["difference"]["flagged"] = adjusted < ALPHA
    for row in rows:
        row["difference"].setdefault("flagged", False)
    return len(tested)


def _correction_text(family: int) -> str:
    return (f"The report compares {family} differences at once, so some would exclude 0 by chance alone: a "
            f"difference is flagged (*) only where it stays clear after Holm–Bonferroni's correction for all "
            f"{family}, which keeps the chance of any false flag at 5 % (an interval that excludes 0 without "
            f"a * is clear alone, not among {family}).")


def finding(rows: list[dict[str, Any]], studies: list[dict[str, Any]],
            changed: tuple[str, ...] = (), family: int = 0) -> dict[str, Any]:
    """The report's summary in words: with two studies, a verdict sentence first, then the flagged
    differences of play ranked by size, each with its interval and what it means for play, the rules that
    fire more or less often (ranked alike), the rules that fired as often in both (one line), the headline
    figures that did not change (``unchanged``: the interval of A − B holds 0), those not shown to change
    once corrected for the ``family`` comparisons (``not_shown``: the uncorrected interval excludes 0), and
    the figures not measured; with one, the headline figures (``unchanged``). With either, the players' note
    (:func:`players_note`) and the skilled player's edge (:func:`edge_style`)."""
    metrics = {(m["metric"]): m for m in rows}
    skipped: dict[str, list[str]] = {}
    for row in rows:
        if row["A"].get("not_measured"):
            skipped.setdefault(row["A"]["not_measured"], []).append(row["metric"])
    skipped_list = [{"why": why, "metrics": names} for why, names in skipped.items()]
    common = {"players": players_note(studies, changed), "edge": _edge(metrics, studies)}
    if len(studies) == 1:
        lines = [f"{name}: {_figure_words(metrics[name]['A'], metrics[name]['kind'])}" for name in HEADLINE
                 if name in metrics and metrics[name]["A"]["value"] is not None
                 and not metrics[name]["A"]["not_measured"]]
        return {"verdict": None, **common, "changed": [], "rules": [], "rules_alike": None, "unchanged": lines,
                "not_shown": [], "not_measured": skipped_list}
    flagged = sorted((r for r in rows if r["difference"]["flagged"]), key=_size, reverse=True)
    found, rules = [], []
    for row in flagged:
        d = row["difference"]
        scale = 100 if row["kind"] == "rate" else 1
        metric = Metric(row["group"], row["metric"], row["kind"], row["unit"], name=row.get("name", ""),
                        per=row.get("per", ""), parameter=row.get("parameter", ""))
        low, high = sorted((abs(d["low"]) * scale, abs(d["high"]) * scale))
        text = metric.reading(number(abs(d["value"]) * scale), d["value"] > 0)
        both = f"{_value_words(row['A'], row['kind'])} against {_value_words(row['B'], row['kind'])}"
        item = {"metric": row["metric"], "text": f"{text} [{number(low)}, {number(high)}] ({both})",
                "size": _size(row)}
        if row["group"] == RULES_GROUP:
            item["short"] = f"{row['metric']} {d['value']:+.3g}"
            rules.append(item)
        else:
            found.append(item)
    alike = [r["metric"] for r in rows if r.get("summarised")]
    rules_alike = {"rules": alike,
                   "text": f"{len(alike)} rules fired as often in both (no clear difference, and no changed "
                           f"parameter governs them): {', '.join(alike)}"} if alike else None
    steady = [metrics[name] for name in HEADLINE if name in metrics and not metrics[name]["difference"]["flagged"]
              and metrics[name]["difference"]["value"] is not None]
    unchanged = [f"{row['metric']} {difference(row['difference'], row['kind'])}" for row in steady
                 if not row["difference"]["excludes_zero"]]
    unshown = [f"{row['metric']} {not_shown(row['difference'], row['kind'], family)}" for row in steady
               if row["difference"]["excludes_zero"]]
    return {"verdict": verdict(rows, studies, changed, family), **common, "changed": found, "rules": rules,
            "rules_alike": rules_alike, "unchanged": unchanged, "not_shown": unshown, "not_measured": skipped_list}


def _figure_words(cell: dict[str, Any], kind: str) -> str:
    if kind == "rate":
        return f"{cell['value'] * 100:.1f} % [{cell['low'] * 100:.1f}, {cell['high'] * 100:.1f}]"
    return f"{number(cell['value'])} [{number(cell['low'])}, {number(cell['high'])}]"


def _value_words(cell: dict[str, Any], kind: str) -> str:
    return f"{cell['value'] * 100:.1f} %" if kind == "rate" else number(cell["value"])


def _study(study: Study) -> dict[str, Any]:
    return {"variant": study.variant.to_dict(), "games": study.games, "seed": study.seed,
            "bots": list(study.bots), "seating": study.seating(),
            "styles": {bot: get_player(bot).summary for bot in dict.fromkeys(study.bots)}}


__all__ = ["ALPHA", "CHANGED_GROUP", "FORMAT", "GROUPS", "HEADLINE", "MEANS", "METHOD", "RATES", "USES_GROUP",
           "Metric", "Result", "catalogue", "changed_parameters", "edge_style", "finding", "not_measured",
           "not_shown", "players_note", "summarise", "verdict"]
