"""Units grouped by force have one home, `presenters.forces.force_groups`: the editor's roster,
the share page, the table view, the printed roster and the text export draw its groups, in its
order and under its titles. Changed there, every page follows."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.engine.presenters import forces
from forgebuilder.lists import exports
from forgebuilder.lists.importers.text import text_list_document
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.sharing import share_link_create
from tests.armylists.test_one_home_slots_and_factions import BRIDGE_UNITS, bridge_list
from tests.armylists.test_report_facts import owner_client

pytestmark = pytest.mark.django_db

# the Millford patrol's Captain and Spearmen, named so no datasheet name is mistaken for them
NAMED = [
    {"id": "u1", "datasheet": "captain", "force": "f1", "name": "Aldo Fenwright"},
    {"id": "u2", "datasheet": "spearmen", "force": "f1", "name": "Brook Pikes"},
]
# a unit outside any force organization
LOOSE = {"id": "u9", "datasheet": "captain", "name": "Wandering Cato"}


def named_list(mini_module, *more):
    """The bridge list with its patrol's units named."""
    return bridge_list(mini_module, *more, units=(*NAMED, BRIDGE_UNITS[2]))


def editor(army_list) -> str:
    html = owner_client().get(reverse("armylists:editor", args=[army_list.public_id]))
    # the roster only: the catalogue and the side panels follow it
    return html.content.decode().split('id="roster"', 1)[1]


def share_page(army_list) -> str:
    link = share_link_create(army_list=army_list, kind="live")
    return Client().get(reverse("armylists:shared", args=[link.token])).content.decode()


def table_view(army_list) -> str:
    url = reverse("armylists:table", args=[army_list.public_id])
    return owner_client().get(url).content.decode()


def printed_roster(army_list) -> str:
    source = exports.source_from_evaluated(evaluated_list(army_list=army_list))
    return exports.roster_html(source, paper=exports.PAPERS["a4"])


def text_export(army_list) -> str:
    return exports.list_text(exports.source_from_evaluated(evaluated_list(army_list=army_list)))


PAGES = {
    "editor": editor,
    "share page": share_page,
    "table view": table_view,
    "printed roster": printed_roster,
    "text export": text_export,
}


def shown_order(html: str, *names: str) -> list[str]:
    return sorted(names, key=lambda name: html.index(name))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("reversed_order", [False, True])
def test_every_page_orders_a_forces_units_as_the_one_grouping_does(
    mini_module, monkeypatch, page, reversed_order
):
    if reversed_order:  # changed in the one home: a force's units last to first
        in_list_order = forces.force_units
        monkeypatch.setattr(
            forces, "force_units", lambda roster, force_id: in_list_order(roster, force_id)[::-1]
        )
    army_list = named_list(mini_module)
    expected = (
        ["Brook Pikes", "Aldo Fenwright"] if reversed_order else ["Aldo Fenwright", "Brook Pikes"]
    )
    assert shown_order(PAGES[page](army_list), "Aldo Fenwright", "Brook Pikes") == expected


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("title", [forces.OUTSIDE_FORCES, "Stragglers"])
def test_every_page_heads_the_units_outside_the_forces_as_the_one_grouping_does(
    mini_module, monkeypatch, page, title
):
    monkeypatch.setattr(forces, "OUTSIDE_FORCES", title)  # changed in the one home
    html = PAGES[page](named_list(mini_module, LOOSE))
    heading = re.escape(title)
    # the heading comes after the forces' units and before the unit outside them
    assert re.search(f"Brook Pikes.*{heading}.*Wandering Cato", html, re.S)


def test_a_text_export_with_units_outside_the_forces_reads_back_as_it_was(mini_module):
    outcome = text_list_document(text_export(named_list(mini_module, LOOSE)))
    assert [u.force for u in outcome.document.units if u.name == "Wandering Cato"] == [None]
