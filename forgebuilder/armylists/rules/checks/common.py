"""Checks every ruleset uses: matching ids, the points limit, unit composition and options."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from ..base import Check, Total, Violation, plural
from ..roster import Roster, RosterUnit, TakenChoice


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
        yield Total("units", "Units", len(roster.units))

    def check(self, roster: Roster) -> Iterator[Violation]:
        over = roster.points - roster.points_limit
        if over > 0:
            yield self.error(
                f"The list costs {roster.points} points, {over} over the limit of "
                f"{roster.points_limit}.",
                hint=f"Remove {over} points of units, models or options, or raise the limit.",
            )


class ModelCounts(Check):
    code = "model-count"
    description = "Each model type of a unit stays between its minimum and maximum."

    def check(self, roster: Roster) -> Iterator[Violation]:
        for unit in roster.units:
            if unit.datasheet is None:
                continue
            for model in unit.datasheet.models:
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
        for unit in roster.units:
            if unit.datasheet is None:
                continue
            yield from self._limits(unit)
            yield from self._replacements(unit)
            yield from self._focus(roster, unit)

    def _limits(self, unit: RosterUnit) -> Iterator[Violation]:
        by_option: dict[str, list[TakenChoice]] = defaultdict(list)
        for taken in unit.choices:
            by_option[taken.option.id or ""].append(taken)
        for group in by_option.values():
            option, model = group[0].option, group[0].model
            models = unit.count_of(model.id) if model is not None else unit.total_models
            allowed = allowed_picks(option, models, unit.total_models)
            taken = sum(t.count for t in group)
            label = option.label or _choices_label(group)
            if option.per_model and taken > 1:
                yield self.error(
                    f"{unit.name}: '{label}' is taken by all models or none; it is taken "
                    f"{taken} times.",
                    hint="Take it once; it applies to every model.",
                    units=(unit.id,),
                    code="option-all-or-none",
                )
            elif taken > allowed:
                limit = option.model_limit.display() if option.model_limit else "each model"
                yield self.error(
                    f"{unit.name}: '{label}' may be taken {plural(allowed, 'time')} "
                    f"({limit}; the unit has {plural(models, 'model')}); it is taken {taken} times.",
                    hint=f"Take it {plural(allowed, 'time')} at most"
                    + (", or add models to the unit." if option.model_limit else "."),
                    units=(unit.id,),
                )

    def _replacements(self, unit: RosterUnit) -> Iterator[Violation]:
        from ..roster import unit_loadout

        for loadout in unit_loadout(unit):
            carried_before = {ref.id for ref in loadout.model.weapons} | {
                ref.id for ref in loadout.model.rules
            }
            replaced: dict[str, int] = defaultdict(int)
            for taken in unit.choices:
                if taken.model is not loadout.model or not taken.option.replace:
                    continue
                if taken.option.verb == "replace_model":  # swaps the model itself
                    continue
                k = loadout.count if taken.option.per_model else taken.count
                for ref in taken.option.replace:
                    replaced[ref.id] += k * (taken.option.count or 1)
            for ref_id, n in replaced.items():
                copies = (
                    sum(
                        (ref.copies if ref.count is not None else 1) * loadout.count
                        for ref in (*loadout.model.weapons, *loadout.model.rules)
                        if ref.id == ref_id
                    )
                    if ref_id in carried_before
                    else 0
                )
                if n > copies:
                    yield self.error(
                        f"{unit.name}: options replace '{ref_id}' {n} times, but the "
                        f"{loadout.model.name} models carry it {copies} times.",
                        hint="Undo one of the options that replace it.",
                        units=(unit.id,),
                        code="option-replaces-missing",
                    )

    def _focus(self, roster: Roster, unit: RosterUnit) -> Iterator[Violation]:
        from ..roster import available_under_focus

        for taken in unit.choices:
            if not available_under_focus(taken.option.focuses, roster, unit.focus_key):
                label = taken.option.label or _choices_label([taken])
                yield self.error(
                    f"{unit.name}: the option '{label}' is not available "
                    + (
                        f"with the {roster.focus.name} focus."
                        if roster.focus
                        else "without a focus."
                    ),
                    hint="Remove the option or choose a focus that offers it.",
                    units=(unit.id,),
                    code="option-focus",
                )


def allowed_picks(option, models: int, total_models: int) -> int:
    """How many times an option may be taken by a unit with `models` models of its type."""
    if option.verb == "add_model":
        base = option.model_limit.number if option.model_limit else 1
    elif option.model_limit is not None:
        if option.model_limit.kind == "all":
            return 1
        else:
            base = option.model_limit.models_allowed(models)
    else:
        base = models
    return base * (option.limit or 1)


def _choices_label(group: list[TakenChoice]) -> str:
    return ", ".join(
        choice.label or " + ".join(ref.shorthand for ref in choice.items)
        for choice in {t.choice.id: t.choice for t in group}.values()
    )
