"""Check a match: one of my Grimdark lists against the opponent's, from my lists or a share link
(issue 12: the page that takes over from the CLI/API-only match check)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.matchup import share_token
from forgebuilder.lists.models import ShareLink
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create, share_link_revoke

from ..conftest import dark_army


@pytest.fixture
def dark_list(dark_module):
    catalog = catalog_for(dark_module)

    def make(owner, name: str, captains: int):
        document = ListDocument.model_validate(dark_army(name, captains))
        return army_list_create(owner=owner, catalog=catalog, document=document)

    return make


def page(client, army_list, **query):
    return client.get(reverse("armylists:match", args=[army_list.public_id]), query)


@pytest.mark.parametrize(
    ("pasted", "token"),
    [
        ("https://forge.example/s/AbC123xyz_-Q/", "AbC123xyz_-Q"),
        ("  https://forge.example/s/AbC123xyz_-Q/table/?x=1#top ", "AbC123xyz_-Q"),
        ("forge.example/s/AbC123xyz_-Q", "AbC123xyz_-Q"),
        ("AbC123xyz_-Q", "AbC123xyz_-Q"),
        ("https://forge.example/lists/AbC123xyz_-Q/", None),
        ("not a link at all", None),
        ("", None),
    ],
)
def test_a_pasted_share_link_gives_its_token(pasted, token):
    assert share_token(pasted) == token


def test_my_list_against_another_of_mine_gives_sides_and_underdog_points(client, owner, dark_list):
    small = dark_list(owner, "Small", 1)
    dark_list(owner, "Larger", 3)
    larger = small.__class__.objects.get(name="Larger")

    response = page(client, small, opponent=larger.public_id)

    assert response.status_code == 200
    result = response.context["result"]
    assert [(s.name, s.points, s.underdog_points, s.legal) for s in result.sides] == [
        ("Small", 60, 2, True),  # 120 below the larger army: two full 50s
        ("Larger", 180, 0, True),
    ]
    assert result.report.legal
    assert "Fair match" in response.content.decode()


def test_an_opponents_share_link_is_checked_and_a_too_large_army_is_named(
    client, owner, stranger, dark_list
):
    mine = dark_list(owner, "Small", 1)
    theirs = dark_list(stranger, "Huge", 10)
    link = share_link_create(army_list=theirs, kind=ShareLink.LIVE)

    response = page(client, mine, link=f"https://forge.example/s/{link.token}/")

    html = response.content.decode()
    assert response.status_code == 200
    assert "Too far apart" in html
    assert "Huge has 600 points, 540 more than the smallest army (60)" in html
    assert "Bring Huge down to 310 points or less." in html


def test_a_revoked_or_mistyped_link_says_what_is_wrong_and_changes_nothing(
    client, owner, stranger, dark_list
):
    mine = dark_list(owner, "Small", 1)
    theirs = dark_list(stranger, "Theirs", 2)
    link = share_link_create(army_list=theirs, kind=ShareLink.LIVE)
    share_link_revoke(army_list=theirs, token=link.token)
    version = mine.version

    revoked = page(client, mine, link=link.token)
    mistyped = page(client, mine, link="htp:/nowhere")
    nothing = page(client, mine, link="", opponent="")

    assert revoked.status_code == mistyped.status_code == nothing.status_code == 400
    assert "No list is shared at that link" in revoked.content.decode()
    assert "That is not a share link" in mistyped.content.decode()
    assert "Pick the opponent" in nothing.content.decode()
    mine.refresh_from_db()
    assert mine.version == version


def test_a_list_of_someone_else_cannot_be_picked_as_mine_or_as_the_opponent(
    client, owner, stranger, dark_list
):
    mine = dark_list(owner, "Small", 1)
    theirs = dark_list(stranger, "Theirs", 2)

    assert page(client, theirs).status_code == 404  # the page is the owner's only
    picked = page(client, mine, opponent=theirs.public_id)
    assert picked.status_code == 400
    assert "Pick one of your lists of this game" in picked.content.decode()
    assert "Theirs" not in picked.content.decode()


def test_lists_of_two_games_or_of_a_ruleset_without_match_checks_are_refused(
    client, owner, dark_list, army_list
):
    mine = dark_list(owner, "Small", 1)
    other_game = share_link_create(army_list=army_list, kind=ShareLink.LIVE)

    response = page(client, mine, link=other_game.token)

    assert response.status_code == 400
    assert "A match check compares lists of one game module" in response.content.decode()
    no_checks = page(client, army_list, link=other_game.token)
    assert "Battle Forge defines no match check" in no_checks.content.decode()


def test_the_editor_links_to_the_match_check_only_where_the_ruleset_has_one(
    client, owner, dark_list, army_list
):
    mine = dark_list(owner, "Small", 1)
    match_url = reverse("armylists:match", args=[mine.public_id])

    grimdark = client.get(reverse("armylists:editor", args=[mine.public_id])).content.decode()
    battle_forge = client.get(reverse("armylists:editor", args=[army_list.public_id]))

    assert f'href="{match_url}"' in grimdark
    assert "Check a match" not in battle_forge.content.decode()
