"""Variants: declared parameters, the registry, TOML files, and the engine honouring every parameter."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import judge
from referee.cli import main
from referee.engine.rules import RULES
from referee.engine.variants import (
    BUILT_IN,
    DEFAULT_RULES,
    PARAMETERS,
    VARIANTS,
    get_variant,
    load_configured_variants,
    load_variant_file,
    parameters_markdown,
    register,
    resolve_variant,
)
from referee.errors import UnknownVariant, VariantError
from tests.support import ev, game, plain_deck, position, turned_up

ROOT = Path(__file__).parent.parent


def test_every_parameter_is_declared_with_default_description_and_known_rules() -> None:
    assert len(PARAMETERS) >= 18
    for p in PARAMETERS.values():
        assert p.description and p.rules and set(p.rules) <= set(RULES)
        assert getattr(DEFAULT_RULES, p.name) == p.default


def test_the_built_in_variants() -> None:
    assert {"uno-duo", "uno-duo-108", "uno-duo-classic-challenge", "classic-duel"} <= BUILT_IN
    classic = VARIANTS["classic-duel"].rules
    assert (classic.deck, classic.start, classic.volley, classic.reverse_dump, classic.target_score,
            classic.reaching_target, classic.scoring) == ("108", "deal", False, False, 500, "wins", "opponent-hand")


def test_a_variant_is_an_immutable_value() -> None:
    variant = VARIANTS["uno-duo"]
    with pytest.raises(AttributeError):
        variant.rules.volley = False  # type: ignore[misc]
    assert resolve_variant({"base": "uno-duo", "rules": {}}).rules == variant.rules


@pytest.mark.parametrize(("rules", "named"), [({"volly": False}, '"volly"'), ({"volley": "no"}, '"volley"'),
                                              ({"target_score": -5}, '"target_score"'),
                                              ({"challenge": "sometimes"}, '"challenge"'),
                                              ({"uno_penalty": True}, '"uno_penalty"')])
def test_bad_parameters_are_named(rules: dict, named: str) -> None:
    with pytest.raises(VariantError, match=named):
        resolve_variant({"base": "uno-duo", "rules": rules})


def test_unknown_names() -> None:
    with pytest.raises(UnknownVariant):
        get_variant("uno-trio")
    with pytest.raises(VariantError):
        register(VARIANTS["uno-duo"])


def test_a_toml_variant_file(tmp_path: Path) -> None:
    variant = load_variant_file(ROOT / "variants" / "no-volley.toml")
    assert variant.name == "no-volley" and variant.rules.volley is False and variant.base == "uno-duo"
    assert resolve_variant(variant.to_spec()).rules == variant.rules
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "uno-duo"\n[rules]\nvolley = 3\n')
    with pytest.raises(VariantError, match="volley"):
        load_variant_file(bad)
    bad.write_text("base = \n")
    with pytest.raises(VariantError, match="TOML"):
        load_variant_file(bad)


def test_variant_directories_register_their_variants(tmp_path: Path) -> None:
    (tmp_path / "big.toml").write_text('name = "big-game"\n[rules]\ntarget_score = 1000\n')
    try:
        [loaded] = load_configured_variants({"REFEREE_VARIANTS_DIR": str(tmp_path)})
        assert loaded.name == "big-game"
        assert judge(game(variant="big-game")).variant.rules.target_score == 1000
    finally:
        VARIANTS.pop("big-game", None)


def test_the_cli_judges_under_a_variant_file() -> None:
    log = ROOT / "examples" / "illegal-volley-number-on-draw-2.json"
    result = CliRunner().invoke(main, ["judge", "--variant", str(ROOT / "variants" / "no-volley.toml"), str(log)])
    assert '"name": "no-volley"' in result.output


def test_docs_variants_md_is_generated_from_the_declarations() -> None:
    assert (ROOT / "docs" / "variants.md").read_text() == parameters_markdown(), "run: make docs"


# -- the engine honours every parameter -------------------------------------------------------------

def ruling(log: dict, rules: dict) -> tuple[str | None, str | None, dict]:
    log["variant"] = {"base": "uno-duo", "rules": rules}
    verdict = judge(log).to_dict()
    v = verdict["violation"]
    return (v["rule"] if v else None), (v["pointer"] if v else None), verdict


def test_deck() -> None:
    assert ruling(game(position(["WC"], ["G1"], ["R9"])), {"deck": "108"})[0] == "DECK-2"
    assert ruling(game(position(["WC"], ["G1"], ["R9"])), {})[0] is None


def test_start_by_deal() -> None:
    deck = plain_deck()[:-4]  # a 108 deck has no Wild Custom: drop the four WC at the end
    rule, _, verdict = ruling(game({"first_drafter": "Ben", "deck": deck, "turn_up": deck[14]}),
                              {"deck": "108", "start": "deal"})
    assert rule is None
    assert verdict["position"]["hands"]["Ana"] == deck[0:14:2]  # Player 2 is dealt first


def test_points_scoring_and_target() -> None:
    rnd = position(["R4"], ["GS", "W", "W+4"], ["R9"], ev("Ana", "play", card="R4"))
    _, _, verdict = ruling(game(rnd), {"action_points": 20, "wild_points": 50, "wild_draw_4_points": 50,
                                       "scoring": "opponent-hand", "target_score": 100, "reaching_target": "wins"})
    assert verdict["rounds"][0]["points"] == {"Ana": 120, "Ben": 0}
    assert verdict["complete"] and verdict["winner"] == "Ana"


def test_volley() -> None:
    rnd = position(["R+2", "G1"], ["B+2", "G3"], ["R9"], ev("Ana", "play", card="R+2"), ev("Ben", "play", card="B+2"))
    assert ruling(game(rnd), {"volley": False})[:2] == ("D2-1", "/rounds/0/events/1")
    assert ruling(game(rnd), {})[0] is None


def test_wild_draw_4_answers_volley() -> None:
    rnd = position(["R+2", "G1"], ["W+4", "G3"], ["R9"], ev("Ana", "play", card="R+2"),
                   ev("Ben", "play", card="W+4", color="green"))
    rule, _, verdict = ruling(game(rnd), {"wild_draw_4_answers_volley": True})
    assert rule is None and verdict["next"]["owes"] == {"kind": "wild_draw_4", "cards": 6}


def test_turned_up_draw_2_answerable() -> None:
    rnd = turned_up(["G+2", "G1"], ["B1"], "R+2", ev("Ana", "play", card="G+2"))
    rule, _, verdict = ruling(game(rnd), {"turned_up_draw_2_answerable": True})
    assert rule is None and verdict["next"]["owes"] == {"kind": "volley", "cards": 4}


def test_reverse_dump_and_reverse_skips() -> None:
    dump = position(["RR", "R4", "G1"], ["G3"], ["R9"], ev("Ana", "play", card="RR", dump=["R4"]))
    assert ruling(game(dump), {"reverse_dump": False})[0] == "REV-1"
    alone = position(["RR", "R4", "G1"], ["G3"], ["R9"], ev("Ana", "play", card="RR"))
    assert ruling(game(alone), {"reverse_skips": True})[2]["next"]["player"] == "Ana"
    assert ruling(game(alone), {})[2]["next"]["player"] == "Ben"


@pytest.mark.parametrize(("test", "owes"), [("any-playable", ("WD4-4", 4)), ("current-colour", ("WD4-5", 6))])
def test_challenge_test(test: str, owes: tuple) -> None:
    rnd = position(["W+4", "G9", "G1"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                   ev("Ben", "challenge"))
    owed = ruling(game(rnd), {"challenge": test})[2]["next"]["owes"]
    assert (owed["rule"], owed["cards"]) == owes
    assert ruling(game(rnd), {"challenge": "none"})[0] == "WD4-3"


def test_penalty_sizes() -> None:
    rnd = position(["W+4", "G1"], ["B3", "G3"], ["R9"], ev("Ana", "play", card="W+4", color="green"),
                   ev("Ben", "challenge"))
    assert ruling(game(rnd), {"failed_challenge_draw": 8})[2]["next"]["owes"]["cards"] == 8
    caught = position(["R4", "R5"], ["G2", "G3"], ["R9"], ev("Ana", "play", card="R4"), ev("Ben", "catch"))
    assert ruling(game(caught), {"uno_penalty": 4})[2]["next"]["owes"]["cards"] == 4


def test_refill_by_shuffling() -> None:
    def rnd(**draw):
        return position(["G1", "B2"], ["Y3"], ["R1", "R2", "R3", "R9"], ev("Ana", "draw", cards=["R3"], **draw),
                        hidden=0)
    assert ruling(game(rnd(refill=["R3", "R1", "R2"])), {"refill": "shuffle"})[0] is None
    assert ruling(game(rnd()), {"refill": "shuffle"})[0] == "LOG-2"
    assert ruling(game(rnd(refill=["R3", "R1", "R5"])), {"refill": "shuffle"})[0] == "LOG-2"
    assert ruling(game(rnd(refill=["R3", "R1", "R2"])), {})[0] == "LOG-2"


def test_final_draw() -> None:
    rnd = position(["R+2"], ["B3"], ["R9"], ev("Ana", "play", card="R+2"))
    _, _, verdict = ruling(game(rnd), {"final_draw": False})
    assert verdict["rounds"][0]["points"] == {"Ana": 0, "Ben": 3}
    assert ruling(game(rnd), {})[2]["next"]["owes"] == {"kind": "final", "cards": 2, "rule": "END-2"}


def test_a_penalty_of_no_cards() -> None:
    caught = position(["R4", "R5"], ["G2", "G3"], ["R9"], ev("Ana", "play", card="R4"), ev("Ben", "catch"),
                      ev("Ana", "draw"), draw_pile=["B1", "B2"])
    rule, _, verdict = ruling(game(caught), {"uno_penalty": 0})
    assert rule is None and verdict["position"]["hands"]["Ana"] == ["R5"]
    assert verdict["position"]["draw_pile"] > 0
