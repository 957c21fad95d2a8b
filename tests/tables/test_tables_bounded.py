"""Bounded work (issue 38, item 3): a table's bots take at most ``REFEREE_TABLES_BOT_STEPS`` decisions inside one
request -- a table of two bots plays on as it is polled -- and every bots' game ends, even under a variant where
two styles that never change their minds used to repeat one position for ever."""

from __future__ import annotations

import random

import pytest

from referee import judge
from referee.engine.variants import resolve_variant
from referee.play.live import LiveGame
from referee.play.players import PLAYERS
from referee.service import create_app

#: The variant of the issue's example: greedy against challenger replayed a 12-decision cycle with both piles
#: empty (seed 1 below), 20,000 decisions and more without a round's end.
STALLING = {"base": "uno-duo", "rules": {"bluff_draw": 200, "reaching_target": "wins", "target_score": 50}}


def make_client(url: str, **settings):
    return create_app({"TESTING": True, "REFEREE_DATABASE_URL": url, "REFEREE_TABLES_ALLOW_SEED": True,
                       **settings}).test_client()


def test_a_two_bot_table_answers_after_a_bounded_number_of_decisions_and_plays_on_as_it_is_polled(database_url):
    client = make_client(database_url, REFEREE_TABLES_BOT_STEPS=50)
    body = {"players": ["A", "B"], "bots": {"A": "greedy", "B": "greedy"},
            "variant": {"base": "uno-duo", "rules": {"target_score": 10000}}}
    created = client.post("/v1/tables", json=body)
    assert created.status_code == 201
    table = created.get_json()
    assert table["view"]["seq"] == 50 and not table["view"]["over"] and table["tokens"] == {}
    seqs = [client.get(f"/v1/tables/{table['id']}").get_json()["seq"] for _ in range(3)]
    assert seqs == [100, 150, 200]  # each poll: at most 50 more decisions


@pytest.mark.parametrize("name, value", [("target_score", 100_000), ("bluff_draw", 200), ("uno_penalty", 113)])
def test_a_variant_parameter_that_makes_work_unbounded_is_bounded_at_a_table(database_url, name, value):
    client = make_client(database_url)
    answer = client.post("/v1/tables", json={"players": ["A", "B"], "bots": {"A": "greedy", "B": "greedy"},
                                             "variant": {"base": "uno-duo", "rules": {name: value}}})
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert [e["pointer"] for e in answer.get_json()["errors"]] == [f"/variant/rules/{name}"]


def test_a_two_bot_table_polled_reaches_its_end_and_its_record_is_legal(database_url):
    client = make_client(database_url, REFEREE_TABLES_BOT_STEPS=200)
    table = client.post("/v1/tables", json={"players": ["A", "B"], "bots": {"A": "greedy", "B": "random"},
                                            "seed": 3}).get_json()
    view = table["view"]
    for _ in range(500):
        if view["over"]:
            break
        view = client.get(f"/v1/tables/{table['id']}").get_json()
    assert view["over"]
    record = client.get(f"/v1/tables/{table['id']}/log").get_json()
    verdict = judge(record)
    assert verdict.legal and verdict.complete and verdict.scores == view["scores"]


@pytest.mark.parametrize("styles", [("greedy", "challenger"), ("challenger", "greedy"), ("random", "challenger")])
def test_every_bots_game_ends_even_where_two_styles_would_repeat_a_position(styles):
    variant = resolve_variant(STALLING)
    for seed in range(6):
        rng = random.Random(seed)
        game = LiveGame.start(["A", "B"], variant, rng=random.Random(seed))
        for _ in range(20_000):
            if game.over:
                break
            seat, decision = next((s, d) for s in (0, 1)
                                  if (d := game.decide(s, PLAYERS[styles[s]], rng)) is not None)
            game.act(seat, decision)
        assert game.over, (styles, seed, game.seq)
        assert judge(game.record()).legal
