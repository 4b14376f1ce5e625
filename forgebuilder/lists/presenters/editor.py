"""The list editor's page: plain values the templates render, built from a report.

Its roster is the one force grouping (`forces.force_groups`) with each unit's editor view; its
unit cards are the one card (`cards.chosen_card`); its totals the one totals view (`totals`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.functional import SimpleLazyObject

from factions.catalog import Catalog
from forgebuilder.engine.api import (
    ForceGroup,
    Report,
    Roster,
    SlotStatus,
    ally_problem,
    available_under_focus,
    extensions,
    force_groups,
    other_totals,
    points_view,
)
from forgebuilder.lists.catalogue import catalogue_view
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.pre_game import pre_game_panel
from forgebuilder.lists.presenters.units import UnitView, unit_views

# What the editor's templates read that only some renders set: the parts an edit redraws
# elsewhere on the page (`oob`, views/edit.py; `row_oob`, a row of the problems panel alone),
# the unit whose card a link opens (?edit=).
UNSET_BY_DEFAULT = {"oob": False, "row_oob": False, "open_unit": ""}


@dataclass
class ForceView:
    id: str | None
    name: str
    faction_key: str
    cost: int | None
    faction_name: str
    allied: bool
    slots: tuple[SlotStatus, ...]  # as the engine counted them
    units: list[UnitView]
    # (key, name) of the focuses its faction offers (empty: no focus to pick) and the one taken
    focus_choices: list[tuple[str, str]] = field(default_factory=list)
    focus_key: str | None = None


@dataclass
class ViolationView:
    code: str
    severity: str
    message: str
    hint: str
    units: list[tuple[str, str]]
    forces: list[tuple[str, str]] = field(default_factory=list)  # (id, label): header links


def editor_context(
    army_list: ArmyList,
    roster: Roster,
    report: Report,
    *,
    focus_units: set[str] | None = None,
    with_catalogue: bool = True,
    adding_to: str | None = None,
    query: str = "",
) -> dict:
    """Everything the editor template shows.

    An edit of one unit answers with that unit only: `focus_units` builds the full view of
    those units and a light one (name, problems) of the others; `with_catalogue=False` skips
    the datasheets to add.
    """
    catalog = roster.catalog
    document = roster.document
    units = unit_views(army_list, roster, report, focus_units)
    forces = _forces(catalog, roster, report, units)
    for force in forces:
        for i, unit in enumerate(force.units):
            unit.first, unit.last = i == 0, i == len(force.units) - 1
    violations = violation_views(roster, report)
    points = points_view(report)
    notices = extensions.list_notices(army_list, document)
    return {
        "army_list": army_list,
        "notices": notices,
        # a wing's lock: the controls its guard would refuse are not offered (one source: the
        # notice of the wing that guards the list)
        "lock": next((n for n in notices if n.locked), None),
        **UNSET_BY_DEFAULT,
        "document": document,
        "catalog": catalog,
        "ruleset": catalog.ruleset,
        "faction": roster.faction,
        "focus": roster.focus,
        "report": report,
        "forces": forces,
        "units": units,
        # ids of units with an error: the editor marks them with one small style block
        "error_units": [key for key, unit in units.items() if unit.has_errors],
        "violations": violations,
        "errors": [v for v in violations if v.severity == "error"],
        "warnings": [v for v in violations if v.severity == "warning"],
        "points": points.total,
        "points_limit_bounds": points.bounds,
        "points_percent": points.percent,
        "other_totals": other_totals(report),
        "catalogue": catalogue_view(roster, report, adding_to=adding_to, query=query)
        if with_catalogue
        else None,
        # drawn by full pages only, not by the fragments an edit answers with
        "legends": SimpleLazyObject(lambda: _legends(catalog, roster)),
        "force_types": SimpleLazyObject(lambda: _force_types(catalog, roster)),
        "pre_game": SimpleLazyObject(lambda: pre_game_panel(roster, report)),
        **_settings(catalog, roster, document),
    }


def _settings(catalog, roster: Roster, document) -> dict:
    """The list settings' choices, and the doctrine chosen (named where it is only shown)."""
    return {
        "focuses": list(catalog.focuses(roster.faction_key).items()),
        "doctrines": [(k, d) for k, d in catalog.spec.doctrines.items() if not d.universal],
        "doctrine": catalog.spec.doctrines.get(document.doctrine or ""),
    }


def violation_views(roster: Roster, report: Report) -> list[ViolationView]:
    """The problems panel's rows: each violation with its units and forces named."""
    names = {u.id: u.name for u in roster.units}
    labels = {f.id: f.label for f in roster.forces}
    return [
        ViolationView(
            v.code,
            v.severity,
            v.message,
            v.hint,
            [(uid, names.get(uid, uid)) for uid in v.units],
            [(fid, labels[fid]) for fid in v.forces if fid in labels],
        )
        for v in report.violations
    ]


def _forces(
    catalog: Catalog, roster: Roster, report: Report, units: dict[str, UnitView]
) -> list[ForceView]:
    """The one force grouping, each unit as its editor view, each force with its focus choices."""
    return [
        _force_view(catalog, group, [units[u.id] for _, u in group.units])
        for group in force_groups(roster, report, keep_empty_loose=True)
    ]


def _force_view(catalog: Catalog, group: ForceGroup, members: list[UnitView]) -> ForceView:
    focus_choices = []
    if group.force is not None:
        focus_choices = [
            (key, f"{focus.name} (restricted)" if focus.restricted else focus.name)
            for key, focus in catalog.focuses(group.faction_key).items()
        ]
    return ForceView(
        group.id,
        group.title,
        group.faction_key,
        group.cost,
        group.faction_name,
        group.allied,
        group.slots,
        members,
        focus_choices,
        group.focus_key,
    )


def _legends(catalog: Catalog, roster: Roster) -> dict:
    attached = [
        {
            "index": i,
            "name": leg.legend.name if leg.legend else leg.key,
            "points": leg.points,
            "unit": roster.unit(leg.unit_id).name
            if leg.unit_id and roster.unit(leg.unit_id)
            else "",
        }
        for i, leg in enumerate(roster.legends)
    ]
    available = []
    for key, legend in catalog.legends(roster.faction_key).items():
        if not available_under_focus(legend.focuses, roster, roster.focus_key):
            continue
        available.append({"key": key, "legend": legend})
    return {"attached": attached, "available": available}


def _force_types(catalog: Catalog, roster: Roster) -> list[dict]:
    if not catalog.ruleset.uses_force_organizations:
        return []
    primary = catalog.alliance(roster.faction_key)
    primary_name = roster.faction.name if roster.faction else roster.faction_key
    factions = [(roster.faction_key, roster.faction.name if roster.faction else roster.faction_key)]
    for key, faction in catalog.spec.factions.items():
        if key == roster.faction_key:
            continue
        if ally_problem(primary, catalog.alliance(key), primary_name, faction.name) is None:
            factions.append((key, f"{faction.name} (allies)"))
    return [
        {
            "faction_key": key,
            "faction_name": name,
            "orgs": list(catalog.force_organizations(key).items()),
        }
        for key, name in factions
    ]
