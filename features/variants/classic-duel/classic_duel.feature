Feature: Classic two-player UNO
  The variant classic-duel is classic UNO for two, played by this referee to show that the rules of
  UNO DUO are parameters, not code. It uses the classic 108-card deck and deals seven cards each instead
  of drafting. A Reverse acts as a Skip: its player goes again. A Draw 2 cannot be answered, and a Reverse
  lays no other cards. The player who goes out scores the cards left in the opponent's hand: numbers at
  face value, Skip, Reverse and Draw 2 twenty, Wild and Wild Draw 4 fifty. The first player to reach 500
  wins. A Wild Draw 4 is a bluff only when its player held a card of the current colour.

  Background:
    Given the game is played under the classic-duel variant

  Rule: DRAFT-1 A deal of seven each instead of the draft

    @DRAFT-1 @DECK-1
    Scenario: Seven cards are dealt to each player from the 108
      Given Ben deals from a freshly shuffled deck
      Then Ana holds 7 cards
      And Ben holds 7 cards
      And the draw pile holds 94 cards

  Rule: REV-5 A Reverse acts as a Skip

    @REV-5
    Scenario: Ana plays a Reverse and goes again
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds red reverse, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red reverse
      Then Ana takes the next turn

  Rule: REV-1 A Reverse lays no other cards

    @REV-1
    Scenario: A Reverse lays no other cards
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds red reverse, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red reverse and lays red 4
      Then the referee rules Ana's last move illegal under REV-1

  Rule: D2-1 A Draw 2 is drawn, never answered

    @D2-1
    Scenario: Ben may not answer a Draw 2 with his own
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds red draw 2, red 4 and green 7
      And Ben holds blue draw 2 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      Then the referee rules Ben's last move illegal under D2-1

  Rule: SCORE-1 The player who goes out scores the opponent's cards

    @SCORE-1 @SCORE-2
    Scenario: Ana goes out and scores Ben's hand at classic values
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds red 4
      And Ben holds blue skip, wild and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then the round is over and Ana went out
      And Ana scores 76 points for the round
      And Ben scores 0 points for the round

  Rule: GAME-2 The first to 500 wins

    @GAME-1 @GAME-2
    Scenario: Reaching 500 wins the game
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds red 4
      And Ben holds 4 × wild draw 4, 4 × wild, blue skip, blue reverse, blue draw 2, green skip and green reverse
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then Ana scores 500 points for the round
      And the game is over and Ana wins

    @GAME-1 @GAME-2
    Scenario: Below 500 the game goes on
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds red 4
      And Ben holds 4 × wild draw 4, 4 × wild, blue skip and blue reverse
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then Ana scores 440 points for the round
      And the game goes on
