Feature: UNO DUO with the classic 108-card deck
  The variant uno-duo-108 plays UNO DUO with the classic 108-card deck: the same 25 cards in each colour,
  four Wilds and four Wild Draw 4s, but none of the four blank Wild Customs. Everything else is UNO DUO.
  The draft still puts 14 cards in the hands and 14 on the discard pile, and those 14 go under the draw
  pile: 94 cards are left to draw.

  Background:
    Given the game is played under the uno-duo-108 variant

  Rule: DECK-2 — The classic deck holds no Wild Custom
    UNO DUO (DECK-2): the 112 cards, four of them Wild Customs. In uno-duo-108 (deck = 108): the classic
    108 cards, with no Wild Custom.

    @DECK-2
    Scenario: A Wild Custom is not a card of this deck
      Given Ben drafted first this round: he is Player 1, and Ana is Player 2
      And Ana holds wild custom, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      Then wild custom may not be in Ana's hand: the classic 108-card deck has none (DECK-2)

    @DECK-2
    Scenario: A plain Wild still plays on anything
      Given Ben drafted first this round: he is Player 1, and Ana is Player 2
      And Ana holds wild, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays wild choosing green
      Then the colour to play is green
      And Ben takes the next turn

  Rule: DECK-1 — The draft leaves 94 of the 108 cards in the draw pile
    UNO DUO (DECK-1): two players, one 112-card deck. In uno-duo-108: two players, one 108-card deck.

    @DECK-1 @DRAFT-6
    Scenario: After the draft the draw pile holds the rest of the 108 cards
      Given Ana drafts first from a freshly shuffled deck
      When Ana and Ben complete the draft, keeping every card they draw
      Then the draft is over
      And the draw pile holds 94 cards
