"""Steps that set the table: players, cut, deck, hands, piles, earlier rounds, claims, variant.

They only write down what the scenario says; the referee judges it.
"""

from __future__ import annotations

from steps.define import given, given_or_when, when
from steps.table import ScenarioError, codes, other

P = r"(?P<player>Ana|Ben)"
COLOUR = r"(?P<color>red|yellow|green|blue)"


# ---- who drafted first, and who acts --------------------------------------------------------------

@given(r"(?P<first>Ana|Ben) (?:drafted first|dealt) this round: (?:he|she) is Player 1, and (?P<second>Ana|Ben) "
       r"is Player 2")
def drafted_first(table, first, second):
    """``first`` is Player 1 of the round being written, ``second`` (the other player) Player 2."""
    if second != other(first):
        raise ScenarioError(f"{first} and {second} are the same player: Player 2 is the other player")
    table.state_first_drafter(table.round(), first)


@given(rf"{P} drafted first in round (?P<n>\d+)")
def drafted_first_in_round(table, player, n):
    """``player`` was Player 1 of round ``n`` (the round about to be written)."""
    rnd = table.round()
    if rnd.number != int(n) or not rnd.blank():
        if int(n) != table.next_round_number():
            raise ScenarioError(f"round {n} is not the round being written")
        rnd = table.new_round()
    table.state_first_drafter(rnd, player)


@given_or_when(rf"{P} takes the place of Player 1 in round (?P<n>\d+)")
def claims_player_1(table, player, n):
    """``player`` sits down as the round's first drafter, whoever should."""
    i = int(n) - 1
    if i == len(table.rounds):
        table.new_round(mode="deck")  # the round begins with its draft
    table.state_first_drafter(table.rounds[i], player)
    table.entry_by(player, f"/rounds/{i}/first_drafter")


# ---- hands and piles ------------------------------------------------------------------------------

@given(rf"{P} holds (?P<cards>.+)")
def holds(table, player, cards):
    """``player``'s hand, by long card names (``red 4, red skip and green 7``; ``nothing``)."""
    table.state_hand(player, codes(cards))


@given("the hands are:")
def hands_table(table, datatable):
    """Both hands as a table: | player | cards |."""
    for player, cards in datatable[1:]:
        table.state_hand(player.strip(), codes(cards))


@given(rf"the top of the discard pile is (?P<cards>.+?)(?: with {COLOUR} chosen)?")
@given(rf"the discard pile from the bottom is (?P<cards>.+?)(?: with {COLOUR} chosen)?")
def discard_pile(table, cards, color):
    """The whole discard pile, oldest card first, top card last (one card: it is the top; a wild on top
    with its chosen colour)."""
    rnd = table.round()
    if rnd.discard:
        raise ScenarioError("the scenario states the discard pile twice: a Background must agree with its "
                            "scenarios")
    rnd.discard = codes(cards)
    rnd.color = color
    table.changed()


@given(r"the draw pile from the top is (?P<cards>.+)")
def draw_pile_top(table, cards):
    """The top cards of the draw pile, in order; the rest of the deck lies beneath them."""
    table.round().draw_pile = codes(cards)
    table.changed()


@given(r"the draw pile holds only (?P<cards>.+)")
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


# ---- the turned-up card ---------------------------------------------------------------------------

TURNED = rf"(?P<card>.+?)(?:, and (?P<chooser>Ana|Ben) chooses {COLOUR})?"


@given_or_when(rf"the card turned up is {TURNED}")
def card_turned_up(table, card, chooser, color):
    """The draft is over and this card is turned up to start the discard pile (START-1)."""
    table.turn_up_any(codes(card)[0], chooser, color)


@given_or_when(rf"the top card of the draw pile, {TURNED}, is turned up")
def top_card_turned_up(table, card, chooser, color):
    """After the draft this card lies on top of the draw pile and is turned up (START-1)."""
    table.turn_up_top(codes(card)[0], chooser, color)


@given(r"the top card of the draw pile after the draft is (?P<card>.+)")
def top_card_after_draft(table, card):
    """After the draft this card lies on top of the draw pile."""
    table.state_next_card(codes(card)[0])


# ---- the cut, the deck and the draft --------------------------------------------------------------

@given(r"Ana cuts (?P<ana>.+?) and Ben cuts (?P<ben>.+)")
def cut(table, ana, ben):
    """One cut of the deck by each player (CUT-1)."""
    table.cut.append({"Ana": codes(ana)[0], "Ben": codes(ben)[0]})
    table.last_pointer = f"/cut/{len(table.cut) - 1}"
    table.changed()


@given(rf"{P} (?:drafts|deals) first from a freshly shuffled deck")
def drafts_first(table, player):
    """Round 1 is drafted (or dealt, in a variant that deals) from a whole shuffled deck, ``player``
    being Player 1."""
    table.new_round(first_drafter=player, mode="deck")


@given(r"round (?P<n>\d+) is drafted from a freshly shuffled deck")
def next_round_drafted(table, n):
    """The next round is drafted from a whole shuffled deck; the log does not say who drafts first."""
    if int(n) != table.next_round_number():
        raise ScenarioError(f"round {n} does not come next")
    table.new_round(mode="deck")


@given(r"the shuffled deck from the top begins with (?P<cards>.+)")
def deck_begins(table, cards):
    """The top of the shuffled deck; the rest of the deck lies below."""
    table.state_deck_top(codes(cards))


@given_or_when(r"the deck is shuffled with a second (?P<dup>.+?) in place of one (?P<gone>.+)")
def deck_with_double(table, dup, gone):
    """A shuffled deck that is not the game's deck: one card replaced by another copy of a card."""
    rnd = table.round()
    rnd.mode = "deck"
    deck = table.full_deck()
    deck[deck.index(codes(gone)[0])] = codes(dup)[0]
    table.last_pointer = f"/rounds/{table.r}/deck"
    table.changed()


@given(r"the game is played under the (?P<name>[a-z0-9-]+) variant")
def under_variant(table, name):
    """The log names a built-in variant: its own rules apply (docs/variants.md)."""
    table.variant = name
    table.changed()


@given("the game is played with the classic 108-card deck")
def classic_deck(table):
    """The log names the variant with the 108-card deck (no Wild Custom)."""
    table.variant = "uno-duo-108"
    table.changed()


@given_or_when(r"a third player, (?P<name>\w+), joins the table")
def third_player(table, name):
    """The log names a third player."""
    table.players.append(name)
    table.last_pointer = "/players"
    table.changed()


# ---- earlier rounds and claims --------------------------------------------------------------------

@given(rf"(?P<out>Ana|Ben) went out of round (?P<n>\d+), leaving {P} holding (?P<cards>.+)")
@when(rf"(?P<out>Ana|Ben) goes out of round (?P<n>\d+), leaving {P} holding (?P<cards>.+)")
def round_in_brief(table, out, n, player, cards):
    """A whole round in brief: ``out`` plays their last card; the other is left holding ``cards``."""
    if player != other(out):
        raise ScenarioError(f"{out} went out, so {other(out)} is the one left holding cards")
    if int(n) != table.next_round_number():
        raise ScenarioError(f"round {n} does not come next")
    table.went_out(out, codes(cards))


@given_or_when(r"the players begin round (?P<n>\d+)")
def next_round_begins(table, n):
    """The next round starts with the hands and piles that the following steps state."""
    if int(n) != table.next_round_number():
        raise ScenarioError(f"round {n} does not come next")
    table.new_round()
    table.last_pointer = f"/rounds/{table.r}"


@when(r"the record claims round (?P<n>\d+) ended with (?P<out>Ana|Ben) out and "
      rf"{P} scoring (?P<points>\d+)")
def claim_round(table, n, out, player, points):
    """The log claims a round's result."""
    i = int(n) - 1
    table.rounds[i].result = {"out": out, "points": {out: 0, player: int(points)}}
    table.last_pointer = f"/rounds/{i}/result"
    table.changed()


@when(r"the record claims (?P<winner>Ana|Ben) won the game, Ana (?P<ana>\d+) to Ben (?P<ben>\d+)")
def claim_game(table, winner, ana, ben):
    """The log claims the game's result."""
    table.result = {"winner": winner, "scores": {"Ana": int(ana), "Ben": int(ben)}}
    table.last_pointer = "/result"
    table.changed()
