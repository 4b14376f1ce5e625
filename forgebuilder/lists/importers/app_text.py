"""Read a list written as the Warhammer app writes its text (and New Recruit's and Best Coast
Pairings' exports in the same shape) into a foreign roster: a game not hosted here, kept as its
builder priced it.

The shape: the list's name with its points on the first line ("Vanguard (1,995 Points)"), a
few lines naming the faction, its sub-faction, the battle size with its limit and the
detachment, then sections headed in capitals (CHARACTERS, BATTLELINE...) holding units, each a
line "<unit> (<points> Points)" followed by bullets: "• 9x Intercessor" (models, their gear
under them as "◦ 9x Bolt rifle"), "• Warlord", "• Enhancements: Artificer Armour". French
exports write "points", "Pts" and French headings; the shape is the same. A line "Exported with
App Version..." ends the list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from forgebuilder.engine.api import MAX_UNITS
from forgebuilder.lists.importers.battlescribe import (
    Cost,
    Force,
    ForeignRoster,
    RosterError,
    Selection,
)

FORMAT_NAME = "Warhammer app text"
BUILDER = "the Warhammer app (text)"
POINTS = r"(?P<points>\d{1,3}(?:[,.\u202f\u00a0 ]\d{3})*|\d+)\s*(?:points|pts|pt)"
#: "<name> (<points> Points)": the list's first line, and each unit's line.
PRICED = re.compile(rf"^(?P<name>.+?)\s*\(\s*{POINTS}\s*\)\s*$", re.IGNORECASE)
#: A bullet: "•", "◦", "-", "*" or "+", after some indentation.
BULLET = re.compile(r"^(?P<indent>\s*)(?P<mark>[•◦▪●○\-*+])\s+(?P<text>.+?)\s*$")
#: "9x Bolt rifle", "9 x Bolt rifle", "9× Bolt rifle".
COUNTED = re.compile(r"^(?P<n>\d{1,4})\s*[x×]\s*(?P<name>.+)$", re.IGNORECASE)
#: A section's heading: capitals (any script), digits and spaces, no lower case.
HEADING = re.compile(r"^[^\W\d_a-z][^a-z]*$")
#: "Attached to: Warden Squad", "Attached as Leader", "Rattaché à …".
ATTACHED = re.compile(
    r"^(?:attached|rattach[ée]) (?P<how>to|as|à|comme)\b:?\s*(?P<to>.+)$", re.IGNORECASE
)
FOOTER = re.compile(r"^(exported with|export(é|e) avec|created with|made with)\b", re.IGNORECASE)
LIMIT_WORDS = re.compile(r"\b(incursion|strike force|onslaught|combat patrol|spearhead|vanguard|"
                         r"battle|force d'assaut|patrouille)\b", re.IGNORECASE)  # fmt: skip


def looks_like_app_text(text: str) -> bool:
    """A first line "<name> (<points> Points)" and at least one unit line under a heading or
    followed by a bullet."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 3 or not PRICED.match(lines[0].strip()):
        return False
    return any(BULLET.match(line) for line in lines[1:]) and not lines[0].startswith(("++", "=="))


@dataclass
class _Unit:
    name: str
    points: Decimal
    category: str
    line: int
    items: list[Selection] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # "Attached to Warden Squad"
    models: list[list] = field(default_factory=list)  # [name, number, [gear]]


def read_app_text(text: str) -> ForeignRoster:
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines) if line.strip())
    head = PRICED.match(lines[first].strip())
    assert head is not None  # looks_like_app_text said so
    header, at = [], first + 1
    while at < len(lines) and not lines[at].strip():
        at += 1
    # the faction, sub-faction, battle size and detachment: up to a blank line or a heading
    while at < len(lines) and lines[at].strip() and not HEADING.match(lines[at].strip()):
        header.append(lines[at].strip())
        at += 1
    units = _units(lines, at)
    if not units:
        raise RosterError(
            f"a {FORMAT_NAME} with no unit line ('<unit> (<points> Points)') under its header",
            f"line {at + 1}",
        )
    faction = header[0] if header else ""
    limit = _limit(header)
    selections = tuple(_selection(unit) for unit in units)
    return ForeignRoster(
        name=head["name"].strip(),
        game_system_name="",
        game_system_id="",
        builder=BUILDER,
        schema_version="",
        cost_limits=(Cost("pts", limit),) if limit is not None else (),
        costs=(Cost("pts", points_number(head["points"])),),
        forces=(Force(", ".join(header[1:]) or faction, faction, "", (), (), selections, ()),),
    )


def _units(lines: list[str], start: int) -> list[_Unit]:
    units: list[_Unit] = []
    category = ""
    for number, raw in enumerate(lines[start:], start=start + 1):
        line = raw.strip()
        if not line:
            continue
        if FOOTER.match(line):
            break
        bullet = BULLET.match(raw)
        if bullet and units:
            _bullet(units[-1], bullet, number)
        elif priced := PRICED.match(line):
            if len(units) == MAX_UNITS:
                raise RosterError(too_many_units(f"a {FORMAT_NAME}"), f"line {number}")
            units.append(
                _Unit(priced["name"].strip(), points_number(priced["points"]), category, number)
            )
        elif HEADING.match(line):
            category = line.title()
        else:
            raise RosterError(
                f"a {FORMAT_NAME} with a line that is no unit ('<unit> (<points> Points)'), "
                f"bullet or heading: {line[:60]!r}",
                f"line {number}",
            )
    return units


def too_many_units(what: str) -> str:
    """Refused once the line of unit MAX_UNITS + 1 is reached: a list has no more (nor is the
    rest of a text that long read)."""
    return f"{what} with more than {MAX_UNITS} units, where a list has {MAX_UNITS} at most"


def _bullet(unit: _Unit, bullet: re.Match, number: int) -> None:
    text = bullet["text"]
    if attached := ATTACHED.match(text):
        unit.notes.append(f"Attached {attached['how'].lower()} {attached['to'].strip()}")
        return
    counted = COUNTED.match(text)
    nested = bullet["mark"] in "◦○▪" or len(bullet["indent"].expandtabs(4)) >= 4
    name, times = (counted["name"].strip(), int(counted["n"])) if counted else (text, 1)
    if nested and unit.models:
        unit.models[-1][2].append(_upgrade(name, times))
    elif counted and not nested:
        unit.models.append([name, times, []])
    else:
        unit.items.append(_upgrade(name, times))


def _upgrade(name: str, number: int) -> Selection:
    label, _, value = name.partition(": ")
    # "Enhancements: Artificer Armour" is the enhancement; "Warlord" stays as it is
    chosen = value if value and label.lower().startswith(("enhancement", "amélioration")) else name
    return Selection(chosen, number, "upgrade", (), (), "", "", (), (), ())


def _selection(unit: _Unit) -> Selection:
    """The unit with its models: its counted bullets are models when any of them has gear
    under it (a squad: "• 9x Intercessor / ◦ 9x Bolt rifle"), else they are the gear of a
    single model ("• 1x Master-crafted heavy bolt rifle" under a character)."""
    squad = any(gear for _, _, gear in unit.models)
    inside = [
        Selection(name, n, "model", (), (), "", "", (), (), tuple(gear))
        if squad
        else _upgrade(name, n)
        for name, n, gear in unit.models
    ]
    categories = (unit.category,) if unit.category else ()
    return Selection(
        unit.name,
        1,
        "unit",
        (Cost("pts", unit.points),),
        categories,
        "",
        "\n".join(unit.notes),
        (),
        (),
        tuple(unit.items) + tuple(inside),
    )


def _limit(header: list[str]) -> Decimal | None:
    for line in header:
        priced = PRICED.match(line)
        if priced and LIMIT_WORDS.search(priced["name"]):
            return points_number(priced["points"])
    return None


def points_number(text: str) -> Decimal:
    """Points as a text writes them, thousands set apart or not: "1,995", "1 000", "1.995"."""
    return Decimal(re.sub(r"[,.\u202f\u00a0 ]", "", text))
