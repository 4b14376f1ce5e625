"""The immutable Roster a list document resolves to (`resolving.resolve`), and what its units
carry (`loadouts.py` works out each model's weapons and rules).

Three modules by topic: the shapes (here), resolving a document into them (`resolving.py`),
and the loadouts of resolved units (`loadouts.py`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any
from weakref import WeakKeyDictionary

from factions.catalog import Catalog, focus_allows
from factions.gamedata.refs import Ref
from factions.gamedata.schemas import (
    ChoiceSpec,
    DatasheetSpec,
    FactionSpec,
    FocusSpec,
    ForceOrganizationSpec,
    LegendSpec,
    ModelSpec,
    OptionSpec,
)
from factions.rulesets import Ruleset
from forgebuilder.engine.listdoc import ListDocument


@dataclass(frozen=True, slots=True)
class Issue:
    """Something in the document that the module does not have."""

    code: str
    message: str
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class TakenChoice:
    option: OptionSpec
    model: ModelSpec | None  # None: a unit option
    choice: ChoiceSpec
    count: int
    # Models the option applies to (for per-model "all" options: what the price multiplies).
    applies_to: int

    @property
    def points(self) -> int:
        if self.option.per_model:
            return self.choice.points * self.applies_to
        return self.choice.points * self.count


@dataclass(frozen=True, slots=True)
class Loadout:
    """What the models of one type carry once options are applied: (reference, models carrying)."""

    model: ModelSpec
    count: int
    weapons: tuple[tuple[Ref, int], ...]
    rules: tuple[tuple[Ref, int], ...]


@dataclass(frozen=True, slots=True)
class RosterUnit:
    id: str
    name: str
    datasheet_key: str
    datasheet: DatasheetSpec | None
    faction_key: str
    force_id: str | None
    model_counts: tuple[tuple[str, int], ...]
    choices: tuple[TakenChoice, ...]
    specialty: str | None
    points: int
    focus_key: str | None  # the focus that applies to this unit: its force's
    # models that add_model options bring, by model template key: (key, count)
    added_models: tuple[tuple[str, int], ...] = ()
    # False for a campaign unit that is dead or disbanded: kept in the list for the record, but
    # the engine checks and totals only the units still in the army (see `Roster.in_play`)
    active: bool = True
    # unit_loadout's answer, kept once computed: several checks read it
    _loadout: tuple[Loadout, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def total_models(self) -> int:
        """Every model of the unit: its datasheet's and those its options add."""
        return sum(count for _, count in self.model_counts) + self.added_count

    @property
    def added_count(self) -> int:
        return sum(count for _, count in self.added_models)

    def added_of(self, template_key: str | None) -> int:
        """How many models of this model template the unit's add_model choices bring."""
        return sum(count for key, count in self.added_models if key == template_key)

    def count_of(self, model_id: str | None) -> int:
        model_id = model_id or ""
        for key, count in self.model_counts:
            if key == model_id:
                return count
        return 0

    @property
    def category(self) -> str | None:
        return self.datasheet.category if self.datasheet else None


@dataclass(frozen=True, slots=True)
class RosterForce:
    id: str
    organization_key: str | None
    organization: ForceOrganizationSpec | None
    faction_key: str
    faction: FactionSpec | None
    allied: bool
    # this force's focus (Battle Forge: "any force can choose a focus"), of its own faction
    focus_key: str | None = None
    focus: FocusSpec | None = None
    # the name every page and message calls it, told apart from forces sharing its name:
    # "Generalist", "Generalist (Vampire Lords)" beside a Haunting Ghosts one, "Generalist (2)"
    label: str = ""
    # the same with its faction always said, for menus that offer forces of several factions
    label_with_faction: str = ""

    @property
    def faction_name(self) -> str:
        return self.faction.name if self.faction else self.faction_key


@dataclass(frozen=True, slots=True)
class RosterLegend:
    key: str
    legend: LegendSpec | None
    unit_id: str | None

    @property
    def points(self) -> int:
        return self.legend.points if self.legend else 0


@dataclass(frozen=True)
class Roster:
    document: ListDocument
    catalog: Catalog
    faction_key: str
    faction: FactionSpec | None
    focus_key: str | None
    focus: FocusSpec | None
    forces: tuple[RosterForce, ...]
    units: tuple[RosterUnit, ...]
    legends: tuple[RosterLegend, ...]
    issues: tuple[Issue, ...] = field(default=())

    @property
    def points_limit(self) -> int:
        return self.document.points_limit

    @property
    def casual(self) -> bool:
        return self.document.casual

    @property
    def params(self) -> Any:
        # The ruleset's own parameters (a subclass of RulesetParameters): each check reads the
        # fields of the ruleset it is registered for, which the base class does not declare.
        return self.catalog.params

    @property
    def ruleset(self) -> Ruleset:
        return self.catalog.ruleset

    @property
    def points(self) -> int:
        return sum(u.points for u in self.units) + sum(leg.points for leg in self.legends)

    def unit(self, unit_id: str) -> RosterUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def in_play(self) -> Roster:
        """The roster without its dead and disbanded campaign units, which every check and
        total leaves out (the campaign check reads their state from the document)."""
        if all(u.active for u in self.units):
            return self
        active = {u.id for u in self.units if u.active}
        return replace(
            self,
            units=tuple(u for u in self.units if u.active),
            legends=tuple(g for g in self.legends if g.unit_id is None or g.unit_id in active),
            issues=tuple(i for i in self.issues if i.unit is None or i.unit in active),
        )

    def force(self, force_id: str | None) -> RosterForce | None:
        return next((f for f in self.forces if f.id == force_id), None)

    def with_datasheets(self) -> Iterator[tuple[RosterUnit, DatasheetSpec]]:
        """Each unit whose datasheet the module has, with it: the checks of a unit's models and
        options pass over one it lacks (KnownReferences reports that once)."""
        return ((u, u.datasheet) for u in self.units if u.datasheet is not None)

    def units_in(self, force_id: str) -> list[RosterUnit]:
        return [u for u in self.units if u.force_id == force_id]

    def focus_of(self, unit: RosterUnit) -> FocusSpec | None:
        """The focus that applies to `unit`: its force's (see `RosterUnit.focus_key`)."""
        if unit.focus_key is None:
            return None
        return self.catalog.focuses(unit.faction_key).get(unit.focus_key)

    def focus_keys(self, faction_key: str) -> set[str | None]:
        """The focuses in play for a faction's units: those of its forces (None: a force without
        one); with no force of the faction, the list's focus for its own faction."""
        keys = {f.focus_key for f in self.forces if f.faction_key == faction_key}
        if not keys:
            keys = {self.focus_key if faction_key == self.faction_key else None}
        return keys


_memos: WeakKeyDictionary[Catalog, dict[str, dict[Hashable, Any]]] = WeakKeyDictionary()


def catalog_memo(catalog: Catalog, name: str) -> dict[Hashable, Any]:
    """A cache that lives as long as `catalog`: a catalogue never changes, so neither does what
    the engine derives from it (a new module revision makes a new catalogue)."""
    memos = _memos.get(catalog)
    if memos is None:
        memos = _memos.setdefault(catalog, {})
    return memos.setdefault(name, {})


def available_under_focus(
    focuses: tuple[str, ...], roster: Roster, focus_key: str | None, faction_key: str | None = None
) -> bool:
    """Whether an item naming `focuses` may be taken under `focus_key`, a focus of `faction_key`
    (the list's faction unless given: an allied force's focus is of its own faction)."""
    if not focuses:  # most items name no focus
        return True
    if focus_key is None:
        return focus_allows(focuses, None, False)
    focus = roster.catalog.focuses(faction_key or roster.faction_key).get(focus_key)
    return focus_allows(focuses, focus_key, bool(focus and focus.restricted))
