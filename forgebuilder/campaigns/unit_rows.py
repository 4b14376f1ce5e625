"""A player's army as rows of units with their campaign state: the army page, the mission
report form's sides (as the army is now, or as it went into a reported mission, for the form
that corrects the report) and the report as recorded. Read by the selectors and by the
corrections alike, so neither imports the other."""

from __future__ import annotations

from forgebuilder.lists.api import ArmyList, evaluated_list

from . import history, steps
from .card_lines import gains
from .data_version import campaign_catalog
from .levelling import can_level_up
from .models import CampaignEvent, CampaignPlayer, Mission
from .steps import numbered, state


def army_units(player: CampaignPlayer) -> list[dict]:
    """The army's units with their campaign state, for the army page and the report form."""
    army = ArmyList.objects.select_related("module").get(pk=player.army_id)
    evaluated = evaluated_list(army_list=army)
    catalog, document, report = evaluated.catalog, evaluated.document, evaluated.report
    spec = catalog.spec.campaign
    units = []
    for unit in document.units:
        now = state(unit)
        units.append(
            {
                "id": unit.id,
                "name": unit_name(document, unit, catalog),
                "points": report.unit_points.get(unit.id, 0),
                "state": now,
                "active": now.status == "active",
                "hero": steps.unit_is_hero(document, catalog, unit),
                "can_level": spec is not None and can_level_up(unit, spec),
                "options": [c.option for c in unit.options],
                "details": _details(now, spec),
                "progress": report.unit_progress.get(unit.id),
            }
        )
    return units


def report_sides(mission: Mission, *, before_report: bool = False) -> list[dict]:
    """The report form's sides: each player of the mission with their army's units; with
    `before_report`, the units as they were before the mission's recorded report (the form
    that corrects it: a unit the report killed is back in it)."""
    players = list(mission.players.select_related("user", "campaign__module"))
    if not before_report:
        return [{"player": p, "units": army_units(p)} for p in players]
    return [{"player": p, "units": _units_before_report(p, mission)} for p in players]


def _units_before_report(player: CampaignPlayer, mission: Mission) -> list[dict]:
    catalog = campaign_catalog(player.campaign)
    spec = catalog.spec.campaign
    assert spec is not None  # a mission was played: the module has campaign tables
    events = CampaignEvent.objects.filter(player=player, voided_by__isnull=True)
    report = events.filter(kind="mission-report", mission=mission.number).first()
    if report is not None:  # the army as it went into the mission: what came after is not in it
        events = events.filter(pk__lt=report.pk)
    document = history.replay(player, spec=spec, catalog=catalog, events=events).army.document
    return [
        {
            "id": unit.id,
            "name": unit_name(document, unit, catalog),
            "active": state(unit).status == "active",
            "hero": steps.unit_is_hero(document, catalog, unit),
        }
        for unit in document.units
    ]


def recorded_report(mission: Mission) -> list:
    """The mission's report as recorded: its players' mission-report events, not voided."""
    return list(
        CampaignEvent.objects.filter(
            campaign=mission.campaign_id, kind="mission-report", mission=mission.number,
            voided_by__isnull=True,
        ).order_by("pk")
    )  # fmt: skip


def unit_name(document, unit, catalog) -> str:
    """A unit as the army pages name it: numbered apart from a unit of the same name, or, when
    its faction (the list's one home for it) has no such datasheet, the datasheet as the list
    writes it, so a unit the module no longer knows is not shown as if it were found."""
    if (
        not unit.name.strip()
        and catalog.datasheet(document.unit_faction(unit), unit.datasheet) is None
    ):
        return unit.datasheet
    return numbered(document, unit, catalog)


def _details(now, spec) -> list[tuple[str, str, str]]:
    """(kind, name, effect) of each trait, skill set, injury and talent, in players' words."""
    if spec is None:
        return []
    return [(gain.kind, gain.name, gain.effect) for gain in gains(now, spec)]
