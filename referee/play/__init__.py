"""Playing games through the engine: the dealer (chance as a player), a player's view, and live games.

- :mod:`referee.play.dealer` -- :class:`~referee.play.dealer.Dealer`, chance as a player: the cut, each
  round's shuffled deck and a shuffled refill, drawn from a random source or replayed from a record.
- :mod:`referee.play.view` -- :class:`~referee.play.view.PlayerView`, what one seat may know.
- :mod:`referee.play.live` -- :class:`~referee.play.live.LiveGame`, a game played one decision at a time
  (a live table), with its record and its resumption from what was stored.
"""
