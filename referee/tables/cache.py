"""Live games kept in this process, so that a move costs the same at decision 10 and at decision 1,000.

The cache maps a table to the live game *at a sequence number*: a lookup names the number the database says
the table is at, and a game at any other number is not returned as it is. So the cache can only ever save
work, never serve a stale position. A game kept behind the database's number (another instance took the
decisions between) is brought up to it with the stored steps (:meth:`LiveCache.behind`,
:func:`referee.tables.game.catch_up`); after a restart, or when it has forgotten a table, the game is rebuilt
from the database (:func:`referee.tables.game.resume`).
It holds at most ``size`` games, forgetting the least recently used. A striped set of locks serialises the
requests of one table in this process (a live game is not shared between threads while it changes).
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from typing import Any

__all__ = ["LiveCache"]


class LiveCache:
    """At most ``size`` live games, each with the sequence number it is at."""

    def __init__(self, size: int = 1024, stripes: int = 64):
        self.size = size
        self._games: OrderedDict[str, tuple[int, Any]] = OrderedDict()
        self._guard = threading.Lock()
        self._stripes = [threading.RLock() for _ in range(stripes)]

    def lock(self, table_id: str) -> threading.RLock:
        """The lock that serialises the work on ``table_id`` in this process."""
        return self._stripes[zlib.crc32(table_id.encode()) % len(self._stripes)]

    def get(self, table_id: str, seq: int) -> Any | None:
        """The game of ``table_id`` if it is kept at exactly ``seq``, else None."""
        with self._guard:
            found = self._games.get(table_id)
            if found is None or found[0] != seq:
                return None
            self._games.move_to_end(table_id)
            return found[1]

    def behind(self, table_id: str, seq: int) -> tuple[int, Any] | None:
        """The game of ``table_id`` kept at a number below ``seq`` (and that number), taken out of the cache
        (the caller brings it up to date and puts it back); None if none is kept, or one at ``seq`` or later."""
        with self._guard:
            found = self._games.get(table_id)
            if found is None or found[0] >= seq:
                return None
            del self._games[table_id]
            return found

    def put(self, table_id: str, seq: int, game: Any) -> None:
        """Keep ``game`` as the table's game at ``seq``."""
        with self._guard:
            self._games[table_id] = (seq, game)
            self._games.move_to_end(table_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def drop(self, table_id: str) -> None:
        """Forget the table's game (it may have changed without being stored)."""
        with self._guard:
            self._games.pop(table_id, None)

    def __len__(self) -> int:
        return len(self._games)
