"""The organiser's desk in one place: each row says what the pack's check found beside where
the review stands, filters keep the rows asked for with their counts, a row's action redraws the
row and the desk's counts in place (htmx) or the page (no JavaScript), ticked players are
checked in at once, and a problem links to the list it is in."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.events import services
from forgebuilder.events.models import Entrant

from .conftest import entered

pytestmark = pytest.mark.django_db
LEGAL = ("lantern_marshal", "lightbearer_squad")
HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(name, event, *args):
    return reverse(f"events:{name}", args=[event.public_id, *args])


@pytest.fixture
def desk(client, event, organiser, players):
    ann = entered(event, players[0], *LEGAL)
    # bob's list is over the limit: the pack finds a problem
    bob = entered(event, players[1], *LEGAL, *LEGAL, *LEGAL, *LEGAL, "lantern_marshal")
    cat = services.entrant_register(event=event, player=players[2])
    services.entrant_check_in(event=event, entrant=ann, checked_in=False)
    client.force_login(organiser)
    return {"ann": ann, "bob": bob, "cat": cat}


def test_each_row_says_the_checks_verdict_beside_the_review(client, event, desk):
    page = client.get(_url("desk", event)).content.decode()
    ann = page[page.index('id="entrant-' + str(desk["ann"].pk)) :]
    assert "Legal, " in ann[: ann.index("</p>")] and "To review" in ann[: ann.index("</p>")]
    bob = page[page.index('id="entrant-' + str(desk["bob"].pk)) :]
    head = bob[: bob.index("</p>")]
    assert "problem" in head and "To review" in head
    list_url = _url("list_view", event, desk["bob"].pk)
    assert (
        f'<a href="{list_url}#problems">'
        in bob[: bob.index("</li>\n</ul>") if "</li>\n</ul>" in bob else None]
    )


@pytest.mark.parametrize(
    ("show", "names"),
    [
        ("all", {"ann", "bob", "cat"}),
        ("review", {"ann", "bob"}),
        ("problems", {"bob"}),
        ("absent", {"ann", "cat"}),
        ("dropped", set()),
        ("nonsense", {"ann", "bob", "cat"}),
    ],
)
def test_the_filters_keep_the_rows_asked_for(client, event, desk, show, names):
    page = client.get(_url("desk", event), {"show": show}).content.decode()
    shown = {n for n, e in desk.items() if f'id="entrant-{e.pk}"' in page}
    assert shown == names
    assert "With problems (1)" in page and "Not checked in (2)" in page


def test_a_row_action_redraws_the_row_and_the_counts_in_place(client, event, desk):
    answer = client.post(_url("desk_action", event, desk["cat"].pk), {"action": "check_in"}, **HTMX)

    html = answer.content.decode()
    assert answer.status_code == 200
    assert html.startswith(f'<li class="desk-row" id="entrant-{desk["cat"].pk}">')
    assert "Undo check-in" in html
    assert 'id="desk-summary" hx-swap-oob="true"' in html and "2 checked in" in html
    assert "cat is checked in." in html
    assert Entrant.objects.get(pk=desk["cat"].pk).checked_in


def test_a_refused_row_action_is_said_above_the_desk(client, event, desk):
    answer = client.post(_url("desk_action", event, desk["cat"].pk), {"action": "jump"}, **HTMX)
    assert answer.status_code == 400 and answer["HX-Retarget"] == "#flash"
    assert "Choose what to do with this player." in answer.content.decode()


def test_without_javascript_the_desk_is_shown_again_with_what_was_done(client, event, desk):
    answer = client.post(
        _url("desk_action", event, desk["cat"].pk), {"action": "check_in"}, follow=True
    )
    assert "cat is checked in." in answer.content.decode()


def test_ticked_players_are_checked_in_at_once(client, event, desk, players, organiser):
    services.entrant_check_in(event=event, entrant=desk["bob"], checked_in=False)
    services.entrant_drop(event=event, entrant=desk["bob"])
    other = entered(event, players[3], *LEGAL)  # checked in already: left as it is
    ids = [desk["ann"].pk, desk["bob"].pk, desk["cat"].pk, other.pk, 999999]

    answer = client.post(
        _url("desk_bulk", event), {"entrants": ids, "action": "check_in"}, follow=True
    )

    assert "2 players checked in." in answer.content.decode()
    checked = dict(
        Entrant.objects.filter(event=event).values_list("player__username", "checked_in")
    )
    assert checked == {"ann": True, "bob": False, "cat": True, "dan": True}


@pytest.mark.parametrize(
    "data",
    [
        {"action": "check_in"},
        {"entrants": ["1"], "action": "wave"},
        {"entrants": ["9" * 5000, "-3", "x"], "action": "check_in"},
    ],
)
def test_a_bulk_action_without_ticks_or_action_says_what_to_do(client, event, desk, data):
    answer = client.post(_url("desk_bulk", event), data, follow=True)
    assert "Tick the players first, then choose what to do with them." in answer.content.decode()


def test_only_the_organiser_acts_at_the_desk_and_every_post_needs_its_token(event, desk, players):
    player = Client()
    player.force_login(players[0])
    assert (
        player.post(
            _url("desk_bulk", event), {"entrants": [desk["cat"].pk], "action": "check_in"}
        ).status_code
        == 403
    )
    assert player.post(_url("clock", event), {"action": "start", "minutes": "5"}).status_code == 403
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(event.organiser)
    assert strict.post(_url("desk_bulk", event), {"action": "check_in"}).status_code == 403
    assert not Entrant.objects.get(pk=desk["cat"].pk).checked_in
