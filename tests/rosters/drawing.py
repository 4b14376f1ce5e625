"""The foreign rosters' pages drawn with a small roster of our own (tests/test_every_template.py)."""

from __future__ import annotations

from django.urls import reverse

from forgebuilder.lists.ownership import Owner
from forgebuilder.printing.api import PAPERS
from forgebuilder.rosters.models import ForeignRoster
from forgebuilder.rosters.printouts import roster_html, tokens_html
from forgebuilder.rosters.selectors import roster_owned
from tests.rosters.small import SMALL_ROSTER


def draw_roster_pages(client) -> None:
    """The import page's reading, the kept roster's page, the shelf, the share page and the
    printouts' HTML."""
    read = client.post(reverse("armylists:import"), {"document": SMALL_ROSTER})
    assert read.status_code == 200, read.status_code
    kept = client.post(reverse("rosters:keep"), {"roster": read.context["payload"]})
    row = ForeignRoster.objects.get(public_id=kept["Location"].rstrip("/").rsplit("/", 1)[-1])
    client.post(reverse("rosters:share", args=[row.public_id]))
    row.refresh_from_db()
    for url in (
        kept["Location"],
        reverse("rosters:mine"),
        reverse("rosters:shared", args=[row.share_token]),
    ):
        assert client.get(url).status_code == 200, url
    kept = roster_owned(Owner(row.owner_id, row.owner_token), row.public_id)
    roster_html(kept, paper=PAPERS["a4"])
    tokens_html(kept, paper=PAPERS["a4"], size=25)
