"""Edits of a list document: pure functions from a document to the changed document.

Each edit checks that it is possible (the datasheet exists, a count is in range, the option
offers that choice); an impossible edit raises EditError with a message for the player. An edit
that is possible but breaks a list-building rule (a fourth Hero) is allowed: the report then
explains the problem, so players can build freely and fix later.

The edits of units are here; those of the list as a whole are in list_edits.py and exported
here too, as are the refusal and the validation every edit shares (edit_base.py).
"""

from __future__ import annotations

from factions.catalog import Catalog
from forgebuilder.engine.api import (
    MAX_COUNT,
    ListChoice,
    ListDocument,
    ListUnit,
    allowed_picks,
)
from forgebuilder.lists.edit_base import (
    OTHER_FACTION,
    EditError,
    force_faction,
    replaced,
    sheet_of,
    unit_in,
    validated,
    with_unit,
)
from forgebuilder.lists.list_edits import (
    add_force,
    add_legend,
    new_document,
    remove_force,
    remove_legend,
    set_force_focus,
    set_pre_game_strategies,
    update_settings,
)


def add_unit(
    document: ListDocument, catalog: Catalog, *, datasheet: str, force: str | None
) -> tuple[ListDocument, str]:
    faction = force_faction(document, force) if force else document.faction
    if force and faction is None:
        raise EditError("That force organization is no longer in the list.")
    sheet = catalog.datasheet(faction or document.faction, datasheet)
    if sheet is None:
        raise EditError(f"The faction has no datasheet '{datasheet}'.")
    if force is None and document.forces:
        # the first force organization of the unit's faction, as a player would
        force = next((f.id for f in document.forces if f.faction == faction), None)
    unit_id = document.next_id("u")
    unit = ListUnit(id=unit_id, datasheet=datasheet, force=force)
    return replaced(document, units=[*document.model_dump()["units"], unit.model_dump()]), unit_id


def remove_unit(document: ListDocument, *, unit_id: str) -> ListDocument:
    unit_in(document, unit_id)
    units = [u.model_dump() for u in document.units if u.id != unit_id]
    legends = [leg.model_dump() for leg in document.legends if leg.unit != unit_id]
    return replaced(document, units=units, legends=legends)


def duplicate_unit(document: ListDocument, *, unit_id: str) -> tuple[ListDocument, str]:
    unit = unit_in(document, unit_id)
    copy_id = document.next_id("u")
    copy = unit.model_copy(update={"id": copy_id})
    units = []
    for u in document.units:
        units.append(u.model_dump())
        if u.id == unit_id:
            units.append(copy.model_dump())
    return replaced(document, units=units), copy_id


def rename_unit(document: ListDocument, *, unit_id: str, name: str) -> ListDocument:
    name = " ".join(name.split())
    if len(name) > 80:
        raise EditError("A unit name has at most 80 characters.")
    return with_unit(document, unit_in(document, unit_id).model_copy(update={"name": name}))


def set_model_count(
    document: ListDocument, catalog: Catalog, *, unit_id: str, model: str, count: int
) -> ListDocument:
    unit = unit_in(document, unit_id)
    sheet = sheet_of(catalog, document, unit)
    spec = next((m for m in sheet.models if m.id == model), None)
    if spec is None:
        raise EditError(f"{sheet.name} has no model '{model}'.")
    if count > MAX_COUNT:
        raise EditError(f"A unit has at most {MAX_COUNT} models of one type.")
    if not spec.min <= count <= spec.max_count:
        raise EditError(
            f"{sheet.name} takes {spec.min} to {spec.max_count} {spec.name}; {count} is out of range."
        )
    models = {**unit.models, model: count}
    return with_unit(document, unit.model_copy(update={"models": models}))


def set_option(
    document: ListDocument,
    catalog: Catalog,
    *,
    unit_id: str,
    option: str,
    choice: str | None,
    count: int,
    exclusive: bool = False,
) -> ListDocument:
    """Take `choice` of `option` `count` times (0 drops it).

    `exclusive` replaces any other choice of the same option (a select of one alternative).
    """
    unit = unit_in(document, unit_id)
    sheet = sheet_of(catalog, document, unit)
    found = sheet.option(option)
    if found is None:
        raise EditError(f"{sheet.name} has no option '{option}'.")
    model, spec = found
    kept = [c for c in unit.options if c.option != option or (not exclusive and c.choice != choice)]
    if choice:
        if not any(c.id == choice for c in spec.choices):
            raise EditError(f"That option of {sheet.name} has no choice '{choice}'.")
        if count < 0:
            raise EditError("A count cannot be negative.")
        if count > MAX_COUNT:
            raise EditError(f"A choice is taken at most {MAX_COUNT} times.")
        models = unit.models.get(model.id, model.min) if model is not None else None
        total = sum(unit.models.get(m.id or "", m.min) for m in sheet.models)
        brought = _added_models(sheet, unit)
        total += sum(brought.values())
        if spec.added_model is not None:
            models = brought.get(spec.added_model, 0)
            if not models:
                name = catalog.model_template(document.unit_faction(unit), spec.added_model)
                raise EditError(
                    f"That option belongs to the {name.name if name else spec.added_model} "
                    "model; add one to the unit first."
                )
        allowed = min(
            allowed_picks(spec, models if models is not None else total, total), MAX_COUNT
        )
        others = sum(c.count for c in kept if c.option == option)
        if count and others + count > allowed:
            raise EditError(
                f"{spec.label or 'That option'} may be taken {allowed} time"
                f"{'s' * (allowed != 1)} by this unit."
            )
        if count:
            kept.append(ListChoice(option=option, choice=choice, count=count))
    if spec.verb == "add_model":
        # the options of models the unit no longer has go with them
        brought = _added_models(sheet, unit.model_copy(update={"options": tuple(kept)}))
        kept = [c for c in kept if _still_carried(sheet, c, brought)]
    ordered = _in_option_order(sheet, kept)
    return with_unit(document, unit.model_copy(update={"options": tuple(ordered)}))


def _added_models(sheet, unit) -> dict[str, int]:
    """The models the unit's add_model choices bring, by model template key."""
    brought: dict[str, int] = {}
    for taken in unit.options:
        found = sheet.option(taken.option)
        if found is None or found[1].verb != "add_model":
            continue
        choice = next((c for c in found[1].choices if c.id == taken.choice), None)
        for ref in choice.items if choice else ():
            brought[ref.id] = brought.get(ref.id, 0) + taken.count
    return brought


def _still_carried(sheet, taken: ListChoice, brought: dict[str, int]) -> bool:
    found = sheet.option(taken.option)
    key = found[1].added_model if found else None
    return key is None or brought.get(key, 0) > 0


def _in_option_order(sheet, choices: list[ListChoice]) -> list[ListChoice]:
    order = {option.id: i for i, (_, option) in enumerate(sheet.all_options())}
    return sorted(choices, key=lambda c: order.get(c.option, 999))


def set_specialty(
    document: ListDocument, catalog: Catalog, *, unit_id: str, specialty: str | None
) -> ListDocument:
    unit = unit_in(document, unit_id)
    if specialty:
        faction = document.unit_faction(unit)
        if specialty not in catalog.power_specialties(faction):
            raise EditError(f"There is no power specialty '{specialty}'.")
    return with_unit(document, unit.model_copy(update={"specialty": specialty or None}))


def move_unit(document: ListDocument, *, unit_id: str, force: str) -> ListDocument:
    unit = unit_in(document, unit_id)
    target = document.force(force)
    if target is None:
        raise EditError("That force organization is no longer in the list.")
    if target.faction != document.unit_faction(unit):
        # in another faction's force the unit would be looked up in that faction's datasheets
        raise EditError(OTHER_FACTION)
    return with_unit(document, unit.model_copy(update={"force": force}))


def reorder_unit(document: ListDocument, *, unit_id: str, step: int) -> ListDocument:
    """Move a unit up (-1) or down (+1) among the units of its force organization."""
    unit = unit_in(document, unit_id)
    units = list(document.units)
    peers = [i for i, u in enumerate(units) if u.force == unit.force]
    here = peers.index(next(i for i, u in enumerate(units) if u.id == unit_id))
    there = here + (1 if step > 0 else -1)
    if 0 <= there < len(peers):
        a, b = peers[here], peers[there]
        units[a], units[b] = units[b], units[a]
    return replaced(document, units=[u.model_dump() for u in units])


__all__ = [
    "OTHER_FACTION",
    "EditError",
    "add_force",
    "add_legend",
    "add_unit",
    "duplicate_unit",
    "move_unit",
    "new_document",
    "remove_force",
    "remove_legend",
    "remove_unit",
    "rename_unit",
    "reorder_unit",
    "set_force_focus",
    "set_model_count",
    "set_option",
    "set_pre_game_strategies",
    "set_specialty",
    "update_settings",
    "validated",
]
