Feature: The end of a round and scoring
  The round ends as soon as one player has played all their cards. The player who went out scores zero
  for the round; the other player scores the points of the cards left in their hand. Number cards
  score their number; Draw 2, Reverse and Skip score 10 each; a Wild (and a Wild Custom) 15; a Wild
  Draw 4 20.

  (clarification, from classic UNO) UNO DUO does not say what a going-out action card does; classic
  UNO does, and applies where UNO DUO is silent. If the card that goes out is a Draw 2 or a Wild Draw
  4 (or a Reverse dump ending in a Draw 2), the opponent still draws what it owes before scoring: for
  a Draw 2 the volley's whole total, for a Wild Draw 4 four cards, with no volley and no challenge.
  Nothing else, not even an interjection, comes between the going-out card and that draw, and the
  round is over once it is made. A final Skip or Reverse has no further effect.

  In these scenarios Ben drafted first, so Ana is Player 2 and takes the first turn; "Ana goes out of
  a round" means she plays her last card, red 4, on red 9.

  Rule: END-1 The round ends when a player has played all their cards

    @END-1 @SCORE-1
    Scenario: Ana plays her last card and the round is over
      Given Ana holds red 4
      And Ben holds blue 5 and yellow skip
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then the round is over and Ana went out
      And Ana scores 0 points for the round
      And Ben scores 15 points for the round

    @END-1 @SKIP-1 @SCORE-1
    Scenario: A Skip that goes out has no further effect
      Given Ana holds red skip
      And Ben holds blue 5 and yellow 6
      And the top of the discard pile is red 9
      When Ana plays red skip
      Then the round is over and Ana went out
      And Ben scores 11 points for the round

    @END-1 @LOG-6 @GEN-2
    Scenario: Nobody plays after the round is over
      Given Ana holds red 4
      And Ben holds red 5 and yellow 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ben plays red 5
      Then the referee rules Ben's last move illegal under LOG-6

  Rule: END-2 A going-out Draw 2 or Wild Draw 4 is still drawn (clarification)

    @END-2 @GEN-1 @SCORE-1
    Scenario: Ana goes out on a Draw 2 and Ben still draws two
      Given Ana holds red draw 2
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is yellow 1, yellow 2
      When Ana plays red draw 2
      Then Ben must draw 2 cards
      When Ben draws 2 cards
      Then the round is over and Ana went out
      And Ben scores 14 points for the round

    @END-2 @SCORE-1
    Scenario: Ana goes out on a Wild Draw 4 and Ben still draws four
      Given Ana holds wild draw 4
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is yellow 1, yellow 2, yellow 3, yellow 4
      When Ana plays wild draw 4 choosing green
      Then Ben must draw 4 cards
      When Ben draws 4 cards
      Then the round is over and Ana went out
      And Ben scores 21 points for the round

    @END-2 @D2-3
    Scenario: A volley that ends the round is drawn in full
      Given Ana holds red draw 2 and green draw 2
      And Ben holds blue draw 2 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red draw 2 and says UNO
      And Ben answers with blue draw 2
      And Ana plays green draw 2
      Then Ben must draw 6 cards
      When Ben draws 6 cards
      Then the round is over and Ana went out

    @END-2 @REV-4
    Scenario: A going-out dump ending on a Draw 2 is still drawn
      Given Ana holds red reverse, red 4 and red draw 2
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red reverse and lays red 4 then red draw 2
      Then Ben must draw 2 cards
      When Ben draws 2 cards
      Then the round is over and Ana went out

    @END-2
    Scenario: A going-out Draw 2 cannot be answered
      Given Ana holds red draw 2
      And Ben holds blue draw 2 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      Then the referee rules Ben's last move illegal under END-2

    @END-2
    Scenario: A going-out Wild Draw 4 cannot be challenged
      Given Ana holds wild draw 4
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then the referee rules Ben's last move illegal under END-2

    @END-2 @UNO-4
    Scenario: Nothing comes between the going-out card and the draw, not even a catch
      Given Ana holds red 5 and red draw 2
      And Ben holds red 6 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 5 and says UNO
      And Ben plays red 6
      And Ana plays red draw 2
      And Ana catches Ben
      Then the referee rules Ana's last move illegal under END-2

  Rule: SCORE-1 The player out scores zero; the other scores the cards left in hand

    @SCORE-1
    Scenario: Ben scores the cards left in his hand
      When Ana goes out of round 1, leaving Ben holding green 5, red skip and wild
      Then the round is over and Ana went out
      And Ana scores 0 points for the round
      And Ben scores 30 points for the round
      And the scores stand at Ana 0 and Ben 30

    @SCORE-1 @LOG-5 @GEN-2
    Scenario: The record may not claim the points the wrong way round
      When Ana goes out of round 1, leaving Ben holding green 5, red skip and wild
      And the record claims round 1 ended with Ana out and Ben scoring 0
      Then the referee rules the claimed result of round 1 illegal under LOG-5

  Rule: SCORE-2 Numbers at face value; Draw 2, Reverse, Skip 10; Wild 15; Wild Draw 4 20

    @SCORE-2
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
