"""Event pages over HTTP: the form's messages, who may see and do what, and what players read."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.engine.api import ListDocument
from forgebuilder.events import services
from forgebuilder.events.models import Event, Game
from forgebuilder.events.pack import pack_verdict
from forgebuilder.lists.api import evaluated_document
from forgebuilder.lists.sharing import share_link_create
from tests.armylists.exports.pdfread import qr_dark_modules_of, svg_qr_dark_modules
from tests.events.conftest import entered, make_army

LEGAL = ("lantern_marshal", "lightbearer_squad")


def _url(name, event, *args):
    return reverse(f"events:{name}", args=[event.public_id, *args])


def test_an_organiser_creates_an_event_from_the_form(client, organiser, ashen):
    client.force_login(organiser)
    response = client.post(
        reverse("events:new"),
        {
            "name": "Winter Cup", "starts_on": "2026-12-12", "place": "Hall", "module": ashen.pk,
            "points_limit": 750, "factions": ["ashen-stars:gutterfleet"],
            "list_deadline": "2026-12-10T18:00", "hide_lists": "on",
            "reveal_at": "2026-12-11T09:00", "rounds": 4, "first_round": "seeded",
            "win_points": 3, "draw_points": 1, "loss_points": 0,
            "tiebreaker_1": "points", "tiebreaker_2": "vp_diff", "tiebreaker_3": "",
        },
    )  # fmt: skip
    event = Event.objects.get()
    assert response.url == reverse("events:detail", args=[event.public_id])
    assert (event.factions, event.tiebreakers, event.rounds) == (
        ["gutterfleet"],
        ["points", "vp_diff"],
        4,
    )
    page = client.get(response.url).content.decode()
    assert "The Gutterfleet" in page and "ranked by Tournament points, then Victory-point" in page


def test_the_form_says_what_is_wrong_and_keeps_the_input(client, organiser, ashen):
    client.force_login(organiser)
    page = client.post(
        reverse("events:new"),
        {
            "name": "Winter Cup", "module": ashen.pk, "points_limit": 750, "rounds": 20,
            "list_deadline": "2026-12-10T18:00", "hide_lists": "on",
            "reveal_at": "2026-12-09T09:00", "first_round": "random",
            "win_points": 3, "draw_points": 1, "loss_points": 0,
            "tiebreaker_1": "points", "tiebreaker_2": "points",
        },
    ).content.decode()  # fmt: skip
    assert "An event has 1 to 12 rounds." in page
    assert "Reveal the lists at the deadline or after it." in page
    assert "Each tie-breaker once." in page
    assert "This field is required." in page  # the date
    assert 'value="Winter Cup"' in page
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("limit", "accepted"), [(0, False), (1, True), (999, True), (100_000, True), (100_001, False)]
)
def test_the_points_limit_keeps_to_the_list_formats_bounds(
    client, organiser, ashen, limit, accepted
):
    # An event plays every submitted list at its points limit: one the list format refuses
    # (a 200,000-point event) would write documents that can no longer be read.
    from forgebuilder.engine.listdoc import ListDocument

    client.force_login(organiser)
    page = client.post(
        reverse("events:new"),
        {
            "name": "Odd Cup", "module": ashen.pk, "points_limit": limit, "rounds": 3,
            "starts_on": "2026-12-12", "list_deadline": "2026-12-10T18:00",
            "first_round": "random", "win_points": 3, "draw_points": 1, "loss_points": 0,
            "tiebreaker_1": "points",
        },
    ).content.decode()  # fmt: skip
    assert Event.objects.exists() is accepted, page
    if not accepted:
        assert "A points limit is between 1 and 100000." in page
        return
    event = Event.objects.get()
    assert event.points_limit == limit
    ListDocument.model_validate({"module": ashen.slug, "faction": "x", "points_limit": limit})


def test_anyone_with_the_link_sees_the_event_and_is_asked_to_log_in(client, event):
    page = client.get(_url("detail", event)).content.decode()
    assert "Ember Cup" in page and "1000 points, matched play" in page
    assert f"/accounts/login/?next=/events/{event.public_id}/" in page
    assert client.get("/events/not-an-event/").status_code == 404


def test_a_player_registers_and_submits_a_share_link(client, event, players):
    client.force_login(players[0])
    client.post(_url("register", event), {"club": "Leeds Lancers"})
    army = make_army(event.module, players[1], "cinder_compact", *LEGAL, name="Borrowed")
    link = share_link_create(army_list=army, kind="live")
    response = client.post(
        _url("submit", event), {"share_link": f"https://forge.example/s/{link.token}/"}
    )
    assert response.url.endswith("#my-entry")
    page = client.get(_url("detail", event)).content.decode()
    assert "Borrowed is in, and legal for Ember Cup." in page
    assert "You are registered for Ember Cup with Leeds Lancers." in page  # the event, then club


def test_a_bad_share_link_or_no_choice_is_explained(client, event, players):
    client.force_login(players[0])
    client.post(_url("register", event))
    for data, message in (
        ({"share_link": "hello"}, "That is not a share link"),
        ({"share_link": "https://x/s/abcdefghijkl/"}, "was revoked or mistyped"),
        ({}, "Pick one of your Ashen Stars lists, or paste a share link."),
    ):
        response = client.post(_url("submit", event), data, follow=True)
        assert message in response.content.decode()


def test_an_illegal_list_shows_every_problem_to_its_player(client, event, players):
    client.force_login(players[0])
    client.post(_url("register", event))
    army = make_army(event.module, players[0], "cinder_compact", *(["lantern_marshal"] * 3))
    page = client.post(_url("submit", event), {"list": army.public_id}, follow=True)
    text = page.content.decode()
    assert "is in, but has problems: fix them below." in text
    assert "a 1,000-point list may field 2" in text
    assert "(Lantern-Marshal, Lantern-Marshal, Lantern-Marshal)" in text
    # the pack sets the limit: the hint says what to cut, not to raise a limit players cannot
    assert "<em>Remove 1 hero.</em>" in text and "raise the" not in text


@pytest.mark.parametrize(
    ("review", "said"),
    [
        ("pending", "Legal for this event; the organiser has not reviewed it yet."),
        ("accepted", "Legal for this event, and accepted by the organiser."),
        ("fix", "Legal for this event, but the organiser asks for a fix."),
        ("rejected", "Legal for this event, but rejected by the organiser."),
    ],
)
def test_a_legal_list_says_where_the_organisers_review_stands(client, event, players, review, said):
    """It read "Legal for this event. Organiser: Waiting for the organiser."."""
    entrant = entered(event, players[0], *LEGAL)
    entrant.submission.review = review
    entrant.submission.save(update_fields=["review"])
    client.force_login(players[0])

    page = client.get(_url("detail", event)).content.decode()

    assert f"<p>{said}</p>" in page


def test_a_list_of_its_own_may_raise_its_limit_an_event_list_cuts(event, players):
    """A 999-point list of three heroes: its own hint offers both ways out, the event's one."""
    army = make_army(event.module, players[0], "cinder_compact", *(["lantern_marshal"] * 3))
    document = ListDocument.model_validate(army.document).model_copy(update={"points_limit": 999})
    catalog = catalog_for(event.module)
    _, report = evaluated_document(document=document, catalog=catalog)
    hints = {v.code: v.hint for v in report.violations}
    verdict = pack_verdict(event=event, catalog=catalog, document=document)
    assert hints["too-many-heroes"] == "Remove 1 hero, or raise the points limit to 1,125."
    assert {p["code"]: p["hint"] for p in verdict.problems}["too-many-heroes"] == "Remove 1 hero."


def test_only_the_organiser_opens_the_desk_and_hidden_lists(client, event, players, organiser):
    entrant = services.entrant_register(event=event, player=players[0])
    army = make_army(event.module, players[0], "cinder_compact", *LEGAL)
    from forgebuilder.engine.listdoc import ListDocument

    services.submission_submit(
        entrant=entrant, document=ListDocument.model_validate(army.document), source="x"
    )
    client.force_login(players[1])
    assert client.get(_url("desk", event)).status_code == 403
    assert client.post(_url("pair", event)).status_code == 403
    assert (
        client.post(_url("desk_action", event, entrant.pk), {"action": "drop"}).status_code == 403
    )
    hidden = client.get(_url("list_view", event, entrant.pk))
    assert hidden.status_code == 403
    text = hidden.content.decode()
    assert "Lists stay hidden until the organiser reveals them." in text
    assert f"Back to {event.name}" in text
    client.force_login(players[0])
    assert client.get(_url("list_view", event, entrant.pk)).status_code == 200
    client.force_login(organiser)
    desk = client.get(_url("desk", event)).content.decode()
    assert "Lists in: 1 of 1" in desk and "0 with problems" in desk
    assert client.get(_url("list_view", event, entrant.pk)).status_code == 200


def test_results_through_the_page_need_both_players_or_the_organiser(client, event, players):
    entrants = [services.entrant_register(event=event, player=p) for p in players[:2]]
    for e in entrants:
        services.entrant_check_in(event=event, entrant=e)
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    url = _url("result", event, game.pk)
    client.force_login(players[5])
    page = client.post(url, {"first_vp": "3", "second_vp": "1"}, follow=True).content.decode()
    assert "Only the two players of this game or the organiser" in page
    client.force_login(game.first.player)
    page = client.post(url, {"first_vp": "3", "second_vp": "x"}, follow=True).content.decode()
    assert "Table 1: enter both players&#x27; victory points as whole numbers." in page
    client.post(url, {"first_vp": "13", "second_vp": "9"})
    client.force_login(game.second.player)
    page = client.get(_url("detail", event)).content.decode()
    assert "Confirm 13–9</button>" in page
    # A confirmation from a page older than the form (no values) or of other values is refused.
    page = client.post(url, {"action": "confirm"}, follow=True).content.decode()
    assert "Reload the page and try again" in page
    page = client.post(
        url, {"action": "confirm", "first_vp": "13", "second_vp": "8"}, follow=True
    ).content.decode()
    assert "the result is now 13–9, not the 13–8 you confirmed" in page
    game.refresh_from_db()
    assert game.status == Game.REPORTED
    client.post(url, {"action": "confirm", "first_vp": "13", "second_vp": "9"})
    game.refresh_from_db()
    assert game.status == Game.CONFIRMED


def test_the_last_round_is_complete_only_once_its_results_are_confirmed(client, event, players):
    event.rounds = 1
    event.save()
    entrants = [services.entrant_register(event=event, player=p) for p in players[:2]]
    for e in entrants:
        services.entrant_check_in(event=event, entrant=e)
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    client.force_login(event.organiser)
    page = client.get(_url("detail", event)).content.decode()
    assert "The event is complete." not in page and 'id="pair-round"' not in page
    assert "the event is complete when its last result is confirmed" in page
    services.game_report(game=game, by=game.first.player, first_vp=3, second_vp=1)
    assert "The event is complete." not in client.get(_url("detail", event)).content.decode()
    services.game_confirm(game=game, by=game.second.player, first_vp=3, second_vp=1)
    page = client.get(_url("detail", event)).content.decode()
    assert "The event is complete." in page and "last result" not in page


def test_the_projector_shows_pairings_by_table_and_by_name_and_standings(client, event, players):
    entrants = [services.entrant_register(event=event, player=p) for p in players[:3]]
    for e in entrants:
        services.entrant_check_in(event=event, entrant=e)
    services.round_pair(event=event, rng=random.Random(1))
    page = client.get(_url("projector", event)).content.decode()
    assert 'Ember Cup<span class="round">: round 1 of 3</span>' in page
    assert 'class="site-header"' not in page  # the hall's screen has no site chrome
    tables, names = page.index('id="by-table"'), page.index('id="by-name"')
    standings = page.index('id="standings-h"')
    assert page[tables:names].count('class="row"') == 2  # a game and a bye
    assert page[names:standings].count('class="row"') == 3  # each player finds their table
    assert page[standings:].count('class="row"') == 3
    assert "Bye" in page[tables:names]


@pytest.mark.parametrize("name", ["register", "submit", "drop", "pair"])
def test_every_event_post_needs_a_csrf_token(event, players, name):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(players[0])
    assert client.post(_url(name, event)).status_code == 403


def test_a_dropped_player_sees_how_to_come_back(client, event, players):
    client.force_login(players[0])
    client.post(_url("register", event))
    client.post(_url("drop", event))
    page = client.get(_url("detail", event)).content.decode()
    assert "You dropped from this event. Register again to take part." in page


def test_the_events_qr_code_is_an_svg_of_its_link(client, event):
    response = client.get(f"/events/{event.public_id}/qr.svg")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    url = f"http://testserver/events/{event.public_id}/"
    assert svg_qr_dark_modules(response.content) == qr_dark_modules_of(url)
    assert client.get("/events/no-such-event/qr.svg").status_code == 404


def test_the_standings_link_to_lists_once_they_are_public(client, event, players):
    entrants = [entered(event, player, *LEGAL) for player in players[:2]]
    services.round_pair(event=event, rng=random.Random(1))
    link = _url("list_view", event, entrants[1].pk)
    client.force_login(players[0])
    assert link not in client.get(_url("detail", event)).content.decode()
    event.reveal_at = event.list_deadline - dt.timedelta(days=2)
    event.save()
    assert link in client.get(_url("detail", event)).content.decode()
    assert client.get(link).status_code == 200


def test_the_projector_redraws_its_screen_only_when_something_moved(client, event, players):
    entrants = [services.entrant_register(event=event, player=p) for p in players[:2]]
    for e in entrants:
        services.entrant_check_in(event=event, entrant=e)
    services.round_pair(event=event, rng=random.Random(1))
    page = client.get(_url("projector", event)).content.decode()
    assert 'http-equiv="refresh"' not in page
    stamp = re.search(r'data-stamp="(\w+)"', page).group(1)
    screen = reverse("events:projector_screen", args=[event.public_id])
    assert f'hx-get="{screen}?since={stamp}"' in page and 'hx-trigger="every 10s"' in page

    assert client.get(screen, {"since": stamp}).status_code == 204
    game = event.round_set.get().games.get()
    Game.objects.filter(pk=game.pk).update(first_vp=14, second_vp=9, status=Game.CONFIRMED)
    again = client.get(screen, {"since": stamp})
    assert again.status_code == 200 and "14–9" in again.content.decode()
    assert f"since={stamp}" not in again.content.decode()
