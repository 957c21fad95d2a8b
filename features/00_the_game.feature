Feature: The game of UNO DUO
  UNO DUO is UNO for two players, designed by Mark & Cristina Ball. This book is its rulebook. It opens
  with a page that holds the whole game, then tells one round from the cut to the score; the chapters
  that follow state each rule in the order of the source rulebook, with examples played out under it.

  Quick reference
  - The game: exactly two players and the 112-card UNO deck (DECK-1). Rounds are played until a player
    reaches 200 points; points are bad, so that player loses and the other wins (GAME-1, GAME-2).
  - The cut: before round 1 each player cuts the deck. The higher number drafts first; a card with a
    symbol counts as 0, and equal cuts are cut again (CUT-1, CUT-2).
  - The draft: nobody deals. The first drafter, Player 1 of the round, shuffles (DRAFT-2); the players
    pick in turn, Player 1 first, until each holds seven cards (DRAFT-1, DRAFT-5).
  - A pick: draw the top card and keep it, turning the next card face up onto the discard pile; or lay
    the card drawn face up on the discard pile and keep the next one instead (DRAFT-3). A card on the
    discard pile is never taken back (DRAFT-4).
  - After the draft: the fourteen discards go face down under the draw pile (DRAFT-6). Next round, the
    other player drafts first (DRAFT-7).
  - The turned-up card: the top card of the draw pile starts the discard pile (START-1), and Player 2
    takes the first turn (START-2). A Draw 2 turned up: Player 2 draws two and the turn passes
    (START-3). A Wild Draw 4: Player 2 draws four, with no challenge (START-4). A Skip: Player 1 begins
    instead (START-5). A Reverse: Player 2 may lay every card they hold of its colour (START-6). A
    Wild or a Wild Draw 4: Player 1 names the colour (START-7). A number: an ordinary first turn (START-8).
  - A turn: play one card that matches the top of the discard pile by colour, number or symbol, or a
    Wild on anything (TURN-1). Nobody has to play (TURN-2): instead, draw one card, and play that card
    at once if it matches, or keep it (TURN-3). Turns alternate unless a card says otherwise (TURN-4).
  - An empty draw pile: keep the top card of the discard pile and turn the rest over as the new draw
    pile (REFILL-1); when even that gives nothing, take what there is (REFILL-2).
  - Draw 2: the opponent draws two, or answers with a Draw 2 of their own: a volley. Whoever stops draws
    two for every Draw 2 laid, and the turn passes (D2-1, D2-2, D2-3).
  - Skip: its player takes another turn (SKIP-1).
  - Reverse: with it, lay every other card of its colour you hold (the dump), all or none, in the order
    you like; only the last card laid acts (REV-1, REV-2, REV-3, REV-4). The Reverse itself skips nobody (REV-5).
  - Wild: its player names the colour to play next (WILD-1).
  - Wild Draw 4: the opponent draws four, and its player names the colour and plays again (WD4-1,
    WD4-2). It may be played even with a matching card in hand: a bluff. The opponent may challenge
    instead of drawing: a bluff caught draws four, and a challenge lost draws six (WD4-3, WD4-4, WD4-5,
    WD4-6).
  - UNO: say "UNO" as you play your second-to-last card. Forget, and if the opponent says it before you
    do, you are caught and draw two (UNO-1, UNO-2, UNO-3).
  - The end of a round: the moment a player has played their last card. A last Draw 2 or Wild Draw 4 is
    still drawn (END-1, END-2).
  - Scoring: the player who went out scores 0; the other scores the cards left in their hand: a number
    its face, a Draw 2, Reverse or Skip 10, a Wild 15, a Wild Draw 4 20 (SCORE-1, SCORE-2).

  What differs from classic UNO
  - Two players only, and four blank Wild Customs in the deck, played and scored as Wilds (DECK-1,
    DECK-2).
  - No deal: each player drafts a hand, a pick at a time, and the cards laid face up during the draft
    go back under the draw pile (DRAFT-1, DRAFT-3, DRAFT-6).
  - A Reverse neither reverses nor skips: it lays all its colour with it, the dump (REV-1, REV-5). A
    turned-up Reverse offers that dump to the first player (START-6).
  - Draw 2s may be answered with Draw 2s, and the player who stops draws them all (D2-1, D2-3).
  - A Wild Draw 4 is a bluff if its player held any card that matched, by colour, number or symbol, not
    only one of the current colour (WD4-6).
  - Points are bad: the player left with cards scores them, a Draw 2, Reverse or Skip 10, a Wild 15, a
    Wild Draw 4 20, and whoever reaches 200 loses (SCORE-1, SCORE-2, GAME-2).

  The object of the game
  A game is played in rounds. In each round both players try to be the first to play every card in
  their hand. When one of them has, the other scores the points of the cards left in their own hand.
  Scores add up from round to round until a player reaches 200 points or more. That ends the game:
  the player who reached 200 loses, and the player with the lower score wins.

  The players and the cards
  UNO DUO is for exactly two players. It is played with the 112-card UNO deck: in each of the four
  colours (red, yellow, green and blue) one 0, two of each number from 1 to 9, two Skips, two
  Reverses and two Draw 2s; and, without a colour, four Wilds, four Wild Draw 4s and four Wild
  Customs (blank wilds).

  How to read an example
  The players are always Ana and Ben. Who drafted first is said once, at the head of a chapter or of
  an example: that player is Player 1 of the round, the other is Player 2. Cards are named in words:
  "red 4", "blue skip", "green reverse", "yellow draw 2", "wild", "wild draw 4", "wild custom".
  "Given" lays out the table (each hand, the top of the discard pile, the top of the draw pile) or
  tells what has already happened; "When" is the move the example is about; "Then" says what follows.
  Either the game goes on, and it says who plays next and what lies where; or the move was a mistake,
  and it says why, with the rule broken in brackets: "Ana may not play green 4: it matches neither red
  nor 9 (TURN-1)". A card an example does not name is a card its outcome does not depend on. Rules
  marked "(clarification)" are readings this book had to choose where the source is silent or
  unclear; their text says what they decide and why. Chapter 13 is for those who write a game down and
  want the record checked.

  Your first round
  One whole round, from the cut to the score, told step by step; each step is an example played out
  in full.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2

  @CUT-1 @DRAFT-5
  Scenario: The cut: Ben cuts the higher card and drafts first
    Given Ana cuts green 5 and Ben cuts red 7
    Then Ben drafts first in round 1
    And Ben makes the next pick

  @DRAFT-2 @DRAFT-3 @DRAFT-5
  Scenario: The draft: Ben keeps his first card, Ana passes hers
    Ben shuffles and picks first. He wants the blue skip he draws, so the card under it goes face up on
    the discard pile. Ana does not want yellow 9: it goes face up instead, and she must keep the card
    that follows.
    Given Ben drafts first from a freshly shuffled deck
    And the shuffled deck from the top begins with blue skip, red draw 2, yellow 9 and green 7
    When Ben picks blue skip and keeps it
    Then the top of the discard pile is red draw 2
    When Ana picks yellow 9, passes it and keeps green 7
    Then Ana holds green 7
    And the top of the discard pile is yellow 9
    And Ben makes the next pick

  @DRAFT-1 @DRAFT-6 @START-1 @START-2 @DECK-1
  Scenario: Seven cards each, a card turned up, and Ana begins
    The fourteen cards laid on the discard pile during the draft go under the draw pile; then its top
    card is turned up.
    Given Ben drafts first from a freshly shuffled deck
    When Ana and Ben complete the draft, keeping every card they draw
    Then Ana holds 7 cards
    And Ben holds 7 cards
    When the top card of the draw pile, green 8, is turned up
    Then the top of the discard pile is green 8
    And the draw pile holds 97 cards
    And Ana takes the next turn

  @TURN-1 @TURN-4 @START-8
  Scenario: Ana matches the colour, Ben the number
    Say the draft has given them these hands.
    Given Ana holds green 3, yellow 5, red 5, red reverse, red 2, blue draw 2 and wild
    And Ben holds yellow 3, red skip, red 6, blue 2, wild draw 4, green 6 and yellow 9
    And the card turned up is green 8
    When Ana plays green 3
    Then Ben takes the next turn
    When Ben plays yellow 3
    Then Ana takes the next turn
    And the colour to play is yellow

  @TURN-2 @TURN-3
  Scenario: Ben could play, but draws instead
    Nobody has to play. Ben keeps yellow 9 and his Wild Draw 4 for later, and draws; blue 9 does not
    match, so it stays in his hand and his turn is over.
    Given Ana holds yellow 5, red 5, red reverse, red 2, blue draw 2 and wild
    And Ben holds red skip, red 6, blue 2, wild draw 4, green 6 and yellow 9
    And the top of the discard pile is yellow 3
    And the draw pile from the top is blue 9
    When Ana plays yellow 5
    And Ben draws a card
    Then Ben holds red skip, red 6, blue 2, wild draw 4, green 6, yellow 9 and blue 9
    And Ana takes the next turn

  @SKIP-1 @TURN-1
  Scenario: Ben's Skip gives him another turn
    Given Ana holds red 5, red reverse, red 2, blue draw 2 and wild
    And Ben holds red skip, red 6, blue 2, wild draw 4, green 6, yellow 9 and blue 9
    And the top of the discard pile is yellow 5
    When Ana plays red 5
    And Ben plays red skip
    Then Ben takes the next turn
    When Ben plays red 6
    Then Ana takes the next turn

  @REV-1 @REV-2 @REV-5
  Scenario: Ana's Reverse takes her other red card along
    Given Ana holds red reverse, red 2, blue draw 2 and wild
    And Ben holds blue 2, wild draw 4, green 6, yellow 9 and blue 9
    And the top of the discard pile is red 6
    When Ana plays red reverse and lays red 2
    Then Ana holds blue draw 2 and wild
    And Ben takes the next turn
    When Ben plays blue 2
    Then Ana takes the next turn

  @D2-1 @D2-3 @UNO-1 @WD4-7
  Scenario: Ana's Draw 2 leaves her one card: she says UNO
    Ben has no Draw 2 to answer with, and a Wild Draw 4 does not answer a Draw 2: he draws the two.
    Given Ana holds blue draw 2 and wild
    And Ben holds wild draw 4, green 6, yellow 9 and blue 9
    And the top of the discard pile is blue 2
    And the draw pile from the top is green 1 and yellow 7
    When Ana plays blue draw 2 and says UNO
    Then Ana has said UNO
    And Ben must draw 2 cards
    When Ben draws 2 cards
    Then Ana takes the next turn

  @END-1 @SCORE-1 @SCORE-2 @GAME-1
  Scenario: Ana goes out, and Ben scores what he still holds
    Ben is left with 20 for the Wild Draw 4 and 32 for his numbers. Points are bad: next round Ana
    drafts first, and Ben, at 52, is a quarter of the way to losing.
    Given Ana holds wild
    And Ben holds wild draw 4, green 6, yellow 9, blue 9, green 1 and yellow 7
    And the top of the discard pile is blue draw 2
    When Ana plays wild choosing green
    Then the round is over and Ana went out
    And Ben scores 52 points for the round
    And the scores stand at Ana 0 and Ben 52
    And the game goes on

  Rule: GEN-1 — Where UNO DUO is silent, classic UNO applies, adapted to two players (clarification)
    UNO DUO varies classic UNO and does not restate it.
    Clarification: where UNO DUO is silent, the official rules of classic UNO apply, adapted to two
    players; where UNO DUO speaks, it wins over classic UNO. The source relies on classic UNO
    throughout (it never says, for instance, what a Wild played on a Wild does), so this book reads its
    silences the way a player who knows classic UNO would.

    @GEN-1 @TURN-1 @WILD-1
    Scenario: As in classic UNO, a Wild may be played on a Wild
      Given Ana holds wild, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is wild draw 4 with blue chosen
      When Ana plays wild choosing green
      Then the colour to play is green
      And Ben takes the next turn

    @GEN-1 @END-2 @D2-1
    Scenario: As in classic UNO, a Draw 2 that goes out is still drawn
      Given Ana holds red draw 2
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      Then Ben must draw 2 cards

    @GEN-1 @REV-5 @REV-1
    Scenario: Where UNO DUO speaks, it wins: its Reverse dumps a colour, where classic UNO's skips
      Classic UNO for two makes a Reverse act as a Skip. UNO DUO is not silent about the Reverse: it
      gives it a "very special ability" of its own, the dump (REV-1), and a Reverse does not give its
      player another turn (REV-5).
      Given Ana holds red reverse, red 4, green 7 and blue 2
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red reverse and lays red 4
      Then Ana holds green 7 and blue 2
      And Ben takes the next turn
