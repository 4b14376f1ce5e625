"""Resolve a list document against its module's catalogue into an immutable Roster.

Resolving never fails: what cannot be matched (an unknown datasheet, option or legend) is kept
as an `Issue` that the engine reports as a violation, so a player sees every problem at once.
"""

from __future__ import annotations

from dataclasses import replace

from factions.catalog import Catalog
from factions.gamedata.schemas import (
    ChoiceSpec,
    DatasheetSpec,
    FocusSpec,
    ModelSpec,
    OptionSpec,
)
from forgebuilder.engine.extensions import extensions
from forgebuilder.engine.listdoc import ListDocument, ListForce, ListUnit
from forgebuilder.engine.rules.loadouts import option_targets
from forgebuilder.engine.rules.roster import (
    Issue,
    Roster,
    RosterForce,
    RosterLegend,
    RosterUnit,
    TakenChoice,
    catalog_memo,
)

OptionIndex = dict[str, tuple[ModelSpec | None, OptionSpec, dict[str | None, ChoiceSpec]]]


def option_index(catalog: Catalog, sheet: DatasheetSpec) -> OptionIndex:
    """A datasheet's options by id, with the model they sit on and their choices by id."""
    memo = catalog_memo(catalog, "options")
    found = memo.get(id(sheet))
    if found is None or found[0] is not sheet:
        index: OptionIndex = {}
        # as DatasheetSpec.option looks them up: unit options first, the first of an id wins
        pairs = [(None, o) for o in sheet.options] + [
            (m, o) for m in sheet.models for o in m.options
        ]
        for model, option in pairs:
            choices: dict[str | None, ChoiceSpec] = {}
            for choice in option.choices:
                choices.setdefault(choice.id, choice)
            index.setdefault(option.id or "", (model, option, choices))
        found = memo[id(sheet)] = (sheet, index)
    return found[1]


def resolve(document: ListDocument, catalog: Catalog) -> Roster:
    """Match every id of `document` in `catalog`; what does not match becomes an Issue."""
    issues: list[Issue] = []
    faction = catalog.faction(document.faction)
    if faction is None:
        issues.append(Issue("unknown-faction", f"The module has no faction '{document.faction}'."))
    focus = _focus(catalog, document.faction, document.focus, issues)
    forces = [_force(force, document, catalog, focus, issues) for force in document.forces]
    force_of = {f.id: f for f in forces}
    units = []
    for unit in document.units:
        home = force_of.get(unit.force or "")
        faction_key = document.unit_faction(unit)
        # a unit's focus is its force's; a unit outside any force has the list's focus
        if home is not None:
            unit_focus = home.focus_key if home.faction_key == faction_key else None
        elif focus is not None and faction_key == document.faction:
            unit_focus = document.focus
        else:
            unit_focus = None
        units.append(_unit(unit, faction_key, unit_focus, catalog, issues))
    legends = []
    for item in document.legends:
        legend = catalog.legends(document.faction).get(item.legend)
        if legend is None:
            issues.append(Issue("unknown-legend", f"The module has no legend '{item.legend}'."))
        legends.append(RosterLegend(item.legend, legend, item.unit))
    return Roster(
        document=document,
        catalog=catalog,
        faction_key=document.faction,
        faction=faction,
        focus_key=document.focus if focus else None,
        focus=focus,
        forces=labelled_forces(forces),
        units=tuple(units),
        legends=tuple(legends),
        issues=tuple(issues),
    )


def _force(
    force: ListForce,
    document: ListDocument,
    catalog: Catalog,
    list_focus: FocusSpec | None,
    issues: list[Issue],
) -> RosterForce:
    """A force of the document matched in the catalogue: its faction, organization and focus."""
    force_faction = catalog.faction(force.faction)
    if force_faction is None:
        issues.append(Issue("unknown-faction", f"The module has no faction '{force.faction}'."))
    org = None
    if force.organization is not None:
        org = catalog.force_organizations(force.faction).get(force.organization)
        if org is None:
            issues.append(
                Issue(
                    "unknown-force-organization",
                    f"The module has no force organization '{force.organization}'.",
                )
            )
    # (a list focus the faction lacks, copied onto its forces, is reported once)
    already_reported = force.focus == document.focus and list_focus is None
    force_focus = _focus(catalog, force.faction, force.focus, [] if already_reported else issues)
    return RosterForce(
        force.id,
        force.organization,
        org,
        force.faction,
        force_faction,
        allied=force.faction != document.faction,
        focus_key=force.focus if force_focus else None,
        focus=force_focus,
    )


def _focus(
    catalog: Catalog, faction_key: str, key: str | None, issues: list[Issue]
) -> FocusSpec | None:
    """The focus `key` of a faction (None when none is chosen); one the faction lacks is an
    issue."""
    if key is None:
        return None
    focus = catalog.focuses(faction_key).get(key)
    if focus is None:
        message = f"{catalog.faction_name(faction_key)} has no focus '{key}'."
        issues.append(Issue("unknown-focus", message))
    return focus


def labelled_forces(forces: list[RosterForce]) -> tuple[RosterForce, ...]:
    """The forces with their labels: a force's organization name, with its faction when another
    faction's force shares the name, and numbered in list order when one of its own faction does
    ("Generalist (1)", "Generalist (2)")."""

    def name(force: RosterForce) -> str:
        return force.organization.name if force.organization else "Force"

    factions_of: dict[str, set[str]] = {}
    same: dict[tuple[str, str], int] = {}
    for force in forces:
        factions_of.setdefault(name(force), set()).add(force.faction_key)
        same[name(force), force.faction_key] = same.get((name(force), force.faction_key), 0) + 1
    seen: dict[tuple[str, str], int] = {}
    out = []
    for force in forces:
        key = (name(force), force.faction_key)
        seen[key] = seen.get(key, 0) + 1
        number = [str(seen[key])] if same[key] > 1 else []
        faction = [force.faction_name] if len(factions_of[key[0]]) > 1 else []
        label = _bracketed(key[0], [*faction, *number])
        out.append(
            replace(
                force,
                label=label,
                label_with_faction=_bracketed(key[0], [force.faction_name, *number]),
            )
        )
    return tuple(out)


def _bracketed(name: str, qualifiers: list[str]) -> str:
    return f"{name} ({', '.join(qualifiers)})" if qualifiers else name


def _unit(
    unit: ListUnit, faction_key: str, focus_key: str | None, catalog: Catalog, issues: list[Issue]
) -> RosterUnit:
    sheet = catalog.datasheet(faction_key, unit.datasheet)
    if sheet is None:
        issues.append(
            Issue(
                "unknown-datasheet",
                f"The faction '{faction_key}' has no datasheet '{unit.datasheet}'.",
                unit.id,
            )
        )
        return RosterUnit(
            unit.id, unit.name or unit.datasheet, unit.datasheet, None, faction_key, unit.force,
            (), (), unit.specialty, 0, focus_key, active=extensions.unit_in_play(unit),
        )  # fmt: skip
    counts = _model_counts(unit, sheet, issues)
    count_of = dict(counts)
    taken, added = _taken_choices(unit, sheet, count_of, catalog, issues)
    # what a wing adds (a campaign unit's levels, injuries, talents); a unit kept on the list
    # for the record only (dead, disbanded) costs nothing
    active = extensions.unit_in_play(unit)
    points = _price(sheet, count_of, taken) + extensions.unit_price(unit, catalog) if active else 0
    return RosterUnit(
        id=unit.id,
        name=unit.name.strip() or sheet.name,
        datasheet_key=unit.datasheet,
        datasheet=sheet,
        faction_key=faction_key,
        force_id=unit.force,
        model_counts=tuple(counts),
        choices=tuple(taken),
        specialty=unit.specialty,
        points=points,
        focus_key=focus_key,
        added_models=tuple(added.items()),
        active=active,
    )


def _model_counts(
    unit: ListUnit, sheet: DatasheetSpec, issues: list[Issue]
) -> list[tuple[str, int]]:
    """(model id, how many) for each model type of the sheet; unknown model types are issues."""
    known_models = {m.id for m in sheet.models}
    for model_id in unit.models:
        if model_id not in known_models:
            issues.append(
                Issue("unknown-model", f"{sheet.name} has no model '{model_id}'.", unit.id)
            )
    return [(m.id or "", unit.models.get(m.id or "", m.min)) for m in sheet.models]


def _taken_choices(
    unit: ListUnit,
    sheet: DatasheetSpec,
    count_of: dict[str, int],
    catalog: Catalog,
    issues: list[Issue],
) -> tuple[list[TakenChoice], dict[str, int]]:
    """The unit's choices with the models each applies to, and the models add_model brings."""
    total = sum(count_of.values())
    # add_model choices bring extra models; they count towards the unit's total
    found_choices: list[tuple[OptionSpec, ModelSpec | None, ChoiceSpec, int]] = []
    added: dict[str, int] = {}
    options = option_index(catalog, sheet) if unit.options else {}
    for item in unit.options:
        found = options.get(item.option)
        if found is None:
            issues.append(
                Issue("unknown-option", f"{sheet.name} has no option '{item.option}'.", unit.id)
            )
            continue
        owner, option, choices = found
        choice = choices.get(item.choice)
        if choice is None:
            issues.append(
                Issue(
                    "unknown-choice",
                    f"The option '{option.label or option.id}' of {sheet.name} has no choice "
                    f"'{item.choice}'.",
                    unit.id,
                )
            )
            continue
        if option.verb == "add_model":
            total += item.count * len(choice.items)
            for ref in choice.items:
                added[ref.id] = added.get(ref.id, 0) + item.count
        found_choices.append((option, owner, choice, item.count))
    # An option applies to the models of the type it targets; a unit option that replaces
    # nothing applies to every model of the unit, added ones included.
    taken = []
    for option, owner, choice, count in found_choices:
        if option.added_model is not None:
            applies_to = added.get(option.added_model, 0)
        elif owner is not None:
            applies_to = count_of[owner.id or ""]
        elif not option.replace:
            applies_to = total
        else:
            applies_to = sum(count_of[m.id or ""] for m in option_targets(sheet, owner, option))
        taken.append(TakenChoice(option, owner, choice, count, applies_to))
    return taken, added


def _price(sheet: DatasheetSpec, count_of: dict[str, int], taken: list[TakenChoice]) -> int:
    """The datasheet's price (its models at their minimum), each model beyond the minimum at
    its extra_model_points, and the choices taken."""
    points = sheet.points
    for model in sheet.models:
        extra = count_of[model.id or ""] - model.min
        if extra > 0 and model.extra_model_points:
            points += extra * model.extra_model_points
    return points + sum(t.points for t in taken)
