"""Read a BattleScribe roster (.ros XML, or .rosz: the same XML zipped) into plain dataclasses.

BattleScribe and New Recruit save rosters in this format (schema 2.02 and 2.03). The roster is
recognised from its content, never from a file name: a zip (``PK`` header) holding one ``.ros``,
or XML whose root is ``roster`` in BattleScribe's namespace. The XML is parsed with defusedxml and
any DTD is refused, so no entity is ever expanded; a zip is read no further than the import limit.
Bad input raises `RosterError`, naming the format and where (line and column, or the element).
"""

from __future__ import annotations

import io
import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES

FORMAT_NAME = "BattleScribe roster"
NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
SCHEMA_VERSIONS = ("2.02", "2.03")
ZIP_MAGIC = b"PK\x03\x04"
#: Selections nest this deep at most (a unit, its models, their wargear: real rosters use 5).
MAX_DEPTH = 40
#: The categories New Recruit files a selection under when it breaks the game's rules.
BUILDER_ERROR_CATEGORIES = ("Illegal Units", "Undersize Unit")
UNIT_TYPES = ("unit", "model")
_NS = "{" + NAMESPACE + "}"
#: A cost above this is no roster's (and a huge exponent would cost time to print).
MAX_COST = Decimal(10) ** 9
UNZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    RuntimeError,
    NotImplementedError,
)


class RosterError(ValueError):
    """A roster that cannot be read: `message` says what is wrong, `place` where."""

    def __init__(self, message: str, place: str = "") -> None:
        super().__init__(f"{place}: {message}" if place else message)
        self.message = message
        self.place = place


@dataclass(frozen=True)
class Cost:
    name: str
    value: Decimal


@dataclass(frozen=True)
class Profile:
    name: str
    type_name: str
    characteristics: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Rule:
    name: str
    text: str


@dataclass(frozen=True)
class Selection:
    name: str
    number: int
    type: str
    costs: tuple[Cost, ...]
    categories: tuple[str, ...]
    custom_name: str
    notes: str
    profiles: tuple[Profile, ...]
    rules: tuple[Rule, ...]
    selections: tuple[Selection, ...]

    def walk(self):
        """This selection and every selection under it."""
        yield self
        for child in self.selections:
            yield from child.walk()

    def units(self):
        """The units this selection is or holds: itself when it is a unit or a model, else the
        units among the selections under it (MESBG files heroes and warbands under upgrades)."""
        if self.type in UNIT_TYPES:
            yield self
            return
        for child in self.selections:
            yield from child.units()


@dataclass(frozen=True)
class Force:
    name: str
    catalogue_name: str
    catalogue_id: str
    categories: tuple[str, ...]
    rules: tuple[Rule, ...]
    selections: tuple[Selection, ...]
    forces: tuple[Force, ...]

    def walk(self):
        """This force and the forces under it."""
        yield self
        for child in self.forces:
            yield from child.walk()

    def units(self) -> list[Selection]:
        return [unit for selection in self.selections for unit in selection.units()]


@dataclass(frozen=True)
class ForeignRoster:
    """A roster made in another builder, as it was saved: nothing is checked against our rules."""

    name: str
    game_system_name: str
    game_system_id: str
    builder: str
    schema_version: str
    cost_limits: tuple[Cost, ...]
    costs: tuple[Cost, ...]
    forces: tuple[Force, ...]
    notes: str = ""

    def all_forces(self) -> list[Force]:
        return [force for top in self.forces for force in top.walk()]

    def units(self) -> list[Selection]:
        return [unit for force in self.all_forces() for unit in force.units()]

    def selection_totals(self) -> dict[str, Decimal]:
        """Each cost added up over every selection, as the builder adds them for the roster."""
        totals: Counter[str] = Counter()
        for force in self.all_forces():
            for top in force.selections:
                for selection in top.walk():
                    for cost in selection.costs:
                        totals[cost.name] += cost.value
        return dict(totals)

    def cost_mismatches(self) -> list[str]:
        """The roster's recorded totals that its selections do not add up to (a roster edited
        by hand, or saved by a builder that did not recount it), each in words."""
        summed = self.selection_totals()
        return [
            f"the roster's total says {cost.value.normalize():f} {cost.name} but its "
            f"selections add up to {summed.get(cost.name, Decimal(0)).normalize():f}"
            for cost in self.costs
            if summed.get(cost.name, Decimal(0)) != cost.value
        ]

    def builder_errors(self) -> list[str]:
        """What the source builder itself marked as breaking the game's rules."""
        return [
            f"{self.builder} marks {unit.custom_name or unit.name!r} as {category}"
            for unit in self.units()
            for category in unit.categories
            if category in BUILDER_ERROR_CATEGORIES
        ]


def looks_like_roster(raw: bytes | str) -> bool:
    """Whether `raw` is shaped as a roster: a zip, or XML (the reader says what is wrong)."""
    if isinstance(raw, bytes):
        if raw.startswith(ZIP_MAGIC):
            return True
        raw = raw[:200].decode("utf-8-sig", errors="ignore")
    return raw.lstrip("\ufeff \t\r\n").startswith("<")


def read_roster(raw: bytes | str) -> ForeignRoster:
    """The roster in `raw` (a .rosz zip's bytes, or a .ros's XML as bytes or text)."""
    if isinstance(raw, bytes) and raw.startswith(ZIP_MAGIC):
        raw = _unzipped(raw)
    # pasted text often starts with a blank line, which XML refuses before its declaration
    start = raw.lstrip("\ufeff \t\r\n") if isinstance(raw, str) else raw.lstrip(b" \t\r\n")
    skipped_lines = raw[: len(raw) - len(start)].count("\n" if isinstance(raw, str) else b"\n")
    return roster_of(_parsed(start, skipped_lines))


def _unzipped(raw: bytes) -> bytes:
    what = "a zipped BattleScribe roster (.rosz)"
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        members = archive.infolist()
        # its one file, or its one .ros: a roster is known by its content, not by its name
        files = [i for i in members if not i.is_dir()]
        named = [i for i in files if i.filename.lower().endswith(".ros")]
        rosters = named or files
        if len(rosters) == 1:
            with archive.open(rosters[0]) as member:
                data = member.read(MAX_IMPORT_BYTES + 1)  # never more, whatever its header says
    except UNZIP_ERRORS as exc:  # damaged, cut off, encrypted or an unknown compression
        raise RosterError(f"{what} that cannot be unzipped: {exc}") from None
    if len(rosters) != 1:
        found = ", ".join(i.filename for i in members[:5]) or "nothing"
        count = f"{len(named)} .ros files" if named else "no .ros file"
        raise RosterError(f"{what} holds one .ros file; this zip holds {count} ({found})")
    if len(data) > MAX_IMPORT_BYTES:
        raise RosterError(
            f"{what} whose {rosters[0].filename} unzips to more than 1 MB; a roster is far smaller"
        )
    return data


def _parsed(raw: bytes | str, skipped_lines: int) -> Element:
    try:
        return fromstring(raw, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise RosterError(
            "XML with a document type or entity declarations, which a roster never has "
            "(refused unread)"
        ) from None
    except ParseError as exc:
        line, column = exc.position
        reason = str(exc).split(":")[0]
        raise RosterError(
            f"a BattleScribe roster (XML) that is cut off or malformed ({reason})",
            f"line {line + skipped_lines}, column {column + 1}",
        ) from None


def roster_of(root: Element) -> ForeignRoster:
    """The roster an XML tree (or New Recruit's JSON turned into one: newrecruit.py) holds."""
    if root.tag != _NS + "roster":
        raise RosterError(
            f"XML that is not a BattleScribe roster: its root element is {root.tag!r}, where a "
            f"roster's is 'roster' in the namespace {NAMESPACE}",
            "root element",
        )
    version = root.get("battleScribeVersion", "")
    if version not in SCHEMA_VERSIONS:
        raise RosterError(
            f"a BattleScribe roster of schema version {version or '(none)'}; this page reads "
            f"versions {' and '.join(SCHEMA_VERSIONS)} (save it again in a current BattleScribe "
            "or New Recruit)",
            "roster",
        )
    return ForeignRoster(
        name=root.get("name", "").strip(),
        game_system_name=root.get("gameSystemName", "").strip(),
        game_system_id=root.get("gameSystemId", ""),
        builder="New Recruit" if "newrecruit" in root.get("generatedBy", "") else "BattleScribe",
        schema_version=version,
        cost_limits=_costs(root, "costLimits", "costLimit", "roster"),
        costs=_costs(root, "costs", "cost", "roster"),
        forces=tuple(
            _force(el, f"force {i}") for i, el in enumerate(_children(root, "forces", "force"), 1)
        ),
        notes=_text(root.find(_NS + "customNotes")),
    )


def _children(parent: Element, group: str, tag: str) -> list[Element]:
    return parent.findall(f"{_NS}{group}/{_NS}{tag}")


def _text(element: Element | None) -> str:
    return (element.text or "").strip() if element is not None else ""


def _costs(parent: Element, group: str, tag: str, place: str) -> tuple[Cost, ...]:
    costs = []
    for element in _children(parent, group, tag):
        name = element.get("name", "").strip()
        try:
            value = Decimal(element.get("value", ""))
        except InvalidOperation:
            value = Decimal("NaN")
        if not value.is_finite() or abs(value) >= MAX_COST:
            raise RosterError(
                f"a BattleScribe roster whose {tag} {name!r} is {element.get('value', '')[:20]!r}, "
                "not a number below a billion",
                place,
            )
        costs.append(Cost(name, value))
    return tuple(costs)


def _categories(parent: Element) -> tuple[str, ...]:
    return tuple(el.get("name", "").strip() for el in _children(parent, "categories", "category"))


def _rules(parent: Element) -> tuple[Rule, ...]:
    return tuple(
        Rule(el.get("name", "").strip(), _text(el.find(_NS + "description")))
        for el in _children(parent, "rules", "rule")
    )


def _profiles(parent: Element) -> tuple[Profile, ...]:
    return tuple(
        Profile(
            el.get("name", "").strip(),
            el.get("typeName", "").strip(),
            tuple(
                (ch.get("name", "").strip(), (ch.text or "").strip())
                for ch in _children(el, "characteristics", "characteristic")
            ),
        )
        for el in _children(parent, "profiles", "profile")
    )


def _force(element: Element, place: str, depth: int = 1) -> Force:
    if depth > MAX_DEPTH:
        raise RosterError(f"a BattleScribe roster nesting forces over {MAX_DEPTH} deep", place)
    return Force(
        name=element.get("name", "").strip(),
        catalogue_name=element.get("catalogueName", "").strip(),
        catalogue_id=element.get("catalogueId", ""),
        categories=_categories(element),
        rules=_rules(element),
        selections=_selections(element, place, 1),
        forces=tuple(
            _force(el, f"{place}, force {i}", depth + 1)
            for i, el in enumerate(_children(element, "forces", "force"), 1)
        ),
    )


def _selections(parent: Element, place: str, depth: int) -> tuple[Selection, ...]:
    children = _children(parent, "selections", "selection")
    if children and depth > MAX_DEPTH:
        raise RosterError(f"a BattleScribe roster nesting selections over {MAX_DEPTH} deep", place)
    return tuple(
        _selection(el, f"{place}, selection {i} ({el.get('name', '').strip()!r})", depth)
        for i, el in enumerate(children, 1)
    )


def _selection(element: Element, place: str, depth: int) -> Selection:
    number = element.get("number", "1")
    if not (number.isascii() and number.isdigit() and len(number) <= 6):
        raise RosterError(
            f"a BattleScribe roster whose selection number is {number[:20]!r}, not a whole "
            "number below a million",
            place,
        )
    return Selection(
        name=element.get("name", "").strip(),
        number=int(number),
        type=element.get("type", ""),
        costs=_costs(element, "costs", "cost", place),
        categories=_categories(element),
        custom_name=element.get("customName", "").strip(),
        notes=_text(element.find(_NS + "customNotes")),
        profiles=_profiles(element),
        rules=_rules(element),
        selections=_selections(element, place, depth + 1),
    )


def summary(roster: ForeignRoster) -> str:
    """The roster in a sentence: whose game, its name, its forces and units."""
    forces = len(roster.all_forces())
    units = len(roster.units())
    game = roster.game_system_name or "an unnamed game"
    if roster.builder in ("BattleScribe", "New Recruit"):
        saved = "" if roster.builder == "BattleScribe" else f" (saved by {roster.builder})"
        what = f"A BattleScribe roster{saved}"
    else:  # a list another builder wrote as text (importers/app_text.py, armyforge_text.py)
        what = f"A list from {roster.builder}"
    return (
        f"{what} of {game}: '{roster.name}' with "
        f"{forces} force{'s' * (forces != 1)} and {units} unit{'s' * (units != 1)}"
    )
