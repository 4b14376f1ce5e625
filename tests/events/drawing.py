"""Every event page drawn with real data, for tests/test_every_template.py."""

from __future__ import annotations

import datetime as dt
import random

from django.urls import reverse
from django.utils import timezone

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events import services
from forgebuilder.events.models import Event


def draw_event_pages(client, user, army_list, opponent) -> None:
    """`user` organises an event and plays in it with `army_list` against `opponent`."""
    event = Event.objects.create(
        organiser=user, name="Cinder Open", starts_on=dt.date(2026, 12, 5), place="Leeds",
        module=army_list.module, points_limit=army_list.points_limit or 1000,
        list_deadline=timezone.now() + dt.timedelta(days=1), factions=["cinderhold"],
        tiebreakers=["points", "sos"],
    )  # fmt: skip
    detail = reverse("events:detail", args=[event.public_id])
    for url in (reverse("events:list"), reverse("events:new"), detail):
        assert client.get(url).status_code == 200, url
    assert client.post(reverse("events:new"), {"name": ""}).status_code == 200  # errors shown
    entrants = [services.entrant_register(event=event, player=p) for p in (user, opponent)]
    document = ListDocument.model_validate(army_list.document)
    services.submission_submit(entrant=entrants[0], document=document, source="test")
    for entrant in entrants:
        services.entrant_check_in(event=event, entrant=entrant)
    game = services.round_pair(event=event, rng=random.Random(1)).games.get()
    services.game_report(game=game, by=opponent, first_vp=10, second_vp=5)
    for url in (
        detail,
        reverse("events:desk", args=[event.public_id]),
        reverse("events:list_view", args=[event.public_id, entrants[0].pk]),
        reverse("events:projector", args=[event.public_id]),
    ):
        assert client.get(url).status_code == 200, url
    # a desk row's action with htmx: the row and the desk's counts drawn again
    act = reverse("events:desk_action", args=[event.public_id, entrants[1].pk])
    answer = client.post(act, {"action": "check_out"}, headers={"HX-Request": "true"})
    assert answer.status_code == 200 and "desk-summary" in answer.text
    from unittest import mock

    from forgebuilder.events import presenters

    with mock.patch.object(presenters, "PAGE_ROWS", 1):  # the standings in two parts: a pager
        assert "Players 2–2 of 2" in client.get(f"{detail}?standings=2").text
    from forgebuilder.events.models import Submission
    from forgebuilder.events.pack_pdf import pack_html

    services.submission_review(event=event, entrant=entrants[0], decision=Submission.ACCEPTED)
    assert len(pack_html(event)) == 2  # the cover and the one accepted list's roster
