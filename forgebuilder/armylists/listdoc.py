"""The list document: a plain, versioned JSON format for one army list.

It is what the editor stores, what the JSON export writes and the import reads, and what the
validation API and `manage.py validate_list` take. Ids inside a document (`f1`, `u3`) link units
to force organizations and legends to units; game data is named by its keys in the module.
See docs/list-format.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

FORMAT = "forgebuilder-list"
VERSION = 1
MAX_UNITS = 400
MAX_FORCES = 40

LocalId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_\-]{1,40}$")]
DataKey = Annotated[str, StringConstraints(min_length=1, max_length=200)]


class DocModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ListForce(DocModel):
    """One force organization taken by the list, for the primary faction or an allied one."""

    id: LocalId
    organization: DataKey | None = None
    faction: DataKey


class ListChoice(DocModel):
    """A choice taken from a unit option, `count` times (models taking it)."""

    option: DataKey
    choice: DataKey
    count: int = Field(1, ge=1, le=1000)


class ListUnit(DocModel):
    id: LocalId
    datasheet: DataKey
    faction: DataKey | None = Field(None, description="defaults to its force's faction")
    force: LocalId | None = None
    name: Annotated[str, StringConstraints(max_length=80)] = ""
    models: dict[DataKey, Annotated[int, Field(ge=0, le=1000)]] = Field(default_factory=dict)
    options: tuple[ListChoice, ...] = Field(default=(), max_length=200)
    specialty: DataKey | None = None


class ListLegend(DocModel):
    legend: DataKey
    unit: LocalId | None = None


class ListDocument(DocModel):
    format: Literal["forgebuilder-list"] = FORMAT
    version: Literal[1] = VERSION
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)] = "New list"
    module: DataKey
    module_version: str | None = None
    faction: DataKey
    focus: DataKey | None = None
    points_limit: int = Field(ge=1, le=100_000)
    casual: bool = False
    doctrine: DataKey | None = None
    forces: tuple[ListForce, ...] = Field(default=(), max_length=MAX_FORCES)
    units: tuple[ListUnit, ...] = Field(default=(), max_length=MAX_UNITS)
    legends: tuple[ListLegend, ...] = Field(default=(), max_length=50)

    @model_validator(mode="after")
    def _links(self) -> ListDocument:
        force_ids = [f.id for f in self.forces]
        if len(set(force_ids)) != len(force_ids):
            raise ValueError("two force organizations share an id")
        unit_ids = [u.id for u in self.units]
        if len(set(unit_ids)) != len(unit_ids):
            raise ValueError("two units share an id")
        known_forces = set(force_ids)
        for i, unit in enumerate(self.units):
            if unit.force is not None and unit.force not in known_forces:
                raise ValueError(f"units[{i}] is in force '{unit.force}', which the list lacks")
        known_units = set(unit_ids)
        for i, legend in enumerate(self.legends):
            if legend.unit is not None and legend.unit not in known_units:
                raise ValueError(
                    f"legends[{i}] is given to unit '{legend.unit}', which the list lacks"
                )
        return self

    def unit(self, unit_id: str) -> ListUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def force(self, force_id: str) -> ListForce | None:
        return next((f for f in self.forces if f.id == force_id), None)

    def next_id(self, prefix: str) -> str:
        """A fresh local id: `u7` after `u6`."""
        used = {u.id for u in self.units} | {f.id for f in self.forces}
        n = 1
        while f"{prefix}{n}" in used:
            n += 1
        return f"{prefix}{n}"

    def to_json(self) -> dict:
        return self.model_dump(mode="json")
