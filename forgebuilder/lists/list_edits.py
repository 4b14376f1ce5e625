"""Edits of a list as a whole: its force organizations and their focus, its legends and
pre-game strategies, its settings, and a new list. Pure functions, as the unit edits (edits.py),
which export these too."""

from __future__ import annotations

from factions.catalog import Catalog
from forgebuilder.engine.api import (
    POINTS_LIMIT_MAX,
    POINTS_LIMIT_MIN,
    POINTS_LIMIT_RANGE,
    ListDocument,
    ListForce,
    ListLegend,
    ListStrategy,
    is_pre_game,
)
from forgebuilder.lists.edit_base import OTHER_FACTION, EditError, replaced, unit_in, validated


def add_force(
    document: ListDocument, catalog: Catalog, *, organization: str, faction: str
) -> tuple[ListDocument, str]:
    if catalog.faction(faction) is None:
        raise EditError(f"The module has no faction '{faction}'.")
    if organization not in catalog.force_organizations(faction):
        raise EditError(f"There is no force organization '{organization}'.")
    force_id = document.next_id("f")
    # the list's focus is the default of new forces of its own faction
    focus = document.focus if faction == document.faction else None
    force = ListForce(id=force_id, organization=organization, faction=faction, focus=focus)
    return replaced(
        document, forces=[*document.model_dump()["forces"], force.model_dump()]
    ), force_id


def set_force_focus(
    document: ListDocument, catalog: Catalog, *, force_id: str, focus: str | None
) -> ListDocument:
    """Give a force organization its own focus (or none); an allied force takes its faction's."""
    force = document.force(force_id)
    if force is None:
        raise EditError("That force organization is no longer in the list.")
    if focus and focus not in catalog.focuses(force.faction):
        raise EditError(f"{catalog.faction_name(force.faction)} has no focus '{focus}'.")
    forces = [
        f.model_copy(update={"focus": focus or None}).model_dump()
        if f.id == force_id
        else f.model_dump()
        for f in document.forces
    ]
    return replaced(document, forces=forces)


def remove_force(
    document: ListDocument, *, force_id: str, move_to: str | None = None
) -> ListDocument:
    """Drop a force organization; its units move to `move_to`, or are removed with it."""
    if document.force(force_id) is None:
        raise EditError("That force organization is no longer in the list.")
    if move_to is not None:
        target = document.force(move_to)
        if target is None or move_to == force_id:
            raise EditError("Choose another force organization to move the units to.")
        moving = [u for u in document.units if u.force == force_id]
        if any(document.unit_faction(u) != target.faction for u in moving):
            raise EditError(OTHER_FACTION)
    units, removed = [], set()
    for u in document.units:
        if u.force != force_id:
            units.append(u.model_dump())
        elif move_to is not None:
            units.append(u.model_copy(update={"force": move_to}).model_dump())
        else:
            removed.add(u.id)
    forces = [f.model_dump() for f in document.forces if f.id != force_id]
    legends = [leg.model_dump() for leg in document.legends if leg.unit not in removed]
    return replaced(document, forces=forces, units=units, legends=legends)


def add_legend(
    document: ListDocument, catalog: Catalog, *, legend: str, unit_id: str | None
) -> ListDocument:
    if legend not in catalog.legends(document.faction):
        raise EditError(f"There is no legend '{legend}'.")
    if unit_id:
        unit_in(document, unit_id)
    item = ListLegend(legend=legend, unit=unit_id or None)
    return replaced(document, legends=[*document.model_dump()["legends"], item.model_dump()])


def set_pre_game_strategies(
    document: ListDocument, catalog: Catalog, *, chosen: list[tuple[str, str]]
) -> ListDocument:
    """The list's pre-game strategies become `chosen`, (faction, strategy key) pairs, each once.

    A strategy must exist and be a pre-game one; whether the list's forces offer it, and whether
    the first round's income pays for it, the rules engine says (the list stays editable)."""
    items = []
    for faction, key in dict.fromkeys(chosen):
        strategy = catalog.strategies(faction).get(key)
        if strategy is None:
            raise EditError(f"There is no strategy '{key}'.")
        if not is_pre_game(strategy):
            raise EditError(f"{strategy.name} is not a pre-game strategy.")
        items.append(
            ListStrategy(strategy=key, faction=None if faction == document.faction else faction)
        )
    return replaced(document, pre_game_strategies=[i.model_dump() for i in items])


def remove_legend(document: ListDocument, *, index: int) -> ListDocument:
    if not 0 <= index < len(document.legends):
        raise EditError("That legend is no longer in the list.")
    legends = [leg.model_dump() for i, leg in enumerate(document.legends) if i != index]
    return replaced(document, legends=legends)


def update_settings(
    document: ListDocument,
    catalog: Catalog,
    *,
    name: str,
    points_limit: int,
    focus: str | None,
    casual: bool,
    doctrine: str | None = None,
) -> ListDocument:
    name = " ".join(name.split()) or "New list"
    if len(name) > 120:
        raise EditError("A list name has at most 120 characters.")
    if not POINTS_LIMIT_MIN <= points_limit <= POINTS_LIMIT_MAX:
        raise EditError(f"The points limit must be {POINTS_LIMIT_RANGE}.")
    if focus and focus not in catalog.focuses(document.faction):
        raise EditError(f"There is no focus '{focus}' for this faction.")
    if doctrine and doctrine not in catalog.spec.doctrines:
        raise EditError(f"There is no doctrine '{doctrine}'.")
    # The list's focus is the default of its faction's forces: those that had the old default
    # follow the new one; a force given a focus of its own keeps it.
    focus = focus or None
    forces = [
        f.model_copy(update={"focus": focus}).model_dump()
        if f.faction == document.faction and f.focus == document.focus
        else f.model_dump()
        for f in document.forces
    ]
    return replaced(
        document,
        name=name,
        points_limit=points_limit,
        focus=focus,
        casual=casual,
        doctrine=doctrine or None,
        forces=forces,
    )


def new_document(
    catalog: Catalog, *, faction: str, name: str, points_limit: int | None, casual: bool,
    focus: str | None = None, doctrine: str | None = None,
) -> ListDocument:  # fmt: skip
    """A fresh list; with force organizations, it starts with the faction's cheapest one."""
    if catalog.faction(faction) is None:
        raise EditError(f"The module has no faction '{faction}'.")
    forces = []
    if catalog.ruleset.uses_force_organizations:
        orgs = catalog.force_organizations(faction)
        if orgs:
            key = min(orgs, key=lambda k: orgs[k].cost)
            forces.append(ListForce(id="f1", organization=key, faction=faction).model_dump())
    document = validated(
        {
            "name": " ".join(name.split()) or f"{catalog.faction(faction).name} list",
            "module": catalog.slug,
            "module_version": catalog.spec.version,
            "faction": faction,
            "points_limit": points_limit or catalog.params.points_limit,
            "casual": casual,
            "forces": forces,
        }
    )
    if focus or doctrine:
        document = update_settings(
            document, catalog, name=document.name, points_limit=document.points_limit,
            focus=focus, casual=casual, doctrine=doctrine,
        )  # fmt: skip
    return document
