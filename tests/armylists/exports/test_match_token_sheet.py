"""Issue 25, item 4: underdog points outside a campaign. From the match-check page each side gets
a token sheet carrying the underdog points the check gives it, whether the opponent's list is
another of the player's lists or an opponent's share link."""

from __future__ import annotations

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.models import ShareLink
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create

from ..conftest import dark_army
from .pdfread import page_texts

pytestmark = pytest.mark.pdf


@pytest.fixture
def dark_list(dark_module):
    catalog = catalog_for(dark_module)

    def make(user, name: str, captains: int):
        document = ListDocument.model_validate(dark_army(name, captains))
        return army_list_create(owner=Owner(user.pk, ""), catalog=catalog, document=document)

    return make


def tokens_url(army_list, **query) -> str:
    base = reverse("armylists:match_tokens", args=[army_list.public_id])
    return base + "?" + "&".join(f"{k}={v}" for k, v in query.items())


def test_the_match_page_links_each_sides_token_sheet(client, player, dark_list):
    small, larger = dark_list(player, "Small", 1), dark_list(player, "Larger", 3)

    html = client.get(
        reverse("armylists:match", args=[small.public_id]), {"opponent": larger.public_id}
    ).content.decode()

    base = reverse("armylists:match_tokens", args=[small.public_id])
    for side, name in ((0, "Small"), (1, "Larger")):
        link = f'href="{base}?opponent={larger.public_id}&amp;side={side}"'
        assert f"{link}>{name} (PDF)</a>" in html


@pytest.mark.parametrize(
    ("side", "underdog"),
    [
        (0, 2),  # Small: 60 points, 120 below Larger's 180: two full 50s
        (1, 0),  # Larger: no underdog points, and no underdog tokens
    ],
)
def test_each_side_gets_its_underdog_tokens(fetch_pdf, player, dark_list, side, underdog):
    small, larger = dark_list(player, "Small", 1), dark_list(player, "Larger", 3)

    response = fetch_pdf(tokens_url(small, opponent=larger.public_id, side=side))

    assert response.status_code == 200
    text = " ".join(page_texts(response.content))
    assert ("Small", "Larger")[side] in text
    if underdog:
        assert f"Underdog point × {underdog}" in text
    else:
        assert "Underdog" not in text


def test_an_opponents_share_link_gives_their_sheet_and_mine(
    fetch_pdf, player, django_user_model, dark_list
):
    rival = django_user_model.objects.create_user("rival", password="x")
    mine = dark_list(player, "Mine", 3)  # 180
    theirs = dark_list(rival, "Theirs", 1)  # 60: 120 below, two underdog points
    link = share_link_create(army_list=theirs, kind=ShareLink.LIVE)
    pasted = f"https://forge.example/s/{link.token}/"

    their_sheet = fetch_pdf(tokens_url(mine, link=pasted, side=1))
    my_sheet = fetch_pdf(tokens_url(mine, link=pasted, side=0))

    assert "Underdog point × 2" in " ".join(page_texts(their_sheet.content))
    assert "Underdog" not in " ".join(page_texts(my_sheet.content))


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"side": 2}, "Say whose token sheet"),
        ({"side": 0}, "Pick the opponent's list"),
        ({"side": 1, "link": "no link!"}, "That is not a share link"),
    ],
)
def test_a_wrong_request_is_refused_with_the_reason(client, player, dark_list, query, message):
    small = dark_list(player, "Small", 1)

    response = client.get(reverse("armylists:match_tokens", args=[small.public_id]), query)

    assert response.status_code == 400
    assert message in response.content.decode()


def test_nobody_else_draws_a_sheet_from_my_list(stranger, player, dark_list):
    small, larger = dark_list(player, "Small", 1), dark_list(player, "Larger", 3)

    response = stranger.get(tokens_url(small, opponent=larger.public_id, side=0))

    assert response.status_code == 404
