"""The play page as a game (issue 38, items 9-19): what a person sees told in words at ``/play``.

A refused move reached by clicking the card, outcomes said with the rule's words and link, who wins, the
round's end, the other player's moves one at a time, the turned-up wild's colour choice, the draft explained,
the keyboard kept on the hand, the strongest bot first, names in ``<bdi>``, the Play link everywhere. Each at
the desktop's and a phone's width where the viewport changes what is seen; every state leaves a screenshot.
"""

from __future__ import annotations

import re

import pytest

from referee.engine.rules import RULES
from tests.browser.seats import LONG, Seat, create_table, drive, first, is_keep, plays
from tests.browser.test_play_live import (
    at_moment,
    history,
    judge_name,
    sheds,
    shown_seq,
    sit,
    take_seat,
    takes_cards,
    wait_for_seq,
)


@pytest.fixture
def at_table(web):
    """Ana in the browser (at the test's viewport) at a long game for two; Ben a client of the HTTP API."""
    table = create_table(web.base, ["Ana", "Ben"], variant=LONG)
    ana = Seat(web.base, table["id"], table["tokens"]["Ana"])
    take_seat(web, ana)
    return web, ana, Seat(web.base, table["id"], table["tokens"]["Ben"])


def focus_in_hand(page) -> bool:
    """Whether the keyboard is on the hand (a card of it, or the hand itself)."""
    return page.evaluate("() => document.getElementById('hand').contains(document.activeElement)")


# -- item 9: a move the rules forbid can be tried, and the referee says why -----------------------------------


def test_an_unplayable_card_is_tried_and_the_rule_is_said(at_table):
    web, ana, ben = at_table
    page = web.page

    def off_colour(view: dict) -> list[str]:
        """Ana's cards that match nothing now (no wild: a wild plays on anything)."""
        playable = {e["card"] for e in view["legal"] if e.get("type") == "play"}
        return [c for c in view["hand"] if c not in playable and not c.startswith("W")]

    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and vs["Ana"]["phase"] == "play" and not vs["Ana"]["owes"]
                  and not vs["Ana"]["drawn"] and bool(off_colour(vs["Ana"]))
                  and any(e.get("type") == "play" for e in vs["Ana"]["legal"]))
    at_moment(page, views["Ana"]["seq"])
    wrong = off_colour(views["Ana"])[0]
    button = page.locator(f"#hand button.unplayable[data-card='{wrong}']").first
    assert "not playable now" in button.get_attribute("aria-label")
    web.expect_console_error("status of 422")
    button.click()  # a person's click on a dimmed card: the page sends it, the referee refuses it
    refusal = page.locator("#refusal")
    refusal.wait_for(state="visible")
    assert refusal.locator(".rule-id").inner_text() == "TURN-1"
    words = refusal.inner_text()
    assert "The referee says no." in words and judge_name(wrong) in words
    assert RULES["TURN-1"].title in words and "a wild on anything" in words  # the rulebook's words (item 19)
    assert refusal.locator("a.rule-link").get_attribute("href").endswith("/rulebook/TURN-1")
    assert shown_seq(page) == views["Ana"]["seq"]  # nothing changed at the table
    web.shot("play-tried", doc="play-refused", full_page=False)
    # A card it offers is played, and the keyboard stays on the hand (item 16).
    before = shown_seq(page)
    page.locator("#hand button.playable").first.click()
    if page.locator("#choices:not([hidden])").count():
        page.locator("#choice-buttons button.choice:not(.cancel)").first.click()
    wait_for_seq(page, before + 1)
    assert refusal.is_hidden()
    assert focus_in_hand(page)


# -- item 10: the outcome of a challenge and of a catch, told ----------------------------------------------


def test_a_challenges_outcome_is_told_with_its_rule(at_table):
    web, ana, ben = at_table
    page = web.page
    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds(lambda c: c == "W+4")},
                  lambda vs: any(e.get("type") == "challenge" for e in vs["Ana"]["legal"]))
    at_moment(page, views["Ana"]["seq"])
    before = shown_seq(page)
    page.get_by_role("button", name=re.compile("Challenge the Wild Draw 4")).click()
    wait_for_seq(page, before + 1)
    view = ana.view()
    owes = view["owes"]
    rule = owes["rule"]
    assert rule in ("WD4-4", "WD4-5")
    prompt = page.locator("#prompt").inner_text()
    if rule == "WD4-4":  # won: Ben, who played it, draws
        assert owes["player"] == "Ben"
        assert prompt.startswith(f"You challenged the Wild Draw 4 and won: Ben draws {owes['cards']} cards.")
    else:  # lost: Ana draws
        assert owes["player"] == "Ana"
        assert prompt.startswith(f"You challenged the Wild Draw 4 and lost: you draw {owes['cards']} cards.")
    told = page.locator("#owed-rule")
    assert told.locator(".rule-id").inner_text() == rule and RULES[rule].title in told.inner_text()
    assert told.locator("a.rule-link").get_attribute("href").endswith(f"/rulebook/{rule}")
    web.shot("play-challenge-told")
    if owes["player"] == "Ana":
        before = shown_seq(page)
        page.get_by_role("button", name=f"Draw {owes['cards']} cards").click()
        wait_for_seq(page, before + 1)
    else:
        ben.act({"type": "draw"}, view["seq"])
        wait_for_seq(page, view["seq"] + 1)
    outcome = "won" if rule == "WD4-4" else "lost"
    assert history(page)[:2] == [f"{owes['player']} draws {owes['cards']} cards: Ana's challenge {outcome}",
                                 "Ana challenges the Wild Draw 4"]


def test_a_catch_names_who_is_caught_and_the_rule(at_table):
    web, ana, ben = at_table
    page = web.page

    def forgets_uno(view):
        event = first(view, is_keep, plays(lambda c: True))
        return {k: v for k, v in event.items() if k != "uno"} if event else None  # Ben never says UNO

    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": forgets_uno},
                  lambda vs: any(e.get("type") == "catch" for e in vs["Ana"]["interjections"]))
    at_moment(page, views["Ana"]["seq"])
    before = shown_seq(page)
    page.get_by_role("button", name="Catch Ben: no UNO said!").click()
    wait_for_seq(page, before + 1)
    assert history(page)[0] == "Ana catches Ben not saying UNO"
    owed = ben.view()["owes"]["cards"]
    prompt = page.locator("#prompt").inner_text()
    assert prompt.startswith(f"You caught Ben not saying UNO: Ben draws {owed} cards as a penalty.")
    told = page.locator("#owed-rule")
    assert told.locator(".rule-id").inner_text() == "UNO-2" and RULES["UNO-2"].title in told.inner_text()
    assert told.locator("a.rule-link").get_attribute("href").endswith("/rulebook/UNO-2")
    web.shot("play-catch-told")
    view = ben.view()
    after = ben.act({"type": "draw"}, view["seq"])
    wait_for_seq(page, view["seq"] + 1)
    assert history(page)[0] == f"Ben draws {owed} cards: caught not saying UNO"
    assert after["hand_sizes"]["Ben"] == 1 + owed
    assert page.locator("#opponent-hand .back").count() == after["hand_sizes"]["Ben"]


# -- item 11: who wins, the variant and the game's length in a player's words --------------------------------


def test_who_wins_and_the_variant_are_said_in_a_players_words(web):
    page = web.open("/play")
    page.wait_for_function("() => document.getElementById('bot-variant-about').textContent.length > 0")
    about = page.locator("#bot-variant-about").inner_text()
    assert "docs/" not in about and "rules.md" not in about  # no developer's text on a player's page
    assert "the lowest score wins" in about
    target_about = page.locator("#bot-target-about").inner_text()
    assert "the lowest score wins" in target_about and "target_score" not in target_about
    assert page.locator("#bot-target-about").is_visible()
    page.locator("#bot-variant").select_option("classic-duel")
    assert page.locator("#bot-target").input_value() == "500"
    assert "The first player to reach 500 points wins." in page.locator("#bot-variant-about").inner_text()
    assert "that player wins" in page.locator("#bot-target-about").inner_text()
    page.locator("#bot-variant").select_option("uno-duo")
    web.shot("play-setup")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#table:not([hidden])")
    winning = page.locator("#winning")
    winning.wait_for(state="visible")
    assert winning.inner_text() == ("Points count against you: when a player reaches 200 points, the game ends "
                                    "and the lowest score wins.")  # a count with its noun, for its plural form


# -- item 12: the round's end, before the next round --------------------------------------------------------


def test_the_rounds_end_is_shown_with_both_hands_and_the_points(at_table):
    web, ana, ben = at_table
    page = web.page
    views = drive({"Ana": ana, "Ben": ben}, {"Ana": sheds(), "Ben": sheds()}, lambda vs: vs["Ana"]["round"] == 2)
    ended = views["Ana"]["last_round"]
    assert ended["round"] == 1 and ended["scores"] == views["Ana"]["scores"]
    box = page.locator("#round-end")
    box.wait_for(state="visible")
    assert page.locator("#board").is_hidden()  # the next round waits behind the round's end
    assert page.locator("#round-end-title").inner_text() == "Round 1 is over"
    out = "You" if ended["out"] == "Ana" else ended["out"]
    assert page.locator("#round-end-words").inner_text().startswith(f"{out} went out.")
    rows = box.locator("tbody tr")
    assert rows.count() == 2
    for i, player in enumerate(views["Ana"]["players"]):
        row = rows.nth(i)
        assert row.locator("th").inner_text().startswith(player)
        shown_cards = row.locator(".scored .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert shown_cards == [c["card"] for c in ended["hands"][player]]  # the other's leftover cards too
        assert row.locator(".card-points").all_inner_texts() == [str(c["points"]) for c in ended["hands"][player]]
        cells = row.locator("td.num").all_inner_texts()
        assert cells == [str(ended["points"][player]), str(ended["scores"][player])]
    loser = next(p for p in views["Ana"]["players"] if p != ended["out"])
    assert ended["points"][loser] == sum(c["points"] for c in ended["hands"][loser]) > 0  # SCORE-1
    web.shot("play-round-end", doc="play-round-end", full_page=False)
    web.no_horizontal_scroll()
    page.get_by_role("button", name="On to round 2").click()
    assert box.is_hidden() and page.locator("#board").is_visible()
    assert "Round 2" in page.locator("#scoreline").inner_text()
    assert focus_in_hand(page)


# -- item 13: the other player's moves, one at a time -------------------------------------------------------


def test_the_bots_replies_are_shown_one_at_a_time(browser, live_server):
    """With motion allowed, each of the bot's moves in one answer is shown after the one before (with an
    animation); the page tells it has the table's latest view only once all are shown. With reduced motion
    (every other test), nothing moves."""
    for _ in range(40):  # a table where Ana drafts first: her last pick is answered by the bot's and the turn-up
        table = create_table(live_server, ["Ana", "Ben"], bots={"Ben": "greedy"}, variant=LONG)
        if table["view"]["to_act"] == "Ana" and table["view"]["seq"] == 0:  # not after the bot's first pick
            break
    else:
        pytest.fail("Ben drafted first at 40 tables in a row")
    web, context = sit(browser, live_server, motion="no-preference")
    try:
        seat = Seat(live_server, table["id"], table["tokens"]["Ana"])
        take_seat(web, seat)
        page = web.page
        page.evaluate("""() => {
          window.seen = [];
          new MutationObserver(() => {
            const box = document.getElementById('last-move');
            if (!box.hidden) window.seen.push({entry: box.dataset.entry, text: box.textContent, at: performance.now()});
          }).observe(document.getElementById('last-move'), {childList: true, subtree: true, characterData: true,
                                                            attributes: true, attributeFilter: ['hidden']});
        }""")
        for _ in range(7):
            before = shown_seq(page)
            page.keyboard.press("K")
            wait_for_seq(page, before + 1, timeout=15_000)
            assert page.locator("#moves li").first.evaluate("li => getComputedStyle(li).animationName") in (
                "arrive", "none")
        view = seat.view()
        wait_for_seq(page, view["seq"], timeout=15_000)
        seen = page.evaluate("window.seen")
        texts = [s["text"] for s in seen]
        entries = [int(s["entry"]) for s in seen]
        told = [n for i, n in enumerate(entries) if i == 0 or entries[i - 1] != n]  # a redraw tells one again
        others = [i for i, e in enumerate(view["history"]) if e.get("player") != "Ana"]
        assert told == others, (texts, view["history"])  # every move of the bot and the dealer's, in turn, none skipped
        assert any(t.startswith("The dealer turns up") for t in texts)
        # The last answer brought the bot's last pick, the turn-up (and maybe the bot's first move): shown in turn.
        times = [s["at"] for s in seen]
        turn_up = next(i for i, t in enumerate(texts) if t.startswith("The dealer turns up"))
        pick = max(i for i, t in enumerate(texts[:turn_up]) if t.startswith("Ben "))
        assert times[turn_up] - times[pick] >= 500, (texts, times)
        fresh = page.locator("#last-move").evaluate("e => getComputedStyle(e).animationName")
        assert fresh in ("arrive", "none")
        assert page.locator("#moves li.fresh").count() <= 1
        web.shot("play-one-at-a-time")
    finally:
        context.close()
    assert web.unexpected_errors() == []


def test_reduced_motion_shows_the_moves_without_animation(at_table):
    web, ana, ben = at_table
    page = web.page
    view = ana.view()
    if view["to_act"] == "Ben":
        ben.act({"decision": "keep"}, view["seq"])
        wait_for_seq(page, view["seq"] + 1)
    animation = page.locator("#last-move").evaluate("e => getComputedStyle(e).animationName")
    assert animation == "none" or page.locator("#last-move").is_hidden()
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")


# -- item 14: the turned-up wild's colour choice --------------------------------------------------------------

_WILD_SEED: dict[str, int] = {}


def colour_choice_seed(base: str) -> int:
    """A seed whose first round turns up a wild after the draft (found once, by drafting over the API)."""
    if "seed" not in _WILD_SEED:
        for seed in range(400):
            table = create_table(base, ["Ana", "Ben"], variant=LONG, seed=seed)
            seats = {name: Seat(base, table["id"], table["tokens"][name]) for name in ("Ana", "Ben")}
            views = drive(seats, {"Ana": lambda v: first(v, is_keep), "Ben": lambda v: first(v, is_keep)},
                          lambda vs: vs["Ana"]["phase"] != "draft")
            if views["Ana"]["phase"] == "colour":
                _WILD_SEED["seed"] = seed
                break
        else:
            pytest.fail("no seed of 400 turns up a wild")
    return _WILD_SEED["seed"]


def test_a_turned_up_wilds_colour_choice_and_the_green_marker(web):
    table = create_table(web.base, ["Ana", "Ben"], variant=LONG, seed=colour_choice_seed(web.base))
    seats = {name: Seat(web.base, table["id"], table["tokens"][name]) for name in ("Ana", "Ben")}
    take_seat(web, seats["Ana"])
    page = web.page
    views = drive(seats, {"Ana": lambda v: first(v, is_keep), "Ben": lambda v: first(v, is_keep)},
                  lambda vs: vs["Ana"]["phase"] == "colour")
    at_moment(page, views["Ana"]["seq"])
    assert views["Ana"]["discard_pile"] == 1
    assert page.locator("#top-card .card").get_attribute("data-card") == views["Ana"]["top"]
    assert page.locator("#discard-meta").inner_text() == "1 card"  # the turned-up card is on the pile
    web.shot("play-colour-choice")
    chooser = views["Ana"]["to_act"]
    if chooser == "Ana":
        before = shown_seq(page)
        page.locator("#actions button.choice-green").click()
        wait_for_seq(page, before + 1)
    else:
        after = seats["Ben"].act({"color": "green"}, views["Ben"]["seq"])
        wait_for_seq(page, after["seq"])
    colour = page.locator("#colour")
    assert colour.inner_text().strip() == "green" and colour.locator(".swatch-green").is_visible()
    # The marker sits on a light pill, not on the green table: the swatch's colour stands out against it.
    assert colour.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    assert colour.locator(".swatch-green").evaluate("e => getComputedStyle(e).backgroundColor") != "rgb(255, 255, 255)"
    web.shot("play-green")


# -- items 15 and 16: the draft explained, the keyboard on the hand ------------------------------------------


def test_the_draft_is_explained_and_the_keyboard_stays_on_the_hand(at_table):
    web, ana, ben = at_table
    page = web.page
    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and vs["Ana"]["phase"] == "draft")
    at_moment(page, views["Ana"]["seq"])
    help_text = page.locator("#draft-help")
    drawn = judge_name(views["Ana"]["drawn"])
    assert help_text.is_visible()
    words = help_text.inner_text()
    assert f"Keep: {drawn} joins your hand and the next card of the pile is discarded face up." in words
    assert f"Pass: {drawn} is discarded face up and you take the next card instead, unseen." in words
    assert help_text.locator("a.rule-link").get_attribute("href").endswith("/rulebook/DRAFT-3")
    web.shot("play-draft-explained")
    before = shown_seq(page)
    page.keyboard.press("K")
    wait_for_seq(page, before + 1)
    kept = history(page)
    mine = next(m for m in kept if m.startswith("Ana "))
    assert re.fullmatch(r"Ana keeps the card drawn; the next card, .+, is discarded face up", mine), mine
    assert focus_in_hand(page)  # not the page's <body>: the next Tab is a card, not the site's links
    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and vs["Ana"]["phase"] == "draft")
    at_moment(page, views["Ana"]["seq"])
    passed = judge_name(views["Ana"]["drawn"])
    before = shown_seq(page)
    page.get_by_role("button", name=f"Pass {passed}").click()
    wait_for_seq(page, before + 1)
    mine = next(m for m in history(page) if m.startswith("Ana "))
    assert mine == f"Ana passes the card drawn, {passed}, face up onto the discard pile, and keeps the next card unseen"
    assert focus_in_hand(page)


# -- item 19: the strongest bot first; names isolated; the Play link everywhere --------------------------------


def test_the_strongest_bot_style_is_offered_first(desktop):
    page = desktop.open("/play")
    styles = [s["name"] for s in page.request.get(desktop.base + "/v1/tables/styles").json()["styles"]]
    page.wait_for_function("() => document.getElementById('bot-style').options.length > 0")
    expected = "expert" if "expert" in styles else styles[-1]
    assert page.locator("#bot-style").input_value() == expected
    assert page.locator("#style-summary").inner_text() != ""


def test_names_are_set_apart_from_the_words_around_them(desktop):
    """A name written right to left stays inside its own <bdi>: the sentence around it reads as written."""
    page = desktop.open("/play")
    page.locator("#bot-you").fill("שרה")
    page.locator("#bot-name").fill("Ben")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    assert page.locator("#table-title bdi").all_inner_texts() == ["שרה", "Ben"]
    assert page.locator("#scoreline bdi").all_inner_texts() == ["שרה", "Ben"]
    assert page.locator("#mine-title bdi").inner_text() == "שרה"
    assert page.locator("#opponent-name bdi").inner_text() == "Ben"
    for _ in range(3):
        before = shown_seq(page)
        page.keyboard.press("K")
        wait_for_seq(page, before + 1)
    for item in page.locator("#moves li").all():
        assert item.locator("bdi").count() >= 1
        assert item.locator("bdi").first.inner_text() in ("שרה", "Ben")
    desktop.shot("play-rtl-name")
    page.get_by_role("button", name="Leave this table").click()
    assert page.locator("#resume-list bdi").all_inner_texts()[:2] == ["שרה", "Ben"]


@pytest.mark.parametrize("path", ["/", "/play", "/replay", "/rulebook", "/rulebook/TURN-1", "/no-such-page", "/docs"])
def test_every_page_has_the_play_link_in_its_nav(desktop, path):
    desktop.expect_console_error("404")  # the page for a path that is not there comes with its status
    response = desktop.page.goto(desktop.base + path)
    assert response is not None
    link = desktop.page.get_by_role("navigation", name="Site").get_by_role("link", name="Play", exact=True)
    assert link.count() == 1 and link.get_attribute("href") == "/play"


def test_the_replay_viewer_sets_names_apart_too(desktop):
    page = desktop.open("/replay?example=full-game-with-decks")
    page.wait_for_selector("#viewer:not([hidden])")
    for _ in range(12):
        page.locator("body").press("ArrowRight")
    names = page.locator("#players h3 bdi").all_inner_texts()
    assert len(names) == 2 and all(names)
    assert page.locator("#entry-words bdi").first.inner_text() in names
    assert page.locator("#verdict bdi").count() >= 2  # the scores' names (and the winner's)
    assert page.locator("#step-list li bdi").count() > 0


# -- item 8's page part: an unplayable card just drawn is kept at once ---------------------------------------


def test_an_unplayable_drawn_card_is_kept_without_a_click(at_table):
    """After an ordinary draw the referee always asks the drawer to play or keep (the other seat cannot tell
    which); when the card cannot be played, keeping it is the only answer, and the page gives it at once."""
    web, ana, ben = at_table
    page = web.page

    def ana_may_draw(views):
        view = views["Ana"]
        return (view["to_act"] == "Ana" and view["phase"] == "play" and not view["owes"] and not view["drawn"]
                and any(e.get("type") == "draw" for e in view["legal"]))

    for _ in range(30):
        views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()}, ana_may_draw)
        at_moment(page, views["Ana"]["seq"])
        size = len(views["Ana"]["hand"])
        before = shown_seq(page)
        # The key is the draw button's: wait until the page offers it (a loaded machine renders late, and a
        # round's end panel, which a key never passes, may still be closing).
        page.locator('#actions button[data-key="d"]').wait_for(state="visible")
        page.wait_for_function("() => document.getElementById('round-end').hidden")
        page.keyboard.press("D")
        page.wait_for_function("""() => document.getElementById('prompt').textContent.includes('play it or keep it')
            || (!document.getElementById('notice').hidden
                && document.getElementById('notice').textContent.includes('cannot be played now'))""")
        if "play it or keep it" in page.locator("#prompt").inner_text():  # playable: the page asks, as the referee
            assert shown_seq(page) == before + 1
            page.keyboard.press("K")
            wait_for_seq(page, before + 2)
            continue
        # Unplayable: the page kept it -- one decision more than the draw, by nobody's click.
        wait_for_seq(page, before + 2)
        view = ana.view()
        assert view["seq"] == before + 2 and view["to_act"] == "Ben" and len(view["hand"]) == size + 1
        drawn = next(iter(set(view["hand"]) - set(views["Ana"]["hand"])), None) or view["hand"][-1]
        assert "it cannot be played now, so it joins your hand" in page.locator("#notice").inner_text()
        assert drawn in page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        web.shot("play-drawn-kept")
        break
    else:
        pytest.fail("30 draws in a row were all playable")
