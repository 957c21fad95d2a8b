"""From tallies to the report's figures: every metric with its 95 % interval, and A − B with its own.

:func:`summarise` returns the JSON-ready report (the ``report.json`` the command writes): the studies
(variant, games, seed, styles, who sat where), the method, one row per metric grouped as the report shows
them, the histograms, and the raw tallies every figure was computed from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.rules import RULES
from referee.play.players import get_player
from referee.report.intervals import LEVEL, Estimate, Moments, mean_interval, newcombe, welch, wilson
from referee.report.metrics import ENDINGS, Tally
from referee.report.study import SEATS, Study

FORMAT = "uno-duo-report/1"
#: The group of the rule counts: how often each rule id fired, per game (the metric is the id).
RULES_GROUP = "Rules fired"

#: (group, metric, what one trial or value is). Rates first, then means, in the order the report shows.
RATES: tuple[tuple[str, str, str], ...] = (
    ("Who wins", "round 1's first drafter wins the game", "games"),
    ("Who wins", "round 1's first player wins the game", "games"),
    ("Who wins", f"seat {SEATS[0]} wins the game", "games"),
    ("Who wins", "first drafter goes out", "rounds"),
    ("Who wins", "first player goes out", "rounds"),
    ("Who wins", "game drawn (equal scores)", "games"),
    *(("How rounds end", f"round ends with a {name}", "rounds") for name in ENDINGS.values()),
    ("How rounds end", "round ends with a dump", "rounds"),
    ("Volleys", "volley reaches 2 Draw 2s", "volleys"),
    ("Volleys", "volley reaches 3 Draw 2s (6 cards)", "volleys"),
    ("Challenges", "Wild Draw 4 challenged", "Wild Draw 4s owed"),
    ("Challenges", "challenge won", "challenges"),
    ("Challenges", "Wild Draw 4 is a bluff", "Wild Draw 4s owed"),
    ("UNO", "UNO forgotten", "plays leaving one card"),
    ("UNO", "forgotten UNO caught", "forgotten UNOs"),
)
MEANS: tuple[tuple[str, str, str], ...] = (
    ("Length", "rounds per game", "games"),
    ("Length", "events per round", "rounds"),
    ("Volleys", "volley length", "volleys"),
    ("Challenges", "challenges per game", "games"),
    ("UNO", "catches per game", "games"),
    ("Points", "points per round", "rounds"),
    ("Points", "final margin", "games"),
    *((RULES_GROUP, rid, "games") for rid in RULES),
)
#: The order of the groups.
GROUPS = ("Who wins", "Length", "How rounds end", "Volleys", "Challenges", "UNO", "Points", "Rules fired")

METHOD = (
    f"Every figure comes with a {LEVEL:.0%} interval. Rates (hits of trials) use the Wilson score interval; "
    "means use the normal interval mean ± 1.96·s/√n over their units (games, rounds or volleys). A "
    "difference A − B of two rates uses Newcombe's hybrid score interval (method 10), of two means the "
    "Welch normal interval; a difference is flagged (*) where its interval excludes 0. Rounds are counted "
    "as independent units (each has a fresh shuffle; the styles ignore the score). Both variants are played "
    "from the same seeds, and the two styles swap seats every game. Metrics are read from the engine's own "
    "position at every step as each game is played (the figures a replay of its log gives)."
)


@dataclass(frozen=True, slots=True)
class Result:
    """A study and the tally of its games."""

    study: Study
    tally: Tally


def _rate(tally: Tally, name: str) -> tuple[int, int]:
    hits, trials = tally.rates.get(name, (0, 0))
    return hits, trials


def _moments(tally: Tally, name: str) -> Moments:
    n, total, squares = tally.moments.get(name, (0, 0, 0))
    return Moments(n, total, squares)


def _rate_cell(tally: Tally, name: str) -> dict[str, Any]:
    hits, trials = _rate(tally, name)
    return {**wilson(hits, trials).to_dict(), "hits": hits, "trials": trials}


def _mean_cell(tally: Tally, name: str) -> dict[str, Any]:
    m = _moments(tally, name)
    sd = None if m.variance is None else m.variance ** 0.5
    return {**mean_interval(m).to_dict(), "n": m.n, "sd": sd}


def _difference(estimate: Estimate) -> dict[str, Any]:
    return {**estimate.to_dict(), "excludes_zero": estimate.excludes_zero}


def _rate_names(results: list[Result]) -> list[tuple[str, str, str]]:
    """The rates the report shows, with each style's win rate where the two styles differ."""
    names = list(RATES)
    for result in results:
        bots = result.study.bots
        if bots[0] != bots[1]:
            for bot in bots:
                row = ("Who wins", f"{bot} wins the game", "games")
                if row not in names:
                    names.insert(3, row)
    return names


def summarise(a: Result, b: Result | None = None) -> dict[str, Any]:
    """The report as JSON-ready data (see the module's description)."""
    results = [a] if b is None else [a, b]
    labels = ["A", "B"][:len(results)]
    rows: list[dict[str, Any]] = []
    for group, name, unit in _rate_names(results):
        row: dict[str, Any] = {"group": group, "metric": name, "kind": "rate", "unit": unit}
        for label, result in zip(labels, results, strict=True):
            row[label] = _rate_cell(result.tally, name)
        if b is not None:
            row["difference"] = _difference(newcombe(*_rate(a.tally, name), *_rate(b.tally, name)))
        rows.append(row)
    for group, name, unit in MEANS:
        row = {"group": group, "metric": name, "kind": "mean", "unit": unit}
        for label, result in zip(labels, results, strict=True):
            row[label] = _mean_cell(result.tally, name)
        if b is not None:
            row["difference"] = _difference(welch(_moments(a.tally, name), _moments(b.tally, name)))
        rows.append(row)
    rows.sort(key=lambda r: GROUPS.index(r["group"]))  # stable: the catalogue's order within a group
    histograms = sorted({name for r in results for name in r.tally.hists})
    return {
        "format": FORMAT,
        "level": LEVEL,
        "method": METHOD,
        "studies": {label: _study(result.study) for label, result in zip(labels, results, strict=True)},
        "metrics": rows,
        "histograms": {name: {label: {str(v): c for v, c in sorted(r.tally.hists.get(name, {}).items())}
                              for label, r in zip(labels, results, strict=True)} for name in histograms},
        "tallies": {label: r.tally.to_dict() for label, r in zip(labels, results, strict=True)},
    }


def _study(study: Study) -> dict[str, Any]:
    return {"variant": study.variant.to_dict(), "games": study.games, "seed": study.seed,
            "bots": list(study.bots), "seating": study.seating(),
            "styles": {bot: get_player(bot).summary for bot in dict.fromkeys(study.bots)}}


__all__ = ["FORMAT", "GROUPS", "MEANS", "METHOD", "RATES", "Result", "summarise"]
