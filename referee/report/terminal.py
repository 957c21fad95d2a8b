"""The report on the terminal (rich): the finding in words first, then how it was measured, then every
metric with its interval (and A − B) in a table that fits 100 columns."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from referee.report.writing import difference, figure

#: The width the report is laid out for when standard output is not a terminal (and at most on one).
WIDTH = 100
def shown(row: dict[str, Any], labels: list[str]) -> bool:
    """Figures without any data in every study are left off the table, and so are the rule rows the finding
    sums up in one line (``summarised``: no changed parameter governs them, and they fired as often in
    both)."""
    if row.get("summarised"):
        return False
    return any(row[label]["value"] is not None or row[label].get("not_measured") for label in labels)


def label(row: dict[str, Any]) -> str:
    """A row's name as the table shows it: a rule's id with its title; what one trial or value is."""
    name = f"{row['metric']} {row['name']}" if row.get("name") else row["metric"]
    if row.get("parameter"):
        name = f"{name} [{row['parameter']}]"
    unit = row["unit"] if row["kind"] == "rate" else f"per {row.get('per') or row['unit'].removesuffix('s')}"
    return f"{name} ({'of ' if row['kind'] == 'rate' else ''}{unit})"


def title(report: dict[str, Any]) -> str:
    """What was compared, in one line."""
    studies = report["studies"]
    names = " vs ".join(f"{key} = {study['variant']['name']}" for key, study in studies.items())
    first = next(iter(studies.values()))
    return (f"{names}: {first['games']:,} games each, seed {first['seed']}, "
            f"{' & '.join(dict.fromkeys(first['bots']))}")


def table(report: dict[str, Any]) -> Table:
    """The report's metrics as one rich table, a section per group."""
    labels = list(report["studies"])
    names = {key: report["studies"][key]["variant"]["name"] for key in labels}
    grid = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="Every figure, with its 95 % interval")
    grid.add_column("metric", min_width=20)
    for key in labels:
        grid.add_column(f"{key}: {names[key]}", justify="right", no_wrap=True)
    if "B" in labels:
        grid.add_column("A − B", justify="right", no_wrap=True)
    group = None
    for row in report["metrics"]:
        if not shown(row, labels):
            continue
        if row["group"] != group:
            group = row["group"]
            grid.add_section()
            grid.add_row(f"[bold]{escape(group)}[/bold]")
        cells = [stacked(figure(row[key], row["kind"])) for key in labels]
        if "B" in labels:
            diff = stacked(difference(row["difference"], row["kind"]))
            cells.append(f"[bold yellow]{diff}[/bold yellow]" if row["difference"]["flagged"] else diff)
        grid.add_row(escape(label(row)), *cells)
    return grid


def stacked(text: str) -> str:
    """A figure above its interval (``31.2 %`` then ``[29.1, 33.4]``): the columns stay narrow enough for 100
    terminal columns whatever the figures' digits (a 20,000-game comparison's differences, side by side with
    their intervals, did not fit, and a column that does not wrap is cut)."""
    return text.replace(" [", "\n[", 1)


def _item(console: Console, text: str) -> None:
    console.print(Padding(Text(f"• {text}"), (0, 0, 0, 2)))


def opening_lines(found: dict[str, Any]) -> list[tuple[str, str]]:
    """The report's first lines, (heading, text): the verdict, what the seated styles do not weigh, the
    skilled player's edge (the terminal and the page open with them alike)."""
    lines = []
    if found.get("verdict"):
        lines.append(("Verdict", found["verdict"]))
    if found.get("players"):
        lines.append(("The players", found["players"]))
    if found.get("edge"):
        who = "The skilled player's edge" if found["edge"]["style"].startswith("expert") else "The edge"
        lines.append((who, found["edge"]["text"]))
    return lines


def print_finding(report: dict[str, Any], console: Console) -> None:
    """The finding in words: the verdict and the players first, then what changed (ranked), what did not,
    what these styles cannot show."""
    found = report["finding"]
    for heading, text in opening_lines(found):
        console.print(Text.assemble((heading + ": ", "bold"), text))
    if "B" in report["studies"]:
        console.print("[bold]What changed[/bold], A against B, largest first (clear after the correction "
                      "for many comparisons):")
        for item in found["changed"] or [{"text": "nothing that these games can tell apart"}]:
            _item(console, item["text"])
        if found["rules"]:
            console.print("[bold]Rules that fire more or less often[/bold] (A − B per round, or as the table "
                          "says; largest first):")
            _item(console, "; ".join(item["short"] for item in found["rules"]))
        if found.get("rules_alike"):
            console.print(Text.assemble(("Rules alike: ", "bold"), found["rules_alike"]["text"]))
        if found["unchanged"]:
            console.print("[bold]No clear change[/bold] in the headline figures (A − B; each interval holds 0):")
            _item(console, "; ".join(found["unchanged"]))
        if found.get("not_shown"):
            console.print("[bold]Not shown to change[/bold] once corrected for the many comparisons, though each "
                          "interval alone excludes 0 (A − B):")
            _item(console, "; ".join(found["not_shown"]))
    else:
        console.print("[bold]The headline figures[/bold]:")
        _item(console, "; ".join(found["unchanged"]))
    for skipped in found["not_measured"]:
        console.print(Text.assemble(("Not measured", "bold"), f" {skipped['why'].removeprefix('not measured ')}: "
                                    + ", ".join(skipped["metrics"])))


def print_report(report: dict[str, Any], console: Console | None = None) -> None:
    """Print the finding, the set-up and method, then the table (100 columns wide when not on a terminal,
    and no wider on one)."""
    if console is None:
        console = Console()
        console = Console(width=min(WIDTH, console.width) if console.is_terminal else WIDTH)
    console.print(f"[bold]{escape(title(report))}[/bold]")
    print_finding(report, console)
    console.print()
    for key, study in report["studies"].items():
        seats = "; ".join(f"seat {seat}: " + ", ".join(f"{bot} {n}" for bot, n in bots.items())
                          for seat, bots in study["seating"].items())
        console.print(f"{key} seating: {seats}")
    styles = {bot: text for study in report["studies"].values() for bot, text in study["styles"].items()}
    for bot, text in styles.items():
        console.print(f"  {bot}: {escape(text)}")
    console.print(f"[dim]{escape(report['method'])}[/dim]")
    if report.get("correction"):
        console.print(f"[dim]{escape(report['correction'])}[/dim]")
    console.print(table(report))




def print_sweep(sweep: dict[str, Any], console: Console | None = None) -> None:
    """A sweep on the terminal: the finding, then each headline figure at each value (a figure above its
    interval, so that five values fit 100 columns)."""
    if console is None:
        console = Console()
        console = Console(width=min(WIDTH, console.width) if console.is_terminal else WIDTH)
    parameter, values = sweep["parameter"], sweep["values"]
    console.print(f"[bold]{escape(sweep['variant'])} with {escape(parameter)} = {escape(', '.join(values))}: "
                  f"{sweep['games']:,} games at each value, seed {sweep['seed']}[/bold]")
    if sweep.get("players"):
        console.print(Text.assemble(("The players: ", "bold"), sweep["players"]))
    console.print(f"[bold]Clear differences[/bold] from {escape(parameter)} = {escape(values[0])} (each value "
                  f"against the first, after Holm's correction for every comparison):")
    for text in sweep["finding"]["moved"] or ["nothing that these games can tell"]:
        _item(console, text)
    console.print("[bold]No clear change[/bold]:")
    for text in sweep["finding"]["steady"]:
        _item(console, text)
    console.print(f"[dim]{escape(sweep['method'])}[/dim]")
    if sweep.get("correction"):
        console.print(f"[dim]{escape(sweep['correction'])}[/dim]")
    rows = [(row["metric"], [stacked(figure(cell, row["kind"])) for cell in row["cells"]]) for row in sweep["headline"]]
    for part in _fitting(rows, values, console.width):
        console.print(_sweep_table(parameter, [values[k] for k in part], [(m, [c[k] for k in part]) for m, c in rows]))


#: The narrowest the metric's names may be made in a sweep's table (they wrap at spaces).
_METRIC_WIDTH = 12


def _fitting(rows: list[tuple[str, list[str]]], values: list[str], width: int) -> list[list[int]]:
    """The sweep's values (their indices) in groups whose columns fit ``width`` beside the metric's names: each
    column as wide as its widest line, its heading ``= value`` included (one padding column between two);
    usually one group of all."""
    widest = [max([len(f"= {value}")] + [len(line) for _, cells in rows for line in cells[k].splitlines()])
              for k, value in enumerate(values)]
    parts: list[list[int]] = [[]]
    used = _METRIC_WIDTH
    for k in range(len(values)):
        if parts[-1] and used + 1 + widest[k] > width - 1:
            parts.append([])
            used = _METRIC_WIDTH
        parts[-1].append(k)
        used += 1 + widest[k]
    return parts


def _sweep_table(parameter: str, values: list[str], rows: list[tuple[str, list[str]]]) -> Table:
    """One table of a sweep's headline figures at ``values``. The parameter is named once, in the title (five
    columns each headed with a long name did not fit 100 columns); the figures' columns never wrap (the metric's
    names do), and :func:`_fitting` has made sure they fit, so none is cut."""
    grid = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
                 title=f"The headline figures at each {escape(parameter)}, with their 95 % intervals")
    grid.add_column("metric", min_width=_METRIC_WIDTH, ratio=1)
    for value in values:
        grid.add_column(f"= {escape(value)}", justify="right", no_wrap=True)
    for metric, cells in rows:
        grid.add_row(escape(metric), *cells)
    return grid


__all__ = ["WIDTH", "label", "opening_lines", "print_finding", "print_report", "print_sweep", "shown", "stacked",
           "table", "title"]
