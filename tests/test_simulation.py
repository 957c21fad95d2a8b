"""The self-play simulator: its games are complete, legal and deterministic, and over a fixed seed range
they exercise every rule legal play can reach.

Fast by default (a few seconds); ``REFEREE_LONG=1`` plays ten times as many games.
"""

from __future__ import annotations

import json
import os

import pytest

from referee import judge
from referee.engine.rules import RULES
from referee.engine.variants import UNO_DUO, VARIANTS, get_variant
from referee.play.selfplay import game_seed, simulate, simulate_game
from referee.play.statistics import FIRES, NEVER_FIRE, SITUATIONS, simulate_stats, unreachable

SCALE = 10 if os.environ.get("REFEREE_LONG") else 1
SHUFFLING = UNO_DUO.derive("uno-duo-shuffle", {"refill": "shuffle"})
ODD = UNO_DUO.derive("odd", {"refill": "shuffle", "wild_draw_4_answers_volley": True, "final_draw": False,
                             "turned_up_draw_2_answerable": True, "challenge": "none", "target_score": 150})
ALL_VARIANTS = [*VARIANTS.values(), SHUFFLING, ODD]


@pytest.mark.parametrize("with_deck", [True, False], ids=["deck", "no-deck"])
@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_simulated_games_are_legal_complete_and_claim_the_referees_result(variant, with_deck):
    for doc in simulate(3 * SCALE, seed=11, variant=variant, with_deck=with_deck):
        verdict = judge(doc)
        assert verdict.legal, verdict.summary()
        assert verdict.complete
        assert verdict.scores == doc["result"]["scores"]
        assert verdict.winner == doc["result"]["winner"]
        assert [r.to_dict()["points"] for r in verdict.rounds] == [r["result"]["points"] for r in doc["rounds"]]
        assert ("deck" in doc["rounds"][0]) is with_deck
        json.dumps(doc)  # JSON-ready


def test_a_log_names_its_variant_by_name_or_by_its_parameters():
    assert simulate_game(1, "classic-duel")["variant"] == "classic-duel"
    assert simulate_game(1, SHUFFLING)["variant"] == {"base": "uno-duo", "rules": {"refill": "shuffle"}}
    assert judge(simulate_game(1, SHUFFLING)).variant.rules == SHUFFLING.rules


def test_a_game_is_a_function_of_its_seed():
    assert simulate_game(5) == simulate_game(5)
    assert simulate_game(5) != simulate_game(6)
    assert list(simulate(3, seed=2)) == [simulate_game(game_seed(2, i)) for i in range(3)]
    assert game_seed(2, 0) != game_seed(0, 2)


def test_without_a_deck_every_card_is_named():
    doc = simulate_game(3, with_deck=False)
    for rnd in doc["rounds"]:
        assert "deck" not in rnd and len(rnd["draft"]) == 14 and "turn_up" in rnd
        assert all("cards" in e for e in rnd["events"] if e["type"] == "draw")


def test_a_dealt_round_without_a_deck_states_the_hands():
    doc = simulate_game(3, "classic-duel", with_deck=False)
    for rnd in doc["rounds"]:
        assert "draft" not in rnd and sorted(map(len, rnd["setup"]["hands"].values())) == [7, 7]


def test_with_a_deck_draws_sometimes_name_their_cards_and_sometimes_not():
    draws = [e for r in simulate_game(3)["rounds"] for e in r["events"] if e["type"] == "draw"]
    assert any("cards" in e for e in draws) and any("cards" not in e for e in draws)


def test_a_shuffling_variant_records_each_refill():
    refills = [e["refill"] for doc in simulate(4, 3, SHUFFLING) for r in doc["rounds"] for e in r["events"]
               if "refill" in e]
    assert refills and all(refills)


def test_the_firing_map_covers_every_rule():
    assert set(FIRES) | set(NEVER_FIRE) == set(RULES)
    assert not set(FIRES) & set(NEVER_FIRE)


@pytest.fixture(scope="module")
def uno_duo_stats():
    return simulate_stats(simulate(40 * SCALE, seed=2024))


def test_every_rule_legal_play_can_reach_fires(uno_duo_stats):
    silent = {rid for rid, n in uno_duo_stats["rules"].items() if n == 0}
    assert silent == set(unreachable(UNO_DUO.rules)) == set(NEVER_FIRE)


def test_every_option_of_the_rules_is_taken(uno_duo_stats):
    missing = [name for name in SITUATIONS if uno_duo_stats["situations"][name] == 0]
    assert not missing


@pytest.mark.parametrize("name", [n for n in VARIANTS if n != "uno-duo"])
def test_every_reachable_rule_fires_in_each_variant(name):
    rules = get_variant(name).rules
    stats = simulate_stats(simulate(15 * SCALE, seed=7, variant=name, with_deck=False))
    silent = {rid for rid, n in stats["rules"].items() if n == 0}
    assert silent == set(unreachable(rules))


def test_stats_count_games_rounds_and_events():
    docs = list(simulate(2, seed=1))
    stats = simulate_stats(docs)
    assert stats["games"] == 2
    assert stats["rounds"] == sum(len(d["rounds"]) for d in docs)
    assert stats["events"] == sum(len(r["events"]) for d in docs for r in d["rounds"])
