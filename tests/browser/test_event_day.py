"""An organiser's event day in a browser: an 8-player, 3-round event from its creation to the
final standings. The organiser works at a laptop (1366x900), the players on their phones
(375x812); every page looked at is checked at both sizes (no sideways scroll, and axe where the
organiser works), so each page is known to work for either. Two players submit through share
links (one list illegal, then fixed), one player drops after round 1 (so rounds 2 and 3 have a
bye), results are entered by a player and confirmed by the opponent (one first rejected and
entered again) or set by the organiser.

The draw of each round is fixed (seeds 1, 2, 3), so the standings below follow from the pairings
of those draws and the results entered: the stronger player (earlier in PLAYERS) always wins,
10 + their strength to 10 - the loser's. That the pairings follow the standings is proved over
whole events by the properties of tests/events/test_pairing.py; this test holds the page to it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone
from playwright.sync_api import expect

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events import services
from forgebuilder.events.models import Event, Game
from forgebuilder.lists.sharing import share_link_create
from tests.campaigns.conftest import make_army

from .campaign import SIZES, checked_at_both_sizes, logged_in

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
LEGAL = ("lantern_marshal", "lightbearer_squad")


def _strength(name: str) -> int:
    return len(PLAYERS) - PLAYERS.index(name)  # ann 8 ... hal 1


def _play(game: Game) -> tuple[int, int]:
    a, b = game.first.player.username, game.second.player.username
    winner_first = _strength(a) > _strength(b)
    win, lose = (a, b) if winner_first else (b, a)
    vp_win, vp_lose = 10 + _strength(win), 10 - _strength(lose)
    return (vp_win, vp_lose) if winner_first else (vp_lose, vp_win)


def _create_event(page, live_server, ashen) -> Event:
    page.goto(f"{live_server.url}/events/")
    page.get_by_role("link", name="Organise an event").click()
    page.get_by_label("Name", exact=True).fill("Ember Cup")
    page.get_by_label("Date").fill("2026-12-05")
    page.get_by_label("Place").fill("The Forge, Leeds")
    page.get_by_label("Game", exact=True).select_option(str(ashen.pk))
    page.get_by_label("Points limit").fill("1000")
    deadline = timezone.localtime(timezone.now() + dt.timedelta(days=1))
    page.get_by_label("List deadline").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Keep lists hidden until the reveal time").uncheck()
    page.get_by_label("Rounds").fill("3")
    page.get_by_label("Ranked first by").select_option("points")
    page.get_by_label("Ties broken by").select_option("sos")
    page.get_by_label("Then by").select_option("vp_diff")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("h1")).to_have_text("Ember Cup")
    return Event.objects.get()


def _submit_share_link(browser, live_server, event, user, army) -> None:
    """`user` registers on their phone and submits a share link to `army`."""
    link = share_link_create(army_list=army, kind="live")
    context = logged_in(browser, live_server, user, SIZES["phone"])
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/events/{event.public_id}/")
        if page.get_by_role("button", name="Register for Ember Cup").count():
            page.get_by_label("Club or team (optional)").fill("Leeds Lancers")
            page.get_by_role("button", name="Register for Ember Cup").click()
        page.get_by_label("share link").fill(f"{live_server.url}/s/{link.token}/")
        page.get_by_role("button", name="Submit the list").click()
        expect(page.locator("#verdict")).to_be_visible()
        checked_at_both_sizes(page, f"event-verdict-{user.username}")
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_an_eight_player_three_round_event_from_creation_to_final_standings(
    live_server, browser, starter_modules, monkeypatch, render_worker
):
    from factions.models import GameModule

    seeds = iter([1, 2, 3])
    monkeypatch.setattr(services, "draw_seed", lambda: next(seeds))
    users = get_user_model().objects
    olga = users.create_user("olga", "olga@example.com", "pw-123456789")
    players = {n: users.create_user(n, f"{n}@example.com", "pw-123456789") for n in PLAYERS}
    ashen = GameModule.objects.get(slug="ashen-stars")

    organiser = logged_in(browser, live_server, olga, SIZES["desktop"])
    page = organiser.new_page()
    event = _create_event(page, live_server, ashen)
    checked_at_both_sizes(page, "event-created", axe=True)

    # ann submits an illegal list (three heroes), sees why, then submits a legal one; bob
    # submits a friend's share link.
    illegal = make_army(ashen, players["ann"], "cinder_compact", *["lantern_marshal"] * 3)
    _submit_share_link(browser, live_server, event, players["ann"], illegal)
    assert not event.entrants.get(player__username="ann").submission.legal
    fixed = make_army(ashen, players["ann"], "cinder_compact", *LEGAL, name="Fixed")
    _submit_share_link(browser, live_server, event, players["ann"], fixed)
    friend = make_army(ashen, olga, "cinder_compact", *LEGAL, name="Borrowed")
    _submit_share_link(browser, live_server, event, players["bob"], friend)
    for name in PLAYERS[2:]:
        entrant = services.entrant_register(event=event, player=players[name])
        army = make_army(ashen, players[name], "cinder_compact", *LEGAL)
        services.submission_submit(
            entrant=entrant, document=ListDocument.model_validate(army.document), source="x"
        )

    # The desk: everyone's list is in and legal; ann is accepted and checked in by a click.
    page.get_by_role("link", name="Organiser's desk").click()
    expect(page.locator("#desk-summary")).to_contain_text("Lists in: 8 of 8, 0 with problems")
    ann_row = page.locator(f"#entrant-{event.entrants.get(player__username='ann').pk}")
    ann_row.get_by_role("button", name="Accept").click()
    ann_row = page.locator(f"#entrant-{event.entrants.get(player__username='ann').pk}")
    expect(ann_row).to_contain_text("Accepted")
    ann_row.get_by_role("button", name="Check in").click()
    # the row answers before the other check-ins are written: two writers at once would race
    expect(
        page.locator(f"#entrant-{event.entrants.get(player__username='ann').pk}")
    ).to_contain_text("checked in")
    for entrant in event.entrants.exclude(player__username="ann"):
        services.entrant_check_in(event=event, entrant=entrant)
    page.reload()
    expect(page.locator("#desk-summary")).to_contain_text("8 checked in")
    page.get_by_label("Name of the tool").fill("Stream overlay")
    page.get_by_role("button", name="Make a key").click()
    key = page.locator("#new-key-value").input_value()
    api = page.request.get(
        f"{live_server.url}/events/{event.public_id}/api/players",
        headers={"Authorization": f"Bearer {key}"},
    )
    assert api.json()["count"] == 8
    checked_at_both_sizes(page, "event-desk", axe=True)

    # Round 1: ann enters her result on her phone, her opponent confirms it.
    page.goto(f"{live_server.url}/events/{event.public_id}/")
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator("#round-title")).to_have_text("Round 1 of 3")
    _swap_and_back(page, "cat", "dan")
    game = Game.objects.get(
        Q(first__player__username="ann") | Q(second__player__username="ann"), round__number=1
    )
    _enter_and_confirm(browser, live_server, event, game)
    for other in Game.objects.filter(round__number=1).exclude(pk=game.pk):
        services.game_report(
            game=other, by=olga, first_vp=_play(other)[0], second_vp=_play(other)[1]
        )

    # hal drops on the desk after round 1: seven players, so rounds 2 and 3 have a bye.
    page.goto(f"{live_server.url}/events/{event.public_id}/desk/")
    hal_row = page.locator(f"#entrant-{event.entrants.get(player__username='hal').pk}")
    hal_row.locator("summary", has_text="Drop…").click()
    hal_row.get_by_role("button", name="Drop hal").click()
    for number in (2, 3):
        page.goto(f"{live_server.url}/events/{event.public_id}/")
        page.get_by_role("button", name=f"Pair round {number}").click()
        expect(page.locator("#round-title")).to_have_text(f"Round {number} of 3")
        for g in Game.objects.filter(round__number=number, second__isnull=False):
            services.game_report(game=g, by=olga, first_vp=_play(g)[0], second_vp=_play(g)[1])

    games = Game.objects.select_related("round", "first__player", "second__player")
    met = [
        frozenset((g.first.player.username, g.second.player.username)) for g in games if g.second
    ]
    assert len(met) == len(set(met)), "a pairing was repeated"
    byes = [g.first.player.username for g in games if g.second is None]
    assert len(byes) == 2 and len(set(byes)) == 2  # rounds 2 and 3, never the same player
    assert "hal" not in {p for pair in met[4:] for p in pair} | set(byes)

    page.reload()
    expect(page.locator("#pair-round")).to_have_count(0)
    expect(page.locator("#round")).to_contain_text("The event is complete.")
    rows = page.locator("table.standings tbody tr")
    table = [r.locator("td").all_inner_texts() for r in rows.all()]
    checked_at_both_sizes(page, "event-standings", axe=True)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the CSV").click()
    assert download.value.suggested_filename == "ember-cup.csv"
    assert [(row[0], row[1].split()[0]) for row in table] == FINAL_ORDER
    page.get_by_role("link", name="Event pack (PDF)").click()
    expect(page.locator("body")).to_contain_text("event pack")
    render_worker.run_queued()
    pack = page.request.get(f"{live_server.url}/events/{event.public_id}/pack.pdf")
    assert pack.headers["content-type"] == "application/pdf"
    assert {row[1].split()[0]: row[2:] for row in table} == FINAL_FIGURES
    organiser.close()


def _swap_and_back(page, one: str, other: str) -> None:
    """The organiser swaps two players of round 1 by hand, sees it, then swaps them back."""

    def opponents() -> dict[str, str]:
        games = Game.objects.filter(round__number=1).select_related(
            "first__player", "second__player"
        )
        pairs = [(g.first.player.username, g.second.player.username) for g in games]
        return {a: b for a, b in pairs} | {b: a for a, b in pairs}

    before = opponents()
    for first, second in ((one, other), (other, one)):
        page.locator("#swap summary").click()
        page.get_by_label("Player", exact=True).select_option(label=first)
        page.get_by_label("swaps places with").select_option(label=second)
        page.get_by_role("button", name="Swap them").click()
        expect(page.locator(".messages, [role=status], body").first).to_contain_text(
            f"{first} and {second} swapped places."
        )
        if (first, second) == (one, other) and before[one] != other:
            assert opponents()[one] == before[other]
    assert opponents() == before


def _enter_and_confirm(browser, live_server, event, game) -> None:
    """The first player enters a wrong result on their phone; the second rejects it, and the
    first sees it was withdrawn and enters the right one, which the second confirms."""
    first, second = game.first.player, game.second.player
    vp_first, vp_second = _play(game)

    def enter(first_vp: int, second_vp: int) -> None:
        context = logged_in(browser, live_server, first, SIZES["phone"])
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{event.public_id}/#game-{game.pk}")
        row = page.locator(f"#game-{game.pk}")
        row.get_by_label(f"{first.username} VP").fill(str(first_vp))
        row.get_by_label(f"{second.username} VP").fill(str(second_vp))
        row.get_by_role("button", name="Enter the result").click()
        expect(page.locator(f"#game-{game.pk}")).to_contain_text("waiting for confirmation")
        checked_at_both_sizes(page, "event-result")
        context.close()

    enter(vp_second, vp_first)  # the scores the wrong way round
    context = logged_in(browser, live_server, second, SIZES["phone"])
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.public_id}/")
    row = page.locator(f"#game-{game.pk}")
    row.get_by_role("button", name=f"Not right? Reject {vp_second}–{vp_first}").click()
    expect(page.locator(f"#game-{game.pk} .withdrawn")).to_have_text(
        f"({vp_second}–{vp_first} was withdrawn by {second.username})"
    )
    context.close()
    enter(vp_first, vp_second)
    context = logged_in(browser, live_server, second, SIZES["phone"])
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.public_id}/")
    page.locator(f"#game-{game.pk}").get_by_role(
        "button", name=f"Confirm {vp_first}–{vp_second}"
    ).click()
    expect(page.locator(f"#game-{game.pk} .result")).to_have_text(f"{vp_first}–{vp_second}")
    context.close()


# The draw (seeds 1, 2, 3) paired, and the strengths decided:
#   R1  dan 15-7 fay, gus 8-16 cat, bob 17-6 eve, hal 9-18 ann        (then hal drops)
#   R2  gus bye (a lowest 0-point player); the four winners pair among themselves: bob 3-18 ann,
#       cat 16-5 dan; eve 14-7 fay
#   R3  fay bye (the only 0-point player); ann 18-4 cat (the two on 6); dan 5-17 bob and
#       gus 8-14 eve (the 3-point group paired by path: WL with WL, LW with L-bye)
# Points (win 3, bye a win): ann 9; bob, cat, eve 6; dan, gus, fay 3; hal 0.
# Strength of schedule, the opponents' points (a bye adds none):
#   ann hal+bob+cat 0+6+6=12; bob eve+ann+dan 6+9+3=18; cat gus+dan+ann 3+3+9=15;
#   eve bob+fay+gus 6+3+3=12; dan fay+cat+bob 3+6+6=15; gus cat+eve 6+6=12; fay dan+eve 3+6=9;
#   hal ann 9.
# VP difference: ann 54-16=+38; bob 37-29=+8; cat 36-31=+5; eve 34-32=+2; dan 25-40=-15;
#   gus 16-30=-14; fay 14-29=-15; hal 9-18=-9.
# Ranked by points, then SoS, then VP difference: bob, cat and eve on 6 points apart by their
# opponents' strength (18, 15, 12), as dan, gus and fay on 3 (15, 12, 9).
FINAL_ORDER = [
    ("1", "ann"), ("2", "bob"), ("3", "cat"), ("4", "eve"),
    ("5", "dan"), ("6", "gus"), ("7", "fay"), ("8", "hal"),
]  # fmt: skip
FINAL_FIGURES = {
    "ann": ["9", "3–0–0", "38", "12"],
    "bob": ["6", "2–0–1", "8", "18"],
    "cat": ["6", "2–0–1", "5", "15"],
    "eve": ["6", "2–0–1", "2", "12"],
    "dan": ["3", "1–0–2", "-15", "15"],
    "gus": ["3", "1–0–2", "-14", "12"],
    "fay": ["3", "1–0–2", "-15", "9"],
    "hal": ["0", "0–0–1", "-9", "9"],
}
