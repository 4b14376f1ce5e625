"""Issue 25: an empty list says "No units yet" wherever its verdict is printed (the editor, the
share page, the table view, the PDF roster and the text export), never "Legal list"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder.lists import edits as e
from forgebuilder.lists.exports import PAPERS, roster_pdf, source_from_evaluated
from forgebuilder.lists.models import ShareLink
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create
from tests.conftest import write_module_rows

from .pdfread import page_texts


@pytest.fixture
def empty_list(player, ashen_rows):
    """A Grimdark list (Ashen Stars) with its doctrine chosen and no units: nothing is wrong
    with it, and nothing is in it."""
    write_module_rows(ashen_rows)  # read once per session (tests/conftest.py)
    catalog = catalog_for(GameModule.objects.get(slug="ashen-stars"))
    d = e.new_document(
        catalog, faction="cinder_compact", name="Blank Muster", points_limit=1000,
        casual=False, doctrine="iron_vigil",
    )  # fmt: skip
    return army_list_create(owner=Owner(player.pk, ""), catalog=catalog, document=d)


def test_the_editor_says_no_units_yet(client, empty_list):
    html = client.get(reverse("armylists:editor", args=[empty_list.public_id])).content.decode()

    assert '<h2 id="violations-title">No units yet</h2>' in html
    assert "Legal list" not in html
    assert "data-show-problems>No units yet</a>" in html


def test_the_table_view_and_share_page_say_no_units_yet(client, empty_list):
    link = share_link_create(army_list=empty_list, kind=ShareLink.LIVE)

    table = client.get(reverse("armylists:table", args=[empty_list.public_id])).content.decode()
    shared = client.get(reverse("armylists:shared", args=[link.token])).content.decode()

    for html in (table, shared):
        assert '<span class="badge">No units yet</span>' in html
        assert 'class="badge ok">Legal' not in html
    assert 'content="No units yet · 0 units' in shared


def test_the_text_export_says_no_units_yet(client, empty_list):
    text = client.get(reverse("armylists:text_export", args=[empty_list.public_id]))

    assert "No units yet" in text.content.decode()
    assert "Legal" not in text.content.decode()


@pytest.mark.pdf
def test_the_pdf_roster_says_no_units_yet(empty_list):
    source = source_from_evaluated(evaluated_list(army_list=empty_list))

    first = page_texts(roster_pdf(source, paper=PAPERS["a4"]))[0]

    assert "NO UNITS YET" in first.upper()
    assert "LEGAL LIST" not in first.upper()


def test_the_first_unit_turns_no_units_yet_into_legal_list_and_the_last_one_back(
    client, empty_list
):
    """The problems panel an edit redraws says the list's state after the edit (its HTML is
    reused only when nothing it shows has changed)."""
    from tests.armylists.views.helpers import HTMX

    def post(name: str, data: dict):
        data = {"version": empty_list.__class__.objects.get(pk=empty_list.pk).version, **data}
        url = reverse(f"armylists:{name}", args=[empty_list.public_id, *data.pop("args", [])])
        return client.post(url, data, headers=HTMX).content.decode()

    added = post("unit_add", {"datasheet": "lantern_marshal"})
    assert '<h2 id="violations-title">Legal list</h2>' in added

    document = empty_list.__class__.objects.get(pk=empty_list.pk).document
    removed = post("unit_remove", {"args": [document["units"][0]["id"]]})
    assert '<h2 id="violations-title">No units yet</h2>' in removed
