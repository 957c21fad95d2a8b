Feature: The record of a game
  The referee rules on a written record of a game: who cut what, the shuffled deck or the position a
  round started from, every pick, every card played or drawn, every UNO and every catch, and the
  results the record claims. The rules of this chapter are not rules of the source but the conditions
  for a record to describe a game of UNO DUO at all; the referee names them like any rule.

  Which rule a ruling names
  When a move breaks several rules, the referee names the rule of the game whose text forbids that
  very move (GEN-2, chapter 0). A rule of this chapter is named only where no rule of the game speaks
  to the move: a move out of turn, a move of a kind the moment does not allow, a card the player does
  not hold, a draw of the wrong size, a wrong claim, a move after the round's end. Turn order and what
  a moment allows are LOG-1's, even where a card's rule implies them: a play other than a Draw 2 while
  a volley is owed, anything but a draw or a challenge after a Wild Draw 4, anything but the draw a
  catch or a challenge imposes, a move by the player who was skipped. The chapters of the game tell
  such a move in the game's words, and carry the rule of this chapter among the scenario's tags.

  The order of the checks
  Each entry of a record is checked in this order, and the first failure is the one named: (1) whose
  move it is and whether the moment allows a move of its kind (LOG-1, or the rule of the game that
  GEN-2 names for that move); (2) the card itself: is it in the player's hand, is it the next card of
  the draw pile, is there such a card left (LOG-2, LOG-3); (3) whether it may be played there (TURN-1,
  WD4-3 and the like); (4) sizes and claims (LOG-4, LOG-5). So a card the player does not hold, played
  while a volley is owed, is named LOG-1; and a card just drawn that matches nothing, played at once,
  is named TURN-1, never LOG-1.

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
      Then Ana takes the next turn

    @LOG-1
    Scenario: A player does not move out of turn
      When Ben plays red 5
      Then Ben may not play red 5: it is Ana's turn (LOG-1)

    @LOG-1 @START-6
    Scenario: A record lays cards on a turned-up Reverse only after one was turned up
      The record has Ana lay red 4 as on a turned-up Reverse, but no Reverse was turned up: red 9 tops
      the discard pile. That is a move of a kind the moment does not allow.
      When Ana lays red 4 on the turned-up reverse
      Then Ana may not lay red 4 as on a turned-up Reverse: none was turned up (LOG-1)

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
      Then Ana holds red 4, green 7 and blue 1

    @LOG-2
    Scenario: Nobody plays a card they do not hold
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 5
      Then Ana may not play red 5: she does not hold it (LOG-2)

    @LOG-2 @LOG-1 @GEN-2 @D2-1
    Scenario: A card not held, played while a Draw 2 is owed, is named for the moment, not for the hand
      Ben owes two cards: the moment allows him only a draw or a Draw 2. That check comes before the
      check that he holds the card he plays (the order of the checks), so LOG-1 is named, not LOG-2.
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds yellow 3 and yellow 4
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben plays red 8
      Then Ben may not play red 8: he owes two cards, and only a Draw 2 answers them (LOG-1)

    @LOG-2
    Scenario: Nobody draws a card from the middle of a known draw pile
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile holds only blue 1 and green 2
      When Ana draws green 2
      Then Ana may not draw green 2: blue 1 lies on top of the draw pile (LOG-2)

    @LOG-2 @START-1 @DRAFT-1
    Scenario: The card turned up is the top card of the draw pile, not any card
      Given Ben drafts first from a freshly shuffled deck
      And Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile after the draft is green 8
      When the card turned up is wild draw 4, and Ben chooses red
      Then wild draw 4 may not be turned up: green 8 is the top card of the draw pile (LOG-2)

    @LOG-2 @DRAFT-6 @DRAFT-1 @START-1 @DECK-1
    Scenario: The draft's discards come back in the order they were discarded
      With every card kept, red draw 2 was the first card discarded and yellow skip the second: once the
      draw pile is down to the draft's fourteen discards, red draw 2 comes up first.
      Given Ben drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip
      And Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile, red 8, is turned up
      When Ana and Ben take turns drawing a card, until the draw pile holds 14 cards
      And Ben draws yellow skip
      Then Ben may not draw yellow skip: red draw 2, the first card discarded in the draft, comes up first (LOG-2)

  Rule: LOG-3 — A given deck is the variant's deck; no card more often than the deck holds it
    A round's deck, when given, is exactly the variant's deck; and no card may appear more often than
    that deck holds it (DECK-2), counting hands, piles and every card named so far.

    @LOG-3 @DECK-2
    Scenario: Two copies of a red 5 may be in play
      Given Ana holds red 5 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 5
      Then Ben takes the next turn

    @LOG-3 @DECK-2
    Scenario: There is no third red 5
      Given Ana holds red 5 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana draws red 5
      Then Ana may not draw red 5: the deck holds two, and both are in the hands (LOG-3)

    @LOG-3 @DECK-2
    Scenario: There is only one red 0
      Given Ana holds red 0 and blue 5
      And Ben holds yellow 3
      And the top of the discard pile is green 9
      When Ana draws red 0
      Then Ana may not draw red 0: the deck holds one, and she holds it (LOG-3)

    @LOG-3 @DRAFT-2 @DECK-2
    Scenario: A deck with a card missing is not the game's deck
      Given Ben drafts first from a freshly shuffled deck
      When the deck is shuffled with a second wild in place of one wild draw 4
      Then that deck may not be drafted from: it holds five wilds and three wild draw 4s (LOG-3)

    @LOG-3 @DRAFT-2 @DECK-2
    Scenario: A deck with a card too many is not the game's deck
      Given Ben drafts first from a freshly shuffled deck
      When the deck is shuffled with a second red 0 in place of one red 1
      Then that deck may not be drafted from: it holds two red 0s and a single red 1 (LOG-3)

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
      Then Ana holds 3 cards

    @LOG-4 @TURN-3
    Scenario: An ordinary draw takes no more than one card
      When Ana draws 2 cards
      Then Ana may not draw 2 cards: an ordinary draw takes one (LOG-4)

    @LOG-4 @D2-1
    Scenario: A Draw 2 takes two cards, not three
      When Ana plays red draw 2
      And Ben draws 3 cards
      Then Ben may not draw 3 cards: a Draw 2 gives him two (LOG-4)

  Rule: LOG-5 — A claimed result must equal the referee's
    A result claimed in the record (a round's or the game's) must equal what the referee computes.

    @LOG-5 @SCORE-1 @SCORE-2
    Scenario: The record may claim the round's result
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 15
      Then Ben scores 15 points for the round

    @LOG-5 @SCORE-2
    Scenario: A miscounted round is ruled against
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 7
      Then the record may not claim 7 points for Ben: green 5 and red skip score 15 (LOG-5)

    @LOG-5 @SCORE-1
    Scenario: The record may not claim the points the wrong way round
      When Ana goes out of round 1, leaving Ben holding green 5, red skip and wild
      And the record claims round 1 ended with Ana out and Ben scoring 0
      Then the record may not claim 0 points for Ben: Ana went out, and Ben scores the cards he holds (LOG-5)

    @LOG-5 @GAME-1 @SCORE-2
    Scenario: Nobody wins the game before a player reaches 200
      Given Ana went out of round 1, leaving Ben holding wild draw 4 and red skip
      When the record claims Ana won the game, Ana 0 to Ben 30
      Then the record may not claim the game for Ana: nobody has reached 200 (LOG-5)

    @LOG-5 @GAME-1 @GAME-2 @SCORE-1 @SCORE-2
    Scenario: The record may claim the game's result
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      And Ben went out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild
      When the record claims Ben won the game, Ana 210 to Ben 95
      Then the game is over and Ben wins

    @LOG-5 @GAME-1 @GAME-2 @SCORE-1 @SCORE-2
    Scenario: The record may not claim the game for the player who reached 200
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      And Ben went out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild
      When the record claims Ana won the game, Ana 210 to Ben 95
      Then the record may not claim the game for Ana: she reached 200 first, so Ben wins (LOG-5)

  Rule: LOG-6 — Nothing after a round's end; only the last round may be unfinished
    Nothing may follow the end of a round within that round, and only the last round of a record may
    be unfinished.

    @LOG-6
    Scenario: An unfinished round may end the record
      Given Ana holds red 4, red 6 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then Ben takes the next turn

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
      Then round 2 may not begin: round 1 is not finished (LOG-6)

    @LOG-6 @END-1 @UNO-3
    Scenario: Nothing follows the last card within the round
      Given Ana holds red 4
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ana says UNO
      Then Ana may not say UNO: her last card ended the round (LOG-6)
