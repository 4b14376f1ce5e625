"""PDFs are drawn by the task worker, never in a request: the waiting page, its polling, failures."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connections
from django.urls import reverse

from .pdfread import page_texts

pytestmark = pytest.mark.pdf  # every test here draws a PDF (needs Pango)


@pytest.fixture
def roster_url(ember_list):
    return reverse("armylists:roster_pdf", args=[ember_list.public_id])


def queued_renders() -> int:
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.count()


def test_asking_for_a_pdf_answers_at_once_that_it_is_being_prepared(
    client, roster_url, render_calls
):
    response = client.get(roster_url)
    assert response.status_code == 202
    assert "Preparing your PDF…" in response.content.decode()
    assert response["Cache-Control"] == "no-store"
    assert render_calls == []  # nothing was drawn in the request
    assert queued_renders() == 1


def test_asking_again_while_it_is_prepared_queues_no_second_render(client, roster_url):
    client.get(roster_url)
    client.get(roster_url)
    client.get(roster_url + "?wait=1", HTTP_HX_REQUEST="true")
    assert queued_renders() == 1


def test_the_worker_draws_it_and_the_next_request_downloads_it(
    client, roster_url, run_renders, render_calls
):
    client.get(roster_url)
    run_renders()
    assert len(render_calls) == 1
    response = client.get(roster_url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "Thane Brokka Emberhand" in page_texts(response.content)[0]
    assert len(render_calls) == 1  # served from the render cache


def test_the_waiting_page_polls_with_htmx_and_refreshes_without_javascript(client, roster_url):
    html = client.get(roster_url + "?paper=letter").content.decode()
    wait_url = roster_url + "?paper=letter&amp;wait=1"
    assert f'hx-get="{wait_url}" hx-trigger="every 1s"' in html
    assert f'<noscript><meta http-equiv="refresh" content="2;url={wait_url}"></noscript>' in html
    assert 'src="/static/js/pdf-wait.js"' in html


def test_the_poll_keeps_waiting_until_the_worker_is_done(client, roster_url, run_renders):
    client.get(roster_url)
    waiting = client.get(roster_url + "?wait=1", HTTP_HX_REQUEST="true")
    assert waiting.status_code == 202
    assert waiting.content.decode().lstrip().startswith('<div id="pdf-status"')
    assert "Preparing your PDF…" in waiting.content.decode()

    run_renders()
    ready = client.get(roster_url + "?wait=1", HTTP_HX_REQUEST="true")
    assert ready.status_code == 286  # htmx stops polling
    assert json.loads(ready["HX-Trigger"]) == {"pdf-ready": {"url": roster_url}}
    assert f'href="{roster_url}"' in ready.content.decode()


def test_without_javascript_the_refreshed_page_links_to_the_ready_pdf(
    client, roster_url, run_renders
):
    client.get(roster_url)
    run_renders()
    page = client.get(roster_url + "?wait=1")
    assert page.status_code == 200
    assert "Your PDF is ready." in page.content.decode()
    assert f'href="{roster_url}"' in page.content.decode()
    # and leads back to the list it was drawn from
    editor_url = roster_url.removesuffix("roster.pdf")
    assert f'<a href="{editor_url}">← Back to the list</a>' in page.content.decode()


def test_a_pdf_drawn_before_comes_at_once(client, roster_url, run_renders, render_calls):
    client.get(roster_url)
    run_renders()
    for _ in range(3):
        assert client.get(roster_url).status_code == 200
    assert len(render_calls) == 1
    assert queued_renders() == 1


def test_a_failed_render_says_so_and_the_next_request_tries_again(
    client, roster_url, run_renders, monkeypatch
):
    from forgebuilder.printing import render

    def broken(html: str, **pictures) -> bytes:
        raise RuntimeError("out of memory")

    client.get(roster_url)
    working = render.write_pdf
    monkeypatch.setattr(render, "write_pdf", broken)
    run_renders()
    failed = client.get(roster_url + "?wait=1", HTTP_HX_REQUEST="true")
    assert failed.status_code == 286
    assert "We could not draw this PDF." in failed.content.decode()
    assert "HX-Trigger" not in failed

    monkeypatch.setattr(render, "write_pdf", working)
    retry = client.get(roster_url)
    assert retry.status_code == 202
    assert queued_renders() == 2
    run_renders()
    assert client.get(roster_url)["Content-Type"] == "application/pdf"


def test_the_token_sheet_and_share_links_take_the_same_way(
    stranger, live_link, run_renders, render_calls
):
    url = reverse("armylists:shared_tokens_pdf", args=[live_link.token]) + "?size=32"
    assert stranger.get(url).status_code == 202
    run_renders()
    response = stranger.get(url)
    assert response["Content-Disposition"].endswith('-tokens.pdf"')
    assert len(render_calls) == 1


def test_an_edit_while_waiting_is_in_the_pdf_the_player_gets(client, ember_list, run_renders):
    from forgebuilder.lists import edits
    from forgebuilder.lists.services import army_list_edit

    url = reverse("armylists:roster_pdf", args=[ember_list.public_id])
    client.get(url)
    army_list_edit(
        army_list=ember_list,
        expected_version=None,
        change=lambda doc, cat: edits.rename_unit(doc, unit_id="u2", name="Old Ash-Eye"),
        label="Rename",
    )
    run_renders()  # draws the list as it is now
    response = client.get(url)
    assert response.status_code == 200
    assert "Old Ash-Eye" in page_texts(response.content)[0]


@pytest.mark.django_db(transaction=True)
def test_the_share_page_and_the_editor_answer_while_a_render_runs(
    client, ember_list, live_link, monkeypatch
):
    """A render held half-way in the worker (another thread) slows no page."""
    from forgebuilder.printing import render
    from tests.pdf_worker import pdf_worker

    started, release = threading.Event(), threading.Event()
    real = render.write_pdf

    def slow(html: str, **pictures) -> bytes:
        started.set()
        release.wait(timeout=30)
        return real(html, **pictures)

    monkeypatch.setattr(render, "write_pdf", slow)
    url = reverse("armylists:shared_roster_pdf", args=[live_link.token])
    assert client.get(url).status_code == 202
    worker = pdf_worker("test-worker", interval=0.1)

    def run() -> None:
        try:
            worker.run()
        finally:  # the thread's own connection: left open, it kept the test database from
            connections.close_all()  # being dropped at the end of a PostgreSQL run

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        assert started.wait(timeout=30)
        share = client.get(reverse("armylists:shared", args=[live_link.token]))
        editor = client.get(reverse("armylists:editor", args=[ember_list.public_id]))
        poll = client.get(url + "?wait=1", HTTP_HX_REQUEST="true")
        assert share.status_code == 200 and "Emberstone Oath" in share.content.decode()
        assert editor.status_code == 200
        assert poll.status_code == 202  # still drawing
    finally:
        release.set()
        thread.join(timeout=60)
    assert client.get(url)["Content-Type"] == "application/pdf"
