"""The rule registry: every rule of the UNO DUO rule set (docs/rules.md) with its stable id.

The engine cites only ids registered here; the feature files are tagged with them; the service lists
them. Titles are one line each; ``docs/rules.md`` holds the full text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its stable id, a one-line title, the chapter it belongs to, and whether it is a
    clarification (our reading where the source is silent or ambiguous) rather than the source's text."""

    id: str
    title: str
    section: str
    clarification: bool = False

    def to_dict(self) -> dict:
        """The rule as JSON-ready data."""
        return {
            "id": self.id,
            "title": self.title,
            "section": self.section,
            "clarification": self.clarification,
        }


_GENERAL = "General"
_DECK = "Deck and players"
_CUT = "Cut"
_DRAFT = "Draft"
_START = "The turned-up card"
_TURN = "A player's turn"
_UNO = "Saying UNO"
_END = "End of a round"
_D2 = "Draw 2 and the volley"
_SKIP = "Skip"
_REV = "Reverse"
_WILD = "Wild"
_WD4 = "Wild Draw 4"
_SCORE = "Scoring and winning"
_LOG = "Keeping the record"

_ALL = (
    Rule("GEN-1", "Where UNO DUO is silent, classic UNO's rules apply, adapted to two players", _GENERAL, True),
    Rule("GEN-2", "Which rule a violation names when an act breaks several", _GENERAL, True),
    Rule("DECK-1", "Exactly two players; a 112-card UNO deck", _DECK),
    Rule("DECK-2", "The 112 cards, Wild Custom playing and scoring as a Wild", _DECK, True),
    Rule("CUT-1", "Whoever cuts the higher card drafts first and is Player 1", _CUT),
    Rule("CUT-2", "A number card cuts at its face value, any other card at 0; equal values cut again", _CUT,
         True),
    Rule("DRAFT-1", "Each player drafts a starting hand of seven cards instead of a deal", _DRAFT),
    Rule("DRAFT-2", "Player 1 shuffles and places the deck face down", _DRAFT),
    Rule("DRAFT-3", "A pick: keep the top card (next one discarded) or pass it (keep the next)", _DRAFT),
    Rule("DRAFT-4", "Cards on the discard pile can never be chosen", _DRAFT),
    Rule("DRAFT-5", "Player 2 picks the same way; picks alternate, Player 1 first", _DRAFT, True),
    Rule("DRAFT-6", "Seven cards each, fourteen discards turned over under the draw pile", _DRAFT, True),
    Rule("DRAFT-7", "The first drafter alternates each round", _DRAFT),
    Rule("START-1", "Turn up the top card; the first player completes its action", _START),
    Rule("START-2", "Player 2 goes first", _START),
    Rule("START-3", "Turned-up Draw 2: the first player draws 2, no volley", _START, True),
    Rule("START-4", "Turned-up Wild Draw 4: the first player draws 4, no challenge", _START),
    Rule("START-5", "Turned-up Skip: Player 1 goes first instead", _START),
    Rule("START-6", "Turned-up Reverse: the first player may dump all cards of its colour", _START, True),
    Rule("START-7", "Turned-up wild: Player 1 chooses the colour", _START),
    Rule("START-8", "Turned-up number card: an ordinary first turn", _START),
    Rule("TURN-1", "Play one card matching the top by colour, number or symbol; a wild on anything", _TURN),
    Rule("TURN-2", "A player is never required to play", _TURN),
    Rule("TURN-3", "Otherwise draw one; only that card may then be played", _TURN),
    Rule("TURN-4", "Turns alternate unless a card says otherwise", _TURN),
    Rule("REFILL-1", "An empty draw pile is refilled by turning the discards over", _TURN, True),
    Rule("REFILL-2", "When no card can be drawn, the draw is short", _TURN, True),
    Rule("UNO-1", "Playing the second-to-last card, say UNO", _UNO),
    Rule("UNO-2", "Caught without saying UNO: draw two", _UNO),
    Rule("UNO-3", "Late UNO until caught; a catch only of a catchable opponent", _UNO, True),
    Rule("UNO-4", "UNO and catches are interjections; the caught player's draw comes next", _UNO, True),
    Rule("END-1", "The round ends when a player has played all their cards", _END),
    Rule("END-2", "A going-out Draw 2 or Wild Draw 4 is still drawn", _END, True),
    Rule("D2-1", "A Draw 2: draw two unless answered with a Draw 2 (a volley)", _D2),
    Rule("D2-2", "A volley goes on while players can and want to answer", _D2, True),
    Rule("D2-3", "The first player not to continue draws the total; their turn ends", _D2),
    Rule("D2-4", "The source's own example of a volley", _D2),
    Rule("SKIP-1", "The player of a Skip takes another turn", _SKIP),
    Rule("REV-1", "With a Reverse, play every card of its colour too", _REV),
    Rule("REV-2", "All or nothing", _REV),
    Rule("REV-3", "The Reverse first, then the rest in the player's order", _REV),
    Rule("REV-4", "Only the final card of a dump acts; wilds are never dumped", _REV, True),
    Rule("REV-5", "A Reverse has no turn-order effect of its own", _REV, True),
    Rule("WILD-1", "A Wild's player chooses the colour; the turn passes", _WILD),
    Rule("WD4-1", "A Wild Draw 4: the opponent draws four", _WD4),
    Rule("WD4-2", "Its player chooses the colour and takes another turn", _WD4),
    Rule("WD4-3", "The player told to draw four may challenge instead", _WD4),
    Rule("WD4-4", "A challenge won: the Wild Draw 4's player draws four", _WD4),
    Rule("WD4-5", "A challenge lost: the challenger draws six", _WD4),
    Rule("WD4-6", "What 'a card they could have played' means", _WD4, True),
    Rule("WD4-7", "Who moves after a challenge; no Wild Draw 4 on a volley", _WD4, True),
    Rule("SCORE-1", "The player out scores zero; the other scores their hand", _SCORE),
    Rule("SCORE-2", "Numbers at face value; Draw 2, Reverse, Skip 10; Wild 15; Wild Draw 4 20", _SCORE),
    Rule("GAME-1", "Rounds continue until a player reaches 200; scores accumulate", _SCORE),
    Rule("GAME-2", "Who reaches 200 first loses; no round after the game ends", _SCORE),
    Rule("LOG-1", "An event by the player to move, of a kind the moment allows", _LOG),
    Rule("LOG-2", "Cards played are held; cards taken are the next of the pile when known", _LOG),
    Rule("LOG-3", "A given deck is the variant's deck; no card more often than the deck holds it", _LOG),
    Rule("LOG-4", "A draw takes exactly what is owed unless the piles run out", _LOG),
    Rule("LOG-5", "A claimed result must equal the referee's", _LOG),
    Rule("LOG-6", "Nothing after a round's end; only the last round may be unfinished", _LOG),
)

#: Every rule by id, in the order of docs/rules.md.
RULES: dict[str, Rule] = {rule.id: rule for rule in _ALL}


def get_rule(rule_id: str) -> Rule:
    """The rule with this id; ``KeyError`` naming it when there is none."""
    try:
        return RULES[rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the registry") from None
