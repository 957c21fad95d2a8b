Feature: The turned-up card
  When the draft is over, one card is turned up to start the discard pile, and play begins. The player
  who did not draft first takes the first turn. An action card turned up acts on the first turn, each
  in its own way: a Draw 2 or a Wild Draw 4 is drawn by the first player, a Skip hands the first turn
  to Player 1, a Reverse offers the first player a dump of its colour, and a wild's colour is named by
  Player 1.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2

  Rule: START-1 — Turn up the top card of the draw pile; the first player completes its action
    Turn the top card of the draw pile face up to begin the game's discard pile. If it is an action
    card, its action is completed by the player who goes first.

    @START-1 @START-2 @DRAFT-1 @DECK-1
    Scenario: After the draft the top card of the draw pile is turned up
      Given Ben drafts first from a freshly shuffled deck
      And Ana and Ben complete the draft, keeping every card they draw
      When the top card of the draw pile, green 8, is turned up
      Then the top of the discard pile is green 8
      And the discard pile holds 1 card
      And the draw pile holds 97 cards
      And Ana takes the next turn

  Rule: START-2 — Player 2 goes first
    Player 2 (the player who did not draft first) goes first; so the first player also alternates each
    round.

    @START-2
    Scenario: The player who did not draft first takes the first turn
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the card turned up is red 9
      Then Ana takes the next turn
      When Ana plays red 4
      Then Ben takes the next turn

    @START-2 @DRAFT-7
    Scenario: The first player alternates each round too
      Given Ana went out of round 1, leaving Ben holding blue 5
      And the players begin round 2
      And Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the card turned up is red 9
      Then Ana is Player 1 of this round
      And Ben takes the next turn

  Rule: START-3 — A turned-up Draw 2: the first player draws two and their turn ends, with no volley (clarification)
    Turned-up Draw 2: the first player draws 2 and their turn ends.
    Clarification: they may not answer it with a Draw 2. A volley is Draw 2s played against each
    other, and nobody played the turned-up card.

    Background:
      Given Ana holds blue draw 2, red 4 and green 7
      And Ben holds red 5 and blue 6
      And the card turned up is red draw 2

    @START-3 @START-1
    Scenario: The first player draws two and their turn ends
      Then Ana must draw 2 cards
      When Ana draws 2 cards
      Then Ana holds 5 cards
      And Ben takes the next turn

    @START-3
    Scenario: A turned-up Draw 2 cannot be answered
      When Ana answers with blue draw 2
      Then Ana may not answer with blue draw 2: nobody played the turned-up Draw 2, so there is no volley (START-3)

  Rule: START-4 — A turned-up Wild Draw 4: the first player draws four, with no challenge
    Turned-up Wild Draw 4: the first player draws 4 and their turn ends. No challenge is possible
    (nobody played it).

    Background:
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the card turned up is wild draw 4, and Ben chooses green

    @START-4 @START-7
    Scenario: The first player draws four and their turn ends
      Then Ana must draw 4 cards
      When Ana draws 4 cards
      Then Ana holds 6 cards
      And Ben takes the next turn
      And the colour to play is green

    @START-4
    Scenario: Nobody played the turned-up Wild Draw 4, so nobody can be challenged
      When Ana challenges the wild draw 4
      Then Ana may not challenge: nobody played the turned-up Wild Draw 4 (START-4)

  Rule: START-5 — A turned-up Skip: Player 1 goes first instead
    Turned-up Skip: Player 1 goes first instead.

    Background:
      Given Ana holds green 5 and red 4
      And Ben holds green 3 and blue 6
      And the card turned up is green skip

    @START-5
    Scenario: Player 1 takes the first turn after a turned-up Skip
      Then Ben takes the next turn
      When Ben plays green 3
      Then Ana takes the next turn

  Rule: START-6 — A turned-up Reverse: the first player may play all their cards of its colour (clarification)
    Turned-up Reverse: on their first turn the first player may play all their cards of that colour
    (REV-2 to REV-4 apply, without a Reverse of their own).
    Clarification: if they hold none of that colour, or decline, they take an ordinary turn. The
    source offers the dump; it does not make it the only move.

    @START-6 @REV-4 @SKIP-1
    Scenario: The first player lays all their red cards on a turned-up red Reverse
      Given Ana holds red 4, red skip, green 7 and blue 2
      And Ben holds yellow 5 and blue 6
      And the card turned up is red reverse
      Then Ana may lay red 4 and red skip on the turned-up reverse
      When Ana lays red 4 then red skip on the turned-up reverse
      Then Ana holds green 7 and blue 2
      And the top of the discard pile is red skip
      And Ana takes the next turn

    @START-6 @REV-3 @REV-4
    Scenario: The cards may be laid in any order and only the last one acts
      Given Ana holds red 4, red skip, green 7 and blue 2
      And Ben holds yellow 5 and blue 6
      And the card turned up is red reverse
      When Ana lays red skip then red 4 on the turned-up reverse
      Then the top of the discard pile is red 4
      And Ben takes the next turn

    @START-6 @REV-4 @D2-1
    Scenario: A dump ending on a Draw 2 makes the opponent draw two or answer
      Given Ana holds red 4, red draw 2, green 7 and blue 2
      And Ben holds yellow draw 2 and blue 6
      And the card turned up is red reverse
      When Ana lays red 4 then red draw 2 on the turned-up reverse
      Then Ben must draw 2 cards or answer with a draw 2

    @START-6 @END-1 @SCORE-1 @SCORE-2
    Scenario: A dump may empty the first player's hand
      Given Ana holds red 4 and red 5
      And Ben holds yellow 5 and blue 6
      And the card turned up is red reverse
      When Ana lays red 4 then red 5 on the turned-up reverse
      Then the round is over and Ana went out
      And Ben scores 11 points for the round

    @START-6 @TURN-2 @TURN-3
    Scenario: The first player may decline and take an ordinary turn
      Ana holds two red cards and lays neither: she draws instead, and her turn ends.
      Given Ana holds red 4, red skip and green 7
      And Ben holds yellow 5 and blue 6
      And the card turned up is red reverse
      When Ana draws blue 1
      Then Ana holds red 4, red skip, green 7 and blue 1
      And Ben takes the next turn

    @START-6 @TURN-1
    Scenario: A first player with no card of that colour takes an ordinary turn
      Given Ana holds blue reverse and green 7
      And Ben holds yellow 5 and blue 6
      And the card turned up is red reverse
      When Ana plays blue reverse
      Then the top of the discard pile is blue reverse
      And Ben takes the next turn

    @START-6 @REV-2 @GEN-2
    Scenario: All or nothing on a turned-up Reverse
      Ana lays two of her red cards and keeps the third back: the dump takes all of them, or none.
      Given Ana holds red 4, red 6, red skip and green 7
      And Ben holds yellow 5 and blue 6
      And the card turned up is red reverse
      When Ana lays red 4 then red 6 on the turned-up reverse
      Then Ana may not keep red skip back: on a turned-up Reverse she lays all her red cards or none (START-6)

    @START-6 @REV-1 @GEN-2
    Scenario: Only cards of the Reverse's colour are laid on a turned-up Reverse
      Given Ana holds red 4, red skip, green 7 and blue 2
      And Ben holds yellow 5 and blue 6
      And the card turned up is red reverse
      When Ana lays red 4, red skip then green 7 on the turned-up reverse
      Then Ana may not lay green 7: only red cards go on the turned-up red Reverse (START-6)

  Rule: START-7 — A turned-up wild: Player 1 chooses the colour
    Turned-up Wild or Wild Draw 4 (or Wild Custom): Player 1 chooses the colour to be played.

    Background:
      Given Ana holds blue 3, red 5 and green 7
      And Ben holds yellow 5 and blue 6
      And the card turned up is wild, and Ben chooses blue

    @START-7 @START-2
    Scenario: Player 1 chooses the colour and Player 2 plays to it
      Then Ben is Player 1 of this round
      And Ana takes the next turn
      And the colour to play is blue
      And Ana may play blue 3
      And Ana may not play red 5
      When Ana plays blue 3
      Then Ben takes the next turn

    @START-7 @TURN-1 @GEN-2
    Scenario: The colour Player 1 chose must be followed
      When Ana plays red 5
      Then Ana may not play red 5: Ben chose blue (TURN-1)

  Rule: START-8 — A turned-up number card: an ordinary first turn
    Turned-up number card: the first player takes an ordinary first turn.

    @START-8
    Scenario Outline: Each kind of turned-up card and what the first player faces
      Given Ana holds green 3, red 4 and blue 2
      And Ben holds yellow 5 and green 6
      And the card turned up is <card>
      Then <outcome>
      And <effect>

      Examples: a number card
        | card                                | outcome                 | effect                                      |
        | green 7                             | Ana takes the next turn | Ana may play green 3                        |

      @START-3
      Examples: a Draw 2
        | card                                | outcome                 | effect                                      |
        | red draw 2                          | Ana must draw 2 cards   | the colour to play is red                   |

      @START-4 @START-7
      Examples: a Wild Draw 4
        | card                                | outcome                 | effect                                      |
        | wild draw 4, and Ben chooses yellow | Ana must draw 4 cards   | the colour to play is yellow                |

      @START-5
      Examples: a Skip
        | card                                | outcome                 | effect                                      |
        | green skip                          | Ben takes the next turn | Ben may play green 6                        |

      @START-6
      Examples: a Reverse
        | card                                | outcome                 | effect                                      |
        | green reverse                       | Ana takes the next turn | Ana may lay green 3 on the turned-up reverse |

      @START-7
      Examples: a Wild
        | card                                | outcome                 | effect                                      |
        | wild, and Ben chooses red           | Ana takes the next turn | Ana may play red 4                          |

      @START-7 @DECK-2
      Examples: a Wild Custom of the 112-card deck
        | card                                | outcome                 | effect                                      |
        | wild custom, and Ben chooses blue   | Ana takes the next turn | Ana may play blue 2                         |

    @START-8 @TURN-1
    Scenario: A turned-up number card starts an ordinary turn
      Given Ana holds green 3, red 4 and blue 2
      And Ben holds yellow 5 and blue 6
      And the card turned up is green 7
      When Ana plays green 3
      Then Ben takes the next turn
      And the top of the discard pile is green 3

    @START-8 @TURN-1 @GEN-2
    Scenario: The first player's ordinary turn follows the turned-up number card
      Given Ana holds green 3, red 4 and blue 2
      And Ben holds yellow 5 and blue 6
      And the card turned up is green 7
      When Ana plays red 4
      Then Ana may not play red 4: it matches neither green nor 7 (TURN-1)
