"""The one grouping of a list's units by force organization, in list order.

The editor's roster, the share page, the table view, the printouts and the text export all
draw these groups; none walks the forces itself. A group carries what the engine decided about
its force (the slot status on the report) so pages only format it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from forgebuilder.engine.rules import Report, Roster, RosterUnit
from forgebuilder.engine.rules.base import SlotStatus
from forgebuilder.engine.rules.roster import RosterForce

# The group of units outside any force organization, under a ruleset that has them (or a list
# that uses them), and the only group of a list under a ruleset without them.
OUTSIDE_FORCES = "Not in a force organization"
NO_FORCES = "Units"
LOOSE_TITLES = (OUTSIDE_FORCES, NO_FORCES)


@dataclass(frozen=True)
class ForceGroup:
    """A force organization of the list with its units, or the units outside any (`force` None).

    Units are numbered from 1 across the groups: the same numbers are on the cards, the unit
    table and the token sheet's unit markers.
    """

    force: RosterForce | None
    title: str
    faction_key: str
    faction_name: str
    allied: bool
    cost: int | None
    units: tuple[tuple[int, RosterUnit], ...]
    focus_name: str = ""  # the force's own focus
    slots: tuple[SlotStatus, ...] = ()  # as the engine counted them (empty without a report)

    @property
    def id(self) -> str | None:
        return self.force.id if self.force else None

    @property
    def focus_key(self) -> str | None:
        return self.force.focus_key if self.force else None

    @property
    def points(self) -> int:
        return sum(unit.points for _, unit in self.units)


def force_units(roster: Roster, force_id: str | None) -> list[RosterUnit]:
    """The units of one force in the order they are shown (None: those outside any force)."""
    if force_id is None:
        return [u for u in roster.units if roster.force(u.force_id) is None]
    return list(roster.units_in(force_id))


def loose_title(roster: Roster) -> str:
    """The heading of the units outside any force organization."""
    if roster.forces or roster.catalog.ruleset.uses_force_organizations:
        return OUTSIDE_FORCES
    return NO_FORCES


def force_groups(
    roster: Roster, report: Report | None = None, *, keep_empty_loose: bool = False
) -> list[ForceGroup]:
    """Each force with its units, then the units outside any force.

    `keep_empty_loose`: the group outside the forces even when it has no units, when the list
    has no force at all (the editor shows where new units go).
    """
    number = 0

    def numbered(units: list[RosterUnit]) -> tuple[tuple[int, RosterUnit], ...]:
        nonlocal number
        start, number = number, number + len(units)
        return tuple(enumerate(units, start=start + 1))

    groups = [_force_group(roster, report, force, numbered) for force in roster.forces]
    loose = force_units(roster, None)
    if loose or (keep_empty_loose and not roster.forces):
        groups.append(
            ForceGroup(
                force=None,
                title=loose_title(roster),
                faction_key=roster.faction_key,
                faction_name=roster.faction.name if roster.faction else roster.faction_key,
                allied=False,
                cost=None,
                units=numbered(loose),
            )
        )
    return groups


def _force_group(
    roster: Roster,
    report: Report | None,
    force: RosterForce,
    numbered: Callable[[list[RosterUnit]], tuple[tuple[int, RosterUnit], ...]],
) -> ForceGroup:
    return ForceGroup(
        force=force,
        title=force.label,
        faction_key=force.faction_key,
        faction_name=force.faction.name if force.faction else force.faction_key,
        allied=force.allied,
        cost=force.organization.cost if force.organization else None,
        units=numbered(force_units(roster, force.id)),
        focus_name=force.focus.name if force.focus else "",
        slots=report.slots.get(force.id, ()) if report is not None else (),
    )


def focus_names(roster: Roster) -> str:
    """The focuses of the list's own forces ("Town Watch, Levy"), else the list's focus."""
    names = [f.focus.name for f in roster.forces if f.faction_key == roster.faction_key and f.focus]
    if not roster.forces and roster.focus:
        names = [roster.focus.name]
    return ", ".join(dict.fromkeys(names))
