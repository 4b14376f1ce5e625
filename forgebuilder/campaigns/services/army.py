"""Between missions, one army's steps: level-ups, buying and selling upgrades, recruits and
disbanding; each paid from (or into) the bank and recorded in the history."""

from __future__ import annotations

from django.db import transaction

from factions.cards import choice_label
from factions.catalog import Catalog
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import ArmyList, evaluated_document, evaluated_list

from .. import history, steps
from ..data_version import army_catalog
from ..dice import Die
from ..models import CampaignPlayer
from .base import (
    army_step,
    campaign_spec,
    lock_army,
    lock_player,
    record_step_event,
    require_between_missions,
    require_seated,
)


@transaction.atomic
def army_level_up(
    *, player: CampaignPlayer, unit_id: str, die: Die, pick: str | None = None
) -> list[str]:
    player = lock_player(player)
    require_seated(player)
    data = {"unit": unit_id, "pick": pick}
    new = army_step(player, "level-up", data, label="Level up", die=die)
    record_step_event(player, "level-up", new, data, die)
    return new.lines


@transaction.atomic
def army_buy_upgrade(
    *, player: CampaignPlayer, unit_id: str, option: str, choice: str
) -> list[str]:
    """Take one more of an upgrade, paid from the bank; returns what the history records
    ("Lightbearer Squad 2: bought Searing Brand for 10 pts.").

    Between missions only; the rules check the army afterwards (a choice the unit may not take
    again, an option limit...) and refuse an upgrade that breaks them.
    """
    player = lock_player(player)
    require_seated(player)
    require_between_missions(player, "upgrades")
    army = lock_army(player)
    catalog = army_catalog(army)
    document = ListDocument.model_validate(army.document)
    unit = steps.active_unit(document, unit_id, catalog)
    name = _choice_name(catalog, document, unit, option, choice)
    data = {"unit": unit_id, "option": option, "choice": choice, "name": name}
    new = army_step(player, "upgrade", data, label="Upgrade")
    record_step_event(player, "upgrade", new, data)
    return new.lines


def _choice_name(catalog: Catalog, army: ListDocument, unit, option: str, choice: str) -> str:
    sheet = catalog.datasheet(army.unit_faction(unit), unit.datasheet)
    found = sheet.option(option) if sheet else None
    if found is None:
        return choice
    spec = found[1]
    picked = next((c for c in spec.choices if c.id == choice), None)
    return choice_label(catalog, army.unit_faction(unit), spec, picked) if picked else choice


@transaction.atomic
def army_disband_unit(*, player: CampaignPlayer, unit_id: str) -> list[str]:
    """A unit leaves the army for good (kept on the list, marked disbanded); no refund.
    Returns what the history records ("Lightbearer Squad 2 was disbanded.")."""
    player = lock_player(player)
    require_seated(player)
    require_between_missions(player, "disbanding units")
    data = {"unit": unit_id}
    new = army_step(player, "disband", data, label="Disbanded a unit")
    record_step_event(player, "disband", new, data)
    return new.lines


@transaction.atomic
def army_sell_upgrade(*, player: CampaignPlayer, unit_id: str, option: str) -> list[str]:
    """Sell an upgrade for half its cost, rounded down to 5, into the bank; returns what the
    history records ("Corsair Captain: sold Boarding Torpedo (worth 15 pts) for 5 pts.")."""
    player = lock_player(player)
    require_seated(player)
    require_between_missions(player, "sales")
    data = {"unit": unit_id, "option": option}
    new = army_step(player, "sell", data, label="Sold an upgrade")
    record_step_event(player, "sell", new, data)
    return new.lines


def _recruit_data(player: CampaignPlayer, datasheet: str, veteran: bool, force: str | None):
    return {
        "datasheet": datasheet,
        "veteran": veteran,
        "force": force,
        "missions_played": player.campaign.missions_played,
    }


@transaction.atomic
def army_recruit(
    *, player: CampaignPlayer, datasheet: str, veteran: bool = False, force: str | None = None
) -> list[str]:
    """A new unit paid from the bank (a veteran costs more and starts with XP); returns what
    the history records ("Recruited Lightbearer Squad 2 for 100 pts.")."""
    player = lock_player(player)
    require_seated(player)
    require_between_missions(player, "recruits")
    data = _recruit_data(player, datasheet, veteran, force)
    new = army_step(player, "recruit", data, label="Recruit")
    record_step_event(player, "recruit", new, data)
    return new.lines


def army_recruit_problems(
    *, player: CampaignPlayer, datasheet: str, veteran: bool = False, force: str | None = None
) -> list[str]:
    """What recruiting `datasheet` would break: the rules' errors the army would have after it
    that it has not now, as the editor judges the army (each with what to do); [] when none, or
    when the recruit is refused anyway (`army_recruit` then says why). Changes nothing."""
    army_list = ArmyList.objects.select_related("module").get(pk=player.army_id)
    before = evaluated_list(army_list=army_list)
    now = history.Army(before.document, player.bank, player.victory_points, player.missions)
    data = _recruit_data(player, datasheet, veteran, force)
    spec = campaign_spec(player.campaign)
    try:
        after = history.apply(now, "recruit", data, spec=spec, catalog=before.catalog, die=None)
    except ValueError:  # refused (StepError, EditError): the recruit itself says why
        return []
    _, report = evaluated_document(document=after.document, catalog=before.catalog)
    had = {violation.message for violation in before.report.errors}
    return [f"{v.message} {v.hint}".strip() for v in report.errors if v.message not in had]
