"""Seeded-random players for self-play (:mod:`referee.selfplay`).

A :class:`Bot` chooses among the events the engine accepts (:class:`referee.legal.Options`, asked
lazily: the bot tries the cards it prefers first and takes the first the engine accepts), with the
leanings of its :class:`Style`: how often it keeps in the draft, declines a playable card, keeps a
playable drawn card, answers a volley, dumps, says UNO, catches, challenges, and which cards it prefers.
Every choice draws on the one :class:`random.Random` it is given, so a game is a function of its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from referee import chance
from referee.cards import ALL_CARDS, Card, Color, Kind
from referee.deck import points
from referee.legal import Options
from referee.records import Dump, Play
from referee.variants import Rules


@dataclass(frozen=True, slots=True)
class Style:
    """A player's leanings, each a probability (``prefer`` names the cards it likes to play)."""

    name: str
    keep: float = 0.5        # draft: keep the card drawn rather than pass it
    decline: float = 0.0     # draw instead of playing although a card is playable (TURN-2)
    keep_drawn: float = 0.2  # keep a playable card just drawn (TURN-3)
    volley: float = 0.7      # answer a Draw 2 with a Draw 2 (D2-1)
    dump: float = 0.7        # lay the rest of the colour with a Reverse (REV-1, START-6)
    say_uno: float = 0.8     # say UNO with the play that leaves one card (UNO-1)
    late_uno: float = 0.3    # at a moment when catchable: say UNO late (UNO-3)
    catch: float = 0.4       # at a moment when the opponent is catchable: catch (UNO-2)
    challenge: float = 0.4   # challenge a Wild Draw 4 (WD4-3)
    prefer: str = "random"   # "random", "actions", "points" (shed the costliest) or "wild4" (bluffs)
    smart_colour: float = 0.7  # choose the colour held most (else any colour)


STYLES: tuple[Style, ...] = (
    Style("casual"),
    Style("aggressive", keep=0.7, keep_drawn=0.05, volley=1.0, dump=1.0, say_uno=0.95, catch=0.7,
          challenge=0.5, prefer="actions"),
    Style("cautious", keep=0.4, decline=0.15, keep_drawn=0.5, volley=0.4, dump=0.4, say_uno=0.7,
          late_uno=0.5, catch=0.3, challenge=0.2, prefer="points"),
    Style("bluffer", keep=0.6, decline=0.05, volley=0.8, challenge=0.8, prefer="wild4", smart_colour=0.9),
    Style("forgetful", keep=0.3, decline=0.05, keep_drawn=0.3, say_uno=0.2, late_uno=0.4, catch=0.2,
          challenge=0.3, smart_colour=0.2),
)

#: Played when a round has gone on too long, so that every game ends: always play, always shed.
CAREFUL = Style("careful", decline=0.0, keep_drawn=0.0, volley=1.0, dump=1.0, prefer="points")

_FINISHERS: Final = (Kind.DRAW_2, Kind.WILD_DRAW_4)
_WORTH: dict[int, tuple[Rules, dict[Card, int]]] = {}


def points_table(rules: Rules) -> dict[Card, int]:
    """Every card's points under ``rules`` (:func:`referee.deck.points`), made once per variant (found by
    identity: hashing the rules' many fields would cost more than the table saves)."""
    found = _WORTH.get(id(rules))
    if found is None or found[0] is not rules:
        found = _WORTH[id(rules)] = (rules, {card: points(card, rules) for card in ALL_CARDS})
    return found[1]


_COLOURS: Final = tuple(Color)  # iterating the enum itself is slow
# The cards of a kind, as sets: a test per card held without a property call (Kind.is_action).
_ACTIONS: Final = frozenset(card for card in ALL_CARDS if card.kind.is_action)
_WILD_DRAW_4S: Final = frozenset(card for card in ALL_CARDS if card.kind is Kind.WILD_DRAW_4)


class Bot:
    """One seeded-random player."""

    __slots__ = ("random", "rng", "rules", "style", "worth")

    def __init__(self, style: Style, rng: random.Random, rules: Rules):
        self.style = style
        self.rng = rng
        self.random = rng.random
        self.rules = rules
        self.worth = points_table(rules)  # each card's points (SCORE-2), for the "points" preference

    def chance(self, p: float) -> bool:
        """True with probability ``p`` (consumes one random number whatever ``p`` is)."""
        return self.random() < p

    # -- the draft ------------------------------------------------------------------------------

    def keeps(self, card: Card) -> bool:
        """DRAFT-3: keep ``card`` (else pass it and keep the next)."""
        liking = self.style.keep
        if card.is_wild or card.kind is Kind.DRAW_2:
            liking = min(1.0, liking + 0.3)
        return self.chance(liking)

    # -- colours --------------------------------------------------------------------------------

    def colour(self, hand: list[Card], without: tuple[Card, ...] = ()) -> Color:
        """The colour to choose for a wild: the one held most, or (sometimes) any."""
        colours = list(_COLOURS)
        if self.chance(self.style.smart_colour):
            rest = list(hand)
            for card in without:
                if card in rest:
                    rest.remove(card)
            counts = {c: 0 for c in colours}
            for card in rest:
                if card.color is not None:
                    counts[card.color] += 1
            best = max(counts.values())
            colours = [c for c in colours if counts[c] == best]
        return chance.choice(self.rng, colours)

    # -- play -----------------------------------------------------------------------------------

    def choose_play(self, options: Options) -> Play | None:
        """A legal play, or None if no card may be played: a card by preference, then its colour or dump.

        The engine is asked lazily: the bot orders the cards it holds by its preference (:meth:`_tiers`)
        and takes the first the engine accepts (:meth:`Options.plays <referee.legal.Options.plays>`),
        a uniformly random one among those it likes equally."""
        cards = options.cards()
        tiers = self._tiers(cards, options.hand)
        if tiers is None:  # the costliest first: one query, by points (as the tiers of equal points would)
            found = options.first_ranked(cards, self.worth, self.random)
        else:
            found = self._first_legal(options, tiers)
        if found is None:
            return None
        card, plays = found
        if card.is_wild:
            chosen_colour = self.colour(options.hand, (card,))
            chosen = next(o for o in plays if o.color is chosen_colour)
        elif len(plays) == 1:  # one way to play it (as below, with nothing to choose: no draw)
            chosen = plays[0]
        else:
            dumps = [o for o in plays if o.dump]
            plain = [o for o in plays if not o.dump]
            chosen = dumps[0] if dumps and (not plain or self.chance(self.style.dump)) else plain[0]
        return self.finish(options.saying_uno(chosen))

    def _tiers(self, cards: list[Card], hand: list[Card]) -> list[list[Card]] | None:
        """The cards held, in tiers of preference: the first tier with a legal play is chosen from; None
        for the costliest first (the tiers are the cards of equal points, highest first)."""
        if len(hand) == 2 and len(cards) == 2 and self.chance(0.5):
            # keep a Draw 2 / Wild Draw 4 to go out with (END-2): play the other card first
            finishers = [c for c in cards if c.kind in _FINISHERS]
            if len(finishers) == 1:
                return [[c for c in cards if c not in finishers], finishers]
        prefer = self.style.prefer
        if prefer == "random" or not self.chance(0.75):
            return [cards]
        if prefer == "wild4":
            return [[c for c in cards if c in _WILD_DRAW_4S], cards]
        if prefer == "actions":
            return [[c for c in cards if c in _ACTIONS], [c for c in cards if c not in _ACTIONS]]
        return None  # "points": the costliest first

    def _first_legal(self, options: Options, tiers: list[list[Card]]) -> tuple[Card, tuple[Play, ...]] | None:
        """The first card (with its legal plays) the engine accepts, trying the tiers in order and each
        tier's cards in a random order (uniform among the tier's cards that have a legal play)."""
        for tier in tiers:
            found = options.first(tier, self.random)
            if found is not None:
                return found
        return None

    def finish(self, option: Play | Dump) -> Play | Dump:
        """``option`` as the bot lays it: a dump in a shuffled order (REV-3), UNO said or forgotten."""
        is_play = type(option) is Play
        laid = option.dump if is_play else option.cards
        uno = option.uno and self.chance(self.style.say_uno)
        if len(laid) > 1:
            order = list(laid)
            chance.shuffle(self.rng, order)
            laid = tuple(order)
        elif uno == option.uno:
            return option
        if is_play:
            return Play(option.player, option.card, option.color, uno, laid)
        return Dump(option.player, laid, uno)


__all__ = ["CAREFUL", "STYLES", "Bot", "Style", "points_table"]
