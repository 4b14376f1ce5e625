"""Play mode on a phone (375 by 812 pixels): three rounds of a Battle Forge game and of a Grimdark game,
tapping counters and tokens, going offline mid-game and coming back, the two games linked so
each player sees the other's counters; and the browser's tracker.js against the worked
examples the Python tracker passes (tests/play/vectors.json)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.play import services
from forgebuilder.play.models import Game
from tests.conftest import REPO
from tests.play.conftest import VECTORS, make_list

from .test_offline import wait_for_worker, wait_until

PHONE = {"width": 375, "height": 812}
# how long the page waits before it tries a failed save again (static/js/play.js)
RETRY_MS = int(re.search(r"RETRY_MS = (\d+)", (REPO / "static/js/play.js").read_text())[1])


def phone(browser, live_server, user):
    """A phone's browser with `user` logged in, its service worker allowed (offline play)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=PHONE, is_mobile=True, service_workers="allow")
    context.set_default_timeout(15_000)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return context


def tap(scope, name: str, times: int = 1) -> None:
    """Tap the button `name`; a unit's counter names its unit too ("Shock (Pike-and-Shot): one
    more"), which `scope` (the unit's card) makes plain here."""
    label, colon, step = name.partition(": ")
    if colon:
        name = re.compile(rf"^{re.escape(label)}( \(.+\))?: {re.escape(step)}$")
    for _ in range(times):
        scope.get_by_role("button", name=name, exact=True).click()


def value(page, path: str):
    return page.locator(f'[data-value="{path}"]')


def come_back_online(context, page) -> None:
    context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Saved", timeout=20_000)


def one_unit_game(player) -> Game:
    """A game of a one-unit Battle Forge list, started without the browser."""
    module = GameModule.objects.get(slug="ember-reach")
    army = make_list(module, player, "gilt_ledger", [{"datasheet": "pike_and_shot"}])
    return services.start_game(player=player, evaluated=evaluated_list(army_list=army))


@pytest.fixture
def people(transactional_db):
    users = get_user_model().objects
    return users.create_user("ada", password="pw-123456789"), users.create_user("bo", password="x")


@pytest.mark.django_db(transaction=True)
def test_a_battle_forge_game_of_three_rounds_on_a_phone_offline_mid_game(
    live_server, browser, starter_modules, people
):
    ada, _ = people
    module = GameModule.objects.get(slug="ember-reach")
    army = make_list(module, ada, "gilt_ledger",
                     [{"datasheet": "pike_and_shot"}, {"datasheet": "brass_juggernaut"}],
                     name="Coin and Steel")  # fmt: skip
    context = phone(browser, live_server, ada)
    page = context.new_page()
    page.goto(f"{live_server.url}/lists/{army.public_id}/table/")
    tap(page, "Play a game")
    expect(page.locator("h1")).to_contain_text("Coin and Steel")
    wait_for_worker(page)
    game = Game.objects.get(player=ada)
    pike, jug = (f"u.{u['id']}" for u in game.sheet["units"])
    sp_left = page.locator('[data-pool-left="sp"]')
    # round 1: 150 points earn 1 + 150 // 50 = 4 strategy points; Hold the Line costs 1
    expect(sp_left).to_have_text("4")
    tap(page, "Hold the Line 1 SP")
    expect(sp_left).to_have_text("3")
    first = page.locator("#unit-1")
    tap(first, "Models lost: one more", 2)
    tap(first, "Shock: one more")
    tap(first, "Focus")
    tap(first, "Activated")
    expect(value(page, f"{pike}.lost")).to_have_text("2")
    expect(first.get_by_role("button", name="Focus")).to_have_attribute("aria-pressed", "true")
    # the Juggernaut's activation rule is recalled when it activates
    tap(page.locator("#unit-2"), "Activated")
    expect(page.locator('#unit-2 .reminder[data-phase="activation"]')).to_have_class("reminder now")

    tap(page, "Next round")  # round 2: a new pool, activations over, Focus stays
    expect(page.locator(".play-round [data-round]")).to_have_text("2")
    expect(sp_left).to_have_text("4")
    expect(first.get_by_role("button", name="Activated")).to_have_attribute("aria-pressed", "false")
    expect(first.get_by_role("button", name="Focus")).to_have_attribute("aria-pressed", "true")
    tap(page, "Spend 1 SP", 4)
    expect(sp_left).to_have_text("0")
    tap(page, "Spend 1 SP")
    expect(page.locator("#play-notice")).to_have_text("1 point costs 1 SP; round 2 has 0 left.")
    expect(sp_left).to_have_text("0")

    expect(page.locator("#sync-status")).to_have_text("Saved")  # every tap so far is saved
    context.set_offline(True)  # no signal in the club's basement
    try:
        tap(page, "Victory points: one more", 3)
        tap(page.locator("#unit-2"), "Wounds: one more", 8)
        expect(page.locator("#unit-2")).to_have_class("card play-unit destroyed")
        tap(page, "Next round")
        expect(page.locator("#sync-status")).to_have_text("Offline: 12 changes kept on this phone")
        page.reload()  # the worker serves the saved page; the phone keeps the changes
        expect(page.locator(".play-round [data-round]")).to_have_text("3")
        expect(value(page, "vp").first).to_have_text("3")
    finally:
        come_back_online(context, page)
    game.refresh_from_db()
    values = game.state["values"]
    assert (values["round"], values["vp"], values["sp.spent"]) == (3, 3, 0)
    assert (values[f"{pike}.lost"], values[f"{pike}.shock"], values[f"{pike}.focus"]) == (2, 1, 1)
    assert values[f"{jug}.wounds"] == 8

    tap(page, "Undo")  # back to round 2, its 4 strategy points spent, exactly
    expect(page.locator(".play-round [data-round]")).to_have_text("2")
    expect(sp_left).to_have_text("0")
    expect(page.locator("#sync-status")).to_have_text("Saved")
    game.refresh_from_db()
    assert (game.state["values"]["round"], game.state["values"]["sp.spent"]) == (2, 4)
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_grimdark_game_of_three_rounds_linked_to_the_opponents_game(
    live_server, browser, starter_modules, people
):
    ada, bo = people
    ashen = GameModule.objects.get(slug="ashen-stars")
    units = [{"datasheet": "lantern_marshal"}] + [{"datasheet": "lightbearer_squad"}] * 5
    army = make_list(ashen, bo, "cinder_compact", units, name="Lanterns", points_limit=2000,
                     doctrine="iron_vigil")  # fmt: skip
    ember = make_list(GameModule.objects.get(slug="ember-reach"), ada, "gilt_ledger",
                      [{"datasheet": "pike_and_shot"}], name="Coin")  # fmt: skip
    ada_game = services.start_game(player=ada, evaluated=evaluated_list(army_list=ember))
    context = phone(browser, live_server, bo)
    page = context.new_page()
    page.goto(f"{live_server.url}/lists/{army.public_id}/table/")
    tap(page, "Play a game")
    wait_for_worker(page)
    game = Game.objects.get(player=bo)
    command = game.sheet["pools"][0]["first"]
    assert command == game.sheet["points"] * 4 // 1000 >= 2  # 4 per 1000 points spent
    cp_left = page.locator('[data-pool-left="cp"]')
    marshal = page.locator("#unit-1")
    tap(page, "Spend 1 CP")
    tap(marshal, "Wounds: one more", 2)
    expect(marshal.locator('.reminder[data-phase="morale"]')).to_have_class("reminder now")
    tap(marshal, "Shaken")
    tap(marshal, "Fatigued")
    tap(page, "Next round")
    expect(cp_left).to_have_text(str(command - 1))  # command points last the whole game
    expect(marshal.get_by_role("button", name="Fatigued")).to_have_attribute(
        "aria-pressed", "false"
    )
    expect(marshal.get_by_role("button", name="Shaken")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sync-status")).to_have_text("Saved")
    context.set_offline(True)
    try:
        tap(page.locator("#unit-2"), "Models lost: one more", 3)
        tap(marshal, "Shaken")
        tap(page, "Victory points: one more", 2)
        tap(page, "Next round")
        expect(page.locator("#sync-status")).to_contain_text("kept on this phone")
    finally:
        come_back_online(context, page)
    game.refresh_from_db()
    unit_ids = [u["id"] for u in game.sheet["units"]]
    values = game.state["values"]
    assert (values["round"], values["vp"], values["cp.spent"]) == (3, 2, 1)
    assert values[f"u.{unit_ids[0]}.wounds"] == 2 and values[f"u.{unit_ids[0]}.shaken"] == 0
    assert values[f"u.{unit_ids[1]}.lost"] == 3

    # Bo scans Ada's code: her game's link, where he picks his game
    page.goto(f"{live_server.url}/play/link/{ada_game.link_code}/")
    tap(page, "Link my game: Lanterns")
    expect(page.locator("#opponent")).to_contain_text("ada plays Coin · round 1")
    ada_phone = phone(browser, live_server, ada)
    theirs = ada_phone.new_page()
    theirs.goto(f"{live_server.url}/play/{ada_game.public_id}/")
    opponent = theirs.locator("#opponent")
    expect(opponent).to_contain_text("bo plays Lanterns · round 3")
    expect(opponent.locator(".total", has_text="Victory points")).to_contain_text("2")
    # Bo scores again: Ada's page shows it when it asks next (every few seconds)
    tap(page, "Victory points: one more")
    expect(page.locator("#sync-status")).to_have_text("Saved")
    theirs.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(opponent.locator(".total", has_text="Victory points")).to_contain_text("3")
    assert theirs.locator("#opponent button").count() == 0  # read only
    ada_phone.close()
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_browsers_tracker_gives_the_worked_examples(live_server, browser, starter_modules,
                                                        people):  # fmt: skip
    ada, _ = people
    game = one_unit_game(ada)
    context = phone(browser, live_server, ada)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/{game.public_id}/")
    wait_until(page, "() => !!window.Tracker")
    results = page.evaluate(
        """(vectors) => {
            const T = window.Tracker, sheet = vectors.sheet;
            let state = T.initialState(sheet);
            return vectors.steps.map((step, n) => {
                const [intent, a, b, c] = step.do;
                const at = 1000 + n, id = "c" + n;
                try {
                    const change = intent === "add" ? T.add(state, sheet, a, b, at, id)
                        : intent === "toggle" ? T.toggle(state, sheet, a, at, id)
                        : intent === "spend" ? T.spend(state, sheet, a, b, c, at, id)
                        : intent === "gain" ? T.gain(state, sheet, a, at, id)
                        : intent === "next_round" ? T.nextRound(state, sheet, at, id)
                        : T.undo(state, at, id);
                    state = T.apply(state, sheet, change).state;
                    const destroyed = sheet.units.filter((u) => T.destroyed(state, u)).map((u) => u.id);
                    return {values: state.values, label: change.label, destroyed};
                } catch (error) {
                    return {error: error.message};
                }
            });
        }""",
        VECTORS,
    )
    for n, (step, got) in enumerate(zip(VECTORS["steps"], results, strict=True)):
        if "error" in step:
            assert got == {"error": step["error"]}, n
            continue
        assert {k: got["values"][k] for k in step["values"]} == step["values"], n
        if "label" in step:
            assert got["label"] == step["label"], n
        if "destroyed" in step:
            assert got["destroyed"] == step["destroyed"], n
    context.close()


@pytest.mark.django_db(transaction=True)
def test_two_phones_tapping_one_counter_offline_and_online_both_count(
    live_server, browser, starter_modules, people
):
    """The player's two phones, one offline, tap Victory points from 2: every tap counts (5),
    the phone coming back says its changes are saved and drops its offline banner; then, the server unreachable though the
    browser thinks it is online, the phone keeps the tap, says so and saves it once the server
    answers. Only a browser shows the page's retries and what it says."""
    ada, _ = people
    game = one_unit_game(ada)
    game.state["values"]["vp"] = 2
    game.save(update_fields=["state"])
    url = f"{live_server.url}/play/{game.public_id}/"
    first, second = phone(browser, live_server, ada), phone(browser, live_server, ada)
    on_first, on_second = first.new_page(), second.new_page()
    on_first.goto(url)
    wait_for_worker(on_first)
    on_second.goto(url)
    first.set_offline(True)
    tap(on_first, "Victory points: one more", 2)  # kept on the first phone
    on_first.reload()  # the copy the worker kept, under its offline banner
    expect(on_first.locator("#offline-banner")).to_be_visible()
    expect(on_first.locator("#sync-status")).to_contain_text("2 changes kept on this phone")
    tap(on_second, "Victory points: one more")  # later, saved from the second
    expect(on_second.locator("#sync-status")).to_have_text("Saved")
    come_back_online(first, on_first)
    expect(on_first.locator("#play-notice")).to_have_text(
        "Back online: all 2 changes kept on this phone are saved."
    )
    expect(value(on_first, "vp").first).to_have_text("5")
    expect(on_first.locator("#offline-banner")).to_be_hidden()
    on_second.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(value(on_second, "vp").first).to_have_text("5")
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 5

    on_first.clock.install()  # the page's timers from here on: its retry is moved on below
    first.route("**/sync/", lambda route: route.abort())  # the hall's Wi-Fi, but no server
    tap(on_first, "Victory points: one more")
    expect(on_first.locator("#sync-status")).to_have_text(
        "Can't reach the server: 1 change kept on this phone"
    )
    first.unroute("**/sync/")
    expect(on_first.locator("#sync-status")).not_to_have_text("Saved")  # until it retries
    on_first.clock.fast_forward(RETRY_MS)  # the page's retry comes (instead of waiting 5 s)
    expect(on_first.locator("#sync-status")).to_have_text("Saved")
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 6
    first.close()
    second.close()


@pytest.mark.django_db(transaction=True)
def test_a_phone_drops_a_change_the_server_refuses_honours_retry_after_and_its_clock_is_put_right(
    live_server, browser, starter_modules, people
):
    """A phone whose clock runs 10 minutes ahead, holding a change the server refuses (a NUL in
    its label) before a good one: the refused change is dropped and named, the good one saved,
    the clock's error shown and a set stamped on the server's clock; a save answered 429 waits
    the Retry-After and then saves. Only a browser runs the page's queue and its retries."""
    ada, _ = people
    game = one_unit_game(ada)
    pike = f"u.{game.sheet['units'][0]['id']}"
    client = Client()
    client.force_login(ada)
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    context.set_default_timeout(15_000)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    context.add_init_script("const realNow = Date.now; Date.now = () => realNow() + 600000;")
    page = context.new_page()
    url = f"{live_server.url}/play/{game.public_id}/"
    page.goto(url)
    expect(page.locator("#sync-status")).to_have_text("Saved")
    bad = {"id": "bad", "at": 1, "label": "Cursed\u0000 tap", "sets": {}, "adds": {"vp": 1}}
    good = {"id": "good", "at": 2, "label": "Victory points +1", "sets": {}, "adds": {"vp": 1}}
    page.evaluate(
        "([key, held]) => localStorage.setItem(key, JSON.stringify(held))",
        [f"fb-play:{game.public_id}", {"server": game.state, "version": game.version,
                                       "queue": [bad, good]}],
    )  # fmt: skip
    page.reload()
    expect(page.locator("#play-notice")).to_contain_text("Not saved: Cursed")
    expect(page.locator("#play-notice")).to_contain_text("changes[0].label")
    expect(page.locator("#sync-status")).to_have_text("Saved")
    expect(page.locator("#clock-note")).to_have_text(
        "This phone's clock is 10 minutes ahead: the tracker uses the server's time."
    )
    tap(page.locator("#unit-1"), "Focus")
    expect(page.locator("#sync-status")).to_have_text("Saved")
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 1 and game.state["values"][f"{pike}.focus"] == 1
    assert game.state["stamps"][f"{pike}.focus"] <= services.now_ms()

    answered = []

    def once_too_many(route):
        if answered:
            route.continue_()
            return
        answered.append(1)
        route.fulfill(status=429, headers={"Retry-After": "2"}, content_type="application/json",
                      body='{"error": "Too many saves of your games from you."}')  # fmt: skip

    context.route("**/sync/", once_too_many)
    tap(page, "Victory points: one more")
    expect(page.locator("#sync-status")).to_contain_text("Saving paused for 2 s")
    expect(page.locator("#sync-status")).to_have_text("Saved", timeout=10_000)
    game.refresh_from_db()
    assert game.state["values"]["vp"] == 2
    context.close()
