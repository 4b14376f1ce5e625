"""A datasheet's options in the Battle Forge app's order (BATTLEFORGE-FORMAT.md §3.7, §4.1).

The app stores a unit's choices as `selectedOptions[g][i]`: how many times item `i` of option
group `g` is taken. Groups come in the points engine's order: extra-model groups, unit
`add_model` options, each model's options (models in order), the options of the models
`add_model` brings (`OptionSpec.added_model`), then the other unit options;
items of a group are sorted by points (stable). The Battle Forge importer keeps that order
when it writes a datasheet, so the order can be rebuilt from the datasheet alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from factions.gamedata.schemas import ChoiceSpec, DatasheetSpec, ModelSpec, OptionSpec


@dataclass(frozen=True)
class AppGroup:
    """One option group as the app lists it: extra models of `model`, or `option`'s items."""

    model: ModelSpec | None
    option: OptionSpec | None
    items: tuple[ChoiceSpec, ...]

    @property
    def extra_models(self) -> bool:
        return self.option is None

    @property
    def size(self) -> int:
        return 1 if self.option is None else len(self.items)

    def label(self) -> str:
        if self.option is None:
            return f"extra {self.model.name if self.model else 'models'}"
        return self.option.label or self.option.id or self.option.verb


def _sorted(option: OptionSpec) -> tuple[ChoiceSpec, ...]:
    return tuple(sorted(option.choices, key=lambda choice: choice.points))


def app_groups(sheet: DatasheetSpec) -> list[AppGroup]:
    """The datasheet's option groups in the app's order."""
    groups = [
        AppGroup(model, None, ())
        for model in sheet.models
        if model.max is not None and model.max > model.min
    ]
    groups += [
        AppGroup(None, option, _sorted(option))
        for option in sheet.options
        if option.verb == "add_model"
    ]
    for model in sheet.models:
        groups += [AppGroup(model, option, _sorted(option)) for option in model.options]
    # the options of models that add_model options bring come after the datasheet's models
    groups += [
        AppGroup(None, option, _sorted(option))
        for option in sheet.options
        if option.added_model is not None
    ]
    groups += [
        AppGroup(None, option, _sorted(option))
        for option in sheet.options
        if option.verb != "add_model" and option.added_model is None
    ]
    return groups
