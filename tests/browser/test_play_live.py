"""Playing UNO DUO in a browser at ``/play``, on the live tables' HTTP API.

A person's side of the table is driven by clicks and keys in chromium; the other seat is a bot of the
service, a second browser, or -- to bring the table to a moment that needs a decision (a volley, a Wild
Draw 4, a forgotten UNO, a Reverse with its dump) -- a client of the same HTTP API choosing among its own
legal events (:mod:`tests.browser.seats`). Every state leaves a screenshot in reports/screenshots/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from referee import judge
from referee.engine.rules import RULES
from tests.browser.conftest import Page, context_options
from tests.browser.seats import LONG, Seat, create_table, drive, first, is_draw, is_keep, plays, without_player

# -- the page, as a player sees it ------------------------------------------------------------------------


def shown_seq(page) -> int:
    """The sequence number of the view the page shows (-1 before the first)."""
    return int(page.locator("#play").get_attribute("data-seq") or -1)


def wait_for_seq(page, seq: int, timeout: float = 10_000) -> None:
    """Wait until the page shows the view at ``seq`` or later (it polls the table)."""
    page.wait_for_function("n => Number(document.getElementById('play').dataset.seq || -1) >= n", arg=seq,
                           timeout=timeout)


def wait_for_the_bot(page, seq: int) -> None:
    """Wait until the page shows the view after ``seq`` (the bot's move, seen by polling) or the game's end."""
    page.wait_for_function("n => Number(document.getElementById('play').dataset.seq || -1) > n || "
                           "!document.getElementById('over').hidden", arg=seq)


def at_moment(page, seq: int) -> None:
    """Wait until the page shows the view at ``seq``; if a round ended on the way, go on past its end (a
    person reads the round's end, then clicks on to the next round)."""
    wait_for_seq(page, seq)
    if page.locator("#round-end:not([hidden])").count():
        page.locator("#next-round").click()


def click_and_wait(page, target) -> None:
    """Click ``target`` and wait until the table has moved on (the page shows a later view)."""
    before = shown_seq(page)
    target.click()
    wait_for_seq(page, before + 1)


def hand(page) -> list[str]:
    """The cards of the player's hand, as the page draws them (left to right)."""
    return page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")


def history(page) -> list[str]:
    """The last moves in words, the latest first."""
    return page.locator("#moves li").all_inner_texts()


def sit(browser, base: str, viewport: str = "desktop", motion: str = "reduce") -> tuple[Page, object]:
    """A fresh browser context (its own storage) at ``viewport``; the page and the context."""
    context = browser.new_context(**context_options(viewport, motion))
    page = Page(context.new_page(), base, viewport)
    page.page.set_default_timeout(10_000)
    return page, context


def take_seat(web: Page, seat: Seat) -> None:
    """Open a link holding the seat's token in ``web``'s browser (a platform's link, not an invitation) and
    wait for the table."""
    web.open(f"/play#table={seat.table}&token={seat.token}")
    web.page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(web.page, 0)


def open_friend_table(web: Page, you: str = "Ana", friend: str = "Ben") -> str:
    """Open a table for two from the page's form; the invitation link the page shows for the friend."""
    page = web.open("/play")
    page.locator("#friend-you").fill(you)
    page.locator("#friend-name").fill(friend)
    page.get_by_role("button", name="Open a table for two").click()
    page.wait_for_selector("#table:not([hidden])")
    link = page.locator("#share-link").input_value()
    fragment = parse_qs(urlsplit(link).fragment)
    assert set(fragment) == {"table", "invite"}, link  # the table and the invitation's code: never a token
    return link


def follow(web: Page, link: str) -> None:
    """Open ``link`` (an absolute address of the service) in ``web``'s browser."""
    parts = urlsplit(link)
    web.page.goto("about:blank")  # a fresh load, as a link opened from a message is
    web.open(f"{parts.path}#{parts.fragment}")


def join_by_link(web: Page, link: str) -> None:
    """Open a friend's invitation link in ``web``'s browser, as the friend does, and wait for the table."""
    follow(web, link)
    web.page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(web.page, 0)


def stored_seats(page) -> dict:
    """The seats the browser holds, by "TABLE/SEAT"."""
    return page.evaluate("() => JSON.parse(localStorage.getItem('uno-duo-seats/2')) || {}")


def own_seat(web: Page) -> Seat:
    """The seat the page plays (from its browser's storage, as a reload finds it)."""
    fragment = parse_qs(urlsplit(web.page.url).fragment)
    table, you = fragment["table"][0], fragment["seat"][0]
    return Seat(web.base, table, stored_seats(web.page)[f"{table}/{you}"]["token"])


# -- starting -------------------------------------------------------------------------------------------


def test_a_game_against_a_bot_starts_from_the_form(web):
    page = web.open("/play")
    page.locator("#bot-style").select_option("challenger")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    assert "Ana against Ben" in page.locator("#table-title").inner_text()
    assert "Round 1" in page.locator("#scoreline").inner_text()
    assert "(bot, challenger)" in page.locator("#opponent-name").inner_text()
    web.shot("play-started", full_page=True)
    web.no_horizontal_scroll()


# -- a whole game against a bot, by clicks only ----------------------------------------------------------


def click_a_move(page) -> bool:
    """Make one decision the way a person would: a highlighted card first (saying UNO when the page offers
    it; the first choice when a card asks for one), else the first move button. False when the page
    offers nothing to click. Only what a person can see counts: the last move of a game may end it between
    two looks, and the table's buttons are then still there, hidden under the game's end."""
    uno = page.locator("#uno-line:not([hidden]) #say-uno")
    if uno.count() and not uno.is_checked():
        uno.check()
    playable = page.locator("#hand button.playable:visible")
    if playable.count():
        playable.first.click()
        if page.locator("#choices:not([hidden])").count():
            page.locator("#choice-buttons button.choice:not(.cancel)").first.click()
        return True
    actions = page.locator("#actions button:visible")
    if actions.count():
        actions.first.click()
        return True
    return False


def test_a_whole_game_against_a_bot_played_by_clicking(desktop):
    """Everything by clicks, from the form to the final scores: a short game (the form's points that end
    the game set to 1, so that a round or two end it) against the greedy bot."""
    web = desktop
    page = web.open("/play")
    page.locator("#bot-style").select_option("greedy")
    variants = page.request.get(web.base + "/v1/variants").json()["variants"]
    own = str(next(v for v in variants if v["name"] == "uno-duo")["rules"]["target_score"])
    page.wait_for_function("n => document.getElementById('bot-target').value === n", arg=own)  # the variant's
    page.locator("#bot-target").fill("1")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    seat = own_seat(web)
    assert "(bot, greedy)" in page.locator("#opponent-name").inner_text()
    page = web.page
    pictured = False
    for _ in range(1500):
        if page.locator("#over:not([hidden])").count():
            break
        before = shown_seq(page)
        if not click_a_move(page):
            wait_for_the_bot(page, before)
            continue
        page.wait_for_function(
            "n => Number(document.getElementById('play').dataset.seq) > n || "
            "!document.getElementById('refusal').hidden", arg=before)
        assert page.locator("#refusal").is_hidden(), page.locator("#refusal").inner_text()
        if not pictured and page.locator("#hand .card").count() >= 5 and "play it or keep" not in \
                page.locator("#prompt").inner_text() and page.locator("#hand button.playable").count():
            web.shot("play", doc="play", full_page=False, doc_viewports=("desktop",))
            pictured = True
    else:
        pytest.fail("the game did not end within 1,500 clicks")
    final = seat.view()
    assert final["over"]
    words = page.locator("#over-words").inner_text()
    assert f"{final['winner']} wins" in words
    for name, score in final["scores"].items():
        assert f"{name} {score}" in words
    web.shot("play-over", full_page=False)
    download = page.locator("#download")
    page.wait_for_function("() => document.getElementById('download').href.startsWith('blob:')")
    with page.expect_download() as got:
        download.click()
    record = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    verdict = judge(record)
    assert verdict.legal and verdict.complete and verdict.scores == final["scores"]
    assert got.value.suggested_filename.endswith(".json")
    page.get_by_role("button", name="Open it in the replay viewer").click()
    page.wait_for_url(re.compile(r"/replay#from-play$"))
    page.wait_for_selector("#viewer:not([hidden])")
    assert f"complete: {final['winner']} wins" in page.locator("#verdict").inner_text()
    web.shot("play-replayed", full_page=False)


# -- two browsers at one table ----------------------------------------------------------------------------


def test_two_browsers_play_one_table_each_seeing_only_its_hand(browser, live_server):
    ana, ana_context = sit(browser, live_server)
    ben, ben_context = sit(browser, live_server, "phone")
    try:
        link = open_friend_table(ana)
        ana_seat = own_seat(ana)
        assert ana.page.locator("#share").is_visible()
        join_by_link(ben, link)
        ben_seat = own_seat(ben)
        assert ben_seat.token != ana_seat.token and ben_seat.table == ana_seat.table
        assert "invite" not in ben.page.url and "token" not in ben.page.url  # the code leaves the address bar
        # The guest is welcomed by name; the host's browser never held the guest's token.
        welcome = ben.page.locator("#notice")
        assert welcome.is_visible() and "Welcome, Ben!" in welcome.inner_text()
        assert "Ana invited you" in welcome.inner_text()
        ben.shot("play-welcome")
        assert list(stored_seats(ana.page)) == [f"{ana_seat.table}/Ana"]
        assert ben_seat.token not in json.dumps(stored_seats(ana.page)) and ben_seat.token not in link
        told = False
        for _ in range(4):  # the draft, each by their own browser, whoever's pick it is
            view = ana_seat.view()
            web = ana if view["to_act"] == "Ana" else ben
            wait_for_seq(web.page, view["seq"])
            key = "P" if view["seq"] % 3 == 0 else "K"
            before = shown_seq(web.page)
            web.page.keyboard.press(key)  # the keyboard alone
            wait_for_seq(web.page, before + 1)
            if web is ben and not told:
                # The host is told that the friend has sat down, and the share box goes away.
                wait_for_seq(ana.page, before + 1)
                assert ana.page.locator("#share").is_hidden()
                assert "Ben has joined the table" in ana.page.locator("#notice").inner_text()
                ana.shot("play-friend-joined")
                told = True
        assert told
        assert stored_seats(ana.page)[f"{ana_seat.table}/Ana"]["share"] is None  # a reload shows no link either
        for web, seat, other in ((ana, ana_seat, "Ben"), (ben, ben_seat, "Ana")):
            view = seat.view()
            wait_for_seq(web.page, view["seq"])  # the other's picks arrive by polling
            assert hand(web.page) == sorted(view["hand"], key=lambda c: hand(web.page).index(c))
            assert sorted(hand(web.page)) == sorted(view["hand"])
            assert web.page.locator("#opponent .card").count() == 0  # the other hand: backs only
            assert web.page.locator("#opponent-hand .back").count() == view["hand_sizes"][other]
            web.shot("play-two-browsers", doc="play", doc_viewports=("phone",))
        moves = history(ana.page)
        assert any(m.startswith("Ben ") for m in moves) and any(m.startswith("Ana ") for m in moves)
        # A reload mid-game continues it: same table, same hand, same move.
        before = ana_seat.view()
        ana.page.reload()
        wait_for_seq(ana.page, before["seq"])
        assert sorted(hand(ana.page)) == sorted(before["hand"])
        assert shown_seq(ana.page) == before["seq"]
        ana.shot("play-reloaded")
        # Leaving the table keeps the seat: the page lists the game, and continues it.
        ana.page.get_by_role("button", name="Leave this table").click()
        resume = ana.page.get_by_role("button", name="Continue: Ana against Ben")
        resume.click()
        wait_for_seq(ana.page, before["seq"])
        assert sorted(hand(ana.page)) == sorted(before["hand"])
        ben.no_horizontal_scroll()
    finally:
        ana_context.close()
        ben_context.close()
    assert ana.unexpected_errors() == [] and ben.unexpected_errors() == []


def test_an_invitation_is_taken_once_and_the_host_keeps_their_seat(browser, live_server):
    """The host opening their own friend link is asked, never moved to the other seat; the guest joins; a third
    browser opening the spent link is told that the seat is taken."""
    ana, ana_context = sit(browser, live_server)
    ben, ben_context = sit(browser, live_server, "phone")
    cy, cy_context = sit(browser, live_server, "phone")
    try:
        link = open_friend_table(ana)
        ana_seat = own_seat(ana)
        follow(ana, link)  # the host opens their own link in the same browser
        choice = ana.page.locator("#invite-choice")
        choice.wait_for(state="visible")
        assert "You already sit at this table as Ana" in choice.inner_text()
        assert "invite" not in ana.page.url  # the code leaves the address bar at once
        ana.shot("play-own-invitation")
        ana.page.get_by_role("button", name="Back to my seat (Ana)").click()
        ana.page.wait_for_selector("#table:not([hidden])")
        assert own_seat(ana).token == ana_seat.token and list(stored_seats(ana.page)) == [f"{ana_seat.table}/Ana"]
        assert ana.page.locator("#share").is_visible()  # the invitation is still there to send
        join_by_link(ben, link)
        assert "Welcome, Ben!" in ben.page.locator("#notice").inner_text()
        follow(cy, link)  # the spent link, in a third browser
        status = cy.page.locator("#setup-status")
        status.wait_for(state="visible")
        cy.page.wait_for_function("() => document.getElementById('setup-status').textContent.includes('taken')")
        assert "has been used already: its seat at the table is taken" in status.inner_text()
        assert cy.page.locator("#table").is_hidden() and stored_seats(cy.page) == {}
        cy.shot("play-invitation-spent")
        cy.expect_console_error("status of 409")
    finally:
        ana_context.close()
        ben_context.close()
        cy_context.close()
    assert ana.unexpected_errors() == [] and ben.unexpected_errors() == [] and cy.unexpected_errors() == []


def test_the_invited_seat_taken_in_the_hosts_browser_leaves_the_hosts_seat(desktop):
    """Asked, the host may take the invited seat in their own browser (two people at one screen): the browser
    then holds both seats of the table, each by its own name, and lists both."""
    link = open_friend_table(desktop)
    table = own_seat(desktop).table
    follow(desktop, link)
    desktop.page.get_by_role("button", name="Take the invited seat in this browser").click()
    desktop.page.wait_for_selector("#table:not([hidden])")
    desktop.page.wait_for_function("() => location.hash.includes('seat=Ben')")
    assert sorted(stored_seats(desktop.page)) == [f"{table}/Ana", f"{table}/Ben"]
    assert "Your hand (Ben)" in desktop.page.locator("#mine-title").inner_text()
    desktop.page.get_by_role("button", name="Leave this table").click()
    assert desktop.page.get_by_role("button", name="Continue: Ana against Ben").is_visible()
    desktop.page.get_by_role("button", name="Continue: Ben against Ana").click()
    desktop.page.wait_for_selector("#table:not([hidden])")
    assert "Your hand (Ben)" in desktop.page.locator("#mine-title").inner_text()


# -- the moments that need a decision ---------------------------------------------------------------------


@pytest.fixture
def against_api(desktop):
    """Ana in the browser at a table for two; Ben, a client of the HTTP API. The page, Ana's seat, Ben's.
    A long game (a target score out of reach), so that no moment is cut short by the game's end."""
    table = create_table(desktop.base, ["Ana", "Ben"], variant=LONG)
    ana = Seat(desktop.base, table["id"], table["tokens"]["Ana"])
    take_seat(desktop, ana)
    return desktop, ana, Seat(desktop.base, table["id"], table["tokens"]["Ben"])


def takes_cards(view: dict) -> dict | None:
    """Ana's part while the table is brought to a moment: she keeps and draws until she holds a dozen
    cards (so that she holds what a moment needs), then plays; she plays too once the draw pile is spent,
    for two players who only draw would leave the table with no way on."""
    if len(view["hand"]) < 12 and view["draw_pile"]:
        return first(view, is_keep, is_draw)
    return first(view, plays(lambda code: True))


def sheds(card=lambda code: True) -> callable:
    """Ben's part: he plays (a card passing ``card`` first), and keeps his drafted cards."""
    return lambda view: first(view, is_keep, plays(card), plays(lambda code: True))


def test_a_volley_is_answered_with_a_draw_2_and_drawn(against_api):
    web, ana, ben = against_api
    page = web.page

    def answerable(views):
        view = views["Ana"]
        return bool(view["owes"] and view["owes"]["kind"] == "volley" and len(view["hand"]) > 1 and
                    any(e.get("type") == "play" for e in view["legal"]))  # an answer that does not end the round

    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds(lambda c: c.endswith("+2"))},
                  answerable)
    at_moment(page, views["Ana"]["seq"])
    owed = views["Ana"]["owes"]["cards"]
    assert f"answer with a Draw 2 or draw {owed}" in page.locator("#prompt").inner_text()
    web.shot("play-volley")
    answer = page.locator("#hand button.playable").first
    card = answer.get_attribute("data-card")
    click_and_wait(page, answer)
    assert history(page)[0].startswith(f"Ana plays {judge_name(card)}")
    view = ben.view()
    assert view["owes"]["kind"] == "volley" and view["owes"]["cards"] > owed  # the volley goes on
    ben.act({"type": "draw"}, view["seq"])  # Ben draws the total
    wait_for_seq(page, view["seq"] + 1)
    assert re.match(rf"Ben draws {view['owes']['cards']} cards", history(page)[0]), history(page)

    # Later, Ana draws a volley herself.
    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds(lambda c: c.endswith("+2"))},
                  lambda vs: bool(vs["Ana"]["owes"] and vs["Ana"]["owes"]["kind"] == "volley"
                                  and vs["Ana"]["owes"]["player"] == "Ana"))
    at_moment(page, views["Ana"]["seq"])
    owed = views["Ana"]["owes"]["cards"]
    size = len(views["Ana"]["hand"])
    click_and_wait(page, page.get_by_role("button", name=f"Draw {owed} cards"))
    assert history(page)[0] == f"Ana draws {owed} cards"
    assert len(hand(page)) == size + owed


def judge_name(code: str) -> str:
    """A card's name as the page writes it (the service's own card faces)."""
    from referee.engine.cards import CARDS_BY_CODE
    return CARDS_BY_CODE[code].name


# A challenge's and a catch's outcome, told in words with the rule: tests/browser/test_play_told.py.


def test_a_reverse_is_played_with_its_dump(against_api):
    web, ana, ben = against_api
    page = web.page

    def dump_open(views):
        return any(e.get("type") == "play" and e.get("dump") and len(e["dump"]) + 1 < len(views["Ana"]["hand"])
                   for e in views["Ana"]["legal"])  # a dump that leaves her cards: the round goes on

    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()}, dump_open)
    at_moment(page, views["Ana"]["seq"])
    option = next(e for e in views["Ana"]["legal"] if e.get("type") == "play" and e.get("dump")
                  and len(e["dump"]) + 1 < len(views["Ana"]["hand"]))
    # .first: a hand may hold the card twice (the table's deal is random), and either button plays it
    page.locator(f"#hand button.playable[data-card='{option['card']}']").first.focus()  # by the keyboard alone
    page.keyboard.press("Enter")
    choices = page.locator("#choice-buttons button.choice:not(.cancel)")
    assert choices.count() >= 2  # the Reverse alone, or with the rest of its colour
    web.shot("play-reverse-choice")
    for _ in range(choices.count()):
        if "and lay" in page.evaluate("document.activeElement.textContent"):
            break
        page.keyboard.press("Tab")
    assert "and lay" in page.evaluate("document.activeElement.textContent")
    before = shown_seq(page)
    page.keyboard.press("Enter")
    wait_for_seq(page, before + 1)
    assert re.match(rf"Ana plays {judge_name(option['card'])}, then lays ", history(page)[0]), history(page)
    laid = 1 + len(re.search(r"then lays (.*?)(, saying UNO)?$", history(page)[0]).group(1).split(", "))
    assert len(hand(page)) == len(views["Ana"]["hand"]) - laid


def test_the_draft_by_click_and_a_refused_move_that_teaches(against_api):
    """The draft's keep and pass by click; then a move the page never offers (sent as a stale page would
    send it) is refused by the server, and the page shows the rule's words and its link."""
    web, ana, ben = against_api
    page = web.page
    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and vs["Ana"]["phase"] == "draft")
    at_moment(page, views["Ana"]["seq"])
    drawn = views["Ana"]["drawn"]
    web.shot("play-draft")
    click_and_wait(page, page.get_by_role("button", name=f"Keep {judge_name(drawn)}"))
    assert drawn in hand(page)

    def unplayable(view: dict) -> list[str]:
        playable = {e["card"] for e in view["legal"] if e.get("type") == "play"}
        return [c for c in view["hand"] if c not in playable]

    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and vs["Ana"]["phase"] == "play"
                  and any(e.get("type") == "play" for e in vs["Ana"]["legal"]) and bool(unplayable(vs["Ana"])))
    at_moment(page, views["Ana"]["seq"])
    playable = {e["card"] for e in views["Ana"]["legal"] if e.get("type") == "play"}
    offered = page.locator("#hand button.playable").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert set(offered) == playable  # the page offers exactly the view's legal plays
    wrong = {"type": "play", "card": unplayable(views["Ana"])[0]}
    if wrong["card"].startswith("W"):
        wrong["color"] = "red"

    def stale(route):
        route.continue_(post_data=json.dumps({"seq": views["Ana"]["seq"], "event": wrong}))

    web.expect_console_error("status of 422")
    page.route("**/events", stale)
    page.locator("#hand button.playable").first.click()
    if page.locator("#choices:not([hidden])").count():  # a wild asks its colour first
        page.locator("#choice-buttons button.choice:not(.cancel)").first.click()
    refusal = page.locator("#refusal")
    refusal.wait_for(state="visible")
    page.unroute("**/events")
    rule = refusal.locator(".rule-id").inner_text()
    assert rule in RULES
    assert refusal.locator("a.rule-link").get_attribute("href").endswith(f"/rulebook/{rule}")
    assert len(refusal.inner_text()) > 40  # the rule's words, not only its id
    assert shown_seq(page) == views["Ana"]["seq"]  # the table as it stands: nothing changed
    web.shot("play-refused", full_page=False)
    refusal.locator("a.rule-link").click()
    page.wait_for_load_state()
    assert rule in page.locator("h1").first.inner_text()


def test_a_stale_page_is_told_and_shown_the_table_as_it_stands(against_api):
    """Ana decides on another device while this page still shows the older table: the page's move arrives
    stale (409), and the page says so and shows the table as it stands."""
    web, ana, ben = against_api
    page = web.page
    views = drive({"Ana": ana, "Ben": ben}, {"Ana": takes_cards, "Ben": sheds()},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and bool(vs["Ana"]["legal"]))
    at_moment(page, views["Ana"]["seq"])
    web.expect_console_error("status of 409")

    def elsewhere_first(route):
        ana.act(without_player(takes_cards(views["Ana"])), views["Ana"]["seq"])
        route.continue_()

    page.route("**/events", elsewhere_first)
    page.locator("#actions button").first.click()
    page.locator("#notice").wait_for(state="visible")
    page.unroute("**/events")
    assert "moved on" in page.locator("#notice").inner_text()
    wait_for_seq(page, views["Ana"]["seq"] + 1)


def test_uno_is_said_with_the_second_to_last_card(against_api):
    web, ana, ben = against_api
    page = web.page

    def ben_takes_cards(view):
        # Ben keeps and draws, so that Ana sheds her cards; with the draw pile spent he plays, for a player
        # who only draws then would leave the table with no way on.
        if view["draw_pile"]:
            return first(view, is_keep, is_draw)
        return first(view, is_keep, plays(lambda code: True))

    views = drive({"Ana": ana, "Ben": ben}, {"Ana": sheds(), "Ben": ben_takes_cards},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and any(e.get("uno") for e in vs["Ana"]["legal"]))
    at_moment(page, views["Ana"]["seq"])
    option = next(e for e in views["Ana"]["legal"] if e.get("uno") and e.get("type") == "play")
    box = page.locator("#say-uno")
    assert box.is_visible() and not box.is_checked()
    page.keyboard.press("U")  # the key says it, as the box does
    assert box.is_checked()
    web.shot("play-uno")
    card = page.locator(f"#hand button.playable[data-card='{option['card']}']").first  # the card may be held twice
    card.click()
    if page.locator("#choices:not([hidden])").count():  # the way of playing it that leaves one card
        words = "and lay" if option.get("dump") else option.get("color") or "alone"
        page.locator("#choice-buttons button", has_text=words).first.click()
    wait_for_seq(page, views["Ana"]["seq"] + 1)
    assert history(page)[0].startswith(f"Ana plays {judge_name(option['card'])}")
    assert history(page)[0].endswith("saying UNO")
    assert ana.view()["uno"]["Ana"] != "catchable"


def test_a_round_longer_than_a_page_is_kept_whole_by_the_page(desktop):
    """The view pages the round's history (at most a page an answer): a page opened late in a long round
    asks for the pages it lacks, and shows the round's latest moves, numbered as the round counts them."""
    import random

    from referee.tables.history import HISTORY_PAGE

    table = create_table(desktop.base, ["Ana", "Ben"], variant=LONG)
    seats = {name: Seat(desktop.base, table["id"], table["tokens"][name]) for name in ("Ana", "Ben")}
    rng = random.Random(9)

    def uniform(view: dict) -> dict | None:
        return rng.choice(view["legal"]) if view["legal"] else None

    views = drive(seats, {"Ana": uniform, "Ben": uniform},
                  lambda vs: vs["Ana"]["history_length"] > HISTORY_PAGE + 30, budget=5000)
    asked: list[str] = []
    desktop.page.on("request", lambda request: asked.append(request.url) if "/v1/tables/" in request.url else None)
    take_seat(desktop, seats["Ana"])
    page = desktop.page
    at_moment(page, views["Ana"]["seq"])
    length = views["Ana"]["history_length"]
    page.wait_for_function("n => document.getElementById('moves').getAttribute('start') === String(n)", arg=length)
    assert any(f"history_from={HISTORY_PAGE}" in url for url in asked), asked  # the second page was asked for
    latest = seats["Ana"].view()["history"][-1]
    shown = history(page)
    assert len(shown) == 8 and shown[0].startswith(latest.get("player", "")), (shown, latest)
    desktop.shot("play-long-round")
    assert desktop.unexpected_errors() == []


def test_a_seat_kept_by_an_older_page_is_kept_by_table_and_seat(desktop):
    """A browser that kept its seats by table alone (the page before invitations) keeps them: each moves under
    its table and seat, and the game continues from the list."""
    table = create_table(desktop.base, ["Ana", "Ben"], variant=LONG)
    page = desktop.open("/play")
    page.evaluate("""([table, token]) => localStorage.setItem('uno-duo-seats',
        JSON.stringify({[table]: {token, you: 'Ana', opponent: 'Ben', started: 1}}))""",
                  [table["id"], table["tokens"]["Ana"]])
    page.reload()
    page.get_by_role("button", name="Continue: Ana against Ben").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    assert list(stored_seats(page)) == [f"{table['id']}/Ana"]
    assert page.evaluate("localStorage.getItem('uno-duo-seats')") is None
    assert "Your hand (Ana)" in page.locator("#mine-title").inner_text()
