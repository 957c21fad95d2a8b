"""Cards, colours, the deck and its points."""

import pytest

from referee.engine.cards import ALL_CARDS, Color, Kind, parse_card
from referee.engine.deck import deck_counts, deck_size, points
from referee.engine.variants import VARIANTS
from referee.errors import UnknownCard, UnknownColor


@pytest.mark.parametrize(("text", "code"), [
    ("R7", "R7"), ("r7", "R7"), ("red 7", "R7"), ("Red 7", "R7"), ("  RED   7 ", "R7"),
    ("G+2", "G+2"), ("green draw 2", "G+2"), ("green draw two", "G+2"), ("BS", "BS"), ("blue skip", "BS"),
    ("YR", "YR"), ("yellow reverse", "YR"), ("W", "W"), ("wild", "W"), ("w+4", "W+4"), ("wild draw 4", "W+4"),
    ("WC", "WC"), ("wild custom", "WC"), ("R0", "R0"),
])
def test_codes_and_long_names_parse_to_the_same_card(text: str, code: str) -> None:
    assert parse_card(text) is parse_card(code)
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["R10", "purple 3", "", "W+2", "red", "G-2", "skip"])
def test_unknown_text_is_a_clear_error(text: str) -> None:
    with pytest.raises(UnknownCard, match="unknown card"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 7, ["R7"], {"card": "R7"}])
def test_a_non_string_is_no_card(value: object) -> None:
    with pytest.raises(UnknownCard):
        parse_card(value)


def test_every_card_round_trips_through_code_and_name() -> None:
    for card in ALL_CARDS:
        assert parse_card(card.code) is card
        assert parse_card(card.name) is card
        assert str(card) == card.code


def test_cards_are_immutable_values() -> None:
    card = parse_card("R7")
    with pytest.raises(AttributeError):
        card.number = 8  # type: ignore[misc]
    assert {card, parse_card("red 7")} == {card}


def test_colours_parse_by_word_or_letter() -> None:
    assert Color.parse("Green") is Color.GREEN and Color.parse("g") is Color.GREEN
    with pytest.raises(UnknownColor):
        Color.parse("pink")


def test_the_112_card_deck_of_DECK_2() -> None:
    counts = deck_counts("112")
    assert deck_size("112") == 112
    assert counts[parse_card("R0")] == 1 and counts[parse_card("R9")] == 2
    assert counts[parse_card("BS")] == counts[parse_card("BR")] == counts[parse_card("B+2")] == 2
    assert counts[parse_card("W")] == counts[parse_card("W+4")] == counts[parse_card("WC")] == 4
    assert sum(n for c, n in counts.items() if c.color is Color.YELLOW) == 25


def test_the_classic_deck_has_no_wild_custom() -> None:
    assert deck_size("108") == 108
    assert parse_card("WC") not in deck_counts("108")


@pytest.mark.parametrize(("card", "value"), [("R0", 0), ("B9", 9), ("GS", 10), ("YR", 10), ("R+2", 10),
                                              ("W", 15), ("WC", 15), ("W+4", 20)])
def test_points_of_SCORE_2(card: str, value: int) -> None:
    assert points(parse_card(card), VARIANTS["uno-duo"].rules) == value


def test_classic_points() -> None:
    rules = VARIANTS["classic-duel"].rules
    assert [points(parse_card(c), rules) for c in ("R5", "GS", "W", "W+4")] == [5, 20, 50, 50]


def test_kinds() -> None:
    assert parse_card("W+4").kind is Kind.WILD_DRAW_4 and parse_card("W+4").is_wild
    assert not parse_card("R+2").is_wild
