Feature: The end of a round
  A round ends the moment a player has no cards left: that player has gone out, and the other scores
  what they still hold (chapter 12). A Draw 2 or a Wild Draw 4 played as the last card still makes the
  opponent draw; the Draw 2 and the Wild Draw 4 themselves are the subjects of chapters 7 and 11.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2
    And the top of the discard pile is red 9

  Rule: END-1 — The round ends when a player has played all their cards
    The round ends as soon as one player has played all their cards.

    @END-1 @SCORE-1 @SCORE-2
    Scenario: Ana plays her last card and the round is over
      Given Ana holds red 4
      And Ben holds blue 5 and yellow skip
      When Ana plays red 4
      Then the round is over and Ana went out
      And Ana scores 0 points for the round
      And Ben scores 15 points for the round

    @END-1 @SKIP-1 @SCORE-1 @SCORE-2
    Scenario: A Skip that goes out has no further effect
      Given Ana holds red skip
      And Ben holds blue 5 and yellow 6
      When Ana plays red skip
      Then the round is over and Ana went out
      And Ben scores 11 points for the round

  Rule: END-2 — A going-out Draw 2 or Wild Draw 4 is still drawn (clarification)
    Clarification (from classic UNO): the round ends as soon as the last card is played (END-1), but if
    that card is a Draw 2 or a Wild Draw 4 (or a Reverse dump ending in a Draw 2), the opponent still
    draws what it owes before the hands are scored: for a Draw 2 the volley's whole total, for a Wild
    Draw 4 four cards, with no volley and no challenge. That draw closes the round: nothing else comes
    between the going-out card and it, not even saying UNO or a catch. A final Skip or Reverse has no
    further effect. UNO DUO does not say what a going-out action card does; classic UNO does, and
    applies where UNO DUO is silent (GEN-1).

    @END-2 @GEN-1 @D2-1 @SCORE-1 @SCORE-2
    Scenario: Ana goes out on a Draw 2 and Ben still draws two
      Given Ana holds red draw 2
      And Ben holds blue 5 and blue 6
      And the draw pile from the top is yellow 1, yellow 2
      When Ana plays red draw 2
      Then Ben must draw 2 cards
      When Ben draws 2 cards
      Then the round is over and Ana went out
      And Ben scores 14 points for the round

    @END-2 @WD4-1 @SCORE-1 @SCORE-2
    Scenario: Ana goes out on a Wild Draw 4 and Ben still draws four
      Given Ana holds wild draw 4
      And Ben holds blue 5 and blue 6
      And the draw pile from the top is yellow 1, yellow 2, yellow 3, yellow 4
      When Ana plays wild draw 4 choosing green
      Then Ben must draw 4 cards
      When Ben draws 4 cards
      Then the round is over and Ana went out
      And Ben scores 21 points for the round

    @END-2 @D2-1 @D2-2 @D2-3 @UNO-1
    Scenario: A volley that ends the round is drawn in full
      Given Ana holds red draw 2 and green draw 2
      And Ben holds blue draw 2 and blue 6
      When Ana plays red draw 2 and says UNO
      And Ben answers with blue draw 2
      And Ana plays green draw 2
      Then Ben must draw 6 cards
      When Ben draws 6 cards
      Then the round is over and Ana went out

    @END-2 @REV-1 @REV-4
    Scenario: A going-out dump ending on a Draw 2 is still drawn
      Given Ana holds red reverse, red 4 and red draw 2
      And Ben holds blue 5 and blue 6
      When Ana plays red reverse and lays red 4 then red draw 2
      Then Ben must draw 2 cards
      When Ben draws 2 cards
      Then the round is over and Ana went out

    @END-2 @D2-1
    Scenario: A going-out Draw 2 cannot be answered
      Given Ana holds red draw 2
      And Ben holds blue draw 2 and blue 6
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      Then Ben may not answer with blue draw 2: Ana went out, so he only draws the two (END-2)

    @END-2 @WD4-3
    Scenario: A going-out Wild Draw 4 cannot be challenged
      Given Ana holds wild draw 4
      And Ben holds blue 5 and blue 6
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then Ben may not challenge: Ana went out, so he only draws the four (END-2)

    @END-2 @UNO-2 @UNO-4
    Scenario: Nothing comes between the going-out card and the draw, not even a catch
      Ben forgot to say UNO and could have been caught all along, but not between Ana's going-out Draw 2
      and his draw.
      Given Ana holds red 5 and red draw 2
      And Ben holds red 6 and blue 6
      When Ana plays red 5 and says UNO
      And Ben plays red 6 without saying UNO
      And Ana plays red draw 2
      And Ana catches Ben
      Then Ana may not catch Ben: she went out, and nothing comes before his draw of two (END-2)
