Feature: Wild
  A Wild may be played on any card, whatever else its player holds, and its player names the colour
  that the opponent must play next.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2
    And Ana holds wild, red 4 and green 7
    And Ben holds blue 5, red 5 and yellow 6
    And the top of the discard pile is red 9

  Rule: WILD-1 — A Wild's player chooses the colour; the turn passes
    The player of a Wild chooses the colour that their opponent must play next; the turn passes.

    @WILD-1 @TURN-1
    Scenario: Ana plays a Wild and chooses blue for Ben
      When Ana plays wild choosing blue
      Then Ben takes the next turn
      And the colour to play is blue
      And Ben may play blue 5
      And Ben may not play red 5

    @WILD-1 @GEN-1
    Scenario: A Wild may be played even by a player holding a card of the colour
      When Ana plays wild choosing yellow
      And Ben plays yellow 6
      Then Ana takes the next turn

    @WILD-1 @TURN-1 @GEN-2
    Scenario: The colour chosen must be followed
      When Ana plays wild choosing blue
      And Ben plays red 5
      Then Ben may not play red 5: Ana chose blue (TURN-1)
