"""The report as a table on the terminal (rich): each metric with its interval, and A − B where asked."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def figure(cell: dict[str, Any], kind: str) -> str:
    """A figure and its interval as text: ``31.2 % [29.1, 33.4]`` or ``9.61 [9.48, 9.74]``."""
    if cell.get("value") is None:
        return "—"
    if kind == "rate":
        text = f"{cell['value'] * 100:.1f} %"
        bounds = (cell["low"] * 100, cell["high"] * 100) if cell.get("low") is not None else None
    else:
        text = f"{cell['value']:.3g}"
        bounds = (cell["low"], cell["high"]) if cell.get("low") is not None else None
    if bounds is None:
        return text
    return f"{text} [{bounds[0]:.3g}, {bounds[1]:.3g}]" if kind != "rate" else \
        f"{text} [{bounds[0]:.1f}, {bounds[1]:.1f}]"


def difference(cell: dict[str, Any], kind: str) -> str:
    """A − B and its interval, in points of percentage for rates; ``*`` where the interval excludes 0."""
    if cell.get("value") is None:
        return "—"
    scale, unit = (100, " pt") if kind == "rate" else (1, "")
    text = f"{cell['value'] * scale:+.3g}{unit}"
    if cell.get("low") is not None:
        text += f" [{cell['low'] * scale:+.3g}, {cell['high'] * scale:+.3g}]"
    return text + (" *" if cell.get("excludes_zero") else "")


def shown(row: dict[str, Any], labels: list[str]) -> bool:
    """Rules that never fired in any study, and figures without any data, are left off the table."""
    if row["group"] == "Rules fired":
        return any(row[label]["value"] for label in labels)
    return any(row[label]["value"] is not None for label in labels)


def table(report: dict[str, Any]) -> Table:
    """The report's metrics as one rich table, a section per group."""
    labels = list(report["studies"])
    names = {label: report["studies"][label]["variant"]["name"] for label in labels}
    title = " vs ".join(f"{label} = {names[label]}" for label in labels)
    games = ", ".join(f"{report['studies'][label]['games']} games" for label in labels)
    grid = Table(title=f"{title} ({games}, 95 % intervals)", show_lines=False)
    grid.add_column("metric")
    grid.add_column("per", style="dim")
    for label in labels:
        grid.add_column(f"{label}: {names[label]}", justify="right")
    if "B" in labels:
        grid.add_column("A − B", justify="right")
    group = None
    for row in report["metrics"]:
        if not shown(row, labels):
            continue
        if row["group"] != group:
            group = row["group"]
            grid.add_section()
            grid.add_row(f"[bold]{group}[/bold]")
        cells = [figure(row[label], row["kind"]) for label in labels]
        if "B" in labels:
            diff = difference(row["difference"], row["kind"])
            cells.append(f"[bold yellow]{diff}[/bold yellow]" if row["difference"]["excludes_zero"] else diff)
        grid.add_row(row["metric"], row["unit"], *cells)
    return grid


def print_report(report: dict[str, Any], console: Console | None = None) -> None:
    """Print the table, who sat where, and the method (160 columns wide when not on a terminal)."""
    if console is None:
        console = Console()
        if not console.is_terminal:
            console = Console(width=160)
    console.print(table(report))
    for label, study in report["studies"].items():
        seats = "; ".join(f"seat {seat}: " + ", ".join(f"{bot} {n}" for bot, n in bots.items())
                          for seat, bots in study["seating"].items())
        console.print(f"{label} seating ({' & '.join(dict.fromkeys(study['bots']))}, seed {study['seed']}): {seats}")
    styles = {bot: text for study in report["studies"].values() for bot, text in study["styles"].items()}
    for bot, text in styles.items():
        console.print(f"  {bot}: {text}")
    console.print(f"[dim]{report['method']}[/dim]")


__all__ = ["difference", "figure", "print_report", "table"]
