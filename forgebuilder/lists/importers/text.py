"""Read forgebuilder's own text export (exports/text.py) back into a list document.

The text names the module, the faction and focus, the doctrine, pre-game strategies and notes,
each force organization with its own focus, and per unit its name, datasheet, model count (each
model type's when it has several to count), the labels of the options it takes and its notes.
Where only a unit's total is given, extra models go to the first model types that can take them.
"""

from __future__ import annotations

from factions.catalog import Catalog, catalog_for
from factions.models import GameModule
from forgebuilder.engine.api import (
    LOOSE_TITLES,
    MAX_NOTE,
    ListDocument,
    ListForce,
    ListLegend,
    ListStrategy,
    ListUnit,
    campaign_state_left_behind,
    clamp_points_limit,
)
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.exports.text import DETAIL, LIST_NOTE, UNIT_NOTE
from forgebuilder.lists.importers.notes import clean_line
from forgebuilder.lists.importers.result import ImportOutcome
from forgebuilder.lists.importers.text_lines import (
    HEAD,
    ForceLine,
    campaign_units_line,
    force_line,
    key_by_name,
    legend_line,
    qualified_title,
    too_long,
    unit_line_body,
)
from forgebuilder.lists.importers.text_units import UnitReader

FORMAT_NAME = "forgebuilder text export"
FULL_FORMAT_NAME = "forgebuilder full text"


def _module_of(line: str) -> Catalog | None:
    best: GameModule | None = None
    for module in GameModule.objects.only("id", "name", "slug"):
        if line.startswith(f"{module.name} (") and (
            best is None or len(module.name) > len(best.name)
        ):
            best = module
    return catalog_for(best) if best is not None else None


class _TextReader(UnitReader):
    """Reads the list's lines in order: its header, forces, units (text_units.py), legends,
    strategies and notes."""

    def __init__(self, catalog: Catalog, lines: list[str]) -> None:
        super().__init__(catalog)
        self.lines = lines
        self.doctrine: str | None = None
        self.strategies: list[ListStrategy] = []
        self.notes: list[str] = []
        self.last_unit: ListUnit | None = None  # the unit the next `Note:` lines belong to
        self.unit_notes: list[str] = []  # its notes' lines so far
        self.focus_guessed = False  # the list's focus is the first of several the text names
        self.full = False  # the full text: detail lines under units

    def faction_key(self, name: str) -> str | None:
        return key_by_name({k: f.name for k, f in self.catalog.spec.factions.items()}, name)

    def run(self) -> ImportOutcome:
        catalog = self.catalog
        head = HEAD.match(self.lines[0])
        assert head is not None
        faction, focus, casual = self.header(self.lines[1])
        self.faction, self.focus = faction, focus
        self.forces: list[ListForce] = []
        self.units: list[ListUnit] = []
        self.legends: list[ListLegend] = []
        self.force_id: str | None = None
        self.force_faction: str | None = faction
        for number, line in enumerate(self.lines[2:], start=3):
            self.read_line(line, f"line {number}")
        document = ListDocument(
            name=clean_line(head["name"], 120) or "Imported list",
            module=catalog.slug,
            module_version=catalog.spec.version,
            faction=faction,
            focus=focus,
            points_limit=clamp_points_limit(int(head["limit"])),
            casual=casual,
            doctrine=self.doctrine,
            forces=self.focused_forces(),
            units=tuple(self.units),
            legends=tuple(self.legends),
            pre_game_strategies=tuple(self.strategies),
            notes=self.note("\n".join(self.notes), "the list's notes"),
        )
        name = FULL_FORMAT_NAME if self.full else FORMAT_NAME
        return ImportOutcome(name, document, tuple(self.unmatched))

    def focused_forces(self) -> tuple[ListForce, ...]:
        """The forces with their focuses: each its own, as its heading says; in a text whose
        headings say none (an older export), the list's forces take the list's focus."""
        if any(force.focus for force in self.forces) or not self.focus:
            return tuple(self.forces)
        if self.focus_guessed and any(f.faction == self.faction for f in self.forces):
            focus = self.catalog.focuses(self.faction)[self.focus].name
            self.miss("line 2", f"which force has which focus is not said; each took {focus}")
        return tuple(
            f.model_copy(update={"focus": self.focus}) if f.faction == self.faction else f
            for f in self.forces
        )

    def note(self, text: str, what: str) -> str:
        if len(text) > MAX_NOTE:
            self.miss(what, f"longer than {MAX_NOTE:,} characters; cut there")
        return text[:MAX_NOTE]

    def header(self, second: str) -> tuple[str, str | None, bool]:
        """The list's faction, focus and casual mark, from its second line."""
        casual = second.endswith(" · casual")
        second = second.removesuffix(" · casual")
        who = second.split(" · ", 1)[1] if " · " in second else ""
        faction_name, _, focus_name = who.partition(", focus: ")
        faction = self.faction_key(faction_name)
        if faction is None:
            raise DocumentError(
                (("line 2", f"{self.catalog.spec.name} has no faction “{faction_name}”"),)
            )
        focus = None
        if focus_name:
            focuses = {k: f.name for k, f in self.catalog.focuses(faction).items()}
            # the focuses of the list's forces ("Town Watch, Levy"): the first is the default
            focus = key_by_name(focuses, focus_name)
            if focus is None and len(names := focus_name.split(", ")) > 1:
                found = [key_by_name(focuses, name) for name in names]
                focus = found[0] if None not in found else None
                self.focus_guessed = focus is not None
            if focus is None:
                self.miss("line 2", f"the faction has no focus “{focus_name}”; left out")
        return faction, focus, casual

    def read_line(self, line: str, place: str) -> None:
        """One line after the head: a note, the doctrine, a pre-game strategy, a force's
        heading, a unit or a legend."""
        if line.startswith(f"{DETAIL} "):
            self.full = True  # the full text's detail, said again from the unit's line
            return
        if line == UNIT_NOTE or line.startswith(f"{UNIT_NOTE} "):
            self.read_unit_note(line[len(UNIT_NOTE) + 1 :], place)
            return
        last, self.last_unit = self.last_unit, None
        if line == LIST_NOTE or line.startswith(f"{LIST_NOTE} "):
            self.last_unit = last  # a list's note between a unit and its own notes: none
            self.notes.append(line[len(LIST_NOTE) + 1 :])
        elif (units := campaign_units_line(line)) is not None:
            self.miss(place, campaign_state_left_behind(units))
        elif line.startswith("Doctrine: "):
            self.read_doctrine(line.removeprefix("Doctrine: "), place)
        elif line.startswith("Pre-game strategy: "):
            self.read_strategy(line.removeprefix("Pre-game strategy: "), place)
        elif (found := force_line(line)) is not None:
            self.read_force(found, place)
        elif (body := unit_line_body(line)) is not None:
            self.read_unit(body, place)
        elif (legend := legend_line(line)) is not None:
            self.read_legend(*legend, place)

    def read_unit(self, body: str, place: str) -> None:
        if self.force_faction is None:
            self.miss(place, "the unit's faction is unknown; left out")
            return
        unit = self.unit(body, self.force_faction, place, len(self.units) + 1, self.force_id)
        if unit is not None:
            if self.force_faction != self.faction and self.force_id is None:
                unit = unit.model_copy(update={"faction": self.force_faction})
            self.units.append(unit)
            self.last_unit, self.unit_notes = unit, []

    def read_unit_note(self, text: str, place: str) -> None:
        """A line of the notes of the unit above (`Note: <line>`)."""
        unit = self.last_unit
        if unit is None:
            self.miss(place, "a unit's note with no unit above it; left out")
            return
        self.unit_notes.append(text)
        notes = self.note("\n".join(self.unit_notes), place)
        self.units[-1] = unit.model_copy(update={"notes": notes})

    def read_doctrine(self, name: str, place: str) -> None:
        doctrines = {k: d.name for k, d in self.catalog.spec.doctrines.items()}
        self.doctrine = key_by_name(doctrines, name)
        if self.doctrine is None:
            self.miss(place, f"{self.catalog.spec.name} has no doctrine “{name}”; left out")

    def read_strategy(self, text: str, place: str) -> None:
        """`<strategy>` of the list's faction, or `<strategy> (<faction>)` of an allied one."""
        faction, name = self.faction, text
        if (key := self.strategy_key(faction, name)) is None:
            name, qualifiers = qualified_title(text)
            faction = self.faction_key(qualifiers[0]) if len(qualifiers) == 1 else None
            key = self.strategy_key(faction, name) if faction else None
        if key is None:
            self.miss(place, f"no pre-game strategy “{text}”; left out")
            return
        other = faction if faction != self.faction else None
        self.strategies.append(ListStrategy(strategy=key, faction=other))

    def strategy_key(self, faction: str | None, name: str) -> str | None:
        return key_by_name({k: s.name for k, s in self.catalog.strategies(faction).items()}, name)

    def read_force(self, found: ForceLine, place: str) -> None:
        """A force's heading: the units below it are its own (none for the units outside)."""
        fac = self.faction_key(found.faction)
        if fac is None:
            self.miss(place, f"no faction “{found.faction}”; its units are left out")
            self.force_id, self.force_faction = None, None
            return
        self.force_faction = fac
        if found.title in LOOSE_TITLES:
            self.force_id = None
            return
        org, name = self.organization(found, fac)
        if org is None and name != "Force":
            self.miss(place, f"no force organization “{found.title}”; kept without one")
        focus = None
        if found.focus:
            focuses = {k: f.name for k, f in self.catalog.focuses(fac).items()}
            focus = key_by_name(focuses, found.focus)
            if focus is None:
                self.miss(place, f"{found.faction} has no focus “{found.focus}”; left out")
        self.force_id = f"f{len(self.forces) + 1}"
        self.forces.append(ListForce(id=self.force_id, organization=org, faction=fac, focus=focus))

    def organization(self, found: ForceLine, faction: str) -> tuple[str | None, str]:
        """(key, name) of the force organization a heading names: by its whole title, else by
        the title without what tells it from a force of the same name (its faction, its
        number: `Support (Orcs and Goblins, 2)`)."""
        orgs = {k: o.name for k, o in self.catalog.force_organizations(faction).items()}
        if (org := key_by_name(orgs, found.title)) is not None:
            return org, found.title
        name, qualifiers = qualified_title(found.title)
        if qualifiers and all(q == found.faction or q.isdigit() for q in qualifiers):
            return key_by_name(orgs, name), name
        return None, found.title

    def read_legend(self, legend_name: str, holder_name: str, place: str) -> None:
        legends = {k: leg.name for k, leg in self.catalog.legends(self.faction).items()}
        key = key_by_name(legends, legend_name)
        if key is None:
            self.miss(place, f"no legend “{legend_name}”; left out")
            return
        holder = None
        if holder_name:
            # the unit whose line says it carries the legend, else the first of that name
            carried = next((at for at, (k, _) in enumerate(self.carried) if k == key), None)
            if carried is not None:
                holder = self.carried.pop(carried)[1]
            else:
                holder = next((u.id for u in self.units if self._name(u) == holder_name), None)
            if holder is None:
                self.miss(place, f"no unit “{holder_name}” to carry it; kept on the list")
        self.legends.append(ListLegend(legend=key, unit=holder))

    def _name(self, unit: ListUnit) -> str:
        return unit.name or self.names.get(unit.id, unit.datasheet)


def text_list_document(text: str) -> ImportOutcome:
    """The list of a forgebuilder text export; raises DocumentError when its module or
    faction is unknown."""
    if (problem := too_long(text)) is not None:
        raise problem
    lines = [line.rstrip() for line in text.strip().splitlines()]
    lines = [line.strip() if not line.startswith("  !") else line for line in lines]
    catalog = _module_of(lines[1])
    if catalog is None:
        raise DocumentError(
            (("line 2", "no loaded game module is named at the start of this line"),)
        )
    return _TextReader(catalog, lines).run()
