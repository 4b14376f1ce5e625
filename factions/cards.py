"""Datasheet cards: what players read, built from the catalogue as plain values for templates.

The same card feeds the catalogue pages, the list editor's preview, the share page and the PDF.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from factions.catalog import Catalog
from factions.gamedata.refs import Ref
from factions.gamedata.schemas import ChoiceSpec, DatasheetSpec, ModelSpec, OptionSpec, WeaponSpec

VERB_PHRASES = {
    "replace_weapon": "Replace {old} with",
    "replace_rule": "Replace {old} with",
    "replace_model": "Replace {old} with",
    "add_weapon": "Add",
    "add_rule": "Upgrade with",
    "remove_rule": "Remove",
    "add_model": "Add",
}


@dataclass(frozen=True)
class RuleChip:
    id: str
    label: str
    description: str
    short: str = ""  # one line the editor shows before the full text is opened


@dataclass(frozen=True)
class ModelRow:
    name: str
    count: str
    stats: tuple[str, ...]
    rules: tuple[RuleChip, ...] = ()


@dataclass(frozen=True)
class WeaponRow:
    name: str
    range: str
    stats: tuple[str, ...]
    rules: tuple[RuleChip, ...] = ()
    carried_by: str = ""


@dataclass(frozen=True)
class OptionLine:
    text: str
    choices: tuple[tuple[str, str], ...] = ()  # (label, price)
    limit: str = ""


@dataclass
class Card:
    key: str
    title: str
    datasheet_name: str
    points: int
    category: str
    keywords: tuple[str, ...]
    stat_headers: tuple[tuple[str, str], ...]
    weapon_headers: tuple[tuple[str, str], ...]
    models: list[ModelRow] = field(default_factory=list)
    weapons: list[WeaponRow] = field(default_factory=list)
    rules: list[RuleChip] = field(default_factory=list)
    options: list[OptionLine] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    chosen: bool = False
    extras: list[tuple[str, str]] = field(default_factory=list)  # (heading, text): legend, powers


# What a player reads for a rule the source data names but never defines.
NO_RULE_TEXT = "(no rule text in the source data)"
# Imports name such rules "<id> (not found)"; players see the name and NO_RULE_TEXT instead.
PLACEHOLDER_SUFFIX = " (not found)"


def rule_name_and_text(rule, label: str) -> tuple[str, str]:
    """A rule's name and text as players read them, data gaps shown kindly."""
    if rule is None:
        return label, NO_RULE_TEXT
    if rule.name.endswith(PLACEHOLDER_SUFFIX):
        return label.replace(PLACEHOLDER_SUFFIX, "", 1), NO_RULE_TEXT
    return label, rule.description or NO_RULE_TEXT


def rule_chips(
    catalog: Catalog, faction: str | None, refs: tuple[Ref, ...]
) -> tuple[RuleChip, ...]:
    chips = []
    for ref in refs:
        rule = catalog.rule(faction, ref.id)
        if rule is not None and rule.hidden:
            continue
        label, description = rule_name_and_text(rule, catalog.rule_label(faction, ref))
        short = getattr(rule, "short", "") if description != NO_RULE_TEXT else ""
        chips.append(RuleChip(ref.id, label, description, short))
    return tuple(chips)


def model_row(catalog: Catalog, faction: str, model, count: str) -> ModelRow:
    stats = tuple(stat.display(model.stats.get(stat.key)) for stat in catalog.ruleset.model_stats)
    return ModelRow(model.name, count, stats, rule_chips(catalog, faction, model.rules))


def weapon_rows(catalog: Catalog, faction: str, ref: Ref, carried_by: str = "") -> list[WeaponRow]:
    weapon: WeaponSpec | None = catalog.weapon(faction, ref.id)
    label = catalog.weapon_label(faction, ref)
    blank = tuple("-" for _ in catalog.ruleset.weapon_stats)
    if weapon is None:
        return [WeaponRow(label, "-", blank, carried_by=carried_by)]
    rows = []
    if weapon.range is not None:
        rows.append(_weapon_row(catalog, faction, label, weapon, carried_by))
    for profile in weapon.profiles:
        rows.append(_weapon_row(catalog, faction, f"{label} – {profile.name}", profile, carried_by))
    return rows


def _weapon_row(catalog: Catalog, faction: str, label: str, profile, carried_by: str) -> WeaponRow:
    stats = tuple(
        stat.display(profile.stats.get(stat.key)) for stat in catalog.ruleset.weapon_stats
    )
    reach = profile.range.display() if profile.range else "-"
    return WeaponRow(label, reach, stats, rule_chips(catalog, faction, profile.rules), carried_by)


def count_text(model: ModelSpec) -> str:
    top = model.max_count
    return str(model.min) if top == model.min else f"{model.min}-{top}"


def item_labeller(catalog: Catalog, verb: str):
    """How the items of an option with this verb are named: weapons, rules or models."""
    if verb in ("replace_weapon", "add_weapon"):
        return catalog.weapon_label
    if verb in ("add_model", "replace_model"):

        def model_label(faction: str | None, ref: Ref) -> str:
            template = catalog.model_template(faction, ref.id)
            return ref.display(template.name if template else ref.id)

        return model_label
    return catalog.rule_label


def option_line(
    catalog: Catalog, faction: str, model: ModelSpec | None, option: OptionSpec
) -> OptionLine:
    label_of = item_labeller(catalog, option.verb)
    old = ", ".join(label_of(faction, ref) for ref in option.replace)
    if option.verb == "replace_model" and model is not None:
        old = model.name
    text = VERB_PHRASES[option.verb].format(old=old)
    if option.label:
        text = f"{option.label}: {text[0].lower()}{text[1:]}"
    if option.added_model is not None:
        # an option of the models an add_model option brings: say whose it is
        template = catalog.model_template(faction, option.added_model)
        name = template.name if template else option.added_model
        text = f"{name}: {text[0].lower()}{text[1:]}"
    choices = tuple(
        (choice_label(catalog, faction, option, choice), price_text(option, choice))
        for choice in option.choices
    )
    limit = ""
    if option.model_limit is not None:
        limit = option.model_limit.display()
    elif model is not None:
        limit = "any model" if model.max_count > 1 else ""
    elif option.added_model is not None:
        limit = f"each {name}"
    if option.limit and option.limit > 1:
        limit = f"{limit}, up to {option.limit} each".strip(", ")
    return OptionLine(text, choices, limit)


def choice_label(catalog: Catalog, faction: str, option: OptionSpec, choice: ChoiceSpec) -> str:
    """A choice as players read it: its label, or its items by name ("Crossbow + Shield")."""
    if choice.label:
        return choice.label
    label_of = item_labeller(catalog, option.verb)
    return " + ".join(label_of(faction, ref) for ref in choice.items)


def price_text(option: OptionSpec, choice: ChoiceSpec) -> str:
    sign = "+" if choice.points >= 0 else "−"
    text = f"{sign}{abs(choice.points)} pts"
    return f"{text} per model" if option.per_model else text


def datasheet_card(catalog: Catalog, faction: str, key: str, sheet: DatasheetSpec) -> Card:
    """The card of a datasheet as published: default models, equipment and every option."""
    ruleset = catalog.ruleset
    card = Card(
        key=key,
        title=sheet.name,
        datasheet_name=sheet.name,
        points=sheet.points,
        category=catalog.category_name(sheet.category),
        keywords=sheet.keywords,
        stat_headers=tuple((s.abbr, s.name) for s in ruleset.model_stats),
        weapon_headers=tuple((s.abbr, s.name) for s in ruleset.weapon_stats),
        rules=list(rule_chips(catalog, faction, sheet.rules)),
    )
    for model in sheet.models:
        card.models.append(model_row(catalog, faction, model, count_text(model)))
        carried = model.name if len(sheet.models) > 1 else ""
        for ref in model.weapons:
            card.weapons.extend(weapon_rows(catalog, faction, ref, carried))
        if model.max_count > model.min and model.extra_model_points is not None:
            card.options.append(
                OptionLine(
                    f"Up to {model.max_count - model.min} more {model.name}",
                    (("each", f"+{model.extra_model_points} pts"),),
                )
            )
    for on_model, option in sheet.all_options():
        card.options.append(option_line(catalog, faction, on_model, option))
    if sheet.unit_type:
        card.facts.append(sheet.unit_type.capitalize())
    return card
