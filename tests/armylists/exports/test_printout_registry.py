"""A printout is declared once, in the registry: its addresses, its task, its title, its
download form and its place in the offline pages all follow from that one declaration."""

from __future__ import annotations

import importlib
import json
import re

import pytest
from django.urls import clear_url_caches, reverse

from forgebuilder.printing import availability, registry
from forgebuilder.printing.cache import cached_render, render_key
from forgebuilder.printing.registry import PAPER, PrintoutKind
from forgebuilder.printing.tasks import render_printout

DRAWN = []


def _labels_key(source, *, paper):
    return render_key("labels", source.render_content(), paper=paper.key)


def _labels_pdf(source, *, paper):
    # no WeasyPrint: the registry's wiring is under test, not the drawing
    def draw() -> bytes:
        DRAWN.append((source.document.name, paper.key))
        return f"%PDF-1.7 labels of {source.document.name} on {paper.key}".encode()

    return cached_render(_labels_key(source, paper=paper), draw)


LABELS = PrintoutKind(
    key="labels",
    title="label sheet",
    template="print/roster.html",
    description="Sticky labels for the movement trays.",
    button="Download labels",
    choices=(PAPER,),
    cache_key=_labels_key,
    draw=_labels_pdf,
    file_suffix="-labels",
    offline=True,
)


def _reload_urls() -> None:
    import forgebuilder.lists.urls
    import forgebuilder.urls

    importlib.reload(forgebuilder.lists.urls)
    importlib.reload(forgebuilder.urls)
    clear_url_caches()


@pytest.fixture
def labels(monkeypatch):
    """A printout registered by a test, as a new module would register one at start-up."""
    monkeypatch.setattr(availability, "pango_problem", lambda: "")  # drawing needs no Pango
    availability.pdf_support.cache_clear()
    DRAWN.clear()
    registry.register_printout(LABELS)
    _reload_urls()
    yield LABELS
    registry.unregister_printout(LABELS.key)
    _reload_urls()
    availability.pdf_support.cache_clear()


def test_a_registered_printout_has_an_owner_address_and_a_share_address(labels, ember_list):
    owner_url = reverse("armylists:labels_pdf", args=[ember_list.public_id])
    assert owner_url == f"/lists/{ember_list.public_id}/labels.pdf"
    assert reverse("armylists:shared_labels_pdf", args=["abc"]) == "/s/abc/labels.pdf"


def test_its_address_queues_its_task_under_its_title_and_serves_what_the_task_drew(
    labels, client, ember_list, run_renders
):
    url = reverse("armylists:labels_pdf", args=[ember_list.public_id]) + "?paper=letter"
    waiting = client.get(url)
    assert waiting.status_code == 202
    assert "<h1>Your label sheet PDF</h1>" in waiting.content.decode()
    run_renders()
    assert DRAWN == [("Emberstone Oath", "letter")]
    done = client.get(url)
    assert done.status_code == 200
    assert done.content == b"%PDF-1.7 labels of Emberstone Oath on letter"
    assert done["Content-Disposition"].endswith('-labels.pdf"')


def test_its_share_address_serves_it_to_anyone_with_the_link(
    labels, client, live_link, run_renders
):
    url = reverse("armylists:shared_labels_pdf", args=[live_link.token])
    assert client.get(url).status_code == 202
    run_renders()
    assert client.get(url).content == b"%PDF-1.7 labels of Emberstone Oath on a4"


def test_its_task_draws_it_from_the_key_and_query_values(labels, ember_list):
    size = render_printout.call(kind="labels", options={"paper": "a4"}, list_id=ember_list.pk)
    assert size == len(b"%PDF-1.7 labels of Emberstone Oath on a4")
    assert DRAWN == [("Emberstone Oath", "a4")]


def test_a_bad_option_is_refused_with_the_choices_there_are(labels, client, ember_list):
    url = reverse("armylists:labels_pdf", args=[ember_list.public_id]) + "?paper=a3"
    response = client.get(url)
    assert response.status_code == 400
    assert response.content.decode() == "Unknown paper size 'a3'. Choose one of: a4, letter."


def test_the_downloads_offer_its_form(labels, client, ember_list):
    html = client.get(reverse("armylists:editor", args=[ember_list.public_id])).content.decode()
    action = f'action="/lists/{ember_list.public_id}/labels.pdf"'
    form = html[html.index(action) : html.index("</form>", html.index(action))]
    assert "<legend>Label sheet (PDF)</legend>" in form
    assert "Sticky labels for the movement trays." in form
    assert 'id="download-labels-paper" name="paper"' in form
    assert ">Download labels</button>" in form


def test_the_service_worker_keeps_it_offline(labels, client):
    script = client.get("/sw.js").content.decode()
    config = json.loads(re.search(r"const CONFIG = (\{.*\});", script).group(1))
    assert config["keptPrintouts"] == ["roster", "labels"]


def test_the_built_in_printouts_are_the_roster_its_compact_form_and_the_token_sheet():
    # the roster is kept offline (read at the table); the compact roster goes to organisers
    # and forums; the token sheet is cut out at home
    kinds = {kind.key: kind for kind in registry.printouts()}
    assert list(kinds) == ["roster", "compact", "tokens"]
    titles = [kinds[key].title for key in kinds]
    assert titles == ["roster", "compact roster", "token sheet"]
    assert [kinds[key].offline for key in kinds] == [True, False, False]
    assert [c.name for c in kinds["tokens"].choices] == ["size", "paper"]


def test_a_key_is_registered_once():
    with pytest.raises(ValueError, match="'roster' is already registered"):
        registry.register_printout(registry.printout("roster"))
    with pytest.raises(KeyError, match="unknown printout 'nope'; one of roster, compact, tokens"):
        registry.printout("nope")
