"""The list document: a plain, versioned JSON format for one army list.

It is what the editor stores, what the JSON export writes and the import reads, and what the
validation API and `manage.py validate_list` take. Ids inside a document (`f1`, `u3`) link units
to force organizations and legends to units; game data is named by its keys in the module.
See docs/list-format.md.

Version 2 added notes (the list's and each unit's), a focus per force organization and each
unit's campaign state. Version 1 documents are upgraded when they are read (`upgrade`), so every
entry point (stored lists, imports, the API, `validate_list`) takes both versions.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from forgebuilder.engine.typed_text import refuse_control_characters

FORMAT: Final = "forgebuilder-list"
VERSION: Final = 2
MAX_UNITS = 400
MAX_FORCES = 40
MAX_LEGENDS = 50
MAX_PRE_GAME = 20  # pre-game strategies chosen by one list
MAX_NOTE = 2000
MAX_LIST_NAME = 120
MAX_COUNT = 1000  # models of one type in a unit; times one choice is taken
MAX_CHOICES = 200  # choices taken by one unit
# The points limit a list may have: the document, the forms, the edits and the importers all
# take these (one home for the bounds).
POINTS_LIMIT_MIN = 1
POINTS_LIMIT_MAX = 100_000
POINTS_LIMIT_RANGE = f"between {POINTS_LIMIT_MIN} and {POINTS_LIMIT_MAX}"


def clamp_points_limit(value: int) -> int:
    """`value` brought within the bounds of a points limit (importers: the nearest allowed)."""
    return max(POINTS_LIMIT_MIN, min(int(value), POINTS_LIMIT_MAX))


# Every text of a document refuses control characters (NUL...): see text.py.
Plain = AfterValidator(refuse_control_characters)
LocalId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_\-]{1,40}$")]
DataKey = Annotated[str, StringConstraints(min_length=1, max_length=200), Plain]
Note = Annotated[str, StringConstraints(max_length=MAX_NOTE), Plain]


class DocModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ListForce(DocModel):
    """One force organization taken by the list, for the primary faction or an allied one."""

    id: LocalId
    organization: DataKey | None = None
    faction: DataKey
    focus: DataKey | None = Field(None, description="this force's focus (Battle Forge), or none")


class ListChoice(DocModel):
    """A choice taken from a unit option, `count` times (models taking it)."""

    option: DataKey
    choice: DataKey
    count: int = Field(1, ge=1, le=MAX_COUNT)


class UnitCampaign(DocModel):
    """What a unit carries from game to game in a campaign (Grimdark campaign rules).

    Keys name entries of the module's `campaign` tables (traits, skill sets, injuries, talents).
    """

    xp: int = Field(0, ge=0, le=10_000)
    level: int = Field(0, ge=0, le=100)
    traits: tuple[DataKey, ...] = Field(default=(), max_length=100)
    skill_sets: tuple[DataKey, ...] = Field(default=(), max_length=10)
    injuries: tuple[DataKey, ...] = Field(default=(), max_length=100)
    talents: tuple[DataKey, ...] = Field(default=(), max_length=100)
    joined: LocalId | None = Field(None, description="the unit a hero has joined")
    status: Literal["active", "dead", "disbanded"] = "active"
    recruited_after: int = Field(
        0, ge=0, le=10_000, description="missions played before it joined (0: founding army)"
    )
    veteran: bool = Field(False, description="recruited with experience, at the module's price")
    choices: dict[DataKey, tuple[DataKey, ...]] = Field(
        default_factory=dict,
        max_length=100,
        description="trait -> what the player chose with it, once per time gained (Specialist)",
    )


class ListUnit(DocModel):
    id: LocalId
    datasheet: DataKey
    faction: DataKey | None = Field(None, description="defaults to its force's faction")
    force: LocalId | None = None
    name: Annotated[str, StringConstraints(max_length=80), Plain] = ""
    models: dict[DataKey, Annotated[int, Field(ge=0, le=MAX_COUNT)]] = Field(default_factory=dict)
    options: tuple[ListChoice, ...] = Field(default=(), max_length=MAX_CHOICES)
    specialty: DataKey | None = None
    notes: Note = ""
    campaign: UnitCampaign | None = None


class ListLegend(DocModel):
    legend: DataKey
    unit: LocalId | None = None


class ListStrategy(DocModel):
    """A pre-game strategy the list chose (Battle Forge): a strategy key of `faction`, the list's
    own faction unless given (an allied force's faction for the strategies it brings)."""

    strategy: DataKey
    faction: DataKey | None = None


class ListDocument(DocModel):
    format: Literal["forgebuilder-list"] = FORMAT
    version: Literal[2] = VERSION
    name: Annotated[
        str, StringConstraints(strip_whitespace=True, max_length=MAX_LIST_NAME), Plain
    ] = "New list"
    module: DataKey
    module_version: Annotated[str, Plain] | None = None
    data_version: int | None = Field(
        None, ge=1, description="the number of the module's published version it was built on"
    )
    pinned: bool = Field(False, description="kept on `data_version` until its owner updates it")
    faction: DataKey
    focus: DataKey | None = Field(
        None, description="the primary faction's focus: the default for its new forces"
    )
    points_limit: int = Field(ge=POINTS_LIMIT_MIN, le=POINTS_LIMIT_MAX)
    casual: bool = False
    doctrine: DataKey | None = None
    forces: tuple[ListForce, ...] = Field(default=(), max_length=MAX_FORCES)
    units: tuple[ListUnit, ...] = Field(default=(), max_length=MAX_UNITS)
    legends: tuple[ListLegend, ...] = Field(default=(), max_length=MAX_LEGENDS)
    pre_game_strategies: tuple[ListStrategy, ...] = Field(default=(), max_length=MAX_PRE_GAME)
    notes: Note = ""

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        return upgrade(data)

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
        for i, unit in enumerate(self.units):
            joined = unit.campaign.joined if unit.campaign else None
            if joined is not None and (joined not in known_units or joined == unit.id):
                raise ValueError(
                    f"units[{i}] has joined unit '{joined}', which the list lacks"
                    if joined != unit.id
                    else f"units[{i}] cannot join itself"
                )
        return self

    def unit(self, unit_id: str) -> ListUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def force(self, force_id: str) -> ListForce | None:
        return next((f for f in self.forces if f.id == force_id), None)

    def unit_faction(self, unit: ListUnit) -> str:
        """The faction whose datasheets `unit` comes from: its own when it names one, else its
        force organization's, else the list's. The one answer every page and step uses."""
        if unit.faction:
            return unit.faction
        force = self.force(unit.force) if unit.force else None
        return force.faction if force else self.faction

    def next_id(self, prefix: str) -> str:
        """A fresh local id: `u7` after `u6`."""
        used = {u.id for u in self.units} | {f.id for f in self.forces}
        n = 1
        while f"{prefix}{n}" in used:
            n += 1
        return f"{prefix}{n}"

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def campaign_units(self) -> int:
        """How many units carry campaign state (XP, levels, traits, injuries...)."""
        return sum(u.campaign is not None for u in self.units)

    def without_campaign_state(self) -> ListDocument:
        """The list with no unit's campaign state: only a campaign writes it, on its own army."""
        if not self.campaign_units():
            return self
        units = tuple(u.model_copy(update={"campaign": None}) for u in self.units)
        return self.model_copy(update={"units": units})


def campaign_state_left_behind(units: int) -> str:
    """What a player is told when a new list (imported, copied, joined) drops campaign state."""
    plural = "s" if units != 1 else ""
    return (
        f"Campaign state on {units} unit{plural} (XP, levels, traits, injuries) was left "
        "behind: only a campaign gives it, to its own army."
    )


def upgrade(data: Any) -> Any:
    """A document's data in the current version: version 1 is converted, others pass as they are.

    Version 1 had one focus for the whole list; version 2 gives each force organization its own.
    The list's focus stays as the default and is copied onto the primary faction's forces.
    Anything that is not a version-1 document object is returned unchanged for validation to judge.
    """
    if not isinstance(data, dict) or data.get("version", 1) != 1:
        return data
    upgraded = {**data, "version": VERSION}
    focus, faction = data.get("focus"), data.get("faction")
    forces = data.get("forces")
    if focus is not None and isinstance(forces, list | tuple):
        upgraded["forces"] = [
            {**force, "focus": focus}
            if isinstance(force, dict) and force.get("faction") == faction and "focus" not in force
            else force
            for force in forces
        ]
    return upgraded
