"""Item 8 at a table: after an ordinary draw of a card that matches nothing, the drawer is asked to keep it (the
turn does not pass at once), so the other seat sees the drawer to act, exactly as after a playable card."""

from __future__ import annotations

import random

from referee.service import create_app
from tests.tables.players import Seat


def test_the_drawer_of_an_unplayable_card_is_asked_to_keep_it(database_url):
    client = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url,
                         "REFEREE_TABLES_ALLOW_SEED": True}).test_client()
    for seed in range(40):
        table = client.post("/v1/tables", json={"players": ["Ana", "Ben"], "seed": seed}).get_json()
        seats = {name: Seat(client, table["id"], token) for name, token in table["tokens"].items()}
        rng = random.Random(seed)
        for _ in range(200):
            view = seats["Ana"].view()
            if view["over"]:
                break
            mover = seats[view["to_act"]]
            mine = mover.view()
            if {"type": "draw"} in mine["legal"] and mine["owes"] is None:
                after = mover.act(mine["seq"], {"type": "draw"}).get_json()
                if after["legal"] == [{"decision": "keep"}]:  # unplayable: the drawer is asked all the same
                    other = seats["Ben" if view["to_act"] == "Ana" else "Ana"]
                    tagged = client.get(f"/v1/tables/{table['id']}", headers=other.headers)
                    seen = tagged.get_json()
                    assert seen["to_act"] == view["to_act"] and seen["legal"] == [] and seen["drawn"] is None
                    assert tagged.headers["ETag"] == f'"{mine["seq"] + 1}-{seen["players"].index(seen["you"])}"'
                    kept = mover.act(after["seq"], {"decision": "keep"})
                    assert kept.status_code == 200 and kept.get_json()["to_act"] != view["to_act"]
                    assert not kept.get_json()["history"] or kept.get_json()["history"][-1]["type"] == "draw"
                    return
                continue
            options = mine["legal"]
            mover.act(mine["seq"], rng.choice(options))
    raise AssertionError("no unplayable card was drawn in 40 games")  # pragma: no cover
