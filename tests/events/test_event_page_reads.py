"""What the event page and the standings read: the same queries for 16 players as for 200, no
list document decoded to say who has a list, and the standings from the five numbers of each
confirmed game rather than whole rows (issue 41)."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from forgebuilder.events import selectors, services
from forgebuilder.events.models import Entrant, Event, Game, Submission
from tests.events.conftest import make_army


def _event(module, size: int) -> Event:
    """An event of `size` players, one in eight with a list, round 2 paired after round 1's
    results were confirmed."""
    users = get_user_model().objects
    organiser = users.create_user(f"org{size}")
    event = Event.objects.create(
        organiser=organiser, name=f"Open {size}", starts_on=dt.date(2026, 12, 5), module=module,
        points_limit=1000, list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3,
    )  # fmt: skip
    document = make_army(
        module, organiser, "cinder_compact", "lantern_marshal", "lightbearer_squad"
    ).document
    players = users.bulk_create(get_user_model()(username=f"p{size}-{n}") for n in range(size))
    entrants = Entrant.objects.bulk_create(
        Entrant(event=event, player=p, club=f"Club {n % 5}", checked_in=True)
        for n, p in enumerate(players)
    )
    Submission.objects.bulk_create(
        Submission(
            entrant=e, document=document, module_revision=1, source="test",
            name="List", faction_name="Faction", points=1000, submitted_at=timezone.now(),
        )
        for e in entrants[::8]
    )  # fmt: skip
    rng = random.Random(size)
    for _ in range(2):
        services.round_pair(event=event, rng=rng)
        Game.objects.filter(round__event=event, second__isnull=False).exclude(
            status=Game.CONFIRMED
        ).update(status=Game.CONFIRMED, first_vp=12, second_vp=7)
    return event


@pytest.fixture
def events(ashen):
    return {size: _event(ashen, size) for size in (16, 200)}


def _queries(client, event) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("events:detail", args=[event.public_id]))
    assert response.status_code == 200
    return [q["sql"] for q in captured.captured_queries]


def test_the_event_page_asks_the_same_queries_for_16_players_as_for_200(
    client, events, version_kept
):
    small, large = (_queries(client, events[size]) for size in (16, 200))
    assert len(small) == len(large)
    client.force_login(events[200].organiser)
    organising_large = len(_queries(client, events[200]))
    client.force_login(events[16].organiser)
    assert organising_large == len(_queries(client, events[16]))


def test_the_event_page_decodes_no_list_to_show_who_has_one(client, events):
    event = events[16]
    client.force_login(event.organiser)  # who sees the link to each list
    page = client.get(reverse("events:detail", args=[event.public_id])).content.decode()
    with_list = Entrant.objects.filter(event=event, submission__isnull=False).first()
    assert reverse("events:list_view", args=[event.public_id, with_list.pk]) in page
    without = Entrant.objects.filter(event=event, submission__isnull=True).first()
    assert reverse("events:list_view", args=[event.public_id, without.pk]) not in page
    assert not [sql for sql in _queries(client, event) if '"document"' in sql]


def test_a_players_page_reads_their_game_once_and_no_list_document(client, events, ashen):
    """At an event day's peak every player reloads this page: their game is read once for
    their "now" section and their row of the pairings, and neither their submitted list nor
    the lists they may submit are decoded (the page shows names and points)."""
    event = events[16]
    entrant = Entrant.objects.filter(event=event, submission__isnull=False).first()
    make_army(ashen, entrant.player, "cinder_compact", "lantern_marshal")  # one to pick
    client.force_login(entrant.player)
    page = client.get(reverse("events:detail", args=[event.public_id])).content.decode()
    assert 'id="now"' in page and "List" in page  # their game and their submission shown
    queries = _queries(client, event)
    assert not [sql for sql in queries if '"document"' in sql]
    games = [sql for sql in queries if sql.lstrip().startswith('SELECT "events_game"')]
    assert len(games) == 1, games
    with CaptureQueriesContext(connection) as polled:  # the board asking for itself again
        board = client.get(reverse("events:board", args=[event.public_id]), {"since": "x"})
    assert board.status_code == 200
    assert not [q["sql"] for q in polled.captured_queries if '"document"' in q["sql"]]


def test_the_standings_read_five_numbers_per_game_not_whole_rows(events):
    event = events[16]
    with CaptureQueriesContext(connection) as captured:
        rows = selectors.standings_of(event=event)
    assert sum(row.played for row in rows) == 2 * sum(
        1 for g in Game.objects.filter(round__event=event) if not g.bye
    )
    game_reads = [q["sql"] for q in captured.captured_queries if '"events_game"' in q["sql"]]
    assert game_reads and not [sql for sql in game_reads if '"match"' in sql]


def test_the_desk_reads_no_list_document(client, events):
    event = events[16]
    client.force_login(event.organiser)
    with CaptureQueriesContext(connection) as captured:
        page = client.get(reverse("events:desk", args=[event.public_id])).content.decode()
    assert "Lists in: 2 of 16" in page
    assert not [q["sql"] for q in captured.captured_queries if '"document"' in q["sql"]]


# ---- a page that does not grow with the event -------------------------------------------------


def _page(client, event, **params):
    response = client.get(reverse("events:detail", args=[event.public_id]), params)
    assert response.status_code == 200
    return response.text


def _drawn(html: str) -> tuple[int, int]:
    """(pairings drawn, standings rows drawn)."""
    standings = html.split('id="standings"', 1)[1]
    return html.count('<li class="pairing'), standings.split("<tbody>")[1].count("<tr")


def test_a_large_event_draws_a_part_of_its_pairings_and_standings(client, events):
    from forgebuilder.events.presenters import PAGE_ROWS

    html = _page(client, events[200])

    assert _drawn(html) == (PAGE_ROWS, PAGE_ROWS)
    assert f"Games 1–{PAGE_ROWS} of 100" in html
    assert f"Players 1–{PAGE_ROWS} of 200" in html
    assert 'href="?standings=2#standings" rel="next"' in html
    last = _page(client, events[200], standings="4", pairings="2")
    assert _drawn(last) == (100 - PAGE_ROWS, 200 - 3 * PAGE_ROWS)
    assert "Players 151–200 of 200" in last
    assert _drawn(_page(client, events[16])) == (8, 16)  # a small event: all of it, no pager
    assert "Players 1–" not in _page(client, events[16])


@pytest.mark.parametrize("asked", ["0", "-2", "x", "9999999", "1" * 30])
def test_any_part_asked_for_opens_a_page(client, events, asked):
    html = _page(client, events[200], standings=asked, pairings=asked)

    assert _drawn(html)[0] > 0 and _drawn(html)[1] > 0


def test_a_player_whose_game_is_further_down_sees_it_first(client, events):
    event = events[200]
    far = list(selectors.games_of(selectors.current_round(event)))[-1]
    client.force_login(far.first.player)

    html = _page(client, event)

    pinned = html.split('id="my-game"', 1)[1].split("Every game", 1)[0]
    assert f"<strong>{far.first.name}</strong>" in pinned
    assert html.count(f"<strong>{far.first.name}</strong>") == 1  # not drawn twice


def test_finding_a_player_shows_their_game_and_their_standing(client, events):
    event = events[200]
    name = "p200-137"

    html = _page(client, event, find=f"  {name} ")

    assert _drawn(html) == (1, 1)
    assert f"<strong>{name}</strong>" in html.split('id="standings"')[0]
    assert name in html.split('id="standings"')[1]
    assert f'value="{name}"' in html
    nobody = _page(client, event, find="nobody-here")
    assert "No game of this round has a player named like “nobody-here”." in nobody
    assert "No player named like “nobody-here”." in nobody


def test_the_standings_are_worked_out_once_for_what_they_are_made_of(events, monkeypatch):
    from forgebuilder.events import standings

    event = events[16]
    worked = []
    real = standings.standings
    monkeypatch.setattr(standings, "standings", lambda **kw: worked.append(1) or real(**kw))
    first = selectors.standings_of(event=event)
    assert selectors.standings_of(event=event) == first
    assert worked == [1]

    game = Game.objects.filter(round__event=event, second__isnull=False).first()
    Game.objects.filter(pk=game.pk).update(first_vp=0, second_vp=20)  # a corrected result
    corrected = selectors.standings_of(event=event)

    assert worked == [1, 1]
    assert corrected != first
    assert corrected == real(
        players=[str(pk) for pk in event.entrants.values_list("pk", flat=True)],
        games=[
            standings.Game(round=r, first=str(a), second=str(b) if b else None,
                           first_vp=x or 0, second_vp=y or 0)
            for r, a, b, x, y in Game.objects.filter(
                round__event=event, status=Game.CONFIRMED
            ).values_list("round__number", "first_id", "second_id", "first_vp", "second_vp")
        ],
        scoring=event.scoring,
    )  # fmt: skip
