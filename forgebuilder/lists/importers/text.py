"""Read forgebuilder's own text export (exports/text.py) back into a list document.

The text names the module, the faction and focus, the doctrine, pre-game strategies and notes,
each force organization with its own focus, and per unit its name, datasheet, model count (each
model type's when it has several to count), the labels of the options it takes and its notes.
Where only a unit's total is given, extra models go to the first model types that can take them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from factions.cards import choice_label
from factions.catalog import Catalog, catalog_for
from factions.gamedata.schemas import DatasheetSpec, OptionSpec
from factions.models import GameModule
from forgebuilder.engine.api import (
    LOOSE_TITLES,
    MAX_NOTE,
    ListChoice,
    ListDocument,
    ListForce,
    ListLegend,
    ListStrategy,
    ListUnit,
    campaign_state_left_behind,
    clamp_points_limit,
)
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.exports.text import CAMPAIGN_LINE, LIST_NOTE, UNIT_NOTE, datasheet_names
from forgebuilder.lists.importers.notes import clean_line
from forgebuilder.lists.importers.result import ImportOutcome, Unmatched

FORMAT_NAME = "forgebuilder text export"
#: A text export of the largest list allowed is far smaller than these; longer input is refused
#: before it is parsed, so that no paste costs more than a normal list.
MAX_TEXT_CHARS = 200_000
MAX_LINE_CHARS = 2_000
MAX_LINES = 2_000
MAX_UNMATCHED = 200
#: The readings of a unit's line tried for one whose options all match (a custom name can hold
#: what looks like a datasheet's name and options)
MAX_READINGS = 8
_HEAD = re.compile(r"^(?P<name>.*) \[(?P<points>-?[0-9]{1,9})/(?P<limit>[0-9]{1,9}) pts\]$")
_POINTS = re.compile(r"-?[0-9]{1,9} pts")
_SP = re.compile(r" \([0-9]{1,9} SP\)$")
_MODELS = re.compile(r" ×(?P<n>[0-9]{1,4})")
_COUNT = re.compile(r"(?P<n>[0-9]{1,4})× ")

# Each line is cut with split/partition at fixed separators, never matched by patterns that
# backtrack over every " · ": parsing stays linear in the length of the line.


@dataclass(frozen=True)
class _Force:
    title: str
    faction: str
    focus: str = ""  # the force's own focus, by name ("": none said)


def _force_line(line: str) -> _Force | None:
    """`== <title>[ (N SP)] · <faction>[, allied][, focus: <focus>] · <points> pts ==`"""
    if not (line.startswith("== ") and line.endswith(" pts ==")):
        return None
    title, sep, rest = line[3:-3].partition(" · ")
    faction, sep2, points = rest.rpartition(" · ")
    if not (sep and sep2 and _POINTS.fullmatch(points)):
        return None
    if (sp := _SP.search(title)) is not None:
        title = title[: sp.start()]
    faction, _, focus = faction.partition(", focus: ")
    return _Force(title, faction.removesuffix(", allied"), focus)


def _qualified(title: str) -> tuple[str, list[str]]:
    """(name, qualifiers) of a force's title: `Support (Orcs and Goblins, 2)` names the force
    organization Support, with its faction and number said beside a force of the same name."""
    if not title.endswith(")") or " (" not in title:
        return title, []
    name, _, qualifiers = title[:-1].rpartition(" (")
    return name, qualifiers.split(", ")


def _unit_line(line: str) -> str | None:
    """The body of `<n>. <body>[ · dead| · disbanded] · <points> pts` (a campaign unit out of
    the army comes back in it: its campaign state is left behind, as the text says)."""
    number, sep, rest = line.partition(". ")
    body, sep2, points = rest.rpartition(" · ")
    if not (sep and sep2 and number.isascii() and number.isdigit() and len(number) <= 4):
        return None
    for status in (" · dead", " · disbanded"):
        body = body.removesuffix(status)
    return body if _POINTS.fullmatch(points) else None


def _campaign_units(line: str) -> int | None:
    """How many units carried campaign state, from the line saying it is not in the text."""
    start, _, end = CAMPAIGN_LINE.partition("{n}")
    if not (line.startswith(start) and line.endswith(end)):
        return None
    count = line[len(start) : len(line) - len(end)]
    return int(count) if count.isascii() and count.isdigit() and len(count) <= 4 else None


def _legend_line(line: str) -> tuple[str, str] | None:
    """(name, holder or "") of `Legend: <name>[ (on <holder>)] · <points> pts`."""
    if not line.startswith("Legend: "):
        return None
    body, sep, points = line[8:].rpartition(" · ")
    if not (sep and _POINTS.fullmatch(points)):
        return None
    name, on, holder = body.partition(" (on ")
    if on and holder.endswith(")"):
        return name, holder[:-1]
    return body, ""


def _tail(rest: str, sheet: DatasheetSpec) -> tuple[int, str, str] | None:
    """(models, model types, extras) of what follows a datasheet's name: a model count, each
    model type's count in brackets when the unit has several to count, then `: extras`."""
    models, types = 1, ""
    if (found := _MODELS.match(rest)) is not None:
        models, rest = int(found["n"]), rest[found.end() :]
    if rest.startswith(" (") and sum(m.max_count > m.min for m in sheet.models) >= 2:
        types, _, rest = rest[2:].partition(")")
    if not rest:
        return models, types, ""
    return (models, types, rest[2:]) if rest.startswith(": ") else None


def _too_long(text: str) -> DocumentError | None:
    if len(text) > MAX_TEXT_CHARS:
        return DocumentError((("", f"the text is longer than {MAX_TEXT_CHARS:,} characters"),))
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        return DocumentError((("", f"the text has more than {MAX_LINES:,} lines"),))
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE_CHARS:
            return DocumentError(
                ((f"line {number}", f"longer than {MAX_LINE_CHARS:,} characters"),)
            )
    return None


def looks_like_text_export(text: str) -> bool:
    """Whether `text` starts like forgebuilder's text export (a `Name [x/y pts]` line)."""
    lines = text.strip().splitlines()
    return len(lines) >= 2 and _HEAD.match(lines[0].strip()) is not None


def _module_of(line: str) -> Catalog | None:
    best: GameModule | None = None
    for module in GameModule.objects.only("id", "name", "slug"):
        if line.startswith(f"{module.name} (") and (
            best is None or len(module.name) > len(best.name)
        ):
            best = module
    return catalog_for(best) if best is not None else None


def _by_name(names: dict[str, str], text: str) -> str | None:
    """The key whose name is `text` (keys map to names)."""
    return next((key for key, name in names.items() if name == text), None)


@dataclass
class _Unit:
    key: str
    sheet: DatasheetSpec
    name: str
    models: int
    types: str  # each model type's count, as the text says it ("" when only the total is)
    extras: str


class _TextReader:
    def __init__(self, catalog: Catalog, lines: list[str]) -> None:
        self.catalog = catalog
        self.lines = lines
        self.unmatched: list[Unmatched] = []
        self.names: dict[str, str] = {}
        # the legends units say they carry, in list order: (legend key, unit id)
        self.carried: list[tuple[str, str]] = []
        self.doctrine: str | None = None
        self.strategies: list[ListStrategy] = []
        self.notes: list[str] = []
        self.last_unit: ListUnit | None = None  # the unit the next `Note:` lines belong to
        self.unit_notes: list[str] = []  # its notes' lines so far
        self.focus_guessed = False  # the list's focus is the first of several the text names

    def miss(self, place: str, message: str) -> None:
        if len(self.unmatched) >= MAX_UNMATCHED:
            raise DocumentError(
                ((place, f"more than {MAX_UNMATCHED} parts match nothing in the module"),)
            )
        self.unmatched.append(Unmatched(place, message))

    def faction_key(self, name: str) -> str | None:
        return _by_name({k: f.name for k, f in self.catalog.spec.factions.items()}, name)

    def run(self) -> ImportOutcome:
        catalog = self.catalog
        head = _HEAD.match(self.lines[0])
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
        return ImportOutcome(FORMAT_NAME, document, tuple(self.unmatched))

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
            focus = _by_name(focuses, focus_name)
            if focus is None and len(names := focus_name.split(", ")) > 1:
                found = [_by_name(focuses, name) for name in names]
                focus = found[0] if None not in found else None
                self.focus_guessed = focus is not None
            if focus is None:
                self.miss("line 2", f"the faction has no focus “{focus_name}”; left out")
        return faction, focus, casual

    def read_line(self, line: str, place: str) -> None:
        """One line after the head: a note, the doctrine, a pre-game strategy, a force's
        heading, a unit or a legend."""
        if line == UNIT_NOTE or line.startswith(f"{UNIT_NOTE} "):
            self.read_unit_note(line[len(UNIT_NOTE) + 1 :], place)
            return
        last, self.last_unit = self.last_unit, None
        if line == LIST_NOTE or line.startswith(f"{LIST_NOTE} "):
            self.last_unit = last  # a list's note between a unit and its own notes: none
            self.notes.append(line[len(LIST_NOTE) + 1 :])
        elif (units := _campaign_units(line)) is not None:
            self.miss(place, campaign_state_left_behind(units))
        elif line.startswith("Doctrine: "):
            self.read_doctrine(line.removeprefix("Doctrine: "), place)
        elif line.startswith("Pre-game strategy: "):
            self.read_strategy(line.removeprefix("Pre-game strategy: "), place)
        elif (found := _force_line(line)) is not None:
            self.read_force(found, place)
        elif (body := _unit_line(line)) is not None:
            self.read_unit(body, place)
        elif (legend := _legend_line(line)) is not None:
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
        self.doctrine = _by_name(doctrines, name)
        if self.doctrine is None:
            self.miss(place, f"{self.catalog.spec.name} has no doctrine “{name}”; left out")

    def read_strategy(self, text: str, place: str) -> None:
        """`<strategy>` of the list's faction, or `<strategy> (<faction>)` of an allied one."""
        faction, name = self.faction, text
        if (key := self.strategy_key(faction, name)) is None:
            name, qualifiers = _qualified(text)
            faction = self.faction_key(qualifiers[0]) if len(qualifiers) == 1 else None
            key = self.strategy_key(faction, name) if faction else None
        if key is None:
            self.miss(place, f"no pre-game strategy “{text}”; left out")
            return
        other = faction if faction != self.faction else None
        self.strategies.append(ListStrategy(strategy=key, faction=other))

    def strategy_key(self, faction: str | None, name: str) -> str | None:
        return _by_name({k: s.name for k, s in self.catalog.strategies(faction).items()}, name)

    def read_force(self, found: _Force, place: str) -> None:
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
            focus = _by_name(focuses, found.focus)
            if focus is None:
                self.miss(place, f"{found.faction} has no focus “{found.focus}”; left out")
        self.force_id = f"f{len(self.forces) + 1}"
        self.forces.append(ListForce(id=self.force_id, organization=org, faction=fac, focus=focus))

    def organization(self, found: _Force, faction: str) -> tuple[str | None, str]:
        """(key, name) of the force organization a heading names: by its whole title, else by
        the title without what tells it from a force of the same name (its faction, its
        number: `Support (Orcs and Goblins, 2)`)."""
        orgs = {k: o.name for k, o in self.catalog.force_organizations(faction).items()}
        if (org := _by_name(orgs, found.title)) is not None:
            return org, found.title
        name, qualifiers = _qualified(found.title)
        if qualifiers and all(q == found.faction or q.isdigit() for q in qualifiers):
            return _by_name(orgs, name), name
        return None, found.title

    def read_legend(self, legend_name: str, holder_name: str, place: str) -> None:
        legends = {k: leg.name for k, leg in self.catalog.legends(self.faction).items()}
        key = _by_name(legends, legend_name)
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

    def readings(self, body: str, faction: str) -> Iterator[_Unit]:
        """The ways `body` reads as a unit, likeliest first: `<datasheet><tail>`, then
        `<custom name> (<datasheet>)<tail>` from the last place where the rest fits, since what
        a player typed is on the left ("a (Spearmen): x (Captain)" is a Captain)."""
        sheets = self.catalog.spec.factions[faction].datasheets
        names = datasheet_names(self.catalog, faction)
        ordered = sorted(sheets.items(), key=lambda kv: -len(names[kv[0]]))
        for key, sheet in ordered:
            name = names[key]
            if body.startswith(name) and (t := _tail(body[len(name) :], sheet)):
                yield _Unit(key, sheet, "", *t)
        places = []
        for key, sheet in ordered:
            marker = f" ({names[key]})"
            at = body.find(marker, 1)
            while at != -1:
                places.append((at + len(marker), at, key, sheet))
                at = body.find(marker, at + 1)
        for end, at, key, sheet in sorted(places, key=lambda p: (-p[0], p[1])):
            if (t := _tail(body[end:], sheet)) is not None:
                yield _Unit(key, sheet, body[:at], *t)

    def read_body(self, body: str, faction: str, place: str, unit_id: str):
        """(reading, options, specialty) of a unit's line: the first reading whose options
        all match (of the first few), else the first with what it could not match; None when
        no datasheet of the faction matches."""
        first = None
        for found in itertools.islice(self.readings(body, faction), MAX_READINGS):
            misses, carried = len(self.unmatched), len(self.carried)
            options, specialty = self.extras(found.extras, found.sheet, faction, place, unit_id)
            if len(self.unmatched) == misses:
                return found, options, specialty
            if first is None:
                first = (found, options, specialty), self.unmatched[misses:], self.carried[carried:]
            del self.unmatched[misses:], self.carried[carried:]
        if first is None:
            return None
        reading, unmatched, carried = first
        self.unmatched += unmatched
        self.carried += carried
        return reading

    def unit(
        self, body: str, faction: str, place: str, number: int, force_id: str | None
    ) -> ListUnit | None:
        read = self.read_body(body, faction, place, f"u{number}")
        if read is None:
            self.miss(place, f"no datasheet of the faction matches “{body}”; left out")
            return None
        found, options, specialty = read
        sheet = found.sheet
        self.names[f"u{number}"] = found.name or sheet.name
        models = self.model_types(sheet, found.types, place) if found.types else None
        return ListUnit(
            id=f"u{number}",
            datasheet=found.key,
            force=force_id,
            name=clean_line(found.name, 80),
            models=models or self.models(sheet, found.models, options),
            options=tuple(options),
            specialty=specialty,
        )

    def model_types(self, sheet: DatasheetSpec, types: str, place: str) -> dict[str, int] | None:
        """Each model type's count from `3 Firelocker, 1 Gun Sergeant`; None (the total
        decides) when it names a model the datasheet lacks."""
        names = {m.name: m for m in sheet.models}
        counts: dict[str, int] = {}
        for part in types.split(", "):
            count, _, name = part.partition(" ")
            model = names.get(name)
            if model is None or not (count.isascii() and count.isdigit() and len(count) <= 4):
                self.miss(place, f"{sheet.name} has no model “{part}”; counted from the total")
                return None
            counts[model.id] = min(max(int(count), model.min), model.max_count)
        return counts

    def extras(
        self, rest: str, sheet: DatasheetSpec, faction: str, place: str, unit_id: str
    ) -> tuple[list[ListChoice], str | None]:
        """What follows a unit's name: its options taken, its power specialty and its legend
        (read from the legend's own line, which this tells the unit carrying it)."""
        labels = self.labels(sheet, faction)
        options: list[ListChoice] = []
        specialty = None
        while rest:
            rest = rest.removeprefix(", ")
            if rest.startswith("Legend: "):
                rest = self.after_legend(rest[8:], unit_id, place)
            elif rest.startswith("Powers: "):
                specialty = self.specialty(rest[8:], faction)
                if specialty is None:
                    self.miss(place, f"no power specialty in “{rest[8:]}”; left out")
                    break
                rest = rest[8 + len(self.catalog.power_specialties(faction)[specialty].name) :]
            else:
                rest = self.option(rest, labels, options, sheet, place)
        return options, specialty

    def after_legend(self, rest: str, unit_id: str, place: str) -> str:
        """What follows the legend a unit's line says it carries (the list's faction's)."""
        legends = self.catalog.legends(self.faction).items()
        longest_first = sorted(legends, key=lambda kv: -len(kv[1].name))
        match = next(((k, leg.name) for k, leg in longest_first if rest.startswith(leg.name)), None)
        if match is None:
            self.miss(place, f"no legend “{rest}” for the unit to carry; left out")
            return ""
        self.carried.append((match[0], unit_id))
        return rest[len(match[1]) :]

    def specialty(self, rest: str, faction: str) -> str | None:
        names = {k: s.name for k, s in self.catalog.power_specialties(faction).items()}
        longest_first = sorted(names.items(), key=lambda kv: -len(kv[1]))
        return next((k for k, n in longest_first if rest.startswith(n)), None)

    def option(
        self,
        rest: str,
        labels: list[tuple[str, OptionSpec, str]],
        options: list[ListChoice],
        sheet: DatasheetSpec,
        place: str,
    ) -> str:
        """Take the option `rest` starts with into `options`; what is left to read."""
        count = 1
        counted = _COUNT.match(rest)
        if counted is not None:
            count, rest = int(counted["n"]), rest[counted.end() :]
        fits = [
            (text, o, c)
            for text, o, c in labels
            if rest.startswith(text)
            and (len(rest) == len(text) or rest[len(text) :].startswith(", "))
        ]
        # the same label on several options (one per model type): the first not yet taken
        used = {item.option for item in options}
        taken = next((f for f in fits if f[1].id not in used), fits[0] if fits else None)
        if taken is None:
            self.miss(place, f"{sheet.name} has no option “{rest.partition(', ')[0]}”; not taken")
            return rest.partition(", ")[2]
        text, option, choice = taken
        options.append(
            ListChoice(option=option.id, choice=choice, count=1 if option.per_model else count)
        )
        return rest[len(text) :]

    def labels(self, sheet: DatasheetSpec, faction: str) -> list[tuple[str, OptionSpec, str]]:
        """(label as exported, option, choice id), longest labels first."""
        out = []
        every = [*sheet.options, *(o for m in sheet.models for o in m.options)]
        for option in every:
            for choice in option.choices:
                text = choice_label(self.catalog, faction, option, choice)
                if option.verb == "remove_rule":
                    text = f"without {text}"
                out.append((text, option, choice.id))
        return sorted(out, key=lambda t: -len(t[0]))

    def models(self, sheet: DatasheetSpec, total: int, options: list[ListChoice]) -> dict[str, int]:
        """The unit's model counts from its total, which counts models added by options."""
        added = 0
        for taken in options:
            option = next((o for o in sheet.options if o.id == taken.option), None)
            if option is not None and option.verb == "add_model":
                choice = next(c for c in option.choices if c.id == taken.choice)
                added += taken.count * len(choice.items)
        extra = total - added - sum(m.min for m in sheet.models)
        counts: dict[str, int] = {}
        for model in sheet.models:
            room = model.max_count - model.min
            if extra > 0 and room > 0:
                counts[model.id] = model.min + min(room, extra)
                extra -= min(room, extra)
        return counts


def text_list_document(text: str) -> ImportOutcome:
    """The list of a forgebuilder text export; raises DocumentError when its module or
    faction is unknown."""
    if (problem := _too_long(text)) is not None:
        raise problem
    lines = [line.rstrip() for line in text.strip().splitlines()]
    lines = [line.strip() if not line.startswith("  !") else line for line in lines]
    catalog = _module_of(lines[1])
    if catalog is None:
        raise DocumentError(
            (("line 2", "no loaded game module is named at the start of this line"),)
        )
    return _TextReader(catalog, lines).run()
