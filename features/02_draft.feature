Feature: The draft
  In UNO DUO nobody deals: each player drafts their hand, a card at a time, from the top of the deck.
  A player who draws a card they do not want may pass it, but must then keep the next one. What one
  player passes lies face up on the discard pile, where neither can take it back. After the draft
  those cards go under the draw pile, to be drawn again late in the round.

  Rule: DRAFT-1 — Each player drafts a starting hand of seven cards, instead of a deal
    Instead of a deal, each player drafts a starting hand of seven cards.

    Background:
      Given Ana drafts first from a freshly shuffled deck

    @DRAFT-1
    Scenario: Fourteen picks make two hands of seven
      When Ana and Ben complete the draft, keeping every card they draw
      Then the draft is over
      And Ana holds 7 cards
      And Ben holds 7 cards

  Rule: DRAFT-2 — Player 1 shuffles the deck and places it face down in the centre
    Player 1 shuffles the deck and places it face down in the centre.

    @DRAFT-2 @DRAFT-3
    Scenario: The draft takes the shuffled deck from the top
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with wild draw 4, red 0, blue 4 and yellow skip
      When Ana picks wild draw 4 and keeps it
      Then Ana holds wild draw 4
      And the top of the discard pile is red 0
      And Ben makes the next pick

  Rule: DRAFT-3 — A pick: keep the card drawn, or pass it and keep the next
    A pick: draw the top card and look at it. To keep it, put it in hand and turn the next card face
    up onto the discard pile. To pass on it, put it face up on the discard pile, draw the next card,
    and keep that one (no second refusal).

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
      And Ben makes the next pick

  Rule: DRAFT-4 — Cards on the discard pile can never be chosen
    Cards on the discard pile can never be chosen.

    Background:
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip

    @DRAFT-4
    Scenario: The next pick starts from the draw pile
      When Ana picks green 7, passes it and keeps red draw 2
      And Ben picks blue 4 and keeps it
      Then Ben holds blue 4
      And Ana makes the next pick

    @DRAFT-4
    Scenario: A passed card cannot be picked up again
      When Ana picks green 7, passes it and keeps red draw 2
      And Ben picks green 7 and keeps it
      Then Ben may not pick green 7: Ana passed it, and a card on the discard pile is never chosen (DRAFT-4)

  Rule: DRAFT-5 — Player 2 picks the same way; picks alternate, Player 1 first (clarification)
    Player 2 picks the same way.
    Clarification: the picks alternate, Player 1 first: Player 1, Player 2, Player 1, Player 2 and so
    on, seven picks each, fourteen in all. This is a reading: the source says only that Player 2 "does
    the same", which could also mean seven picks of Player 2 after seven of Player 1. Alternating was
    chosen because the source describes a single pick, one card drawn and kept or passed, before it
    says that Player 2 does the same; and because it lets neither player see seven picks' worth of the
    deck before the other has chosen a card.

    Background:
      Given Ana drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4, yellow skip, red 1, blue 8, wild and green 2

    @DRAFT-5
    Scenario: Player 1 picks, then Player 2, then Player 1 again
      When Ana picks green 7 and keeps it
      Then Ben makes the next pick
      When Ben picks blue 4, passes it and keeps yellow skip
      Then Ana makes the next pick
      And Ben holds yellow skip

    @DRAFT-5 @DRAFT-3
    Scenario: Each player picks the same way, keeping or passing
      When the players pick as follows:
        | player | draws   | decision | keeps       |
        | Ana    | green 7 | keep     | green 7     |
        | Ben    | blue 4  | pass     | yellow skip |
        | Ana    | red 1   | pass     | blue 8      |
        | Ben    | wild    | keep     | wild        |
      Then Ana holds green 7 and blue 8
      And Ben holds yellow skip and wild
      And the discard pile holds 4 cards
      And the top of the discard pile is green 2
      And Ana makes the next pick

    @DRAFT-5
    Scenario: Player 2 does not pick first
      When Ben picks green 7 and keeps it
      Then Ben may not pick first: Ana, Player 1, makes the first pick (DRAFT-5)

    @DRAFT-5
    Scenario: Nobody picks twice in a row
      When Ana picks green 7 and keeps it
      And Ana picks blue 4 and keeps it
      Then Ana may not pick again: the next pick is Ben's (DRAFT-5)

  Rule: DRAFT-6 — Seven cards each; the fourteen discards go under the draw pile, oldest first (clarification)
    After the draft each hand holds 7 cards and the discard pile 14. The discard pile is turned over
    and put face down under the draw pile.
    Clarification: turning a face-up pile over puts its oldest card on top, so the first card
    discarded in the draft is the first of those fourteen to be drawn. The source says "turned over",
    not shuffled, and a pile turned over keeps its order.

    Background:
      Given Ana drafts first from a freshly shuffled deck

    @DRAFT-6 @DRAFT-1 @DECK-1
    Scenario: After the draft the discards lie under the draw pile
      When Ana and Ben complete the draft, keeping every card they draw
      Then the draft is over
      And the discard pile holds 0 cards
      And the draw pile holds 98 cards

    @DRAFT-6 @DRAFT-1 @DRAFT-3 @DRAFT-5 @START-1 @START-2 @TURN-3 @DECK-1
    Scenario: The fourteen cards discarded in the draft come back last, the first of them first
      Given the players pick as follows:
        | player | draws       | decision | keeps        | discards    |
        | Ana    | green 7     | keep     | green 7      | red draw 2  |
        | Ben    | blue 4      | pass     | yellow skip  | blue 4      |
        | Ana    | red 1       | keep     | red 1        | blue 8      |
        | Ben    | wild        | keep     | wild         | green 2     |
        | Ana    | yellow 5    | pass     | red 3        | yellow 5    |
        | Ben    | green 9     | keep     | green 9      | yellow 0    |
        | Ana    | blue reverse| keep     | blue reverse | red 6       |
        | Ben    | red 9       | pass     | blue 1       | red 9       |
        | Ana    | wild draw 4 | keep     | wild draw 4  | green 4     |
        | Ben    | yellow 2    | keep     | yellow 2     | blue 7      |
        | Ana    | red skip    | pass     | green 6      | red skip    |
        | Ben    | yellow 8    | keep     | yellow 8     | red 5       |
        | Ana    | blue draw 2 | keep     | blue draw 2  | yellow 3    |
        | Ben    | green 1     | pass     | wild custom  | green 1     |
      And the top card of the draw pile, red 8, is turned up
      And Ben and Ana take turns drawing a card, until the draw pile holds 14 cards
      When the round goes on as follows:
        | player | move                |
        | Ana    | draws red draw 2    |
        | Ben    | draws blue 4        |
        | Ana    | draws blue 8        |
        | Ben    | draws green 2       |
        | Ana    | draws yellow 5      |
        | Ben    | draws yellow 0      |
        | Ana    | draws red 6         |
        | Ben    | draws red 9         |
        | Ana    | draws green 4       |
        | Ben    | draws blue 7        |
        | Ana    | draws red skip      |
        | Ben    | draws red 5         |
        | Ana    | draws yellow 3      |
        | Ben    | draws green 1       |
      Then the draw pile holds 0 cards
      And Ana takes the next turn

  Rule: DRAFT-7 — The first drafter alternates each round; Player 1 is the round's first drafter
    The player who drafts first alternates each round (round 1: the cut winner). Within a round,
    "Player 1" means that round's first drafter and "Player 2" the other player.

    Background:
      Given Ben drafted first in round 1
      And Ana went out of round 1, leaving Ben holding blue 5
      And round 2 is drafted from a freshly shuffled deck

    @DRAFT-7
    Scenario: Player 2 of round 1 drafts first in round 2
      Then Ana drafts first in round 2
      And Ana makes the next pick

    @DRAFT-7
    Scenario: The same player does not draft first twice running
      When Ben takes the place of Player 1 in round 2
      Then Ben may not draft first: he drafted first in round 1, so Ana does in round 2 (DRAFT-7)
