Feature: Skip
  With two players, a Skip simply gives its player another turn: the opponent is the one skipped.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2
    And Ana holds red skip, red 4 and green 7
    And Ben holds red 5, blue skip and blue 6
    And the top of the discard pile is red 9

  Rule: SKIP-1 — The player of a Skip takes another turn
    The player who plays a Skip immediately takes another turn.

    @SKIP-1
    Scenario: Ana plays a Skip and plays again
      When Ana plays red skip
      Then Ana takes the next turn
      When Ana plays red 4
      Then Ben takes the next turn

    @SKIP-1 @TURN-1 @TURN-3
    Scenario: Once the turn has passed, a Skip of another colour may follow a Skip
      When Ana plays red skip
      And Ana draws blue 3
      And Ben plays blue skip
      Then Ben takes the next turn
