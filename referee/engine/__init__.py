"""The rules of play, each stated once: cards, the deck and variants, the rule ids, the moment, what a card
does, the piles, the draft, a round in play and its handlers, the match, what is legal now."""
