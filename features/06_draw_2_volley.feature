Feature: Draw 2 and the volley
  When a Draw 2 is played, the opponent must draw two cards unless they answer with a Draw 2 of their
  own, stacked on top: that starts a Draw 2 Volley. A volley may go on as long as the players can and
  want to answer. The first player who does not continue the volley draws the total, two cards for
  each Draw 2 in it, and drawing ends their turn; the other player then takes the next turn.

  The source gives this example, which must hold verbatim: Player 1 plays a Draw 2; Player 2 answers
  with a Draw 2 (total 4); Player 1 plays another Draw 2 (total 6); Player 2 has no Draw 2 left, draws
  six cards, and their turn ends.

  (clarification) The source says only "a Draw 2 of their own" and "as long as players can and want
  to": so a Draw 2 of any colour continues a volley, and nothing else does, not even a Wild Draw 4;
  and answering is optional, even for a player who could.

  In these scenarios Ben drafted first, so Ana is Player 2 and takes the first turn.

  Background:
    Given Ben drafted first this round, so Ana takes the first turn
    And the top of the discard pile is red 9

  Rule: D2-1 A Draw 2: draw two, unless answered with a Draw 2

    @D2-1 @D2-3
    Scenario: Ben draws two and Ana takes the next turn
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds yellow 3 and yellow 4
      When Ana plays red draw 2
      Then Ben must draw 2 cards or answer with a draw 2
      When Ben draws 2 cards
      Then the moves so far are legal
      And Ben holds 4 cards
      And Ana takes the next turn

    @D2-1
    Scenario: Ben answers the Draw 2 and a volley begins
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, yellow 3 and yellow 4
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      Then the moves so far are legal
      And Ana must draw 4 cards or answer with a draw 2

  Rule: D2-2 A volley goes on while the players can and want to answer (clarification)

    Background:
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, wild draw 4, yellow 3 and yellow 4

    @D2-2
    Scenario: Answering is optional, even with a Draw 2 in hand
      When Ana plays red draw 2
      And Ben draws 2 cards
      Then the moves so far are legal
      And Ana takes the next turn

    @D2-2 @LOG-1 @GEN-2
    Scenario: Only a Draw 2 answers a volley
      When Ana plays red draw 2
      And Ben plays yellow 3
      Then the referee rules Ben's last move illegal under LOG-1

    @D2-2 @WD4-7 @GEN-2
    Scenario: A Wild Draw 4 does not answer a volley
      When Ana plays red draw 2
      And Ben answers with wild draw 4 choosing yellow
      Then the referee rules Ben's last move illegal under WD4-7

  Rule: D2-3 The first player not to continue draws the total; their turn ends

    Background:
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, yellow 3 and yellow 4

    @D2-3
    Scenario: The player who stops the volley draws it all and the other plays on
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      And Ana draws 4 cards
      Then the moves so far are legal
      And Ana holds 6 cards
      And Ben takes the next turn

    @D2-3 @LOG-4 @GEN-2
    Scenario: The volley's whole total is drawn
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      And Ana draws 2 cards
      Then the referee rules Ana's last move illegal under LOG-4

    @D2-3 @LOG-1 @GEN-2
    Scenario: Drawing the total ends the turn
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      And Ana draws 4 cards
      And Ana plays green 7
      Then the referee rules Ana's last move illegal under LOG-1

  Rule: D2-4 The source's volley example holds verbatim
    Player 1 plays a Draw 2; Player 2 answers with a Draw 2 (total 4); Player 1 plays another Draw 2
    (total 6); Player 2 has no Draw 2 left, draws six cards, and their turn ends.
    Here Ana plays first, as "Player 1" of the example, and Ben answers.

    @D2-4 @D2-1 @D2-2 @D2-3
    Scenario: Player 1 plays a Draw 2, Player 2 answers, Player 1 plays another, Player 2 draws six
      Given Ana holds red draw 2, green draw 2 and red 5
      And Ben holds blue draw 2, yellow 3 and yellow 4
      When Ana plays red draw 2
      Then Ben must draw 2 cards or answer with a draw 2
      When Ben answers with blue draw 2
      Then Ana must draw 4 cards or answer with a draw 2
      When Ana plays green draw 2
      Then Ben must draw 6 cards or answer with a draw 2
      When Ben draws 6 cards
      Then the moves so far are legal
      And Ben holds 8 cards
      And Ana takes the next turn
