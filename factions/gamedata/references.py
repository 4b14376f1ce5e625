"""Cross-reference and ruleset checks of a validated module.

Every id a module uses must exist where it is used (a faction sees its own entries and the
module's); every stat must be one its ruleset knows. `check_module` yields (path parts, message);
`module_findings` yields the same as `Finding`s that also say which unknown id they are about.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from factions.rulesets import Ruleset, registry

from .problems import pydantic_message
from .schemas import (
    MODEL_VERBS,
    RULE_VERBS,
    WEAPON_VERBS,
    ContentSpec,
    DatasheetSpec,
    FactionSpec,
    ModelSpec,
    ModuleSpec,
    OptionSpec,
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem of a validated module: where (path parts), what, and the id it is about."""

    path: tuple[object, ...]
    message: str
    # (kind, id) when the finding is about an id nobody defines: ("weapon", "halberd")
    about: tuple[str, str] | None = None


@dataclass(frozen=True)
class Scope:
    """What ids are visible at one place: a faction's entries over the module's."""

    module: ModuleSpec
    faction: FactionSpec | None
    ruleset: Ruleset | None

    def _has(self, attr: str, key: str) -> bool:
        layers: list[ContentSpec] = [self.module] + ([self.faction] if self.faction else [])
        return any(key in getattr(layer, attr) for layer in layers)

    def rule(self, key: str):
        if self.faction and key in self.faction.rules:
            return self.faction.rules[key]
        return self.module.rules.get(key)

    def known(self, attr: str) -> list[str]:
        """Every id of `attr` visible here (the module's, then the faction's)."""
        layers: list[ContentSpec] = [self.module] + ([self.faction] if self.faction else [])
        return list(dict.fromkeys(key for layer in layers for key in getattr(layer, attr)))

    def has_weapon(self, key: str) -> bool:
        return self._has("weapons", key)

    def has_template(self, key: str) -> bool:
        return self._has("model_templates", key)

    def template(self, key: str):
        if self.faction and key in self.faction.model_templates:
            return self.faction.model_templates[key]
        return self.module.model_templates.get(key)

    def has_specialty(self, key: str) -> bool:
        return self._has("power_specialties", key)

    def has_focus(self, key: str) -> bool:
        return key == "none" or self._has("focuses", key)


def check_module(spec: ModuleSpec) -> Iterator[tuple[tuple[object, ...], str]]:
    """(path parts, message) for every unknown id and every stat that does not fit the ruleset."""
    for finding in module_findings(spec):
        yield finding.path, finding.message


def module_findings(spec: ModuleSpec) -> Iterator[Finding]:
    ruleset = registry.get(spec.ruleset) if spec.ruleset in registry else None
    if ruleset is None:
        known = [r.key for r in registry]
        yield Finding(
            ("ruleset",), _unknown("ruleset", spec.ruleset, known), ("ruleset", spec.ruleset)
        )
    else:
        yield from _parameters(spec, ruleset)
    module_scope = Scope(spec, None, ruleset)
    yield from _content(spec, module_scope, ())
    for key, faction in spec.factions.items():
        where = ("factions", key)
        if faction.alliance and faction.alliance not in spec.alliances:
            yield Finding(
                (*where, "alliance"),
                _unknown("alliance", faction.alliance, spec.alliances),
                ("alliance", faction.alliance),
            )
        scope = Scope(spec, faction, ruleset)
        yield from _content(faction, scope, where)
        for sheet_key, sheet in faction.datasheets.items():
            yield from _datasheet(sheet, scope, (*where, "datasheets", sheet_key))


def _parameters(spec: ModuleSpec, ruleset: Ruleset) -> Iterator[Finding]:
    try:
        ruleset.parameters.model_validate(spec.parameters)
    except ValidationError as exc:
        for error in exc.errors(include_url=False):
            loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
            if error["type"] == "extra_forbidden":
                known = list(ruleset.parameters.model_fields)
                message = f"'{loc[-1]}' is not a parameter of {ruleset.name}" + _hint(
                    str(loc[-1]), known
                )
            else:
                message = pydantic_message(error)
            yield Finding(("parameters", *loc), message)


def _legend(legend, scope: Scope, path: tuple[object, ...]) -> Iterator[Finding]:
    """A legend's rule, weapon, the categories and datasheets it applies to, its focuses."""
    categories = scope.module.categories
    if legend.rule:
        yield from _rule_refs((legend.rule,), scope, (*path, "rule"), single=True)
    if legend.weapon:
        yield from _weapon_refs((legend.weapon,), scope, (*path, "weapon"), single=True)
    for i, cat in enumerate(legend.applies_to.categories):
        if cat not in categories:
            yield Finding(
                (*path, "applies_to", "categories", i),
                _unknown("category", cat, categories),
                ("category", cat),
            )
    if scope.faction is not None:
        for i, sheet in enumerate(legend.applies_to.datasheets):
            if sheet not in scope.faction.datasheets:
                yield Finding(
                    (*path, "applies_to", "datasheets", i),
                    _unknown("datasheet", sheet, scope.faction.datasheets),
                    ("datasheet", sheet),
                )
    yield from _focuses(legend.focuses, scope, (*path, "focuses"))


def _content(content: ContentSpec, scope: Scope, where: tuple[object, ...]) -> Iterator[Finding]:
    categories = scope.module.categories
    for key, org in content.force_organizations.items():
        for cat in org.slots:
            if cat not in categories:
                yield Finding(
                    (*where, "force_organizations", key, "slots", cat),
                    _unknown("category", cat, categories),
                    ("category", cat),
                )
    for key, weapon in content.weapons.items():
        path = (*where, "weapons", key)
        if weapon.range is not None or weapon.stats:
            # a weapon given only as profiles has no stat-line of its own
            yield from _stats(weapon.stats, scope, (*path, "stats"), "weapon")
        yield from _rule_refs(weapon.rules, scope, (*path, "rules"))
        for i, profile in enumerate(weapon.profiles):
            ppath = (*path, "profiles", i)
            yield from _stats(profile.stats, scope, (*ppath, "stats"), "weapon")
            yield from _rule_refs(profile.rules, scope, (*ppath, "rules"))
    for key, template in content.model_templates.items():
        path = (*where, "model_templates", key)
        yield from _stats(template.stats, scope, (*path, "stats"), "model")
        yield from _weapon_refs(template.weapons, scope, (*path, "weapons"))
        yield from _rule_refs(template.rules, scope, (*path, "rules"))
    for key, legend in content.legends.items():
        yield from _legend(legend, scope, (*where, "legends", key))
    for key, strategy in content.strategies.items():
        path = (*where, "strategies", key)
        if strategy.doctrine and strategy.doctrine not in scope.module.doctrines:
            yield Finding(
                (*path, "doctrine"),
                _unknown("doctrine", strategy.doctrine, scope.module.doctrines),
                ("doctrine", strategy.doctrine),
            )
        yield from _focuses(strategy.focuses, scope, (*path, "focuses"))
    for key, power in content.powers.items():
        path = (*where, "powers", key)
        if power.specialty and not scope.has_specialty(power.specialty):
            yield Finding(
                (*path, "specialty"),
                _unknown("power specialty", power.specialty, scope.known("power_specialties")),
                ("power specialty", power.specialty),
            )
        yield from _focuses(power.focuses, scope, (*path, "focuses"))
    for key, specialty in content.power_specialties.items():
        yield from _focuses(specialty.focuses, scope, (*where, "power_specialties", key, "focuses"))


def _datasheet(sheet: DatasheetSpec, scope: Scope, path: tuple[object, ...]) -> Iterator[Finding]:
    ruleset = scope.ruleset
    categories = scope.module.categories
    if sheet.category is None:
        if ruleset is not None and ruleset.uses_force_organizations:
            names = ", ".join(categories) or "none defined"
            yield Finding(
                (*path, "category"),
                f"{ruleset.name} datasheets need a category (known: {names})",
            )
    elif sheet.category not in categories:
        yield Finding(
            (*path, "category"),
            _unknown("category", sheet.category, categories),
            ("category", sheet.category),
        )
    if ruleset is not None and ruleset.unit_types:
        if sheet.unit_type not in ruleset.unit_types:
            kinds = ", ".join(ruleset.unit_types)
            yield Finding(
                (*path, "unit_type"), f"unit_type must be one of {kinds}, not {sheet.unit_type!r}"
            )
    elif sheet.unit_type is not None:
        yield Finding(
            (*path, "unit_type"),
            f"{ruleset.name if ruleset else 'this ruleset'} has no unit types; remove unit_type",
        )
    yield from _focuses(sheet.focuses, scope, (*path, "focuses"))
    yield from _rule_refs(sheet.rules, scope, (*path, "rules"))
    for i, model in enumerate(sheet.models):
        mpath = (*path, "models", i)
        yield from _stats(model.stats, scope, (*mpath, "stats"), "model")
        yield from _weapon_refs(model.weapons, scope, (*mpath, "weapons"))
        yield from _rule_refs(model.rules, scope, (*mpath, "rules"))
        for j, option in enumerate(model.options):
            yield from _option(option, sheet, model, scope, (*mpath, "options", j))
    for j, unit_option in enumerate(sheet.options):
        yield from _option(unit_option, sheet, None, scope, (*path, "options", j))


def _option(
    option: OptionSpec,
    sheet: DatasheetSpec,
    model: ModelSpec | None,
    scope: Scope,
    path: tuple[object, ...],
) -> Iterator[Finding]:
    yield from _focuses(option.focuses, scope, (*path, "focuses"))
    carriers = [model] if model is not None else list(sheet.models)
    if option.added_model is not None:
        template = scope.template(option.added_model)
        brought = {
            ref.id
            for other in sheet.options
            if other.verb == "add_model"
            for choice in other.choices
            for ref in choice.items
        }
        if template is None:
            yield Finding(
                (*path, "added_model"),
                _unknown_model(option.added_model),
                ("model", option.added_model),
            )
            carriers = []
        else:
            carriers = [template]
            if option.added_model not in brought:
                yield Finding(
                    (*path, "added_model"),
                    f"no add_model option of this datasheet brings model '{option.added_model}'",
                )
    for i, ref in enumerate(option.replace):
        rpath = (*path, "replace", i)
        if option.verb in WEAPON_VERBS:
            yield from _weapon_refs((ref,), scope, rpath, single=True)
            if not any(ref.id in {w.id for w in m.weapons} for m in carriers):
                yield Finding(
                    rpath, f"replaces weapon '{ref.id}', which {_who(model, option)} does not carry"
                )
        elif option.verb in RULE_VERBS:
            yield from _rule_refs((ref,), scope, rpath, single=True)
            held = {r.id for r in sheet.rules} | {r.id for m in carriers for r in m.rules}
            if ref.id not in held:  # (an added model also has the unit's rules)
                yield Finding(
                    rpath, f"replaces rule '{ref.id}', which {_who(model, option)} does not have"
                )
        elif not scope.has_template(ref.id) and (model is None or ref.id != model.id):
            yield Finding(rpath, _unknown_model(ref.id), ("model", ref.id))
    yield from _choices(option, sheet, carriers, scope, path)


def _choices(
    option: OptionSpec,
    sheet: DatasheetSpec,
    carriers: list,
    scope: Scope,
    path: tuple[object, ...],
) -> Iterator[Finding]:
    """What each choice of the option gives: weapons, rules (a removed one must be held) or
    models, each known to the module."""
    for i, choice in enumerate(option.choices):
        cpath = (*path, "choices", i, "items")
        if option.verb in WEAPON_VERBS:
            yield from _weapon_refs(choice.items, scope, cpath)
        elif option.verb in RULE_VERBS:
            yield from _rule_refs(choice.items, scope, cpath)
            if option.verb == "remove_rule":
                held = {r.id for r in sheet.rules} | {r.id for m in carriers for r in m.rules}
                for k, ref in enumerate(choice.items):
                    if ref.id not in held:
                        yield Finding(
                            (*cpath, k), f"removes rule '{ref.id}', which the unit does not have"
                        )
        elif option.verb in MODEL_VERBS:
            for k, ref in enumerate(choice.items):
                if not scope.has_template(ref.id):
                    yield Finding((*cpath, k), _unknown_model(ref.id), ("model", ref.id))


def _who(model: ModelSpec | None, option: OptionSpec | None = None) -> str:
    if option is not None and option.added_model is not None:
        return f"model '{option.added_model}'"
    return f"model '{model.id}'" if model is not None else "no model of the unit"


def _stats(
    stats: dict[str, Any], scope: Scope, path: tuple[object, ...], kind: str
) -> Iterator[Finding]:
    if scope.ruleset is None:
        return
    for key, message in scope.ruleset.stat_problems(stats, kind=kind):  # type: ignore[arg-type]
        yield Finding((*path, key), message)


def _rule_refs(
    refs, scope: Scope, path: tuple[object, ...], single: bool = False
) -> Iterator[Finding]:
    for i, ref in enumerate(refs):
        rpath = path if single else (*path, i)
        rule = scope.rule(ref.id)
        if rule is None:
            message = f"unknown rule '{ref.id}'" + _close(ref.id, scope.known("rules"))
            yield Finding(rpath, message, ("rule", ref.id))
        elif ref.x is not None and not rule.takes_value:
            message = (
                f"rule '{ref.id}' takes no value, but '{ref.shorthand}' gives one "
                "(set takes_value: true on the rule if it should)"
            )
            yield Finding(rpath, message, ("rule", ref.id))


def _weapon_refs(
    refs, scope: Scope, path: tuple[object, ...], single: bool = False
) -> Iterator[Finding]:
    for i, ref in enumerate(refs):
        if not scope.has_weapon(ref.id):
            message = f"unknown weapon '{ref.id}'" + _close(ref.id, scope.known("weapons"))
            yield Finding(path if single else (*path, i), message, ("weapon", ref.id))


def _focuses(focuses, scope: Scope, path: tuple[object, ...]) -> Iterator[Finding]:
    for i, key in enumerate(focuses):
        if not scope.has_focus(key):
            yield Finding(
                (*path, i),
                f"unknown focus '{key}' (use a focus id of the faction, or 'none')",
                ("focus", key),
            )


def _unknown_model(key: str) -> str:
    return f"unknown model '{key}' (add it under model_templates)"


def _unknown(kind: str, key: str, known: Iterable[str]) -> str:
    names = ", ".join(known) or "none defined"
    return f"unknown {kind} '{key}' (known: {names})"


def _close(key: str, known: list[str]) -> str:
    """` (did you mean 'x'?)` when a known id is close to `key`, else nothing."""
    match = difflib.get_close_matches(key, known, n=1, cutoff=0.75)
    return f" (did you mean '{match[0]}'?)" if match else ""


def _hint(key: str, known: list[str]) -> str:
    match = difflib.get_close_matches(key, known, n=1)
    return f" (did you mean '{match[0]}'?)" if match else f" (known: {', '.join(known)})"
