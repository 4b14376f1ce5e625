"""Admin forms for game data: JSON columns checked by the module schema and the module's ruleset.

Each form validates its row as the schema object it stands for (a Weapon row as a `WeaponSpec`),
so the admin accepts exactly what a module file accepts, and stores the normalised JSON the loader
would have written. Related rows must belong to the same game module.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from django import forms
from django.forms.models import BaseInlineFormSet
from pydantic import BaseModel, ValidationError

from factions import models as m
from factions.admin_errors import error_message, schema_errors
from factions.gamedata.problems import format_path
from factions.gamedata.schemas import (
    MODEL_VERBS,
    AllianceSpec,
    CategorySpec,
    DatasheetSpec,
    DoctrineSpec,
    FactionSpec,
    FocusSpec,
    ForceOrganizationSpec,
    LegendSpec,
    ModelSpec,
    ModelTemplateSpec,
    ModuleSpec,
    OptionSpec,
    PowerSpec,
    PowerSpecialtySpec,
    RuleSpec,
    SlotSpec,
    StrategySpec,
    WeaponSpec,
)
from factions.rulesets import Ruleset, registry

# Messages shown to designers; tests format the same templates.
OTHER_MODULE = "{label} '{obj}' belongs to {other}, not {module}; choose one of {module}."
OTHER_DATASHEET = "model '{obj}' belongs to the datasheet {other}; choose a model of {datasheet}."
UNIT_OPTION_ONLY = "add_model is a unit option; leave the model empty."
MODEL_OPTION_ONLY = "replace_model is a model option; choose the model whose models it replaces."
NOT_A_PARAMETER = "parameters: '{key}' is not a parameter of {ruleset} (known: {known})"
NEEDS_CATEGORY = "{ruleset} datasheets need a category."
UNIT_TYPE_CHOICES = "unit_type must be one of {choices}, not {value!r}."
NO_UNIT_TYPES = "{ruleset} has no unit types; leave unit_type empty."
TOO_FEW_MODELS = "A datasheet needs at least one model."


class DatasheetFields(DatasheetSpec):
    """A datasheet's own columns: its models and options are rows of their own (inlines)."""

    models: tuple[ModelSpec, ...] = ()


class GameDataForm(forms.ModelForm):
    """Validates a row as its schema object, checks its stats and keeps related rows in one module.

    `module_source` names the field that decides the row's module: `module` itself, or the parent
    row (`datasheet`, `force_organization`) whose module it shares. Every other foreign key to a
    module-scoped row must point into that module; their choices are limited to it when it is
    known (on change pages, inlines, and add pages opened with `?module=<id>`).
    """

    spec: ClassVar[type[BaseModel]]
    module_source: ClassVar[str] = "module"
    id_field: ClassVar[str | None] = None  # the column validated as the schema's `id`
    stats_kind: ClassVar[str | None] = None  # "model" or "weapon": check `stats` by the ruleset
    spec_fields: ClassVar[tuple[str, ...] | None] = None  # default: the model's `spec_fields`

    def __init__(self, *args: Any, parent: Any = None, **kwargs: Any) -> None:
        self.parent = parent  # the row an inline form belongs to
        super().__init__(*args, **kwargs)
        module_id = self._known_module_id()
        for name in self._scoped_fields():
            field = self.fields.get(name)
            if field is None:
                continue
            if str(module_id or "").isdigit():
                field.queryset = field.queryset.filter(module_id=module_id)
            else:
                field.queryset = field.queryset.select_related("module")
                field.label_from_instance = lambda obj: f"{obj} ({obj.module})"

    # --- which module ------------------------------------------------------------------------

    def _scoped_fields(self) -> list[str]:
        """Foreign keys to module-scoped rows, except the one the module comes from."""
        return [
            f.name
            for f in self._meta.model._meta.fields
            if f.many_to_one
            and issubclass(f.related_model, m.ModuleScoped)
            and f.name != self.module_source
        ]

    def _source_row(self, *, cleaned: bool) -> Any:
        name = self.module_source
        if self.parent is not None:
            return self.parent
        if cleaned and name in self.cleaned_data:
            return self.cleaned_data[name]
        if getattr(self.instance, f"{name}_id", None):
            return getattr(self.instance, name)
        return None

    def _known_module_id(self) -> Any:
        if self.module_source == "module":
            return self.instance.module_id or self.initial.get("module")
        row = self._source_row(cleaned=False)
        return getattr(row, "module_id", None)

    def module(self) -> m.GameModule | None:
        """The module this row belongs to, as the submitted form says."""
        row = self._source_row(cleaned=True)
        if row is None or self.module_source == "module":
            return row
        return row.module if row.module_id else None

    def module_ruleset(self) -> Ruleset | None:
        module = self.module()
        if module is None or module.ruleset not in registry:
            return None
        return registry.get(module.ruleset)

    # --- validation --------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self._check_same_module()
        self._check_spec()
        return cleaned

    def _check_same_module(self) -> None:
        module = self.module()
        if module is None:
            return
        for name in self._scoped_fields():
            obj = self.cleaned_data.get(name)
            if obj is not None and obj.module_id != module.pk:
                label = self.fields[name].label or name
                message = OTHER_MODULE.format(label=label, obj=obj, other=obj.module, module=module)
                self._add_error_to(name, message, code="other_module")

    def _spec_fields(self) -> tuple[str, ...]:
        return self.spec_fields or self._meta.model.spec_fields

    def spec_data(self) -> dict[str, Any] | None:
        """The row as schema input, or None when a field already failed its own check."""
        data: dict[str, Any] = {}
        for name in self._spec_fields():
            if name in self.fields:
                if name not in self.cleaned_data:
                    return None
                value = self.cleaned_data[name]
            else:
                value = getattr(self.instance, name)
            if value is not None:  # an empty value takes the schema's default
                data[name] = value
        if self.id_field:
            if self.id_field in self.fields and self.id_field not in self.cleaned_data:
                return None
            data["id"] = self.cleaned_data.get(self.id_field, getattr(self.instance, self.id_field))
        return data

    def _check_spec(self) -> None:
        data = self.spec_data()
        if data is None:
            return
        try:
            spec = self.spec.model_validate(data)
        except ValidationError as exc:
            for parts, message in schema_errors(exc, data):
                self._add_path_error(parts, message)
            return
        dumped = spec.model_dump(mode="json")
        for name in self._spec_fields():
            if name in self.fields and isinstance(self.fields[name], forms.JSONField):
                self.cleaned_data[name] = dumped[name]
        ruleset = self.module_ruleset()
        if ruleset is not None:
            for field, message in self.ruleset_problems(spec, ruleset):
                self._add_error_to(field, message, code="ruleset")

    def ruleset_problems(self, spec: Any, ruleset: Ruleset) -> Iterator[tuple[str | None, str]]:
        """(field, message) for what the module's ruleset does not accept."""
        if self.stats_kind:
            for message in _stat_problems(ruleset, spec.stats, self.stats_kind, path="stats"):
                yield "stats", message

    def _add_path_error(self, parts: tuple[object, ...], message: str) -> None:
        if parts and parts[0] == "id":
            parts = (self.id_field, *parts[1:])  # the schema's id is this form's key
        path = format_path(parts)
        text = f"{path}: {message}" if path else message
        self._add_error_to(str(parts[0]) if parts else None, text, code="schema")

    def _add_error_to(self, field: str | None, message: str, *, code: str) -> None:
        if field is not None and field not in self.fields:
            field = None  # a column not on this form (read-only): say it above the form
        self.add_error(field, forms.ValidationError(message, code=code))


def _stat_problems(
    ruleset: Ruleset, stats: dict[str, Any], kind: str, *, path: str
) -> Iterator[str]:
    for _key, message in ruleset.stat_problems(stats, kind=kind):  # type: ignore[arg-type]
        yield f"{path}: {message}"


class GameModuleForm(GameDataForm):
    spec = ModuleSpec
    ruleset = forms.ChoiceField(choices=registry.choices, help_text="A registered ruleset.")

    def _known_module_id(self) -> Any:
        return None

    def module(self) -> m.GameModule | None:
        return None  # nothing points into another module from here

    def spec_data(self) -> dict[str, Any] | None:
        data = super().spec_data()
        if data is None or "slug" not in self.cleaned_data:
            return None
        return {**data, "slug": self.cleaned_data["slug"]}

    def _check_spec(self) -> None:
        super()._check_spec()
        key = self.cleaned_data.get("ruleset")
        parameters = self.cleaned_data.get("parameters")
        if key not in registry or not isinstance(parameters, dict) or self.has_error("parameters"):
            return
        ruleset = registry.get(key)
        try:
            validated = ruleset.parameters.model_validate(parameters)
        except ValidationError as exc:
            for error in exc.errors(include_url=False):
                loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
                if error["type"] == "extra_forbidden":
                    known = ", ".join(ruleset.parameters.model_fields)
                    message = NOT_A_PARAMETER.format(key=loc[-1], ruleset=ruleset.name, known=known)
                else:
                    message = f"{format_path(('parameters', *loc))}: {error_message(error, loc)}"
                self._add_error_to("parameters", message, code="parameters")
            return
        # Keep only what the designer set, as the loader does, with the values made regular.
        values = validated.model_dump(mode="json")
        self.cleaned_data["parameters"] = {name: values[name] for name in parameters}


class AllianceForm(GameDataForm):
    spec = AllianceSpec


class UnitCategoryForm(GameDataForm):
    spec = CategorySpec


class DoctrineForm(GameDataForm):
    spec = DoctrineSpec


class FactionForm(GameDataForm):
    spec = FactionSpec


class FocusForm(GameDataForm):
    spec = FocusSpec


class ForceOrganizationForm(GameDataForm):
    spec = ForceOrganizationSpec


class ForceOrganizationSlotForm(GameDataForm):
    spec = SlotSpec
    module_source = "force_organization"
    spec_fields = ("min", "max")


class SpecialRuleForm(GameDataForm):
    spec = RuleSpec


class WeaponForm(GameDataForm):
    spec = WeaponSpec
    stats_kind = "weapon"

    def ruleset_problems(self, spec: Any, ruleset: Ruleset) -> Iterator[tuple[str | None, str]]:
        yield from super().ruleset_problems(spec, ruleset)
        for i, profile in enumerate(spec.profiles):
            path = f"profiles[{i}].stats"
            for message in _stat_problems(ruleset, profile.stats, "weapon", path=path):
                yield "profiles", message


class ModelTemplateForm(GameDataForm):
    spec = ModelTemplateSpec
    stats_kind = "model"


class LegendForm(GameDataForm):
    spec = LegendSpec


class StrategyForm(GameDataForm):
    spec = StrategySpec


class PowerSpecialtyForm(GameDataForm):
    spec = PowerSpecialtySpec


class PowerForm(GameDataForm):
    spec = PowerSpec


class DatasheetForm(GameDataForm):
    spec = DatasheetFields

    def ruleset_problems(self, spec: Any, ruleset: Ruleset) -> Iterator[tuple[str | None, str]]:
        category = self.cleaned_data.get("category")
        if ruleset.uses_force_organizations and category is None and not self.has_error("category"):
            yield "category", NEEDS_CATEGORY.format(ruleset=ruleset.name)
        if ruleset.unit_types and spec.unit_type not in ruleset.unit_types:
            choices = ", ".join(ruleset.unit_types)
            yield "unit_type", UNIT_TYPE_CHOICES.format(choices=choices, value=spec.unit_type)
        elif not ruleset.unit_types and spec.unit_type is not None:
            yield "unit_type", NO_UNIT_TYPES.format(ruleset=ruleset.name)


class DatasheetModelForm(GameDataForm):
    spec = ModelSpec
    module_source = "datasheet"
    id_field = "key"
    stats_kind = "model"


class UnitOptionForm(GameDataForm):
    spec = OptionSpec
    module_source = "datasheet"
    id_field = "key"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields.get("model_type")
        sheet = self._source_row(cleaned=False)
        if field is not None and sheet is not None:
            # Only the datasheet's saved models (a datasheet being added has none yet).
            field.queryset = field.queryset.filter(datasheet_id=sheet.pk)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        sheet = self._source_row(cleaned=True)
        model_type = cleaned.get("model_type")
        if model_type is not None and sheet is not None and model_type.datasheet_id != sheet.pk:
            message = OTHER_DATASHEET.format(
                obj=model_type, other=model_type.datasheet, datasheet=sheet
            )
            self._add_error_to("model_type", message, code="other_datasheet")
        verb = cleaned.get("verb")
        if verb in MODEL_VERBS and "model_type" in self.fields:
            if verb == "add_model" and model_type is not None:
                self._add_error_to("model_type", UNIT_OPTION_ONLY, code="unit_option_only")
            if verb == "replace_model" and model_type is None and not self.has_error("model_type"):
                self._add_error_to("model_type", MODEL_OPTION_ONLY, code="model_option_only")
        return cleaned


class ParentFormSet(BaseInlineFormSet):
    """Hands each inline form the row it belongs to, so it can limit and check its choices."""

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        return {**super().get_form_kwargs(index), "parent": self.instance}


class DatasheetModelFormSet(ParentFormSet):
    """Used with `min_num=1, validate_min=True`: a datasheet keeps at least one model."""

    default_error_messages = {
        **ParentFormSet.default_error_messages,
        "too_few_forms": TOO_FEW_MODELS,
    }
