"""An admin's edits are a draft until published: players see the newest published version, the
publish page names each change and what it does to the stored lists, publishing is refused when
the draft changed since it was reviewed, and discarding puts the rows back. The lists' impact is
proved over every starter module and every Battle Forge module."""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from factions import models as m
from factions.catalog import Catalog, catalog_by_slug, catalog_for
from factions.drafts import DraftRefused, draft_discard, draft_publish, draft_review
from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from forgebuilder.lists import edits
from forgebuilder.lists.data_impact import ListsImpact
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create
from tests.factions.test_admin import _edit, _row
from tests.factions.test_module_versions import BATTLE_FORGE, STARTERS, datasheets, spec_of

pytestmark = pytest.mark.django_db


def _captain(module: m.GameModule) -> int:
    return catalog_for(module).datasheet("millford", "captain").points


def _draft(client, module: m.GameModule, points: int = 35) -> m.GameModule:
    _edit(client, _row(module, m.Datasheet, key="captain"), {"points": points})
    module.refresh_from_db()
    return module


def _list_of(module: m.GameModule, datasheet: str, faction: str, name: str):
    catalog = catalog_for(module)
    document = edits.new_document(
        catalog, faction=faction, name=name, points_limit=999, casual=True
    )
    document, _ = edits.add_unit(document, catalog, datasheet=datasheet, force=None)
    return army_list_create(owner=Owner(None, "t"), catalog=catalog, document=document)


def test_an_edit_is_a_draft_players_do_not_see(admin_client, mini_module):
    response = admin_client.get(
        reverse(
            "admin:factions_datasheet_change",
            args=[_row(mini_module, m.Datasheet, key="captain").pk],
        )
    )
    assert response.status_code == 200
    _draft(admin_client, mini_module)

    assert mini_module.has_draft
    assert _captain(mini_module) == 30
    # what players saw before the first edit is kept as the module's first version
    [first] = mini_module.versions.all()
    assert first.spec["factions"]["millford"]["datasheets"]["captain"]["points"] == 30


def test_the_admin_is_told_the_edit_waits_to_be_published(admin_client, mini_module):
    response = _edit(admin_client, _row(mini_module, m.Datasheet, key="captain"), {"points": 35})
    page = admin_client.get(response.url)

    text = page.content.decode()
    assert "players see it once it is published" in text
    assert reverse("admin:factions_gamemodule_publish", args=[mini_module.pk]) in text


def test_the_publish_page_names_each_change_and_the_lists_it_touches(admin_client, mini_module):
    _list_of(mini_module, "captain", "millford", "Captain's own")
    _list_of(mini_module, "spearmen", "millford", "Spearmen only")
    _draft(admin_client, mini_module)

    page = admin_client.get(reverse("admin:factions_gamemodule_publish", args=[mini_module.pk]))

    text = page.content.decode()
    assert "Captain: points 30 → 35" in text or "Captain: 30 → 35" in text, text
    assert "1 of 2 touched" in text
    assert "1 list changes price (Captain&#x27;s own:" in text


def test_publishing_makes_a_version_players_see(admin_client, mini_module):
    _draft(admin_client, mini_module)
    url = reverse("admin:factions_gamemodule_publish", args=[mini_module.pk])

    response = admin_client.post(
        url, {"revision": mini_module.revision, "label": "1.1", "note": "Captain up"}
    )

    assert response.status_code == 302
    mini_module.refresh_from_db()
    newest = mini_module.versions.first()
    assert (newest.label, newest.note, newest.source) == ("1.1", "Captain up", "admin")
    assert not mini_module.has_draft and mini_module.version == "1.1"
    assert _captain(mini_module) == 35
    assert catalog_for(mini_module).spec.version == "1.1"


def test_a_draft_changed_since_it_was_reviewed_is_not_published(admin_client, mini_module):
    _draft(admin_client, mini_module)
    seen = mini_module.revision
    _draft(admin_client, mini_module, points=40)  # another admin's edit meanwhile
    versions = mini_module.versions.count()

    page = admin_client.post(
        reverse("admin:factions_gamemodule_publish", args=[mini_module.pk]),
        {"revision": seen, "label": "1.1"},
    )

    assert page.status_code == 200
    assert "The draft changed while you were looking at it" in page.content.decode()
    assert mini_module.versions.count() == versions
    assert _captain(mini_module) == 30


@pytest.mark.parametrize(
    ("label", "revision", "message"),
    [
        ("", None, "A version needs a label of 1 to 40 characters."),
        ("x" * 41, None, "A version needs a label of 1 to 40 characters."),
        ("1.1", "abc", "The draft changed while you were looking at it"),
    ],
)
def test_bad_publish_input_is_refused_plainly(admin_client, mini_module, label, revision, message):
    _draft(admin_client, mini_module)
    page = admin_client.post(
        reverse("admin:factions_gamemodule_publish", args=[mini_module.pk]),
        {"revision": mini_module.revision if revision is None else revision, "label": label},
    )
    assert page.status_code == 200
    assert message in page.content.decode()
    mini_module.refresh_from_db()
    assert mini_module.has_draft


def test_nothing_to_publish_is_said(admin_client, mini_module):
    page = admin_client.get(reverse("admin:factions_gamemodule_publish", args=[mini_module.pk]))
    assert "has no unpublished edits" in page.content.decode()
    with pytest.raises(DraftRefused, match="nothing to publish"):
        draft_publish(module_id=mini_module.pk, seen=mini_module.revision, label="9")


def test_discarding_puts_the_rows_back(admin_client, mini_module):
    _draft(admin_client, mini_module)
    versions = mini_module.versions.count()

    admin_client.post(
        reverse("admin:factions_gamemodule_publish", args=[mini_module.pk]),
        {"revision": mini_module.revision, "discard": "1"},
    )

    mini_module.refresh_from_db()
    assert not mini_module.has_draft
    assert _row(mini_module, m.Datasheet, key="captain").points == 30
    assert mini_module.versions.count() == versions
    with pytest.raises(DraftRefused):
        draft_discard(module_id=mini_module.pk, seen=mini_module.revision)


def test_a_load_replaces_a_draft_and_is_published(admin_client, mini_module):
    _draft(admin_client, mini_module)
    spec = catalog_for(mini_module).spec.model_dump(mode="json")
    spec["version"] = "3.0"

    game_module_load(spec=ModuleSpec.model_validate(spec))

    mini_module.refresh_from_db()
    assert not mini_module.has_draft
    assert _captain(mini_module) == 30
    assert mini_module.versions.first().label == "3.0"


def test_a_load_of_the_newest_version_again_publishes_nothing(mini_module):
    spec = catalog_for(mini_module).spec
    game_module_load(spec=spec)
    count = mini_module.versions.count()
    game_module_load(spec=spec)
    assert mini_module.versions.count() == count


def _impact_case(name: str):
    """The module with two lists, one on its first datasheet; that datasheet 7 points dearer in
    a new (unpublished) spec."""
    spec = spec_of(name)
    game_module_load(spec=ModuleSpec.model_validate(spec))
    module = m.GameModule.objects.get(slug=spec["slug"])
    (faction, key), *others = datasheets(spec)
    other = next((d for f, d in others if f == faction), None)
    _list_of(module, key, faction, "Uses it")
    if other is not None:
        _list_of(module, other, faction, "Does not")
    new = copy.deepcopy(spec)
    new["factions"][faction]["datasheets"][key]["points"] += 7
    return module, Catalog(module.pk, -99, ModuleSpec.model_validate(new)), other


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_the_lists_a_new_version_reprices_are_counted_on_every_module(name):
    module, new, other = _impact_case(name)

    impact = ListsImpact().impact(module_id=module.pk, current=catalog_for(module), new=new)

    assert impact.stored == (2 if other else 1)
    assert impact.touched == 1
    assert impact.lines[0].startswith("1 list changes price (Uses it: ")
    assert "Does not" not in " ".join(impact.lines)


def test_the_review_reads_the_draft_against_what_players_see(admin_client, mini_module):
    _draft(admin_client, mini_module)
    review = draft_review(mini_module)
    assert review.current_label == catalog_by_slug("mini-vale").spec.version
    assert [c.words for c in review.changes]
    assert {i.what for i in review.impacts} >= {"Army lists"}
