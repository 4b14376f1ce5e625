"""The loadout of a resolved unit: each model type's weapons and rules after its choices, and
those of the models its choices add."""

from __future__ import annotations

from collections.abc import Iterable

from factions.catalog import Catalog
from factions.gamedata.refs import Ref
from factions.gamedata.schemas import DatasheetSpec, ModelSpec, OptionSpec
from forgebuilder.engine.rules.roster import Loadout, RosterUnit, TakenChoice


def unit_loadout(unit: RosterUnit) -> list[Loadout]:
    """Each model type's weapons and rules after the unit's choices: (ref, models carrying it)."""
    if unit._loadout is None:
        # a roster is immutable, so the loadout is computed once per unit
        object.__setattr__(unit, "_loadout", tuple(_compute_loadout(unit)))
    return list(unit._loadout or ())


def _compute_loadout(unit: RosterUnit) -> list[Loadout]:
    sheet = unit.datasheet
    if sheet is None:
        return []
    targeted = [
        (taken, {id(m) for m in option_targets(sheet, taken.model, taken.option)})
        for taken in unit.choices
    ]
    return [
        _model_loadout(
            model,
            unit.count_of(model.id),
            sheet.rules,
            [taken for taken, targets in targeted if id(model) in targets],
        )
        for model in sheet.models
    ]


def added_loadout(unit: RosterUnit, catalog: Catalog) -> list[Loadout]:
    """The models the unit's add_model choices bring, each template once, with the options that
    sit on them applied (`OptionSpec.added_model`); a template the module lacks is left out."""
    sheet = unit.datasheet
    if sheet is None:
        return []
    out = []
    for key, n in unit.added_models:
        template = catalog.model_template(unit.faction_key, key)
        if template is None or n <= 0:
            continue
        model = ModelSpec(
            id=key,
            name=template.name,
            description=template.description,
            min=0,
            stats=template.stats,
            weapons=template.weapons,
            rules=template.rules,
        )
        on_it = [taken for taken in unit.choices if taken.option.added_model == key]
        out.append(_model_loadout(model, n, sheet.rules, on_it))
    return out


def every_loadout(unit: RosterUnit, catalog: Catalog) -> list[Loadout]:
    """Every model of the unit after its choices: the datasheet's model types, then the models
    that add_model options bring. A check that looks at a unit's models reads this one."""
    return unit_loadout(unit) + added_loadout(unit, catalog)


def _model_loadout(
    model: ModelSpec, n: int, sheet_rules: Iterable[Ref], choices: Iterable[TakenChoice]
) -> Loadout:
    """`n` models of `model` after `choices` (the options taken on them): weapons and rules,
    each with how many of the models carry it."""
    weapons: dict[Ref, int] = dict.fromkeys(model.weapons, n)
    rules: dict[Ref, int] = dict.fromkeys((*sheet_rules, *model.rules), n)
    for taken in choices:
        option = taken.option
        if option.verb in ("add_model", "replace_model"):
            continue  # models, not equipment: counted by the unit's model counts
        k = n if option.per_model else taken.count
        pool = weapons if option.verb in ("replace_weapon", "add_weapon") else rules
        if option.verb in ("replace_weapon", "replace_rule"):
            for ref in option.replace:
                key = _match(pool, ref)
                pool[key] = pool.get(key, 0) - k
        if option.verb == "remove_rule":
            for ref in taken.choice.items:
                key = _match(rules, ref)
                rules[key] = rules.get(key, 0) - k
            continue
        for ref in taken.choice.items:
            pool[ref] = pool.get(ref, 0) + k
    return Loadout(
        model,
        n,
        tuple((ref, c) for ref, c in weapons.items() if c > 0),
        tuple((ref, c) for ref, c in rules.items() if c > 0),
    )


def _match(pool: dict[Ref, int], ref: Ref) -> Ref:
    """The entry of `pool` that `ref` names (same id, and same value when it gives one)."""
    for candidate in pool:
        if candidate.id == ref.id and (ref.x is None or candidate.x == ref.x):
            return candidate
    return ref


def option_targets(
    sheet: DatasheetSpec, model: ModelSpec | None, option: OptionSpec
) -> tuple[ModelSpec, ...]:
    """The model types an option changes.

    A model's option changes that model type. A unit option that replaces something changes the
    first model type carrying it; an all-or-none unit option that replaces nothing changes every
    model type; any other unit option changes the first model type. An option of an added model
    (`added_model`) changes none of the datasheet's model types (see `added_loadout`).
    """
    if option.added_model is not None:
        return ()
    if model is not None:
        return (model,)
    if option.replace:
        for candidate in sheet.models:
            ids = {r.id for r in candidate.weapons} | {r.id for r in candidate.rules}
            if any(ref.id in ids for ref in option.replace):
                return (candidate,)
        return (sheet.models[0],)
    if option.per_model:
        return sheet.models
    return (sheet.models[0],)
