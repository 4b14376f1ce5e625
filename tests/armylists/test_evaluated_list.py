"""One read model: every page, export and printout reads a list through `evaluated_list`, and a
request resolves and evaluates its list once (a PDF: once for its cache key and its drawing)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from factions.drafts import draft_publish
from factions.models import Datasheet
from factions.services import game_module_touch
from forgebuilder.engine.rules.registry import CheckRegistry
from forgebuilder.lists import edits, printables
from forgebuilder.lists.models import ShareLink
from forgebuilder.lists.selectors import evaluated_list, evaluated_shared_list
from forgebuilder.lists.services import army_list_edit
from forgebuilder.lists.sharing import share_link_create

HTMX = {"HX-Request": "true"}


@pytest.fixture
def evaluations(monkeypatch) -> list[str]:
    """Counts the engine's evaluations (each asks the registry for its ruleset's checks once)."""
    calls: list[str] = []
    real = CheckRegistry.for_ruleset

    def counting(self, ruleset_key: str):
        calls.append(ruleset_key)
        return real(self, ruleset_key)

    monkeypatch.setattr(CheckRegistry, "for_ruleset", counting)
    return calls


def test_the_editor_page_evaluates_its_list_once(owner_client, army_list, evaluations):
    response = owner_client.get(reverse("armylists:editor", args=[army_list.public_id]))
    assert response.status_code == 200
    assert len(evaluations) == 1


def test_an_edit_and_the_redrawn_editor_parts_evaluate_once(owner_client, army_list, evaluations):
    """The list before the edit (what the page showed, to answer with what moved) is the one
    this process evaluated for the page, then for the last edit: each edit evaluates once."""
    owner_client.get(reverse("armylists:editor", args=[army_list.public_id]))
    evaluations.clear()
    url = reverse("armylists:unit_rename", args=[army_list.public_id, "u1"])
    for version, name in enumerate(("Bold", "Bolder"), start=army_list.version):
        response = owner_client.post(url, {"name": name, "version": version}, headers=HTMX)
        assert response.status_code == 200
    assert len(evaluations) == 2


def test_an_edit_of_a_page_another_process_drew_evaluates_the_list_before_it_too(
    owner_client, army_list, evaluations
):
    url = reverse("armylists:unit_rename", args=[army_list.public_id, "u1"])
    response = owner_client.post(url, {"name": "Bold", "version": army_list.version}, headers=HTMX)
    assert response.status_code == 200
    assert len(evaluations) == 2


@pytest.mark.parametrize("kind", ["live", "snapshot"])
def test_a_share_page_evaluates_its_list_once(army_list, evaluations, kind):
    link = share_link_create(army_list=army_list, kind=kind)
    assert Client().get(reverse("armylists:shared", args=[link.token])).status_code == 200
    assert len(evaluations) == 1


def test_a_pdf_evaluates_its_list_once_for_its_cache_key_and_its_drawing(
    owner_client, army_list, evaluations
):
    # the request keys the printout; the worker (here in the same process) reads the list to
    # draw it: one evaluation serves both
    owner_client.get(reverse("armylists:roster_pdf", args=[army_list.public_id]))
    source = printables.export_source_for(list_id=army_list.pk)
    assert len(evaluations) == 1
    assert source.roster.points == 55


def test_the_text_export_evaluates_once(owner_client, army_list, evaluations):
    response = owner_client.get(reverse("armylists:text_export", args=[army_list.public_id]))
    assert response.status_code == 200 and "River Guard" in response.content.decode()
    assert len(evaluations) == 1


def test_a_read_after_an_edit_sees_the_new_list(army_list):
    before = evaluated_list(army_list=army_list)
    result = army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=lambda doc, cat: edits.add_unit(doc, cat, datasheet="captain", force="f1")[0],
        label="add",
    )
    after = evaluated_list(army_list=result.army_list)
    assert (before.roster.points, after.roster.points) == (55, 85)


def test_a_read_after_a_published_data_update_sees_the_new_prices(army_list, mini_module):
    assert evaluated_list(army_list=army_list).roster.points == 55
    captain = Datasheet.objects.get(module=mini_module, key="captain")
    Datasheet.objects.filter(pk=captain.pk).update(points=captain.points + 10)
    game_module_touch(module_id=mini_module.pk)
    army_list.module.refresh_from_db()
    assert evaluated_list(army_list=army_list).roster.points == 55  # a draft: not seen yet
    module = army_list.module
    draft_publish(module_id=module.pk, seen=module.revision, label=module.version)
    army_list.module.refresh_from_db()
    assert evaluated_list(army_list=army_list).roster.points == 65


def test_a_snapshot_reads_the_list_as_it_was_and_carries_its_link(army_list):
    link = share_link_create(army_list=army_list, kind=ShareLink.SNAPSHOT)
    army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=lambda doc, cat: edits.add_unit(doc, cat, datasheet="captain", force="f1")[0],
        label="add",
    )
    shared = evaluated_shared_list(token=link.token)
    assert shared.share_link == link and shared.roster.points == 55
    assert evaluated_list(army_list=shared.army_list).roster.points == 85
