"""Reading one unit's line of a text export against the module: which datasheet it names
(with or without a custom name), its model counts, options, power specialty and the legend it
carries. What is not matched is said, with its place (`miss`), and left out."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from factions.cards import choice_label
from factions.catalog import Catalog
from factions.gamedata.schemas import DatasheetSpec, OptionSpec
from forgebuilder.engine.api import ListChoice, ListUnit
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.exports.text import datasheet_names
from forgebuilder.lists.importers.notes import clean_line
from forgebuilder.lists.importers.result import Unmatched
from forgebuilder.lists.importers.text_lines import COUNT, UnitLine, unit_tail

MAX_UNMATCHED = 200
#: The readings of a unit's line tried for one whose options all match (a custom name can hold
#: what looks like a datasheet's name and options)
MAX_READINGS = 8


class UnitReader:
    """Reads units' lines for the list reader (text.py), which says each line's faction."""

    def __init__(self, catalog: Catalog, faction: str | None = None) -> None:
        self.catalog = catalog
        self.faction = faction
        self.unmatched: list[Unmatched] = []
        self.names: dict[str, str] = {}
        # the legends units say they carry, in list order: (legend key, unit id)
        self.carried: list[tuple[str, str]] = []

    def miss(self, place: str, message: str) -> None:
        if len(self.unmatched) >= MAX_UNMATCHED:
            raise DocumentError(
                ((place, f"more than {MAX_UNMATCHED} parts match nothing in the module"),)
            )
        self.unmatched.append(Unmatched(place, message))

    def readings(self, body: str, faction: str) -> Iterator[UnitLine]:
        """The ways `body` reads as a unit, likeliest first: `<datasheet><tail>`, then
        `<custom name> (<datasheet>)<tail>` from the last place where the rest fits, since what
        a player typed is on the left ("a (Spearmen): x (Captain)" is a Captain)."""
        sheets = self.catalog.spec.factions[faction].datasheets
        names = datasheet_names(self.catalog, faction)
        ordered = sorted(sheets.items(), key=lambda kv: -len(names[kv[0]]))
        for key, sheet in ordered:
            name = names[key]
            if body.startswith(name) and (t := unit_tail(body[len(name) :], sheet)):
                yield UnitLine(key, sheet, "", *t)
        places = []
        for key, sheet in ordered:
            marker = f" ({names[key]})"
            at = body.find(marker, 1)
            while at != -1:
                places.append((at + len(marker), at, key, sheet))
                at = body.find(marker, at + 1)
        for end, at, key, sheet in sorted(places, key=lambda p: (-p[0], p[1])):
            if (t := unit_tail(body[end:], sheet)) is not None:
                yield UnitLine(key, sheet, body[:at], *t)

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
        counted = COUNT.match(rest)
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
