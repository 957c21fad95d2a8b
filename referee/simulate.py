"""Self-play: complete, legal version-1 game logs from seeded-random bots, and which rules they exercise.

:func:`simulate_game` plays one game to the variant's target score with the engine's own pieces — the
round's shuffled deck in a :class:`~referee.piles.DrawPile`, the :class:`~referee.draft.Draft` (or the
deal), :meth:`RoundState.turn_up <referee.round_state.RoundState.turn_up>`, then, event by event,
:func:`~referee.legal.legal_events` → a :class:`~referee.bots.Bot`'s choice → :meth:`RoundState.apply
<referee.round_state.RoundState.apply>` — and writes what happened as a log. The game is a function of
its seed (one :class:`random.Random`, no global state). :func:`simulate` yields many games;
:func:`simulate_stats` counts how often each rule id fired in a set of logs (see :data:`FIRES` for the
mapping from what happened to rule ids, and :func:`unreachable` for the ids legal play cannot fire).

>>> log = simulate_game(7)
>>> from referee import judge
>>> judge(log).legal
True
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from referee.bots import CAREFUL, STYLES, Bot
from referee.cards import Card, Color, Kind, parse_card
from referee.deck import cut_winner, leader, standard_deck
from referee.document import Event, GameLog, Pick, read_log
from referee.draft import Draft, deal
from referee.legal import legal_events
from referee.piles import DrawPile
from referee.replay import Observer, Replay
from referee.round_state import TURNED_UP, VOLLEY, WILD_DRAW_4, RoundState
from referee.rules import RULES
from referee.variants import DEFAULT_RULES, UNO_DUO, VARIANTS, Rules, Variant, get_variant

FORMAT = "uno-duo-log/1"
#: After this many events in a round the bots stop declining and keeping (so that every round ends).
CAREFUL_AFTER = 400
#: A round that has not ended after this many events is a bug of the simulator (never seen).
MAX_EVENTS = 20_000
#: The chance that a round is played by two hoarders (decline every card until the piles run dry):
#: the only way legal play reaches a short draw (REFILL-2).
HOARD_ROUNDS = 0.03

if TYPE_CHECKING:
    from referee.players import Strategy

Hook = Callable[[Any], None]


def _variant(variant: str | Variant | None) -> Variant:
    if variant is None:
        return UNO_DUO
    if isinstance(variant, Variant):
        return variant
    return get_variant(variant)


def _variant_field(variant: Variant) -> str | dict:
    """The log's ``variant``: a built-in name, or the object form with the parameters that differ."""
    if VARIANTS.get(variant.name) == variant:
        return variant.name
    changed = variant.rules.changed_from(DEFAULT_RULES)
    return {"base": UNO_DUO.name, "rules": {name: ours for name, (_, ours) in changed.items()}}


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run started with ``seed`` (stable across Python versions)."""
    digest = hashlib.sha256(f"uno-duo/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def simulate(games: int, seed: int = 0, variant: str | Variant | None = None,
             with_deck: bool = True) -> Iterator[dict]:
    """Yield ``games`` complete, legal game logs (dicts, version 1); game ``i`` is
    ``simulate_game(game_seed(seed, i), variant, with_deck)``.

    ``variant`` is a built-in name, a ``.toml`` file or a :class:`Variant` (default ``uno-duo``);
    ``with_deck=False`` leaves every round's ``deck`` out and names every card instead.
    """
    chosen = _variant(variant)
    for index in range(games):
        yield simulate_game(game_seed(seed, index), chosen, with_deck)


def simulate_game(seed: int, variant: str | Variant | None = UNO_DUO, with_deck: bool = True,
                  players: tuple[str, str] = ("Ana", "Ben"), on_step: Hook | None = None,
                  seats: tuple[Strategy, Strategy] | None = None) -> dict:
    """One complete game, to the variant's target score, as a version-1 log (a JSON-ready dict).

    Deterministic for ``seed``. With ``with_deck`` each round gives its shuffled ``deck`` and draws
    name their cards only sometimes; without it no ``deck`` is given and every card is named (a dealt
    round then states its hands as ``setup``). The log claims the cut, every round's and the game's
    result. ``on_step``, if given, is called with the :class:`~referee.draft.Draft` after every pick
    and with the :class:`~referee.round_state.RoundState` after the turn-up and every event (tests use
    it to check that no card is lost or made up). ``seats``, if given, are the two
    :class:`~referee.players.Strategy` objects that play (the first for ``players[0]``) instead of the
    seeded mix of :data:`~referee.bots.STYLES`; they play as they are, with no hoarding rounds and no
    careful fallback.
    """
    return _Game(seed, _variant(variant), with_deck, players, on_step, seats).play()


class _Game:
    """One simulated game."""

    def __init__(self, seed: int, variant: Variant, with_deck: bool, players: tuple[str, str],
                 on_step: Hook | None, seats: tuple[Strategy, Strategy] | None = None):
        self.rng = random.Random(seed)
        # The log's form (whether a draw names its cards) draws on its own generator, so that the same
        # seed plays the same game with and without decks.
        self.form = random.Random(seed ^ 0x5EED)
        self.variant = variant
        self.rules: Rules = variant.rules
        self.with_deck = with_deck
        self.names = (str(players[0]), str(players[1]))
        self.on_step = on_step
        styles = [self.rng.choice(STYLES) for _ in (0, 1)]
        self.bots = [Bot(style, self.rng, self.rules) for style in styles]
        self.careful = Bot(CAREFUL, self.rng, self.rules)
        self.seats = seats

    def play(self) -> dict:
        rules, names = self.rules, self.names
        cut, first = self._cut()
        doc: dict[str, Any] = {"format": FORMAT, "variant": _variant_field(self.variant),
                               "players": list(names), "cut": cut, "rounds": []}
        scores = [0, 0]
        while max(scores) < rules.target_score:
            index = len(doc["rounds"])
            if index >= 1000:
                raise RuntimeError("simulated game does not end")  # pragma: no cover
            player_1 = first if index % 2 == 0 else 1 - first
            rnd, pts = self._round(index, player_1)
            doc["rounds"].append(rnd)
            scores[0] += pts[0]
            scores[1] += pts[1]
        doc["result"] = {"winner": _winner(scores, rules, names),
                         "scores": {names[0]: scores[0], names[1]: scores[1]}}
        return doc

    def _cut(self) -> tuple[list[dict], int]:
        """CUT-1, CUT-2: each player cuts a card; equal values cut again (:func:`~referee.deck.cut_winner`)."""
        deck = standard_deck(self.rules.deck)
        cuts = []
        while True:
            a, b = self.rng.sample(deck, 2)
            cuts.append({self.names[0]: a.code, self.names[1]: b.code})
            winner = cut_winner(a, b)
            if winner is not None:
                return cuts, winner

    # -- one round --------------------------------------------------------------------------------

    def _round(self, index: int, player_1: int) -> tuple[dict, tuple[int, int]]:
        rng, rules, names = self.rng, self.rules, self.names
        deck = list(standard_deck(rules.deck))
        rng.shuffle(deck)  # top card first
        pile = DrawPile(list(reversed(deck)), None)
        rnd: dict[str, Any] = {}
        if index == 0 or rng.random() < 0.5:
            rnd["first_drafter"] = names[player_1]
        if self.with_deck:
            rnd["deck"] = [c.code for c in deck]
        if rules.start == "deal":
            hands = deal(names, player_1, pile)
            if not self.with_deck:
                rnd["setup"] = {"hands": {names[i]: [c.code for c in hands[i]] for i in (0, 1)}}
        else:
            hands = self._draft(rnd, player_1, pile)
        card = pile.peek(1)[0]
        pile.commit(1, [])
        state = RoundState(rules, names, hands, pile)
        color = None
        if card.is_wild:
            color = self.seats[player_1].colour(hands[player_1], rules, rng) if self.seats \
                else self.bots[player_1].colour(hands[player_1])
        state.turn_up(card, color, player_1)
        rnd["turn_up"] = card.code
        if color is not None:
            rnd["color"] = color.word
        self._step(state)
        rnd["events"] = self._play(state)
        pts = state.points()
        rnd["result"] = {"out": names[state.out], "points": {names[0]: pts[0], names[1]: pts[1]}}
        return rnd, pts

    def _draft(self, rnd: dict, player_1: int, pile: DrawPile) -> list[list[Card]]:
        draft = Draft(self.names, player_1, pile)
        picks = rnd["draft"] = []
        while not draft.done:
            who = draft.to_pick
            drew, nxt = pile.peek(2)
            keep = self.seats[who].keeps(drew, self.rules, self.rng) if self.seats else self.bots[who].keeps(drew)
            draft.pick(Pick(who, drew, keep, nxt))
            picks.append({"player": self.names[who], "drew": drew.code, "decision": "keep" if keep else "pass",
                          "next": nxt.code})
            self._step(draft)
        draft.finish()
        return draft.hands

    def _step(self, what: Any) -> None:
        if self.on_step is not None:
            self.on_step(what)

    def _play(self, state: RoundState) -> list[dict]:
        """Play the round out: one event at a time, each checked by the engine before it is logged."""
        events: list[dict] = []
        hoard = self.rng.random() < HOARD_ROUNDS and self.seats is None
        names = self.names
        while not state.over:
            if len(events) > MAX_EVENTS:
                raise RuntimeError("simulated round does not end")  # pragma: no cover
            if hoard and len(state.pile) == 0 and len(state.discard) <= 1:
                hoard = False  # the piles ran dry: a short draw has been made (or is next); play on
            careful = len(events) > (CAREFUL_AFTER * (4 if hoard else 1)) and self.seats is None
            chooser = self._seated if self.seats else self._choose
            logged = chooser(state, legal_events(state), hoard and not careful, careful)
            if logged is None:  # a playable drawn card kept: the opponent's next event shows it
                state.keep_drawn()
                continue
            player = names.index(logged["player"])
            if logged["type"] == "draw":
                event = self._draw(state, player, logged, len(events))
            else:
                event = _event(logged, player, len(events))
            state.apply(event)
            events.append(logged)
            self._step(state)
        return events

    def _choose(self, state: RoundState, info: dict, hoard: bool, careful: bool) -> dict | None:
        """The next event (log-style, with ``player``), or None to keep a playable drawn card."""
        legal = info["legal"]
        player = self.names.index(info["player"])
        bot = self.careful if careful else self.bots[player]
        # Interjections first: they may come at any moment their conditions hold (UNO-4).
        for option in info["interjections"]:
            who = self.names.index(option["player"])
            style = self.bots[who].style
            if self.rng.random() < (style.late_uno if option["type"] == "uno" else style.catch) / 2:
                return dict(option)
        with_player = {"player": info["player"]}
        plays = [o for o in legal if o["type"] == "play"]
        hand = state.hands[player]
        if state.penalty is not None:
            return {**with_player, "type": "draw"}
        if state.drawn is not None:
            if hoard or bot.chance(bot.style.keep_drawn):
                return None
            return {**with_player, **bot.choose_play(plays, hand)}
        if state.owed is not None:
            if plays and bot.chance(bot.style.volley):
                return {**with_player, **bot.choose_play(plays, hand)}
            if any(o["type"] == "challenge" for o in legal) and bot.chance(bot.style.challenge):
                return {**with_player, "type": "challenge"}
            return {**with_player, "type": "draw"}
        dumps = [o for o in legal if o["type"] == "dump"]
        if dumps and not hoard and bot.chance(bot.style.dump):
            return {**with_player, **bot.finish(dumps[0])}
        if plays and not hoard and not bot.chance(bot.style.decline):
            return {**with_player, **bot.choose_play(plays, hand)}
        return {**with_player, "type": "draw"}

    def _seated(self, state: RoundState, info: dict, hoard: bool, careful: bool) -> dict | None:
        """The next event as the seated strategies choose it among the legal ones (None: keep the drawn card)."""
        names = self.names
        for option in info["interjections"]:
            if self.seats[names.index(option["player"])].interjects(option, state, self.rng):
                return dict(option)
        chosen = self.seats[names.index(info["player"])].choose(state, info, self.rng)
        return None if chosen is None else {"player": info["player"], **chosen}

    def _draw(self, state: RoundState, player: int, logged: dict, index: int) -> Event:
        """The draw's cards, taken from the pile we know (and a refill, shuffled under a shuffling variant)."""
        cards, refill = draw_cards(state, self.rng)
        if refill is not None:
            logged["refill"] = [c.code for c in refill]
        if not self.with_deck or self.form.random() < 0.5:
            logged["cards"] = [c.code for c in cards]
        return Event("draw", player, index, cards=tuple(cards), refill=refill)


def draw_cards(state: RoundState, rng: random.Random | None = None) -> tuple[list[Card], tuple[Card, ...] | None]:
    """The cards the player to draw takes now, read off a fully known pile, and the refill order to record.

    The count is what is owed (a penalty, a volley, a Wild Draw 4, a turned-up card) or one. When the pile
    runs out the discards under the top card become the new pile (REFILL-1): turned over, or — under a
    shuffling variant — shuffled with ``rng``, and then returned as the refill to record (else None).
    """
    if state.penalty is not None:
        count = state.penalty[1]
    elif state.owed is not None:
        count = state.owed_cards
    else:
        count = 1
    pile = state.pile
    from_pile = min(count, len(pile))
    cards = pile.peek(from_pile)
    missing = count - from_pile
    refill = None
    if missing > 0 and len(state.discard) > 1:
        order = state.discard[:-1]  # turned over: the oldest discard on top
        if state.rules.refill == "shuffle":
            (rng or random.Random(0)).shuffle(order)
            refill = tuple(order)
        cards = cards + order[:missing]
    return cards, refill


def event_from_log(state: RoundState, logged: dict, index: int = 0, rng: random.Random | None = None) -> Event:
    """The engine's :class:`Event` for a log-style event dict (``player`` given by name).

    A ``draw`` takes its cards from the (fully known) pile with :func:`draw_cards`.
    """
    player = state.names.index(logged["player"])
    if logged["type"] == "draw":
        cards, refill = draw_cards(state, rng)
        return Event("draw", player, index, cards=tuple(cards), refill=refill)
    return _event(logged, player, index)


def _event(logged: dict, player: int, index: int) -> Event:
    """The engine's :class:`Event` for a log-style event dict (other than a draw)."""
    kind = logged["type"]
    if kind == "play":
        return Event("play", player, index, card=parse_card(logged["card"]),
                     color=Color.parse(logged["color"]) if "color" in logged else None,
                     uno=bool(logged.get("uno", False)),
                     dump=tuple(parse_card(c) for c in logged.get("dump", ())))
    if kind == "dump":
        return Event("dump", player, index, cards=tuple(parse_card(c) for c in logged["cards"]),
                     uno=bool(logged.get("uno", False)))
    return Event(kind, player, index)


def _winner(scores: list[int], rules: Rules, names: tuple[str, str]) -> str | None:
    """The winner the log claims once the game is over (GAME-2)."""
    winner = leader(scores, rules)
    return None if winner is None else names[winner]


# ---------------------------------------------------------------------------------------------------
# Which rules fired
# ---------------------------------------------------------------------------------------------------

#: What makes each rule id "fire" in a legal log (the mapping :func:`simulate_stats` counts).
FIRES: dict[str, str] = {
    "DECK-1": "every game (two players)",
    "DECK-2": "a Wild Custom played (it plays as a Wild)",
    "CUT-1": "every game with a cut",
    "CUT-2": "a tied cut, cut again",
    "DRAFT-1": "every drafted round", "DRAFT-2": "every drafted round", "DRAFT-5": "every drafted round",
    "DRAFT-6": "every drafted round (the discards go under the pile)",
    "DRAFT-3": "every pick",
    "DRAFT-4": "a pick passed (that card can never be chosen again)",
    "DRAFT-7": "every round after the first",
    "START-1": "every card turned up", "START-2": "Player 2 takes the first turn",
    "START-3": "a turned-up Draw 2 drawn", "START-4": "a turned-up Wild Draw 4 drawn",
    "START-5": "a turned-up Skip (or, where a Reverse skips, Reverse)",
    "START-6": "a turned-up Reverse (under a dump variant)", "START-7": "a turned-up wild",
    "START-8": "a turned-up number card",
    "TURN-1": "every card played", "TURN-2": "a one-card draw by a player holding a playable card",
    "TURN-3": "every one-card draw", "TURN-4": "a number card or Wild played, the turn passing",
    "REFILL-1": "a draw that turned the discards over", "REFILL-2": "a short draw",
    "UNO-1": "a play with uno: true", "UNO-2": "a catch", "UNO-3": "a late UNO",
    "UNO-4": "every interjection (late UNO or catch)",
    "END-1": "every round finished", "END-2": "a going-out Draw 2 / Wild Draw 4 drawn",
    "D2-1": "a Draw 2 played (as the final card)", "D2-2": "a Draw 2 answering a volley",
    "D2-3": "a volley total drawn", "D2-4": "a volley of exactly three Draw 2s, six drawn",
    "SKIP-1": "a Skip played (as the final card), its player going again",
    "REV-1": "a Reverse dump", "REV-2": "a Reverse dump (all of the colour)",
    "REV-3": "a Reverse dump (the Reverse first, the rest in a chosen order)",
    "REV-4": "a dump (Reverse or turned-up) whose final card is an action card",
    "REV-5": "a Reverse played (the turn passes, no reversal)",
    "WILD-1": "a Wild or Wild Custom played", "WD4-1": "a Wild Draw 4 drawn (four)",
    "WD4-2": "a Wild Draw 4 played", "WD4-3": "a challenge", "WD4-4": "a challenge won",
    "WD4-5": "a challenge lost", "WD4-6": "a challenge judged (the bluff test)",
    "WD4-7": "a challenge (who moves after it)",
    "SCORE-1": "every round scored", "SCORE-2": "every round scored",
    "GAME-1": "every complete game", "GAME-2": "every complete game with a winner",
}

#: Rule ids no legal log can fire, and why.
NEVER_FIRE: dict[str, str] = {
    "GEN-1": "a principle of interpretation (classic rules fill gaps), not a rule of play",
    "GEN-2": "says which id a violation names; only illegal logs cite ids",
    "LOG-1": "a rule of the record: broken only by an event out of turn or of the wrong kind",
    "LOG-2": "a rule of the record: broken only by a card not held or not the pile's next",
    "LOG-3": "a rule of the record: broken only by a wrong deck or a card named too often",
    "LOG-4": "a rule of the record: broken only by a draw of the wrong size",
    "LOG-5": "a rule of the record: broken only by a wrong claim",
    "LOG-6": "a rule of the record: broken only by an event after a round's end",
}


def unreachable(rules: Rules) -> dict[str, str]:
    """Every rule id legal play cannot fire under ``rules``, with the reason (:data:`NEVER_FIRE` and what
    the variant's parameters switch off)."""
    out = dict(NEVER_FIRE)
    if rules.deck == "108":
        out["DECK-2"] = "the 108-card deck has no Wild Custom"
    if rules.start == "deal":
        for rid in ("DRAFT-1", "DRAFT-2", "DRAFT-3", "DRAFT-4", "DRAFT-5", "DRAFT-6"):
            out[rid] = "the variant deals instead of drafting"
    if not rules.volley:
        for rid in ("D2-2", "D2-4"):
            out[rid] = "the variant has no volley"
    if not rules.reverse_dump:
        for rid in ("REV-1", "REV-2", "REV-3", "REV-4", "START-6"):
            out[rid] = "the variant has no Reverse dump"
    if rules.reverse_skips:
        out["REV-5"] = "a Reverse skips in this variant (SKIP-1 fires instead)"
    if rules.challenge == "none":
        for rid in ("WD4-3", "WD4-4", "WD4-5", "WD4-6", "WD4-7"):
            out[rid] = "the variant has no challenge"
    if not rules.final_draw:
        out["END-2"] = "the variant draws nothing after a going-out Draw 2 / Wild Draw 4"
    if rules.turned_up_draw_2_answerable:
        out["START-3"] = "a turned-up Draw 2 opens a volley in this variant"
    return out


#: The situations :func:`simulate_stats` counts besides rule ids: the options of the rules bots must
#: reach (the test suite asserts each one happens).
SITUATIONS = (
    "draft keep", "draft pass", "decline playable", "draw then play", "draw then keep",
    "volley 1", "volley 2", "volley 3", "volley 4+", "volley declined",
    "reverse alone", "reverse dump", "dump ends skip", "dump ends reverse", "dump ends draw 2",
    "turned-up dump", "turned-up reverse declined",
    "wd4 legit", "wd4 bluff", "wd4 after draw", "challenge won", "challenge lost",
    "uno said", "uno forgotten", "uno caught", "uno late",
    "refill", "short draw", "ends on draw 2", "ends on wd4",
    "turned-up number", "turned-up skip", "turned-up reverse", "turned-up draw 2", "turned-up wild",
    "turned-up wd4", "turned-up wild custom",
)


def simulate_stats(logs: Iterable[dict]) -> dict:
    """Replay ``logs`` (legal ones, e.g. from :func:`simulate`) and count what happened.

    Returns ``{"games", "rounds", "events", "rules": {id: count for every registered id},
    "situations": {name: count for each of SITUATIONS}}``. :data:`FIRES` says what counts for each
    rule id. Raises ``ValueError`` for a log that breaks a rule.
    """
    stats = _Stats()
    for doc in logs:
        game = read_log(doc)
        verdict = Replay(game, stats).run()
        if not verdict.legal:
            raise ValueError(f"not a legal game: {verdict.violation.rule} at {verdict.violation.pointer}")
        stats.game_over(game, verdict)
    return {"games": stats.games, "rounds": stats.rounds, "events": stats.events,
            "rules": {rid: stats.rules[rid] for rid in RULES},
            "situations": {name: stats.situations[name] for name in SITUATIONS}}


class _Stats(Observer):
    """Watches the engine's own replay of each log (:class:`~referee.replay.Observer`), counting rule ids
    and situations."""

    def __init__(self) -> None:
        self.games = self.rounds = self.events = 0
        self.rules: Counter[str] = Counter()
        self.situations: Counter[str] = Counter()
        self._round_state()

    def _round_state(self) -> None:
        self.picks = 0
        self.volley = 0              # Draw 2s in the volley now owed
        self.pending_draw = None     # (player, card): a playable card just drawn, not yet played or kept
        self.scored = False
        self.before: tuple = ()

    def fire(self, *ids: str) -> None:
        for rid in ids:
            self.rules[rid] += 1

    def see(self, *names: str) -> None:
        for name in names:
            self.situations[name] += 1

    def game_over(self, game: GameLog, verdict) -> None:
        self.games += 1
        self.fire("DECK-1")
        if game.cut is not None:
            self.fire("CUT-1")
            if len(game.cut) > 1:
                self.fire("CUT-2")
        if verdict.complete:
            self.fire("GAME-1")
            if verdict.winner is not None:
                self.fire("GAME-2")

    def round_begins(self, rnd) -> None:
        self.rounds += 1
        self._round_state()
        if rnd.index > 0:
            self.fire("DRAFT-7")

    def picked(self, draft: Draft, pick: Pick) -> None:
        self.picks += 1
        self.fire("DRAFT-3")
        if pick.keep:
            self.see("draft keep")
        else:
            self.fire("DRAFT-4")
            self.see("draft pass")

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        rules = state.rules
        if self.picks == 14:
            self.fire("DRAFT-1", "DRAFT-2", "DRAFT-5", "DRAFT-6")
        self.fire("START-1")
        kind = card.kind
        name = {Kind.NUMBER: "number", Kind.SKIP: "skip", Kind.REVERSE: "reverse", Kind.DRAW_2: "draw 2",
                Kind.WILD: "wild", Kind.WILD_DRAW_4: "wd4", Kind.WILD_CUSTOM: "wild custom"}[kind]
        self.see(f"turned-up {name}")
        if state.turn != player_1:
            self.fire("START-2")
        if kind is Kind.SKIP or (kind is Kind.REVERSE and rules.reverse_skips):
            self.fire("START-5")
        elif kind is Kind.REVERSE and rules.reverse_dump:
            self.fire("START-6")
        elif kind is Kind.NUMBER:
            self.fire("START-8")
        if card.is_wild:
            self.fire("START-7")

    def before_event(self, state: RoundState, event: Event) -> None:
        self.events += 1
        kind, player = event.type, event.player
        hand = state.hands[player]
        penalty = state.penalty
        self.before = (penalty, state.owed, state.owed_cards, len(state.discard), len(hand), state.first_dump,
                       state.owed is None and state.drawn is None and any(state.matches(c) for c in hand),
                       any(c.kind is Kind.DRAW_2 for c in hand), state.drawn)
        pending = self.pending_draw
        if pending is not None and kind not in ("uno", "catch") and penalty is None:
            self.see("draw then play" if kind == "play" and player == pending[0] else "draw then keep")
            self.pending_draw = None

    def after_event(self, state: RoundState, event: Event) -> None:
        rules = state.rules
        kind, player = event.type, event.player
        penalty, owed, owed_cards, discard_before, hand_before, first_dump, playable, holds_d2, drawn = self.before
        if kind in ("uno", "catch"):
            self.fire("UNO-4", "UNO-3" if kind == "uno" else "UNO-2")
            self.see("uno late" if kind == "uno" else "uno caught")
        elif kind == "challenge":
            won = state.penalty is not None and state.penalty[0] != player
            self.fire("WD4-3", "WD4-6", "WD4-7", "WD4-4" if won else "WD4-5")
            self.see("challenge won" if won else "challenge lost")
        elif kind == "draw":
            self.drew(state, player, penalty, owed, owed_cards, discard_before, hand_before, playable, holds_d2)
        else:  # play or dump
            self.laid(event, state, rules, drawn)
            final = (event.dump or (event.card,))[-1] if kind == "play" else event.cards[-1]
            if final.kind is Kind.DRAW_2:
                self.volley = self.volley + 1 if owed == VOLLEY else 1
                if owed == VOLLEY:
                    self.fire("D2-2")
        if first_dump and kind in ("play", "draw"):
            self.see("turned-up reverse declined")
        if state.over and not self.scored:
            self.scored = True
            self.fire("END-1", "SCORE-1", "SCORE-2")

    def drew(self, state: RoundState, player: int, penalty, owed, owed_cards: int, discard_before: int,
             hand_before: int, playable: bool, holds_d2: bool) -> None:
        got = len(state.hands[player]) - hand_before
        if penalty is not None:
            count = penalty[1]
            if penalty[2] == "END-2":
                self.fire("END-2")
                self.see("ends on wd4" if state.discard[-1].kind is Kind.WILD_DRAW_4 else "ends on draw 2")
        elif owed is not None:
            count = owed_cards
            if owed == VOLLEY:
                self.fire("D2-3")
                if self.volley == 3 and owed_cards == 6:
                    self.fire("D2-4")
                self.see("volley 4+" if self.volley >= 4 else f"volley {self.volley}")
                if holds_d2 and state.rules.volley:
                    self.see("volley declined")
            elif owed == WILD_DRAW_4:
                self.fire("WD4-1")
            elif owed == TURNED_UP:
                self.fire("START-4" if state.discard[0].kind is Kind.WILD_DRAW_4 else "START-3")
            self.volley = 0
        else:
            count = 1
            self.fire("TURN-3")
            if playable:
                self.fire("TURN-2")
                self.see("decline playable")
            if state.drawn is not None:
                self.pending_draw = (player, state.drawn)
        if len(state.discard) < discard_before:
            self.fire("REFILL-1")
            self.see("refill")
        if got < count:
            self.fire("REFILL-2")
            self.see("short draw")

    def laid(self, event: Event, state: RoundState, rules: Rules, drawn: Card | None) -> None:
        cards = [event.card, *event.dump] if event.type == "play" else list(event.cards)
        final = cards[-1]
        if event.type == "play":
            self.fire("TURN-1")
            if event.card.kind is Kind.REVERSE:
                self.see("reverse dump" if event.dump else "reverse alone")
                if not rules.reverse_skips:
                    self.fire("REV-5")
            if event.dump:
                self.fire("REV-1", "REV-2")
                self.fire("REV-3")
        else:
            self.see("turned-up dump")
        if len(cards) > 1 and final.kind.is_action:
            self.fire("REV-4")
            self.see({Kind.SKIP: "dump ends skip", Kind.REVERSE: "dump ends reverse",
                      Kind.DRAW_2: "dump ends draw 2"}[final.kind])
        if event.uno:
            self.fire("UNO-1")
            self.see("uno said")
        elif state.uno[event.player] == "catchable":
            self.see("uno forgotten")
        kind = final.kind
        if kind is Kind.SKIP or (kind is Kind.REVERSE and rules.reverse_skips):
            self.fire("SKIP-1")
        elif kind is Kind.DRAW_2:
            self.fire("D2-1")
        elif kind in (Kind.WILD, Kind.WILD_CUSTOM):
            self.fire("WILD-1", "TURN-4")
            if kind is Kind.WILD_CUSTOM:
                self.fire("DECK-2")
        elif kind is Kind.WILD_DRAW_4:
            self.fire("WD4-2")
            if drawn is final:
                self.see("wd4 after draw")
            elif state.out is None:
                self.see("wd4 bluff" if state.wd4_bluff else "wd4 legit")
        elif kind is Kind.NUMBER:
            self.fire("TURN-4")


__all__ = ["FIRES", "NEVER_FIRE", "SITUATIONS", "draw_cards", "event_from_log", "game_seed", "simulate",
           "simulate_game", "simulate_stats", "unreachable"]
