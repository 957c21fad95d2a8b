"""The round's public history, paged: an answer carries what its asker lacks, never the whole round again.

A view's ``history`` is the round's public entries (the engine's :attr:`PlayerView.history
<referee.play.view.PlayerView.history>`); a uniform player's round runs to thousands of them, so an answer that
carried them all would cost more at decision 1,000 than at decision 10. A table's answer carries a page instead:
at most :data:`HISTORY_PAGE` entries from ``history_from`` (an index into the round's history), with
``history_length`` (how many the round has). Where the page starts:

- after a decision, the entries the decision (and the bots' replies) added or changed — :func:`mark` takes
  the history's measure before the decision, :func:`first_changed` compares after;
- for a client that says what it holds (:class:`Since`: the round and how many entries of it), the entries after
  those, *and the last one it holds again*, since an entry may be completed by a later decision (a turned-up
  wild gets its colour) and a client's copy cannot tell;
- for a client that says nothing, the latest page.

A client keeps the whole round by replacing its entries from ``history_from`` on with the page (from 0 when the
round changed), and asks again from ``history_from + len(history)`` while that is below ``history_length``.
Nothing here knows a rule: it compares entries, whatever they say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["HISTORY_PAGE", "Mark", "Since", "first_changed", "first_wanted", "mark", "page"]

#: The most history entries one answer carries (a client asks again for the rest).
HISTORY_PAGE = 200


@dataclass(frozen=True, slots=True)
class Since:
    """What a client holds of the history: ``length`` entries of round ``round`` (None: the current round)."""

    round: int | None
    length: int


@dataclass(frozen=True, slots=True)
class Mark:
    """The history as it stood before a decision: its round, its length and its last entry (a copy)."""

    round: int
    length: int
    last: Any


def mark(round: int, entries: Sequence[dict]) -> Mark:
    """The measure of round ``round``'s ``entries`` now, to compare with after a decision."""
    return Mark(round, len(entries), dict(entries[-1]) if entries else None)


def first_changed(before: Mark, round: int, entries: Sequence[dict]) -> int:
    """The index of the first entry added or changed since ``before`` (0 when a new round began)."""
    if round != before.round:
        return 0
    if before.length and (len(entries) < before.length or entries[before.length - 1] != before.last):
        return max(0, min(before.length, len(entries)) - 1)
    return min(before.length, len(entries))


def first_wanted(round: int, entries: Sequence[dict], since: Since | None) -> int:
    """Where the page for a client holding ``since`` starts (None: the latest page)."""
    if since is None:
        return max(0, len(entries) - HISTORY_PAGE)
    if since.round is not None and since.round != round:
        return 0
    return max(0, min(since.length, len(entries)) - 1)


def page(start: int) -> slice:
    """The entries of the page that starts at ``start``."""
    return slice(start, start + HISTORY_PAGE)
