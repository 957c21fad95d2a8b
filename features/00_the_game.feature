Feature: The game of UNO DUO
  UNO DUO is UNO for two players, designed by Mark & Cristina Ball. This book is its rulebook. Each
  chapter states the rules of one part of the game, in the order of the source rulebook; under each
  rule, scenarios show it being played. A program plays every scenario through on every test run and
  checks each outcome the scenario states, so what the book shows is what is ruled.

  The object of the game
  A game is played in rounds. In each round both players try to be the first to play every card in
  their hand. When one of them has, the other scores the points of the cards left in their own hand.
  Scores add up from round to round until a player reaches 200 points or more. That ends the game:
  the player who reached 200 loses, and the player with the lower score wins. In UNO DUO, points are
  bad.

  The players and the cards
  UNO DUO is for exactly two players. It is played with the 112-card UNO deck: in each of the four
  colours (red, yellow, green and blue) one 0, two of each number from 1 to 9, two Skips, two
  Reverses and two Draw 2s; and, without a colour, four Wilds, four Wild Draw 4s and four Wild
  Customs (blank wilds).

  How a round goes
  1. The cut (chapter 1). Before the first round each player cuts the deck; the higher card drafts
     first and is "Player 1" of round 1. After that, the first drafter alternates from round to round.
  2. The draft (chapter 2). There is no deal. Player 1 shuffles, and the players take turns drawing a
     card and either keeping it or passing it for the next one, until each holds seven.
  3. The turned-up card (chapter 3). The top card of the draw pile is turned face up to start the
     discard pile. Player 2, who did not draft first, takes the first turn.
  4. Turns (chapter 4). On their turn a player plays one card that matches the top of the discard
     pile, by colour, number or symbol, or draws a card. Players take turns.
  5. UNO (chapter 5). A player who is down to one card says "UNO"; a player who forgets can be caught,
     and draws two.
  6. The end of the round (chapter 6) comes as soon as a player has played their last card.
  7. Action cards (chapters 7 to 11) change the course of play: the Draw 2 and its volley, the Skip,
     the Reverse, the Wild and the Wild Draw 4.
  8. Scoring and the end of the game (chapter 12): the player left with cards scores them, and rounds
     are played until someone reaches 200.
  Chapter 13 is for those who keep a written record of a game and want it checked: the rules that a
  record of a game must keep, and which rule is named when a move breaks several.

  How to read a scenario
  The players are always Ana and Ben. Who drafted first this round is always stated, in the scenario
  or in the Background that all the scenarios under it share: that player is Player 1 of the round,
  the other is Player 2, and the rules' "Player 1" and "Player 2" mean exactly these two. Cards are
  named in words: "red 4", "blue skip", "green reverse", "yellow draw 2", "wild", "wild draw 4",
  "wild custom". "Given" steps lay out the table (the cards in each hand, the top of the discard pile,
  the top of the draw pile) or tell what has already happened; a Background holds the steps that all
  the scenarios under it share, and is played before each of them; "When" steps are the moves the
  scenario is about; "Then" steps say what follows. Either the game goes on, and they say what happens
  next: whose turn it is, what they must do, what each hand holds and what lies on the piles. Or a
  player may not do what they just did, and they say why, with the rule broken in brackets: "Ana may
  not play green 4: it matches neither red nor 9 (TURN-1)". A few moves are forbidden by no sentence of
  the source but by what every game takes for granted: playing out of turn, or while a draw is owed;
  playing a card one does not hold; drawing the wrong number of cards; playing on after the round is
  over. Those are the rules of keeping a record of a game (chapter 13); a scenario that shows such a
  move says why in the game's words and carries that rule among its tags. A card a scenario does not
  name is a card its outcome does not depend on. Rules marked "(clarification)" are readings this book
  had to choose where the source is silent or unclear; their text says what they decide and why.

  Glossary
  - Player 1, Player 2: this round's first drafter, and the other player. Player 2 takes the first turn
    (unless the turned-up card is a Skip).
  - draw pile: the face-down pile players draw from. discard pile: the face-up pile played cards go
    on; its top card is the one the next card must match.
  - cut: each player cuts the deck and shows the card cut to; the higher number drafts first in round 1.
  - draft: how the hands are made in UNO DUO, a pick at a time, instead of a deal.
  - pick: one step of the draft: draw a card and keep it, or pass it and keep the next one.
  - turned-up card: the card turned face up after the draft to start the discard pile.
  - matching: of the same colour, the same number, or the same symbol (Skip on Skip, Reverse on
    Reverse, Draw 2 on Draw 2) as the top of the discard pile.
  - action card: a Skip, Reverse, Draw 2, Wild, Wild Draw 4 or Wild Custom.
  - wild: a Wild, Wild Draw 4 or Wild Custom. It has no colour, may be played on anything, and its
    player chooses the colour that the next card must match.
  - volley: Draw 2s answered with Draw 2s; the player who stops draws two cards for each of them.
  - dump: playing all the cards of a Reverse's colour along with it.
  - going out: playing one's last card, which ends the round.
  - caught: a player who did not say UNO, and whose opponent says it first, is caught and draws two.
  - challenge: doubting a Wild Draw 4 instead of drawing its four cards; a bluff is a Wild Draw 4
    played while holding another card that could have been played.

  Rule: GEN-1 — Where UNO DUO is silent, classic UNO applies, adapted to two players (clarification)
    UNO DUO varies classic UNO and does not restate it.
    Clarification: where UNO DUO is silent, the official rules of classic UNO apply, adapted to two
    players; where UNO DUO speaks, it wins over classic UNO. The source relies on classic UNO
    throughout (it never says, for instance, what a Wild played on a Wild does), so this book reads its
    silences the way a player who knows classic UNO would.

    Background:
      Given Ben drafted first this round: he is Player 1, and Ana is Player 2

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

  Rule: GEN-2 — Which rule forbids a move that breaks several (clarification)
    The source says what may be done, not which of its rules a forbidden move breaks.
    Clarification: when a move breaks several rules, the rule named is the rule of the game whose text
    forbids that very move: TURN-1 for a card that matches nothing (even one just drawn), TURN-3 for
    playing another card than the one just drawn, REV-2 for a Reverse's dump that keeps a card of its
    colour back, START-3 for a Draw 2 laid on the turned-up Draw 2, WD4-7 for a Wild Draw 4 answering a
    volley, DRAFT-5 for a pick by the wrong player, UNO-3 for a false catch, GAME-2 for a round after
    the game has ended. Between two rules of the game, the more specific one is named (START-6 rather
    than REV-2 for a partial dump on the turned-up Reverse). Where no sentence of the game forbids the
    move, the rule named is one of the rules of keeping a record (chapter 13): for a move out of turn,
    or one the moment does not allow (a play while a draw is owed, a move by the player who was
    skipped), a card the player does not hold, a draw of the wrong number of cards, a wrong claim, a
    move after the round's end. Chapter 13 also gives the order in which a move is checked. Why: a
    ruling should point a player to the sentence of the rulebook they broke.

    Background:
      Given Ben drafted first this round: he is Player 1, and Ana is Player 2

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

    @GEN-2 @SKIP-1 @LOG-1
    Scenario: The skipped player may not move
      The Skip gives Ana another turn. No sentence of the game forbids Ben's play, only the turn order
      that every game keeps: that rule, named in this scenario's tags, is one of chapter 13's.
      Given Ana holds red skip, red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red skip
      And Ben plays red 5
      Then Ben may not play red 5: Ana's Skip gave her another turn

    @GEN-2 @UNO-3
    Scenario: A false catch breaks the UNO rule
      Given Ana holds red 4 and green 7
      And Ben holds red 5 and blue 6
      And the top of the discard pile is red 9
      When Ana plays red 4 and says UNO
      And Ben catches Ana
      Then Ben may not catch Ana: she said UNO as she played her second-to-last card (UNO-3)
