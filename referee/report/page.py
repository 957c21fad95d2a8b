"""The report as one self-contained HTML page: the tables, the plots embedded as PNG data, no link out.

Everything a designer needs is on the page, in the order a designer asks: the finding in words first (what
changed, ranked by size, with its interval and what it means for play; what did not; what these styles
cannot show), then how it was measured (variants, their changed parameters, games, seed, who sat where, the
method of the intervals and the correction for many comparisons), the plots with what to look for in each,
and every metric — so it can be mailed or archived as one file and opened without a network.
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

from referee.engine.variants import DEFAULT_RULES
from referee.report.terminal import label, opening_lines, shown, title
from referee.report.writing import difference, figure

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 68rem; margin: 1.5rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.92rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #eee; text-align: right; }
th:first-child, td:first-child { text-align: left; }
table.figures td + td { white-space: nowrap; }
td.unit { color: #888; text-align: left; }
tr.group td { font-weight: bold; background: #f6f6f6; text-align: left; }
td.clear { background: #fff3c4; font-weight: bold; }
td.unmeasured { color: #888; font-style: italic; }
.note { color: #555; font-size: 0.92rem; }
.lead { font-size: 1.05rem; color: #444; }
p.verdict { font-size: 1.05rem; margin: 0.4rem 0; }
ol.changed li { margin: 0.25rem 0; } ol.changed li b { color: #8a1c0c; }
figure { margin: 1.5rem 0; } figure img { width: 100%; height: auto; }
figcaption { margin-top: 0.3rem; }
"""


def _e(text: Any) -> str:
    """``text`` escaped for the page, a figure kept on one line with its unit (``49.4 %`` and ``-1.3 pt`` never
    broken between the number and the sign, where a browser would wrap them apart)."""
    return _UNIT_GAP.sub("\\1\u00a0\\2", html.escape(str(text)))


#: The space between a number and its unit.
_UNIT_GAP = re.compile(r"(\d) (%|pt\b)")


def _studies(report: dict[str, Any]) -> str:
    rows = []
    for key, study in report["studies"].items():
        variant = study["variant"]
        rules = variant["rules"]
        changed = ", ".join(f"{k} = {str(v).lower() if isinstance(v, bool) else v}"
                            for k, v in rules.items() if getattr(DEFAULT_RULES, k) != v) or "none (UNO DUO)"
        seating = "; ".join(f"seat {_e(seat)}: " + ", ".join(f"{_e(bot)} in {n} games" for bot, n in bots.items())
                            for seat, bots in study["seating"].items())
        rows.append(f"<tr><td>{key}</td><td>{_e(variant['name'])}</td><td>{_e(changed)}</td>"
                    f"<td>{study['games']}</td><td>{study['seed']}</td><td>{_e(' & '.join(study['bots']))}</td>"
                    f"<td>{seating}</td></tr>")
    head = ("<tr><th></th><th>variant</th><th>changed from uno-duo</th><th>games</th><th>seed</th>"
            "<th>styles</th><th>who sat where</th></tr>")
    styles = {bot: text for study in report["studies"].values() for bot, text in study["styles"].items()}
    described = "".join(f"<li><b>{_e(bot)}</b>: {_e(text)}</li>" for bot, text in styles.items())
    return f"<table>{head}{''.join(rows)}</table><ul class='note'>{described}</ul>"


def _opening(report: dict[str, Any]) -> str:
    """The page's first lines: the verdict, what the seated styles do not weigh, the skilled player's edge."""
    return "".join(f"<p class='verdict'><b>{_e(heading)}:</b> {_e(text)}</p>"
                   for heading, text in opening_lines(report["finding"]))


def _finding(report: dict[str, Any]) -> str:
    found = report["finding"]
    parts = []
    if "B" in report["studies"]:
        items = "".join(f"<li><b>{_e(item['text'].split(' [')[0])}</b> [{_e(item['text'].split(' [', 1)[1])}</li>"
                        for item in found["changed"]) or "<li>nothing that these games can tell apart</li>"
        parts.append("<p>What changed, A against B, largest first (each with its 95 % interval; clear after "
                     f"the correction for many comparisons):</p><ol class='changed'>{items}</ol>")
        if found["rules"]:
            rules = "; ".join(f"<span title='{_e(item['text'])}'>{_e(item['short'])}</span>" for item in found["rules"])
            parts.append(f"<p>Rules that fire more or less often (A − B per round, or as the table says; largest "
                         f"first): {rules}.</p>")
        if found.get("rules_alike"):
            parts.append(f"<p class='note'><b>Rules alike:</b> {_e(found['rules_alike']['text'])}.</p>")
        if found["unchanged"]:
            parts.append("<p>No clear change in the headline figures (A − B; each interval holds 0):</p><ul>"
                         + "".join(f"<li>{_e(text)}</li>" for text in found["unchanged"]) + "</ul>")
        if found.get("not_shown"):
            parts.append("<p>Not shown to change once corrected for the many comparisons, though each interval "
                         "alone excludes 0 (A − B):</p><ul class='not-shown'>"
                         + "".join(f"<li>{_e(text)}</li>" for text in found["not_shown"]) + "</ul>")
    else:
        parts.append("<p>The headline figures:</p><ul>"
                     + "".join(f"<li>{_e(text)}</li>" for text in found["unchanged"]) + "</ul>")
    for skipped in found["not_measured"]:
        parts.append(f"<p class='note'><b>Not measured</b> {_e(skipped['why'].removeprefix('not measured '))}: "
                     f"{_e(', '.join(skipped['metrics']))}.</p>")
    return "".join(parts)


def _metrics(report: dict[str, Any]) -> str:
    labels = list(report["studies"])
    names = {key: report["studies"][key]["variant"]["name"] for key in labels}
    head = "<tr><th>metric</th>" + "".join(f"<th>{key}: {_e(names[key])}</th>" for key in labels)
    head += "<th>A − B</th></tr>" if "B" in labels else "</tr>"
    body, group = [], None
    for row in report["metrics"]:
        if not shown(row, labels):
            continue
        if row["group"] != group:
            group = row["group"]
            body.append(f"<tr class='group'><td colspan='{len(labels) + 2}'>{_e(group)}</td></tr>")
        cells = "".join(f"<td{_unmeasured(row[key])}>{_e(figure(row[key], row['kind']))}</td>" for key in labels)
        if "B" in labels:
            clear = " class='clear'" if row["difference"]["flagged"] else ""
            cells += f"<td{clear}>{_e(difference(row['difference'], row['kind']))}</td>"
        body.append(f"<tr><td>{_e(label(row))}</td>{cells}</tr>")
    return f"<table class='figures'>{head}{''.join(body)}</table>"


def _unmeasured(cell: dict[str, Any]) -> str:
    return f" class='unmeasured' title='{_e(cell['not_measured'])}'" if cell.get("not_measured") else ""


def plots_section(plots: dict[str, tuple[str, bytes]], captions: dict[str, str]) -> str:
    """The plots, full width, each with its caption (what to look for) and the file it is also in."""
    out = [f"<p class='note'>Each plot is also written beside this page as <code>plots/STEM.png</code> "
           f"({_e(', '.join(plots))}), for documents and slides.</p>"] if plots else []
    for stem, (name, png) in plots.items():
        data = base64.b64encode(png).decode("ascii")
        out.append(f"<figure id='{stem}'><img alt='{_e(name)}' src='data:image/png;base64,{data}'>"
                   f"<figcaption class='note'><b>{_e(name)}</b> (<code>plots/{stem}.png</code>). "
                   f"{_e(captions.get(stem, ''))}</figcaption></figure>")
    return "".join(out)


def page(report: dict[str, Any], plots: dict[str, tuple[str, bytes]], captions: dict[str, str]) -> str:
    """The whole HTML page: the finding, how it was measured, the plots, every metric."""
    names = " vs ".join(s["variant"]["name"] for s in report["studies"].values())
    reading = ("An interval of A − B that straddles 0 says the games played cannot tell the two apart there; "
               "play more games to narrow it (the width shrinks as 1/√games)." if "B" in report["studies"] else "")
    correction = report.get("correction") or ""
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>UNO DUO report: {_e(names)}</title><style>{STYLE}</style></head><body>"
        f"<h1>What the rules do to play: {_e(names)}</h1><p class='lead'>{_e(title(report))}</p>"
        f"{_opening(report)}"
        f"<h2>The finding</h2>{_finding(report)}"
        f"<h2>How it was measured</h2>{_studies(report)}<p class='note'>{_e(report['method'])}</p>"
        f"<p class='note'>{_e(correction)} {_e(reading)}</p>"
        f"<h2>Plots</h2>{plots_section(plots, captions)}"
        f"<h2>Every metric</h2>{_metrics(report)}"
        "<p class='note'>Every number on this page, and the counts behind it, is in report.json beside it.</p>"
        "</body></html>\n"
    )




def sweep_page(sweep: dict[str, Any], plots: dict[str, tuple[str, bytes]], caption: str) -> str:
    """The whole HTML page of a sweep: the finding, how it was measured, the plot, each headline figure at
    each value."""
    parameter, values = sweep["parameter"], sweep["values"]
    found = sweep["finding"]
    moved = "".join(f"<li>{_e(text)}</li>" for text in found["moved"]) or "<li>nothing that these games can tell</li>"
    steady = "".join(f"<li>{_e(text)}</li>" for text in found["steady"])
    head = "<tr><th>metric</th>" + "".join(f"<th>{_e(parameter)} = {_e(v)}</th>" for v in values) + "</tr>"
    body = "".join(f"<tr><td>{_e(row['metric'])}</td>"
                   + "".join(f"<td>{_e(figure(cell, row['kind']))}</td>" for cell in row["cells"]) + "</tr>"
                   for row in sweep["headline"])
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>UNO DUO sweep: {_e(parameter)}</title><style>{STYLE}</style></head><body>"
        f"<h1>What {_e(parameter)} does to play</h1>"
        f"<p class='lead'>{_e(sweep['variant'])} with {_e(parameter)} ({_e(sweep['description'])}) = "
        f"{_e(', '.join(values))}: {sweep['games']:,} games at each value, seed {sweep['seed']}, "
        f"{_e(' & '.join(dict.fromkeys(sweep['bots'])))}</p>"
        + (f"<p class='verdict'><b>The players:</b> {_e(sweep['players'])}</p>" if sweep.get("players") else "")
        + f"<h2>The finding</h2><p>Against {_e(parameter)} = {_e(values[0])}, clearly (each value against the "
        f"first, after Holm's correction for every comparison made):</p><ul>{moved}</ul>"
        f"<p>No clear change:</p><ul>{steady}</ul>"
        f"<h2>How it was measured</h2><p class='note'>The same games (the same seeds and styles) are played at "
        f"every value. {_e(sweep['method'])} {_e(sweep.get('correction') or '')}</p>"
        f"<h2>Plots</h2>{plots_section(plots, {stem: caption for stem in plots})}"
        f"<h2>The headline figures at each value</h2><table class='figures'>{head}{body}</table>"
        "<p class='note'>Every number, each value's whole report and the counts behind it, is in report.json "
        "beside this page.</p></body></html>\n"
    )


__all__ = ["page", "plots_section", "sweep_page"]
