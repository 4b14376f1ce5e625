"""The event's pack: one PDF with the cover, standings, every round's pairings and every
accepted list's compact roster, drawn by the PDF workers (never in the request)."""

from __future__ import annotations

import random

import pytest

from factions.catalog import catalog_for
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events import services
from forgebuilder.events.models import Submission
from forgebuilder.lists.selectors import evaluated_document
from tests.armylists.exports.pdfread import page_texts
from tests.events.conftest import entered
from tests.pdf_worker import pdf_worker

pytestmark = [pytest.mark.pdf, pytest.mark.django_db(transaction=True)]


def _event_played(event, players):
    for n, player in enumerate(players):
        sheets = ("lantern_marshal", "lightbearer_squad")
        entered(event, player, *sheets, club="Leeds", name=f"Host {n}")
    for entrant in event.entrants.all()[:2]:
        services.submission_review(event=event, entrant=entrant, decision=Submission.ACCEPTED)
    round_ = services.round_pair(event=event, rng=random.Random(1))
    for game in round_.games.filter(second__isnull=False):
        services.game_report(game=game, by=event.organiser, first_vp=14, second_vp=9)


def test_the_pack_is_drawn_by_the_worker_and_holds_lists_and_standings(
    client, event, players, organiser
):
    _event_played(event, players[:3])
    url = f"/events/{event.public_id}/pack.pdf"
    client.force_login(players[0])
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    waiting = client.get(url)
    assert waiting.status_code == 202
    assert "event pack" in waiting.content.decode()
    pdf_worker("event-pack").run()
    response = client.get(url)
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="ember-cup-pack.pdf"'
    pages = page_texts(response.content)
    cover = pages[0]
    assert "Ember Cup" in cover and "Standings" in cover and "Round 1" in cover
    accepted = list(Submission.objects.filter(review=Submission.ACCEPTED))
    assert len(accepted) == 2
    text = "\n".join(pages[1:])
    for submission in accepted:
        assert f"{submission.entrant.name}: {submission.name}" in text  # each accepted list
        # with each unit's row of its summary: number and name, then datasheet and points
        document = ListDocument.model_validate(submission.document)
        roster, _ = evaluated_document(document=document, catalog=catalog_for(event.module))
        for number, unit in enumerate(roster.units, 1):
            assert f"{number} {unit.name} {unit.datasheet.name} " in text
    refused = Submission.objects.exclude(review=Submission.ACCEPTED).get()
    assert f"{refused.entrant.name}: {refused.name}" not in text
    assert "14–9" in cover or "14-9" in cover


def test_the_pack_counts_among_the_pdfs_a_client_has_waiting(client, event, organiser, settings):
    settings.PDF_QUEUED_PER_CLIENT = 1
    client.force_login(organiser)
    assert client.get(f"/events/{event.public_id}/pack.pdf").status_code == 202
    event.name = "Ember Cup II"  # a new pack: the first one still waits for the worker
    event.save()
    busy = client.get(f"/events/{event.public_id}/pack.pdf")
    assert busy.status_code == 429
    assert busy["Retry-After"] == "15"
