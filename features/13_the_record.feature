Feature: The record of a game
  The referee rules on a written record of a game: who cut what, the shuffled deck or the position a
  round started from, every pick, every card played or drawn, every UNO and catch. These are not rules
  of the source but the conditions for a record to describe a game of UNO DUO at all, and the referee
  names them like any rule.

  Every entry is made by the player whose move it is, and is of a kind the moment allows. A card
  played must be in that player's hand; a card drawn, drafted or turned up must be the next card of
  the draw pile whenever that card is known. A shuffled deck is exactly the game's deck, and no card
  appears more often than the deck holds it. A draw takes exactly what is owed (one card for an
  ordinary draw) unless the piles run out. A result the record claims must be the one the referee
  computes. Nothing may follow the end of a round within it, and only the last round of a record may
  be unfinished.

  (clarification) UNO DUO varies classic UNO and does not restate it. Where UNO DUO is silent, the
  official rules of classic UNO apply, adapted to two players; where UNO DUO speaks, it wins over
  classic UNO.
  (clarification) A ruling must name one rule, and the source does not say which. When an act breaks
  several rules, the referee names the game rule whose text forbids that very act; the record's own
  rules are named only where no game rule speaks to it. Turn order and what the moment allows are the
  record's, even where a card's rule implies them: a move by a skipped player breaks the record's
  first rule. Between two game rules the more specific one is named.

  In these scenarios Ben drafted first, so Ana is Player 2 and takes the first turn.

  Background:
    Given Ben drafted first this round, so Ana takes the first turn

  Rule: LOG-1 An entry is made by the player to move, of a kind the moment allows

    Background:
      Given the hands are:
        | player | cards          |
        | Ana    | red 4, green 7 |
        | Ben    | red 5, blue 6  |
      And the top of the discard pile is red 9

    @LOG-1
    Scenario: The player whose turn it is plays
      When Ana plays red 4
      And Ben plays red 5
      Then the moves so far are legal

    @LOG-1
    Scenario: A player does not move out of turn
      When Ben plays red 5
      Then the referee rules Ben's last move illegal under LOG-1

    @LOG-1 @START-6
    Scenario: Cards are laid as on a turned-up Reverse only on a turned-up Reverse
      When Ana lays red 4 on the turned-up reverse
      Then the referee rules Ana's last move illegal under LOG-1

  Rule: LOG-2 Cards played are held; cards taken are the next of the pile when known

    Background:
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9

    @LOG-2
    Scenario: A card drawn from a known draw pile is its top card
      Given the draw pile holds only blue 1 and green 2
      When Ana draws blue 1
      Then the moves so far are legal
      And Ana holds red 4, green 7 and blue 1

    @LOG-2
    Scenario: Nobody plays a card they do not hold
      When Ana plays red 5
      Then the referee rules Ana's last move illegal under LOG-2

    @LOG-2
    Scenario: Nobody draws a card from the middle of a known draw pile
      Given the draw pile holds only blue 1 and green 2
      When Ana draws green 2
      Then the referee rules Ana's last move illegal under LOG-2

  Rule: LOG-3 A given deck is the game's deck; no card more often than the deck holds it

    @LOG-3 @DECK-2
    Scenario: Two copies of a red 5 may be in play
      Given Ana holds red 5 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 5
      Then the moves so far are legal

    @LOG-3 @DECK-2
    Scenario: There is no third red 5
      Given Ana holds red 5 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana draws red 5
      Then the referee rules Ana's last move illegal under LOG-3

    @LOG-3 @DRAFT-2
    Scenario: A deck with a card missing is not the game's deck
      Given Ana drafts first from a freshly shuffled deck
      And the deck is shuffled with a second wild in place of one wild draw 4
      When Ana makes a pick and keeps the card
      Then the referee rules the shuffled deck illegal under LOG-3

  Rule: LOG-4 A draw takes exactly what is owed, unless the piles run out

    Background:
      Given Ana holds red draw 2 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9

    @LOG-4
    Scenario: An ordinary draw takes one card
      When Ana draws a card
      Then the moves so far are legal
      And Ana holds 3 cards

    @LOG-4
    Scenario: An ordinary draw takes no more than one card
      When Ana draws 2 cards
      Then the referee rules Ana's last move illegal under LOG-4

    @LOG-4 @D2-1
    Scenario: A Draw 2 takes two cards, not three
      When Ana plays red draw 2
      And Ben draws 3 cards
      Then the referee rules Ben's last move illegal under LOG-4

  Rule: LOG-5 A claimed result must equal the referee's

    @LOG-5 @SCORE-1
    Scenario: The record may claim the round's result
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 15
      Then the moves so far are legal

    @LOG-5 @SCORE-2
    Scenario: A miscounted round is ruled against
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 7
      Then the referee rules the claimed result of round 1 illegal under LOG-5

  Rule: LOG-6 Nothing after a round's end; only the last round may be unfinished

    @LOG-6
    Scenario: An unfinished round may end the record
      Given Ana holds red 4, red 6 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then the moves so far are legal
      And Ben takes the next turn

    @LOG-6
    Scenario: A new round does not begin before the last one is finished
      Given Ana holds red 4, red 6 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And Ana plays red 4
      When round 2 begins from a stated position
      And Ana holds red 4 and green 7
      And Ben holds blue 5
      And the top of the discard pile is red 9
      Then the referee rules round 2 illegal under LOG-6

    @LOG-6 @END-1
    Scenario: Nothing follows the last card within the round
      Given Ana holds red 4
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ana says UNO
      Then the referee rules Ana's last move illegal under LOG-6

  Rule: GEN-1 Where UNO DUO is silent, classic UNO applies, adapted to two players (clarification)

    @GEN-1 @TURN-1 @WILD-1
    Scenario: As in classic UNO, a Wild may be played on anything, even a Wild
      Given Ana holds wild, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is wild draw 4 with blue chosen
      When Ana plays wild choosing green
      Then the moves so far are legal
      And the colour to play is green

    @GEN-1 @END-2
    Scenario: As in classic UNO, a going-out Draw 2 is still drawn
      Given Ana holds red draw 2
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      Then Ben must draw 2 cards

  Rule: GEN-2 Which rule a violation names when an act breaks several (clarification)

    @GEN-2 @SKIP-1 @LOG-1
    Scenario: A move by the skipped player breaks the record's turn order
      Given Ana holds red skip, red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red skip
      And Ben plays red 5
      Then the referee rules Ben's last move illegal under LOG-1

    @GEN-2 @TURN-3
    Scenario: Playing another card than the one just drawn is named by the turn's rule
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is red 1
      When Ana draws a card
      And Ana plays red 4
      Then the referee rules Ana's last move illegal under TURN-3

    @GEN-2 @START-6 @REV-2
    Scenario: The more specific rule is named for a partial dump on a turned-up Reverse
      Given Ana holds red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      And the card turned up is red reverse
      When Ana lays red 4 on the turned-up reverse
      Then the referee rules Ana's last move illegal under START-6

    @GEN-2 @UNO-3
    Scenario: A false catch is named by the UNO rule
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 and says UNO
      And Ben catches Ana
      Then the referee rules Ben's last move illegal under UNO-3
