Feature: The record of a game
  The referee rules on a written record of a game: who cut what, the shuffled deck or the position a
  round started from, every pick, every card played or drawn, every UNO and every catch, and the
  results the record claims. The rules of this chapter are not rules of the source but the conditions
  for a record to describe a game of UNO DUO at all; the referee names them like any rule. Which of
  them a ruling names, rather than a rule of the game, is said in GEN-2 (chapter 0).

  In this chapter Ben drafted first, so he is Player 1 and Ana, Player 2, takes the first turn.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2

  Rule: LOG-1 — An event is made by the player to move, of a kind the moment allows
    An event is made by the player whose move it is, and is of a kind the moment allows (for instance
    no play while a volley total or a Wild Draw 4 is owed, other than a Draw 2 answer).

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

  Rule: LOG-2 — Cards played are held; cards taken are the next of the pile when known
    A card played or dumped must be in that player's hand; a card drawn, drafted or turned must be the
    next card of the draw pile whenever that card is known: always when the round's deck is given, and
    without a deck once the pile has reached the draft's discards (DRAFT-6) or a turned-over discard
    pile (REFILL-1). Under a shuffling variant, a refill order that is missing where a refill happens,
    present where none does, or not exactly the turned-over cards, breaks this rule too.

    @LOG-2
    Scenario: A card drawn from a known draw pile is its top card
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile holds only blue 1 and green 2
      When Ana draws blue 1
      Then the moves so far are legal
      And Ana holds red 4, green 7 and blue 1

    @LOG-2
    Scenario: Nobody plays a card they do not hold
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 5
      Then the referee rules Ana's last move illegal under LOG-2

    @LOG-2
    Scenario: Nobody draws a card from the middle of a known draw pile
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile holds only blue 1 and green 2
      When Ana draws green 2
      Then the referee rules Ana's last move illegal under LOG-2

    @LOG-2 @START-1 @DRAFT-1
    Scenario: The card turned up is the top card of the draw pile, not any card
      Given Ben drafts first from a freshly shuffled deck
      And Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile after the draft is green 8
      When the card turned up is wild draw 4, and Ben chooses red
      Then the referee rules the turned-up card illegal under LOG-2

    @LOG-2 @DRAFT-6 @DRAFT-1 @START-1 @DECK-1
    Scenario: The last discards of the draft come back last
      With every card kept, red draw 2 was the first card discarded and yellow skip the second: red draw
      2 is the next card once the draw pile is down to the draft's fourteen discards.
      Given Ben drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip
      And Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile, red 8, is turned up
      When Ana and Ben take turns drawing a card, until the draw pile holds 14 cards
      And Ben draws yellow skip
      Then the referee rules Ben's last move illegal under LOG-2

  Rule: LOG-3 — A given deck is the variant's deck; no card more often than the deck holds it
    A round's deck, when given, is exactly the variant's deck; and no card may appear more often than
    that deck holds it (DECK-2), counting hands, piles and every card named so far.

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

    @LOG-3 @DECK-2
    Scenario: There is only one red 0
      Given Ana holds red 0 and blue 5
      And Ben holds yellow 3
      And the top of the discard pile is green 9
      When Ana draws red 0
      Then the referee rules Ana's last move illegal under LOG-3

    @LOG-3 @DRAFT-2 @DECK-2
    Scenario: A deck with a card missing is not the game's deck
      Given Ben drafts first from a freshly shuffled deck
      And the deck is shuffled with a second wild in place of one wild draw 4
      When Ben makes a pick and keeps the card
      Then the referee rules the shuffled deck illegal under LOG-3

    @LOG-3 @DRAFT-2 @DECK-2
    Scenario: A deck with a card too many is not the game's deck
      Given Ben drafts first from a freshly shuffled deck
      And the deck is shuffled with a second red 0 in place of one red 1
      When Ben makes a pick and keeps the card
      Then the referee rules the shuffled deck illegal under LOG-3

  Rule: LOG-4 — A draw takes exactly what is owed, unless the piles run out
    A draw takes exactly the number of cards that is owed (one for an ordinary draw), unless the piles
    run out (REFILL-2).

    Background:
      Given Ana holds red draw 2 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9

    @LOG-4 @TURN-3
    Scenario: An ordinary draw takes one card
      When Ana draws a card
      Then the moves so far are legal
      And Ana holds 3 cards

    @LOG-4 @TURN-3
    Scenario: An ordinary draw takes no more than one card
      When Ana draws 2 cards
      Then the referee rules Ana's last move illegal under LOG-4

    @LOG-4 @D2-1
    Scenario: A Draw 2 takes two cards, not three
      When Ana plays red draw 2
      And Ben draws 3 cards
      Then the referee rules Ben's last move illegal under LOG-4

  Rule: LOG-5 — A claimed result must equal the referee's
    A result claimed in the record (a round's or the game's) must equal what the referee computes.

    @LOG-5 @SCORE-1 @SCORE-2
    Scenario: The record may claim the round's result
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 15
      Then the moves so far are legal

    @LOG-5 @SCORE-2
    Scenario: A miscounted round is ruled against
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 7
      Then the referee rules the claimed result of round 1 illegal under LOG-5

    @LOG-5 @SCORE-1
    Scenario: The record may not claim the points the wrong way round
      When Ana goes out of round 1, leaving Ben holding green 5, red skip and wild
      And the record claims round 1 ended with Ana out and Ben scoring 0
      Then the referee rules the claimed result of round 1 illegal under LOG-5

    @LOG-5 @GAME-1 @SCORE-2
    Scenario: Nobody wins the game before a player reaches 200
      Given Ana went out of round 1, leaving Ben holding wild draw 4 and red skip
      When the record claims Ana won the game, Ana 0 to Ben 30
      Then the referee rules the claimed game result illegal under LOG-5

    @LOG-5 @GAME-1 @GAME-2 @SCORE-1 @SCORE-2
    Scenario: The record may claim the game's result
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      And Ben went out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild
      When the record claims Ben won the game, Ana 210 to Ben 95
      Then the moves so far are legal
      And the game is over and Ben wins

    @LOG-5 @GAME-1 @GAME-2 @SCORE-1 @SCORE-2
    Scenario: The record may not claim the game for the player who reached 200
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      And Ben went out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild
      When the record claims Ana won the game, Ana 210 to Ben 95
      Then the referee rules the claimed game result illegal under LOG-5

  Rule: LOG-6 — Nothing after a round's end; only the last round may be unfinished
    Nothing may follow the end of a round within that round, and only the last round of a record may
    be unfinished.

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
      And the players begin round 2
      And Ana holds red 4 and green 7
      And Ben holds blue 5
      And the top of the discard pile is red 9
      Then the referee rules round 2 illegal under LOG-6

    @LOG-6 @END-1 @UNO-3
    Scenario: Nothing follows the last card within the round
      Given Ana holds red 4
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ana says UNO
      Then the referee rules Ana's last move illegal under LOG-6
