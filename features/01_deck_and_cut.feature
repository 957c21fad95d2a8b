Feature: The deck and the cut
  UNO DUO is a game for exactly two players. It is played with a 112-card UNO deck: in each of red,
  yellow, green and blue there is one 0, two each of 1 to 9, two Skips, two Reverses and two Draw 2s;
  then four Wilds, four Wild Draw 4s and four Wild Customs.

  Before the first round each player cuts the deck. Whoever cuts the higher card drafts first and is
  Player 1.

  (clarification) The source names the 112-card deck but not its cards. We list them as the 112-card
  UNO deck holds them, and because UNO DUO gives the blank Wild Custom no rule of its own, it plays
  and scores exactly like a Wild.
  (clarification) The source says only "the highest card". Classic UNO chooses its dealer the same way
  and counts the highest number: a number card cuts at its face value, and every card with a symbol
  (Skip, Reverse, Draw 2 and the wilds) at 0. When both cuts are worth the same, both players cut again.

  Rule: DECK-1 Exactly two players, one 112-card deck

    @DECK-1
    Scenario: Two players sit down to a game
      Given Ben drafted first this round, so Ana takes the first turn
      And Ana holds red 4 and green 7
      And Ben holds blue 5
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then the moves so far are legal
      And Ben takes the next turn

    @DECK-1
    Scenario: A third player cannot join the game
      Given a third player, Cai, joins the table
      And Ana holds red 4
      And Ben holds blue 5
      And the top of the discard pile is red 9
      Then the referee refuses to judge the record, citing DECK-1 for the players

  Rule: DECK-2 The 112 cards, the Wild Custom playing as a Wild (clarification)

    @DECK-2
    Scenario: A Wild Custom is played like a Wild
      Given Ana holds wild custom, red 4 and green 7
      And Ben holds green 3 and red 5
      And the top of the discard pile is red 9
      When Ana plays wild custom choosing green
      Then the moves so far are legal
      And Ben takes the next turn
      And the colour to play is green
      And Ben may play green 3
      And Ben may not play red 5

    @DECK-2 @LOG-3 @GEN-2
    Scenario: There is only one red 0 in the deck
      Given Ana holds red 0 and blue 5
      And Ben holds yellow 3
      And the top of the discard pile is green 9
      When Ana draws red 0
      Then the referee rules Ana's last move illegal under LOG-3

    @DECK-2
    Scenario: The classic 108-card deck holds no Wild Custom
      Given the game is played with the classic 108-card deck
      And Ana holds red 4 and blue 5
      And Ben holds yellow 3
      And the top of the discard pile is green 9
      When Ana draws wild custom
      Then the referee rules Ana's last move illegal under DECK-2

  Rule: CUT-1 Whoever cuts the higher card drafts first

    @CUT-1 @CUT-2
    Scenario Outline: The higher cut drafts first
      Given Ana cuts <ana> and Ben cuts <ben>
      Then <first> drafts first in round 1
      And <first> makes the next pick

      Examples:
        | ana         | ben         | first |
        | red 7       | green 5     | Ana   |
        | blue 2      | yellow 8    | Ben   |
        | green 0     | yellow 1    | Ben   |
        | red skip    | green 9     | Ben   |
        | yellow 9    | blue draw 2 | Ana   |
        | wild        | red 3       | Ben   |
        | blue 1      | wild draw 4 | Ana   |
        | wild custom | green 4     | Ben   |

    @CUT-1
    Scenario: The record may not make the lower cut Player 1
      Given Ana cuts red 8 and Ben cuts green 3
      And the record names Ben as the first drafter of round 1
      Then the referee rules round 1's first drafter illegal under CUT-1

  Rule: CUT-2 A number cuts at its face value, any other card at 0; equal cuts cut again (clarification)

    @CUT-2
    Scenario: Equal cuts, so both cut again
      Given Ana cuts red 7 and Ben cuts green 7
      And Ana cuts yellow skip and Ben cuts blue reverse
      And Ana cuts blue 2 and Ben cuts wild draw 4
      Then Ana drafts first in round 1

    @CUT-2
    Scenario: A tie decides nothing, so no round may begin
      Given Ana cuts red skip and Ben cuts green draw 2
      Then the referee rules round 1 illegal under CUT-2

    @CUT-2
    Scenario: Nobody cuts again after a cut that decided
      Given Ana cuts red 8 and Ben cuts green 3
      And Ana cuts yellow 2 and Ben cuts blue 5
      Then the referee rules the second cut illegal under CUT-2
