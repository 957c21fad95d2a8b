"""The table service: set a table, show a seat its view, take a seat's decision, hand out the record.

:class:`Tables` knows neither HTTP nor SQL: it joins the storage (:class:`~referee.tables.store.TableStore`),
the live games kept in this process (:class:`~referee.tables.cache.LiveCache`) and the engine's live game
(:mod:`referee.tables.game`). A decision is taken like this, under the table's lock in this process:

1. the live game at the decision's ``seq`` comes from the cache; if none is kept at that ``seq``, the table's
   ``seq`` is read from the database — a decision made at another is stale (409), a finished table takes
   none (409) — and the game is rebuilt from the stored steps;
3. the engine rules on the decision — refused, nothing changed (422 with the rule); accepted, the bots
   whose turn it is then play at once;
4. the new steps are appended *only if the table is still at that seq* (the store's conditional update and
   its ``(table, seq)`` key), committed, and only then is the answer given. A writer that lost a race (a
   thread, another process, another service instance) gets 409 and its game is forgotten.

Rules are the engine's alone: this module never decides what is legal, it asks.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.errors import Problem
from referee.names import same_name
from referee.tables import game, tokens
from referee.tables.cache import LiveCache, Recent
from referee.tables.errors import (
    BadTableRequest,
    GameNotOver,
    InvitationSpent,
    MissingToken,
    StaleMove,
    TableOver,
    UnknownInvitation,
    UnknownTable,
    WrongToken,
)
from referee.tables.history import Since
from referee.tables.store import OVER, PLAYING, Seat, StaleSequence, Step, StoredTable, TableStore, now

__all__ = ["MAX_BOT_STEPS", "VARIANT_LIMITS", "Created", "Guest", "Tables"]

#: Decisions a table's bots take at most inside one request (``bot_steps``' default): the rest waits for the next
#: request to the table -- a client polls a table of two bots as any other.
MAX_BOT_STEPS = 400


#: The variant parameters a live table bounds, and their largest values: a game's length grows with its target
#: (a target of 100,000 is some 2,000 rounds: ten thousand times the storage of a game), and a draw larger than the
#: deck draws the same as the whole deck.
VARIANT_LIMITS = {"target_score": 10_000, "bluff_draw": 112, "failed_challenge_draw": 112, "uno_penalty": 112}


@dataclass(frozen=True, slots=True)
class Created:
    """A new table: its stored form, each human seat's token but the invited ones', and each invited seat's
    invitation code, shown this once."""

    table: StoredTable
    tokens: dict[str, str]
    invitations: dict[str, str]


@dataclass(frozen=True, slots=True)
class Guest:
    """An invitation spent: the invited seat's player and the token now theirs, shown this once."""

    player: str
    token: str


class Tables:
    """The live tables of one store. ``allow_seed``: a table may be set with a fixed seed (tests, demos);
    otherwise every shuffle draws on :class:`secrets.SystemRandom`."""

    def __init__(self, store: TableStore, allow_seed: bool = False, cache_size: int = 1024,
                 bot_steps: int = MAX_BOT_STEPS):
        self.store = store
        self.allow_seed = allow_seed
        self.bot_steps = bot_steps
        self.cache = LiveCache(cache_size)
        self.fixed = Recent(cache_size)  # what never changes of a table: players, seats, variant

    # -- setting a table --------------------------------------------------------------------------------

    def create(self, players: list[str], variant: Any = None, bots: Mapping[str, str] | None = None,
               seed: int | None = None, invite: list[str] | None = None) -> Created:
        """A new table for ``players``, under ``variant`` (a name or the log's object form; None: UNO DUO),
        the seats named in ``bots`` played by bots of those styles, the human seats named in ``invite`` given
        an invitation code instead of a token (its guest trades it for the token once: :meth:`join`). The bots
        whose turn comes first play at once, at most ``bot_steps`` decisions (the rest: :meth:`advance`)."""
        bots = dict(bots or {})
        invite = list(invite or [])
        problems = [Problem(f"/bots/{name}", f"{name!r} is not one of the players") for name in bots
                    if name not in players]
        problems += [Problem(f"/invite/{i}", _invitation_problem(name, players, bots, invite[:i]))
                     for i, name in enumerate(invite) if _invitation_problem(name, players, bots, invite[:i])]
        problems += [Problem(f"/bots/{name}", message) for name, style in bots.items()
                     if (message := game.bot_problem(style))]
        if seed is not None and not self.allow_seed:
            problems.append(Problem("/seed", "this service does not take a fixed seed (REFEREE_TABLES_ALLOW_SEED)"))
        rules, variant_problems = game.read_variant(variant)
        problems += variant_problems or [Problem(f"/variant/rules/{name}", f"at a live table {name} is at most {most}")
                                         for name, most in VARIANT_LIMITS.items()
                                         if getattr(rules.rules, name) > most]
        if len(players) != 2 or same_name(players[0], players[1]):
            problems.append(Problem("/players", "two players with different names"))
        if problems:
            raise BadTableRequest(problems)
        chance = random.Random(seed) if seed is not None else secrets.SystemRandom()
        live = game.start(players[0], players[1], rules, chance)
        table_id = tokens.new_table_id()
        handed = {name: tokens.new_token() for name in players if name not in bots and name not in invite}
        invitations = {name: tokens.new_token() for name in invite}
        seats = tuple(Seat(i, name, tokens.digest(handed[name]) if name in handed else None, bots.get(name),
                           tokens.digest(invitations[name]) if name in invitations else None)
                      for i, name in enumerate(players))
        first_steps = self._bots_play(table_id, seats, live, 0, chance)
        table = StoredTable(table_id, game.variant_field(rules), (players[0], players[1]), now(), len(first_steps),
                            OVER if game.over(live) else PLAYING, game.opening(live), seats,
                            game.record(live) if game.over(live) else None)
        self.store.create(table, first_steps)
        self.fixed.put(table_id, table)
        self.cache.put(table_id, table.seq, live)
        return Created(table, handed, invitations)

    def join(self, table_id: str, code: str) -> Guest:
        """Spend the invitation ``code`` of the table: its seat's token, made now and shown this once.

        :class:`~referee.tables.errors.InvitationSpent` if a guest joined with it before;
        :class:`~referee.tables.errors.UnknownInvitation` if it is no invitation of the table, or the game
        has ended (an invitation expires with its game)."""
        table = self.table(table_id)
        token = tokens.new_token()
        joined = self.store.join(table_id, tokens.digest(code), tokens.digest(token))
        if joined.seat is None:
            if joined.spent:
                raise InvitationSpent()
            raise UnknownInvitation()
        self.fixed.pop(table_id)  # the seat's token digest has changed
        return Guest(table.players[joined.seat], token)

    # -- seats and views --------------------------------------------------------------------------------

    def table(self, table_id: str) -> StoredTable:
        """What never changes of the table (its players, seats, variant); :class:`UnknownTable` if none."""
        found = self.fixed.get(table_id)
        if found is None:
            if not tokens.TABLE_ID.fullmatch(table_id):
                raise UnknownTable(table_id)  # no table has it (a NUL, say), so the database is not asked
            found = self.store.get(table_id)
            if found is None:
                raise UnknownTable(table_id)
            self.fixed.put(table_id, found)
        return found

    def seat_of(self, table: StoredTable, token: str | None, required: bool = True) -> int | None:
        """The seat whose token ``token`` is (None without a token when not ``required``).

        :class:`MissingToken` when one is required and absent, :class:`WrongToken` when it is no seat's."""
        if token is None:
            if required:
                raise MissingToken()
            return None
        for seat in table.seats:
            if tokens.matches(token, seat.token_hash):
                return seat.seat
        if any(seat.awaiting_guest for seat in table.seats):  # a guest may have joined through another process
            fresh = self.store.get(table.id)
            if fresh is not None and fresh.seats != table.seats:
                self.fixed.put(table.id, fresh)
                return self.seat_of(fresh, token, required)
        raise WrongToken()

    def awaiting(self, table_id: str) -> list[str]:
        """The invited players whose guest has not joined yet, in seat order: public (the host shared the
        link), so a host polling the public view learns when the friend takes the seat. Asks the database
        only while some seat is still awaited, since a guest may join through another process."""
        table = self.table(table_id)
        if any(seat.awaiting_guest for seat in table.seats):
            fresh = self.store.get(table.id)
            if fresh is not None and fresh.seats != table.seats:
                self.fixed.put(table.id, fresh)
                table = fresh
        return [table.players[seat.seat] for seat in table.seats if seat.awaiting_guest]

    def progress(self, table_id: str) -> tuple[int, bool]:
        """The table's ``seq`` and whether it is over, from the database (one query)."""
        found = self.store.progress(table_id)
        if found is None:
            raise UnknownTable(table_id)
        return found

    def view(self, table_id: str, seat: int | None, seq: int | None = None, since: Since | None = None) -> dict:
        """The seat's view of the table at ``seq`` — now, when None — (``seat`` None: the public view), as
        JSON-ready data; its history the page a client holding ``since`` lacks (None: the latest page)."""
        table = self.table(table_id)
        with self.cache.lock(table_id):
            if seq is None:
                seq, _ = self.progress(table_id)
            live = self._live(table, seq)
            return game.view(live, seat, since)

    # -- acting -----------------------------------------------------------------------------------------

    def act(self, table_id: str, seat: int, seq: int, decision: dict) -> dict:
        """Take the seat's ``decision`` made at ``seq``; the seat's new view once it is stored, its history the
        entries the decision and the bots' replies added or changed.

        Raises :class:`StaleMove` or :class:`TableOver` (nothing taken), the engine's refusal
        (:class:`~referee.tables.errors.MoveRefused`, :class:`~referee.tables.errors.MalformedDecision`: nothing
        changed)."""
        table = self.table(table_id)
        decision = game.stored_form(decision)
        with self.cache.lock(table_id):
            current = seq
            live = self.cache.get(table_id, seq)
            live_checked = live is None or game.over(live)
            if live_checked:  # else the append below checks seq against the database
                current, over = self.progress(table_id)
                if over:
                    raise TableOver()
                if seq != current:
                    raise StaleMove(seq, current)
                live = self._live(table, current)
            before = game.history_mark(live)
            try:
                new_steps = [Step(current + 1, seat, decision, game.act(live, seat, decision))]
                new_steps += self._bots_play(table.id, table.seats, live, current + 1, secrets.SystemRandom())
                finished = game.over(live)
                self.store.append(table_id, current, new_steps, OVER if finished else PLAYING,
                                  game.record(live) if finished else None)
            except StaleSequence:
                self.cache.drop(table_id)
                now_at, over = self.progress(table_id)
                raise (TableOver() if over else StaleMove(seq, now_at)) from None
            except game.REFUSALS:
                if not live_checked:
                    # Judged on this process's game at `seq` without asking the database: another instance may
                    # have moved the table on, and then the decision is stale (409), whatever it says.
                    now_at, over = self.progress(table_id)
                    if over or now_at != seq:
                        self.cache.drop(table_id)
                        raise (TableOver() if over else StaleMove(seq, now_at)) from None
                raise  # the engine changed nothing: the cached game is still the table's at `current`
            except BaseException:
                self.cache.drop(table_id)  # the game may have moved without being stored
                raise
            self.cache.put(table_id, current + len(new_steps), live)
            return game.view(live, seat, before)

    def advance(self, table_id: str) -> None:
        """Let the table's bots play, at most ``bot_steps`` decisions, if one of them has a decision now (a table
        of two bots, or bots whose replies outran the last request's bound); stored like a seat's decision. A
        request that finds another has moved the table on first leaves it to that one."""
        table = self.table(table_id)
        if all(seat.bot is None for seat in table.seats):
            return
        with self.cache.lock(table_id):
            current, over = self.progress(table_id)
            if over:
                return
            live = self._live(table, current)
            try:
                new_steps = self._bots_play(table.id, table.seats, live, current, secrets.SystemRandom())
                if not new_steps:
                    return
                finished = game.over(live)
                self.store.append(table_id, current, new_steps, OVER if finished else PLAYING,
                                  game.record(live) if finished else None)
            except StaleSequence:
                self.cache.drop(table_id)
                return
            except BaseException:
                self.cache.drop(table_id)
                raise
            self.cache.put(table_id, current + len(new_steps), live)

    def _bots_play(self, table_id: str, seats: tuple[Seat, ...], live: Any, seq: int,
                   rng: random.Random) -> list[Step]:
        """The steps of the bots of table ``table_id`` whose turn it is, played until a person is to act, the
        game is over, or ``bot_steps`` decisions were taken (the bound of one request's work)."""
        styles = {s.seat: game.bot(s.bot, table_id) for s in seats if s.bot}
        taken: list[Step] = []
        while styles and not game.over(live) and len(taken) < self.bot_steps:
            move = game.bot_move(live, styles, rng)
            if move is None:
                break
            seat, decision = move
            taken.append(Step(seq + len(taken) + 1, seat, decision, game.act(live, seat, decision)))
        return taken

    def _live(self, table: StoredTable, seq: int) -> Any:
        """The table's live game at ``seq``: the cached one; or the cached one behind it, brought up to ``seq``
        with the steps another instance stored meanwhile; or one rebuilt from all the stored steps."""
        live = self.cache.get(table.id, seq)
        if live is not None:
            return live
        behind = self.cache.behind(table.id, seq)
        if behind is not None:
            following = [step for step in self.store.steps(table.id, after=behind[0]) if step.seq <= seq]
            try:
                game.catch_up(behind[1], following)
                live = behind[1]
            except Exception:
                self.cache.drop(table.id)
        if live is None:
            stored = [step for step in self.store.steps(table.id) if step.seq <= seq]  # not one another wrote since
            live = game.resume(table.players, game.read_variant(table.variant)[0], table.opening, stored,
                               secrets.SystemRandom())
        self.cache.put(table.id, seq, live)
        return live

    # -- the record ------------------------------------------------------------------------------------

    def record(self, table_id: str) -> dict:
        """The game's ``uno-duo-log/1`` record with its decks; :class:`GameNotOver` before the end."""
        self.table(table_id)
        stored = self.store.get(table_id)
        if stored is None:
            raise UnknownTable(table_id)
        if not stored.over:
            raise GameNotOver()
        return stored.record


def _invitation_problem(name: str, players: list[str], bots: Mapping[str, str], before: list[str]) -> str | None:
    """Why ``name`` cannot be invited (None: it can): only a human seat of the table, once."""
    if name not in players:
        return f"{name!r} is not one of the players"
    if name in bots:
        return f"{name!r} is a bot's seat: only a person is invited"
    if name in before:
        return f"{name!r} is invited once"
    return None
