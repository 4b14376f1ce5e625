"""The game-module schema's options (part of schemas.py, which exports these too): what a unit
or a model may take or swap (`OptionSpec` with its verb and choices), the option ids made when
a module leaves them out, and the key made from a display name (`slug_key`)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from .refs import Frozen, Key, ModelLimit, Ref

FocusFilter = tuple[Key, ...]  # focus ids, "none" for "no focus" (see docs/module-format.md)


OptionVerb = Literal[
    "replace_weapon",
    "add_weapon",
    "replace_rule",
    "add_rule",
    "remove_rule",
    "add_model",
    "replace_model",
]


REPLACING_VERBS = frozenset({"replace_weapon", "replace_rule", "replace_model"})


WEAPON_VERBS = frozenset({"replace_weapon", "add_weapon"})


RULE_VERBS = frozenset({"replace_rule", "add_rule", "remove_rule"})


MODEL_VERBS = frozenset({"add_model", "replace_model"})


class ChoiceSpec(Frozen):
    """One alternative of an option: the items taken together and their price."""

    id: str | None = Field(None, pattern=r"^\S+$", max_length=200)
    label: str | None = None
    items: tuple[Ref, ...] = Field(min_length=1)
    points: int = 0

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        if isinstance(value, dict) and "items" not in value and "item" in value:
            value = {**value, "items": [value["item"]]}
            del value["item"]
        return value


class OptionSpec(Frozen):
    """A unit option: replace or add weapons, rules or models, or remove a rule."""

    id: Key | None = None
    verb: OptionVerb
    label: str | None = None
    replace: tuple[Ref, ...] = ()
    choices: tuple[ChoiceSpec, ...] = Field(min_length=1)
    model_limit: ModelLimit | None = None
    limit: int | None = Field(None, ge=1, description="choices each model may take")
    count: int | None = Field(None, ge=1, description="copies replaced per model")
    focuses: FocusFilter = ()
    # A unit option for the models an add_model option brings: it sits on the models of this
    # model template, as if it were one of their own options (Battle Forge's models-map options).
    added_model: Key | None = None

    @model_validator(mode="after")
    def _replace_matches_verb(self) -> OptionSpec:
        if self.verb in REPLACING_VERBS and not self.replace:
            raise ValueError(f"a {self.verb} option must say what it replaces ('replace: [...]')")
        if self.verb not in REPLACING_VERBS and self.replace:
            article = "an" if self.verb.startswith("add") else "a"
            raise ValueError(f"{article} {self.verb} option replaces nothing; remove 'replace'")
        return self

    @property
    def per_model(self) -> bool:
        """All-or-nothing options are paid once for each model they apply to."""
        return self.model_limit is not None and self.model_limit.kind == "all"


class ModelOptionSpec(OptionSpec):
    """An option under a model type: it applies per model, so it cannot add models."""

    @field_validator("verb")
    @classmethod
    def _not_unit_wide(cls, verb: str) -> str:
        if verb == "add_model":
            raise ValueError("add_model is a unit option; move it under the unit's options")
        return verb

    @field_validator("added_model")
    @classmethod
    def _on_its_model(cls, value: str | None) -> str | None:
        if value is not None:
            raise ValueError("added_model belongs on a unit option; this option sits on a model")
        return value


class UnitOptionSpec(OptionSpec):
    """An option of the whole unit: it cannot replace one model type by another."""

    @field_validator("verb")
    @classmethod
    def _not_per_model(cls, verb: str) -> str:
        if verb == "replace_model":
            raise ValueError("replace_model is a model option; move it under that model")
        return verb

    @model_validator(mode="after")
    def _added_model_option(self) -> UnitOptionSpec:
        if self.added_model is not None and self.verb == "add_model":
            raise ValueError("an option of an added model cannot add models itself")
        return self


def _ref_key(ref: Ref) -> str:
    key = ref.id if ref.x is None else f"{ref.id}-{slug_key(str(ref.x))}"
    return key if ref.count in (None, 1) else f"{key}x{ref.count}"


def _unique(base: str, taken: set[str]) -> str:
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    taken.add(key)
    return key


def with_ids(
    options: tuple[OptionSpec, ...], prefix: str, taken: set[str]
) -> tuple[OptionSpec, ...]:
    """`options` and their choices with ids: their own, else one made from the verb and what
    they replace or give (after `prefix`), unique among `taken` (which it extends)."""
    out = []
    for option in options:
        if option.id:
            option_id = _unique(option.id, taken)
        else:
            anchor = option.replace[0] if option.replace else option.choices[0].items[0]
            option_id = _unique(f"{prefix}{option.verb}.{_ref_key(anchor)}", taken)
        choice_ids: set[str] = set()
        choices = tuple(
            choice.model_copy(
                update={
                    "id": _unique(
                        choice.id or "+".join(_ref_key(item) for item in choice.items),
                        choice_ids,
                    )
                }
            )
            for choice in option.choices
        )
        out.append(option.model_copy(update={"id": option_id, "choices": choices}))
    return tuple(out)


def slug_key(text: str) -> str:
    """A key made from a display name: `Feral Ghoul` -> `feral_ghoul`."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    key = re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")
    return key or "model"
