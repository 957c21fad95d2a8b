Feature: The record of a game
  The referee rules on a written record of a game: who cut what, the shuffled deck or the position a
  round started from, every pick, every card played or drawn, every UNO and every catch, and the
  results the record claims. The rules of this chapter are not rules of the source but the conditions
  for a record to describe a game of UNO DUO at all; the referee names them like any rule.

  Which rule a ruling names
  When a move breaks several rules, the referee names the rule of the game whose text forbids that
  very move (GEN-2, the first rule of this chapter). A rule of the record is named only where no rule
  of the game speaks to the move: a move out of turn, a move of a kind the moment does not allow, a
  card the player does not hold, a draw of the wrong size, a wrong claim, a move after the round's
  end. Turn order and what a moment allows are LOG-1's, even where a card's rule implies them: a play
  other than a Draw 2 while a volley is owed, anything but a draw or a challenge after a Wild Draw 4,
  anything but the draw a catch or a challenge imposes, a move by the player who was skipped. Such
  moves are the mistakes of playing out of turn; the chapters of the game say whose turn it is, and
  this chapter shows each such move ruled, under the rule it breaks.

  The order of the checks
  Each entry of a record is checked in this order, and the first failure is the one named: (1) whose
  move it is and whether the moment allows a move of its kind (LOG-1, or the rule of the game that
  GEN-2 names for that move); (2) the card itself: is it in the player's hand, is it the next card of
  the draw pile, is there such a card left (LOG-2, LOG-3); (3) whether it may be played there (TURN-1,
  WD4-3 and the like); (4) sizes and claims (LOG-4, LOG-5). So a card the player does not hold, played
  while a volley is owed, is named LOG-1; and a card just drawn that matches nothing, played at once,
  is named TURN-1, never LOG-1.

  Background:
    Given Ben drafted first this round: he is Player 1, and Ana is Player 2

  Rule: GEN-2 — Which rule forbids a move that breaks several (clarification)
    The source says what may be done, not which of its rules a forbidden move breaks.
    Clarification: when a move breaks several rules, the rule named is the rule of the game whose text
    forbids that very move: TURN-1 for a card that matches nothing (even one just drawn), TURN-3 for
    playing another card than the one just drawn, REV-2 for a Reverse's dump that keeps a card of its
    colour back, START-3 for a Draw 2 laid on the turned-up Draw 2, WD4-7 for a Wild Draw 4 answering a
    volley, DRAFT-5 for a pick by the wrong player, UNO-3 for a false catch, GAME-2 for a round after
    the game has ended. Between two rules of the game, the more specific one is named (START-6 rather
    than REV-2 for a partial dump on the turned-up Reverse). Where no sentence of the game forbids the
    move, the rule named is one of the rules of keeping a record, below: for a move out of turn, or one
    the moment does not allow (a play while a draw is owed, a move by the player who was skipped), a
    card the player does not hold, a draw of the wrong number of cards, a wrong claim, a move after the
    round's end. Why: a ruling should point a player to the sentence of the rulebook they broke.
    Some moves are forbidden by a rule of the game and yet only a record can make them: a fifteenth
    pick, a catch of oneself, a third player, a second cut. They are shown here rather than in the
    chapters of the game, which keep to the mistakes a player could make at a table.

    @GEN-2 @TURN-1
    Scenario: A card that matches nothing breaks the rule of play
      Given Ana holds green 4 and blue 0
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays green 4
      Then Ana may not play green 4: it matches neither red nor 9 (TURN-1)

    @GEN-2 @TURN-1 @TURN-3
    Scenario: A card just drawn that matches nothing breaks the rule of play too
      Blue 1 may not be played because it matches nothing, which is what TURN-1 forbids; that Ana has
      just drawn it changes nothing.
      Given Ana holds red 4 and green 7
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is blue 1
      When Ana draws a card
      And Ana plays blue 1
      Then Ana may not play blue 1: it matches neither red nor 9 (TURN-1)

    @GEN-2 @START-6 @REV-2
    Scenario: The more specific rule is named for a partial dump on a turned-up Reverse
      A dump that keeps a card back breaks REV-2's all or nothing and START-6 alike; START-6 speaks of
      the turned-up Reverse, so it is the one named.
      Given Ana holds red 4, red 6, red skip and green 7
      And Ben holds blue 5 and blue 6
      And the card turned up is red reverse
      When Ana lays red 4 then red 6 on the turned-up reverse
      Then Ana may not keep red skip back: on a turned-up Reverse she lays all her red cards or none (START-6)

    @GEN-2 @UNO-3
    Scenario: A false catch breaks the UNO rule
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 and says UNO
      And Ben catches Ana
      Then Ben may not catch Ana: she said UNO as she played her second-to-last card (UNO-3)

    @GEN-2 @DECK-1
    Scenario: A third player cannot join the game
      Given Ana holds red 4
      And Ben holds blue 5
      And the top of the discard pile is red 9
      When a third player, Cai, joins the table
      Then Cai may not join the game: UNO DUO is for exactly two players (DECK-1)

    @GEN-2 @DECK-2
    Scenario: The classic 108-card deck holds no Wild Custom
      Given the game is played with the classic 108-card deck
      And Ana holds red 4 and blue 5
      And Ben holds yellow 3
      And the top of the discard pile is green 9
      When Ana draws wild custom
      Then Ana may not draw wild custom: the classic 108-card deck has no Wild Custom (DECK-2)

    @GEN-2 @CUT-2
    Scenario: Nobody cuts again after a cut that decided
      Given Ana cuts green 3 and Ben cuts red 8
      And Ana cuts yellow 5 and Ben cuts blue 2
      Then the players may not cut again: Ben's red 8 beat Ana's green 3 (CUT-2)

    @GEN-2 @DRAFT-1
    Scenario: There is no fifteenth pick
      Given Ben drafts first from a freshly shuffled deck
      And Ana and Ben complete the draft, keeping every card they draw
      When Ben makes a pick and keeps the card
      Then Ben may not make a fifteenth pick: the draft is over once both hold seven cards (DRAFT-1)

    @GEN-2 @DRAFT-6
    Scenario: No card is turned up before the draft is over
      Given Ben drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip
      When Ben picks green 7 and keeps it
      And the card turned up is blue 4
      Then blue 4 may not be turned up: the draft is not over (DRAFT-6)

    @GEN-2 @START-1 @DRAFT-1
    Scenario: Play does not begin before a card is turned up
      Given Ben drafts first from a freshly shuffled deck
      And Ana and Ben complete the draft, keeping every card they draw
      When Ana draws a card
      Then Ana may not draw: no card is turned up yet, so play has not begun (START-1)

    @GEN-2 @UNO-3
    Scenario: Nobody catches themselves
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 without saying UNO
      And Ana catches herself
      Then Ana may not catch herself: only her opponent can catch her (UNO-3)

    @GEN-2 @UNO-3
    Scenario: UNO is not said with two cards left
      Given Ana holds red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 and says UNO
      Then Ana may not say UNO with red 4: it leaves her two cards (UNO-3)

    @GEN-2 @UNO-3
    Scenario: UNO is not said with the last card
      Given Ana holds red 4
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 and says UNO
      Then Ana may not say UNO with her last card: UNO goes with the second-to-last (UNO-3)

    @GEN-2 @UNO-3
    Scenario: A late UNO needs one card, held without having said UNO
      Given Ana holds red 4, red 6 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ana says UNO
      Then Ana may not say UNO: she still holds two cards (UNO-3)

  Rule: LOG-1 — An event is made by the player to move, of a kind the moment allows
    An event is made by the player whose move it is, and is of a kind the moment allows (for instance
    no play while a volley total or a Wild Draw 4 is owed, other than a Draw 2 answer).
    At a table these are the mistakes of playing out of turn, or of playing when a draw is owed; the
    chapters of the game say whose turn it is, and the examples here show each such move ruled.

    @LOG-1
    Scenario: The player whose turn it is plays
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ben plays red 5
      Then Ana takes the next turn

    @LOG-1
    Scenario: A player does not move out of turn
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ben plays red 5
      Then Ben may not play red 5: it is Ana's turn (LOG-1)

    @LOG-1 @START-6
    Scenario: A record lays cards on a turned-up Reverse only after one was turned up
      The record has Ana lay red 4 as on a turned-up Reverse, but no Reverse was turned up: red 9 tops
      the discard pile. That is a move of a kind the moment does not allow.
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana lays red 4 on the turned-up reverse
      Then Ana may not lay red 4 as on a turned-up Reverse: none was turned up (LOG-1)

    @LOG-1 @GEN-2 @SKIP-1
    Scenario: The skipped player may not move
      The Skip gives Ana another turn. No sentence of the game forbids Ben's play, only the turn order
      that every game keeps.
      Given Ana holds red skip, red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red skip
      And Ben plays red 5
      Then Ben may not play red 5: Ana's Skip gave her another turn (LOG-1)

    @LOG-1 @GEN-2 @START-2
    Scenario: Player 1 does not take the first turn
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the card turned up is red 9
      When Ben plays red 5
      Then Ben may not play red 5: Ana, Player 2, takes the first turn (LOG-1)

    @LOG-1 @GEN-2 @START-5
    Scenario: Player 2 is skipped by the turned-up Skip
      Given Ana holds green 5 and red 4
      And Ben holds green 3 and blue 6
      And the card turned up is green skip
      When Ana plays green 5
      Then Ana may not play green 5: the turned-up Skip makes Ben, Player 1, the first to play (LOG-1)

    @LOG-1 @GEN-2 @START-6
    Scenario: The dump belongs to the first player's first turn only
      Given Ana holds red 4, red skip and green 7
      And Ben holds red 5, red 6 and blue 6
      And the card turned up is red reverse
      When Ana plays red 4
      And Ben lays red 5 then red 6 on the turned-up reverse
      Then Ben may not lay his red cards together: the turned-up Reverse offers its dump to the first player's first turn only (LOG-1)

    @LOG-1 @GEN-2 @TURN-3
    Scenario: After drawing a card that cannot be played, the turn is over
      Given Ana holds red 4 and green 7
      And Ben holds yellow 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile from the top is blue 1
      When Ana draws a card
      And Ana plays red 4
      Then Ana may not play red 4: blue 1 could not be played, so it joined her hand and her turn ended (LOG-1)

    @LOG-1 @GEN-2 @TURN-4
    Scenario: Nobody takes two turns in a row without a card that says so
      Given Ana holds red 4, red 6 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ana plays red 6
      Then Ana may not play red 6: after her turn it is Ben's (LOG-1)

    @LOG-1 @GEN-2 @UNO-4 @UNO-2
    Scenario: Nothing comes between a catch and the caught player's draw
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 without saying UNO
      And Ben catches Ana
      And Ben plays red 5
      Then Ben may not play red 5: after his catch, Ana's draw of two comes first (LOG-1)

    @LOG-1 @GEN-2 @D2-2 @D2-1
    Scenario: Only a Draw 2 answers a volley
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, wild draw 4, yellow 3 and yellow 4
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben plays yellow 3
      Then Ben may not play yellow 3: he owes two cards, and only a Draw 2 answers them (LOG-1)

    @LOG-1 @GEN-2 @D2-3 @D2-1
    Scenario: Drawing the total ends the turn
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, yellow 3 and yellow 4
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      And Ana draws 4 cards
      And Ana plays green 7
      Then Ana may not play green 7: drawing the four ended her turn (LOG-1)

    @LOG-1 @GEN-2 @REV-5
    Scenario: A Reverse does not give its player another turn
      Given Ana holds red reverse, green 7 and blue 2
      And Ben holds blue draw 2, blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red reverse
      And Ana plays blue 2
      Then Ana may not play blue 2: after her Reverse it is Ben's turn (LOG-1)

    @LOG-1 @GEN-2 @WILD-1
    Scenario: After a Wild the turn passes to the opponent
      Given Ana holds wild, red 4 and green 7
      And Ben holds blue 5, red 5 and yellow 6
      And the top of the discard pile is red 9
      When Ana plays wild choosing green
      And Ana plays green 7
      Then Ana may not play green 7: her Wild passed the turn to Ben (LOG-1)

    @LOG-1 @GEN-2 @WD4-1
    Scenario: The opponent does not play instead of drawing
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5
      And the top of the discard pile is red 9
      When Ana plays wild draw 4 choosing yellow
      And Ben plays yellow 3
      Then Ben may not play yellow 3: after a Wild Draw 4 he draws four or challenges (LOG-1)

    @LOG-1 @GEN-2 @WD4-2 @WD4-1
    Scenario: The player who drew four does not move next
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5
      And the top of the discard pile is red 9
      When Ana plays wild draw 4 choosing yellow
      And Ben draws 4 cards
      And Ben plays yellow 3
      Then Ben may not play yellow 3: the Wild Draw 4 gave Ana another turn (LOG-1)

    @LOG-1 @GEN-2 @WD4-3
    Scenario: There is nothing to challenge without a Wild Draw 4
      Given Ana holds wild, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5
      And the top of the discard pile is red 9
      When Ana plays wild choosing green
      And Ben challenges the wild draw 4
      Then Ben may not challenge: a challenge answers a Wild Draw 4, and Ana played a Wild (LOG-1)

    @LOG-1 @GEN-2 @WD4-7 @WD4-3 @WD4-4 @WD4-6
    Scenario: The loser's draw comes first
      Given Ana holds wild draw 4, red 4 and green 7
      And Ben holds yellow 3, yellow 4 and blue 5
      And the top of the discard pile is red 9
      When Ana plays wild draw 4 choosing yellow
      And Ben challenges the wild draw 4
      And Ben plays yellow 3
      Then Ben may not play yellow 3: after his challenge, Ana's draw of four comes first (LOG-1)

  Rule: LOG-2 — Cards played are held; cards taken are the next of the pile when known
    A card played or dumped must be in that player's hand; a card drawn, drafted or turned must be the
    next card of the draw pile whenever that card is known: always when the round's deck is given, and
    without a deck once the pile has reached the draft's discards (DRAFT-6) or a turned-over discard
    pile (REFILL-1). Under a shuffling variant, a refill order that is missing where a refill happens,
    present where none does, or not exactly the turned-over cards, breaks this rule too.

    @LOG-2
    Scenario: A card drawn from a known draw pile is its top card
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile holds only blue 1 and green 2
      When Ana draws blue 1
      Then Ana holds red 4, green 7 and blue 1

    @LOG-2
    Scenario: Nobody plays a card they do not hold
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 5
      Then Ana may not play red 5: she does not hold it (LOG-2)

    @LOG-2 @LOG-1 @GEN-2 @D2-1
    Scenario: A card not held, played while a Draw 2 is owed, is named for the moment, not for the hand
      Ben owes two cards: the moment allows him only a draw or a Draw 2. That check comes before the
      check that he holds the card he plays (the order of the checks), so LOG-1 is named, not LOG-2.
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds yellow 3 and yellow 4
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben plays red 8
      Then Ben may not play red 8: he owes two cards, and only a Draw 2 answers them (LOG-1)

    @LOG-2
    Scenario: Nobody draws a card from the middle of a known draw pile
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile holds only blue 1 and green 2
      When Ana draws green 2
      Then Ana may not draw green 2: blue 1 lies on top of the draw pile (LOG-2)

    @LOG-2 @START-1 @DRAFT-1
    Scenario: The card turned up is the top card of the draw pile, not any card
      Given Ben drafts first from a freshly shuffled deck
      And Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile after the draft is green 8
      When the card turned up is wild draw 4, and Ben chooses red
      Then wild draw 4 may not be turned up: green 8 is the top card of the draw pile (LOG-2)

    @LOG-2 @DRAFT-6 @DRAFT-1 @START-1 @DECK-1
    Scenario: The draft's discards come back in the order they were discarded
      With every card kept, red draw 2 was the first card discarded and yellow skip the second: once the
      draw pile is down to the draft's fourteen discards, red draw 2 comes up first.
      Given Ben drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip
      And Ana and Ben complete the draft, keeping every card they draw
      And the top card of the draw pile, red 8, is turned up
      When Ana and Ben take turns drawing a card, until the draw pile holds 14 cards
      And Ben draws yellow skip
      Then Ben may not draw yellow skip: red draw 2, the first card discarded in the draft, comes up first (LOG-2)

    @LOG-2 @GEN-2 @DRAFT-3
    Scenario: After passing there is no second refusal
      Ben passed green 7, so he keeps the next card, red draw 2. At the table he could not take blue 4
      instead: the deck lies face down, and the card he draws is the next one. Only a record can say
      he kept blue 4.
      Given Ben drafts first from a freshly shuffled deck
      And the shuffled deck from the top begins with green 7, red draw 2, blue 4 and yellow skip
      When Ben picks green 7, passes it and keeps blue 4
      Then Ben may not keep blue 4: after passing green 7 he keeps the next card, red draw 2 (LOG-2)

    @LOG-2 @GEN-2 @REFILL-1
    Scenario: The turned-over pile is not shuffled: its oldest card comes up first
      Blue 1, the oldest of the discards, is the top of the new draw pile; green 2 lies under it.
      Given Ana holds yellow 3, yellow 4 and red draw 2
      And Ben holds green 5 and blue 6
      And the discard pile from the bottom is blue 1, green 2 and red 9
      And the draw pile is empty
      When Ana draws green 2
      Then Ana may not draw green 2: the turned-over pile gives blue 1 first (LOG-2)

  Rule: LOG-3 — A given deck is the variant's deck; no card more often than the deck holds it
    A round's deck, when given, is exactly the variant's deck; and no card may appear more often than
    that deck holds it (DECK-2), counting hands, piles and every card named so far.

    @LOG-3 @DECK-2
    Scenario: Two copies of a red 5 may be in play
      Given Ana holds red 5 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 5
      Then Ben takes the next turn

    @LOG-3 @DECK-2
    Scenario: There is no third red 5
      Given Ana holds red 5 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana draws red 5
      Then Ana may not draw red 5: the deck holds two, and both are in the hands (LOG-3)

    @LOG-3 @DECK-2
    Scenario: There is only one red 0
      Given Ana holds red 0 and blue 5
      And Ben holds yellow 3
      And the top of the discard pile is green 9
      When Ana draws red 0
      Then Ana may not draw red 0: the deck holds one, and she holds it (LOG-3)

    @LOG-3 @DRAFT-2 @DECK-2
    Scenario: A deck with a card missing is not the game's deck
      Given Ben drafts first from a freshly shuffled deck
      When the deck is shuffled with a second wild in place of one wild draw 4
      Then that deck may not be drafted from: it holds five wilds and three wild draw 4s (LOG-3)

    @LOG-3 @DRAFT-2 @DECK-2
    Scenario: A deck with a card too many is not the game's deck
      Given Ben drafts first from a freshly shuffled deck
      When the deck is shuffled with a second red 0 in place of one red 1
      Then that deck may not be drafted from: it holds two red 0s and a single red 1 (LOG-3)

  Rule: LOG-4 — A draw takes exactly what is owed, unless the piles run out
    A draw takes exactly the number of cards that is owed (one for an ordinary draw), unless the piles
    run out (REFILL-2).

    @LOG-4 @TURN-3
    Scenario: An ordinary draw takes one card
      Given Ana holds red draw 2 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana draws a card
      Then Ana holds 3 cards

    @LOG-4 @TURN-3
    Scenario: An ordinary draw takes no more than one card
      Given Ana holds red draw 2 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana draws 2 cards
      Then Ana may not draw 2 cards: an ordinary draw takes one (LOG-4)

    @LOG-4 @D2-1
    Scenario: A Draw 2 takes two cards, not three
      Given Ana holds red draw 2 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben draws 3 cards
      Then Ben may not draw 3 cards: a Draw 2 gives him two (LOG-4)

    @LOG-4 @GEN-2 @D2-3 @D2-1
    Scenario: The volley's whole total is drawn
      Given Ana holds red draw 2, green 7 and red 5
      And Ben holds blue draw 2, yellow 3 and yellow 4
      And the top of the discard pile is red 9
      When Ana plays red draw 2
      And Ben answers with blue draw 2
      And Ana draws 2 cards
      Then Ana may not draw only 2 cards: two Draw 2s were laid, so she draws four (LOG-4)

    @LOG-4 @GEN-2 @UNO-2
    Scenario: A caught player draws two, not one
      Given Ana holds red 4 and green 7
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 without saying UNO
      And Ben catches Ana
      And Ana draws a card
      Then Ana may not draw only one card: being caught costs her two (LOG-4)

    @LOG-4 @GEN-2 @WD4-1
    Scenario: Four cards, not two
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5
      And the top of the discard pile is red 9
      When Ana plays wild draw 4 choosing green
      And Ben draws 2 cards
      Then Ben may not draw only 2 cards: a Wild Draw 4 costs him four (LOG-4)

    @LOG-4 @GEN-2 @WD4-4 @WD4-3 @WD4-6
    Scenario: The caught bluffer draws four, not six
      Given Ana holds wild draw 4, red 4 and green 7
      And Ben holds yellow 3, yellow 4 and blue 5
      And the top of the discard pile is red 9
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      And Ana draws 6 cards
      Then Ana may not draw 6 cards: a bluff caught costs her four (LOG-4)

    @LOG-4 @GEN-2 @WD4-5 @WD4-3 @WD4-6
    Scenario: The losing challenger draws six, not four
      Given Ana holds wild draw 4, green 7 and blue 2
      And Ben holds yellow 3, yellow 4 and blue 5
      And the top of the discard pile is red 9
      When Ana plays wild draw 4 choosing green
      And Ben challenges the wild draw 4
      And Ben draws 4 cards
      Then Ben may not draw only 4 cards: a challenge lost costs him six (LOG-4)

    @LOG-4 @GEN-2 @REFILL-2 @REFILL-1
    Scenario: A draw is not short while a card can still be drawn
      Given Ana holds yellow 3, yellow 4 and red draw 2
      And Ben holds green 5 and blue 6
      And the top of the discard pile is red 9
      And the draw pile is empty
      When Ana plays red draw 2
      And Ben draws nothing
      Then Ben may not stop short of his two cards: red 9 can still be drawn, once the discards are turned over (LOG-4)

  Rule: LOG-5 — A claimed result must equal the referee's
    A result claimed in the record (a round's or the game's) must equal what the referee computes.

    @LOG-5 @SCORE-1 @SCORE-2
    Scenario: The record may claim the round's result
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 15
      Then Ben scores 15 points for the round

    @LOG-5 @SCORE-2
    Scenario: A miscounted round is ruled against
      When Ana goes out of round 1, leaving Ben holding green 5 and red skip
      And the record claims round 1 ended with Ana out and Ben scoring 7
      Then the record may not claim 7 points for Ben: green 5 and red skip score 15 (LOG-5)

    @LOG-5 @SCORE-1
    Scenario: The record may not claim the points the wrong way round
      When Ana goes out of round 1, leaving Ben holding green 5, red skip and wild
      And the record claims round 1 ended with Ana out and Ben scoring 0
      Then the record may not claim 0 points for Ben: Ana went out, and Ben scores the cards he holds (LOG-5)

    @LOG-5 @GAME-1 @SCORE-2
    Scenario: Nobody wins the game before a player reaches 200
      Given Ana went out of round 1, leaving Ben holding wild draw 4 and red skip
      When the record claims Ana won the game, Ana 0 to Ben 30
      Then the record may not claim the game for Ana: nobody has reached 200 (LOG-5)

    @LOG-5 @GAME-1 @GAME-2 @SCORE-1 @SCORE-2
    Scenario: The record may claim the game's result
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      And Ben went out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild
      When the record claims Ben won the game, Ana 210 to Ben 95
      Then the game is over and Ben wins

    @LOG-5 @GAME-1 @GAME-2 @SCORE-1 @SCORE-2
    Scenario: The record may not claim the game for the player who reached 200
      Given Ben went out of round 1, leaving Ana holding 2 × wild draw 4 and 2 × wild
      And Ana went out of round 2, leaving Ben holding 4 × wild draw 4 and wild
      And Ben went out of round 3, leaving Ana holding 4 × wild draw 4 and 4 × wild
      When the record claims Ana won the game, Ana 210 to Ben 95
      Then the record may not claim the game for Ana: she reached 200 first, so Ben wins (LOG-5)

  Rule: LOG-6 — Nothing after a round's end; only the last round may be unfinished
    Nothing may follow the end of a round within that round, and only the last round of a record may
    be unfinished.

    @LOG-6
    Scenario: An unfinished round may end the record
      Given Ana holds red 4, red 6 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      Then Ben takes the next turn

    @LOG-6
    Scenario: A new round does not begin before the last one is finished
      Given Ana holds red 4, red 6 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      And Ana plays red 4
      And the players begin round 2
      And Ana holds red 4 and green 7
      And Ben holds blue 5
      And the top of the discard pile is red 9
      Then round 2 may not begin: round 1 is not finished (LOG-6)

    @LOG-6 @END-1 @UNO-3
    Scenario: Nothing follows the last card within the round
      Given Ana holds red 4
      And Ben holds blue 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ana says UNO
      Then Ana may not say UNO: her last card ended the round (LOG-6)

    @LOG-6 @GEN-2 @END-1
    Scenario: Nobody plays after the round is over
      Given Ana holds red 4
      And Ben holds red 5 and yellow 6
      And the top of the discard pile is red 9
      When Ana plays red 4
      And Ben plays red 5
      Then Ben may not play red 5: Ana went out, and the round is over (LOG-6)
