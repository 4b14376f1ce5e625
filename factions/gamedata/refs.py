"""Small value types shared by the game-module schema: keys, references and weapon ranges.

No Django imports: this module is used by the file loader, the rules engine and the importer.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_serializer,
    model_validator,
)

KEY_PATTERN = r"^\w[\w.\-]*$"
Key = Annotated[str, StringConstraints(pattern=KEY_PATTERN, max_length=80)]

_REF_SHORTHAND = re.compile(r"^\s*(?P<id>[^\s()]+)\s*(?:\((?P<x>[^()]*)\))?\s*$")
# a value a name already spells at its end: "Leader(Infantry)", "Damage Table(X)"
_SPELLED_VALUE = re.compile(r"\s*\([^()]*\)\s*$")


def _number_or_text(raw: str) -> int | str:
    raw = raw.strip()
    return int(raw) if re.fullmatch(r"-?\d+", raw) else raw


class Frozen(BaseModel):
    """Base of every schema model: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Ref(Frozen):
    """A reference to a rule, weapon or model by id.

    Written as `fearless`, `tough(3)`, `leader(Infantry)`, or as a mapping when it needs more:
    `{id: rifle, count: 2, mount: [Front], name: Twin rifles}`.
    """

    id: Key
    x: int | str | None = None
    count: int | None = Field(None, ge=0)
    mount: tuple[str, ...] = ()
    name: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        if isinstance(value, str):
            match = _REF_SHORTHAND.match(value)
            if not match:
                raise ValueError(f"'{value}' is not a reference: write an id such as 'tough(3)'")
            x = match.group("x")
            return {"id": match.group("id"), "x": None if x is None else _number_or_text(x)}
        if isinstance(value, dict) and isinstance(value.get("mount"), str):
            return {**value, "mount": [value["mount"]]}
        return value

    @model_serializer(mode="wrap")
    def _compact(self, handler: Any) -> Any:
        if self.count is None and not self.mount and self.name is None:
            return self.shorthand
        data = handler(self)
        return {k: v for k, v in data.items() if v not in (None, ())}

    @property
    def shorthand(self) -> str:
        return self.id if self.x is None else f"{self.id}({self.x})"

    @property
    def copies(self) -> int:
        return 1 if self.count is None else self.count

    def display(self, name: str) -> str:
        """How players read the reference: `Tough(3)`, `2 x Rifle`, `Twin rifles (Rifle) [Front]`.

        Copies come first (`4 x Heavy Great Weapon`): a count in brackets after the name read
        like a rule's value beside a weapon's own numbers.

        A value replaces the one a name spells in brackets, so the value is read once: data
        naming a rule "Leader(Infantry)" and giving it "Cavalry" reads `Leader(Cavalry)`.
        """
        text = name if self.x is None else f"{_SPELLED_VALUE.sub('', name)}({self.x})"
        if self.name and self.name != name:
            text = f"{self.name} ({text})"
        if self.count is not None and self.count != 1:
            text = f"{self.count} x {text}"
        if self.mount:
            text = f"{text} [{', '.join(self.mount)}]"
        return text


class Range(Frozen):
    """A weapon's reach: melee, or one or two bands in inches (short, long)."""

    melee: bool = False
    short: int | None = Field(None, ge=0)
    long: int | None = Field(None, ge=0)

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if isinstance(value, bool):
            raise ValueError("a range is 'melee', a number of inches, or [short, long]")
        if isinstance(value, int):
            return {"short": value}
        if isinstance(value, str):
            text = value.strip().lower().replace('"', "")
            if text == "melee":
                return {"melee": True}
            parts = [p.strip() for p in text.split("/")]
            if 1 <= len(parts) <= 2 and all(p.isdigit() for p in parts):
                return {"short": int(parts[0]), "long": int(parts[1]) if len(parts) == 2 else None}
            raise ValueError(f"'{value}' is not a range: write melee, 12 or [12, 24]")
        if isinstance(value, list | tuple):
            if not 1 <= len(value) <= 2:
                raise ValueError("a range list has one or two bands: [short] or [short, long]")
            return {"short": value[0], "long": value[1] if len(value) == 2 else None}
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Range:
        if self.melee and (self.short is not None or self.long is not None):
            raise ValueError("a melee weapon has no range bands")
        if not self.melee and self.short is None:
            raise ValueError("a ranged weapon needs its short band")
        if self.long is not None and self.short is not None and self.long < self.short:
            raise ValueError(f"the long band ({self.long}) is shorter than the short one")
        return self

    @model_serializer(mode="plain")
    def _compact(self) -> Any:
        if self.melee:
            return "melee"
        return self.short if self.long is None else [self.short, self.long]

    def display(self) -> str:
        if self.melee:
            return "Melee"
        return f'{self.short}"' if self.long is None else f'{self.short}"/{self.long}"'


class ModelLimit(Frozen):
    """How many models may take an option: a number, `all` (all or none), or `a/b` (a per b)."""

    kind: str  # "count", "all", "ratio"
    number: int = 0
    per: int = 1

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if isinstance(value, bool):
            raise ValueError("model_limit is a number, 'all' or 'a/b' such as '1/5'")
        if isinstance(value, int):
            if value < 0:
                raise ValueError("model_limit cannot be negative")
            return {"kind": "count", "number": value}
        if isinstance(value, str):
            text = value.strip().lower()
            if text == "all":
                return {"kind": "all"}
            if text.isdigit():
                return {"kind": "count", "number": int(text)}
            match = re.fullmatch(r"(\d+)\s*/\s*(\d+)", text)
            if match and int(match.group(2)) > 0:
                return {"kind": "ratio", "number": int(match.group(1)), "per": int(match.group(2))}
            raise ValueError(f"'{value}' is not a model limit: write a number, 'all' or '1/5'")
        return value

    @model_serializer(mode="plain")
    def _compact(self) -> Any:
        if self.kind == "all":
            return "all"
        if self.kind == "ratio":
            return f"{self.number}/{self.per}"
        return self.number

    def models_allowed(self, models: int) -> int:
        """How many of `models` models may take the option (`all` counts as one unit-wide pick)."""
        if self.kind == "all":
            return 1
        if self.kind == "ratio":
            return (self.number * models) // self.per
        return self.number

    def display(self) -> str:
        if self.kind == "all":
            return "all models or none"
        if self.kind == "ratio":
            return f"{self.number} per {self.per} models"
        return "one model" if self.number == 1 else f"{self.number} models"
