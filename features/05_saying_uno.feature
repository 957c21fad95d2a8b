Feature: Saying UNO
  A player about to be left with one card says "UNO". One who forgets may be caught by the opponent,
  and then draws two cards.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2
    And the top of the discard pile is red 9

  Rule: UNO-1 — Playing the second-to-last card, say UNO
    A player who plays their second-to-last card (any play that leaves them exactly one card,
    including a Reverse dump) must say "UNO".

    @UNO-1
    Scenario: Ana says UNO as she plays her second-to-last card
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 and says UNO
      Then Ana has said UNO
      And nobody may catch Ana
      And Ben takes the next turn

    @UNO-1 @REV-1
    Scenario: A Reverse dump that leaves one card calls for UNO too
      Given Ana holds red reverse, red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red reverse and lays red 4 then red 6 and says UNO
      Then Ana has said UNO

  Rule: UNO-2 — Caught without saying UNO: draw two
    If they fail to, and their opponent says "UNO" first (a catch), the forgetful player draws two
    cards.

    Background:
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6

    @UNO-2
    Scenario: Ana forgets UNO, Ben catches her and she draws two
      When Ana plays red 4 without saying UNO
      Then Ben may catch Ana
      When Ben catches Ana
      Then Ana must draw 2 cards
      When Ana draws 2 cards
      Then Ana holds 3 cards
      And Ben takes the next turn

  Rule: UNO-3 — Late UNO until caught; a catch only of a player who forgot (clarification)
    Clarification: the source does not say until when a forgetful player may still be caught. They may
    say UNO late, until they are caught: as long as they hold that one card and have not said UNO, they
    may be caught. UNO may be said only with the play that leaves exactly one card, or later by a player
    who forgot it; a catch is legal only against an opponent who holds one card and forgot to say UNO.
    Anything else is not a move of the game: a catch of a player who said UNO, UNO said with two cards
    left or with the last card. A caught player may not be caught again for that card, even when the
    piles gave them nothing to draw: "until caught" has happened.

    @UNO-3
    Scenario: A forgetful player may still say UNO late
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 without saying UNO
      And Ana says UNO
      Then Ana has said UNO
      And nobody may catch Ana

    @UNO-3 @UNO-4 @UNO-2
    Scenario: A forgetful player may still be caught after the opponent's turn
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      When Ana plays red 4 without saying UNO
      And Ben plays red 5
      Then Ben may catch Ana
      When Ben catches Ana
      And Ana draws 2 cards
      Then Ana takes the next turn

    @UNO-3
    Scenario: A player who said UNO late cannot be caught
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 without saying UNO
      And Ana says UNO
      And Ben catches Ana
      Then Ben may not catch Ana: she said UNO before he did (UNO-3)

    @UNO-3
    Scenario: A player who said UNO with the play cannot be caught
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 and says UNO
      And Ben catches Ana
      Then Ben may not catch Ana: she said UNO as she played red 4 (UNO-3)

    @UNO-3
    Scenario: A player with two cards left cannot be caught
      Given Ana holds red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4
      And Ben catches Ana
      Then Ben may not catch Ana: she still holds two cards (UNO-3)

    @UNO-3 @UNO-2 @REFILL-1 @REFILL-2
    Scenario: A caught player is not caught again, even when the piles gave her nothing to draw
      Ben's draw turns the discards over and takes the only card there was; when Ben then catches Ana,
      both piles are spent and she draws nothing. She still holds one card, but she has been caught.
      Given Ana holds wild and green 7
      And Ben holds blue 5 and blue 6
      And the draw pile is empty
      When Ana plays wild choosing blue without saying UNO
      And Ben draws red 9
      And Ben catches Ana
      And Ana draws nothing
      Then Ana holds green 7
      And nobody may catch Ana
      When Ben catches Ana
      Then Ben may not catch Ana again: she has been caught for that card (UNO-3)

  Rule: UNO-4 — Saying UNO and catching take no turn; the caught player's draw comes next (clarification)
    Clarification: the source does not say when UNO may be said or called. Saying UNO and catching may
    come at any moment their conditions hold, even during the opponent's turn, and they neither take a
    turn nor end or pass one: they are words, not plays. The caught player's draw of two is the very
    next thing that happens.

    @UNO-4
    Scenario: A late UNO during the opponent's turn does not take a turn
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 without saying UNO
      And Ana says UNO
      Then Ben takes the next turn

    @UNO-4 @SKIP-1 @UNO-2
    Scenario: A catch during the forgetful player's own turn leaves it hers
      Given Ana holds red skip and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red skip without saying UNO
      And Ben catches Ana
      And Ana draws 2 cards
      Then Ana takes the next turn
