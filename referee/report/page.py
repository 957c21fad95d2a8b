"""The report as one self-contained HTML page: the tables, the plots embedded as PNG data, no link out.

Everything a designer needs is on the page — what was played (variants, their changed parameters, games,
seed, who sat where), the method of the intervals, every metric, and the plots — so it can be mailed or
archived as one file and opened without a network.
"""

from __future__ import annotations

import base64
import html
from typing import Any

from referee.engine.variants import DEFAULT_RULES
from referee.report.terminal import difference, figure, shown

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.92rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #eee; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td.unit { color: #888; text-align: left; }
tr.group td { font-weight: bold; background: #f6f6f6; text-align: left; }
td.clear { background: #fff3c4; font-weight: bold; }
.note { color: #555; font-size: 0.92rem; }
figure { margin: 1rem 0; } img { max-width: 100%; }
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _studies(report: dict[str, Any]) -> str:
    rows = []
    for label, study in report["studies"].items():
        variant = study["variant"]
        rules = variant["rules"]
        changed = ", ".join(f"{k} = {str(v).lower() if isinstance(v, bool) else v}"
                            for k, v in rules.items() if getattr(DEFAULT_RULES, k) != v) or "none (UNO DUO)"
        seating = "; ".join(f"seat {_e(seat)}: " + ", ".join(f"{_e(bot)} in {n} games" for bot, n in bots.items())
                            for seat, bots in study["seating"].items())
        rows.append(f"<tr><td>{label}</td><td>{_e(variant['name'])}</td><td>{_e(changed)}</td>"
                    f"<td>{study['games']}</td><td>{study['seed']}</td><td>{_e(' & '.join(study['bots']))}</td>"
                    f"<td>{seating}</td></tr>")
    head = ("<tr><th></th><th>variant</th><th>changed from uno-duo</th><th>games</th><th>seed</th>"
            "<th>styles</th><th>who sat where</th></tr>")
    styles = {bot: text for study in report["studies"].values() for bot, text in study["styles"].items()}
    described = "".join(f"<li><b>{_e(bot)}</b>: {_e(text)}</li>" for bot, text in styles.items())
    return f"<table>{head}{''.join(rows)}</table><ul class='note'>{described}</ul>"


def _metrics(report: dict[str, Any]) -> str:
    labels = list(report["studies"])
    names = {label: report["studies"][label]["variant"]["name"] for label in labels}
    head = "<tr><th>metric</th><th>per</th>" + "".join(f"<th>{label}: {_e(names[label])}</th>" for label in labels)
    head += "<th>A − B</th></tr>" if "B" in labels else "</tr>"
    body, group = [], None
    for row in report["metrics"]:
        if not shown(row, labels):
            continue
        if row["group"] != group:
            group = row["group"]
            body.append(f"<tr class='group'><td colspan='{len(labels) + 3}'>{_e(group)}</td></tr>")
        cells = "".join(f"<td>{_e(figure(row[label], row['kind']))}</td>" for label in labels)
        if "B" in labels:
            clear = " class='clear'" if row["difference"]["excludes_zero"] else ""
            cells += f"<td{clear}>{_e(difference(row['difference'], row['kind']))}</td>"
        body.append(f"<tr><td>{_e(row['metric'])}</td><td class='unit'>{_e(row['unit'])}</td>{cells}</tr>")
    return f"<table>{head}{''.join(body)}</table>"


def _plots(plots: dict[str, tuple[str, bytes]]) -> str:
    out = []
    for stem, (title, png) in plots.items():
        data = base64.b64encode(png).decode("ascii")
        out.append(f"<figure id='{stem}'><img alt='{_e(title)}' src='data:image/png;base64,{data}'>"
                   f"<figcaption class='note'>{_e(title)}</figcaption></figure>")
    return "".join(out)


def page(report: dict[str, Any], plots: dict[str, tuple[str, bytes]]) -> str:
    """The whole HTML page."""
    names = " vs ".join(s["variant"]["name"] for s in report["studies"].values())
    reading = ("A − B is flagged (highlighted, with *) where its 95 % interval excludes 0: at that level "
               "the variants differ on that metric. An interval that straddles 0 says the games played cannot "
               "tell the two apart there; play more games to narrow it (the width shrinks as 1/√games)."
               if "B" in report["studies"] else "")
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>UNO DUO report: {_e(names)}</title><style>{STYLE}</style></head><body>"
        f"<h1>What the rules do to play: {_e(names)}</h1>"
        f"<h2>What was played</h2>{_studies(report)}"
        f"<h2>Method</h2><p class='note'>{_e(report['method'])}</p><p class='note'>{_e(reading)}</p>"
        f"<h2>Plots</h2>{_plots(plots)}"
        f"<h2>Every metric</h2>{_metrics(report)}"
        "<p class='note'>Every number on this page, and the counts behind it, is in report.json beside it.</p>"
        "</body></html>\n"
    )


__all__ = ["page"]
