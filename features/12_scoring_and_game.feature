Feature: Scoring and the end of the game
  When a round ends, the player who went out scores nothing and the other scores what is left in their
  hand. Points are bad: the game ends when a player reaches 200, and the other player wins.

  "Ana went out of round 1, leaving Ben holding green 5" tells a whole round in brief: it ends with Ana
  playing her last card, red 4 on red 9, while Ben is left holding green 5. Each scenario says who
  drafted first in round 1, or gives the cut that decided it; in later rounds the first drafter
  alternates (DRAFT-7).

  Rule: SCORE-1 — The player who went out scores zero; the other scores the cards left in their hand
    The player who went out scores zero for the round; the other scores the points of the cards left
    in their hand (after END-2).

    @SCORE-1 @SCORE-2
    Scenario: Ben scores the cards left in his hand
      Given Ben drafted first in round 1
      When Ana goes out of round 1, leaving Ben holding green 5, red skip and wild
      Then the round is over and Ana went out
      And Ana scores 0 points for the round
      And Ben scores 30 points for the round
      And the scores stand at Ana 0 and Ben 30

    @SCORE-1 @SCORE-2 @DECK-1 @DRAFT-1 @DRAFT-2 @DRAFT-3 @DRAFT-5 @DRAFT-6 @START-1 @START-2 @START-8 @TURN-1 @TURN-3 @TURN-4 @SKIP-1 @REV-1 @REV-2 @REV-5 @UNO-1 @END-1
    Scenario: A whole round, from the draft to the score
      Ana drafts first, so Ben takes the first turn. Ben skips Ana and plays again, Ana answers by
      number, and Ben lays his greens with a Reverse. He is down to one card and says UNO; later he
      draws, plays the card he drew, says UNO again, and goes out. Ana is left with three cards.
      Given Ana drafts first from a freshly shuffled deck
      When the players pick as follows:
        | player | draws          | decision | keeps          | discards   |
        | Ana    | green 7        | keep     | green 7        | red 1      |
        | Ben    | yellow 9       | pass     | blue skip      | yellow 9   |
        | Ana    | wild           | keep     | wild           | blue 8     |
        | Ben    | green reverse  | keep     | green reverse  | red 3      |
        | Ana    | yellow 2       | pass     | red 5          | yellow 2   |
        | Ben    | blue 7         | keep     | blue 7         | green 6    |
        | Ana    | green 9        | keep     | green 9        | yellow 3   |
        | Ben    | red 9          | keep     | red 9          | blue 4     |
        | Ana    | wild draw 4    | keep     | wild draw 4    | green 1    |
        | Ben    | red 2          | pass     | green 2        | red 2      |
        | Ana    | yellow 1       | keep     | yellow 1       | red 7      |
        | Ben    | green 5        | keep     | green 5        | blue 2     |
        | Ana    | red draw 2     | keep     | red draw 2     | yellow 6   |
        | Ben    | blue 6         | pass     | yellow 4       | blue 6     |
      Then the draft is over
      And Ana holds green 7, wild, red 5, green 9, wild draw 4, yellow 1 and red draw 2
      And Ben holds blue skip, green reverse, blue 7, red 9, green 2, green 5 and yellow 4
      When the top card of the draw pile, blue 3, is turned up
      Then Ben takes the next turn
      When the round goes on as follows:
        | player | move                                               |
        | Ben    | plays blue skip                                    |
        | Ben    | plays blue 7                                       |
        | Ana    | plays green 7                                      |
        | Ben    | plays green reverse and lays green 2 then green 5  |
        | Ana    | plays green 9                                      |
        | Ben    | plays red 9 and says UNO                           |
        | Ana    | plays red 5                                        |
        | Ben    | draws yellow 5                                     |
        | Ben    | plays yellow 5 and says UNO                        |
        | Ana    | plays yellow 1                                     |
        | Ben    | plays yellow 4                                     |
      Then the round is over and Ben went out
      And Ana holds wild, wild draw 4 and red draw 2
      And Ana scores 45 points for the round
      And Ben scores 0 points for the round
      And the scores stand at Ana 45 and Ben 0
      And the game goes on

  Rule: SCORE-2 — Numbers at face value; Draw 2, Reverse, Skip 10; Wild 15; Wild Draw 4 20
    Number cards score their number; Draw 2, Reverse and Skip 10 each; Wild (and Wild Custom) 15
    each; Wild Draw 4 20 each.

    Background:
      Given Ben drafted first in round 1

    @SCORE-2 @SCORE-1
    Scenario Outline: What a card left in hand scores
      When Ana goes out of round 1, leaving Ben holding <cards>
      Then Ben scores <points> points for the round

      Examples:
        | cards                                      | points |
        | red 0                                      | 0      |
        | green 5                                    | 5      |
        | blue 9                                     | 9      |
        | yellow draw 2                              | 10     |
        | red reverse                                | 10     |
        | green skip                                 | 10     |
        | wild                                       | 15     |
        | wild draw 4                                | 20     |
        | wild draw 4, red reverse, blue 7 and wild  | 52     |

      @DECK-2
      Examples: the Wild Custom of the 112-card deck scores as a Wild
        | cards                                      | points |
        | wild custom                                | 15     |

  Rule: GAME-1 — Rounds continue until a player reaches 200; scores accumulate
    Rounds continue until a player reaches 200 points or more; scores accumulate.

    Background:
      Given Ben drafted first in round 1

    @GAME-1 @SCORE-1 @SCORE-2
    Scenario: Scores accumulate over the rounds
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      When Ana goes out of round 2, leaving Ben holding wild draw 4 and red skip
      Then the scores stand at Ana 70 and Ben 30
      And the game goes on

    @GAME-1 @DRAFT-7
    Scenario: After a round below 200 the next round is drafted
      Given Ana went out of round 1, leaving Ben holding wild draw 4 and red skip
      Then the game goes on
      And Ana drafts first in round 2
      And Ana makes the next pick

    @GAME-1 @GAME-2 @SCORE-1 @SCORE-2 @DECK-2
    Scenario: Exactly 200 ends the game
      When Ana goes out of round 1, leaving Ben holding 4 × wild draw 4, 4 × wild and 4 × wild custom
      Then the scores stand at Ana 0 and Ben 200
      And the game is over and Ana wins

  Rule: GAME-2 — Who reaches 200 first loses; no round after the game ends
    The player who reaches 200 first loses; the player with the lower score wins. No round may follow
    the one that ended the game.

    @GAME-2 @GAME-1 @SCORE-1 @SCORE-2
    Scenario: Ana reaches 200 first, so Ben wins with the lower score
      Given Ben drafted first in round 1
      And Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      When Ben goes out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild
      Then the scores stand at Ana 210 and Ben 95
      And the game is over and Ben wins

    @GAME-2 @GAME-1 @SCORE-1 @SCORE-2 @DECK-2
    Scenario: No round follows the one that ended the game
      Given Ben drafted first in round 1
      And Ana went out of round 1, leaving Ben holding 4 × wild draw 4, 4 × wild and 4 × wild custom
      And the players begin round 2
      And Ana holds red 4 and green 7
      And Ben holds blue 5
      And the top of the discard pile is red 9
      Then round 2 may not begin: Ben reached 200 in round 1, so the game is over (GAME-2)

    @GAME-2 @GAME-1 @CUT-1 @DRAFT-7 @SCORE-1 @SCORE-2 @DECK-2
    Scenario: A whole game, from the cut to 200
      Ana wins the cut and drafts first in round 1; the first drafter then alternates. Each round is told
      in brief, by who went out and what the other was left holding.
      Given Ana cuts red 9 and Ben cuts blue 4
      Then Ana drafts first in round 1
      When Ben goes out of round 1, leaving Ana holding wild draw 4, red skip and green 7
      Then the scores stand at Ana 37 and Ben 0
      And Ben drafts first in round 2
      When Ana goes out of round 2, leaving Ben holding 2 × wild and blue draw 2
      Then the scores stand at Ana 37 and Ben 40
      And Ana drafts first in round 3
      When Ben goes out of round 3, leaving Ana holding 3 × wild draw 4, 2 × wild custom and yellow 9
      Then the scores stand at Ana 136 and Ben 40
      And the game goes on
      When Ana goes out of round 4, leaving Ben holding 4 × wild draw 4, 4 × wild and red 2
      Then the scores stand at Ana 136 and Ben 182
      And the game goes on
      When Ben goes out of round 5, leaving Ana holding 4 × wild draw 4
      Then the scores stand at Ana 216 and Ben 182
      And the game is over and Ben wins
