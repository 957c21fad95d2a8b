"""The operators' commands of the live tables: ``referee db migrate|status`` and ``referee tables
list|show|export|prune``.

Each takes ``--database URL``; by default the service's own database (``REFEREE_DATABASE_URL``, else SQLite in
``REFEREE_DATA_DIR`` or ``./data``).

What an operator sees of a game in progress: ``show`` prints the table, its seats (a bot's style, or that a
person holds a token — never the token, which is not stored) and the *public* view, which holds no hidden
card. Only ``show --seat NAME`` prints that seat's view, hand included: an explicit request, announced on
standard error. ``export`` writes the record — both hands and every deck — of a finished game only.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from referee.tables.tables import Tables

# SQLAlchemy, Alembic and the engine are imported by the commands that use them, not by `referee judge`'s
# start-up (this module is imported with the command line).

__all__ = ["db", "migrate_database", "tables"]

_DATABASE = click.option("--database", "url", default=None, metavar="URL",
                         help="The database (default: REFEREE_DATABASE_URL, else SQLite in REFEREE_DATA_DIR, "
                              "else ./data).")


def migrate_database(url: str | None = None) -> str:
    """Bring the database at ``url`` (default: the service's) to the newest schema; the revision it is at.

    A database that cannot be written (a read-only data folder, a full disk, a server that refuses the
    connection) is a :class:`~referee.settings.ConfigurationError` in one line: ``referee serve`` stops on it
    before serving anything, instead of answering every move with an error."""
    from sqlalchemy.exc import OperationalError

    from referee.settings import ConfigurationError
    from referee.tables.database import database_url, open_engine
    from referee.tables.migrate import migrate

    chosen = url or database_url()
    try:
        engine = open_engine(chosen)
    except OSError as exc:  # the data folder cannot be made
        raise ConfigurationError(_setting(chosen), "a database this service can write", _safe(chosen),
                                 exc.strerror or str(exc)) from None
    try:
        return migrate(engine)
    except OperationalError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if str(exc.orig).strip() else type(exc.orig).__name__
        raise ConfigurationError(_setting(chosen), "a database this service can write", _safe(chosen),
                                 reason) from None
    finally:
        engine.dispose()


def _setting(url: str) -> str:
    return "REFEREE_DATA_DIR" if url.startswith("sqlite") else "REFEREE_DATABASE_URL"


@click.group()
def db() -> None:
    """The live tables' database: migrate it, see its revision."""


@db.command("migrate")
@_DATABASE
def db_migrate(url: str | None) -> None:
    """Create or upgrade the tables' schema (the service also does it as it starts)."""
    from referee.settings import ConfigurationError
    from referee.tables.database import database_url

    chosen = url or database_url()
    try:
        click.echo(f"{_safe(chosen)}: at revision {migrate_database(chosen)}")
    except ConfigurationError as exc:
        raise click.ClickException(str(exc)) from None


@db.command("status")
@_DATABASE
def db_status(url: str | None) -> None:
    """The schema's revision against the newest this referee ships (exit 1 when behind)."""
    from referee.tables.database import database_url, open_engine
    from referee.tables.migrate import current_revision, head_revision

    chosen = url or database_url()
    engine = open_engine(chosen)
    try:
        current = current_revision(engine)
    finally:
        engine.dispose()
    head = head_revision()
    click.echo(f"{_safe(chosen)}: revision {current or 'none'} (newest {head})")
    if current != head:
        sys.exit(1)


@click.group()
def tables() -> None:
    """The live tables: list them, show one, export a finished game's record, prune the idle ones."""


def _service(url: str | None) -> Tables:
    from referee.tables.database import database_url
    from referee.tables.store import TableStore
    from referee.tables.tables import Tables

    return Tables(TableStore.open(url or database_url()))


@tables.command("list")
@_DATABASE
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1))
def tables_list(url: str | None, limit: int) -> None:
    """The newest tables, one a line: id, created, state, decisions, players (and bots)."""
    service = _service(url)
    for table in service.store.list(limit):
        seats = ", ".join(f"{s.player}" + (f" ({s.bot})" if s.bot else "") for s in table.seats)
        click.echo(f"{table.id}  {table.created:%Y-%m-%d %H:%M:%S}  {table.state:7}  seq {table.seq:>5}  {seats}")


@tables.command("show")
@click.argument("table_id")
@_DATABASE
@click.option("--seat", "seat_name", default=None, help="Show this player's view, hand included (explicitly).")
def tables_show(table_id: str, url: str | None, seat_name: str | None) -> None:
    """One table as JSON: its seats and the public view (no hidden card), or one seat's view with --seat.

    A new table's id never begins with '-'; an older one may, and goes after '--' ('show -- -Mx3...')."""
    from referee.tables.errors import TableError

    service = _service(url)
    try:
        table = service.table(table_id)
        seat = None
        if seat_name is not None:
            if seat_name not in table.players:
                raise click.BadParameter(f"{seat_name!r} is not a player of this table", param_hint="--seat")
            seat = table.players.index(seat_name)
            click.echo(f"showing {seat_name}'s hand, as asked", err=True)
        seq, over = service.progress(table_id)
        out = {"id": table.id, "created": table.created.isoformat(), "variant": table.variant,
               "state": "over" if over else "playing", "seq": seq,
               "seats": [{"player": s.player, "bot": s.bot, "token": s.token_hash is not None} for s in table.seats],
               "view": service.view(table_id, seat)}
    except TableError as exc:
        raise click.ClickException(_words(exc)) from None
    click.echo(json.dumps(out, indent=2))


@tables.command("export")
@click.argument("table_id")
@_DATABASE
@click.option("--out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the record to this file (default: standard output).")
def tables_export(table_id: str, url: str | None, out: str | None) -> None:
    """A finished table's record: the uno-duo-log/1 document with its decks (`referee judge` takes it).

    An older table's id that begins with '-' goes after '--' ('export -- -Mx3...')."""
    from referee.tables.errors import TableError

    try:
        record = _service(url).record(table_id)
    except TableError as exc:
        raise click.ClickException(_words(exc)) from None
    text = json.dumps(record, indent=2) + "\n"
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text, nl=False)


@tables.command("prune")
@_DATABASE
@click.option("--idle-days", type=click.IntRange(1), default=None,
              help="Delete the tables no one has acted at for this many days (default: REFEREE_TABLES_IDLE_DAYS, "
                   "else 30).")
def tables_prune(url: str | None, idle_days: int | None) -> None:
    """Delete the idle tables -- their seats and steps with them -- and say how many (run it from cron, say)."""
    from datetime import timedelta

    from referee.service.config import DefaultConfig, from_env
    from referee.tables.store import now

    days = idle_days or from_env().get("REFEREE_TABLES_IDLE_DAYS", DefaultConfig.REFEREE_TABLES_IDLE_DAYS)
    deleted = _service(url).store.prune(now() - timedelta(days=days))
    click.echo(f"{deleted} table{'s' if deleted != 1 else ''} idle for {days} days or more deleted")


def _words(exc: Exception) -> str:
    from referee.tables import errors

    if isinstance(exc, errors.UnknownTable):
        return f"no table {exc.args[0]!r}"
    if isinstance(exc, errors.GameNotOver):
        return "the game is not over: its record holds the hidden cards, and is exported once it has ended"
    return str(exc)


def _safe(url: str) -> str:
    """The URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
