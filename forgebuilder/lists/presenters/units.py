"""The editor's view of each unit: its controls (models, options, powers, moves) and its card."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse

from factions.cards import Card, choice_label, option_line, price_text
from factions.catalog import Catalog
from forgebuilder.engine.api import (
    Report,
    Roster,
    RosterUnit,
    allowed_picks,
    available_under_focus,
    chosen_card,
    is_caster,
)
from forgebuilder.lists.models import ArmyList


@dataclass
class ModelStepper:
    id: str
    name: str
    count: int
    min: int
    max: int

    @property
    def steps_of_five(self) -> bool:
        """A unit that can grow or shrink by 5 or more offers -5 and +5 as well as -1 and +1."""
        return self.max - self.min >= 5

    @property
    def five_fewer(self) -> int:
        return max(self.min, self.count - 5)

    @property
    def five_more(self) -> int:
        return min(self.max, self.count + 5)


@dataclass
class ChoiceControl:
    id: str
    label: str
    price: str
    count: int


@dataclass
class OptionControl:
    id: str
    text: str
    mode: str  # "select": one alternative of several; "toggle": take or not; "counts": how many
    allowed: int
    choices: list[ChoiceControl]
    selected: str = ""
    taken: int = 0


@dataclass
class UnitView:
    id: str
    url: str  # the unit's edit URLs are this plus the action ("models", "option"...)
    name: str
    custom_name: str
    datasheet_name: str
    points: int
    category: str
    faction_key: str
    force_id: str | None
    models: list[ModelStepper] = field(default_factory=list)
    options: list[OptionControl] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    has_errors: bool = False
    facts: tuple[str, ...] = ()
    model_count: int = 0
    specialties: list[tuple[str, str]] = field(default_factory=list)
    specialty: str = ""
    caster: bool = False
    legends: list[str] = field(default_factory=list)
    move_targets: list[tuple[str, str]] = field(default_factory=list)
    first: bool = False
    last: bool = False
    known: bool = True
    card: Card | None = None  # the profile as chosen, the same card the share page and PDF show


def unit_views(
    army_list: ArmyList, roster: Roster, report: Report, focus_units: set[str] | None
) -> dict[str, UnitView]:
    """Each unit's view by id: in full when `focus_units` is None or names it."""
    base = reverse("armylists:unit_models", args=[army_list.public_id, "UNIT"]).removesuffix(
        "UNIT/models"
    )
    custom_names = {u.id: u.name for u in roster.document.units}
    return {
        u.id: _unit_view(
            roster.catalog,
            roster,
            report,
            u,
            f"{base}{u.id}/",
            full=focus_units is None or u.id in focus_units,
            custom_name=custom_names.get(u.id, ""),
        )
        for u in roster.units
    }


def _unit_view(
    catalog: Catalog,
    roster: Roster,
    report: Report,
    unit: RosterUnit,
    url: str,
    *,
    full: bool,
    custom_name: str,
) -> UnitView:
    sheet = unit.datasheet
    view = UnitView(
        id=unit.id,
        url=url,
        name=unit.name,
        custom_name=custom_name,
        datasheet_name=sheet.name if sheet else unit.datasheet_key,
        points=unit.points,
        category=catalog.category_name(unit.category),
        faction_key=unit.faction_key,
        force_id=unit.force_id,
        facts=report.unit_facts.get(unit.id, ()),
        model_count=unit.total_models,
        known=sheet is not None,
    )
    problems = report.violations_for(unit.id)
    view.problems = [v.message for v in problems]
    view.has_errors = any(v.severity == "error" for v in problems)
    if not full:
        return view  # a unit an edit does not redraw: its name and problems are enough
    view.legends = [
        leg.legend.name for leg in roster.legends if leg.unit_id == unit.id and leg.legend
    ]
    view.move_targets = _move_targets(roster, unit)
    if sheet is None:
        return view
    view.card = chosen_card(roster, unit, report)
    view.models = [
        ModelStepper(
            model.id or "", model.name, unit.count_of(model.id), model.min, model.max_count
        )
        for model in sheet.models
    ]
    view.options = _option_controls(catalog, roster, unit)
    view.caster = "caster_rule" in type(roster.params).model_fields and is_caster(roster, unit)
    if view.caster:
        view.specialties = [
            (k, s.name)
            for k, s in catalog.power_specialties(unit.faction_key).items()
            if available_under_focus(s.focuses, roster, unit.focus_key, unit.faction_key)
        ]
    view.specialty = unit.specialty or ""
    return view


def _move_targets(roster: Roster, unit: RosterUnit) -> list[tuple[str, str]]:
    """The other forces of the unit's faction it may move to, as (id, label)."""
    return [
        (f.id, f.label_with_faction)
        for f in roster.forces
        if f.faction_key == unit.faction_key and f.id != unit.force_id
    ]


def _option_controls(catalog: Catalog, roster: Roster, unit: RosterUnit) -> list[OptionControl]:
    """A control for each option the unit may take now (under its focus, its added models)."""
    sheet = unit.datasheet
    taken: dict = {}
    for t in unit.choices:
        taken.setdefault(t.option.id, {})[t.choice.id] = t.count
    total = unit.total_models
    controls = []
    for model, option in sheet.all_options():
        if not available_under_focus(option.focuses, roster, unit.focus_key, unit.faction_key):
            continue
        if option.added_model is not None:
            # an option of the models an add_model choice brings: offered once they are there
            n = unit.added_of(option.added_model)
            if not n and option.id not in taken:
                continue
        else:
            n = unit.count_of(model.id) if model is not None else total
        allowed = allowed_picks(option, n, total)
        chosen = taken.get(option.id, {})
        choices = [
            ChoiceControl(c.id or "", choice_label(catalog, unit.faction_key, option, c),
                          price_text(option, c), chosen.get(c.id, 0))
            for c in option.choices
        ]  # fmt: skip
        if option.per_model or (allowed <= 1 and len(choices) == 1):
            mode = "toggle"
        elif allowed <= 1:
            mode = "select"
        else:
            mode = "counts"
        controls.append(
            OptionControl(
                id=option.id or "",
                text=_option_text(catalog, unit, model, option),
                mode=mode,
                allowed=allowed,
                choices=choices,
                selected=next(iter(chosen), ""),
                taken=sum(chosen.values()),
            )
        )
    return controls


def _option_text(catalog: Catalog, unit: RosterUnit, model, option) -> str:
    line = option_line(catalog, unit.faction_key, model, option)
    who = f"{model.name}: " if model is not None and len(unit.datasheet.models) > 1 else ""
    limit = f" ({line.limit})" if line.limit else ""
    text = line.text
    if option.verb in ("add_rule", "add_weapon") and len(option.choices) == 1:
        # "Veterans", not "Veterans: upgrade with" before a single choice
        text = option.label or ("Add" if option.verb == "add_weapon" else "Take")
        if option.added_model is not None:  # whose it is: "Gun Platform: take"
            template = catalog.model_template(unit.faction_key, option.added_model)
            name = template.name if template else option.added_model
            text = f"{name}: {text[0].lower()}{text[1:]}"
    return f"{who}{text}{limit}"
