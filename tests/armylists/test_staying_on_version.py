"""What stays on its version of the game data, over every starter module and every Battle Forge
module: a list, a frozen snapshot, an event submission and (where the ruleset has campaigns) a
campaign army, then an edited copy of the module republished (a unit 7 points dearer, an option
it took removed, another unit removed). The list using them has the banner and its own diff,
one not using them has none; the snapshot, the submission's verdict and the campaign army read
as before; "Update" migrates the list as the diff says and is undone; "Keep" pins it."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from factions.catalog import catalog_for
from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from factions.models import GameModule
from forgebuilder.campaigns import services as campaigns
from forgebuilder.campaigns.data_version import campaign_move_offer
from forgebuilder.engine.api import ListChoice
from forgebuilder.events import services as events
from forgebuilder.events.data_version import checked_against, version_at
from forgebuilder.events.models import Event
from forgebuilder.events.presenters import list_view
from forgebuilder.lists import edits
from forgebuilder.lists.data_updates import data_update, kept_document, updated_document
from forgebuilder.lists.models import ArmyList, ShareLink
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.lists.services import army_list_create, army_list_edit, army_list_undo
from forgebuilder.lists.sharing import share_link_create
from tests.armylists.test_data_updates import _priced_option
from tests.campaigns.conftest import ANA_UNITS, make_army
from tests.factions.test_module_versions import BATTLE_FORGE, STARTERS, spec_of

pytestmark = pytest.mark.django_db


@dataclass
class Before:
    """What was made on the first version, and how each read then."""

    module: GameModule
    changed: ArmyList  # takes the repriced unit, its removed option and the removed unit
    untouched: ArmyList  # takes neither
    points: int
    unit_points: dict
    snapshot: ShareLink
    live: ShareLink
    event: Event
    submission_view: dict
    removed: str  # the removed unit's name


def _units(spec: dict, faction: str, taken: str) -> tuple[str, str]:
    """Two other datasheets of `faction`: one to remove, one left alone."""
    others = [k for k in spec["factions"][faction]["datasheets"] if k != taken]
    if len(others) < 2:
        pytest.skip(f"the faction {faction} has fewer than three datasheets")
    return others[0], others[-1]


def _list(module, owner, faction, units, name) -> ArmyList:
    catalog = catalog_for(module)
    document = edits.new_document(catalog, faction=faction, name=name, points_limit=999,
                                  casual=True)  # fmt: skip
    for key, options in units:
        document, unit_id = edits.add_unit(document, catalog, datasheet=key, force=None)
        unit = document.unit(unit_id).model_copy(update={"options": options})
        document = document.model_copy(
            update={"units": tuple(unit if u.id == unit_id else u for u in document.units)}
        )
    return army_list_create(owner=owner, catalog=catalog, document=document)


def made_on_first_version(name: str, users) -> tuple[Before, dict]:
    spec = spec_of(name)
    found = _priced_option(spec)
    if found is None:
        pytest.skip(f"{name} has no unit option with ids")
    faction, key, option, choice = found
    removed, kept = _units(spec, faction, key)
    spec["version"] = "7.1"
    game_module_load(spec=ModuleSpec.model_validate(spec))
    module = GameModule.objects.get(slug=spec["slug"])
    owner = Owner(users[0].pk, "")
    taken = (ListChoice(option=option, choice=choice),)
    changed = _list(module, owner, faction, [(key, taken), (removed, ())], "Changed")
    untouched = _list(module, owner, faction, [(kept, ())], "Untouched")
    read = evaluated_list(army_list=changed)
    event = Event.objects.create(
        organiser=users[0], name="Open", starts_on=timezone.now().date(), module=module,
        points_limit=999, casual=True, list_deadline=timezone.now() + timedelta(days=1),
        data_version=version_at(module),
    )  # fmt: skip
    entrant = events.entrant_register(event=event, player=users[1])
    submission = events.submission_submit(entrant=entrant, document=read.document, source="t")
    before = Before(
        module, changed, untouched, read.roster.points, dict(read.report.unit_points),
        share_link_create(army_list=changed, kind=ShareLink.SNAPSHOT),
        share_link_create(army_list=changed, kind=ShareLink.LIVE),
        event, list_view(event, submission), spec["factions"][faction]["datasheets"][removed]["name"],
    )  # fmt: skip
    return before, _edited(spec, faction, key, option, removed)


def _edited(spec: dict, faction: str, key: str, option: str, removed: str) -> dict:
    """`spec` republished as "7.2": `key` 7 points dearer without `option`, `removed` gone."""
    new = copy.deepcopy(spec)
    sheets = new["factions"][faction]["datasheets"]
    sheet = sheets[key]
    sheet["points"] += 7
    for holder in [sheet, *(m for m in sheet.get("models") or () if isinstance(m, dict))]:
        if holder.get("options"):
            holder["options"] = [o for o in holder["options"] if o.get("id") != option]
    del sheets[removed]
    new["version"] = "7.2"
    return new


def republished(new: dict, module: GameModule) -> None:
    game_module_load(spec=ModuleSpec.model_validate(new), note="Points update")
    module.refresh_from_db()


@pytest.fixture
def users(db):
    model = get_user_model()
    return [model.objects.create_user(n, password="pw-123456789") for n in ("ana", "ben")]


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_a_republished_module_changes_only_what_uses_it_and_nothing_frozen(name, users):
    before, new = made_on_first_version(name, users)
    pack = checked_against(before.event)

    republished(new, before.module)

    changed = evaluated_list(army_list=ArmyList.objects.get(pk=before.changed.pk))
    update = data_update(changed)
    assert update is not None and (update.built_on, update.current) == ("7.1", "7.2")
    assert any(p.before != p.after for p in update.prices)
    assert f"{before.removed} removed." in update.changes
    assert len(update.dropped) == 1
    # a list not using them: one quiet line, nothing in its diff
    assert data_update(evaluated_list(army_list=before.untouched)).quiet
    assert not update.quiet
    # frozen: the snapshot, the event's verdict and what it names
    snapshot = evaluated_list(army_list=before.changed, share_link=before.snapshot)
    assert snapshot.roster.points == before.points
    assert snapshot.report.unit_points == before.unit_points
    event = Event.objects.get(pk=before.event.pk)
    submission = event.entrants.get().submission
    assert list_view(event, submission) == {**before.submission_view, "submission": submission}
    assert checked_against(event) == pack == f"{before.module.name} 7.1 (#1)"
    # live: the list as its owner has it
    live = evaluated_list(army_list=before.changed, share_link=before.live)
    assert live.roster.points == changed.roster.points != before.points


@pytest.mark.parametrize("name", STARTERS + BATTLE_FORGE)
def test_update_migrates_as_the_diff_says_undo_restores_and_keep_pins(name, users):
    before, new = made_on_first_version(name, users)
    republished(new, before.module)
    army_list = ArmyList.objects.get(pk=before.changed.pk)
    shown = data_update(evaluated_list(army_list=army_list))

    def update(document, catalog):
        return updated_document(document, catalog_for(before.module))[0]

    army_list_edit(army_list=army_list, expected_version=None, change=update, label="Update")
    updated = evaluated_list(army_list=ArmyList.objects.get(pk=army_list.pk))

    assert updated.roster.points == shown.total_after
    assert sum(len(u.options) for u in updated.document.units) == 0  # the dropped option
    assert len(updated.document.units) == 2  # the removed unit stays, for the player to replace
    assert data_update(updated) is None
    assert army_list_undo(army_list=army_list, expected_version=None) == "Update"

    army_list_edit(army_list=army_list, expected_version=None, change=kept_document, label="Keep")
    kept = evaluated_list(army_list=ArmyList.objects.get(pk=army_list.pk))

    assert kept.document.pinned and kept.catalog.spec.version == "7.1"
    assert (kept.roster.points, kept.report.unit_points) == (before.points, before.unit_points)
    assert data_update(kept).pinned


# the founding army each module with campaign tables is tried with (tests/campaigns/conftest.py)
ARMIES = {"ashen-stars": ("cinder_compact", ANA_UNITS)}


@pytest.mark.parametrize("name", [n for n in STARTERS if spec_of(n).get("campaign")])
def test_a_campaign_army_stays_on_its_version_until_the_organiser_moves_it(name, users):
    if name not in ARMIES:
        pytest.skip(f"no founding army of {name} is written in ARMIES yet")
    faction, units = ARMIES[name]
    spec = spec_of(name)
    spec["version"] = "7.1"
    game_module_load(spec=ModuleSpec.model_validate(spec))
    module = GameModule.objects.get(slug=spec["slug"])
    ana = users[0]
    campaign = campaigns.campaign_create(organiser=ana, module=module, name="Ashfall")
    army = make_army(module, ana, faction, *units)
    player = campaigns.campaign_join(campaign=campaign, user=ana, army_list=army)
    read = evaluated_list(army_list=ArmyList.objects.get(pk=army.pk))
    key = read.document.units[0].datasheet
    new = copy.deepcopy(spec)
    new["factions"][faction]["datasheets"][key]["points"] += 7
    new["version"] = "7.2"

    republished(new, module)

    army.refresh_from_db()
    stays = evaluated_list(army_list=army)
    assert stays.roster.points == read.roster.points
    offer = campaign_move_offer(campaign)
    [(offered, diff)] = offer.armies
    assert offered == player and diff.total_after == read.roster.points + 7

    campaigns.campaign_move_data(campaign=campaign, by=ana)

    army.refresh_from_db()
    moved = evaluated_list(army_list=army)
    assert moved.roster.points == read.roster.points + 7
    assert moved.document.module_version == "7.2"
    assert campaign_move_offer(type(campaign).objects.get(pk=campaign.pk)) is None


def test_the_organiser_sees_each_armys_diff_and_moves_the_campaign_over_http(client, users):
    spec = spec_of("ashen-stars")
    spec["version"] = "7.1"
    game_module_load(spec=ModuleSpec.model_validate(spec))
    module = GameModule.objects.get(slug="ashen-stars")
    ana, ben = users
    campaign = campaigns.campaign_create(organiser=ana, module=module, name="Ashfall")
    army = make_army(module, ana, "cinder_compact", *ANA_UNITS)
    campaigns.campaign_join(campaign=campaign, user=ana, army_list=army)
    new = copy.deepcopy(spec)
    new["factions"]["cinder_compact"]["datasheets"][ANA_UNITS[0]]["points"] += 7
    new["version"] = "7.2"
    republished(new, module)
    page = reverse("campaigns:detail", args=[campaign.pk])
    move = reverse("campaigns:move_data", args=[campaign.pk])
    editor = reverse("armylists:editor", args=[army.public_id])

    client.force_login(ben)
    assert client.post(move).status_code == 404  # not a member: nothing to see
    client.force_login(ana)
    offered = client.get(page).content.decode()
    army_editor = client.get(editor).content.decode()
    moved = client.post(move, follow=True).content.decode()

    assert "Ashen Stars 7.2 is out" in offered and "Move to 7.2" in offered
    assert f"{army.name}" in offered and "→" in offered
    # the army's own editor offers no update of its own: its organiser moves it
    assert "Built on Ashen Stars 7.1; 7.2 is out." in army_editor
    assert "Keep 7.1 for now" not in army_editor and "Update to 7.2" not in army_editor
    assert "Every army of Ashfall is on Ashen Stars 7.2 now." in moved
    assert "Move to 7.2" not in moved
    army.refresh_from_db()
    assert army.document["module_version"] == "7.2"


@pytest.mark.parametrize("name", STARTERS[:1] + BATTLE_FORGE[:1])
def test_a_game_started_before_a_data_update_plays_its_list_as_it_was(name, users):
    from forgebuilder.play.services import played_list, start_game

    before, new = made_on_first_version(name, users)
    game = start_game(player=users[0], evaluated=evaluated_list(army_list=before.changed))

    republished(new, before.module)

    roster, report = played_list(type(game).objects.get(pk=game.pk))
    assert (roster.points, report.unit_points) == (before.points, before.unit_points)
