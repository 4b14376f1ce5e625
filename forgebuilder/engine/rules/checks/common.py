"""Checks every ruleset uses: matching ids, the points limit, unit composition and options."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from factions.gamedata.schemas import ModelSpec, OptionSpec
from forgebuilder.engine.rules.base import Check, Total, Violation, plural
from forgebuilder.engine.rules.loadouts import added_loadout, option_targets
from forgebuilder.engine.rules.roster import Roster, RosterUnit, TakenChoice, available_under_focus


class KnownReferences(Check):
    """Everything the list names exists in its module (datasheets, options, legends...)."""

    code = "unknown-reference"
    description = "Every datasheet, option, focus and legend the list uses exists in the module."
    casual = True

    def check(self, roster: Roster) -> Iterator[Violation]:
        for issue in roster.issues:
            yield self.error(
                issue.message,
                hint="The module may have changed since the list was made; remove or replace it.",
                units=(issue.unit,) if issue.unit else (),
                code=issue.code,
            )


class PointsLimit(Check):
    code = "points-over-limit"
    description = "The list's points total may not exceed the agreed points limit."
    casual = True

    def totals(self, roster: Roster) -> Iterator[Total]:
        yield Total("points", "Points", roster.points, roster.points_limit)
        yield Total("units", "Units", len(roster.units), about="Units in the list.")

    def check(self, roster: Roster) -> Iterator[Violation]:
        points = next(self.totals(roster))
        if points.over:
            over = points.value - roster.points_limit
            yield self.error(
                f"The list costs {roster.points} points, {over} over the limit of "
                f"{roster.points_limit}.",
                hint=f"Remove {over} points of units, models or options",
                or_raise="raise the limit",
            )


class ModelCounts(Check):
    code = "model-count"
    description = (
        "Each model type of a unit stays between its minimum and maximum, and a unit is one or "
        "more models."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        for unit, sheet in roster.with_datasheets():
            if unit.total_models == 0:
                yield self.error(
                    f"{unit.name} has no models; a unit is one or more models.",
                    hint="Add a model to it, or remove the unit.",
                    units=(unit.id,),
                    code="unit-without-models",
                )
            for model in sheet.models:
                n = unit.count_of(model.id)
                top = model.max_count
                if n < model.min:
                    yield self.error(
                        f"{unit.name} has {plural(n, 'model')} of type {model.name}; its datasheet "
                        f"needs at least {model.min}.",
                        hint=f"Add {model.min - n} {model.name}.",
                        units=(unit.id,),
                    )
                elif n > top:
                    yield self.error(
                        f"{unit.name} has {plural(n, 'model')} of type {model.name}; its datasheet "
                        f"allows at most {top}.",
                        hint=f"Remove {n - top} {model.name}.",
                        units=(unit.id,),
                    )


class OptionLimits(Check):
    """Options within their limits, and replacing only what the models carry."""

    code = "option-limit"
    description = (
        "An option is taken by no more models than it allows ('1 per 5 models', 'one model', "
        "'all or none'), and replaces only equipment the models carry."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        for unit, _ in roster.with_datasheets():
            yield from self._limits(roster, unit)
            yield from self._replacements(roster, unit)
            yield from self._focus(roster, unit)

    def _limits(self, roster: Roster, unit: RosterUnit) -> Iterator[Violation]:
        # one pass: how many times each option is taken, over all its choices
        by_option: dict[str | None, list[Any]] = {}
        for taken in unit.choices:
            entry = by_option.get(taken.option.id)
            if entry is None:
                by_option[taken.option.id] = [taken, taken.count]
            else:
                entry[1] += taken.count
        total_models = unit.total_models
        for first, taken in by_option.values():
            option, model = first.option, first.model
            if option.added_model is not None and not unit.added_of(option.added_model):
                template = roster.catalog.model_template(unit.faction_key, option.added_model)
                name = template.name if template else option.added_model
                yield self.error(
                    f"{unit.name}: '{_label(unit, option)}' is an option of the {name} model, "
                    f"and the unit has no {name}.",
                    hint=f"Add a {name} to the unit first, or remove the option.",
                    units=(unit.id,),
                    code="option-without-model",
                )
                continue
            if option.per_model:
                if taken <= 1:
                    continue
                yield self.error(
                    f"{unit.name}: '{_label(unit, option)}' is taken by all models or none; it "
                    f"is taken {plural(taken, 'time')}.",
                    hint="Take it once; it applies to every model.",
                    units=(unit.id,),
                    code="option-all-or-none",
                )
                continue
            if option.added_model is not None:
                models = unit.added_of(option.added_model)
            elif model is not None:
                models = unit.count_of(model.id)
            else:
                models = total_models
            allowed = allowed_picks(option, models, total_models)
            if taken <= allowed:
                continue
            yield self.error(
                f"{unit.name}: '{_label(unit, option)}' "
                + (f"may be taken {plural(allowed, 'time')}" if allowed else "may not be taken")
                + f" ({_limit_text(option, model, models, roster, unit)}); it is taken "
                f"{plural(taken, 'time')}.",
                hint=(f"Take it {plural(allowed, 'time')} at most" if allowed else "Remove it")
                + (", or add models to the unit." if option.model_limit else "."),
                units=(unit.id,),
            )

    def _replacements(self, roster: Roster, unit: RosterUnit) -> Iterator[Violation]:
        sheet = unit.datasheet
        if sheet is None:
            return
        # (model type, what it gives up) -> [model, models, times replaced, most per model]
        replaced: dict[tuple[int, str], list[Any]] = {}
        added = None
        for taken in unit.choices:
            option = taken.option
            if not option.replace or option.verb == "replace_model":
                continue  # replace_model swaps the model itself
            per = option.count or 1
            targets: tuple[ModelSpec, ...] = option_targets(sheet, taken.model, option)
            if option.added_model is not None:
                # the option sits on the models the unit's add_model choices bring
                if added is None:
                    added = {lo.model.id: lo.model for lo in added_loadout(unit, roster.catalog)}
                found = added.get(option.added_model)
                targets = (found,) if found is not None else ()
            for model in targets:
                count = unit.added_of(model.id) if option.added_model else unit.count_of(model.id)
                k = count if option.per_model else taken.count
                for ref in option.replace:
                    entry = replaced.get((id(model), ref.id))
                    if entry is None:
                        replaced[id(model), ref.id] = [model, count, k * per, per]
                    else:
                        entry[2] += k * per
                        entry[3] = max(entry[3], per)
        for (_, ref_id), (model, count, n, per_model) in replaced.items():
            # what one model of this type carries: its own equipment and the unit's rules
            carried = sum(
                ref.copies
                for ref in (*model.weapons, *model.rules, *sheet.rules)
                if ref.id == ref_id
            )
            if 0 < carried < per_model:
                name = _equipment_name(roster, unit, ref_id)
                yield self.error(
                    f"{unit.name}: an option replaces {per_model} {name} on each model taking "
                    f"it, but a {model.name} model carries {carried}.",
                    hint=f"Remove the option that replaces {name}.",
                    units=(unit.id,),
                    code="option-replaces-missing",
                )
            elif n > carried * count:
                name = _equipment_name(roster, unit, ref_id)
                yield self.error(
                    f"{unit.name}: options replace {name} {plural(n, 'time')}, but "
                    f"{plural(count, model.name + ' model')} carry it "
                    f"{plural(carried * count, 'time')}.",
                    hint=f"Take fewer of the options that replace {name}.",
                    units=(unit.id,),
                    code="option-replaces-missing",
                )

    def _focus(self, roster: Roster, unit: RosterUnit) -> Iterator[Violation]:
        for taken in unit.choices:
            if not available_under_focus(
                taken.option.focuses, roster, unit.focus_key, unit.faction_key
            ):
                label = taken.option.label or _choices_label([taken])
                focus = roster.focus_of(unit)
                where = f"with the {focus.name} focus" if focus else "without a focus"
                yield self.error(
                    f"{unit.name}: the option '{label}' is not available {where}.",
                    hint="Remove the option, or choose a focus that offers it.",
                    units=(unit.id,),
                    code="option-focus",
                )


def allowed_picks(option: OptionSpec, models: int, total_models: int) -> int:
    """How many times an option may be taken by a unit with `models` models of its type."""
    if option.verb == "add_model":
        base = option.model_limit.number if option.model_limit else 1
    elif option.model_limit is not None:
        if option.model_limit.kind == "all":
            return 1
        else:
            # "one model" cannot be taken by a model type the unit has none of
            base = min(option.model_limit.models_allowed(models), models)
    else:
        base = models
    return base * (option.limit or 1)


def _limit_text(
    option: OptionSpec,
    model: ModelSpec | None,
    models: int,
    roster: Roster | None = None,
    unit: RosterUnit | None = None,
) -> str:
    """The rule an option's limit follows, with the models it counts: `1 per 5 models; ...`."""
    if option.verb == "add_model":
        return f"at most {option.model_limit.number if option.model_limit else 1} per unit"
    rule = option.model_limit.display() if option.model_limit else "once per model"
    if option.limit and option.limit > 1:
        rule += f", {option.limit} choices per model"
    who = f"{model.name} model" if model is not None else "model"
    if option.added_model is not None and roster is not None and unit is not None:
        template = roster.catalog.model_template(unit.faction_key, option.added_model)
        who = f"{template.name if template else option.added_model} model"
    return f"{rule}; the unit has {plural(models, who)}"


def _equipment_name(roster: Roster, unit: RosterUnit, ref_id: str) -> str:
    found = roster.catalog.weapon(unit.faction_key, ref_id) or roster.catalog.rule(
        unit.faction_key, ref_id
    )
    return found.name if found else ref_id


def _label(unit: RosterUnit, option: OptionSpec) -> str:
    return option.label or _choices_label([t for t in unit.choices if t.option is option])


def _choices_label(group: list[TakenChoice]) -> str:
    return ", ".join(
        choice.label or " + ".join(ref.shorthand for ref in choice.items)
        for choice in {t.choice.id: t.choice for t in group}.values()
    )
