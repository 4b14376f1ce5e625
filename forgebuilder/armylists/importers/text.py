"""Read forgebuilder's own text export (exports/text.py) back into a list document.

The text names the module, the faction and focus, each force organization, and per unit its
name, datasheet, model count and the labels of the options it takes. Model counts are given
per unit, so extra models go to the first model types that can take them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factions.cards import choice_label
from factions.catalog import Catalog, catalog_for
from factions.gamedata.schemas import DatasheetSpec, OptionSpec
from factions.models import GameModule

from ..documents import DocumentError
from ..listdoc import (
    ListChoice,
    ListDocument,
    ListForce,
    ListLegend,
    ListUnit,
    clamp_points_limit,
)
from ..presenters.forces import LOOSE_TITLES
from .notes import clean_line
from .result import ImportOutcome, Unmatched

FORMAT_NAME = "forgebuilder text export"
#: A text export of the largest list allowed is far smaller than these; longer input is refused
#: before it is parsed, so that no paste costs more than a normal list.
MAX_TEXT_CHARS = 200_000
MAX_LINE_CHARS = 2_000
MAX_LINES = 2_000
MAX_UNMATCHED = 200
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


def _force_line(line: str) -> _Force | None:
    """`== <title>[ (N SP)] · <faction>[, allied] · <points> pts ==`"""
    if not (line.startswith("== ") and line.endswith(" pts ==")):
        return None
    title, sep, rest = line[3:-3].partition(" · ")
    faction, sep2, points = rest.rpartition(" · ")
    if not (sep and sep2 and _POINTS.fullmatch(points)):
        return None
    if (sp := _SP.search(title)) is not None:
        title = title[: sp.start()]
    return _Force(title, faction.removesuffix(", allied"))


def _unit_line(line: str) -> str | None:
    """The body of `<n>. <body> · <points> pts`."""
    number, sep, rest = line.partition(". ")
    body, sep2, points = rest.rpartition(" · ")
    if not (sep and sep2 and number.isascii() and number.isdigit() and len(number) <= 4):
        return None
    return body if _POINTS.fullmatch(points) else None


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


def _tail(rest: str) -> tuple[int, str] | None:
    """(models, extras) of what follows a datasheet's name (a model count, then `: extras`)."""
    models = 1
    if (found := _MODELS.match(rest)) is not None:
        models, rest = int(found["n"]), rest[found.end() :]
    if not rest:
        return models, ""
    return (models, rest[2:]) if rest.startswith(": ") else None


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
    extras: str


class _TextReader:
    def __init__(self, catalog: Catalog, lines: list[str]) -> None:
        self.catalog = catalog
        self.lines = lines
        self.unmatched: list[Unmatched] = []
        self.names: dict[str, str] = {}

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
            forces=tuple(self.forces),
            units=tuple(self.units),
            legends=tuple(self.legends),
        )
        return ImportOutcome(FORMAT_NAME, document, tuple(self.unmatched))

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
            focus = _by_name(focuses, focus_name)
            if focus is None:
                self.miss("line 2", f"the faction has no focus “{focus_name}”; left out")
        return faction, focus, casual

    def read_line(self, line: str, place: str) -> None:
        """One line after the head: a force's heading, a unit or a legend."""
        if (found := _force_line(line)) is not None:
            self.read_force(found, place)
        elif (body := _unit_line(line)) is not None:
            if self.force_faction is None:
                self.miss(place, "the unit's faction is unknown; left out")
                return
            unit = self.unit(body, self.force_faction, place, len(self.units) + 1, self.force_id)
            if unit is not None:
                if self.force_faction != self.faction and self.force_id is None:
                    unit = unit.model_copy(update={"faction": self.force_faction})
                self.units.append(unit)
        elif (legend := _legend_line(line)) is not None:
            self.read_legend(*legend, place)

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
        orgs = {k: o.name for k, o in self.catalog.force_organizations(fac).items()}
        org = _by_name(orgs, found.title)
        if org is None and found.title != "Force":
            self.miss(place, f"no force organization “{found.title}”; kept without one")
        self.force_id = f"f{len(self.forces) + 1}"
        focus = self.focus if fac == self.faction else None
        self.forces.append(ListForce(id=self.force_id, organization=org, faction=fac, focus=focus))

    def read_legend(self, legend_name: str, holder_name: str, place: str) -> None:
        legends = {k: leg.name for k, leg in self.catalog.legends(self.faction).items()}
        key = _by_name(legends, legend_name)
        if key is None:
            self.miss(place, f"no legend “{legend_name}”; left out")
            return
        holder = None
        if holder_name:
            holder = next((u.id for u in self.units if self._name(u) == holder_name), None)
            if holder is None:
                self.miss(place, f"no unit “{holder_name}” to carry it; kept on the list")
        self.legends.append(ListLegend(legend=key, unit=holder))

    def _name(self, unit: ListUnit) -> str:
        return unit.name or self.names.get(unit.id, unit.datasheet)

    def split(self, body: str, faction: str) -> _Unit | None:
        sheets = self.catalog.spec.factions[faction].datasheets
        ordered = sorted(sheets.items(), key=lambda kv: -len(kv[1].name))
        for key, sheet in ordered:
            if body.startswith(sheet.name) and (t := _tail(body[len(sheet.name) :])):
                return _Unit(key, sheet, "", t[0], t[1])
        for key, sheet in ordered:
            # `<custom name> (<datasheet>)<tail>`: the first place where the rest fits
            marker = f" ({sheet.name})"
            at = body.find(marker, 1)
            while at != -1:
                if (t := _tail(body[at + len(marker) :])) is not None:
                    return _Unit(key, sheet, body[:at], t[0], t[1])
                at = body.find(marker, at + 1)
        return None

    def unit(
        self, body: str, faction: str, place: str, number: int, force_id: str | None
    ) -> ListUnit | None:
        found = self.split(body, faction)
        if found is None:
            self.miss(place, f"no datasheet of the faction matches “{body}”; left out")
            return None
        sheet = found.sheet
        self.names[f"u{number}"] = found.name or sheet.name
        options, specialty = self.extras(found.extras, sheet, faction, place)
        return ListUnit(
            id=f"u{number}",
            datasheet=found.key,
            force=force_id,
            name=clean_line(found.name, 80),
            models=self.models(sheet, found.models, options),
            options=tuple(options),
            specialty=specialty,
        )

    def extras(
        self, rest: str, sheet: DatasheetSpec, faction: str, place: str
    ) -> tuple[list[ListChoice], str | None]:
        """What follows a unit's name: its options taken, its power specialty and its legend
        (read from the legend's own line, skipped here)."""
        labels = self.labels(sheet, faction)
        options: list[ListChoice] = []
        specialty = None
        while rest:
            rest = rest.removeprefix(", ")
            if rest.startswith("Legend: "):
                rest = self.after_legend(rest[8:], faction)
            elif rest.startswith("Powers: "):
                specialty = self.specialty(rest[8:], faction)
                if specialty is None:
                    self.miss(place, f"no power specialty in “{rest[8:]}”; left out")
                    break
                rest = rest[8 + len(self.catalog.power_specialties(faction)[specialty].name) :]
            else:
                rest = self.option(rest, labels, options, sheet, place)
        return options, specialty

    def after_legend(self, rest: str, faction: str) -> str:
        names = sorted((leg.name for leg in self.catalog.legends(faction).values()), key=len)
        match = next((n for n in reversed(names) if rest.startswith(n)), None)
        return rest[len(match) :] if match else ""

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
