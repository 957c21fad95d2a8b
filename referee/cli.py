"""The ``referee`` command line: judge logs, serve the API, simulate games, list rules and variants."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import click

from referee import judge
from referee.errors import MalformedLog, RefereeError
from referee.rules import RULES
from referee.variants import PARAMETERS, VARIANTS, Variant, get_variant, load_configured_variants, parameters_markdown

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


@click.group()
@click.version_option(package_name="uno-duo-referee")
def main() -> None:
    """UNO DUO referee: replays game logs and rules on them, rule by rule.

    Variant files (*.toml) in the directories named by REFEREE_VARIANTS_DIR can be named like built-ins.
    """
    try:
        load_configured_variants()
    except RefereeError as exc:
        raise click.ClickException(str(exc)) from None


def _documents(source: str, stream: TextIO, lines: bool) -> Iterator[tuple[str, Any]]:
    """(name, document or exception) for each log in one input: a whole JSON file, or JSON Lines."""
    if lines:
        for number, line in enumerate(stream, 1):
            if line.strip():
                yield f"{source}:{number}", _parse(line)
    else:
        yield source, _parse(stream.read())


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        return exc


def _open(source: str) -> TextIO:
    return sys.stdin if source == "-" else open(source, encoding="utf-8")


def _rule(name: str, document: Any, variant: Variant | None) -> tuple[int, dict]:
    """(exit status, JSON-ready answer) for one document."""
    if isinstance(document, Exception):
        return EXIT_UNREADABLE, {"source": name, "error": "not JSON", "detail": str(document)}
    try:
        verdict = judge(document, variant=variant)
    except MalformedLog as exc:
        return EXIT_UNREADABLE, {"source": name, "error": "malformed log",
                                 "problems": [p.to_dict() for p in exc.problems]}
    except RefereeError as exc:
        return EXIT_UNREADABLE, {"source": name, "error": type(exc).__name__, "detail": str(exc)}
    return (EXIT_LEGAL if verdict.legal else EXIT_ILLEGAL), {"source": name, **verdict.to_dict()}


def _text(answer: dict) -> str:
    name = answer["source"]
    if "error" in answer:
        problems = answer.get("problems") or [{"pointer": "", "detail": answer.get("detail", ""), "rule": None}]
        return "\n".join(f"{name}: {answer['error']}: {_cited(p['rule'])}{p['pointer'] or '/'}: {p['detail']}"
                         for p in problems)
    scores = ", ".join(f"{k} {v}" for k, v in answer["scores"].items())
    v = answer["violation"]
    if v:
        return f"{name}: illegal: {v['rule']} at {v['pointer']}: {v['message']} (scores before it: {scores})"
    state = f"complete, {answer['winner']} wins" if answer["complete"] else "unfinished"
    to_act = f", {answer['next']['player']} to act" if answer.get("next") and answer["next"]["player"] else ""
    return f"{name}: legal, {state}{to_act} (scores: {scores})"


def _cited(rule: str | None) -> str:
    """``"DECK-1 at "`` before a pointer when a rule of the game is what the form expresses."""
    return f"{rule} at " if rule else ""


@main.command("judge")
@click.argument("logs", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["json", "text"]), default="json", show_default=True,
              help="JSON verdicts, or one human line per log naming the rule and event.")
@click.option("--lines", is_flag=True, help="Inputs are JSON Lines: one log per line (a .jsonl name implies it).")
@click.option("--variant", default=None, help="Judge under this variant (a name or a .toml file) instead of the log's.")
@click.option("--golden", type=click.Choice(["check", "update"]), default=None,
              help="Compare each verdict with NAME.verdict.json beside the log (check), or rewrite it (update).")
def judge_command(logs: tuple[str, ...], fmt: str, lines: bool, variant: str | None, golden: str | None) -> None:
    """Judge game LOGS (files, or - for standard input). Exit 0: all legal; 1: some illegal; 2: unreadable.

    Files named *.verdict.json or *.expect.json are verdicts, not logs, and are passed over, so that
    ``referee judge examples/*.json`` judges every example.
    """
    try:
        chosen = get_variant(variant) if variant else None
    except RefereeError as exc:
        raise click.ClickException(str(exc)) from None
    if golden:
        sys.exit(_golden(logs, golden, chosen))
    status = EXIT_LEGAL
    answers = []
    for source in _logs_only(logs):
        try:
            stream = _open(source)
        except OSError as exc:
            answers.append({"source": source, "error": "unreadable", "detail": str(exc)})
            status = EXIT_UNREADABLE
            continue
        with stream if source != "-" else _nullcontext(stream):
            for name, document in _documents(source, stream, lines or source.endswith(".jsonl")):
                code, answer = _rule(name, document, chosen)
                status = max(status, code)
                answers.append(answer)
    batch = len(answers) > 1
    for answer in answers:
        if fmt == "text":
            click.echo(_text(answer))
        elif batch:
            click.echo(json.dumps(answer, ensure_ascii=False))
        else:
            answer.pop("source")
            click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
    sys.exit(status)


def _logs_only(sources: tuple[str, ...]) -> list[str]:
    return [s for s in sources if not s.endswith((".verdict.json", ".expect.json"))]


def golden_path(log_path: str) -> Path:
    """Where the golden verdict of a log file lies: ``NAME.verdict.json`` beside ``NAME.json``."""
    path = Path(log_path)
    return path.with_name(path.name.removesuffix(".json") + ".verdict.json")


def _golden(logs: tuple[str, ...], mode: str, variant: Variant | None) -> int:
    """Check (or rewrite) every log's golden verdict; 1 if any differs or is missing."""
    status = EXIT_LEGAL
    for source in _logs_only(logs):
        with open(source, encoding="utf-8") as stream:
            _, answer = _rule(source, _parse(stream.read()), variant)
        answer.pop("source")
        target = golden_path(source)
        text = json.dumps(answer, indent=2, ensure_ascii=False) + "\n"
        if mode == "update":
            target.write_text(text, encoding="utf-8")
            click.echo(f"wrote {target}")
        elif not target.exists() or target.read_text(encoding="utf-8") != text:
            click.echo(f"{source}: verdict differs from {target}", err=True)
            status = EXIT_ILLEGAL
        else:
            click.echo(f"{source}: matches {target.name}")
    return status


class _nullcontext:
    def __init__(self, value: Any):
        self.value = value

    def __enter__(self) -> Any:
        return self.value

    def __exit__(self, *exc: object) -> None:
        return None


@main.command()
def rules() -> None:
    """List the rule registry: id, section and title."""
    for rule in RULES.values():
        mark = " (clarification)" if rule.clarification else ""
        click.echo(f"{rule.id:9} {rule.section:22} {rule.title}{mark}")


@main.command()
@click.argument("name", required=False)
def variants(name: str | None) -> None:
    """List the built-in variants, or show one (a name or a .toml file) with every parameter resolved."""
    if name is None:
        for variant in VARIANTS.values():
            click.echo(f"{variant.name:28} {variant.description}")
        return
    try:
        variant = get_variant(name)
    except RefereeError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(json.dumps(variant.to_dict(), indent=2))


@main.command()
@click.option("--markdown", is_flag=True, help="Print docs/variants.md, generated from the declarations.")
def parameters(markdown: bool) -> None:
    """List every variant parameter with its default and the rules it affects."""
    if markdown:
        click.echo(parameters_markdown(), nl=False)
        return
    for p in PARAMETERS.values():
        click.echo(f"{p.name:28} default {p.default!r:16} rules {' '.join(p.rules)}")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=2, show_default=True, type=int)
def serve(host: str, port: int, workers: int) -> None:
    """Serve the REST API with gunicorn (POST /v1/adjudications)."""
    from referee.service.serve import serve as run

    run(host=host, port=port, workers=workers)


@main.command()
@click.option("--games", default=10, show_default=True, type=click.IntRange(1, 1_000_000))
@click.option("--seed", default=0, show_default=True, type=int, help="The same seed gives the same games.")
@click.option("--variant", default=None, help="A variant name or a .toml file (default uno-duo).")
@click.option("--no-deck", is_flag=True, help="Leave each round's deck out and name every card instead.")
@click.option("--out", default="-", show_default=True,
              help="A directory (one game_NNNN.json per game) or - for JSON Lines on standard output.")
@click.option("--stats", is_flag=True, help="Instead of the logs, print how often each rule id fired.")
def simulate(games: int, seed: int, variant: str | None, no_deck: bool, out: str, stats: bool) -> None:
    """Play complete games with seeded-random bots and write them as version-1 logs."""
    from referee.simulate import simulate as play
    from referee.simulate import simulate_stats

    try:
        logs = play(games, seed, get_variant(variant) if variant else None, with_deck=not no_deck)
        if stats:
            click.echo(json.dumps(simulate_stats(logs), indent=2))
            return
        target = None if out == "-" else Path(out)
        if target is not None:
            target.mkdir(parents=True, exist_ok=True)
        for index, log in enumerate(logs):
            if target is None:
                click.echo(json.dumps(log, ensure_ascii=False))
            else:
                (target / f"game_{index:04d}.json").write_text(json.dumps(log, indent=1) + "\n", encoding="utf-8")
    except RefereeError as exc:
        raise click.ClickException(str(exc)) from None


@main.command("rulebook")
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="The directory to write the site to (index.html, a page per chapter and per rule).")
@click.option("--features", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="The rulebook's .feature files (default: the package's features/).")
@click.option("--outcomes", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The test run's outcomes to show per scenario (default: reports/rulebook-outcomes.json "
                   "when it exists).")
@click.option("--variant-report", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="A run under a variant (JSON): show each scenario as held, changed or unexpected.")
def rulebook_command(out: Path, features: Path | None, outcomes: Path | None, variant_report: Path | None) -> None:
    """Write the living rulebook as a static site: chapters, rules, scenarios with cards drawn as cards."""
    from referee.bundled import features_dir
    from referee.rulebook import ResultsError, Rulebook, RulebookError, load_book, load_outcomes, load_variant_report

    default_outcomes = Path("reports/rulebook-outcomes.json")
    if outcomes is None and default_outcomes.is_file():
        outcomes = default_outcomes
    try:
        book = load_book(features or features_dir())
        site = Rulebook(book, outcomes=load_outcomes(outcomes) if outcomes else None,
                        variant_report=load_variant_report(variant_report) if variant_report else None)
    except (RulebookError, ResultsError) as exc:
        raise click.ClickException(str(exc)) from None
    written = site.write_site(out)
    shown = f", outcomes from {outcomes}" if outcomes else ", no test outcomes"
    click.echo(f"wrote {len(written)} files to {out} ({len(book.chapters)} chapters{shown})")


@main.command()
def openapi() -> None:
    """Print the OpenAPI document generated from the service's schemas."""
    from referee.service.openapi import build_spec

    click.echo(build_spec().to_yaml(), nl=False)


if __name__ == "__main__":
    main()
