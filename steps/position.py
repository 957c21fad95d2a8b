"""Steps that set the table: players, cut, deck, hands, piles, earlier rounds, claims, variant.

They only write down the position; the referee judges it.
"""

from __future__ import annotations

from pytest_bdd import given, parsers, when

from steps.table import codes, other

P = r"(?P<player>Ana|Ben)"
COLOUR = r"(?P<color>red|yellow|green|blue)"


# ---- the round and who acts ---------------------------------------------------------------------

@given(parsers.re(r"(?P<first>Ana|Ben) drafted first this round, so (?P<second>Ana|Ben) "
                  r"takes the first turn"))
def drafted_first(table, first, second):
    """A round from a stated position; ``first`` was Player 1, so ``second`` (Player 2) acts first."""
    assert second == other(first), "Player 2 is the player who did not draft first"
    table.round().first_drafter = first
    table.changed()


@given(parsers.re(rf"it is {P}'s turn"))
def to_act(table, player):
    """The stated position has ``player`` to take the next turn."""
    table.round().to_act = player
    table.changed()


@given(parsers.re(rf"{P} holds (?P<cards>.+)"))
@when(parsers.re(rf"{P} holds (?P<cards>.+)"))
def holds(table, player, cards):
    """``player``'s hand, by long card names (``red 4, red skip and green 7``; ``nothing``)."""
    table.round().hands[player] = codes(cards)
    table.changed()


@given("the hands are:")
def hands_table(table, datatable):
    """Both hands as a table: | player | cards |."""
    for player, cards in datatable[1:]:
        table.round().hands[player.strip()] = codes(cards)
    table.changed()


@given(parsers.re(rf"the top of the discard pile is (?P<cards>.+?)(?: with {COLOUR} chosen)?"))
@when(parsers.re(rf"the top of the discard pile is (?P<cards>.+?)(?: with {COLOUR} chosen)?"))
@given(parsers.re(rf"the discard pile from the bottom is (?P<cards>.+?)(?: with {COLOUR} chosen)?"))
def discard_pile(table, cards, color):
    """The whole discard pile, oldest card first, top card last (one card: it is the top; a wild on top
    with its chosen colour)."""
    rnd = table.round()
    rnd.discard = codes(cards)
    rnd.color = color
    table.changed()


@given(parsers.re(r"the draw pile from the top is (?P<cards>.+)"))
def draw_pile_top(table, cards):
    """The top cards of the draw pile, in order; the rest of the deck lies hidden beneath them."""
    table.round().draw_pile = codes(cards)
    table.changed()


@given(parsers.re(r"the draw pile holds only (?P<cards>.+)"))
def draw_pile_only(table, cards):
    """The draw pile is exactly these cards, top first."""
    rnd = table.round()
    rnd.draw_pile = codes(cards)
    rnd.hidden = 0
    table.changed()


@given("the draw pile is empty")
def draw_pile_empty(table):
    """No card is left in the draw pile."""
    rnd = table.round()
    rnd.draw_pile = []
    rnd.hidden = 0
    table.changed()


@given(parsers.re(rf"the card turned up is (?P<card>.+?)(?:, and (?P<chooser>Ana|Ben) chooses {COLOUR})?"))
@when(parsers.re(rf"the card turned up is (?P<card>.+?)(?:, and (?P<chooser>Ana|Ben) chooses {COLOUR})?"))
def card_turned_up(table, card, chooser, color):
    """The draft is over and this card is turned up to start the discard pile (START-1)."""
    rnd = table.round()
    if chooser is not None:
        assert chooser == (rnd.first_drafter or "Ana"), "only Player 1 chooses the colour (START-7)"
    rnd.turn_up = codes(card)[0]
    rnd.turn_up_color = color
    table.last_pointer = f"/rounds/{table.r}/turn_up"
    table.changed()


# ---- the cut, the deck and the draft ------------------------------------------------------------

@given(parsers.re(r"Ana cuts (?P<ana>.+?) and Ben cuts (?P<ben>.+)"))
def cut(table, ana, ben):
    """One cut of the deck by each player (CUT-1)."""
    if not table.rounds:
        table.new_round(mode="deck")
    table.cut.append({"Ana": codes(ana)[0], "Ben": codes(ben)[0]})
    table.changed()


@given(parsers.re(rf"the record names {P} as the first drafter of round (?P<n>\d+)"))
def record_names_first_drafter(table, player, n):
    """The log states who drafted first in that round."""
    if not table.rounds:
        table.new_round(mode="deck")
    table.rounds[int(n) - 1].first_drafter = player
    table.changed()


@given(parsers.re(rf"{P} drafts first from a freshly shuffled deck"))
def drafts_first(table, player):
    """Round 1 is drafted from a whole shuffled deck, ``player`` being Player 1."""
    table.new_round(first_drafter=player, mode="deck")


@given(parsers.re(r"round (?P<n>\d+) is drafted from a freshly shuffled deck"))
def next_round_drafted(table, n):
    """The next round is drafted from a whole shuffled deck; the log does not say who drafts first."""
    assert int(n) == table.next_round_number(), f"round {n} does not come next"
    table.new_round(mode="deck")


@given(parsers.re(r"the shuffled deck from the top begins with (?P<cards>.+)"))
def deck_begins(table, cards):
    """The top of the shuffled deck; the table puts the rest of the deck below in a fixed order."""
    rnd = table.round()
    rnd.mode = "deck"
    rnd.deck_prefix = codes(cards)
    rnd.deck = None
    table.changed()


@given(parsers.re(r"the deck is shuffled with a second (?P<dup>.+?) in place of one (?P<gone>.+)"))
def deck_with_double(table, dup, gone):
    """A shuffled deck that is not the game's deck: one card replaced by another copy of a card."""
    rnd = table.round()
    rnd.mode = "deck"
    deck = table.full_deck()
    deck[deck.index(codes(gone)[0])] = codes(dup)[0]
    table.last_pointer = f"/rounds/{table.r}/deck"
    table.changed()


@given(parsers.re(r"the game is played under the (?P<name>[a-z0-9-]+) variant"))
def under_variant(table, name):
    """The log names a built-in variant: its own rules apply (docs/variants.md)."""
    table.variant = name
    table.changed()


@given(parsers.re(rf"{P} deals from a freshly shuffled deck"))
def deals_first(table, player):
    """Round 1 is dealt (in a variant that deals) from a whole shuffled deck, ``player`` being Player 1."""
    table.new_round(first_drafter=player, mode="deck")


@given("the game is played with the classic 108-card deck")
def classic_deck(table):
    """The log names the variant with the 108-card deck (no Wild Custom)."""
    table.variant = "uno-duo-108"
    table.changed()


@given(parsers.re(r"a third player, (?P<name>\w+), joins the table"))
def third_player(table, name):
    """The log names a third player."""
    table.players.append(name)
    table.changed()


# ---- earlier rounds and claims -------------------------------------------------------------------

@given(parsers.re(rf"(?P<out>Ana|Ben) went out of round (?P<n>\d+), leaving {P} holding (?P<cards>.+)"))
@when(parsers.re(rf"(?P<out>Ana|Ben) goes out of round (?P<n>\d+), leaving {P} holding (?P<cards>.+)"))
def round_in_brief(table, out, n, player, cards):
    """A whole round in brief: ``out`` plays their last card; the other is left holding ``cards``."""
    assert player == other(out)
    assert int(n) == table.next_round_number(), f"round {n} does not come next"
    table.went_out(out, codes(cards))


@given(parsers.re(r"round (?P<n>\d+) begins from a stated position"))
@when(parsers.re(r"round (?P<n>\d+) begins from a stated position"))
def next_round_from_position(table, n):
    """The next round starts from a position the following steps state (hands, piles)."""
    assert int(n) == table.next_round_number(), f"round {n} does not come next"
    table.new_round()
    table.last_pointer = f"/rounds/{table.r}"


@when(parsers.re(r"the record claims round (?P<n>\d+) ended with (?P<out>Ana|Ben) out and "
                 rf"{P} scoring (?P<points>\d+)"))
def claim_round(table, n, out, player, points):
    """The log claims a round's result."""
    i = int(n) - 1
    table.rounds[i].result = {"out": out, "points": {out: 0, player: int(points)}}
    table.last_pointer = f"/rounds/{i}/result"
    table.changed()


@when(parsers.re(r"the record claims (?P<winner>Ana|Ben) won the game, Ana (?P<ana>\d+) "
                 r"to Ben (?P<ben>\d+)"))
def claim_game(table, winner, ana, ben):
    """The log claims the game's result."""
    table.result = {"winner": winner, "scores": {"Ana": int(ana), "Ben": int(ben)}}
    table.last_pointer = "/result"
    table.changed()
