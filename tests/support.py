"""Small builders for hand-written logs in the engine's unit tests (the feature steps have their own)."""

from __future__ import annotations

from typing import Any

from referee.engine.deck import standard_deck

PLAYERS = ["Ana", "Ben"]


def game(*rounds: dict, **fields: Any) -> dict:
    """A version-1 log of Ana and Ben with these rounds."""
    return {"format": "uno-duo-log/1", "players": list(PLAYERS), "rounds": list(rounds), **fields}


def position(ana: list[str], ben: list[str], discard: list[str], *events: dict, first_drafter: str = "Ben",
             **setup: Any) -> dict:
    """A round that starts from a position: Ana (Player 2 by default) takes the first turn."""
    return {"first_drafter": first_drafter,
            "setup": {"hands": {"Ana": ana, "Ben": ben}, "discard": discard, **setup},
            "events": list(events)}


def turned_up(ana: list[str], ben: list[str], card: str, *events: dict, color: str | None = None,
              draw_pile: list[str] | None = None) -> dict:
    """A round set up as after the draft, with ``card`` on top of the draw pile and turned up.

    Ben drafted first (Player 1), so Ana is Player 2 and goes first (START-2)."""
    rnd = {"first_drafter": "Ben",
           "setup": {"hands": {"Ana": ana, "Ben": ben}, "draw_pile": [card, *(draw_pile or [])]},
           "turn_up": card, "events": list(events)}
    if color:
        rnd["color"] = color
    return rnd


def ev(player: str, type: str, **fields: Any) -> dict:
    """One event."""
    return {"player": player, "type": type, **fields}


def plain_deck() -> list[str]:
    """The 112 cards unshuffled, top first."""
    return [c.code for c in standard_deck("112")]


def draft_picks(deck: list[str], first: str = "Ana", count: int = 14, keep: bool = True) -> list[dict]:
    """``count`` alternating picks from ``deck`` (top first), all keeps or all passes."""
    other = "Ben" if first == "Ana" else "Ana"
    return [{"player": first if i % 2 == 0 else other, "drew": deck[2 * i],
             "decision": "keep" if keep else "pass", "next": deck[2 * i + 1]} for i in range(count)]
