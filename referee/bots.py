"""Seeded-random players for self-play (:mod:`referee.selfplay`).

A :class:`Bot` chooses among the events :func:`referee.legal.legal_moves` lists, with the leanings of its
:class:`Style`: how often it keeps in the draft, declines a playable card, keeps a playable drawn card,
answers a volley, dumps, says UNO, catches, challenges, and which cards it prefers. Every choice draws
on the one :class:`random.Random` it is given, so a game is a function of its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.cards import Card, Color, Kind
from referee.deck import points
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


class Bot:
    """One seeded-random player."""

    __slots__ = ("rng", "rules", "style")

    def __init__(self, style: Style, rng: random.Random, rules: Rules):
        self.style = style
        self.rng = rng
        self.rules = rules

    def chance(self, p: float) -> bool:
        """True with probability ``p`` (consumes one random number whatever ``p`` is)."""
        return self.rng.random() < p

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
        colours = list(Color)
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
        return self.rng.choice(colours)

    # -- play -----------------------------------------------------------------------------------

    def choose_play(self, plays: list[Play], hand: list[Card]) -> Play:
        """One of ``plays`` (listed legal plays): a card by preference, then its colour or dump."""
        by_card: dict[Card, list[Play]] = {}
        for option in plays:
            by_card.setdefault(option.card, []).append(option)
        cards = list(by_card)
        if len(hand) == 2 and len(cards) > 1 and self.chance(0.5):
            # keep a Draw 2 / Wild Draw 4 to go out with (END-2): play the other card first
            finishers = [c for c in cards if c.kind in (Kind.DRAW_2, Kind.WILD_DRAW_4)]
            if finishers and len(finishers) < len(cards):
                cards = [c for c in cards if c not in finishers]
        card = self._prefer(cards)
        options = by_card[card]
        if card.is_wild:
            chosen_colour = self.colour(hand, (card,))
            chosen = next(o for o in options if o.color is chosen_colour)
        else:
            dumps = [o for o in options if o.dump]
            plain = [o for o in options if not o.dump]
            chosen = dumps[0] if dumps and (not plain or self.chance(self.style.dump)) else plain[0]
        return self.finish(chosen)

    def _prefer(self, cards: list[Card]) -> Card:
        prefer, rng = self.style.prefer, self.rng
        if prefer != "random" and self.chance(0.75):
            if prefer == "wild4":
                for card in cards:
                    if card.kind is Kind.WILD_DRAW_4:
                        return card
            if prefer == "actions":
                actions = [c for c in cards if c.kind.is_action]
                if actions:
                    return rng.choice(actions)
            if prefer == "points":
                best = max(points(c, self.rules) for c in cards)
                return rng.choice([c for c in cards if points(c, self.rules) == best])
        return rng.choice(cards)

    def finish(self, option: Play | Dump) -> Play | Dump:
        """``option`` as the bot lays it: a dump in a shuffled order (REV-3), UNO said or forgotten."""
        is_play = type(option) is Play
        laid = option.dump if is_play else option.cards
        uno = option.uno and self.chance(self.style.say_uno)
        if len(laid) > 1:
            order = list(laid)
            self.rng.shuffle(order)
            laid = tuple(order)
        elif uno == option.uno:
            return option
        if is_play:
            return Play(option.player, option.card, option.color, uno, laid)
        return Dump(option.player, laid, uno)


__all__ = ["CAREFUL", "STYLES", "Bot", "Style"]
