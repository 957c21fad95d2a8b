"""A parameter swept across its values: the question a designer asks of one house rule ("how does the first
player's edge move with the target score?").

``referee report --variant V --sweep PARAM=v1,v2,...`` plays the same games (the same seeds, the same
styles) under V with PARAM set to each value in turn, measures each study as the report does
(:mod:`~referee.report.summary`), and draws each headline figure against the parameter with its 95 %
interval band (:func:`referee.report.plots.sweep_plot`). The values are read by the parameter's declared
type (:data:`referee.engine.variants.PARAMETERS`: a whole number, ``true``/``false``, or one of its choices) and
checked by the variant itself. All the studies' games are one stream of blocks on the executor, added in
game order, so the figures are the same on one core, on many, or on a Dask cluster.

The first row counts how often play used the swept parameter at each value (:data:`referee.report.metrics.USES`).
The finding compares every value with the first for each of these figures (MOVER interval; Holm's correction
over every comparison made, figures × later values) and says, in words, which moved, at which values, and which
did not -- so a figure that peaks in the middle is flagged where it differs, not only at the last value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.variants import PARAMETERS, Parameter, Variant
from referee.errors import VariantError
from referee.executor import Executor
from referee.log.quoting import quoted
from referee.report.intervals import Estimate, Z, holm, mover, p_value
from referee.report.study import Study, check_bots, run_studies
from referee.report.summary import ALPHA, HEADLINE, LEVEL, METHOD, Metric, Result, catalogue, players_note, summarise
from referee.report.writing import difference, figure

FORMAT = "uno-duo-sweep/1"


@dataclass(frozen=True, slots=True)
class Sweep:
    """What to sweep: ``parameter`` of ``variant`` across ``values`` (already of the parameter's type)."""

    variant: Variant
    parameter: str
    values: tuple[Any, ...]

    def variants(self) -> list[Variant]:
        """The variant at each value (each checked by the variant's own rules)."""
        return [self.variant.derive(f"{self.variant.name} {self.parameter}={written(v)}", {self.parameter: v})
                for v in self.values]


def written(value: Any) -> str:
    """A parameter's value as a variant file writes it (``true``, ``300``, ``deal``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_value(param: Parameter, text: str) -> Any:
    """``text`` read as a value of ``param``'s declared type; :class:`VariantError` if it cannot be."""
    text = text.strip()
    if param.type == "int":
        try:
            return int(text)
        except ValueError:
            raise VariantError(f"--sweep: {param.name} takes whole numbers, not {quoted(text)}") from None
    if param.type == "bool":
        if text not in ("true", "false"):
            raise VariantError(f"--sweep: {param.name} takes true or false, not {quoted(text)}")
        return text == "true"
    return text  # a choice: the variant checks it is one of the parameter's


def parse_sweep(variant: Variant, spec: str) -> Sweep:
    """``PARAM=v1,v2,...`` for ``variant``: the parameter, its values read by its type, each checked by
    building its variant; :class:`VariantError` names what is wrong."""
    name, sep, values = spec.partition("=")
    name = name.strip()
    if not sep or not values.strip():
        raise VariantError(f"--sweep takes PARAM=v1,v2,... (for example target_score=100,200), not {quoted(spec)}")
    if name not in PARAMETERS:
        raise VariantError(f"--sweep: unknown parameter {quoted(name)} (known: {', '.join(PARAMETERS)})")
    parsed = tuple(parse_value(PARAMETERS[name], v) for v in values.split(","))
    if len(set(parsed)) != len(parsed):
        raise VariantError(f"--sweep: {name} names a value twice")
    sweep = Sweep(variant, name, parsed)
    sweep.variants()  # check every value now, before any game is played
    return sweep


def make_sweep(sweep: Sweep, games: int = 1000, seed: int = 0, bots: tuple[str, ...] = ("greedy", "challenger"),
               executor: Executor | None = None) -> dict[str, Any]:
    """Play ``games`` games at each value of the sweep (the same seeds at every value) and return the
    sweep as JSON-ready data: each value's report, each headline figure across the values, the finding."""
    seated = check_bots(tuple(bots))
    studies = [Study(v, games, seed, seated) for v in sweep.variants()]
    description = f"{sweep.parameter} at {len(studies)} values: {games:,} games each"
    results = [Result(s, t) for s, t in zip(studies, run_studies(studies, executor, description), strict=True)]
    changed = (sweep.parameter,)
    reports = [summarise(result, changed=changed) for result in results]
    metrics = [m for m in catalogue(results, changed) if m.metric in HEADLINE or m.parameter == sweep.parameter]
    metrics.sort(key=lambda m: -1 if m.parameter == sweep.parameter else HEADLINE.index(m.metric))
    rows = []
    for metric in metrics:
        cells = [next(r for r in report["metrics"] if r["metric"] == metric.metric)["A"] for report in reports]
        if any(cell["not_measured"] or cell["value"] is None for cell in cells):
            continue
        row = {"metric": metric.metric, "kind": metric.kind, "unit": metric.unit, "cells": cells,
               "changes": [None] + [_change(metric, results[0].tally, result.tally) for result in results[1:]]}
        if metric.parameter:
            row["parameter"] = metric.parameter
        rows.append(row)
    tested = [change for row in rows for change in row["changes"] if change is not None]
    for change, adjusted in zip(tested, holm([c["p"] for c in tested]), strict=True):
        change["p_holm"] = adjusted
        change["flagged"] = adjusted < ALPHA
    for row in rows:
        row["flagged"] = [change is not None and change["flagged"] for change in row["changes"]]
    values = [written(v) for v in sweep.values]
    return {
        "format": FORMAT,
        "level": LEVEL,
        "method": METHOD,
        "correction": (f"Each value is compared with the first for each figure: {len(tested)} comparisons, "
                       f"corrected together by Holm–Bonferroni's method (the chance of any false flag stays at "
                       f"5 %)."),
        "parameter": sweep.parameter,
        "description": PARAMETERS[sweep.parameter].description,
        "values": values,
        "variant": sweep.variant.name,
        "games": games, "seed": seed, "bots": list(seated),
        "players": players_note([reports[0]["studies"]["A"]], changed),
        "finding": _finding(sweep.parameter, values, rows),
        "headline": rows,
        "reports": {value: report for value, report in zip(values, reports, strict=True)},
    }


def _change(metric: Metric, first: Any, other: Any) -> dict[str, Any]:
    """A value's figure minus the first value's, with its interval and the p-value of no change."""
    def at(z: float) -> Estimate:
        return mover(metric.interval(other, z), metric.interval(first, z))

    change = at(Z)
    return {**change.to_dict(), "excludes_zero": change.excludes_zero, "p": p_value(at)}


def _finding(parameter: str, values: list[str], rows: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Which figures differ from the first value's at some value (flagged after Holm's correction over every
    comparison), where, and which stay within what these games can tell at every value."""
    moved, steady = [], []
    for row in rows:
        first = f"{figure(row['cells'][0], row['kind'])} at {parameter} = {values[0]}"
        where = [k for k, flag in enumerate(row["flagged"]) if flag]
        if where:
            at = "; ".join(f"{figure(row['cells'][k], row['kind'])} at {values[k]} "
                           f"(change {difference(row['changes'][k], row['kind']).removesuffix(' *')})" for k in where)
            moved.append(f"{row['metric']} differs from {first}: {at}")
        else:
            last = difference(row["changes"][-1], row["kind"]).removesuffix(" *")
            steady.append(f"{row['metric']}: no clear change from {first} at any value (at {values[-1]}: {last})")
    return {"moved": moved, "steady": steady}


__all__ = ["FORMAT", "Sweep", "make_sweep", "parse_sweep", "parse_value", "written"]
