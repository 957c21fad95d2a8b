Feature: Reverse
  In UNO DUO a Reverse does not reverse anything: with two players there is no direction to turn
  around. Instead it lets its player lay every card of its colour along with it, a dump.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2
    And Ben holds blue draw 2, blue 5 and blue 6

  Rule: REV-1 — With a Reverse, play every card of its colour too
    A player who puts a Reverse on the discard pile may also play every card in their hand of that
    same colour.

    @REV-1 @REV-4 @SKIP-1
    Scenario: Ana plays her red Reverse and lays all her red cards
      Given Ana holds red reverse, red 4, red skip, green 7 and blue 2
      And the top of the discard pile is red 9
      When Ana plays red reverse and lays red 4 then red skip
      Then Ana holds green 7 and blue 2
      And the top of the discard pile is red skip
      And Ana takes the next turn

    @REV-1 @TURN-1
    Scenario: A Reverse played on a Reverse of another colour dumps its own colour
      Given Ana holds blue reverse, blue 3, red 4 and green 7
      And the top of the discard pile is red reverse
      When Ana plays blue reverse and lays blue 3
      Then Ana holds red 4 and green 7
      And the colour to play is blue

    @REV-1
    Scenario: A dump holds only cards of the Reverse's colour
      Given Ana holds red reverse, red 4, red skip, green 7 and blue 2
      And the top of the discard pile is red 9
      When Ana plays red reverse and lays red 4, red skip then green 7
      Then Ana may not lay green 7: a red Reverse lays only red cards (REV-1)

  Rule: REV-2 — All or nothing
    All or nothing: a player who lays a Reverse with cards of its colour (REV-1) may not play only some
    of those cards. Every card of that colour in their hand goes with it, or none.

    Background:
      Given Ana holds red reverse, red 4, red skip, green 7 and blue 2
      And the top of the discard pile is red 9

    @REV-2 @REV-1 @REV-4 @SKIP-1
    Scenario: All of the colour may be laid
      When Ana plays red reverse and lays red 4 then red skip
      Then Ana holds green 7 and blue 2
      And Ana takes the next turn

    @REV-2 @REV-5
    Scenario: The Reverse may be played alone
      When Ana plays red reverse
      Then Ana holds red 4, red skip, green 7 and blue 2
      And Ben takes the next turn

    @REV-2
    Scenario: Some of the colour may not be laid
      Red skip stays in Ana's hand, so the dump is not whole.
      When Ana plays red reverse and lays red 4
      Then Ana may not keep red skip back: a Reverse's dump takes every red card, or none (REV-2)

  Rule: REV-3 — The Reverse first, then the rest in the player's order
    Play the Reverse first, then lay the rest of that colour one at a time.
    Clarification: in an order of the player's choosing. The source says "one at a time" and names no
    order, so any order is allowed; the order matters, because the final card laid is the one that acts
    (REV-4).

    Background:
      Given the top of the discard pile is red 9

    @REV-3 @REV-1 @REV-4
    Scenario: Ana lays her red cards in the order she likes
      Given Ana holds red reverse, red 4, red skip, green 7 and blue 2
      When Ana plays red reverse and lays red skip then red 4
      Then the top of the discard pile is red 4
      And Ben takes the next turn

  Rule: REV-4 — Only the final card of a dump acts; wilds are never dumped (clarification)
    If the final card laid is an action card, the opponent must complete that action.
    Clarification: only the final card acts; action cards laid earlier in the dump have no effect, as
    the source makes "the final card laid" act. Wilds have no colour, so they are never part of a dump
    of "that same colour".

    Background:
      Given the top of the discard pile is red 9

    @REV-4 @REV-1 @D2-1
    Scenario: A dump ending on a Draw 2 makes the opponent draw two or answer
      Given Ana holds red reverse, red 4, red draw 2, green 7 and blue 2
      When Ana plays red reverse and lays red 4 then red draw 2
      Then Ben must draw 2 cards or answer with a draw 2

    @REV-4 @REV-1 @SKIP-1
    Scenario: A dump ending on a Skip gives its player another turn
      Given Ana holds red reverse, red 4, red skip, green 7 and blue 2
      When Ana plays red reverse and lays red 4 then red skip
      Then Ana takes the next turn

    @REV-4 @REV-1
    Scenario: An action card laid earlier in the dump has no effect
      Given Ana holds red reverse, red draw 2, red skip, red 4, green 7 and blue 2
      When Ana plays red reverse and lays red draw 2, red skip then red 4
      Then Ben takes the next turn

    @REV-4 @REV-1
    Scenario: A wild stays in hand when the colour is dumped
      Given Ana holds red reverse, red 4, wild, green 7 and blue 2
      When Ana plays red reverse and lays red 4
      Then Ana holds wild, green 7 and blue 2

    @REV-4
    Scenario: A wild is never part of a dump
      Given Ana holds red reverse, red 4, wild, green 7 and blue 2
      When Ana plays red reverse and lays red 4 then wild
      Then Ana may not lay wild: a wild has no colour, so it is never part of a dump (REV-4)

    @REV-4 @REV-1 @END-1 @SCORE-1 @SCORE-2
    Scenario: A dump may empty the hand and end the round
      Given Ana holds red reverse, red 4 and red 5
      When Ana plays red reverse and lays red 4 then red 5
      Then the round is over and Ana went out
      And Ben scores 21 points for the round

  Rule: REV-5 — A Reverse has no turn-order effect of its own (clarification)
    Clarification: after a Reverse (dump or not) the turn passes to the opponent, unless the final card
    laid is a Skip (its player goes again) or a Draw 2 (the opponent draws or answers). A Reverse played
    right after drawing it may dump too.
    Why, when classic UNO for two makes a Reverse act as a Skip, and GEN-1 brings in classic UNO
    wherever UNO DUO is silent: on the Reverse, UNO DUO is not silent. It gives the Reverse "a very
    special ability" of its own in place of classic UNO's: the dump. And a turned-up Reverse gives the
    first player that dump (START-6), where a turned-up Skip passes the first turn to Player 1
    (START-5). In UNO DUO a Reverse's action is the dump, and its own player completes it. The other
    reading, that a Reverse also skips, is left to a variant (see the variants of the rulebook).

    Background:
      Given the top of the discard pile is red 9

    @REV-5
    Scenario: After a Reverse the turn passes
      Given Ana holds red reverse, green 7 and blue 2
      When Ana plays red reverse
      Then Ben takes the next turn

    @REV-5 @REV-1 @TURN-3
    Scenario: A Reverse just drawn may be played with a dump
      Given Ana holds red 4, red 5, green 7 and blue 2
      And the draw pile from the top is red reverse
      When Ana draws a card
      Then Ana may keep red reverse or play it
      When Ana plays red reverse and lays red 5 then red 4
      Then Ana holds green 7 and blue 2
      And Ben takes the next turn
