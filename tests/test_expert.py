"""The search-based player (referee.play.expert) and what a seat knows (referee.play.knowledge): a copy of a
whole game that plays on independently, knowledge that the engine's own position bears out, a sampler that
deals only what the seat has not seen, and the honesty test -- over 1,000 positions of real games, the
hidden cards dealt otherwise (consistently with the view) give the same decision for the same seed, and the
engine's position is never touched."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.engine.game import Game, Needs
from referee.engine.legal import Options
from referee.engine.piles import DrawPile
from referee.engine.round_state import RoundState
from referee.engine.variants import UNO_DUO, Rules
from referee.play.expert import ExpertPlayer, play_out, value
from referee.play.knowledge import Knowledge, deal, unseen
from referee.play.players import PLAYERS, Strategy, get_player
from referee.play.selfplay import game_seed, simulate_game
from referee.play.view import PlayerView

# -- Game.clone ------------------------------------------------------------------------------------------

def _fingerprint(game: Game) -> tuple:
    state = game.state
    return (game.needs, tuple(game.match.scores), game.round_index, game.kept,
            None if state is None else (tuple(state.hands[0]), tuple(state.hands[1]), tuple(state.pile.slots),
                                        tuple(state.discard), state.moment, state.color, state.uno))


def _game_in_play(seed: int, rules: Rules = UNO_DUO.rules) -> Game:
    """A game of ``seed`` under ``rules`` (a drafted variant) with its first round's card turned up."""
    rng = random.Random(seed)
    game = Game(rules, ("Ana", "Ben"))
    from referee.engine.deck import standard_deck
    from referee.log.records import Pick
    game.cut([(standard_deck("112")[0], standard_deck("112")[60])])
    game.begin_round()
    deck = standard_deck("112")
    rng.shuffle(deck)
    game.deal(DrawPile.of_deck(deck, "112"))
    while game.needs is Needs.PICK:
        top = game.pile.top(2)
        game.pick(Pick(game.draft.to_pick, top[0], rng.random() < 0.5, top[1]))
    game.turn_up(game.next_card())
    if game.needs is Needs.COLOUR:
        from referee.engine.cards import Color
        game.colour(Color.RED)
    return game


@pytest.mark.parametrize("seed", range(6))
def test_a_clone_plays_on_independently_and_as_the_original_would(seed):
    game = _game_in_play(seed)
    before = _fingerprint(game)
    twin = game.clone()
    assert _fingerprint(twin) == before
    play_out(twin, random.Random(seed))
    assert twin.needs in (Needs.ROUND, Needs.OVER)
    assert _fingerprint(game) == before  # the original did not move
    again = game.clone()
    play_out(again, random.Random(seed))
    play_out(game, random.Random(seed))
    assert _fingerprint(again) == _fingerprint(game) == _fingerprint(twin)  # the same round, the same way
    assert game.match.rounds == 1 and sum(game.points) > 0


def test_a_clone_in_the_draft_is_its_own():
    rng = random.Random(1)
    game = Game(UNO_DUO.rules, ("Ana", "Ben"))
    from referee.engine.deck import standard_deck
    from referee.log.records import Pick
    deck = standard_deck("112")
    game.cut([(deck[0], deck[60])])
    game.begin_round()
    rng.shuffle(deck)
    game.deal(DrawPile.of_deck(deck, "112"))
    for _ in range(5):
        top = game.pile.top(2)
        game.pick(Pick(game.draft.to_pick, top[0], True, top[1]))
    twin = game.clone()
    top = twin.pile.top(2)
    twin.pick(Pick(twin.draft.to_pick, top[0], False, top[1]))
    assert game.draft.picks == 5 and twin.draft.picks == 6
    assert len(game.pile) == len(twin.pile) + 2
    assert sum(map(len, game.draft.hands)) == 5 and sum(map(len, twin.draft.hands)) == 6


def test_value_counts_the_games_own_points():
    game = _game_in_play(2)
    play_out(game, random.Random(0))
    out = game.state.out
    assert value(game, out) > 0 > value(game, 1 - out)  # lowest total wins: the one out gained nothing


@pytest.mark.parametrize(("scoring", "reaching_target"), [("own-hand", "loses"), ("opponent-hand", "wins"),
                                                          ("opponent-hand", "loses"), ("own-hand", "wins")])
def test_a_cut_playout_is_scored_as_the_finished_round_would_be(scoring, reaching_target):
    """Where going out is bad for the one who goes out (who scores and whether reaching the target loses
    disagree: the last two), a round the seat is all but sure to go out of is worth what a round it did go
    out of is worth, in sign: the estimate scores the round as the engine would."""
    rules = UNO_DUO.derive("scored", {"scoring": scoring, "reaching_target": reaching_target}).rules
    finished = _game_in_play(2, rules)
    play_out(finished, random.Random(0))
    assert finished.needs is Needs.ROUND
    went_out = value(finished, finished.state.out)
    cut = _game_in_play(3, rules)
    hands = cut.state.hands
    seat = cut.state.moment.player
    hands[1 - seat] += hands[seat][1:]  # the seat one card from going out, the other holding 13
    del hands[seat][1:]
    assert cut.needs is Needs.EVENT
    likely_out = value(cut, seat)
    assert likely_out != 0 and (likely_out > 0) == (went_out > 0)
    assert (value(cut, 1 - seat) > 0) == (went_out < 0)


# -- a probe: the expert's knowledge and decisions against the engine's own position ------------------------

class _Probe(Strategy):
    """Plays as ``expert`` and, at its decisions in play, checks what it knows against the engine's position
    and, when ``honesty`` is set, deals the hidden cards otherwise and asks for the decision again."""

    name = "probe"

    def __init__(self, expert: ExpertPlayer, game: dict, honesty: bool = False):
        self.expert = expert
        self.game = game
        self.honesty = honesty
        self.positions = 0
        self.constraints_held = Counter()
        self.shown = 0  # decisions made knowing cards a challenge showed
        self.deals_meeting = Counter()

    def keeps(self, view, rng):
        return self.expert.keeps(view, rng)

    def colour(self, view, rng):
        return self.expert.colour(view, rng)

    def interjects(self, option, view, rng):
        return self.expert.interjects(option, view, rng)

    def choose(self, view, rng):
        state: RoundState = self.game["state"]
        seat = view.seat
        known = self.expert.knowledge(view)
        known.observe(view)
        self._check_knowledge(known, view, state)
        seed = rng.getrandbits(32)
        before = _position(state)
        chosen = self.expert.decide(known.copy(), view, random.Random(seed))
        assert _position(state) == before  # the engine's own position is never touched
        if self.honesty and len(view.legal) > 1 and state.moment.player == seat:
            differed = False
            for redeal in range(2):
                other = _redealt(state, seat, known, random.Random(seed * 7 + redeal))
                their = PlayerView(view.players, view.rules, seat, "play", seat, other, None, 0, view.round,
                                   view.scores)
                assert their.to_dict() == view.to_dict() and their.discards == view.discards
                assert self.expert.decide(known.copy(), their, random.Random(seed)) == chosen
                differed |= (other.hands[1 - seat], other.pile.slots) != (state.hands[1 - seat], state.pile.slots)
            self.positions += differed  # (a position whose hidden cards are all of one kind counts not)
        known.chose(view, chosen)
        return chosen

    def _check_knowledge(self, known: Knowledge, view: PlayerView, state: RoundState) -> None:
        seat = view.seat
        hidden = Counter(state.hands[1 - seat]) + Counter(state.pile.slots)
        bottom = known.pile_bottom(len(state.pile))
        for i, card in enumerate(bottom):  # the known bottom is the engine's
            assert card is None or state.pile.slots[i] is card
        assert Counter(unseen(view, bottom)) + Counter(c for c in bottom if c is not None) == hidden
        hand, slots = deal(known, view, random.Random(0))
        assert len(hand) == len(state.hands[1 - seat]) and len(slots) == len(state.pile)
        assert Counter(hand) + Counter(slots) == hidden
        assert all(card is None or slots[i] is card for i, card in enumerate(bottom))
        truth = Counter(state.hands[1 - seat])
        shown = Counter(known.still_shown())
        assert shown & truth == shown  # what a challenge showed and was not laid since is still held
        self.shown += bool(shown)
        for constraint in known.constraints:  # the inference, measured against the truth (no bot declines)
            need = constraint.held - (known.other_laid - constraint.laid)
            if need > 0:
                clean = sum(1 for c in state.hands[1 - seat] if c not in constraint.cards)
                self.constraints_held[clean >= need, constraint.source] += 1
                # the sampler's deal meets it too (the true hand shows it can be met)
                self.deals_meeting[sum(1 for c in hand if c not in constraint.cards) >= min(need, len(hand))] += 1


def _position(state: RoundState) -> tuple:
    return (tuple(state.hands[0]), tuple(state.hands[1]), tuple(state.pile.slots), tuple(state.discard),
            state.moment, state.color, state.uno)


def _redealt(state: RoundState, seat: int, known: Knowledge, rng: random.Random) -> RoundState:
    """The engine's position with the hidden cards dealt otherwise: the other hand and the pile above its
    public bottom (the draft's face-up cards, while they lie there) shuffled together and dealt back."""
    other = state.copy()
    public = len(known.pile_bottom(len(state.pile))) if known.bottom_valid else 0
    slots = other.pile.slots
    pool = other.hands[1 - seat] + slots[public:]
    for _ in range(5):
        rng.shuffle(pool)
        if Counter(pool[:len(other.hands[1 - seat])]) != Counter(state.hands[1 - seat]) or len(pool) < 2:
            break
    size = len(other.hands[1 - seat])
    other.hands[1 - seat][:] = pool[:size]
    slots[public:] = pool[size:]
    return other


def _probe_game(index: int, playouts: int, honesty: bool, base: int = 39) -> _Probe:
    """Game ``index`` of a seeded run between a probed expert and the challenger, seats alternating."""
    game: dict = {}
    probe = _Probe(ExpertPlayer("expert-probe", playouts), game, honesty)
    challenger = get_player("challenger")
    seats = (probe, challenger) if index % 2 == 0 else (challenger, probe)

    def step(what):
        if isinstance(what, RoundState):
            game["state"] = what

    simulate_game(game_seed(base, index), seats=seats, on_step=step)
    return probe


def test_the_knowledge_is_the_engines_and_the_inference_holds_against_a_player_who_never_declines():
    probes = [_probe_game(index, 4, honesty=False) for index in range(3)]
    held = sum((probe.constraints_held for probe in probes), Counter())
    # every inference met by the opponent's true hand: the challenger plays as greedy, which the reading of
    # its plays assumes, and never declines a playable card
    assert not [key for key in held if not key[0]]
    assert held[True, "draw"] > 20 and held[True, "play"] > 100 and held[True, "dump"] > 0
    assert sum(probe.shown for probe in probes) > 0  # a challenge's shown hand was known and held
    meeting = sum((probe.deals_meeting for probe in probes), Counter())
    assert meeting[True] > 100 and meeting[False] == 0  # every inference met by the sampler's deal at once


def test_a_challenge_shows_the_hand_to_the_challenger_only():
    """WD4-3: the Wild Draw 4's player shows their hand to the challenger -- the challenger's position (and
    view) carries it, as it was at the challenge; the other seat's and the public's never do."""
    seen = {"state": None, "shown": 0}

    def step(what):
        if not isinstance(what, RoundState):
            return
        previous = seen["state"]
        shown = what.shown
        if shown is not None and (previous is None or previous.shown != shown):
            challenger = shown[0]
            assert previous is not None and shown[1] == tuple(previous.hands[1 - challenger])
            seen["shown"] += 1
        if shown is not None:
            challenger = shown[0]
            assert what.known_to(challenger).shown == shown
            assert what.known_to(1 - challenger).shown is None and what.known_to(None).shown is None
            mine = PlayerView(what.names, what.rules, challenger, "play", challenger, what)
            theirs = PlayerView(what.names, what.rules, 1 - challenger, "play", challenger, what)
            assert mine.shown == shown[1] and theirs.shown is None
        seen["state"] = what.copy()

    for index in range(6):
        simulate_game(game_seed(41, index), seats=(get_player("challenger"), get_player("greedy")), on_step=step)
    assert seen["shown"] > 0


def test_honesty_the_same_decision_whatever_the_hidden_cards_over_1000_positions():
    positions = index = 0
    while positions < 1000:
        positions += _probe_game(index, 4, honesty=True, base=139).positions
        index += 1
    assert positions >= 1000


def test_expert_is_a_style_everywhere_styles_are_offered():
    from referee.tables.game import bot_problem, bot_styles

    assert {"expert", "expert-fast"} <= set(PLAYERS)
    assert bot_problem("expert") is None
    assert any(s["name"] == "expert" and "events a decision" in s["summary"] for s in bot_styles())


def test_the_expert_reads_the_engines_legal_options_only():
    game = _game_in_play(4)
    state = game.state
    seat = state.moment.player
    view = PlayerView(state.names, state.rules, seat, "play", seat, state, None, 0, 1, (0, 0))
    expert = ExpertPlayer("expert-probe", 16)
    chosen = expert.choose(view, random.Random(3))
    assert chosen in Options(state).legal or chosen is None


def test_the_expert_beats_random_play():
    """A small, seeded match (10 games, seats alternating): a guard against a search that chooses no
    better than at random (the measured figures against greedy and the challenger are in docs/players.md)."""
    expert = ExpertPlayer("expert-probe", 24)
    won = 0
    for index in range(10):
        seats = (expert, get_player("random")) if index % 2 == 0 else (get_player("random"), expert)
        log = simulate_game(game_seed(1, index), seats=seats)
        won += log["result"]["winner"] == ("Ana" if index % 2 == 0 else "Ben")
    assert won >= 9


def test_levels_differing_in_a_knob_are_different_and_a_pickled_copy_keeps_every_knob():
    """Two levels alike but for their horizon (or prior) decide differently: they are not equal (a ladder or
    a report tells styles apart by equality), and a copy sent to another process (pickled) keeps both."""
    import pickle

    short, long = ExpertPlayer("expert-probe", 24), ExpertPlayer("expert-probe", 24)
    long.horizon = 48
    assert short == ExpertPlayer("expert-probe", 24) and short != long
    bold = ExpertPlayer("expert-probe", 24)
    bold.prior = 0.3
    assert short != bold
    for level in (long, bold):
        copy = pickle.loads(pickle.dumps(level))
        assert (copy.horizon, copy.prior) == (level.horizon, level.prior) and copy == level


def test_two_tables_of_the_same_names_keep_their_knowledge_apart(monkeypatch):
    """Two live tables, both of Ana and Ben with an expert seated the tables' way (referee.tables.game.bot,
    by table id), played a decision of one then a decision of the other: each decides as it would alone.
    Keyed by the names and seat only, one table's knowledge took the other's place at every turn."""
    from referee.play.live import LiveGame
    from referee.tables import game as tables

    monkeypatch.setitem(PLAYERS, "expert-probe", ExpertPlayer("expert-probe", 4))
    steps = 120

    def seated(table: str) -> dict:
        return {seat: tables.bot("expert-probe", table) for seat in (0, 1)}

    def step(live: LiveGame, bots: dict) -> dict | None:
        move = tables.bot_move(live, bots, random.Random(live.seq))
        if move is not None:
            live.act(*move)
        return move

    alone = []
    for seed in (5, 6):
        live, bots = LiveGame.start(("Ana", "Ben"), rng=random.Random(seed)), seated(f"alone-{seed}")
        alone.append([step(live, bots) for _ in range(steps)])
    games = [(LiveGame.start(("Ana", "Ben"), rng=random.Random(seed)), seated(f"table-{seed}")) for seed in (5, 6)]
    together: list[list] = [[], []]
    for _ in range(steps):
        for moves, (live, bots) in zip(together, games, strict=True):
            moves.append(step(live, bots))
    assert together == alone
