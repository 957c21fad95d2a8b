"""Live games kept in this process, so that a move costs the same at decision 10 and at decision 1,000.

The cache maps a table to the live game *at a sequence number*: a lookup names the number the database says
the table is at, and a game at any other number is not returned as it is. So the cache can only ever save
work, never serve a stale position. A game kept behind the database's number (another instance took the
decisions between) is brought up to it with the stored steps (:meth:`LiveCache.behind`,
:func:`referee.tables.game.catch_up`); after a restart, or when it has forgotten a table, the game is rebuilt
from the database (:func:`referee.tables.game.resume`).
It holds at most ``size`` games, forgetting the least recently used (:class:`Recent`, which also bounds what
:class:`~referee.tables.tables.Tables` keeps of each table's fixed part), so a process serving many tables keeps a
bounded memory: a forgotten table costs one rebuild from the database when it is next asked for. A striped set
of locks serialises the requests of one table in this process (a live game is not shared between threads while
it changes).
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from typing import Any

__all__ = ["LiveCache", "Recent"]


class Recent:
    """A mapping of at most ``size`` entries that forgets the least recently used one first; thread-safe."""

    def __init__(self, size: int):
        if size < 1:
            raise ValueError(f"a cache holds at least one entry, not {size}")
        self.size = size
        self._entries: OrderedDict[str, Any] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: str) -> Any | None:
        """The entry of ``key`` (now the most recently used), or None."""
        with self._guard:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: str, value: Any) -> None:
        """Keep ``value`` for ``key``, forgetting the least recently used entries beyond ``size``."""
        with self._guard:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def pop(self, key: str) -> Any | None:
        """Forget ``key``; its entry, or None."""
        with self._guard:
            return self._entries.pop(key, None)

    def take_if(self, key: str, wanted) -> Any | None:
        """The entry of ``key`` taken out of the cache if ``wanted(entry)`` holds, else None (kept)."""
        with self._guard:
            found = self._entries.get(key)
            if found is None or not wanted(found):
                return None
            del self._entries[key]
            return found

    def __contains__(self, key: str) -> bool:
        with self._guard:
            return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)


class LiveCache:
    """At most ``size`` live games, each with the sequence number it is at."""

    def __init__(self, size: int = 1024, stripes: int = 64):
        self.size = size
        self._games = Recent(size)
        self._stripes = [threading.RLock() for _ in range(stripes)]

    def lock(self, table_id: str) -> threading.RLock:
        """The lock that serialises the work on ``table_id`` in this process."""
        return self._stripes[zlib.crc32(table_id.encode()) % len(self._stripes)]

    def get(self, table_id: str, seq: int) -> Any | None:
        """The game of ``table_id`` if it is kept at exactly ``seq``, else None."""
        found = self._games.get(table_id)
        return found[1] if found is not None and found[0] == seq else None

    def behind(self, table_id: str, seq: int) -> tuple[int, Any] | None:
        """The game of ``table_id`` kept at a number below ``seq`` (and that number), taken out of the cache
        (the caller brings it up to date and puts it back); None if none is kept, or one at ``seq`` or later."""
        return self._games.take_if(table_id, lambda found: found[0] < seq)

    def put(self, table_id: str, seq: int, game: Any) -> None:
        """Keep ``game`` as the table's game at ``seq``."""
        self._games.put(table_id, (seq, game))

    def drop(self, table_id: str) -> None:
        """Forget the table's game (it may have changed without being stored)."""
        self._games.pop(table_id)

    def __contains__(self, table_id: str) -> bool:
        return table_id in self._games

    def __len__(self) -> int:
        return len(self._games)
