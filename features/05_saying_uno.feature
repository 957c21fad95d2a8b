Feature: Saying UNO
  A player who plays their second-to-last card, by any play that leaves them exactly one card (a
  Reverse dump included), must say "UNO". If they fail to, and their opponent says "UNO" first, the
  forgetful player is caught and draws two cards.

  (clarification) The source does not say until when a forgetful player may still be caught. They may
  say UNO late, until caught: they stay catchable for as long as they hold that one card undeclared.
  UNO may be said only with the play that leaves exactly one card, or later by a catchable player; a
  catch is legal only against a catchable opponent. Anything else (a catch of a player who declared,
  UNO said with two cards left or with the last card) is an illegal entry in the record.
  (clarification) The source does not say when UNO may be said or called. Saying UNO and catching are
  interjections: they may come at any moment their conditions hold, even during the opponent's turn,
  and they neither take a turn nor end or pass one. The caught player's draw of two is the very next
  thing that happens.

  In these scenarios Ben drafted first, so Ana is Player 2 and takes the first turn.

  Background:
    Given Ben drafted first this round, so Ana takes the first turn
    And the top of the discard pile is red 9

  Rule: UNO-1 Playing the second-to-last card, say UNO

    @UNO-1
    Scenario: Ana says UNO as she plays her second-to-last card
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 and says UNO
      Then the moves so far are legal
      And Ana has said UNO
      And nobody may catch Ana
      And Ben takes the next turn

    @UNO-1 @REV-1
    Scenario: A Reverse dump that leaves one card calls for UNO too
      Given Ana holds red reverse, red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red reverse and lays red 4 then red 6 and says UNO
      Then the moves so far are legal
      And Ana has said UNO

  Rule: UNO-2 Caught without saying UNO: draw two

    Background:
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6

    @UNO-2
    Scenario: Ana forgets UNO, Ben catches her and she draws two
      When Ana plays red 4
      Then Ben may catch Ana
      When Ben catches Ana
      Then Ana must draw 2 cards
      When Ana draws 2 cards
      Then the moves so far are legal
      And Ana holds 3 cards
      And Ben takes the next turn

    @UNO-2 @LOG-4 @GEN-2
    Scenario: A caught player draws two, not one
      When Ana plays red 4
      And Ben catches Ana
      And Ana draws a card
      Then the referee rules Ana's last move illegal under LOG-4

  Rule: UNO-3 Late UNO until caught; a catch only of a catchable opponent (clarification)

    @UNO-3
    Scenario: A forgetful player may still say UNO late
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4
      And Ana says UNO
      Then the moves so far are legal
      And Ana has said UNO
      And nobody may catch Ana

    @UNO-3 @UNO-4
    Scenario: A forgetful player stays catchable after the opponent's turn
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      When Ana plays red 4
      And Ben plays red 5
      Then Ben may catch Ana
      When Ben catches Ana
      And Ana draws 2 cards
      Then the moves so far are legal
      And Ana takes the next turn

    @UNO-3
    Scenario: A player who said UNO late cannot be caught
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4
      And Ana says UNO
      And Ben catches Ana
      Then the referee rules Ben's last move illegal under UNO-3

    @UNO-3
    Scenario: A player who said UNO with the play cannot be caught
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 and says UNO
      And Ben catches Ana
      Then the referee rules Ben's last move illegal under UNO-3

    @UNO-3
    Scenario: A player with two cards left cannot be caught
      Given Ana holds red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4
      And Ben catches Ana
      Then the referee rules Ben's last move illegal under UNO-3

    @UNO-3
    Scenario: Nobody catches themselves
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4
      And Ana catches herself
      Then the referee rules Ana's last move illegal under UNO-3

    @UNO-3
    Scenario: UNO is not said with two cards left
      Given Ana holds red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 and says UNO
      Then the referee rules Ana's last move illegal under UNO-3

    @UNO-3
    Scenario: UNO is not said with the last card
      Given Ana holds red 4
      And Ben holds blue 5 and blue 6
      When Ana plays red 4 and says UNO
      Then the referee rules Ana's last move illegal under UNO-3

    @UNO-3
    Scenario: A late UNO needs one card held undeclared
      Given Ana holds red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4
      And Ana says UNO
      Then the referee rules Ana's last move illegal under UNO-3

  Rule: UNO-4 UNO and catches are interjections; the caught player's draw comes next (clarification)

    @UNO-4
    Scenario: A late UNO during the opponent's turn does not take a turn
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red 4
      And Ana says UNO
      Then Ben takes the next turn

    @UNO-4 @SKIP-1
    Scenario: A catch during the forgetful player's own turn leaves it hers
      Given Ana holds red skip and green 7
      And Ben holds blue 5 and blue 6
      When Ana plays red skip
      And Ben catches Ana
      And Ana draws 2 cards
      Then the moves so far are legal
      And Ana takes the next turn

    @UNO-4 @LOG-1 @GEN-2
    Scenario: Nothing comes between a catch and the caught player's draw
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      When Ana plays red 4
      And Ben catches Ana
      And Ben plays red 5
      Then the referee rules Ben's last move illegal under LOG-1
