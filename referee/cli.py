"""The ``referee`` command line: judge logs, serve the API, simulate games, list rules and variants."""

from __future__ import annotations

import difflib
import functools
import itertools
import json
import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import click

from referee import judge
from referee.build import build
from referee.engine.rules import RULES
from referee.engine.variants import PARAMETERS, VARIANTS, Variant, get_variant, parameters_markdown
from referee.errors import MalformedLog, RefereeError
from referee.executor import Executor, ExecutorError
from referee.log.verdict import Verdict
from referee.settings import ConfigurationError, variant_directories
from referee.tables import commands as tables_commands

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2
#: A bad option or setting: click's own status for usage errors.
EXIT_USAGE = 2


@click.group()
@click.version_option(package_name="uno-duo-referee", message=f"%(prog)s %(version)s ({build()} build)")
def main() -> None:
    """UNO DUO referee: replays game logs and rules on them, rule by rule.

    Variant files (*.toml) in the directories named by REFEREE_VARIANTS_DIR can be named like built-ins.
    """
    try:
        variant_directories()
    except ConfigurationError as exc:
        _stop_on(exc)


def _stop_on(exc: ConfigurationError) -> None:
    """A bad setting: one line naming it and what it takes, exit status 2 (as for a bad option)."""
    click.echo(f"Error: {exc}", err=True)
    sys.exit(EXIT_USAGE)


def _executor_options(command: Callable) -> Callable:
    """``--jobs`` and ``--dask``: where the work runs (:mod:`referee.executor`)."""
    command = click.option("--dask", "dask", default=None, metavar="ADDRESS",
                           help="Run the work on the Dask cluster at ADDRESS (tcp://host:8786); needs "
                                "referee[dask] here and on the workers.")(command)
    return click.option("--jobs", type=click.IntRange(1), default=None,
                        help="Worker processes (default: every core).")(command)


def _executor(jobs: int | None, dask: str | None, progress: bool | None = None) -> Executor:
    try:
        return Executor(jobs, dask, progress)
    except ExecutorError as exc:
        raise click.ClickException(str(exc)) from None


@functools.cache
def _limits() -> tuple[int, int, int, int]:
    """The service's limits, as its settings give them: body bytes, nesting depth, rounds, events."""
    from referee.service.config import DefaultConfig, from_env

    config = {**{k: getattr(DefaultConfig, k) for k in dir(DefaultConfig) if k.isupper()}, **from_env()}
    return (config["MAX_CONTENT_LENGTH"], config["REFEREE_MAX_DEPTH"], config["REFEREE_MAX_ROUNDS"],
            config["REFEREE_MAX_EVENTS"])


def _too_large(name: str) -> tuple[int, dict]:
    limit = _limits()[0]
    return EXIT_UNREADABLE, {"source": name, "error": "too large",
                             "detail": f"the log exceeds the limit of {limit} bytes (REFEREE_MAX_BODY_BYTES, "
                                       "as the service's)"}


def _rule_bytes(name: str, raw: bytes, variant: Variant | None) -> tuple[int, dict]:
    """(exit status, JSON-ready answer) for one log's bytes, read as the service reads a request's body:
    its limits (size, nesting, rounds, events, digits), JSON's values only (no ``NaN``), then judged."""
    from referee.service.problems import ApiProblem
    from referee.service.validation import check_limits, parse_json

    size, depth, rounds, events = _limits()
    if len(raw) > size:
        return _too_large(name)
    try:
        document = parse_json(raw, depth, subject="the log")
        check_limits(document, rounds, events)
    except ApiProblem as problem:
        return EXIT_UNREADABLE, {"source": name, "error": "not JSON" if problem.status == 400 else "too large",
                                 "detail": problem.detail}
    return _rule(name, document, variant)


def _rule(name: str, document: Any, variant: Variant | None) -> tuple[int, dict]:
    """(exit status, JSON-ready answer) for one document."""
    try:
        verdict = judge(document, variant=variant)
    except MalformedLog as exc:
        return EXIT_UNREADABLE, {"source": name, "error": "malformed log",
                                 "problems": [p.to_dict() for p in exc.problems]}
    except RefereeError as exc:
        return EXIT_UNREADABLE, {"source": name, "error": type(exc).__name__, "detail": str(exc)}
    return _answer(name, verdict)


def _answer(name: str, verdict: Verdict) -> tuple[int, dict]:
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
@_executor_options
def judge_command(logs: tuple[str, ...], fmt: str, lines: bool, variant: str | None, golden: str | None,
                  jobs: int | None, dask: str | None) -> None:
    """Judge game LOGS (files, folders of *.json / *.jsonl logs, or - for standard input).
    Exit 0: all legal; 1: some illegal; 2: unreadable.

    Files named *.verdict.json or *.expect.json are verdicts, not logs, and are passed over, so that
    "referee judge examples/*.json" (or "referee judge examples") judges every example. Many logs are
    judged on every core (--jobs, --dask), the verdicts printed in the order of the input, with a progress
    bar on standard error when it is a terminal. A log is read as the service reads a request (its
    limits: 4 MiB, 200 rounds, 20,000 events by default; REFEREE_MAX_* settings); a folder without logs
    is unreadable.
    """
    chosen = _variant(variant) if variant else None
    if golden:
        sys.exit(_golden(logs, golden, chosen))
    sources = _expand(logs)
    executor = _executor(jobs, dask)
    one = functools.partial(_judge_item, variant=chosen)
    total = None if lines or any(s == "-" or s.endswith(".jsonl") for s in sources) else len(sources)
    status, count, first = EXIT_LEGAL, 0, None
    try:
        for code, answer in executor.imap(one, _items(sources, lines), "judging", total=total):
            status, count = max(status, code), count + 1
            if count == 1:
                first = answer  # printed once we know whether it is one of many
                continue
            if count == 2:
                _echo_answer(first, fmt, batch=True)
            _echo_answer(answer, fmt, batch=True)
    except ExecutorError as exc:
        raise click.ClickException(str(exc)) from None
    if count == 1:
        _echo_answer(first, fmt, batch=False)
    sys.exit(status)


def _logs_only(sources: tuple[str, ...]) -> list[str]:
    return [s for s in sources if not s.endswith((".verdict.json", ".expect.json"))]


def _expand(sources: tuple[str, ...]) -> list[str]:
    """The log files to judge: each source as given, a folder as every *.json / *.jsonl log under it
    (sorted by path), or as itself when it holds none (:func:`_items` says so)."""
    out: list[str] = []
    for source in sources:
        path = Path(source)
        if source != "-" and path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file())
            out += _logs_only(tuple(str(p) for p in found)) or [source]
        else:
            out += _logs_only((source,))
    return out


#: What an item of :func:`_items` is: (name, the log's bytes, None), or (name, None, why it is not judged).
Item = tuple[str, bytes | None, str | None]


def _items(sources: list[str], lines: bool) -> Iterator[Item]:
    """Each log of the sources in order — one per line of JSON Lines — or why a source cannot be read.

    Nothing is read past the service's body limit: a file (``/dev/zero``) or a line longer than that is
    refused as too large, and the rest of that source is not read."""
    limit = _limits()[0]
    for source in sources:
        if source != "-" and Path(source).is_dir():
            yield source, None, "the folder holds no logs (*.json, *.jsonl)"
            continue
        try:
            stream = sys.stdin.buffer if source == "-" else open(source, "rb")  # noqa: SIM115 (closed below)
        except OSError as exc:
            yield source, None, _why(exc)
            continue
        try:
            if lines or source.endswith(".jsonl"):
                yield from _lines(source, stream, limit)
            else:
                raw = stream.read(limit + 1)
                yield (source, raw, None) if len(raw) <= limit else (source, None, "too large")
        except OSError as exc:
            yield source, None, _why(exc)
        finally:
            if source != "-":
                stream.close()


def _lines(source: str, stream: BinaryIO, limit: int) -> Iterator[Item]:
    """Each non-blank line of a JSON Lines stream; a line past ``limit`` bytes ends the source."""
    for number in itertools.count(1):
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            yield f"{source}:{number}", None, "too large"
            return
        if line.strip():
            yield f"{source}:{number}", line, None


_VARIANTS_LOADED = False


def _judge_item(item: tuple[str, str | None, str | None], variant: Variant | None) -> tuple[int, dict]:
    """One log judged (a task of the executor, perhaps in another process): (exit status, answer)."""
    global _VARIANTS_LOADED
    if not _VARIANTS_LOADED:  # a fresh worker process knows only the built-in variants
        variant_directories()  # main() checked the setting already
        _VARIANTS_LOADED = True
    name, raw, unreadable = item
    if raw is None:
        if unreadable == "too large":
            return _too_large(name)
        return EXIT_UNREADABLE, {"source": name, "error": "unreadable", "detail": unreadable}
    return _rule_bytes(name, raw, variant)


def _echo_answer(answer: dict, fmt: str, batch: bool) -> None:
    """Print one answer: a text line, a JSON line (one of many), or the one verdict as indented JSON."""
    if fmt == "text":
        click.echo(_text(answer))
    elif batch:
        click.echo(json.dumps(answer, ensure_ascii=False))
    else:
        answer = {k: v for k, v in answer.items() if k != "source"}
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))


def golden_path(log_path: str) -> Path:
    """Where the golden verdict of a log file lies: ``NAME.verdict.json`` beside ``NAME.json``."""
    path = Path(log_path)
    return path.with_name(path.name.removesuffix(".json") + ".verdict.json")


def _golden(logs: tuple[str, ...], mode: str, variant: Variant | None) -> int:
    """Check (or rewrite) every log's golden verdict.

    The exit status is plain judge's: 2 if a log cannot be read (one line says why), else 1 if a
    verdict differs from its golden one (a unified diff shows how) or has none, else 0.
    """
    status = EXIT_LEGAL
    for source, raw, unreadable in _items(_logs_only(logs), False):
        try:
            text_or_none = None if raw is None else raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            unreadable, text_or_none = _why(exc), None
        if text_or_none is None:
            click.echo(f"{source}: unreadable: {unreadable}", err=True)
            status = EXIT_UNREADABLE
            continue
        _, answer = _rule_bytes(source, raw, variant)
        answer.pop("source")
        target = golden_path(source)
        verdict = json.dumps(answer, indent=2, ensure_ascii=False) + "\n"
        if mode == "update":
            target.write_text(verdict, encoding="utf-8")
            click.echo(f"wrote {target}")
            continue
        golden = _read_text(str(target))
        if isinstance(golden, OSError | UnicodeDecodeError):
            click.echo(f"{source}: no golden verdict ({target}: {_why(golden)}); "
                       "`referee judge --golden update` writes one", err=True)
            status = max(status, EXIT_ILLEGAL)
        elif golden != verdict:
            click.echo(f"{source}: verdict differs from {target}:", err=True)
            diff = difflib.unified_diff(golden.splitlines(keepends=True), verdict.splitlines(keepends=True),
                                        fromfile=f"{target} (golden)", tofile=f"{source} (judged now)")
            click.echo("".join(diff), nl=False, err=True)
            status = max(status, EXIT_ILLEGAL)
        else:
            click.echo(f"{source}: matches {target.name}")
    return status


def _read_text(path: str) -> str | OSError | UnicodeDecodeError:
    """The text of a file, or the error that kept it from being read."""
    try:
        with open(path, encoding="utf-8") as stream:
            return stream.read()
    except (OSError, UnicodeDecodeError) as exc:
        return exc


def _why(error: OSError | UnicodeDecodeError) -> str:
    """An error reading a file, in words (no errno, no codec)."""
    if isinstance(error, UnicodeDecodeError):
        return f"not UTF-8 text (at byte {error.start})"
    return (error.strerror or str(error)).lower()


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
    click.echo(json.dumps(_variant(name).to_dict(), indent=2))


def _variant(name: str) -> Variant:
    """The variant ``name`` (built in, or a .toml file), or exit naming where a house rule's file is found."""
    try:
        return get_variant(name)
    except RefereeError as exc:
        raise click.ClickException(f"{exc}{_variant_hint(name)}") from None


def _variant_hint(name: str) -> str:
    """Where to find a variant that is no built-in: its file (variants/NAME.toml here), or the setting."""
    if name.endswith(".toml"):
        return ""
    candidate = Path("variants") / f"{name}.toml"
    if candidate.is_file():
        return f"; did you mean {candidate}? (or set REFEREE_VARIANTS_DIR=variants to name it {name})"
    return "; a house rule's variant is named by its .toml file's path, or by its name with " \
           "REFEREE_VARIANTS_DIR set to its folder"


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
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 256),
              help="Processes serving requests: one per core (judging is CPU-bound).")
@click.option("--threads", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Threads per process that run the application.")
@click.option("--read-timeout", type=click.FloatRange(0, 3600, min_open=True), default=None,
              help="Seconds a request may take to arrive whole (then 408). Default: REFEREE_READ_TIMEOUT, or 10.")
@click.option("--connection-limit", default=1000, show_default=True, type=click.IntRange(1),
              help="Open connections per process.")
def serve(host: str, port: int, workers: int, threads: int, read_timeout: float | None,
          connection_limit: int) -> None:
    """Serve the REST API (POST /v1/adjudications) until SIGTERM or Ctrl-C.

    gunicorn runs the processes; waitress reads each request whole before the application sees
    it, so slow clients hold no process. Limits and timeouts: REFEREE_* settings (see README).
    """
    from referee.service.serve import serve as run

    config = {"REFEREE_READ_TIMEOUT": read_timeout} if read_timeout is not None else None
    try:
        if read_timeout is not None and not math.isfinite(read_timeout):  # FloatRange lets nan through
            raise ConfigurationError("--read-timeout", "a number of seconds greater than 0", str(read_timeout))
        from referee.tables.commands import migrate_database

        migrate_database()  # the live tables' database, before any process serves
        run(host=host, port=port, workers=workers, threads=threads, connection_limit=connection_limit,
            config=config)
    except ConfigurationError as exc:
        _stop_on(exc)


#: Games per task of ``simulate``, at most (fewer for short runs, so that every worker gets some).
SIMULATE_BLOCK = 25


@dataclass(frozen=True, slots=True)
class SimulationBlock:
    """Games ``start`` … ``stop - 1`` of a ``simulate`` run (one task of the executor)."""

    seed: int
    start: int
    stop: int
    variant: Variant | None
    with_deck: bool
    stats: bool
    indent: int | None
    #: Two styles of referee.play.players seated instead of the seeded mix (swapping seats every game), or ().
    bots: tuple[str, ...] = ()


def simulate_block(block: SimulationBlock) -> list[str] | dict:
    """Play one block: the games as JSON texts, or (``stats``) :func:`~referee.play.statistics.simulate_stats`
    of them. Game ``i`` is ``simulate_game(game_seed(seed, i), ...)``, as in :func:`~referee.play.selfplay.simulate`."""
    from referee.play.selfplay import game_seed, simulate_game
    from referee.play.statistics import simulate_stats

    logs = (simulate_game(game_seed(block.seed, i), block.variant, block.with_deck, seats=_seats(block.bots, i))
            for i in range(block.start, block.stop))
    if block.stats:
        return simulate_stats(logs)
    return [json.dumps(log, ensure_ascii=False, indent=block.indent) for log in logs]


def _seats(bots: tuple[str, ...], index: int) -> tuple[Any, Any] | None:
    """The strategies of ``--bots`` for game ``index`` (the first style in seat 0 in even games), or None."""
    if not bots:
        return None
    from referee.play.players import get_player

    first, second = get_player(bots[0]), get_player(bots[-1])
    return (first, second) if index % 2 == 0 else (second, first)


def _add_stats(total: dict | None, more: dict) -> dict:
    """Two :func:`~referee.play.statistics.simulate_stats` results added up."""
    if total is None:
        return more
    return {key: ({k: total[key][k] + more[key][k] for k in total[key]} if isinstance(total[key], dict)
                  else total[key] + more[key]) for key in total}


@main.command()
@click.option("--games", default=10, show_default=True, type=click.IntRange(1, 10_000_000))
@click.option("--seed", default=0, show_default=True, type=int, help="The same seed gives the same games.")
@click.option("--variant", default=None, help="A variant name or a .toml file (default uno-duo).")
@click.option("--no-deck", is_flag=True, help="Leave each round's deck out and name every card instead.")
@click.option("--out", default="-", show_default=True,
              help="A directory (one game_NNNN.json per game) or - for JSON Lines on standard output.")
@click.option("--stats", is_flag=True, help="Instead of the logs, print how often each rule id fired.")
@click.option("--bots", default=None, metavar="STYLE[,STYLE]",
              help="Seat these styles (random, greedy, challenger, expert, expert-fast) instead of the seeded mix; "
                   "two swap seats every game.")
@_executor_options
def simulate(games: int, seed: int, variant: str | None, no_deck: bool, out: str, stats: bool,
             jobs: int | None, dask: str | None, bots: str | None = None) -> None:
    """Play complete games with seeded-random bots and write them as version-1 logs.

    The games are played on every core (--jobs, --dask) and written in order: the same seed gives the
    same output whatever the number of workers. A progress bar goes to standard error when it is a
    terminal, and a last line there says what was written.
    """
    try:
        chosen = get_variant(variant) if variant else None
    except RefereeError as exc:
        raise click.ClickException(str(exc)) from None
    seated = tuple(b.strip() for b in (bots or "").split(",") if b.strip())
    if len(seated) > 2:
        raise click.BadParameter("one or two styles", param_hint="--bots")
    from referee.play.players import UnknownPlayer, get_player

    try:
        for name in seated:
            get_player(name)
    except UnknownPlayer as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    target = None if out == "-" or stats else Path(out)
    size = max(1, min(SIMULATE_BLOCK, games // 16))
    blocks = [SimulationBlock(seed, start, min(start + size, games), chosen, not no_deck, stats,
                              None if target is None else 1, seated)
              for start in range(0, games, size)]
    executor = _executor(jobs, dask)
    executor = Executor(executor.jobs, executor.dask, executor.progress, batch=1)
    if target is not None:
        target.mkdir(parents=True, exist_ok=True)
    totals, index = None, 0
    try:
        for result in executor.imap(simulate_block, blocks, "simulating", weight=lambda b: b.stop - b.start):
            if stats:
                totals = _add_stats(totals, result)
                continue
            for text in result:
                if target is None:
                    click.echo(text)
                else:
                    (target / f"game_{index:04d}.json").write_text(text + "\n", encoding="utf-8")
                index += 1
    except (RefereeError, ExecutorError) as exc:
        raise click.ClickException(str(exc)) from None
    if stats:
        click.echo(json.dumps(totals, indent=2))
    elif target is None:
        click.echo(f"wrote {games} games as JSON Lines to standard output", err=True)
    else:
        click.echo(f"wrote {games} games to {target}/ (game_0000.json … game_{games - 1:04d}.json)", err=True)


@main.command()
@click.option("--variant", "variant", required=True, help="The variant studied (A): a name or a .toml file.")
@click.option("--vs", default=None, help="A second variant (B) to compare with: A − B for every metric.")
@click.option("--games", default=1000, show_default=True, type=click.IntRange(1, 100_000_000),
              help="Games of each variant.")
@click.option("--seed", default=0, show_default=True, type=int, help="The same seed gives the same numbers.")
@click.option("--players", "--bots", "bots", default="greedy,challenger", show_default=True,
              help="One or two player styles, comma-separated: any registered style (random, greedy, "
                   "challenger, expert, expert-fast, and any a module registers; an unknown name lists them); "
                   "they swap seats every game.")
@click.option("--sweep", default=None, metavar="PARAM=v1,v2,...",
              help="Play the variant at each value of one parameter (instead of --vs) and draw each headline "
                   "figure against it, e.g. target_score=100,150,200,250,300.")
@click.option("--out", default=None, type=click.Path(file_okay=False),
              help="A directory for report.html (with its plots), report.json (every number) and plots/*.png; "
                   "needs the report extra (matplotlib).")
@_executor_options
def report(variant: str, vs: str | None, games: int, seed: int, bots: str, sweep: str | None, out: str | None,
           jobs: int | None, dask: str | None) -> None:
    """What a variant does to play: the finding in words first, then win rates, lengths, endings, volleys,
    challenges, catches, points and rule counts per round, each with a 95 % interval; with --vs the
    difference A − B, flagged where it stays clear after Holm's correction for the many comparisons; with
    --sweep each headline figure across a parameter's values.

    \b
    Styles:
      random      uniformly random among the legal events
      greedy      sheds its costliest card first, holds a Draw 2 for a volley, dumps when it can
      challenger  plays as greedy; catches every forgotten UNO, challenges a Wild Draw 4 from a full hand
    Each style declares the rule parameters it weighs; the report says first when the styles seated weigh
    none of those compared. With two styles, the first lines give one's win rate against the other in each
    variant (expert's, where it is seated: the skilled player's edge).
    """
    from referee.play.players import UnknownPlayer
    from referee.report import MissingExtra, make_report, require_plots, write_report, write_sweep
    from referee.report.study import check_bots
    from referee.report.sweep import make_sweep, parse_sweep
    from referee.report.terminal import print_report, print_sweep

    if sweep is not None and vs is not None:
        raise click.UsageError("--sweep and --vs cannot be combined: compare two variants, or sweep one")
    if out is not None:
        try:
            require_plots()
        except MissingExtra as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(EXIT_USAGE)
    try:
        styles = check_bots(tuple(b.strip() for b in bots.split(",") if b.strip()))
    except (UnknownPlayer, ValueError) as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    try:
        chosen = get_variant(variant)
        if sweep is not None:
            swept = make_sweep(parse_sweep(chosen, sweep), games, seed, styles, _executor(jobs, dask))
        else:
            other = get_variant(vs) if vs else None
            result = make_report(chosen, other, games, seed, styles, _executor(jobs, dask))
    except (RefereeError, ExecutorError) as exc:
        raise click.ClickException(str(exc)) from None
    if sweep is not None:
        print_sweep(swept)
    else:
        print_report(result)
    if out is not None:
        written = write_sweep(swept, out) if sweep is not None else write_report(result, out)
        click.echo("wrote " + " and ".join(str(p) for p in written), err=True)


@main.command("ladder")
@click.option("--styles", default="random,greedy,challenger,expert-fast,expert", show_default=True,
              help="The styles of the round robin, comma-separated (each level of expert is a style).")
@click.option("--games", default=40, show_default=True, type=click.IntRange(2, 10_000_000),
              help="Games for each pair of styles (rounded up to even: each deal is played with seats swapped).")
@click.option("--seed", default=0, show_default=True, type=int, help="The same seed gives the same ladder.")
@click.option("--variant", default="uno-duo", show_default=True, help="The variant played: a name or a .toml file.")
@click.option("--json", "json_path", default=None, type=click.Path(dir_okay=False), help="Write the ladder as JSON.")
@click.option("--plot", "plot_path", default=None, type=click.Path(dir_okay=False),
              help="Write the ratings as a PNG (needs the report extra, matplotlib).")
@_executor_options
def ladder_command(styles: str, games: int, seed: int, variant: str, json_path: str | None, plot_path: str | None,
                   jobs: int | None, dask: str | None) -> None:
    """A round robin between player styles, seats and first player alternating, and their Bradley-Terry
    ratings (Elo scale) with 95 % intervals, and each pair's win rate: a table here, JSON and a plot."""
    from referee.play.ladder import ladder, table, write
    from referee.play.players import UnknownPlayer

    names = tuple(s.strip() for s in styles.split(",") if s.strip())
    try:
        get_variant(variant)
        result = ladder(names, games, seed, _executor(jobs, dask), variant)
    except (UnknownPlayer, ValueError) as exc:
        raise click.BadParameter(str(exc), param_hint="--styles") from None
    except (RefereeError, ExecutorError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(table(result))
    written = write(result, json_path, plot_path)
    if written:
        click.echo("wrote " + " and ".join(str(p) for p in written), err=True)


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
@click.option("--lang", "language", default="en", show_default=True,
              help="The language of the pages (en, fil or tl, gd, el, te, eo); one the rulebook is not yet "
                   "offered in is refused.")
def rulebook_command(out: Path, features: Path | None, outcomes: Path | None, variant_report: Path | None,
                     language: str) -> None:
    """Write the living rulebook as a static site: chapters, rules, scenarios with cards drawn as cards."""
    from referee.bundled import features_dir
    from referee.i18n import resolve
    from referee.i18n.rulebook import OFFERED
    from referee.rulebook import ResultsError, Rulebook, RulebookError, load_book, load_outcomes, load_variant_report

    chosen = resolve(language)
    if chosen not in OFFERED:
        raise click.BadParameter(f"the rulebook is offered in {', '.join(OFFERED)} (docs/i18n.md lists the "
                                 f"languages in progress)", param_hint="--lang")
    default_outcomes = Path("reports/rulebook-outcomes.json")
    if outcomes is None and default_outcomes.is_file():
        outcomes = default_outcomes
    try:
        book = load_book(features or features_dir())
        site = Rulebook(book, outcomes=load_outcomes(outcomes) if outcomes else None,
                        variant_report=load_variant_report(variant_report) if variant_report else None,
                        language=chosen)
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


main.add_command(tables_commands.db)
main.add_command(tables_commands.tables)


if __name__ == "__main__":
    main()
