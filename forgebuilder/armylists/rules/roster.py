"""Resolve a list document against its module's catalogue into an immutable Roster.

Resolving never fails: what cannot be matched (an unknown datasheet, option or legend) is kept
as an `Issue` that the engine reports as a violation, so a player sees every problem at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from weakref import WeakKeyDictionary

from factions.catalog import Catalog, focus_allows
from factions.gamedata.refs import Ref
from factions.gamedata.schemas import (
    ChoiceSpec,
    DatasheetSpec,
    FactionSpec,
    FocusSpec,
    ForceOrganizationSpec,
    LegendSpec,
    ModelSpec,
    OptionSpec,
)
from forgebuilder.armylists.extensions import extensions
from forgebuilder.armylists.listdoc import ListDocument


@dataclass(frozen=True, slots=True)
class Issue:
    """Something in the document that the module does not have."""

    code: str
    message: str
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class TakenChoice:
    option: OptionSpec
    model: ModelSpec | None  # None: a unit option
    choice: ChoiceSpec
    count: int
    # Models the option applies to (for per-model "all" options: what the price multiplies).
    applies_to: int

    @property
    def points(self) -> int:
        if self.option.per_model:
            return self.choice.points * self.applies_to
        return self.choice.points * self.count


@dataclass(frozen=True, slots=True)
class Loadout:
    """What the models of one type carry once options are applied: (reference, models carrying)."""

    model: ModelSpec
    count: int
    weapons: tuple[tuple[Ref, int], ...]
    rules: tuple[tuple[Ref, int], ...]


@dataclass(frozen=True, slots=True)
class RosterUnit:
    id: str
    name: str
    datasheet_key: str
    datasheet: DatasheetSpec | None
    faction_key: str
    force_id: str | None
    model_counts: tuple[tuple[str, int], ...]
    choices: tuple[TakenChoice, ...]
    specialty: str | None
    points: int
    focus_key: str | None  # the focus that applies to this unit: its force's
    # models that add_model options bring, by model template key: (key, count)
    added_models: tuple[tuple[str, int], ...] = ()
    # False for a campaign unit that is dead or disbanded: kept in the list for the record, but
    # the engine checks and totals only the units still in the army (see `Roster.in_play`)
    active: bool = True
    # unit_loadout's answer, kept once computed: several checks read it
    _loadout: tuple[Loadout, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def total_models(self) -> int:
        """Every model of the unit: its datasheet's and those its options add."""
        return sum(count for _, count in self.model_counts) + self.added_count

    @property
    def added_count(self) -> int:
        return sum(count for _, count in self.added_models)

    def added_of(self, template_key: str | None) -> int:
        """How many models of this model template the unit's add_model choices bring."""
        return sum(count for key, count in self.added_models if key == template_key)

    def count_of(self, model_id: str | None) -> int:
        model_id = model_id or ""
        for key, count in self.model_counts:
            if key == model_id:
                return count
        return 0

    @property
    def category(self) -> str | None:
        return self.datasheet.category if self.datasheet else None


@dataclass(frozen=True, slots=True)
class RosterForce:
    id: str
    organization_key: str | None
    organization: ForceOrganizationSpec | None
    faction_key: str
    faction: FactionSpec | None
    allied: bool
    # this force's focus (Battle Forge: "any force can choose a focus"), of its own faction
    focus_key: str | None = None
    focus: FocusSpec | None = None
    # the name every page and message calls it, told apart from forces sharing its name:
    # "Generalist", "Generalist (Vampire Lords)" beside a Haunting Ghosts one, "Generalist (2)"
    label: str = ""
    # the same with its faction always said, for menus that offer forces of several factions
    label_with_faction: str = ""

    @property
    def faction_name(self) -> str:
        return self.faction.name if self.faction else self.faction_key


@dataclass(frozen=True, slots=True)
class RosterLegend:
    key: str
    legend: LegendSpec | None
    unit_id: str | None

    @property
    def points(self) -> int:
        return self.legend.points if self.legend else 0


@dataclass(frozen=True)
class Roster:
    document: ListDocument
    catalog: Catalog
    faction_key: str
    faction: FactionSpec | None
    focus_key: str | None
    focus: FocusSpec | None
    forces: tuple[RosterForce, ...]
    units: tuple[RosterUnit, ...]
    legends: tuple[RosterLegend, ...]
    issues: tuple[Issue, ...] = field(default=())

    @property
    def points_limit(self) -> int:
        return self.document.points_limit

    @property
    def casual(self) -> bool:
        return self.document.casual

    @property
    def params(self):
        return self.catalog.params

    @property
    def ruleset(self):
        return self.catalog.ruleset

    @property
    def points(self) -> int:
        return sum(u.points for u in self.units) + sum(leg.points for leg in self.legends)

    def unit(self, unit_id: str) -> RosterUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def in_play(self) -> Roster:
        """The roster without its dead and disbanded campaign units, which every check and
        total leaves out (the campaign check reads their state from the document)."""
        if all(u.active for u in self.units):
            return self
        active = {u.id for u in self.units if u.active}
        return replace(
            self,
            units=tuple(u for u in self.units if u.active),
            legends=tuple(g for g in self.legends if g.unit_id is None or g.unit_id in active),
            issues=tuple(i for i in self.issues if i.unit is None or i.unit in active),
        )

    def force(self, force_id: str | None) -> RosterForce | None:
        return next((f for f in self.forces if f.id == force_id), None)

    def units_in(self, force_id: str) -> list[RosterUnit]:
        return [u for u in self.units if u.force_id == force_id]

    def focus_of(self, unit: RosterUnit) -> FocusSpec | None:
        """The focus that applies to `unit`: its force's (see `RosterUnit.focus_key`)."""
        if unit.focus_key is None:
            return None
        return self.catalog.focuses(unit.faction_key).get(unit.focus_key)

    def focus_keys(self, faction_key: str) -> set[str | None]:
        """The focuses in play for a faction's units: those of its forces (None: a force without
        one); with no force of the faction, the list's focus for its own faction."""
        keys = {f.focus_key for f in self.forces if f.faction_key == faction_key}
        if not keys:
            keys = {self.focus_key if faction_key == self.faction_key else None}
        return keys


_memos: WeakKeyDictionary[Catalog, dict[str, dict]] = WeakKeyDictionary()


def catalog_memo(catalog: Catalog, name: str) -> dict:
    """A cache that lives as long as `catalog`: a catalogue never changes, so neither does what
    the engine derives from it (a new module revision makes a new catalogue)."""
    memos = _memos.get(catalog)
    if memos is None:
        memos = _memos.setdefault(catalog, {})
    return memos.setdefault(name, {})


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
    focus = None
    if document.focus is not None:
        focus = catalog.focuses(document.faction).get(document.focus)
        if focus is None:
            issues.append(
                Issue(
                    "unknown-focus",
                    f"{_name(faction, document.faction)} has no focus '{document.focus}'.",
                )
            )
    forces = []
    for force in document.forces:
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
        force_focus = None
        if force.focus is not None:
            force_focus = catalog.focuses(force.faction).get(force.focus)
            if force_focus is None and not (force.focus == document.focus and focus is None):
                # (a list focus the faction lacks, copied onto its forces, is reported once)
                issues.append(
                    Issue(
                        "unknown-focus",
                        f"{_name(force_faction, force.faction)} has no focus '{force.focus}'.",
                    )
                )
        forces.append(
            RosterForce(
                force.id,
                force.organization,
                org,
                force.faction,
                force_faction,
                allied=force.faction != document.faction,
                focus_key=force.focus if force_focus else None,
                focus=force_focus,
            )
        )
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


def _name(faction: FactionSpec | None, key: str) -> str:
    return faction.name if faction else key


def _unit(
    unit, faction_key: str, focus_key: str | None, catalog: Catalog, issues: list[Issue]
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


def _model_counts(unit, sheet: DatasheetSpec, issues: list[Issue]) -> list[tuple[str, int]]:
    """(model id, how many) for each model type of the sheet; unknown model types are issues."""
    known_models = {m.id for m in sheet.models}
    for model_id in unit.models:
        if model_id not in known_models:
            issues.append(
                Issue("unknown-model", f"{sheet.name} has no model '{model_id}'.", unit.id)
            )
    return [(m.id or "", unit.models.get(m.id or "", m.min)) for m in sheet.models]


def _taken_choices(
    unit, sheet: DatasheetSpec, count_of: dict[str, int], catalog: Catalog, issues: list[Issue]
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


def _model_loadout(model: ModelSpec, n: int, sheet_rules, choices) -> Loadout:
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


def available_under_focus(
    focuses: tuple[str, ...], roster: Roster, focus_key: str | None, faction_key: str | None = None
) -> bool:
    """Whether an item naming `focuses` may be taken under `focus_key`, a focus of `faction_key`
    (the list's faction unless given: an allied force's focus is of its own faction)."""
    if not focuses:  # most items name no focus
        return True
    if focus_key is None:
        return focus_allows(focuses, None, False)
    focus = roster.catalog.focuses(faction_key or roster.faction_key).get(focus_key)
    return focus_allows(focuses, focus_key, bool(focus and focus.restricted))
