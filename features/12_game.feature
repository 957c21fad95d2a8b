Feature: The game
  Rounds continue until a player reaches 200 points or more; the scores accumulate from round to
  round. The player who reaches 200 first loses, and the player with the lower score wins. No round
  may follow the one that ended the game.

  In these scenarios round 1 was drafted first by Ben; "Ana goes out of a round" means she plays her
  last card, red 4, on red 9, and the cards left in Ben's hand score for him.

  Rule: GAME-1 Rounds continue until a player reaches 200; scores accumulate

    @GAME-1 @SCORE-1
    Scenario: Scores accumulate over the rounds
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      When Ana goes out of round 2, leaving Ben holding wild draw 4 and red skip
      Then the scores stand at Ana 70 and Ben 30
      And the game goes on

    @GAME-1
    Scenario: After a round below 200 the next round is drafted
      Given Ana went out of round 1, leaving Ben holding wild draw 4 and red skip
      Then the game goes on
      And Ana makes the next pick

    @GAME-1 @LOG-5 @GEN-2
    Scenario: Nobody wins the game before a player reaches 200
      Given Ana went out of round 1, leaving Ben holding wild draw 4 and red skip
      When the record claims Ana won the game, Ana 0 to Ben 30
      Then the referee rules the claimed game result illegal under LOG-5

    @GAME-1 @GAME-2 @SCORE-2 @DECK-2
    Scenario: Exactly 200 ends the game
      When Ana goes out of round 1, leaving Ben holding 4 × wild draw 4, 4 × wild and 4 × wild custom
      Then the scores stand at Ana 0 and Ben 200
      And the game is over and Ana wins

  Rule: GAME-2 Who reaches 200 first loses; no round after the game ends

    Background:
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      And Ben went out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild

    @GAME-2 @GAME-1
    Scenario: Ana reaches 200 first, so Ben wins with the lower score
      Then the scores stand at Ana 210 and Ben 95
      And the game is over and Ben wins

    @GAME-2 @LOG-5
    Scenario: The record may claim the right result
      When the record claims Ben won the game, Ana 210 to Ben 95
      Then the moves so far are legal

    @GAME-2 @LOG-5 @GEN-2
    Scenario: The record may not claim the game for the player who reached 200
      When the record claims Ana won the game, Ana 210 to Ben 95
      Then the referee rules the claimed game result illegal under LOG-5

    @GAME-2
    Scenario: No round follows the one that ended the game
      When round 4 begins from a stated position
      And Ana holds red 4 and green 7
      And Ben holds blue 5
      And the top of the discard pile is red 9
      Then the referee rules round 4 illegal under GAME-2

