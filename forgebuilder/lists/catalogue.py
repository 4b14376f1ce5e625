"""The editor's catalogue: the datasheets a player may add to the force chosen at its top.

One "adding to" force (default: the first with room) decides which faction's datasheets are
shown, the slot counts per category ("Hero 1/2") and which datasheets would break a rule if
added, with the reason: a full slot, a category the force organization does not take, the
list's focus, or an alliance the allied force may not join. Players may still add them; the
rules engine then reports the problem as for any edit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from factions.catalog import Catalog
from forgebuilder.engine.api import Report, Roster, RosterForce, ally_problem, available_under_focus


@dataclass(frozen=True)
class SheetRow:
    key: str
    name: str
    points: int
    keywords: str
    mark: str  # why adding it would break a rule; "" when it fits
    mark_kind: str  # "slot", "focus", "alliance" or ""


@dataclass
class CategoryGroup:
    key: str
    name: str
    slot: str  # "1/2", "0/∞" or "" without a force organization
    full: bool
    mark: str = ""  # why any unit of this category would break the slot rule
    sheets: list[SheetRow] = field(default_factory=list)


@dataclass
class CatalogueView:
    faction_key: str
    faction_name: str
    allied: bool
    forces: list[tuple[str, str]]  # (id, label) of every force a unit may be added to
    adding_to: str | None
    query: str
    categories: list[CategoryGroup]
    hidden_by_query: int = 0

    def category(self, key: str | None) -> CategoryGroup | None:
        return next((g for g in self.categories if g.key == (key or "")), None)


def has_room(report: Report, force: RosterForce) -> bool:
    if force.organization is None:
        return True
    return any(not slot.full for slot in report.slots.get(force.id, ()))


def default_force(roster: Roster, report: Report) -> RosterForce | None:
    return next((f for f in roster.forces if has_room(report, f)), None) or next(
        iter(roster.forces), None
    )


def catalogue_view(
    roster: Roster, report: Report, *, adding_to: str | None = None, query: str = ""
) -> CatalogueView:
    """The catalogue for adding to force `adding_to` (or the default), filtered by `query`."""
    catalog = roster.catalog
    force = roster.force(adding_to) if adding_to else None
    force = force or default_force(roster, report)
    faction_key = force.faction_key if force else roster.faction_key
    faction = catalog.faction(faction_key)
    view = CatalogueView(
        faction_key=faction_key,
        faction_name=catalog.faction_name(faction_key),
        allied=faction_key != roster.faction_key,
        forces=[(f.id, f.label_with_faction) for f in roster.forces],
        adding_to=force.id if force else None,
        query=query.strip(),
        categories=[],
    )
    if faction is None:
        return view
    alliance = _alliance_mark(catalog, roster, force)
    # the adding-to force's own focus; with no force, the list's focus for its own faction
    if force is not None:
        focus = force.focus_key
    else:
        focus = roster.focus_key if faction_key == roster.faction_key else None
    needle = view.query.casefold()
    groups: dict[str, CategoryGroup] = {}
    order = list(catalog.spec.categories)
    for key, sheet in sorted(
        faction.datasheets.items(),
        key=lambda kv: order.index(kv[1].category) if kv[1].category in order else len(order),
    ):
        name = catalog.category_name(sheet.category)
        group = groups.get(sheet.category or "")
        if group is None:
            slot_text, full, slot_mark = _slot(catalog, report, force, sheet.category)
            group = groups[sheet.category or ""] = CategoryGroup(
                sheet.category or "", name, slot_text, full, slot_mark
            )
        haystack = f"{sheet.name} {' '.join(sheet.keywords)} {name}".casefold()
        if needle and needle not in haystack:
            view.hidden_by_query += 1
            continue
        mark, kind = alliance, "alliance" if alliance else ""
        if not mark and group.mark:
            mark, kind = group.mark, "slot"
        if not mark and not available_under_focus(sheet.focuses, roster, focus, faction_key):
            mark, kind = _focus_note(catalog, force, faction_key, sheet), "focus"
        group.sheets.append(
            SheetRow(key, sheet.name, sheet.points, ", ".join(sheet.keywords), mark, kind)
        )
    view.categories = [g for g in groups.values() if g.sheets]  # no empty headings
    return view


def _slot(catalog: Catalog, report: Report, force, category) -> tuple[str, bool, str]:
    """The slot count of `category` in `force` ("1/2"), whether it is full, and the mark:
    the engine's count, formatted."""
    if force is None or force.organization is None:
        return "", False, ""
    slot = report.slot(force.id, category)
    if slot is None:
        name = catalog.category_name(category)
        return "", True, f"{force.label} takes no {name} units"
    if slot.full:
        return slot.text, True, f"{slot.name} slots full ({slot.text})"
    return slot.text, False, ""


def _alliance_mark(catalog: Catalog, roster: Roster, force) -> str:
    if force is None or not force.allied or force.faction is None:
        return ""
    primary_name = roster.faction.name if roster.faction else roster.faction_key
    problem = ally_problem(
        catalog.alliance(roster.faction_key),
        catalog.alliance(force.faction_key),
        primary_name,
        force.faction.name,
    )
    return problem[0] if problem else ""


def _focus_note(catalog: Catalog, force, faction_key: str, sheet) -> str:
    """Why a datasheet cannot be taken under the force's focus, naming the focuses that allow it."""
    allowing = catalog.focuses_allowing(faction_key, sheet.focuses)
    focus = force.focus if force is not None else None
    if focus is not None and focus.restricted and not allowing:
        return f"Not with the {focus.name} focus"
    if allowing:
        return "Needs the " + " or ".join(allowing) + " focus"
    return "Not available with this focus"
