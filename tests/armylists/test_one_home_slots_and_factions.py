"""Two more facts with one home each, followed by every page that shows them.

- A force organization's slot status is counted once, by the slots check, onto the report
  (`Report.slots`): the editor's force header, the catalogue's slot counts and its "slots full"
  marks only format it.
- The faction a unit comes from is `ListDocument.unit_faction` (its own, else its force's, else
  the list's): the roster behind the editor, the share page and the printed roster, and the
  campaign's army page, all ask it.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from factions.catalog import catalog_for
from forgebuilder.campaigns import unit_rows as campaign_unit_rows
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.engine.rules.base import SlotStatus
from forgebuilder.engine.rules.checks.forces import ForceOrganizationSlots
from forgebuilder.lists import exports
from forgebuilder.lists.documents import parse_document
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create
from forgebuilder.lists.sharing import share_link_create
from tests.armylists.test_report_facts import owner_client

pytestmark = pytest.mark.django_db


# A Millford patrol (Captain, Spearmen) and an allied Hollowmere vanguard whose Bowmen name no
# faction of their own: they are Hollowmere's by their force.
BRIDGE_UNITS = (
    {"id": "u1", "datasheet": "captain", "force": "f1"},
    {"id": "u2", "datasheet": "spearmen", "force": "f1"},
    {"id": "u3", "datasheet": "bowmen", "force": "f2"},
)


def bridge_list(mini_module, *more_units, units=BRIDGE_UNITS):
    """The bridge list of `units` (BRIDGE_UNITS), then `more_units`, stored."""
    document = parse_document(
        {
            "format": "forgebuilder-list", "version": 2, "name": "Bridge",
            "module": "mini-vale", "faction": "millford", "points_limit": 300,
            "forces": [
                {"id": "f1", "organization": "patrol", "faction": "millford"},
                {"id": "f2", "organization": "vanguard", "faction": "hollowmere"},
            ],
            "units": [*units, *more_units],
        }
    )  # fmt: skip
    catalog = catalog_for(mini_module)
    return army_list_create(owner=Owner(None, "owner-token"), catalog=catalog, document=document)


def editor(army_list) -> str:
    url = reverse("armylists:editor", args=[army_list.public_id])
    return owner_client().get(url).content.decode()


def share_page(army_list) -> str:
    link = share_link_create(army_list=army_list, kind="live")
    return Client().get(reverse("armylists:shared", args=[link.token])).content.decode()


def printed_roster(army_list) -> str:
    source = exports.source_from_evaluated(evaluated_list(army_list=army_list))
    return exports.roster_html(source, paper=exports.PAPERS["a4"])


# --- slot status ------------------------------------------------------------------------------


def heroes_fill_two_slots(monkeypatch):
    """A house rule changed in the one home of slot counting: a Hero fills two slots."""
    counted = ForceOrganizationSlots.slots

    def slots(self, roster):
        for force_id, slot in counted(self, roster):
            if slot.category == "hero":
                slot = SlotStatus(slot.category, slot.name, slot.count * 2, slot.min, slot.max)
            yield force_id, slot

    monkeypatch.setattr(ForceOrganizationSlots, "slots", slots)


SLOT_PAGES = {
    # the force header of the editor's roster
    "force header": lambda html, n: f">Hero {n}/2 (min 1)</li>" in html,
    # the catalogue's heading of the category
    "catalogue count": lambda html, n: (
        f'<span class="visually-hidden">slots used: </span>{n}/2' in html
    ),
    # the catalogue's mark on the datasheets of a full category
    "catalogue mark": lambda html, n: ("Hero slots full (2/2)" in html) is (n == 2),
}


@pytest.mark.parametrize("page", SLOT_PAGES)
@pytest.mark.parametrize("house_rule", [False, True])
def test_the_editor_shows_the_slots_the_report_counted(mini_module, monkeypatch, page, house_rule):
    if house_rule:
        heroes_fill_two_slots(monkeypatch)
    army_list = bridge_list(mini_module)
    heroes = evaluated_list(army_list=army_list).report.slot("f1", "hero")
    assert heroes.count == (2 if house_rule else 1)
    assert SLOT_PAGES[page](editor(army_list), heroes.count)


def test_the_slot_violations_come_from_the_same_count_the_pages_show(mini_module, monkeypatch):
    heroes_fill_two_slots(monkeypatch)
    second_captain = {"id": "u4", "datasheet": "captain", "force": "f1"}
    report = evaluated_list(army_list=bridge_list(mini_module, second_captain)).report
    assert report.slot("f1", "hero").text == "4/2"
    assert "allows at most 2 Hero units; you have 4." in " ".join(v.message for v in report.errors)


# --- the faction of a unit --------------------------------------------------------------------


def campaign_army_page_name(army_list) -> str:
    # the campaign's army page names a unit without its own name by its datasheet, in the
    # faction the report says it comes from
    evaluated = evaluated_list(army_list=army_list)
    unit = evaluated.document.unit("u3")
    return campaign_unit_rows.unit_name(evaluated.document, unit, evaluated.catalog)


FACTION_PAGES = {
    "editor": editor,
    "share page": share_page,
    "printed roster": printed_roster,
    "campaign army page": campaign_army_page_name,
}


@pytest.mark.parametrize("page", FACTION_PAGES)
@pytest.mark.parametrize("by_force", [True, False])
def test_every_page_finds_a_unit_in_the_faction_its_one_home_names(
    mini_module, monkeypatch, page, by_force
):
    if not by_force:  # changed in the one home: the list's faction for every unit
        monkeypatch.setattr(ListDocument, "unit_faction", lambda self, unit: self.faction)
    army_list = bridge_list(mini_module)
    # Hollowmere's Bowmen by their force; as Millford's they are an unknown datasheet "bowmen"
    assert ("Bowmen" in FACTION_PAGES[page](army_list)) is by_force
