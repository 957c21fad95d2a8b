"""The operators' commands, on SQLite and PostgreSQL: migrate, list, show (the public view unless a seat is
asked for), export a finished game's record only."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import referee
from referee.cli import main
from referee.tables.store import TableStore
from referee.tables.tables import Tables


@pytest.fixture
def run(database_url):
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, [*args, "--database", database_url], catch_exceptions=False)

    return invoke


def test_migrate_then_status_is_current(run):
    assert run("db", "status").exit_code == 1  # never migrated
    migrated = run("db", "migrate")
    assert migrated.exit_code == 0 and "at revision 0002" in migrated.output
    status = run("db", "status")
    assert status.exit_code == 0 and "revision 0002 (newest 0002)" in status.output


def test_list_show_and_export(run, database_url):
    service = Tables(TableStore.open(database_url), allow_seed=True, bot_steps=100_000)  # the bots end it at once
    finished = service.create(["Ana", "Ben"], bots={"Ana": "greedy", "Ben": "challenger"}, seed=3).table
    playing = service.create(["Cy", "Di"], bots={"Di": "greedy"}, seed=4)
    listed = run("tables", "list").output
    assert finished.id in listed and playing.table.id in listed and "Di (greedy)" in listed

    shown = run("tables", "show", playing.table.id)
    body = json.loads(shown.output)
    assert body["state"] == "playing" and "hand" not in body["view"]
    assert body["seats"] == [{"player": "Cy", "bot": None, "token": True}, {"player": "Di", "bot": "greedy",
                                                                           "token": False}]
    assert playing.tokens["Cy"] not in shown.output
    asked = run("tables", "show", playing.table.id, "--seat", "Cy")
    assert "showing Cy's hand, as asked" in asked.output and "hand" in json.loads(
        asked.output.split("\n", 1)[1])["view"]

    refused = run("tables", "export", playing.table.id)
    assert refused.exit_code == 1 and "not over" in refused.output
    exported = run("tables", "export", finished.id)
    verdict = referee.judge(json.loads(exported.output))
    assert verdict.legal and verdict.complete
    assert run("tables", "show", "no-such-table").exit_code == 1


def test_a_table_id_never_begins_with_a_dash(monkeypatch):
    """A leading '-' would read as an option on the operator's command line ('No such option: -M'): an id
    drawn so is drawn again."""
    from referee.tables import tokens

    drawn = iter(["-Mx3aQ", "-_b7", "Qz-9_x"])
    monkeypatch.setattr(tokens.secrets, "token_urlsafe", lambda size: next(drawn))
    assert tokens.new_table_id() == "Qz-9_x"
    monkeypatch.undo()
    assert not any(tokens.new_table_id().startswith("-") for _ in range(2_000))  # ~31 would, drawn once


def test_an_older_id_that_begins_with_a_dash_is_shown_after_a_double_dash(database_url, monkeypatch):
    from referee.tables import tokens

    monkeypatch.setattr(tokens, "new_table_id", lambda: "-Mx3older")  # as a table made before ids were redrawn
    service = Tables(TableStore.open(database_url), allow_seed=True, bot_steps=100_000)  # the bots end it at once
    playing = service.create(["Cy", "Di"], bots={"Di": "greedy"}, seed=4)
    runner = CliRunner()
    shown = runner.invoke(main, ["tables", "show", "--database", database_url, "--", playing.table.id])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["id"] == "-Mx3older"
    assert "'--'" in runner.invoke(main, ["tables", "show", "--help"]).output
