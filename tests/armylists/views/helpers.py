"""Helpers of the list builder's view tests: building list documents, reading stored lists
back, and reading the HTML the views answer with."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser

from django.utils.html import escape

from factions.catalog import catalog_for
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY, Owner
from forgebuilder.lists.services import army_list_create, army_list_edit

HTMX = {"HX-Request": "true"}

# The standard list: one Patrol of Millford with two Heroes (the Patrol's maximum), a Core unit
# and the one legend a 150-point list may take. It is legal, and every edit can be made on it.
STANDARD_UNITS = (("captain", "f1"), ("spearmen", "f1"), ("river_witch", "f1"))


def build_document(
    catalog,
    *,
    name: str = "Bridge Watch",
    faction: str = "millford",
    units: Iterable[tuple[str, str | None]] = STANDARD_UNITS,
    legends: Iterable[tuple[str, str | None]] = (("old_banner", "u1"),),
    specialties: dict[str, str] | None = None,
    points_limit: int | None = None,
) -> ListDocument:
    document = edits.new_document(
        catalog, faction=faction, name=name, points_limit=points_limit, casual=False
    )
    for datasheet, force in units:
        document, _ = edits.add_unit(document, catalog, datasheet=datasheet, force=force)
    for unit_id, specialty in (specialties if specialties is not None else {"u3": "tide"}).items():
        document = edits.set_specialty(document, catalog, unit_id=unit_id, specialty=specialty)
    for legend, unit_id in legends:
        document = edits.add_legend(document, catalog, legend=legend, unit_id=unit_id)
    return document


# The starter modules forgebuilder ships (factions/game_modules/), and the Battle Forge modules
# of the shared data (tests/conftest.py's BF_FIRST_IDS): the `game_module` fixture's values.
STARTERS = ("ember-reach", "ashen-stars", "hollow-marches", "iron-squads", "shard-skirmish")
EVERY_MODULE = (*STARTERS, "space-wars", "fantasy-realms", "wbh")


def list_of(client, module, units: int):
    """A list of the module's first faction with `units` units, its datasheets in turn."""
    catalog = catalog_for(module)
    faction = next(iter(catalog.spec.factions))
    document = edits.new_document(
        catalog, faction=faction, name="Thirty", points_limit=999, casual=False
    )
    sheets = list(catalog.faction(faction).datasheets)
    for n in range(units):
        document, _ = edits.add_unit(
            document, catalog, datasheet=sheets[n % len(sheets)], force=None
        )
    return army_list_create(owner=session_owner(client), catalog=catalog, document=document)


def session_owner(client) -> Owner:
    """Make `client` a browser whose session owns lists, as a visit to the site would."""
    session = client.session
    token = session.get(SESSION_KEY) or secrets.token_urlsafe(24)
    session[SESSION_KEY] = token
    session.save()
    return Owner(None, token)


def change(army_list: ArmyList, edit, label: str = "Set up") -> ArmyList:
    """Apply a pure edit as an earlier request would have, returning the stored list."""
    result = army_list_edit(army_list=army_list, expected_version=None, change=edit, label=label)
    return result.army_list


def stored(army_list: ArmyList) -> ArmyList:
    return ArmyList.objects.get(pk=army_list.pk)


def document_of(army_list: ArmyList) -> ListDocument:
    return ListDocument.model_validate(stored(army_list).document)


@dataclass(frozen=True)
class Element:
    tag: str
    attrs: dict[str, str | None]


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.depth = 0
        self.top: list[Element] = []

    VOID = {"input", "br", "img", "meta", "link", "hr", "source", "col", "area", "wbr"}

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs))
        self.elements.append(element)
        if self.depth == 0:
            self.top.append(element)
        if tag not in self.VOID:
            self.depth += 1

    def handle_startendtag(self, tag, attrs):
        element = Element(tag, dict(attrs))
        self.elements.append(element)
        if self.depth == 0:
            self.top.append(element)

    def handle_endtag(self, tag):
        if tag not in self.VOID:
            self.depth -= 1


def elements(response_or_html) -> _Elements:
    html = (
        response_or_html if isinstance(response_or_html, str) else response_or_html.content.decode()
    )
    parser = _Elements()
    parser.feed(html)
    return parser


def top_level_ids(response) -> list[str]:
    """Ids of the outermost elements: the fragments of an htmx answer, in order."""
    return [e.attrs.get("id") or "" for e in elements(response).top]


def oob_ids(response) -> set[str]:
    """Ids of the elements htmx swaps out of band."""
    return {
        e.attrs.get("id") or "" for e in elements(response).elements if "hx-swap-oob" in e.attrs
    }


def list_version_shown(response) -> int:
    """The version the answer tells the page it now shows (`#list-version`)."""
    found = [e for e in elements(response).elements if e.attrs.get("id") == "list-version"]
    assert len(found) == 1, "the answer carries the list version once"
    return int(found[0].attrs["value"] or 0)


def shows(response, text: str) -> bool:
    """Whether the page shows `text` (as the template escapes it)."""
    return escape(text) in response.content.decode()


def violation_codes(response) -> set[str]:
    return {
        e.attrs["data-code"] or ""
        for e in elements(response).elements
        if "violation" in (e.attrs.get("class") or "").split() and "data-code" in e.attrs
    }
