"""A parameter swept across its values: the question a designer asks of one house rule ("how does the first
player's edge move with the target score?").

``referee report --variant V --sweep PARAM=v1,v2,...`` plays the same games (the same seeds, the same
styles) under V with PARAM set to each value in turn, measures each study as the report does
(:mod:`~referee.report.summary`), and draws each headline figure against the parameter with its 95 %
interval band (:func:`referee.report.plots.sweep_plot`). The values are read by the parameter's declared
type (:data:`referee.engine.variants.PARAMETERS`: a whole number, ``true``/``false``, or one of its choices) and
checked by the variant itself. All the studies' games are one stream of blocks on the executor, added in
game order, so the figures are the same on one core, on many, or on a Dask cluster.

The finding compares the first value with the last for each headline figure (MOVER interval, Holm's
correction over the headline figures) and says, in words, which moved and which did not.
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
from referee.report.summary import ALPHA, HEADLINE, LEVEL, METHOD, Metric, Result, catalogue, summarise
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
    reports = [summarise(result) for result in results]
    metrics = [m for m in catalogue(results) if m.metric in HEADLINE]
    metrics.sort(key=lambda m: HEADLINE.index(m.metric))
    rows = []
    for metric in metrics:
        cells = [next(r for r in report["metrics"] if r["metric"] == metric.metric)["A"] for report in reports]
        if any(cell["not_measured"] or cell["value"] is None for cell in cells):
            continue
        first, last = results[0].tally, results[-1].tally

        def at(z: float, metric: Metric = metric, first: Any = first, last: Any = last) -> Estimate:
            return mover(metric.interval(last, z), metric.interval(first, z))

        change = at(Z)
        rows.append({"metric": metric.metric, "kind": metric.kind, "unit": metric.unit, "cells": cells,
                     "change": {**change.to_dict(), "excludes_zero": change.excludes_zero, "p": p_value(at)}})
    for row, adjusted in zip(rows, holm([r["change"]["p"] for r in rows]), strict=True):
        row["change"]["p_holm"] = adjusted
        row["change"]["flagged"] = adjusted < ALPHA
    values = [written(v) for v in sweep.values]
    return {
        "format": FORMAT,
        "level": LEVEL,
        "method": METHOD,
        "parameter": sweep.parameter,
        "description": PARAMETERS[sweep.parameter].description,
        "values": values,
        "variant": sweep.variant.name,
        "games": games, "seed": seed, "bots": list(seated),
        "finding": _finding(sweep.parameter, values, rows),
        "headline": rows,
        "reports": {value: report for value, report in zip(values, reports, strict=True)},
    }


def _finding(parameter: str, values: list[str], rows: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Which headline figures move from the first value to the last (flagged after Holm's correction over
    the headline figures), and which stay within what these games can tell."""
    moved, steady = [], []
    for row in rows:
        start, end = row["cells"][0], row["cells"][-1]
        span = (f"from {figure(start, row['kind'])} at {parameter} = {values[0]} "
                f"to {figure(end, row['kind'])} at {values[-1]}")
        change = difference(row["change"], row["kind"]).removesuffix(" *")
        if row["change"]["flagged"]:
            verb = "rises" if row["change"]["value"] > 0 else "falls"
            moved.append(f"{row['metric']} {verb} {span} (change {change})")
        else:
            steady.append(f"{row['metric']}: no clear change ({change}), {span}")
    return {"moved": moved, "steady": steady}


__all__ = ["FORMAT", "Sweep", "make_sweep", "parse_sweep", "parse_value", "written"]
