"""A round played on six phones and the hall's screen (issue 44's "done when"): the organiser
pairs round 1, and each phone (375x812) shows its table, opponent and result form at the top
without a reload; the players enter and confirm their results; the organiser pairs round 2,
and every phone and the projector (1920x1080) follow without a reload, the event page's board
too (keeping where its reader scrolled, what they opened and focused). A player who asked to be
told gets a notification for their pairing and for a result to confirm. axe finds nothing
serious on the event page, the desk and the projector, in both themes.

Then the hall's screen at its sizes: 16 tables (32 players) need no scroll at 1080p or at 4K;
40 tables page by themselves, and keep paging while results come in.

Only a browser shows these (the layout on the screen, the swaps without a reload, the pages
turning); what each part shows is proved over HTTP in tests/events/test_event_now.py and
test_board_keeps_current.py."""

from __future__ import annotations

import datetime as dt
import random
from contextlib import ExitStack

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.events import selectors, services
from forgebuilder.events.models import Event, Game
from tests.events.conftest import entered

from .axe import CLEAN, axe_problems_in_both_schemes
from .campaign import SIZES, looked_at, no_sideways_scroll, window

LEGAL = ("lantern_marshal", "lightbearer_squad")
PLAYERS = ("ann", "ben", "cat", "dan", "eli", "fay")
PHONE = SIZES["phone"]
HALL = (1920, 1080)
# what a notification the page shows is: recorded, whichever way the page shows it
TOLD = """
window.told = [];
const record = (title, options) => window.told.push((options && options.body) || title);
if (self.ServiceWorkerRegistration) {
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    record(title, options);
    return Promise.resolve();
  };
}
"""


# the elements marked busy from now on
BUSY = """window.busy = [];
new MutationObserver(changes => changes.forEach(c => {
  if (c.target.getAttribute('aria-busy') === 'true') window.busy.push(c.target.id);
})).observe(document.body, {attributes: true, subtree: true, attributeFilter: ['aria-busy']});"""


def _event(name: str, rounds: int = 3) -> Event:
    organiser = get_user_model().objects.get_or_create(username="olga")[0]
    return Event.objects.create(
        organiser=organiser, name=name, starts_on=dt.date(2026, 12, 5),
        module=GameModule.objects.get(slug="ashen-stars"), points_limit=1000,
        list_deadline=timezone.now() + dt.timedelta(days=1), rounds=rounds,
        tiebreakers=["points", "sos", "vp_diff"],
    )  # fmt: skip


def _game_of(event: Event, user) -> tuple[Game, str]:
    """`user`'s game of the current round, and their opponent's name."""
    game = next(
        g for g in selectors.games_of(selectors.current_round(event)) if g.side_of(user) is not None
    )
    them = game.second if game.first.player_id == user.pk else game.first
    return game, them.name


def _shows_its_table_first(phone, event: Event, user) -> Game:
    """The phone shows its player's table, opponent and result form within its first screen."""
    game, them = _game_of(event, user)
    now = phone.locator("#now")
    expect(now).to_contain_text(f"Table {game.table} against {them}", timeout=6000)
    button = now.get_by_role("button", name="Enter the result")
    expect(button).to_be_visible()
    bottom = button.bounding_box()
    assert bottom["y"] + bottom["height"] <= PHONE[1], "the result form is below the first screen"
    return game


def _not_reloaded(page) -> None:
    assert page.evaluate("window.kept") == "the same page", "the page was reloaded"
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


def _result(phones: dict, game: Game, vp: tuple[int, int]) -> None:
    """The game's first player enters `vp` on their phone; the second confirms it on theirs."""
    first, second = phones[game.first.name], phones[game.second.name]
    now = first.locator("#now")
    now.get_by_label(f"{game.first.name} VP").fill(str(vp[0]))
    now.get_by_label(f"{game.second.name} VP").fill(str(vp[1]))
    now.get_by_role("button", name="Enter the result").click()
    expect(now).to_contain_text(f"waiting for {game.second.name} to confirm")
    confirm = second.locator("#now").get_by_role("button", name=f"Confirm {vp[0]}–{vp[1]}")
    expect(confirm).to_be_visible(timeout=6000)  # without a reload
    confirm.click()
    expect(second.locator("#now")).to_contain_text(f"Result confirmed: {vp[0]}–{vp[1]}")


@pytest.mark.django_db(transaction=True)
def test_a_round_on_six_phones_and_the_hall_screen(browser, live_server, starter_modules, settings):
    settings.EVENT_NOW_POLL_SECONDS = settings.EVENT_BOARD_POLL_SECONDS = 1
    settings.PROJECTOR_POLL_SECONDS = 1
    settings.EVENT_BOARD_SETTLE_SECONDS = 1  # as in production: the board settles at a peak
    event = _event("Ember Cup")
    users = {name: get_user_model().objects.create_user(name) for name in PLAYERS}
    for user in users.values():
        entered(event, user, *LEGAL)
    url = f"{live_server.url}/events/{event.public_id}/"
    told_one = "fay"  # asked to be told; she allows the worker and notifications

    with ExitStack() as stack:
        told = {"service_workers": "allow", "permissions": ["notifications"]}
        phones = {
            name: stack.enter_context(
                window(browser, live_server, user, PHONE, mobile=True,
                       **(told if name == told_one else {}))
            )
            for name, user in users.items()
        }  # fmt: skip
        hall = stack.enter_context(window(browser, live_server, event.organiser, HALL))
        desk = stack.enter_context(window(browser, live_server, event.organiser, SIZES["desktop"]))
        phones[told_one].add_init_script(TOLD)
        for phone in phones.values():
            phone.goto(url)
            expect(phone.locator("#now")).to_contain_text("Round 1 is not paired yet")
            phone.evaluate("window.kept = 'the same page'")
        fay = phones[told_one]
        fay.get_by_role("button", name="Tell me when I am paired").click()
        expect(fay.locator("#now-notify")).to_contain_text(
            "This page tells you when you are paired"
        )
        hall.goto(f"{url}projector/")
        hall.evaluate("window.kept = 'the same page'")

        desk.goto(url)
        desk.get_by_role("button", name="Pair round 1").click()
        expect(desk.locator(".messages")).to_contain_text("Round 1 is paired")
        games = {name: _shows_its_table_first(p, event, users[name]) for name, p in phones.items()}
        for phone in phones.values():
            _not_reloaded(phone)
            no_sideways_scroll(phone, PHONE[0])
        looked_at(phones["ann"], "round-phone-paired")
        expect(hall.locator("h1")).to_have_text("Ember Cup: round 1 of 3", timeout=6000)
        _not_reloaded(hall)
        first, _ = _game_of(event, users[told_one])
        _told(fay, f"Round 1: table {first.table} against")

        # each table's result, entered on one phone and confirmed on the other
        played = {g.pk: g for g in games.values()}.values()
        for n, game in enumerate(sorted(played, key=lambda g: g.table)):
            _result(phones, game, (10 + n, 5 + n))
        expect(hall.locator(".standings-rows .pts").first).to_have_text("3 pts", timeout=6000)
        _not_reloaded(hall)
        looked_at(hall, "round-hall-results")

        # round 2: the phones follow, scrolled and focused where their readers left them
        for phone in phones.values():
            phone.evaluate("window.kept = 'the same page'")
        ann = phones["ann"]
        where = "document.getElementById('round-title').getBoundingClientRect().top"
        # reading round 1's pairings, their heading a third down the screen: higher, the page
        # may end on the screen (its last row's names wrap or not, as the draw fell), and a
        # round 2 a few pixels shorter then moves it, however the swap holds it. As on Safari,
        # which has no scroll anchoring of its own: the page's script alone holds the place
        ann.add_style_tag(content="* { overflow-anchor: none }")
        held = PHONE[1] // 3
        ann.evaluate(f"window.scrollBy(0, {where} - {held})")
        scrolled = ann.evaluate(where)
        assert abs(scrolled - held) <= 1, "the page ends on the screen: no room to scroll to"
        desk.reload()
        desk.get_by_role("button", name="Pair round 2").click()
        expect(desk.locator(".messages")).to_contain_text("Round 2 is paired")
        for name, phone in phones.items():
            expect(phone.locator("#round-title")).to_have_text("Round 2 of 3", timeout=6000)
            _shows_its_table_first(phone, event, users[name])
            _not_reloaded(phone)
        # what the reader was looking at stays where it was on the screen
        assert abs(ann.evaluate(where) - scrolled) <= 2, "the board's swap scrolled the page"
        expect(hall.locator("h1")).to_have_text("Ember Cup: round 2 of 3", timeout=6000)
        _not_reloaded(hall)
        second, them = _game_of(event, users[told_one])
        _told(fay, f"Round 2: table {second.table} against {them}")
        looked_at(ann, "round-phone-round-2")
        looked_at(hall, "round-hall-round-2")

        # the organiser's board follows a result, the swap form they opened kept open and focused
        desk.evaluate("window.kept = 'the same page'")
        swap = desk.locator("#swap summary")
        swap.click()
        swap.focus()
        opponent = phones[them]
        opponent.locator("#now").get_by_label(f"{second.first.name} VP").fill("12")
        opponent.locator("#now").get_by_label(f"{second.second.name} VP").fill("8")
        opponent.locator("#now").get_by_role("button", name="Enter the result").click()
        _told(fay, f"{them} entered 12–8")
        row = desk.locator(f"#game-{second.pk}")
        expect(row).to_contain_text("12–8, waiting for confirmation", timeout=6000)
        assert desk.evaluate("document.getElementById('swap').open")
        assert desk.evaluate("document.activeElement.textContent") == "Swap two players…"
        _not_reloaded(desk)

        # asking whether anything changed does not dim the parts asking (nobody waits for it)
        fay.evaluate(BUSY)
        fay.wait_for_timeout(2500)  # two polls of each part
        assert fay.evaluate("window.busy") == [], "a part dims while it asks whether it changed"

        # nothing serious for axe on the event page, the desk and the hall's screen
        assert axe_problems_in_both_schemes(fay) == CLEAN
        desk.goto(f"{url}desk/")
        assert axe_problems_in_both_schemes(desk) == CLEAN
        assert axe_problems_in_both_schemes(hall) == CLEAN
        looked_at(desk, "round-desk")


def _told(phone, said: str) -> None:
    """The phone showed a notification that says `said`."""
    expect(phone.locator("body")).to_be_visible()
    phone.wait_for_function(
        "said => (window.told || []).some(t => t.indexOf(said) !== -1)", arg=said, timeout=6000
    )


def _hall_event(name: str, tables: int) -> Event:
    event = _event(name)
    users = get_user_model().objects
    for i in range(tables * 2):
        player = users.create_user(f"{name.split()[0].lower()}{i:03d}")
        entrant = services.entrant_register(event=event, player=player)
        services.entrant_check_in(event=event, entrant=entrant)
    services.round_pair(event=event, rng=random.Random(1))
    return event


def _rows_on_the_screen(hall, size: tuple[int, int]) -> None:
    """Every row shown is within the screen, and within its list (no name cut off by a
    column beyond the list's edge)."""
    width, height = size
    assert _lowest_row(hall) <= height
    beyond = hall.evaluate(
        "[...document.querySelectorAll('.row')].filter(r => !r.hidden && r.offsetParent)"
        ".filter(r => r.getBoundingClientRect().right > r.closest('.rows')"
        ".getBoundingClientRect().right + 1).length"
    )
    assert beyond == 0, f"{beyond} rows reach past their list's edge"
    assert hall.evaluate("document.documentElement.scrollHeight") <= height
    assert hall.evaluate("document.documentElement.scrollWidth") <= width


def _lowest_row(hall) -> float:
    return hall.evaluate(
        "Math.max(...[...document.querySelectorAll('.row')].filter(r => !r.hidden)"
        ".map(r => r.getBoundingClientRect().bottom))"
    )


@pytest.mark.django_db(transaction=True)
def test_the_hall_screen_fits_16_tables_and_pages_40(
    browser, live_server, starter_modules, settings
):
    settings.PROJECTOR_POLL_SECONDS = 1
    settings.PROJECTOR_PAGE_SECONDS = 2
    sixteen, forty = _hall_event("Sixteen Open", 16), _hall_event("Forty Open", 40)
    organiser = sixteen.organiser

    with window(browser, live_server, organiser, HALL) as hall:
        hall.goto(f"{live_server.url}/events/{sixteen.public_id}/projector/")
        looked_at(hall, "hall-16-1080")
        expect(hall.locator(".page-no")).to_have_text("")
        expect(hall.locator(".slide[data-slide=pairings] .row:visible")).to_have_count(16 + 32)
        _rows_on_the_screen(hall, HALL)
        hall.set_viewport_size({"width": 3840, "height": 2160})
        hall.reload()
        looked_at(hall, "hall-16-4k")
        expect(hall.locator(".page-no")).to_have_text("")
        _rows_on_the_screen(hall, (3840, 2160))
        hall.set_viewport_size({"width": HALL[0], "height": HALL[1]})

        hall.goto(f"{live_server.url}/events/{forty.public_id}/projector/")
        hall.evaluate("window.kept = 'the same page'")
        label = hall.locator(".page-no")
        expect(label).to_contain_text("Pairings · page 1 of ")
        _rows_on_the_screen(hall, HALL)
        looked_at(hall, "hall-40-page-1")
        # results keep coming in (each redraws the screen): the pages turn all the same
        games = list(selectors.games_of(selectors.current_round(forty)))
        turned = False
        for game in games[:10]:
            Game.objects.filter(pk=game.pk).update(status=Game.CONFIRMED, first_vp=11, second_vp=4)
            hall.wait_for_timeout(600)
            turned = "page 2 of" in label.inner_text()
            if turned:
                break
        assert turned, "the screen stayed on its first page while results came in"
        _not_reloaded(hall)
        looked_at(hall, "hall-40-page-2")
