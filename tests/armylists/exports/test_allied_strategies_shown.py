"""Issue 25, items 3 and 5 where players read them: the strategies an allied force brings, marked
with that force, and the reminder that abilities target only the user's faction, in the editor,
the share page, the table view and the PDF roster (the Emberstone Oath list has a Mirewind
Allied Contingent; Mirewind's strategies include Harpoon and Haul)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.armylists.exports import PAPERS, roster_pdf
from forgebuilder.armylists.models import ShareLink
from forgebuilder.armylists.sharing import share_link_create

from .pdfread import page_texts

FROM_ALLIES = "from Allied Contingent (Mirewind Kith)"
REMINDER = "targets only units of its user"


def pages(client, army_list) -> dict[str, str]:
    link = share_link_create(army_list=army_list, kind=ShareLink.LIVE)
    urls = {
        "editor": reverse("armylists:editor", args=[army_list.public_id]),
        "table": reverse("armylists:table", args=[army_list.public_id]),
        "share": reverse("armylists:shared", args=[link.token]),
    }
    return {name: client.get(url).content.decode() for name, url in urls.items()}


def test_allied_strategies_and_the_reminder_show_on_every_page(client, ember_list):
    for name, html in pages(client, ember_list).items():
        assert "Harpoon and Haul" in html, name
        assert FROM_ALLIES in html, name
        assert html.count(REMINDER) == 1, name  # said once


@pytest.mark.pdf
def test_the_pdf_roster_prints_allied_strategies_and_the_reminder_once(ember_source):
    text = " ".join(page_texts(roster_pdf(ember_source, paper=PAPERS["a4"])))

    assert "Harpoon and Haul" in text
    assert FROM_ALLIES in text
    assert text.count(REMINDER) == 1
    assert "Allied forces".upper() in text.upper()
