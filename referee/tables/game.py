"""THE THIN ADAPTER between the tables and the engine's live game API (:mod:`referee.play.live`).

Everything a table asks of a game goes through these functions, so that the table service (:mod:`referee.tables.
tables`) names no engine class and the engine's API can move without the tables moving. Nothing here is a rule:
starting, acting, the views, the bots' decisions and the record are :class:`~referee.play.live.LiveGame`'s; the
variant is read by :func:`referee.engine.variants.resolve_variant`, the bot styles are
:data:`referee.play.players.PLAYERS`.

What is stored of a game (:mod:`referee.tables.store`) is what the engine gives for it: ``opening`` (the chance
drawn at the start: the cut, round 1's deck) and, per accepted decision, the decision as given and the chance
the dealer drew carrying it out; :func:`resume` hands them back to :meth:`LiveGame.resume
<referee.play.live.LiveGame.resume>`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from referee.engine.variants import DEFAULT_RULES, UNO_DUO, VARIANTS, Variant, resolve_variant
from referee.errors import Problem, RefereeError
from referee.log.document import is_platform_field
from referee.play.live import GameOver, LiveGame, MalformedDecision, Refused
from referee.play.players import PLAYERS, Strategy
from referee.tables import errors, history

__all__ = ["REFUSALS", "act", "bot", "bot_move", "bot_problem", "bot_styles", "catch_up", "history_mark", "opening",
           "over", "read_variant", "record", "resume", "start", "stored_form", "variant_field", "view"]

#: What :func:`act` raises when the engine took nothing: the game is as it was.
REFUSALS = (errors.MoveRefused, errors.MalformedDecision, errors.TableOver)


def read_variant(spec: Any) -> tuple[Variant, list[Problem]]:
    """The variant ``spec`` names (a name or the log's object form; None: UNO DUO) and the problems with it."""
    try:
        return resolve_variant(spec), []
    except RefereeError as exc:
        return UNO_DUO, [Problem("/variant", str(exc))]


def variant_field(variant: Variant) -> Any:
    """The variant as a log writes it: a built-in's name, or the object form with the parameters that differ."""
    if VARIANTS.get(variant.name) == variant:
        return variant.name
    changed = variant.rules.changed_from(DEFAULT_RULES)
    return {"base": UNO_DUO.name, "rules": {name: ours for name, (_, ours) in changed.items()}}


def bot_problem(style: Any) -> str | None:
    """Why ``style`` names no bot (None: it does)."""
    if isinstance(style, str) and style in PLAYERS:
        return None
    return f"a bot's style is one of {', '.join(PLAYERS)}"


def bot_styles() -> list[dict]:
    """The bots' styles a seat may be given, each with its name and its summary in words, in the engine's order."""
    return [{"name": name, "summary": player.summary} for name, player in PLAYERS.items()]


def bot(style: str, table: str) -> Strategy:
    """The strategy of the bot style ``style`` seated at the table ``table`` (its id): a style that keeps
    something between its decisions keeps it for this table alone (:meth:`Strategy.for_game
    <referee.play.players.Strategy.for_game>`), however many tables of the same players' names are in play."""
    return PLAYERS[style].for_game(table)


def start(first: str, second: str, variant: Variant, chance: random.Random) -> LiveGame:
    """A new game for ``first`` (seat 0) and ``second`` (seat 1), chance drawn from ``chance``."""
    return LiveGame.start((first, second), variant, chance)


def resume(players: Sequence[str], variant: Variant, opening_chance: Any, steps: Iterable[Any],
           chance: random.Random) -> LiveGame:
    """The game stored as ``opening_chance`` and ``steps`` (:class:`~referee.tables.store.Step`), replayed once."""
    return LiveGame.resume(tuple(players), variant, opening_chance, [_step(s) for s in steps], chance)


def catch_up(game: LiveGame, steps: Iterable[Any]) -> None:
    """Carry the stored ``steps`` that follow the game's own ``seq`` out on it, with their stored chance — what
    another instance accepted meanwhile — instead of replaying the whole game (:meth:`LiveGame.follow
    <referee.play.live.LiveGame.follow>`: a step that does not follow, is refused, or leaves stored chance
    unused is a :class:`~referee.play.dealer.CorruptRecord`, as in ``resume``)."""
    for step in steps:
        game.follow(_step(step))


def _step(stored: Any) -> dict:
    """A stored step (:class:`~referee.tables.store.Step`) in the form the engine stores a step (:meth:`Step.to_dict
    <referee.play.live.Step.to_dict>`)."""
    return {"seq": stored.seq, "seat": stored.seat, "decision": stored.decision, "chance": stored.chance}


def opening(game: LiveGame) -> list:
    """The chance drawn at the start, JSON-ready."""
    return [dict(outcome) for outcome in game.opening]


def over(game: LiveGame) -> bool:
    """True once the game has ended."""
    return game.over


def stored_form(decision: Any) -> Any:
    """The decision as a table takes and stores it: without its platform (``x-``) fields, which a log allows on
    an event but which are no part of the game (and would let a seat store anything, of any size)."""
    if not isinstance(decision, dict):
        return decision
    return {key: value for key, value in decision.items() if not is_platform_field(key)}


def act(game: LiveGame, seat: int, decision: Any) -> list:
    """Take ``seat``'s decision; the chance the dealer drew carrying it out, JSON-ready. The engine's refusals
    become the table's (:data:`REFUSALS`), with the engine's rule id, words and pointers."""
    try:
        step = game.act(seat, decision)
    except Refused as refused:
        raise errors.MoveRefused(refused.rule, refused.message) from None
    except MalformedDecision as malformed:
        raise errors.MalformedDecision(malformed.problems) from None
    except GameOver:
        raise errors.TableOver() from None
    return [dict(outcome) for outcome in step.chance]


def bot_move(game: LiveGame, bots: dict[int, Strategy], rng: random.Random) -> tuple[int, dict] | None:
    """The next decision of a bot seat — the seat to act first, then an interjection another bot wants —
    or None when no bot has one now."""
    to_act = game.to_act
    for seat in sorted(bots, key=lambda s: s != to_act):
        decision = game.decide(seat, bots[seat], rng)
        if decision is not None:
            return seat, decision
    return None


def view(game: LiveGame, seat: int | None, since: history.Since | history.Mark | None = None) -> dict:
    """The seat's view as JSON (``seat`` None: the public view, with no hand), its ``history`` one page
    (:mod:`referee.tables.history`): what changed since the :class:`~referee.tables.history.Mark` taken before a
    decision, or what a client holding :class:`~referee.tables.history.Since` lacks, or (None) the latest page."""
    seen = game.view(seat)
    entries = seen.history
    if isinstance(since, history.Mark):
        start = history.first_changed(since, seen.round, entries)
    else:
        start = history.first_wanted(seen.round, entries, since)
    out = seen.to_dict(history.page(start))
    out["history_from"], out["history_length"] = start, len(entries)
    out["goal"], out["last_round"] = game.goal(), game.round_end()
    return out


def history_mark(game: LiveGame) -> history.Mark:
    """The measure of the game's public history now (before a decision)."""
    seen = game.view(None)
    return history.mark(seen.round, seen.history)


def record(game: LiveGame) -> dict:
    """The game's ``uno-duo-log/1`` record with its decks (serve it only once the game is over)."""
    return game.record()
