Feature: UNO DUO with the classic 108-card deck
  The variant uno-duo-108 plays UNO DUO with the classic 108-card deck: the same 25 cards in each colour,
  four Wild and four Wild Draw 4, but none of the four blank Wild Custom cards. Everything else is UNO
  DUO. The draft still takes 28 cards, so 80 are left in the draw pile, the 14 draft discards at the
  bottom.

  Background:
    Given the game is played under the uno-duo-108 variant

  Rule: DECK-2 The classic deck holds no Wild Custom

    @DECK-2
    Scenario: A Wild Custom is not a card of this deck
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds wild custom, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      Then the referee rules the setting of the table illegal under DECK-2

    @DECK-2
    Scenario: A plain Wild still plays on anything
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds wild, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays wild choosing green
      Then the moves so far are legal
      And the colour to play is green

  Rule: DECK-1 The draft leaves 80 cards of the 108 in the draw pile

    @DECK-1 @DRAFT-6
    Scenario: After the draft the draw pile holds the rest of the 108 cards
      Given Ana drafts first from a freshly shuffled deck
      When Ana and Ben complete the draft, keeping every card they draw
      Then the draft is over
      And the draw pile holds 94 cards
