"""The waiting page says how far a long drawing has got; a drawn printout needs no waiting page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.lists.exports import PAPERS
from forgebuilder.printing import render
from forgebuilder.printing.progress import (
    players_words,
    progress_of,
    progress_reporter,
)


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ("Step 5 - Creating layout - Page 12", "Laying out page 12"),
        ("Step 5 - Creating layout - Page 3 (up-to-date)", "Laying out page 3"),
        ("Step 6 - Creating PDF", "Writing the PDF file"),
        ("Step 3 - Applying CSS", "Reading the list and the print styles"),
        ("Step 7 - Adding PDF metadata", ""),  # too short to be worth saying
    ],
)
def test_weasyprints_steps_are_said_in_players_words(step, words):
    assert players_words(step) == words


@pytest.mark.pdf
def test_a_drawing_reports_each_page_it_lays_out():
    steps: list[str] = []
    two_pages = "<p>One</p><p style='break-before: page'>Two</p>"
    with render.progress_to(steps.append):
        render.write_pdf(two_pages)
    assert "Step 5 - Creating layout - Page 1" in steps
    assert "Step 5 - Creating layout - Page 2" in steps
    assert steps[-1] == "Step 7 - Adding PDF metadata"
    told = len(steps)
    render.write_pdf(two_pages)  # outside the block nobody is told
    assert len(steps) == told


@pytest.mark.pdf
def test_the_waiting_page_shows_how_far_the_drawing_got(client, ember_list, ember_source):
    from forgebuilder.lists.exports import roster_key

    url = reverse("armylists:roster_pdf", args=[ember_list.public_id])
    first = client.get(url).content.decode()
    assert "Laying out" not in first
    # the worker (another process) reached page 3 of this roster
    key = roster_key(ember_source, paper=PAPERS["a4"])
    progress_reporter(key)("Step 5 - Creating layout - Page 3")
    poll = client.get(url + "?wait=1", headers={"HX-Request": "true"})
    assert poll.status_code == 202
    assert "Laying out page 3…" in poll.content.decode()
    assert "Back to the list" in client.get(url).content.decode()


@pytest.mark.pdf
def test_the_worker_clears_its_progress_when_done(client, ember_list, ember_source, run_renders):
    from forgebuilder.lists.exports import roster_key

    url = reverse("armylists:roster_pdf", args=[ember_list.public_id])
    client.get(url)
    key = roster_key(ember_source, paper=PAPERS["a4"])
    progress_reporter(key)("Step 5 - Creating layout - Page 1")
    run_renders()
    assert progress_of(key) == ""
    # drawn: the same address now answers with the PDF itself, no waiting page
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
