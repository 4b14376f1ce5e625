"""The game-module schema: what a designer writes in a module file, validated by pydantic.

Options (what a unit or model may take) are in `option_schemas`, exported here too.
The same objects are the in-memory catalogue the list builder and the rules engine read (see
`factions.catalog`), so a module file, the database and the engine share one vocabulary.
Cross-references (a datasheet's weapon id, a rule id, a category) are checked separately by
`factions.gamedata.references`, which can name the file and path of every unknown id.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from .campaign_schema import CampaignSpec
from .option_schemas import MODEL_VERBS as MODEL_VERBS
from .option_schemas import REPLACING_VERBS as REPLACING_VERBS
from .option_schemas import RULE_VERBS as RULE_VERBS
from .option_schemas import WEAPON_VERBS as WEAPON_VERBS
from .option_schemas import ChoiceSpec as ChoiceSpec
from .option_schemas import FocusFilter as FocusFilter
from .option_schemas import ModelOptionSpec as ModelOptionSpec
from .option_schemas import OptionSpec as OptionSpec
from .option_schemas import OptionVerb as OptionVerb
from .option_schemas import UnitOptionSpec as UnitOptionSpec
from .option_schemas import slug_key as slug_key
from .option_schemas import with_ids
from .refs import Frozen, Key, Range, Ref

FORMAT_VERSION: Final = 1


def _dash_is_none(value: Any) -> Any:
    # A stat without a value prints as "-"; designers may write it that way too.
    if isinstance(value, dict):
        return {k: None if isinstance(v, str) and v.strip() == "-" else v for k, v in value.items()}
    return value


Stats = Annotated[dict[Key, int | None], BeforeValidator(_dash_is_none)]


def _named(value: Any) -> Any:
    """Let `hero: Hero` stand for `hero: {name: Hero}`."""
    return {"name": value} if isinstance(value, str) else value


class Named(Frozen):
    name: str = Field(min_length=1, max_length=120)

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return _named(value)


class Described(Named):
    description: str = ""


class AllianceSpec(Named):
    kind: Literal["standard", "unaligned", "mercenaries"] = "standard"


class CategorySpec(Named):
    pass


class SlotSpec(Frozen):
    min: int = Field(0, ge=0)
    max: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> SlotSpec:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self


class ForceOrganizationSpec(Described):
    cost: int = Field(0, ge=0, description="strategy points this organization costs")
    slots: dict[Key, SlotSpec] = Field(default_factory=dict)


class FocusSpec(Described):
    restricted: bool = False
    color: str | None = None


class RuleSpec(Described):
    short: str = ""
    takes_value: bool = False
    hidden: bool = False
    # Battle Forge prices rules with formulas; kept so a module keeps its source pricing data.
    points: Any = None


class WeaponProfileSpec(Named):
    range: Range | None = None
    stats: Stats = Field(default_factory=dict)
    rules: tuple[Ref, ...] = ()


class WeaponSpec(WeaponProfileSpec):
    description: str = ""
    profiles: tuple[WeaponProfileSpec, ...] = ()

    @model_validator(mode="after")
    def _has_range(self) -> WeaponSpec:
        if self.range is None and not self.profiles:
            raise ValueError("a weapon needs a range (melee, 12 or [12, 24]) or profiles")
        return self


class ModelSpec(Described):
    id: Key | None = None
    min: int = Field(1, ge=0)
    max: int | None = Field(None, ge=0)
    extra_model_points: int | None = None
    leader: bool = False
    stats: Stats = Field(default_factory=dict)
    weapons: tuple[Ref, ...] = ()
    rules: tuple[Ref, ...] = ()
    options: tuple[ModelOptionSpec, ...] = ()

    @model_validator(mode="after")
    def _counts(self) -> ModelSpec:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        if self.max is not None and self.max > self.min and self.extra_model_points is None:
            raise ValueError("set extra_model_points: the price of each model taken beyond min")
        return self

    @property
    def max_count(self) -> int:
        return self.min if self.max is None else self.max


class ModelTemplateSpec(Described):
    """A model kept at faction level, brought in by add_model or replace_model options."""

    stats: Stats = Field(default_factory=dict)
    weapons: tuple[Ref, ...] = ()
    rules: tuple[Ref, ...] = ()


class DatasheetSpec(Described):
    category: Key | None = None
    points: int = Field(ge=0)
    keywords: tuple[str, ...] = ()
    rules: tuple[Ref, ...] = ()
    focuses: FocusFilter = ()
    unit_type: Key | None = None
    models: tuple[ModelSpec, ...] = Field(min_length=1)
    options: tuple[UnitOptionSpec, ...] = ()

    @field_validator("models", mode="before")
    @classmethod
    def _model_ids(cls, value: Any) -> Any:
        # A model's id defaults to a slug of its name; ids are how lists count models.
        if not isinstance(value, list | tuple):
            return value
        out = []
        for item in value:
            if isinstance(item, dict) and not item.get("id") and isinstance(item.get("name"), str):
                item = {**item, "id": slug_key(item["name"])}
            out.append(item)
        return out

    @model_validator(mode="after")
    def _unique_models(self) -> DatasheetSpec:
        seen: set[str] = set()
        for model in self.models:
            if model.id in seen:
                raise ValueError(f"two models share the id '{model.id}'; give each its own id")
            seen.add(model.id or "")
        return self

    @model_validator(mode="after")
    def _option_ids(self) -> DatasheetSpec:
        # Lists record choices by option and choice id; give every option and choice one.
        taken: set[str] = set()
        models = tuple(
            model.model_copy(update={"options": with_ids(model.options, f"{model.id}.", taken)})
            for model in self.models
        )
        options = with_ids(self.options, "", taken)
        object.__setattr__(self, "models", models)
        object.__setattr__(self, "options", options)
        return self

    def option(self, option_id: str) -> tuple[ModelSpec | None, OptionSpec] | None:
        """The option with this id and the model it sits on (None for a unit option)."""
        for option in self.options:
            if option.id == option_id:
                return None, option
        for model in self.models:
            for model_option in model.options:
                if model_option.id == option_id:
                    return model, model_option
        return None

    def all_options(self) -> list[tuple[ModelSpec | None, OptionSpec]]:
        pairs: list[tuple[ModelSpec | None, OptionSpec]] = [
            (model, option) for model in self.models for option in model.options
        ]
        return pairs + [(None, option) for option in self.options]


class AppliesTo(Frozen):
    """Which units a legend may be given to; empty means any unit of the faction."""

    datasheets: tuple[Key, ...] = ()
    categories: tuple[Key, ...] = ()
    keywords: tuple[str, ...] = ()
    rules: tuple[Key, ...] = ()
    models: tuple[str, ...] = ()

    @property
    def anything(self) -> bool:
        return not (
            self.datasheets or self.categories or self.keywords or self.rules or self.models
        )


class LegendSpec(Described):
    points: int = Field(ge=0)
    kind: Literal["upgrade", "item", "unit"] = "upgrade"
    rule: Ref | None = None
    weapon: Ref | None = None
    applies_to: AppliesTo = Field(default_factory=AppliesTo)
    focuses: FocusFilter = ()
    flavor: str = ""


class StrategySpec(Described):
    cost: int | None = Field(None, ge=0)
    cost_note: str | None = None
    phase: str | None = None
    focuses: FocusFilter = ()
    doctrine: Key | None = None
    flavor: str = ""


class PowerSpecialtySpec(Described):
    focuses: FocusFilter = ()


class PowerSpec(Described):
    cast_value: int | None = Field(None, ge=0)
    specialty: Key | None = None
    focuses: FocusFilter = ()


class DoctrineSpec(Described):
    universal: bool = False


class ContentSpec(Frozen):
    """What a module and each of its factions may both define (faction entries win)."""

    rules: dict[Key, RuleSpec] = Field(default_factory=dict)
    weapons: dict[Key, WeaponSpec] = Field(default_factory=dict)
    model_templates: dict[Key, ModelTemplateSpec] = Field(default_factory=dict)
    legends: dict[Key, LegendSpec] = Field(default_factory=dict)
    strategies: dict[Key, StrategySpec] = Field(default_factory=dict)
    power_specialties: dict[Key, PowerSpecialtySpec] = Field(default_factory=dict)
    powers: dict[Key, PowerSpec] = Field(default_factory=dict)
    force_organizations: dict[Key, ForceOrganizationSpec] = Field(default_factory=dict)
    focuses: dict[Key, FocusSpec] = Field(default_factory=dict)


class FactionSpec(ContentSpec):
    name: str = Field(min_length=1, max_length=120)
    alliance: Key | None = None
    description: str = ""
    color: str | None = None
    datasheets: dict[Key, DatasheetSpec] = Field(default_factory=dict)


class SourceSpec(Frozen):
    """Where a module's data came from, kept for attribution and re-imports."""

    format: Literal["forgebuilder", "battleforge"] = "forgebuilder"
    license: str | None = None
    url: str | None = None
    notes: str | None = None


class ModuleSpec(ContentSpec):
    format: Literal[1] = FORMAT_VERSION
    slug: Key
    name: str = Field(min_length=1, max_length=120)
    version: str = Field(min_length=1, max_length=40)
    ruleset: Key
    description: str = ""
    source: SourceSpec = Field(default_factory=SourceSpec)
    parameters: dict[str, Any] = Field(default_factory=dict)
    alliances: dict[Key, AllianceSpec] = Field(default_factory=dict)
    categories: dict[Key, CategorySpec] = Field(default_factory=dict)
    doctrines: dict[Key, DoctrineSpec] = Field(default_factory=dict)
    factions: dict[Key, FactionSpec] = Field(default_factory=dict)
    campaign: CampaignSpec | None = None

    @field_validator("version", mode="before")
    @classmethod
    def _version_text(cls, value: Any) -> Any:
        # YAML reads 1.0 as a float; a version is text.
        return str(value) if isinstance(value, int | float) else value
