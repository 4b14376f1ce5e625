"""Edits of a list document: pure functions from a document to the changed document.

Each edit checks that it is possible (the datasheet exists, a count is in range, the option
offers that choice); an impossible edit raises EditError with a message for the player. An edit
that is possible but breaks a list-building rule (a fourth Hero) is allowed: the report then
explains the problem, so players can build freely and fix later.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from factions.catalog import Catalog
from factions.gamedata.problems import format_path
from forgebuilder.engine.api import (
    MAX_CHOICES,
    MAX_COUNT,
    MAX_FORCES,
    MAX_LEGENDS,
    MAX_UNITS,
    POINTS_LIMIT_MAX,
    POINTS_LIMIT_MIN,
    POINTS_LIMIT_RANGE,
    ListChoice,
    ListDocument,
    ListForce,
    ListLegend,
    ListStrategy,
    ListUnit,
    allowed_picks,
    is_pre_game,
)
from forgebuilder.refusals import Refused


class EditError(Refused, ValueError):
    """An edit that cannot be applied; the message says why, in players' words."""

    code = "edit-refused"


OTHER_FACTION = "Units can only move to a force organization of their own faction."


# What the document's size limits mean to a player, by the list that reached its limit.
TOO_MANY = {
    ("units",): f"A list holds at most {MAX_UNITS} units.",
    ("forces",): f"A list holds at most {MAX_FORCES} force organizations.",
    ("legends",): f"A list holds at most {MAX_LEGENDS} legends.",
}
TOO_MANY_CHOICES = f"A unit takes at most {MAX_CHOICES} different choices."


def _replace(document: ListDocument, **changes: Any) -> ListDocument:
    data = document.model_dump()
    data.update(changes)
    return validated(data)


def validated(data: dict[str, Any]) -> ListDocument:
    """`data` as a document; a limit or rule of the format it breaks raises EditError."""
    try:
        return ListDocument.model_validate(data)
    except ValidationError as exc:
        raise _refusal(exc) from None


def _refusal(exc: ValidationError) -> EditError:
    error = exc.errors(include_url=False)[0]
    loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
    if error["type"] == "too_long":
        if loc in TOO_MANY:
            return EditError(TOO_MANY[loc])
        if loc[-1:] == ("options",):
            return EditError(TOO_MANY_CHOICES)
    message = str(error["msg"]).removeprefix("Value error, ")
    where = format_path(loc)
    return EditError(f"The change was not saved: {where + ': ' if where else ''}{message}.")


def _unit(document: ListDocument, unit_id: str) -> ListUnit:
    unit = document.unit(unit_id)
    if unit is None:
        raise EditError("That unit is no longer in the list.")
    return unit


def _with_unit(document: ListDocument, unit: ListUnit) -> ListDocument:
    units = [unit if u.id == unit.id else u for u in document.units]
    return _replace(document, units=[u.model_dump() for u in units])


def _sheet(catalog: Catalog, document: ListDocument, unit: ListUnit):
    sheet = catalog.datasheet(document.unit_faction(unit), unit.datasheet)
    if sheet is None:
        raise EditError(f"The datasheet '{unit.datasheet}' is not in the module any more.")
    return sheet


def _force_faction(document: ListDocument, force_id: str | None) -> str | None:
    force = document.force(force_id) if force_id else None
    return force.faction if force else None


def add_unit(
    document: ListDocument, catalog: Catalog, *, datasheet: str, force: str | None
) -> tuple[ListDocument, str]:
    faction = _force_faction(document, force) if force else document.faction
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
    return _replace(document, units=[*document.model_dump()["units"], unit.model_dump()]), unit_id


def remove_unit(document: ListDocument, *, unit_id: str) -> ListDocument:
    _unit(document, unit_id)
    units = [u.model_dump() for u in document.units if u.id != unit_id]
    legends = [leg.model_dump() for leg in document.legends if leg.unit != unit_id]
    return _replace(document, units=units, legends=legends)


def duplicate_unit(document: ListDocument, *, unit_id: str) -> tuple[ListDocument, str]:
    unit = _unit(document, unit_id)
    copy_id = document.next_id("u")
    copy = unit.model_copy(update={"id": copy_id})
    units = []
    for u in document.units:
        units.append(u.model_dump())
        if u.id == unit_id:
            units.append(copy.model_dump())
    return _replace(document, units=units), copy_id


def rename_unit(document: ListDocument, *, unit_id: str, name: str) -> ListDocument:
    name = " ".join(name.split())
    if len(name) > 80:
        raise EditError("A unit name has at most 80 characters.")
    return _with_unit(document, _unit(document, unit_id).model_copy(update={"name": name}))


def set_model_count(
    document: ListDocument, catalog: Catalog, *, unit_id: str, model: str, count: int
) -> ListDocument:
    unit = _unit(document, unit_id)
    sheet = _sheet(catalog, document, unit)
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
    return _with_unit(document, unit.model_copy(update={"models": models}))


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
    unit = _unit(document, unit_id)
    sheet = _sheet(catalog, document, unit)
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
    return _with_unit(document, unit.model_copy(update={"options": tuple(ordered)}))


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
    unit = _unit(document, unit_id)
    if specialty:
        faction = document.unit_faction(unit)
        if specialty not in catalog.power_specialties(faction):
            raise EditError(f"There is no power specialty '{specialty}'.")
    return _with_unit(document, unit.model_copy(update={"specialty": specialty or None}))


def move_unit(document: ListDocument, *, unit_id: str, force: str) -> ListDocument:
    unit = _unit(document, unit_id)
    target = document.force(force)
    if target is None:
        raise EditError("That force organization is no longer in the list.")
    if target.faction != document.unit_faction(unit):
        # in another faction's force the unit would be looked up in that faction's datasheets
        raise EditError(OTHER_FACTION)
    return _with_unit(document, unit.model_copy(update={"force": force}))


def reorder_unit(document: ListDocument, *, unit_id: str, step: int) -> ListDocument:
    """Move a unit up (-1) or down (+1) among the units of its force organization."""
    unit = _unit(document, unit_id)
    units = list(document.units)
    peers = [i for i, u in enumerate(units) if u.force == unit.force]
    here = peers.index(next(i for i, u in enumerate(units) if u.id == unit_id))
    there = here + (1 if step > 0 else -1)
    if 0 <= there < len(peers):
        a, b = peers[here], peers[there]
        units[a], units[b] = units[b], units[a]
    return _replace(document, units=[u.model_dump() for u in units])


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
    return _replace(
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
        name = catalog.faction_name(force.faction)
        raise EditError(f"{name} has no focus '{focus}'.")
    forces = [
        f.model_copy(update={"focus": focus or None}).model_dump()
        if f.id == force_id
        else f.model_dump()
        for f in document.forces
    ]
    return _replace(document, forces=forces)


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
    return _replace(document, forces=forces, units=units, legends=legends)


def add_legend(
    document: ListDocument, catalog: Catalog, *, legend: str, unit_id: str | None
) -> ListDocument:
    if legend not in catalog.legends(document.faction):
        raise EditError(f"There is no legend '{legend}'.")
    if unit_id:
        _unit(document, unit_id)
    item = ListLegend(legend=legend, unit=unit_id or None)
    return _replace(document, legends=[*document.model_dump()["legends"], item.model_dump()])


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
    return _replace(document, pre_game_strategies=[i.model_dump() for i in items])


def remove_legend(document: ListDocument, *, index: int) -> ListDocument:
    if not 0 <= index < len(document.legends):
        raise EditError("That legend is no longer in the list.")
    legends = [leg.model_dump() for i, leg in enumerate(document.legends) if i != index]
    return _replace(document, legends=legends)


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
    return _replace(
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
