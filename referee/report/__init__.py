"""The designer's report: what a variant changes in play, measured with 95 % intervals.

``referee report --variant A [--vs B] --games N --seed S [--players STYLE[,STYLE]] --out DIR`` plays N games
of each variant between two styles of :mod:`referee.play.players` (who swap seats every game), measures every
game by watching the engine replay it (:mod:`~referee.report.metrics`), adds the games up
(:mod:`~referee.report.study`), puts an interval on every figure and on A − B
(:mod:`~referee.report.intervals`, :mod:`~referee.report.summary`), and writes a table on the terminal
(:mod:`~referee.report.terminal`) and, in DIR, ``report.html`` (:mod:`~referee.report.page`, with the plots
of :mod:`~referee.report.plots` embedded), ``report.json`` (every number) and ``plots/*.png``. With
``--sweep PARAM=v1,v2,...`` instead of ``--vs`` it plays one study per value of a parameter
(:mod:`~referee.report.sweep`) and draws each headline figure against it.

The plots need the ``report`` extra (matplotlib): :func:`require_plots` says so in one line before any game
is played.

>>> from referee.report import make_report
>>> report = make_report("uno-duo", "classic-duel", games=4, seed=1)
>>> [row["metric"] for row in report["metrics"]][:1]
["round 1's first drafter wins the game"]
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from referee.engine.variants import Variant, get_variant
from referee.executor import Executor
from referee.report.study import Study, check_bots, run_studies
from referee.report.summary import Result, summarise

#: What to install when the plots cannot be drawn.
INSTALL = "pip install 'uno-duo-referee[report]'"


class MissingExtra(ImportError):
    """The ``report`` extra (matplotlib), which draws the plots, is not installed."""


def require_plots() -> None:
    """Raise :class:`MissingExtra`, naming what to install, if the plots cannot be drawn here."""
    try:
        importlib.import_module("matplotlib.figure")
    except ImportError as exc:
        raise MissingExtra(f"the report's plots need matplotlib, which is not installed ({exc.name or exc}): "
                           f"{INSTALL}") from None


#: The styles that play when ``--players`` is not given.
DEFAULT_BOTS = ("greedy", "challenger")


def make_report(variant: str | Variant, vs: str | Variant | None = None, games: int = 1000, seed: int = 0,
                bots: tuple[str, ...] = DEFAULT_BOTS, executor: Executor | None = None) -> dict[str, Any]:
    """Play and measure the studies, and return the report as JSON-ready data."""
    seated = check_bots(tuple(bots))
    chosen = [v if isinstance(v, Variant) else get_variant(v) for v in (variant, vs) if v is not None]
    studies = [Study(v, games, seed, seated) for v in chosen]
    names = " and ".join(v.name for v in chosen)
    tallies = run_studies(studies, executor, f"{names}: {games:,} games each")
    return summarise(*(Result(study, tally) for study, tally in zip(studies, tallies, strict=True)))


def write_report(report: dict[str, Any], out: str | Path) -> list[Path]:
    """Write ``report.json``, ``report.html`` (the plots embedded) and each plot as ``plots/STEM.png``
    (for documents) into ``out``; return the paths of the page and the JSON."""
    from referee.report.page import page
    from referee.report.plots import caption, plots

    drawn = plots(report)
    return _write(report, page(report, drawn, {stem: caption(stem) for stem in drawn}), drawn, Path(out))


def write_sweep(sweep: dict[str, Any], out: str | Path) -> list[Path]:
    """Write a sweep's ``report.json``, ``report.html`` and ``plots/sweep.png`` into ``out``; return the
    paths of the page and the JSON."""
    from referee.report.page import sweep_page
    from referee.report.plots import SWEEP_CAPTION, sweep_plots

    drawn = sweep_plots(sweep)
    return _write(sweep, sweep_page(sweep, drawn, SWEEP_CAPTION), drawn, Path(out))


def _write(data: dict[str, Any], html: str, drawn: dict[str, tuple[str, bytes]], directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    as_json = directory / "report.json"
    as_json.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    as_html = directory / "report.html"
    as_html.write_text(html, encoding="utf-8")
    _write_pngs(drawn, directory / "plots")
    return [as_html, as_json]


def write_plots(report: dict[str, Any], out: str | Path, prefix: str = "") -> list[Path]:
    """Write each plot of ``report`` as ``PREFIXSTEM.png`` into ``out``; return their paths."""
    from referee.report.plots import plots

    return _write_pngs(plots(report), Path(out), prefix)


def _write_pngs(drawn: dict[str, tuple[str, bytes]], directory: Path, prefix: str = "") -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for stem, (_, png) in drawn.items():
        path = directory / f"{prefix}{stem}.png"
        path.write_bytes(png)
        paths.append(path)
    return paths


__all__ = ["DEFAULT_BOTS", "INSTALL", "MissingExtra", "make_report", "require_plots", "write_plots", "write_report",
           "write_sweep"]
