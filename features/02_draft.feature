Feature: The draft
  There is no deal in UNO DUO: each player drafts a starting hand of seven cards.

  Player 1 shuffles the deck and places it face down in the centre. To pick, a player draws the top
  card and looks at it. To keep it, they put it in their hand and turn the next card face up onto the
  discard pile. To pass on it, they put it face up on the discard pile, draw the next card and keep
  that one: there is no second refusal. Cards on the discard pile can never be chosen. Player 2 picks
  the same way.

  After the draft each hand holds 7 cards and the discard pile 14. The discard pile is turned over and
  put face down under the draw pile. The player who drafts first alternates each round; in round 1 it
  is the winner of the cut. Within a round, "Player 1" is that round's first drafter and "Player 2"
  the other player.

  (clarification) The picks alternate, Player 1 first: seven picks each, fourteen in all. The source
  says only that Player 2 picks "the same way".
  (clarification) Turning a face-up pile over puts its oldest card on top, so the first card discarded
  in the draft is the first of those fourteen to be drawn again.

  Rule: DRAFT-1 Each player drafts seven cards instead of a deal

    @DRAFT-1 @DRAFT-6
    Scenario: Fourteen picks make two hands of seven
      Given Ana drafts first from a freshly shuffled deck
      When Ana and Ben complete the draft, keeping every card they draw
      Then the draft is over
      And Ana holds 7 cards
      And Ben holds 7 cards

    @DRAFT-1
    Scenario: There is no fifteenth pick
      Given Ana drafts first from a freshly shuffled deck
      And Ana and Ben complete the draft, keeping every card they draw
      When Ana makes a pick and keeps the card
      Then the referee rules that move illegal under DRAFT-1

  Rule: DRAFT-2 Player 1 shuffles the deck and places it face down

    @DRAFT-2
    Scenario: The draft takes the shuffled deck from the top
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with wild draw 4, red 0, blue 4 and yellow skip
      When Ana picks wild draw 4 and keeps it
      Then Ana holds wild draw 4
      And the top of the discard pile is red 0

    @DRAFT-2 @DECK-2 @LOG-3 @GEN-2
    Scenario: The shuffled deck must be the game's deck
      Given Ana drafts first from a freshly shuffled deck
      And the deck is shuffled with a second red 0 in place of one red 1
      When Ana makes a pick and keeps the card
      Then the referee rules the shuffled deck illegal under LOG-3

  Rule: DRAFT-3 Keep the card drawn, or pass it and keep the next

    Background:
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip

    @DRAFT-3
    Scenario: Keeping the card drawn sends the next card to the discard pile
      When Ana picks green 7 and keeps it
      Then Ana holds green 7
      And the discard pile holds 1 card
      And the top of the discard pile is red draw 2

    @DRAFT-3
    Scenario: Passing on the card drawn keeps the next one
      When Ana picks green 7, passes it and keeps red draw 2
      Then Ana holds red draw 2
      And the discard pile holds 1 card
      And the top of the discard pile is green 7

    @DRAFT-3 @LOG-2 @GEN-2
    Scenario: After passing there is no second refusal
      When Ana picks green 7, passes it and keeps blue 4
      Then the referee rules Ana's last pick illegal under LOG-2

  Rule: DRAFT-4 Cards on the discard pile can never be chosen

    @DRAFT-4
    Scenario: The next pick starts from the draw pile
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip
      When Ana picks green 7, passes it and keeps red draw 2
      And Ben picks blue 4 and keeps it
      Then the moves so far are legal
      And Ben holds blue 4

    @DRAFT-4
    Scenario: A passed card cannot be picked up again
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip
      When Ana picks green 7, passes it and keeps red draw 2
      And Ben picks green 7 and keeps it
      Then the referee rules Ben's last pick illegal under DRAFT-4

  Rule: DRAFT-5 Player 2 picks the same way; picks alternate, Player 1 first (clarification)

    Background:
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip

    @DRAFT-5
    Scenario: Player 1 picks, then Player 2, then Player 1 again
      When Ana picks green 7 and keeps it
      Then Ben makes the next pick
      When Ben picks blue 4, passes it and keeps yellow skip
      Then Ana makes the next pick
      And Ben holds yellow skip

    @DRAFT-5 @DRAFT-3
    Scenario: Each player picks the same way, keeping or passing
      Given the shuffled deck from the top begins with green 7, red draw 2, blue 4, yellow skip, red 1, blue 8, wild and green 2
      When the players pick as follows:
        | player | draws   | decision | keeps       |
        | Ana    | green 7 | keep     | green 7     |
        | Ben    | blue 4  | pass     | yellow skip |
        | Ana    | red 1   | pass     | blue 8      |
        | Ben    | wild    | keep     | wild        |
      Then the moves so far are legal
      And Ana holds green 7 and blue 8
      And Ben holds yellow skip and wild
      And the discard pile holds 4 cards
      And the top of the discard pile is green 2
      And Ana makes the next pick

    @DRAFT-5
    Scenario: Player 2 does not pick first
      When Ben picks green 7 and keeps it
      Then the referee rules Ben's last pick illegal under DRAFT-5

    @DRAFT-5
    Scenario: Nobody picks twice in a row
      When Ana picks green 7 and keeps it
      And Ana picks blue 4 and keeps it
      Then the referee rules Ana's last pick illegal under DRAFT-5

  Rule: DRAFT-6 Fourteen discards go under the draw pile, oldest first (clarification)

    Background:
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip

    @DRAFT-6 @DECK-1
    Scenario: After the draft the discards lie under the draw pile
      When Ana and Ben complete the draft, keeping every card they draw
      Then the draft is over
      And the discard pile holds 0 cards
      And the draw pile holds 98 cards

    @DRAFT-6 @DECK-1
    Scenario: The first card discarded in the draft is the first of them to come back
      Given Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile is turned up
      When Ben and Ana take turns drawing a card, 83 draws in all
      Then the draw pile holds 14 cards
      When Ana draws red draw 2
      And Ben draws yellow skip
      Then the moves so far are legal

    @DRAFT-6 @LOG-2 @GEN-2
    Scenario: The last discards of the draft come back last
      Given Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile is turned up
      When Ben and Ana take turns drawing a card, 83 draws in all
      And Ana draws yellow skip
      Then the referee rules Ana's last move illegal under LOG-2

    @DRAFT-6
    Scenario: No card is turned up before the draft is over
      When Ana picks green 7 and keeps it
      And the card turned up is blue 4
      Then the referee rules the turned-up card illegal under DRAFT-6

  Rule: DRAFT-7 The first drafter alternates each round

    Background:
      Given Ana went out of round 1, leaving Ben holding blue 5
      And round 2 is drafted from a freshly shuffled deck

    @DRAFT-7
    Scenario: Player 1 of round 1 is Player 2 of round 2
      Then Ana drafts first in round 2
      And Ana makes the next pick

    @DRAFT-7
    Scenario: The same player does not draft first twice running
      Given the record names Ben as the first drafter of round 2
      Then the referee rules round 2's first drafter illegal under DRAFT-7
