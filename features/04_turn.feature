Feature: A player's turn
  Most of a round is ordinary turns: a player plays a card that matches the top of the discard pile,
  or draws one. This chapter also says what happens when the draw pile runs out.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2

  Rule: TURN-1 — Play one card matching the top by colour, number or symbol; a wild on anything
    On their turn a player may play one card that matches the top card of the discard pile in colour,
    number, or action symbol (Skip on Skip, Reverse on Reverse, Draw 2 on Draw 2). A Wild or Wild Draw
    4 may be played on anything. A colour chosen for a wild on top counts as that card's colour.

    @TURN-1
    Scenario Outline: A card that matches the top of the discard pile may be played
      Given Ana holds <card>, yellow 0 and blue 0
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is <top>
      When Ana plays <play>
      Then <next>

      Examples:
        | top                         | card           | play                         | next                        |
        | red 9                       | red 4          | red 4                        | Ben takes the next turn     |
        | red 9                       | green 9        | green 9                      | Ben takes the next turn     |
        | red skip                    | blue skip      | blue skip                    | the colour to play is blue  |
        | red reverse                 | yellow reverse | yellow reverse               | the colour to play is yellow |
        | red 9                       | wild           | wild choosing green          | the colour to play is green |
        | red 9                       | wild draw 4    | wild draw 4 choosing yellow  | the colour to play is yellow |
        | wild with blue chosen       | blue 3         | blue 3                       | Ben takes the next turn     |
        | wild draw 4 with red chosen | red 3          | red 3                        | Ben takes the next turn     |
        | red draw 2                  | green draw 2   | green draw 2                 | the colour to play is green |

      @DECK-2
      Examples: the Wild Custom of the 112-card deck plays like a Wild
        | top                         | card           | play                         | next                        |
        | green skip                  | wild custom    | wild custom choosing red     | the colour to play is red   |

    @TURN-1
    Scenario Outline: A card that matches nothing may not be played
      Given Ana holds <card>, yellow 0 and blue 0
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is <top>
      When Ana plays <card>
      Then Ana may not play <card>: it does not match <top> (TURN-1)

      Examples:
        | top                   | card          |
        | red 9                 | green 4       |
        | red skip              | green reverse |
        | red draw 2            | blue skip     |
        | wild with blue chosen | red 5         |
        | green 4               | red 7         |

  Rule: TURN-2 — A player is never required to play
    A player is never required to play, even with a playable card.

    @TURN-2 @TURN-3
    Scenario: A player with a playable card may draw instead
      Given Ana holds red 4 and green 7
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is blue 1
      When Ana draws a card
      Then Ana holds red 4, green 7 and blue 1
      And Ben takes the next turn

    @TURN-2 @TURN-3
    Scenario: A player may keep a playable card just drawn
      Given Ana holds green 7 and blue 2
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is red 1
      When Ana draws a card
      And Ben plays red 5
      Then Ana holds green 7, blue 2 and red 1
      And Ana takes the next turn

  Rule: TURN-3 — Otherwise draw one card; only that card may then be played
    A player who does not (or cannot) play draws one card from the draw pile. If that card is
    playable they may play it — that card only. Otherwise, or if they choose not to, it joins their
    hand and their turn ends.

    Background:
      Given Ana holds red 4 and green 7
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is red 9

    @TURN-3
    Scenario: A playable card just drawn may be played at once
      Given the draw pile from the top is red 1
      When Ana draws a card
      Then Ana may keep red 1 or play it
      When Ana plays red 1
      Then Ben takes the next turn

    @TURN-3
    Scenario: A card drawn that cannot be played joins the hand and the turn ends
      Given the draw pile from the top is blue 1
      When Ana draws a card
      Then Ben takes the next turn
      And Ana holds 3 cards

    @TURN-3
    Scenario: After drawing, no other card may be played
      Given the draw pile from the top is red 1
      When Ana draws a card
      And Ana plays red 4
      Then Ana may not play red 4: after drawing, only the card drawn, red 1, may be played (TURN-3)

    @TURN-3 @TURN-1 @GEN-2
    Scenario: A card drawn that cannot be played may not be played either
      Given the draw pile from the top is blue 1
      When Ana draws a card
      And Ana plays blue 1
      Then Ana may not play blue 1: it matches neither red nor 9 (TURN-1)

  Rule: TURN-4 — Turns alternate unless a card says otherwise
    Turns alternate between the two players, except where a card says otherwise (Skip, Draw 2, Wild
    Draw 4, a volley).

    Background:
      Given Ana holds red 4, red 6 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9

    @TURN-4
    Scenario: Turns pass from one player to the other
      When Ana plays red 4
      Then Ben takes the next turn
      When Ben plays red 5
      Then Ana takes the next turn

  Rule: REFILL-1 — An empty draw pile is refilled by turning the discards over (clarification)
    Whenever the draw pile is empty and a card must be drawn, set aside the top card of the discard
    pile, turn the rest of the discard pile over face down: that is the new draw pile; the set-aside
    card stays as the discard pile.
    Clarification: the source says to turn the rest of the discard pile over, and says nothing of
    shuffling it, so it is only turned over: its oldest card comes up first, as when the draft's
    discards go under the draw pile (DRAFT-6). (A variant may shuffle instead.)

    Background:
      Given Ana holds yellow 3, yellow 4 and red draw 2
      And Ben holds green 5 and blue 6
      And the discard pile from the bottom is blue 1, green 2 and red 9

    @REFILL-1
    Scenario: The discards are turned over and the top card stays
      Given the draw pile is empty
      When Ana draws blue 1
      Then the top of the discard pile is red 9
      And the discard pile holds 1 card
      And the draw pile holds 1 card

    @REFILL-1 @D2-1
    Scenario: A draw of two runs through the end of the draw pile
      Given the draw pile holds only yellow 1
      When Ana plays red draw 2
      And Ben draws yellow 1 and blue 1
      Then the top of the discard pile is red draw 2
      And the draw pile holds 2 cards
      And Ben holds green 5, blue 6, yellow 1 and blue 1

  Rule: REFILL-2 — When no card can be drawn, the draw is short (clarification)
    Clarification: if no card can be drawn even after turning the discards over, the player takes
    what there is (possibly nothing) and the turn goes on as if they had drawn. The source does not
    say; ending the round or the game there would punish the player for the piles, not for their play.

    Background:
      Given Ana holds yellow 3, yellow 4 and red draw 2
      And Ben holds green 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile is empty

    @REFILL-2
    Scenario: A player who cannot draw takes nothing and the turn goes on
      When Ana draws nothing
      Then Ben takes the next turn

    @REFILL-2 @D2-1 @D2-3 @REFILL-1
    Scenario: A Draw 2 with one card left to draw gives one
      When Ana plays red draw 2
      And Ben draws red 9
      Then Ben holds 3 cards
      And Ana takes the next turn
