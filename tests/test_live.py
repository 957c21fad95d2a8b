"""The live game (referee.play.live): decisions one at a time, chance from the dealer, the engine ruling at
once -- its record judged legal by the referee, its refusals the referee's rule ids with nothing changed,
its views hiding what a seat may not know, and a stored game resumed exactly."""

from __future__ import annotations

import copy
import json
import random

import pytest

from referee import judge
from referee.engine.moment import Pending
from referee.engine.variants import UNO_DUO, VARIANTS
from referee.log.records import Draw
from referee.play.dealer import CorruptRecord
from referee.play.live import GameOver, LiveGame, MalformedDecision, Refused
from referee.play.players import PLAYERS

SHUFFLING = UNO_DUO.derive("uno-duo-shuffle", {"refill": "shuffle"})
ODD = UNO_DUO.derive("odd", {"refill": "shuffle", "wild_draw_4_answers_volley": True, "final_draw": False,
                             "turned_up_draw_2_answerable": True, "challenge": "none", "target_score": 150})
ALL_VARIANTS = [*VARIANTS.values(), SHUFFLING, ODD]
STYLES = ("random", "greedy", "challenger")


def _bot_step(game: LiveGame, styles: tuple[str, str], rng: random.Random) -> tuple[int, dict]:
    """The next decision the bots make (either seat may interject), as (seat, decision)."""
    for seat in (0, 1):
        decision = game.decide(seat, PLAYERS[styles[seat]], rng)
        if decision is not None:
            return seat, decision
    raise AssertionError(f"nobody decides at step {game.seq}")  # pragma: no cover


def _play(game: LiveGame, styles: tuple[str, str], rng: random.Random, until: int | None = None) -> list:
    steps = []
    while not game.over and (until is None or game.seq < until):
        steps.append(game.act(*_bot_step(game, styles, rng)))
    return steps


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_bot_games_record_a_log_the_referee_rules_legal_with_the_same_scores_and_winner(variant):
    for seed in range(4):
        rng = random.Random(seed)
        styles = (STYLES[seed % 3], STYLES[(seed + 1) % 3])
        game = LiveGame.start(["Ana", "Ben"], variant, rng=rng)
        _play(game, styles, rng)
        record = game.record()
        json.dumps(record)
        verdict = judge(record)
        assert verdict.legal, verdict.summary()
        assert verdict.complete
        assert verdict.scores == {"Ana": game.scores[0], "Ben": game.scores[1]} == record["result"]["scores"]
        assert verdict.winner == (None if game.winner() is None else game.names[game.winner()])
        assert all("deck" in rnd for rnd in record["rounds"])
        assert game.to_act is None and game.view(0).over
        with pytest.raises(GameOver):
            game.act(0, {"type": "draw"})


def test_shuffled_refills_are_drawn_by_the_dealer_and_recorded():
    refills = 0
    for seed in range(2):
        rng = random.Random(seed)
        game = LiveGame.start(["Ana", "Ben"], SHUFFLING, rng=rng)
        steps = _play(game, ("random", "random"), rng)
        refills += sum(1 for step in steps for outcome in step.chance if "refill" in outcome)
        assert judge(game.record()).legal
    assert refills > 0  # the variant's refills happened, and each was the dealer's


def test_a_record_mid_game_is_legal_and_incomplete_with_the_game_s_next_decision():
    rng = random.Random(3)
    game = LiveGame.start(["Ana", "Ben"], rng=rng)
    for until in (1, 14, 15, 40, 120):
        _play(game, ("random", "greedy"), rng, until)
        verdict = judge(game.record())
        assert verdict.legal and not verdict.complete, verdict.summary()
        if game.phase == "play":
            assert verdict.next.player == game.to_act


def _refusal_cases(game: LiveGame) -> list[tuple[int, dict]]:
    """Decisions to try now: every card of both hands played by either seat, a challenge, a dump."""
    state = game.state
    cases = []
    for seat in (0, 1):
        for card in dict.fromkeys(state.hands[0] + state.hands[1]):
            event = {"type": "play", "card": card.code}
            if card.is_wild:
                event["color"] = "red"
            cases.append((seat, event))
        cases.append((seat, {"type": "challenge"}))
        cases.append((seat, {"type": "uno"}))
        cases.append((seat, {"type": "catch"}))
    return cases


def test_a_refused_decision_names_the_rule_the_referee_gives_it_in_a_log_and_changes_nothing():
    refused = 0
    for seed in range(2):
        rng = random.Random(100 + seed)
        game = LiveGame.start(["Ana", "Ben"], rng=rng)
        kept = False
        while not game.over:
            if game.phase == "play" and (game.seq % 19 == 0 or kept):
                before = (game.view(0), game.view(1), game.record(), game.seq)
                for seat, decision in _refusal_cases(game):
                    log = game.record()
                    log["rounds"][-1]["events"].append({**decision, "player": game.names[seat]})
                    violation = judge(log).violation
                    drawer_after_keeping = kept and seat != game.to_act and decision["type"] == "play"
                    before_the_drawer = _awaits_drawer(game, kept) and seat != game.to_act \
                        and decision["type"] not in ("uno", "catch")
                    if violation is None and not (drawer_after_keeping or before_the_drawer):
                        continue  # legal: not a case for a refusal
                    try:
                        game.act(seat, decision)
                    except Refused as refusal:
                        refused += 1
                        assert (game.view(0), game.view(1), game.record(), game.seq) == before
                        if drawer_after_keeping:
                            # Kept by a decision, the drawn card may no longer be played: the log, which
                            # cannot say that the card was kept, is still at the drawn card (TURN-3).
                            assert refusal.rule == "LOG-1"
                            assert violation is None or violation.rule in ("TURN-3", "LOG-1")
                            continue
                        if before_the_drawer:
                            # The drawer decides first at a table: the opponent moves out of turn (LOG-1),
                            # where a log reads the opponent's event as the drawer's keep.
                            assert refusal.rule == "LOG-1" and "move, not" in refusal.message
                            continue
                        assert violation.rule == refusal.rule, (decision, refusal)
                        assert violation.message == refusal.message
                        assert violation.pointer == f"/rounds/{len(log['rounds']) - 1}/events/" \
                                                    f"{len(log['rounds'][-1]['events']) - 1}"
                    else:
                        raise AssertionError(f"{decision} by {seat} accepted, the referee says {violation}")
            step = game.act(*_bot_step(game, ("random", "challenger"), rng))
            # A playable card kept (an unplayable one kept passes the turn, as it always did).
            kept = step.decision == {"decision": "keep"} and game.phase == "play" \
                and game.state.moment.kind is Pending.DRAWN
    assert refused > 60


def _awaits_drawer(game: LiveGame, kept: bool) -> bool:
    """A playable card just drawn waits for its drawer's decision (play it or keep it)."""
    return game.phase == "play" and not kept and game.awaits_drawer


def test_the_opponent_may_not_act_before_the_drawer_decides_on_a_playable_drawn_card():
    """At a table the drawer of a playable card decides first (TURN-3): the opponent's event then is out of
    turn (LOG-1) and changes nothing, though a log -- which has no keep -- reads it as the drawer's keep.
    Interjections stay open to either seat; once kept, the opponent moves."""
    waited = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = LiveGame.start(["Ana", "Ben"], rng=rng)
        while not game.over and waited <= seed:
            if not _awaits_drawer(game, False):
                game.act(*_bot_step(game, ("random", "random"), rng))
                continue
            drawer = game.to_act
            opponent = 1 - drawer
            before = (game.view(0), game.view(1), game.record(), game.seq)
            log = game.record()
            log["rounds"][-1]["events"].append({"player": game.names[opponent], "type": "draw"})
            assert judge(log).violation is None or judge(log).violation.rule != "LOG-1"  # a log's implicit keep
            for decision in ({"type": "draw"}, {"type": "challenge"},
                             *({"type": "play", "card": c.code, **({"color": "red"} if c.is_wild else {})}
                               for c in game.state.hands[opponent])):
                with pytest.raises(Refused) as refusal:
                    game.act(opponent, decision)
                assert refusal.value.rule == "LOG-1", decision
                assert refusal.value.message == f"it is {game.names[drawer]}'s move, not {game.names[opponent]}'s"
                assert (game.view(0), game.view(1), game.record(), game.seq) == before
            waited += 1
            game.act(drawer, {"decision": "keep"})
            assert game.to_act == opponent
            game.act(opponent, {"type": "draw"})  # now the opponent's move
            assert judge(game.record()).legal
    assert waited > 5


def test_drafting_out_of_turn_or_playing_during_the_draft_is_refused():
    game = LiveGame.start(["Ana", "Ben"], rng=random.Random(1))
    other = 1 - game.to_act
    with pytest.raises(Refused) as refusal:
        game.act(other, {"decision": "keep"})
    assert refusal.value.rule == "DRAFT-5"
    with pytest.raises(Refused) as refusal:
        game.act(game.to_act, {"type": "draw"})
    assert refusal.value.rule == "DRAFT-6"
    assert game.seq == 0 and game.record()["rounds"][0]["draft"] == []


@pytest.mark.parametrize(("decision", "pointers"), [
    ({"type": "play", "card": "R10"}, ["/card"]),
    ({"type": "play", "card": "W"}, ["/color"]),
    ({"type": "play", "card": "R5", "color": "red"}, ["/color"]),
    ({"type": "play", "card": "R5", "uno": "yes"}, ["/uno"]),
    ({"type": "fly"}, ["/type"]),
    ({"type": "draw", "cards": ["R5"]}, ["/cards"]),
    ({"type": "draw", "refill": []}, ["/refill"]),
    ({"type": "draw", "player": "Ben"}, ["/player"]),
    ({"type": "draw", "player": "Cy"}, ["/player"]),
    ({"decision": "maybe"}, ["/decision"]),
    ({"decision": "keep", "extra": 1}, ["/extra"]),
    ({"color": "pink"}, ["/color"]),
    ({}, [""]),
    ([], [""]),
])
def test_a_malformed_decision_names_every_problem_with_its_pointer_and_changes_nothing(decision, pointers):
    game = LiveGame.start(["Ana", "Ben"], rng=random.Random(2))
    before = game.record()
    with pytest.raises(MalformedDecision) as error:
        game.act(0, decision)
    assert [problem.pointer for problem in error.value.problems] == pointers
    assert game.record() == before and game.seq == 0


def test_a_playable_card_just_drawn_is_kept_by_a_keep_decision_and_the_turn_passes():
    kept = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = LiveGame.start(["Ana", "Ben"], rng=rng)
        while not game.over and kept <= seed:
            view = game.view(game.to_act) if game.to_act is not None else None
            if view is not None and view.drawn is not None and game.phase == "play":
                drawer = game.to_act
                assert {"decision": "keep"} in view.to_dict()["legal"]
                assert game.view(1 - drawer).drawn is None  # the opponent does not see the card drawn
                game.act(drawer, {"decision": "keep"})
                kept += 1
                assert game.to_act == 1 - drawer and game.view(drawer).legal == ()
                assert judge(game.record()).legal
                continue
            game.act(*_bot_step(game, ("random", "random"), rng))
    assert kept > 5
    game = LiveGame.start(["Ana", "Ben"], rng=random.Random(0))
    while game.phase != "play":
        game.act(*_bot_step(game, ("random", "random"), random.Random(0)))
    with pytest.raises(Refused) as refusal:
        game.act(game.to_act, {"decision": "keep"})
    assert refusal.value.rule == "TURN-3"


def test_a_turned_up_wild_waits_for_player_1_s_colour():
    seen = 0
    for seed in range(80):
        rng = random.Random(seed)
        game = LiveGame.start(["Ana", "Ben"], rng=rng)
        while game.phase == "draft":
            game.act(*_bot_step(game, ("random", "random"), rng))
        if game.phase != "colour":
            continue
        seen += 1
        player_1 = game.to_act
        assert player_1 == game.player_1
        assert [o["color"] for o in game.view(player_1).to_dict()["legal"]] == ["red", "yellow", "green", "blue"]
        assert game.view(1 - player_1).legal == ()
        with pytest.raises(Refused) as refusal:
            game.act(1 - player_1, {"color": "red"})
        assert refusal.value.rule == "START-7"
        game.act(player_1, {"color": "green"})
        assert game.phase == "play" and game.view(None).color.word == "green"
        assert game.record()["rounds"][0]["color"] == "green"
        assert judge(game.record()).legal
    assert seen >= 2


def _hidden_cards_ok(game: LiveGame, seat: int | None) -> None:
    """What a seat's view holds of the cards: its own hand, and nothing of the other's or the pile."""
    view = game.view(seat)
    data = view.to_dict()
    if seat is None:
        assert "hand" not in data and view.drawn is None and view.legal == () and view.interjections == ()
    if game.phase == "play":
        state = game.state
        if seat is not None:
            assert view.hand == tuple(state.hands[seat])
        assert view.hand_sizes == (len(state.hands[0]), len(state.hands[1]))
        assert view.draw_pile == len(state.pile)
        assert "deck" not in json.dumps(data)
        for entry in data["history"]:
            assert "cards" not in entry and "refill" not in entry  # no draw shows its cards
        # (The view's checks run on the engine's own round, no twin: docs/architecture.md, "What a seat may
        # know". What leaves the process is the view's JSON, held to the seat's own cards above and by
        # tests/tables/test_tables_hidden.py.)


def test_a_view_holds_the_seat_s_own_hand_and_only_sizes_of_the_rest():
    for seed in range(4):
        rng = random.Random(seed)
        game = LiveGame.start(["Ana", "Ben"], SHUFFLING, rng=rng)
        while not game.over:
            for seat in (0, 1, None):
                _hidden_cards_ok(game, seat)
            if game.phase == "draft":
                drafter = game.to_act
                assert game.view(drafter).drawn == game.loop.pile.top(1)[0]
                assert game.view(1 - drafter).drawn is None and game.view(None).drawn is None
            game.act(*_bot_step(game, ("random", "challenger"), rng))


def test_the_seat_position_a_strategy_gets_lists_what_the_real_position_lists():
    from referee.engine.legal import Options
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = LiveGame.start(["Ana", "Ben"], ODD if seed % 2 else UNO_DUO, rng=rng)
        while not game.over:
            if game.phase == "play":
                state = game.state
                seat = state.moment.player
                masked = Options(state.known_to(seat))
                real = Options(state)
                assert masked.legal == real.legal
                checked += 1
            game.act(*_bot_step(game, ("random", "greedy"), rng))
    assert checked > 500


class _NoChance(random.Random):
    """A source that refuses to be drawn from: a resumed game must not draw what it had drawn."""

    def random(self):  # pragma: no cover - the test fails if it is called
        raise AssertionError("chance drawn again while resuming")

    def getrandbits(self, k):  # pragma: no cover
        raise AssertionError("chance drawn again while resuming")


@pytest.mark.parametrize("variant", [UNO_DUO, SHUFFLING, VARIANTS["classic-duel"]], ids=lambda v: v.name)
def test_a_stored_game_resumes_without_new_chance_and_continues_exactly(variant):
    rng = random.Random(8)
    game = LiveGame.start(["Ana", "Ben"], variant, rng=rng)
    bots = random.Random(9)
    stored = []
    for stop in (0, 5, 30, 200, 600):
        stored += [step.to_dict() for step in _play(game, ("random", "challenger"), bots, stop)]
        stored = json.loads(json.dumps(stored))  # as a database keeps it
        opening = json.loads(json.dumps(game.opening))
        resumed = LiveGame.resume(["Ana", "Ben"], variant, opening, stored, rng=_NoChance())
        assert resumed.record() == game.record() and resumed.seq == game.seq
        assert [resumed.view(s) for s in (0, 1, None)] == [game.view(s) for s in (0, 1, None)]
    # From a stored game and the same source of chance, the rest of the game is the same game.
    state = rng.getstate()
    twin_rng = random.Random()
    twin_rng.setstate(state)
    twin = LiveGame.resume(["Ana", "Ben"], variant, game.opening, stored, rng=twin_rng)
    twin_bots = random.Random()
    twin_bots.setstate(bots.getstate())
    _play(game, ("random", "challenger"), bots)
    _play(twin, ("random", "challenger"), twin_bots)
    assert twin.record() == game.record() and twin.over


def test_a_corrupt_store_is_refused():
    """A stored game missing chance is refused, never played on with chance drawn anew. (Seen failing about
    once in some hundred runs before the dealer's count was checked: without round 1's deck, resume shuffled a
    new one, and when the stored steps named no card that deck lacked, it passed.)"""
    rng = random.Random(4)
    game = LiveGame.start(["Ana", "Ben"], rng=rng)
    steps = [step.to_dict() for step in _play(game, ("random", "random"), rng, 20)]
    for seed in range(20):  # whatever deck a new shuffle would give
        with pytest.raises(CorruptRecord, match="opening lacks"):
            LiveGame.resume(["Ana", "Ben"], None, game.opening[:-1], steps, rng=random.Random(seed))
    whole = LiveGame.start(["Ana", "Ben"], rng=random.Random(5))
    played = [step.to_dict() for step in _play(whole, ("greedy", "greedy"), random.Random(5))]
    drawing = next(i for i, step in enumerate(played) if step["chance"])  # round 2's deck, or a refill
    lacking = copy.deepcopy(played[:drawing + 1])
    lacking[drawing]["chance"] = []  # forgotten: resume would shuffle anew
    with pytest.raises(CorruptRecord, match="lacks the chance"):
        LiveGame.resume(["Ana", "Ben"], None, whole.opening, lacking, rng=random.Random(1))
    LiveGame.resume(["Ana", "Ben"], None, whole.opening, played[:drawing + 1])  # as stored: resumed
    bad = copy.deepcopy(steps)
    bad[3]["seq"] = 7
    with pytest.raises(CorruptRecord):
        LiveGame.resume(["Ana", "Ben"], None, game.opening, bad)
    bad = copy.deepcopy(steps)
    bad[2]["seat"] = 1 - bad[2]["seat"]
    with pytest.raises(CorruptRecord):
        LiveGame.resume(["Ana", "Ben"], None, game.opening, bad)


def test_a_draw_is_the_dealer_s_and_the_step_says_what_chance_it_drew():
    rng = random.Random(5)
    game = LiveGame.start(["Ana", "Ben"], rng=rng)
    assert [next(iter(o)) for o in game.opening][-1] == "deck"
    _play(game, ("greedy", "greedy"), rng, 14)
    while game.phase != "play":
        game.act(*_bot_step(game, ("greedy", "greedy"), rng))
    while True:
        seat = game.to_act
        if Draw in {type(e) for e in game.view(seat).legal}:
            size = len(game.state.hands[seat])
            step = game.act(seat, {"type": "draw"})
            assert len(game.state.hands[seat]) > size and step.decision == {"type": "draw"}
            assert game.record()["rounds"][-1]["events"][-1]["cards"]
            break
        game.act(*_bot_step(game, ("greedy", "greedy"), rng))
