"""View-models for the list editor: plain values the templates render, built from a report."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from factions.cards import Card, choice_label, price_text
from factions.catalog import Catalog
from forgebuilder.armylists.rules.checks.casters import is_caster
from forgebuilder.armylists.rules.checks.common import allowed_picks
from forgebuilder.armylists.rules.checks.forces import ally_problem
from forgebuilder.armylists.rules.roster import Roster, RosterUnit, available_under_focus

from .cards import chosen_card
from .catalogue import catalogue_view
from .extensions import extensions
from .listdoc import POINTS_LIMIT_MAX, POINTS_LIMIT_MIN
from .models import ArmyList
from .pre_game import pre_game_panel
from .rules import Report
from .rules.base import SlotStatus

# Labels that fit the totals bar on a phone; the full label stays in a tooltip.
SHORT_LABELS = {
    "sp_income": "SP / round",
    "sp_spent": "SP spent",
    "sp_left": "SP left",
    "sp_round_one": "SP in round 1",
    "advantage": "Advantage",
    "command_points": "Command pts",
}


# What the editor's templates read that only some renders set: the parts an edit redraws
# elsewhere on the page (`oob`, views/edit.py), the unit whose Edit panel a link opens (?edit=).
UNSET_BY_DEFAULT = {"oob": False, "open_unit": ""}


@dataclass(frozen=True)
class TotalView:
    key: str
    label: str
    short: str
    value: int
    limit: int | None
    detail: str
    about: str = ""


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
    units = _unit_views(army_list, roster, report, focus_units)
    forces = _forces(catalog, roster, report, units)
    for force in forces:
        for i, unit in enumerate(force.units):
            unit.first, unit.last = i == 0, i == len(force.units) - 1
    violations = _violations(roster, report)
    points = report.total("points")
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
        "points": points,
        "points_limit_bounds": (POINTS_LIMIT_MIN, POINTS_LIMIT_MAX),
        "points_percent": min(100, round(100 * points.value / max(points.limit or 1, 1))),
        "other_totals": _other_totals(report),
        "catalogue": catalogue_view(roster, report, adding_to=adding_to, query=query)
        if with_catalogue
        else None,
        # drawn by full pages only, not by the fragments an edit answers with
        "legends": SimpleLazyObject(lambda: _legends(catalog, roster)),
        "force_types": SimpleLazyObject(lambda: _force_types(catalog, roster)),
        "pre_game": SimpleLazyObject(lambda: pre_game_panel(roster, report)),
        "focuses": list(catalog.focuses(roster.faction_key).items()),
        "doctrines": [(k, d) for k, d in catalog.spec.doctrines.items() if not d.universal],
    }


def _unit_views(
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


def _violations(roster: Roster, report: Report) -> list[ViolationView]:
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


def _other_totals(report: Report) -> list[TotalView]:
    """The totals beside points, with the short labels that fit the bar on a phone."""
    return [
        TotalView(
            t.key, t.label, SHORT_LABELS.get(t.key, t.label), t.value, t.limit, t.detail, t.about
        )
        for t in report.totals
        if t.key != "points"
    ]


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
    view.card = chosen_card(roster, unit)
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
    from factions.cards import option_line

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


def _forces(
    catalog: Catalog, roster: Roster, report: Report, units: dict[str, UnitView]
) -> list[ForceView]:
    out = []
    for force in roster.forces:
        members = [units[u.id] for u in roster.units_in(force.id)]
        out.append(
            ForceView(
                force.id,
                force.label,
                force.faction_key,
                force.organization.cost if force.organization else None,
                force.faction_name,
                force.allied,
                report.slots.get(force.id, ()),
                members,
                [
                    (key, f"{focus.name} (restricted)" if focus.restricted else focus.name)
                    for key, focus in catalog.focuses(force.faction_key).items()
                ],
                force.focus_key,
            )
        )
    loose = [units[u.id] for u in roster.units if roster.force(u.force_id) is None]
    if loose or not roster.forces:
        name = (
            "Not in a force organization"
            if roster.forces or catalog.ruleset.uses_force_organizations
            else "Units"
        )
        out.append(
            ForceView(
                None,
                name,
                roster.faction_key,
                None,
                roster.faction.name if roster.faction else "",
                False,
                (),
                loose,
            )
        )
    return out


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
