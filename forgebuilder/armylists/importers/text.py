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
from ..listdoc import ListChoice, ListDocument, ListForce, ListLegend, ListUnit
from .notes import clean_line
from .result import ImportOutcome, Unmatched

FORMAT_NAME = "forgebuilder text export"
_HEAD = re.compile(r"^(?P<name>.*) \[(?P<points>-?\d+)/(?P<limit>\d+) pts\]$")
_FORCE = re.compile(
    r"^== (?P<title>.*?)(?: \(\d+ SP\))? · (?P<faction>.*?)(?P<allied>, allied)? · -?\d+ pts ==$"
)
_UNIT = re.compile(r"^(?P<number>\d+)\. (?P<body>.*) · -?\d+ pts$")
_LEGEND = re.compile(r"^Legend: (?P<name>.*?)(?: \(on (?P<holder>.*)\))? · -?\d+ pts$")
_COUNT = re.compile(r"^(?P<n>\d+)× (?P<label>.*)$")


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
        self.unmatched.append(Unmatched(place, message))

    def faction_key(self, name: str) -> str | None:
        return _by_name({k: f.name for k, f in self.catalog.spec.factions.items()}, name)

    def run(self) -> ImportOutcome:
        catalog, lines = self.catalog, self.lines
        head = _HEAD.match(lines[0])
        assert head is not None
        second = lines[1]
        casual = second.endswith(" · casual")
        second = second.removesuffix(" · casual")
        who = second.split(" · ", 1)[1] if " · " in second else ""
        faction_name, _, focus_name = who.partition(", focus: ")
        faction = self.faction_key(faction_name)
        if faction is None:
            raise DocumentError(
                (("line 2", f"{catalog.spec.name} has no faction “{faction_name}”"),)
            )
        focus = None
        if focus_name:
            focus = _by_name({k: f.name for k, f in catalog.focuses(faction).items()}, focus_name)
            if focus is None:
                self.miss("line 2", f"the faction has no focus “{focus_name}”; left out")
        forces: list[ListForce] = []
        units: list[ListUnit] = []
        legends: list[ListLegend] = []
        force_id: str | None = None
        force_faction = faction
        for number, line in enumerate(lines[2:], start=3):
            place = f"line {number}"
            if (found := _FORCE.match(line)) is not None:
                fac = self.faction_key(found["faction"])
                if fac is None:
                    self.miss(place, f"no faction “{found['faction']}”; its units are left out")
                    force_id, force_faction = None, None
                    continue
                force_faction = fac
                if found["title"] == "Units":
                    force_id = None
                    continue
                orgs = {k: o.name for k, o in catalog.force_organizations(fac).items()}
                org = _by_name(orgs, found["title"])
                if org is None and found["title"] != "Force":
                    self.miss(place, f"no force organization “{found['title']}”; kept without one")
                force_id = f"f{len(forces) + 1}"
                forces.append(
                    ListForce(
                        id=force_id,
                        organization=org,
                        faction=fac,
                        focus=focus if fac == faction else None,
                    )
                )
            elif (found := _UNIT.match(line)) is not None:
                if force_faction is None:
                    self.miss(place, "the unit's faction is unknown; left out")
                    continue
                unit = self.unit(found["body"], force_faction, place, len(units) + 1, force_id)
                if unit is not None:
                    if force_faction != faction and force_id is None:
                        unit = unit.model_copy(update={"faction": force_faction})
                    units.append(unit)
            elif (found := _LEGEND.match(line)) is not None:
                key = _by_name(
                    {k: leg.name for k, leg in catalog.legends(faction).items()}, found["name"]
                )
                if key is None:
                    self.miss(place, f"no legend “{found['name']}”; left out")
                    continue
                holder = None
                if found["holder"]:
                    holder = next((u.id for u in units if self._name(u) == found["holder"]), None)
                    if holder is None:
                        self.miss(
                            place, f"no unit “{found['holder']}” to carry it; kept on the list"
                        )
                legends.append(ListLegend(legend=key, unit=holder))
        document = ListDocument(
            name=clean_line(head["name"], 120) or "Imported list",
            module=catalog.slug,
            module_version=catalog.spec.version,
            faction=faction,
            focus=focus,
            points_limit=max(1, min(int(head["limit"]), 100_000)),
            casual=casual,
            forces=tuple(forces),
            units=tuple(units),
            legends=tuple(legends),
        )
        return ImportOutcome(FORMAT_NAME, document, tuple(self.unmatched))

    def _name(self, unit: ListUnit) -> str:
        return unit.name or self.names.get(unit.id, unit.datasheet)

    def split(self, body: str, faction: str) -> _Unit | None:
        sheets = self.catalog.spec.factions[faction].datasheets
        tail = r"(?: ×(?P<n>\d+))?(?:: (?P<extras>.*))?$"
        ordered = sorted(sheets.items(), key=lambda kv: -len(kv[1].name))
        for key, sheet in ordered:
            name = re.escape(sheet.name)
            if (m := re.match(rf"^{name}{tail}", body)) is not None:
                return _Unit(key, sheet, "", int(m["n"] or 1), m["extras"] or "")
        for key, sheet in ordered:
            name = re.escape(sheet.name)
            if (m := re.match(rf"^(?P<custom>.+?) \({name}\){tail}", body)) is not None:
                return _Unit(key, sheet, m["custom"], int(m["n"] or 1), m["extras"] or "")
        return None

    def unit(
        self, body: str, faction: str, place: str, number: int, force_id: str | None
    ) -> ListUnit | None:
        found = self.split(body, faction)
        if found is None:
            self.miss(place, f"no datasheet of the faction matches “{body}”; left out")
            return None
        sheet = found.sheet
        key = found.key
        self.names[f"u{number}"] = found.name or sheet.name
        labels = self.labels(sheet, faction)
        options: list[ListChoice] = []
        specialty = None
        rest = found.extras
        while rest:
            rest = rest.removeprefix(", ")
            if rest.startswith("Legend: "):
                # legends held by units are read from their own line
                names = sorted(
                    (leg.name for leg in self.catalog.legends(faction).values()),
                    key=len,
                    reverse=True,
                )
                match = next((n for n in names if rest[8:].startswith(n)), None)
                rest = rest[8 + len(match) :] if match else ""
                continue
            if rest.startswith("Powers: "):
                names = {k: s.name for k, s in self.catalog.power_specialties(faction).items()}
                match = next(
                    (
                        k
                        for k, n in sorted(names.items(), key=lambda kv: -len(kv[1]))
                        if rest[8:].startswith(n)
                    ),
                    None,
                )
                if match is None:
                    self.miss(place, f"no power specialty in “{rest[8:]}”; left out")
                    break
                specialty = match
                rest = rest[8 + len(names[match]) :]
                continue
            count = 1
            counted = _COUNT.match(rest)
            if counted is not None:
                count, rest = int(counted["n"]), counted["label"]
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
                self.miss(place, f"{sheet.name} has no option “{rest.split(', ')[0]}”; not taken")
                rest = rest.partition(", ")[2]
                continue
            text, option, choice = taken
            options.append(
                ListChoice(option=option.id, choice=choice, count=1 if option.per_model else count)
            )
            rest = rest[len(text) :]
        models = self.models(sheet, found.models, options)
        return ListUnit(
            id=f"u{number}",
            datasheet=key,
            force=force_id,
            name=clean_line(found.name, 80),
            models=models,
            options=tuple(options),
            specialty=specialty,
        )

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
    lines = [line.rstrip() for line in text.strip().splitlines()]
    lines = [line.strip() if not line.startswith("  !") else line for line in lines]
    catalog = _module_of(lines[1])
    if catalog is None:
        raise DocumentError(
            (("line 2", "no loaded game module is named at the start of this line"),)
        )
    return _TextReader(catalog, lines).run()
