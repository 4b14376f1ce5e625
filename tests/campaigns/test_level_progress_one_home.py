"""The XP a level needs has one home (`campaigns.pricing.xp_for_level`): the unit card in the
editor, the share page and the printed roster, the campaign's army page and the level-up step
all take it from there, so a module's other numbers (or a house rule) change them together."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.campaigns import pricing
from forgebuilder.campaigns.levelling import can_level_up
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists import exports
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_edit
from forgebuilder.lists.sharing import share_link_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def seasoned(game, users):
    """Ana's Lantern-Marshal at level 1 with 7 XP (a level needs 5 XP: 10 in all for level 2)."""
    campaign, player, _ = game

    def change(document: ListDocument, catalog) -> ListDocument:
        data = document.model_dump()
        data["units"][0]["campaign"] = {**data["units"][0]["campaign"], "xp": 7, "level": 1}
        return ListDocument.model_validate(data)

    army = player.army
    army_list_edit(
        army_list=army, expected_version=None, change=change, label="t", origin="campaigns"
    )
    army.refresh_from_db()
    return campaign, player, army, users[0]


def editor(campaign, player, army, ana) -> str:
    client = Client()
    client.force_login(ana)
    return client.get(reverse("armylists:editor", args=[army.public_id])).content.decode()


def share_page(campaign, player, army, ana) -> str:
    link = share_link_create(army_list=army, kind="live")
    return Client().get(reverse("armylists:shared", args=[link.token])).content.decode()


def printed_roster(campaign, player, army, ana) -> str:
    source = exports.source_from_evaluated(evaluated_list(army_list=army))
    return exports.roster_html(source, paper=exports.paper_from("a4"))


def campaign_page(campaign, player, army, ana) -> str:
    client = Client()
    client.force_login(ana)
    url = reverse("campaigns:army", args=[campaign.pk, player.pk])
    return client.get(url).content.decode()


PAGES = {
    "editor": editor,
    "share page": share_page,
    "printed roster": printed_roster,
    "campaign page": campaign_page,
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(
    ("per_level", "shown"),
    [
        (5, "7/10"),  # the module's 5 XP a level: level 2 at 10
        (4, "7/8"),  # a house rule of 4 XP a level, changed in the one home only
    ],
)
def test_every_page_shows_the_xp_the_next_level_needs_from_its_one_home(
    seasoned, monkeypatch, page, per_level, shown
):
    monkeypatch.setattr(pricing, "xp_for_level", lambda level, spec: level * per_level)
    assert shown in PAGES[page](*seasoned)


@pytest.mark.parametrize(("per_level", "ready"), [(5, False), (4, False), (3, True)])
def test_the_level_up_step_follows_the_same_home(seasoned, monkeypatch, per_level, ready):
    # 7 XP: level 2 needs 10 (5 a level), 8 (4 a level), 6 (3 a level)
    monkeypatch.setattr(pricing, "xp_for_level", lambda level, spec: level * per_level)
    _, _, army, _ = seasoned
    evaluated = evaluated_list(army_list=army)
    marshal = evaluated.document.units[0]
    assert can_level_up(marshal, evaluated.catalog.spec.campaign) is ready
