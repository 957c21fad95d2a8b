"""The README's curl walk-through of a live table, run as written against a real ``referee serve`` on a fresh
SQLite database in a temporary folder: the commands are taken from the README's block (nothing here restates
them), run by bash in one shell (so its variables carry from command to command), then the game is played to its
end with the same two requests the walk-through shows (a seat's view, a seat's event), and the walk-through's
last commands fetch the record and judge it: legal, complete, the scores and winner the table announced."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tables.players import choice
from tests.tables.serving import Service

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
#: Where the README's block stops for "... each plays in turn": what precedes it opens the game, what follows ends it.
IN_TURN = "# ... each plays in turn"


def walk_through() -> tuple[str, str]:
    """The walk-through's opening commands and its closing ones, as the README gives them."""
    section = README[README.index("### Live tables"):]
    block = re.search(r"^```bash\n(.*?)^```", section, re.MULTILINE | re.DOTALL).group(1)
    assert IN_TURN in block, f"the walk-through's block has no line {IN_TURN!r}"
    cut = block.index(IN_TURN)
    return block[:cut], block[cut:]  # the closing part begins with that comment


def run(script: str, folder: Path, port: int) -> str:
    """``script`` run by bash in ``folder`` (stopping at the first failure), the README's port replaced by the
    service's and ``.venv/bin/`` by this environment's; its standard output."""
    script = script.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    script = script.replace(".venv/bin/", f"{Path(sys.executable).parent}/")
    done = subprocess.run(["bash", "-c", "set -euo pipefail\n" + script], cwd=folder, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, (script, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.mark.skipif(not os.environ.get("CI") and (shutil.which("curl") is None or shutil.which("jq") is None),
                    reason="the walk-through needs curl and jq (.ci/run installs both; in CI this fails instead)")
def test_the_readme_walk_through_plays_a_game_to_a_legal_record(tmp_path):
    service = Service(f"sqlite:///{tmp_path / 'data' / 'tables.sqlite3'}", tmp_path)
    try:
        opening, closing = walk_through()
        out = run(opening + 'declare -p ID ANA BEN > walk.vars\n', tmp_path, service.port)
        ana_view, after_pick = _json_documents(out)[:2]
        assert ana_view["seq"] == 0 and len(ana_view["hand"]) == 0 and ana_view["to_act"] in ("Ana", "Ben")
        assert (ana_view["legal"] != []) == (ana_view["to_act"] == "Ana")  # her moves only when it is her move
        assert after_pick["seq"] == 1 and len(after_pick["hand"]) == 1  # the pick kept: the picker's first card
        assert re.search(r"^HTTP/1\.[01] 304", out, re.MULTILINE), out  # Ben's poll: nothing since seq 1
        table = json.loads((tmp_path / "table.json").read_text(encoding="utf-8"))
        final = _play_out(service, table)
        verdict_line = run("source walk.vars\n" + closing, tmp_path, service.port)
        assert "game.json: legal, complete" in verdict_line, verdict_line
        record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
        status, verdict = service.call("POST", "/v1/adjudications", record)
        assert status == 200 and (verdict["verdict"], verdict["complete"]) == ("legal", True)
        assert (verdict["scores"], verdict["winner"]) == (final["scores"], final["winner"])
        for player, score in final["scores"].items():
            assert f"{player} {score}" in verdict_line, verdict_line
    finally:
        service.stop()


def _play_out(service: Service, table: dict) -> dict:
    """Play the table to its end with the walk-through's requests, each seat choosing among its own view's events;
    the last view."""
    rng, tokens = random.Random(), table["tokens"]
    for _ in range(20_000):
        views = {name: service.call("GET", f"/v1/tables/{table['id']}", token=token)[1]
                 for name, token in tokens.items()}
        if views["Ana"]["over"]:
            return views["Ana"]
        name = next(n for n in rng.sample(list(views), 2) if views[n]["legal"] or views[n]["interjections"])
        status, answer = service.call("POST", f"/v1/tables/{table['id']}/events",
                                      {"seq": views[name]["seq"], "event": choice(views[name], rng, 0.9)},
                                      tokens[name])
        assert status == 200, answer
    raise AssertionError("the game did not end")


def _json_documents(text: str) -> list[dict]:
    """The JSON documents ``jq`` printed, in order (other lines, such as HTTP headers, skipped)."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while (start := text.find("{", at)) != -1:
        try:
            document, at = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            at = start + 1
            continue
        found.append(document)
    return found
