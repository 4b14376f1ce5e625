"""The extension point: a wing registers once, adds to units and cards, and may refuse a write.

The guard tests register a small wing of their own that refuses what the editor asks; the
campaign wing's own guard rules are tested with the campaigns.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns.checks import CampaignState
from forgebuilder.campaigns.extension import CampaignExtension
from forgebuilder.engine.extensions import (
    ExtensionRegistry,
    ListExtension,
    ListWrite,
    ListWriteRefused,
    extensions,
)
from forgebuilder.engine.listdoc import ListUnit
from forgebuilder.lists import edits
from forgebuilder.lists.services import army_list_edit

from .helpers import HTMX, document_of, shows, stored

REFUSAL = "This army plays in a campaign: change it from the campaign page."


class Frozen(ListExtension):
    """Refuses every write the editor asks for; lets its own writes through."""

    key = "frozen"

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, int]] = []

    def guard_write(self, write: ListWrite) -> None:
        stored_version = type(write.army_list).objects.get(pk=write.army_list.pk).version
        self.seen.append((write.action, write.origin, stored_version))
        if write.origin == "editor":
            raise ListWriteRefused(REFUSAL)


class Priced(ListExtension):
    key = "priced"

    def unit_price(self, unit, catalog) -> int:
        return 7 if unit.datasheet == "captain" else 0

    def card_lines(self, unit, catalog, progress):
        return [("Badge", f"{unit.id} wears a badge")]


def test_a_registry_refuses_a_second_extension_under_one_key_and_one_without_a_key():
    registry = ExtensionRegistry()
    registry.register(Frozen())
    with pytest.raises(ValueError, match="'frozen' is already registered"):
        registry.register(Frozen())
    with pytest.raises(ValueError, match="needs a key"):
        registry.register(ListExtension())


def test_with_no_wing_every_unit_is_in_play_and_costs_nothing_more(mini_catalog):
    registry = ExtensionRegistry()
    unit = ListUnit(id="u1", datasheet="captain")
    assert registry.unit_in_play(unit) is True
    assert registry.unit_price(unit, mini_catalog) == 0
    assert registry.checks() == () and registry.card_lines(unit, mini_catalog) == []


def test_the_campaign_wing_is_registered_when_the_app_starts():
    assert "campaigns" in extensions
    assert any(isinstance(c, CampaignState) for c in extensions.checks())
    with pytest.raises(ValueError, match="already registered"):
        extensions.register(CampaignExtension())


def test_a_wings_price_and_card_lines_reach_the_shared_roster(client, army_list):
    list_ = stored(army_list)
    with extensions.added(Priced()):
        client.post(reverse("armylists:share_create", args=[list_.public_id]), {"kind": "live"})
        link = list_.share_links.get()
        page = client.get(reverse("armylists:shared", args=[link.token]))
    # the Captain costs 7 more; every card carries the wing's line
    assert shows(page, f"{list_.points + 7} / {list_.points_limit} pts")
    assert shows(page, "u1 wears a badge") and shows(page, "u3 wears a badge")


def edit_name(client, army_list, name: str):
    url = reverse("armylists:unit_rename", args=[army_list.public_id, "u1"])
    return client.post(url, {"name": name, "version": stored(army_list).version}, headers=HTMX)


def test_a_guard_refuses_an_editor_edit_with_its_message_and_nothing_is_written(client, army_list):
    guard = Frozen()
    with extensions.added(guard):
        response = edit_name(client, army_list, "Hijacked")
    assert response.status_code == 400 and shows(response, REFUSAL)
    assert stored(army_list).version == army_list.version
    assert document_of(army_list).unit("u1").name == ""
    assert not stored(army_list).revisions.exists()
    # asked before anything was written
    assert guard.seen == [("edit", "editor", army_list.version)]


def test_a_guard_lets_its_own_wing_write_and_refuses_the_undo_of_it(client, army_list):
    guard = Frozen()
    with extensions.added(guard):
        army_list_edit(
            army_list=army_list,
            expected_version=None,
            change=lambda doc, cat: edits.rename_unit(doc, unit_id="u1", name="Veteran"),
            label="Mission 1",
            origin="frozen",
        )
        undone = client.post(
            reverse("armylists:undo", args=[army_list.public_id]),
            {"version": stored(army_list).version},
            headers=HTMX,
        )
    assert undone.status_code == 400 and shows(undone, REFUSAL)
    assert document_of(army_list).unit("u1").name == "Veteran"
    assert [s[:2] for s in guard.seen] == [("edit", "frozen"), ("undo", "editor")]


def test_a_guard_refuses_deleting_and_renaming_the_list(client, army_list):
    with extensions.added(Frozen()):
        deleted = client.post(reverse("armylists:delete", args=[army_list.public_id]), follow=True)
        renamed = client.post(
            reverse("armylists:rename", args=[army_list.public_id]), {"name": "Other"}
        )
    assert shows(deleted, REFUSAL) and stored(army_list).deleted_at is None
    assert renamed.status_code == 400 and shows(renamed, REFUSAL)
    assert stored(army_list).name == army_list.name


def test_without_a_guard_the_same_edit_goes_through(client, army_list):
    assert edit_name(client, army_list, "Bold").status_code == 200
    assert document_of(army_list).unit("u1").name == "Bold"
