"""What an event's public pages tell a shared cache (nginx, docs/deploy.md): the event page a
reader without an account or session gets, and the hall's screen and its poll, may be kept by
it for a few seconds and revalidated by their ETag; a page drawn for someone never is. That
nginx then answers them itself is tests/stack/test_event_page_cache.py."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from forgebuilder.events import services
from forgebuilder.events.models import Game
from forgebuilder.events.reader_page import PUBLIC_SECONDS
from tests.events.test_event_page_reads import _event


@pytest.fixture
def small(ashen):
    return _event(ashen, 16)


@pytest.fixture
def paired(event, players):
    for player in players[:4]:
        entrant = services.entrant_register(event=event, player=player)
        services.entrant_check_in(event=event, entrant=entrant)
    services.round_pair(event=event, rng=random.Random(1))
    return event


def _shared_briefly(response) -> bool:
    said = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"public", "max-age=0", f"s-maxage={PUBLIC_SECONDS}", "must-revalidate"} <= said


def test_everyones_event_page_may_be_kept_by_a_shared_cache_and_sets_no_cookie(client, small):
    url = reverse("events:detail", args=[small.public_id])
    first, again = client.get(url), client.get(url)

    assert first.status_code == again.status_code == 200
    assert _shared_briefly(first) and _shared_briefly(again)
    assert not first.cookies and not again.cookies  # a cache never keeps an answer with a cookie
    assert again.content == first.content  # the same bytes for every reader: no token in them
    assert '"X-CSRFToken": ""' in again.text and "csrfmiddlewaretoken" not in again.text
    assert first["ETag"] == again["ETag"]


def test_the_cache_asks_whether_the_page_changed_and_is_told_it_did_not(client, small):
    url = reverse("events:detail", args=[small.public_id])
    etag = client.get(url)["ETag"]

    same = client.get(url, headers={"If-None-Match": etag})
    gzipped = client.get(url, headers={"If-None-Match": f"W/{etag}"})  # its compressed copy's tag

    assert same.status_code == gzipped.status_code == 304
    assert same["ETag"] == etag and _shared_briefly(same)
    game = Game.objects.filter(round__event=small, second__isnull=False).first()
    game.first_vp = 20  # the organiser sets a result
    game.save()
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_page_drawn_for_someone_is_never_offered_to_a_shared_cache(client, small):
    url = reverse("events:detail", args=[small.public_id])
    session = client.session
    session["anything"] = 1
    session.save()
    with_session = client.get(url)
    client.force_login(small.entrants.first().player)
    own = client.get(url)

    assert not _shared_briefly(with_session) and not _shared_briefly(own)
    assert "public" not in own.get("Cache-Control", "")


def test_the_halls_screen_and_its_poll_may_be_kept_by_a_shared_cache(client, paired):
    page = client.get(reverse("events:projector", args=[paired.public_id]))
    stamp = page.text.split('data-stamp="', 1)[1].split('"', 1)[0]
    screen = reverse("events:projector_screen", args=[paired.public_id])
    unchanged, fresh = client.get(screen, {"since": stamp}), client.get(screen)

    assert [page.status_code, unchanged.status_code, fresh.status_code] == [200, 204, 200]
    assert all(_shared_briefly(r) and not r.cookies for r in (page, unchanged, fresh))


def test_the_halls_screen_of_a_signed_in_organiser_is_kept_by_no_shared_cache(
    client, paired, organiser
):
    client.force_login(organiser)
    page = client.get(reverse("events:projector", args=[paired.public_id]))
    screen = client.get(reverse("events:projector_screen", args=[paired.public_id]))

    assert page.status_code == screen.status_code == 200
    assert not _shared_briefly(page) and not _shared_briefly(screen)
