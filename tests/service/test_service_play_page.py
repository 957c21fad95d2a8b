"""The play page as the service serves it (its behaviour in a browser: tests/browser/test_play*.py).

The page gets from the service what it draws with -- every card's face and place in a sorted hand; the
bots' styles it asks of ``GET /v1/tables/styles`` -- and holds no script of its own in its HTML (a data block only).
"""

from __future__ import annotations

import json
import re

from referee.play.players import PLAYERS
from referee.service.replays import card_faces


def _page(client) -> str:
    response = client.get("/play")
    assert response.status_code == 200 and response.mimetype == "text/html"
    return response.get_data(as_text=True)


def test_the_play_page_carries_the_card_faces_and_where_the_styles_are(client):
    html = _page(client)
    block = re.search(r'<script type="application/json" id="card-faces">(.*?)</script>', html, re.S)
    assert block and json.loads(block.group(1)) == card_faces()
    assert re.findall(r'<option value="([\w-]+)" data-summary=', html) == []  # not the page's: the API's
    assert 'data-styles="/v1/tables/styles"' in html
    assert [s["name"] for s in client.get("/v1/tables/styles").get_json()["styles"]] == list(PLAYERS)
    assert 'data-tables="/v1/tables"' in html and 'data-variants="/v1/variants"' in html


def test_the_play_page_runs_no_inline_script(client):
    html = _page(client)
    for attributes, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S):
        assert 'src="' in attributes or ('type="application/json"' in attributes and body.strip()), attributes


def test_the_hands_order_is_by_colour_then_value():
    faces = card_faces()
    ranked = sorted(faces, key=lambda code: faces[code]["order"])
    assert ranked[:13] == ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "RS", "RR", "R+2"]
    assert [faces[c]["colour"] for c in ranked[-3:]] == ["wild"] * 3
    assert sorted(face["order"] for face in faces.values()) == list(range(len(faces)))


def test_the_home_page_and_every_pages_menu_link_to_play(client):
    assert 'href="/play"' in client.get("/").get_data(as_text=True)
    assert '<a href="/play">Play</a>' in client.get("/rulebook").get_data(as_text=True)
