Feature: Wild Draw 4
  The Wild Draw 4 is the strongest card: the opponent draws four, and its player picks the colour and
  plays again. Like any wild it may be played on any card, even by a player who holds a card that
  matches: that is a bluff. Unchallenged, a bluff stands like any Wild Draw 4. The opponent may doubt
  it and challenge instead of drawing: its player then shows their hand, and a bluff caught costs them
  four cards, while a challenge lost costs the challenger six.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2
    And the top of the discard pile is red 9

  Rule: WD4-1 — A Wild Draw 4: the opponent draws four
    When a Wild Draw 4 is played, the opponent must draw four cards.

    Background:
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5

    @WD4-1 @WD4-2 @WD4-3
    Scenario: Ben draws four
      When Ana plays wild draw 4 choosing green
      Then Ben must draw 4 cards or challenge
      When Ben draws 4 cards
      Then Ben holds 7 cards

  Rule: WD4-2 — Its player chooses the colour and takes another turn
    Its player chooses the colour to be played next and takes another turn.

    Background:
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5

    @WD4-2 @WD4-1
    Scenario: After Ben draws four, Ana plays again to her colour
      When Ana plays wild draw 4 choosing green
      And Ben draws 4 cards
      Then Ana takes the next turn
      And the colour to play is green
      When Ana plays green 7
      Then Ben takes the next turn

  Rule: WD4-3 — The player told to draw four may challenge instead
    Challenge: the player told to draw four may instead challenge, claiming the Wild Draw 4's player
    had a card they could have played. That player shows their hand.
    A Wild Draw 4 played while holding a card that matches is not forbidden: the rule of play lets a
    wild go on anything (TURN-1). It is a bluff, and only a challenge can catch it; a bluff nobody
    challenges stands, and the opponent draws four.

    @WD4-3
    Scenario: Ben may challenge the Wild Draw 4
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5
      When Ana plays wild draw 4 choosing green
      Then Ben may challenge

    @WD4-3 @WD4-1 @WD4-2 @WD4-6 @TURN-1
    Scenario: A bluff that nobody challenges stands
      Red 4 would have done on red 9, yet Ana lays her Wild Draw 4: a bluff. Ben does not doubt it and
      draws, so the Wild Draw 4 stands: he takes four cards and Ana plays again, to her colour.
      Given Ana holds wild draw 4, red 4 and green 7
      And Ben holds yellow 3, yellow 4 and blue 5
      When Ana plays wild draw 4 choosing green
      And Ben draws 4 cards
      Then Ben holds 7 cards
      And Ana takes the next turn
      And the colour to play is green

  Rule: WD4-4 — A challenge won: the Wild Draw 4's player draws four
    If they did have a playable card, they draw four cards instead (and the challenger draws none).

    Background:
      Given Ana holds wild draw 4, red 4 and green 7
      And Ben holds yellow 3, yellow 4 and blue 5

    @WD4-4 @WD4-3 @WD4-6 @WD4-7
    Scenario: Ana held a red card, so she draws four and Ben plays on
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then Ana must draw 4 cards
      When Ana draws 4 cards
      Then Ben holds 3 cards
      And Ben takes the next turn
      And the colour to play is green

  Rule: WD4-5 — A challenge lost: the challenger draws six
    If the Wild Draw 4 was played legitimately, the challenger draws SIX cards.

    Background:
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5

    @WD4-5 @WD4-3 @WD4-6 @WD4-7
    Scenario: Ana had nothing else to play, so Ben draws six and Ana goes again
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then Ben must draw 6 cards
      When Ben draws 6 cards
      Then Ben holds 9 cards
      And Ana takes the next turn

  Rule: WD4-6 — What "a card they could have played" means (clarification)
    Clarification: "a card they could have played" means any card, other than a Wild Draw 4, that
    matched the top of the discard pile by colour, number or symbol when the Wild Draw 4 was played,
    or a Wild or Wild Custom. A Wild Draw 4 played right after drawing it (TURN-3) is always
    legitimate: at that moment it was the only card its player could play. The source does not define
    the phrase, so this book takes the rule of play itself (TURN-1). A variant may use classic UNO's
    test instead (a card of the current colour only).

    Background:
      Given Ben holds yellow 3, yellow 4 and blue 5

    @WD4-6 @WD4-3 @WD4-4 @WD4-5
    Scenario Outline: Whether a card in hand makes the Wild Draw 4 a bluff
      Given Ana holds wild draw 4, <card> and green 7
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then <loser> must draw <cards> cards

      Examples:
        | card        | loser | cards |
        | red 4       | Ana   | 4     |
        | blue 9      | Ana   | 4     |
        | red skip    | Ana   | 4     |
        | wild        | Ana   | 4     |
        | wild draw 4 | Ben   | 6     |
        | yellow 3    | Ben   | 6     |

      @DECK-2
      Examples: a Wild Custom of the 112-card deck counts as a Wild
        | card        | loser | cards |
        | wild custom | Ana   | 4     |

    @WD4-6 @WD4-3 @WD4-5 @TURN-3
    Scenario: A Wild Draw 4 just drawn is always legitimate
      Given Ana holds red 4, green 7 and blue 2
      And the draw pile from the top is wild draw 4
      When Ana draws a card
      And Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      Then Ben must draw 6 cards

  Rule: WD4-7 — Who moves after a challenge; no Wild Draw 4 on a volley (clarification)
    Clarification: after a successful challenge the chosen colour stands and the challenger takes the
    next turn; after a failed one the challenger's turn ends and the Wild Draw 4's player goes again
    (WD4-2). The loser's draw is the very next thing that happens. A Wild Draw 4 may not answer a Draw 2
    volley. The source says what each loser draws, but not who moves next: the winner of a challenge is
    the one who plays on, as the Wild Draw 4 had promised its player.

    @WD4-7 @WD4-3 @WD4-4 @WD4-6
    Scenario: After a successful challenge the chosen colour stands and the challenger plays
      Given Ana holds wild draw 4, red 4 and green 7
      And Ben holds yellow 3, yellow 4 and blue 5
      When Ana plays wild draw 4 choosing yellow
      And Ben challenges the wild draw 4
      And Ana draws 4 cards
      And Ben plays yellow 3
      Then Ana takes the next turn

    @WD4-7 @D2-1 @D2-2
    Scenario: A Wild Draw 4 may not answer a Draw 2
      Given Ana holds red draw 2, green 7 and blue 2
      And Ben holds wild draw 4, yellow 3 and yellow 4
      When Ana plays red draw 2
      And Ben answers with wild draw 4 choosing yellow
      Then Ben may not answer with wild draw 4: only a Draw 2 answers a Draw 2 (WD4-7)
