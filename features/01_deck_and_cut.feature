Feature: The deck and the cut
  UNO DUO is a game for two, with one deck of 112 cards. Before the first round the players cut the
  deck, and the higher card decides who drafts first in round 1.

  Rule: DECK-1 — Exactly two players; a 112-card UNO deck
    Exactly two players. The game uses a 112-card UNO deck.

    @DECK-1 @DRAFT-1 @DRAFT-6
    Scenario: Two players draft their hands from the 112 cards
      Given Ana drafts first from a freshly shuffled deck
      When Ana and Ben complete the draft, keeping every card they draw
      Then the draft is over
      And Ana holds 7 cards
      And Ben holds 7 cards
      And the draw pile holds 98 cards

  Rule: DECK-2 — The 112 cards; a Wild Custom plays and scores as a Wild (clarification)
    The source names a 112-card UNO deck but does not list its cards.
    Clarification: the 112 cards are, in each of red, yellow, green and blue, one 0, two each of 1 to
    9, two Skips, two Reverses and two Draw 2s (25 cards a colour, 100 in all); and four Wilds, four
    Wild Draw 4s and four Wild Customs, the blank "customizable" wilds of the 112-card deck. UNO DUO
    gives the Wild Custom no rule of its own, so it plays and scores exactly like a Wild. A variant
    may use the classic 108-card deck, which has no Wild Custom.

    Background:
      Given Ben drafted first this round: he is Player 1, and Ana is Player 2

    @DECK-2 @WILD-1
    Scenario: A Wild Custom is played like a Wild
      Given Ana holds wild custom, red 4 and green 7
      And Ben holds green 3 and red 5
      And the top of the discard pile is red 9
      When Ana plays wild custom choosing green
      Then Ben takes the next turn
      And the colour to play is green
      And Ben may play green 3
      And Ben may not play red 5

    @DECK-2 @SCORE-2 @SCORE-1
    Scenario: A Wild Custom left in hand scores like a Wild
      When Ana goes out of round 1, leaving Ben holding wild custom and wild
      Then Ben scores 30 points for the round

  Rule: CUT-1 — Whoever cuts the higher card drafts first and is Player 1
    Each player cuts the deck; whoever cuts the higher card drafts first and is Player 1.

    @CUT-1
    Scenario Outline: The higher number drafts first
      Given Ana cuts <ana> and Ben cuts <ben>
      Then <first> drafts first in round 1
      And <first> makes the next pick

      Examples:
        | ana    | ben      | first |
        | red 7  | green 5  | Ana   |
        | blue 2 | yellow 8 | Ben   |
        | red 0  | yellow 1 | Ben   |

      @CUT-2
      Examples: a card with a symbol cuts at 0
        | ana         | ben         | first |
        | red skip    | green 9     | Ben   |
        | yellow 9    | blue draw 2 | Ana   |
        | wild draw 4 | green 1     | Ben   |
        | red 1       | wild        | Ana   |

    @CUT-1
    Scenario: The lower cut does not draft first
      Given Ana cuts red 8 and Ben cuts green 3
      When Ben takes the place of Player 1 in round 1
      Then Ben may not draft first: Ana cut the higher card (CUT-1)

  Rule: CUT-2 — A number cuts at its face value, any other card at 0; equal cuts cut again (clarification)
    The source says only "the highest card".
    Clarification: classic UNO chooses its dealer the same way and says what is highest: the highest
    number, every card with a symbol (Skip, Reverse, Draw 2, Wild, Wild Draw 4, Wild Custom) counting
    as zero. So a number card cuts at its face value and any other card at 0. When the two cuts are
    equal (a Skip against a 0, a Wild against a Draw 2, two 7s), both players cut again.

    @CUT-2 @CUT-1
    Scenario: Equal cuts, so both cut again
      Given Ana cuts red 7 and Ben cuts green 7
      And Ana cuts yellow skip and Ben cuts blue 0
      And Ana cuts red 2 and Ben cuts wild draw 4
      Then Ana drafts first in round 1

    @CUT-2
    Scenario: After a tie nothing is decided: the players cut again
      Given Ana cuts wild and Ben cuts green draw 2
      Then the players must cut again

    @CUT-2 @CUT-1
    Scenario: A tie decides nothing, so the draft does not begin
      Given Ana cuts red skip and Ben cuts green 0
      When Ana takes the place of Player 1 in round 1
      Then round 1 may not begin: a tie decides nothing, and the players cut again (CUT-2)
