Feature: UNO DUO with classic UNO's Wild Draw 4 challenge
  The variant uno-duo-classic-challenge changes one reading of UNO DUO: what makes a Wild Draw 4 a bluff.
  In UNO DUO (WD4-6) a Wild Draw 4 is a bluff when its player held any other card they could have
  played: a card matching the top of the discard pile by colour, number or symbol, or a Wild. Classic UNO
  asks less: a Wild Draw 4 is a bluff only when its player held a card of the current colour. A card
  that matches by number or symbol, or a Wild, does not make it one. A Wild Draw 4 just drawn is
  legitimate as ever.

  Background:
    Given the game is played under the uno-duo-classic-challenge variant
    And Ben drafted first this round: he is Player 1, and Ana is Player 2
    And Ben holds blue 5 and yellow 6
    And the top of the discard pile is red 9

  Rule: WD4-6 — Changed: only a card of the current colour makes a Wild Draw 4 a bluff
    UNO DUO (WD4-6): any other card that could have been played makes a Wild Draw 4 a bluff. In
    uno-duo-classic-challenge (challenge = current-colour): only a card of the current colour does.

    @WD4-6 @WD4-4
    Scenario: A red card in hand makes the Wild Draw 4 on red a bluff
      Given Ana holds wild draw 4, red 2 and green 7
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then Ana must draw 4 cards

    @WD4-6 @WD4-5
    Scenario: A card matching only by number does not
      Given Ana holds wild draw 4, green 9 and green 7
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then Ben must draw 6 cards

    @WD4-6 @WD4-5
    Scenario: A Wild in hand does not
      Given Ana holds wild draw 4, wild and green 7
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then Ben must draw 6 cards
