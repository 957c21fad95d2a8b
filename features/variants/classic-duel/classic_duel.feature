Feature: Classic two-player UNO
  The variant classic-duel is classic UNO for two, played by this referee to show that the rules of
  UNO DUO are parameters, not code. It uses the classic 108-card deck and deals seven cards each instead
  of drafting; the cut decides who deals first, and the other player takes the first turn. A Reverse
  acts as a Skip: its player goes again. A Draw 2 cannot be answered, and a Reverse lays no other cards.
  The player who goes out scores the cards left in the opponent's hand: numbers at face value, Skip,
  Reverse and Draw 2 twenty, Wild and Wild Draw 4 fifty. The first player to reach 500 wins. A Wild
  Draw 4 is a bluff only when its player held a card of the current colour.

  Each rule below is one of UNO DUO's, by its id, as classic-duel changes it.

  Background:
    Given the game is played under the classic-duel variant

  Rule: DRAFT-1 — Changed: a deal of seven each instead of the draft
    UNO DUO (DRAFT-1): each player drafts a starting hand of seven cards instead of a deal. In
    classic-duel (start = deal): seven cards are dealt to each player.

    @DRAFT-1 @DECK-1
    Scenario: Seven cards are dealt to each player from the 108
      Given Ben deals first from a freshly shuffled deck
      Then Ana holds 7 cards
      And Ben holds 7 cards
      And the draw pile holds 94 cards

  Rule: REV-5 — Changed: a Reverse acts as a Skip
    UNO DUO (REV-5): a Reverse has no turn-order effect of its own. In classic-duel (reverse_skips =
    true): a Reverse acts as a Skip, and its player goes again.

    @REV-5
    Scenario: Ana plays a Reverse and goes again
      Given Ben dealt this round: he is Player 1, and Ana is Player 2
      And Ana holds red reverse, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red reverse
      Then Ana takes the next turn

  Rule: REV-1 — Changed: a Reverse lays no other cards
    UNO DUO (REV-1): with a Reverse, its player may play every card of its colour too. In classic-duel
    (reverse_dump = false): a Reverse is played alone.

    @REV-1
    Scenario: A Reverse lays no other cards
      Given Ben dealt this round: he is Player 1, and Ana is Player 2
      And Ana holds red reverse, red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red reverse and lays red 4
      Then Ana may not lay red 4: in classic-duel a Reverse is played alone (REV-1)

  Rule: D2-1 — Changed: a Draw 2 is drawn, never answered
    UNO DUO (D2-1): a Draw 2 is drawn unless answered with a Draw 2. In classic-duel (volley = false):
    the opponent draws two; there is no answer.

    @D2-1
    Scenario: Ben may not answer a Draw 2 with his own
      Given Ben dealt this round: he is Player 1, and Ana is Player 2
      And Ana holds red draw 2, red 4 and green 7
      And Ben holds blue draw 2 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      Then Ben may not answer with blue draw 2: in classic-duel a Draw 2 is drawn, never answered (D2-1)

  Rule: SCORE-1 — Changed: the player who goes out scores the opponent's cards
    UNO DUO (SCORE-1, SCORE-2): the player left with cards scores them. In classic-duel (scoring =
    opponent-hand, action cards 20, wilds 50): the player who went out scores the opponent's cards.

    @SCORE-1 @SCORE-2
    Scenario: Ana goes out and scores Ben's hand at classic values
      Given Ben dealt this round: he is Player 1, and Ana is Player 2
      And Ana holds red 4
      And Ben holds blue skip, wild and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then the round is over and Ana went out
      And Ana scores 76 points for the round
      And Ben scores 0 points for the round

  Rule: GAME-2 — Changed: the first to 500 wins
    UNO DUO (GAME-1, GAME-2): the game ends at 200, and who reaches it loses. In classic-duel
    (target_score = 500, reaching_target = wins): the first to reach 500 wins.

    @GAME-1 @GAME-2 @SCORE-1
    Scenario: Reaching 500 wins the game
      Given Ben dealt this round: he is Player 1, and Ana is Player 2
      And Ana holds red 4
      And Ben holds 4 × wild draw 4, 4 × wild, blue skip, blue reverse, blue draw 2, green skip and green reverse
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then Ana scores 500 points for the round
      And the game is over and Ana wins

    @GAME-1 @GAME-2 @SCORE-1
    Scenario: Below 500 the game goes on
      Given Ben dealt this round: he is Player 1, and Ana is Player 2
      And Ana holds red 4
      And Ben holds 4 × wild draw 4, 4 × wild, blue skip and blue reverse
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then Ana scores 440 points for the round
      And the game goes on
