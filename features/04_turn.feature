Feature: A player's turn
  Most of a round is ordinary turns: a player plays a card that matches the top of the discard pile,
  or draws one. This chapter also says what happens when the draw pile runs out.

  In this chapter Ben drafted first, so he is Player 1 and Ana, Player 2, takes the first turn.

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
      Then the moves so far are legal

      Examples:
        | top                         | card           | play                         |
        | red 9                       | red 4          | red 4                        |
        | red 9                       | green 9        | green 9                      |
        | red skip                    | blue skip      | blue skip                    |
        | red reverse                 | yellow reverse | yellow reverse               |
        | red 9                       | wild           | wild choosing green          |
        | red 9                       | wild draw 4    | wild draw 4 choosing yellow  |
        | wild with blue chosen       | blue 3         | blue 3                       |
        | wild draw 4 with red chosen | red 3          | red 3                        |
        | red draw 2                  | green draw 2   | green draw 2                 |

      @DECK-2
      Examples: the Wild Custom of the 112-card deck plays like a Wild
        | top                         | card           | play                         |
        | green skip                  | wild custom    | wild custom choosing red     |

    @TURN-1
    Scenario Outline: A card that matches nothing may not be played
      Given Ana holds <card>, yellow 0 and blue 0
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is <top>
      When Ana plays <card>
      Then the referee rules Ana's last move illegal under TURN-1

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
      Then the moves so far are legal
      And Ana holds red 4, green 7 and blue 1
      And Ben takes the next turn

    @TURN-2 @TURN-3
    Scenario: A player may keep a playable card just drawn
      Given Ana holds green 7 and blue 2
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is red 1
      When Ana draws a card
      And Ben plays red 5
      Then the moves so far are legal
      And Ana holds green 7, blue 2 and red 1

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
      Then the moves so far are legal
      And Ben takes the next turn

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
      Then the referee rules Ana's last move illegal under TURN-3

    @TURN-3 @TURN-1 @GEN-2
    Scenario: A card drawn that cannot be played may not be played either
      Given the draw pile from the top is blue 1
      When Ana draws a card
      And Ana plays blue 1
      Then the referee rules Ana's last move illegal under TURN-1

    @TURN-3 @LOG-1 @GEN-2
    Scenario: After drawing a card that cannot be played, the turn is over
      Blue 1 cannot be played, so it joins Ana's hand and her turn ends: it is Ben's turn. A move out of
      turn is ruled on by LOG-1, the rule of whose turn it is (GEN-2).
      Given the draw pile from the top is blue 1
      When Ana draws a card
      And Ana plays red 4
      Then the referee rules Ana's last move illegal under LOG-1

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

    @TURN-4 @LOG-1 @GEN-2
    Scenario: Nobody takes two turns in a row without a card that says so
      After Ana's turn it is Ben's. The referee names LOG-1, the rule of whose turn it is (GEN-2: turn
      order is LOG-1's).
      When Ana plays red 4
      And Ana plays red 6
      Then the referee rules Ana's last move illegal under LOG-1

  Rule: REFILL-1 — An empty draw pile is refilled by turning the discards over (clarification)
    Whenever the draw pile is empty and a card must be drawn, set aside the top card of the discard
    pile, turn the rest of the discard pile over face down: that is the new draw pile; the set-aside
    card stays as the discard pile.
    Clarification: the source does not say to shuffle, so the pile is only turned over, its oldest
    card on top. That keeps every draw determined by what was played. (A variant may shuffle instead.)

    Background:
      Given Ana holds yellow 3, yellow 4 and red draw 2
      And Ben holds green 5 and blue 6
      And the discard pile from the bottom is blue 1, green 2 and red 9

    @REFILL-1
    Scenario: The discards are turned over and the top card stays
      Given the draw pile is empty
      When Ana draws blue 1
      Then the moves so far are legal
      And the top of the discard pile is red 9
      And the discard pile holds 1 card
      And the draw pile holds 1 card

    @REFILL-1 @D2-1
    Scenario: A draw of two runs through the end of the draw pile
      Given the draw pile holds only yellow 1
      When Ana plays red draw 2
      And Ben draws yellow 1 and blue 1
      Then the moves so far are legal
      And the top of the discard pile is red draw 2
      And the draw pile holds 2 cards
      And Ben holds green 5, blue 6, yellow 1 and blue 1

    @REFILL-1 @LOG-2 @GEN-2
    Scenario: The turned-over pile is not shuffled: its oldest card comes up first
      Blue 1, the oldest of the discards, is the top of the new draw pile; green 2 lies under it. A card
      drawn must be the next card of the draw pile, which is what LOG-2 rules on (GEN-2).
      Given the draw pile is empty
      When Ana draws green 2
      Then the referee rules Ana's last move illegal under LOG-2

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
      Then the moves so far are legal
      And Ben takes the next turn

    @REFILL-2 @D2-1 @D2-3 @REFILL-1
    Scenario: A Draw 2 with one card left to draw gives one
      When Ana plays red draw 2
      And Ben draws red 9
      Then the moves so far are legal
      And Ben holds 3 cards
      And Ana takes the next turn

    @REFILL-2 @LOG-4 @GEN-2 @REFILL-1
    Scenario: A draw is not short while a card can still be drawn
      Red 9 can still be drawn, once the discards are turned over. A draw of fewer cards than owed is
      ruled on by LOG-4, the rule of how many cards a draw takes (GEN-2).
      When Ana plays red draw 2
      And Ben draws nothing
      Then the referee rules Ben's last move illegal under LOG-4
