Feature: Draw 2 and the volley
  A Draw 2 makes the opponent draw two cards, unless they answer it with a Draw 2 of their own. Then
  the two may go on answering each other, and whoever stops draws two cards for every Draw 2 laid.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2
    And the top of the discard pile is red 9

  Rule: D2-1 — A Draw 2: draw two, unless answered with a Draw 2 (a volley)
    When a Draw 2 is played, the opponent must draw two cards UNLESS they answer with a Draw 2 of
    their own, stacked on top: that starts a Draw 2 Volley.

    @D2-1 @D2-3
    Scenario: Ben draws two and Ana takes the next turn
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds yellow draw 2, yellow 3 and yellow 4
      When Ana plays red draw 2
      Then Ben must draw 2 cards or answer with a draw 2
      When Ben draws 2 cards
      Then Ben holds 5 cards
      And Ana takes the next turn

    @D2-1 @D2-2
    Scenario: Ben answers the Draw 2 and a volley begins
      Given Ana holds red draw 2, green draw 2 and red 5
      And Ben holds blue draw 2, yellow 3 and yellow 4
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      Then Ana must draw 4 cards or answer with a draw 2

    @D2-1 @D2-3
    Scenario: A player with no Draw 2 can only draw
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds yellow 3 and yellow 4
      When Ana plays red draw 2
      Then Ben must draw 2 cards

  Rule: D2-2 — A volley goes on while the players can and want to answer (clarification)
    A volley may go on as long as players can and want to answer.
    Clarification: any colour of Draw 2 continues it, and nothing else does, not even a Wild Draw 4;
    answering is optional, even for a player who could. The source says only "a Draw 2 of their own"
    and "as long as players can and want to".

    Background:
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, wild draw 4, yellow 3 and yellow 4

    @D2-2 @D2-1 @D2-3
    Scenario: Answering is optional, even with a Draw 2 in hand
      When Ana plays red draw 2
      And Ben draws 2 cards
      Then Ana takes the next turn

    @D2-2 @D2-1 @WD4-7 @GEN-2
    Scenario: A Wild Draw 4 does not answer a volley
      When Ana plays red draw 2
      And Ben answers with wild draw 4 choosing yellow
      Then Ben may not answer with wild draw 4: only a Draw 2 answers a Draw 2 (WD4-7)

  Rule: D2-3 — The first player not to continue draws the total; their turn ends
    The first player who does not continue the volley draws the total (2 per Draw 2 in it), and
    drawing ends their turn. The other player then takes the next turn.

    Background:
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, yellow 3 and yellow 4

    @D2-3 @D2-1
    Scenario: The player who stops the volley draws it all and the other plays on
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      Then Ana must draw 4 cards
      When Ana draws 4 cards
      Then Ana holds 6 cards
      And Ben takes the next turn

  Rule: D2-4 — The source's own example of a volley
    The source's example of a volley, played here exactly as it is told: Player 1 plays a Draw 2;
    Player 2 answers with a Draw 2 (total 4); Player 1 plays another Draw 2 (total 6); Player 2 has no
    Draw 2 left, draws six cards, and their turn ends.

    @D2-4 @D2-1 @D2-2 @D2-3 @START-2
    Scenario: Player 1 plays a Draw 2, Player 2 answers, Player 1 plays another, Player 2 draws six
      Ben is Player 1 here and Ana Player 2, so Ana takes the first turn of the round, with red 5; the
      source's example begins with Ben's Draw 2.
      Given Ana holds blue draw 2, red 5, green 7 and yellow 1
      And Ben holds red draw 2, green draw 2, yellow 3 and blue 4
      When Ana plays red 5
      And Ben plays red draw 2
      Then Ana must draw 2 cards or answer with a draw 2
      When Ana answers with blue draw 2
      Then Ben must draw 4 cards or answer with a draw 2
      When Ben plays green draw 2
      Then Ana must draw 6 cards
      When Ana draws 6 cards
      Then Ana holds 8 cards
      And Ben takes the next turn
      And Ben is Player 1 of this round
      And Ana is Player 2 of this round
