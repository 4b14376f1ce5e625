"""Read Army Forge's text export (One Page Rules' builder) into a foreign roster.

The shape: a first line "++ <list name> (<version>) [<game> <total>pts] ++" (GF: Grimdark
Future, GFF: its Firefight, AOF: Age of Fantasy, AOFS: its Skirmish, AOFR: its Regiments), then
per unit a line "<unit> [<models>] Q<quality>+ D<defense>+ | <points>pts | <rules>" and a line
of its weapons "5x Rifle (24", A1), 5x CCW (A1)", units apart by blank lines. A unit joined to
another says so on its line ("| Joined to: <unit>"). The quality and defense become the unit's
profile, each weapon a profile of its own, the rules the unit's rules.
"""

from __future__ import annotations

import re
from decimal import Decimal

from forgebuilder.engine.api import MAX_UNITS
from forgebuilder.lists.importers.app_text import too_many_units
from forgebuilder.lists.importers.battlescribe import (
    Cost,
    Force,
    ForeignRoster,
    Profile,
    RosterError,
    Rule,
    Selection,
)

FORMAT_NAME = "Army Forge text"
BUILDER = "Army Forge"
GAMES = {
    "GF": "Grimdark Future",
    "GFF": "Grimdark Future: Firefight",
    "AOF": "Age of Fantasy",
    "AOFS": "Age of Fantasy: Skirmish",
    "AOFR": "Age of Fantasy: Regiments",
    "AOFQ": "Age of Fantasy: Quest",
    "GFQ": "Grimdark Future: Star Quest",
}
HEAD = re.compile(
    r"^\+\+\s*(?P<name>.*?)\s*(?:\((?P<version>v?[\d.]+)\))?\s*"
    r"\[(?P<game>[A-Za-z]+)\s+(?P<points>\d+)\s*pts\]\s*\+\+$"
)
UNIT = re.compile(
    r"^(?P<name>.+?)\s*\[(?P<size>\d{1,4})\]\s*Q(?P<q>\d)\+\s*D(?P<d>\d)\+\s*"
    r"\|\s*(?P<points>\d+)\s*pts\s*(?:\|\s*(?P<rest>.*))?$"
)
COUNTED = re.compile(r"^(?:(?P<n>\d{1,4})\s*[x×]\s*)?(?P<name>[^(]+?)\s*(?:\((?P<specs>.*)\))?$")
RANGE = re.compile(r'^\d+\s*(?:"|”|in)$')
JOINED = re.compile(r"^joined to:?\s*(?P<unit>.+)$", re.IGNORECASE)


def looks_like_armyforge_text(text: str) -> bool:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return bool(HEAD.match(first))


def read_armyforge_text(text: str) -> ForeignRoster:
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines) if line.strip())
    head = HEAD.match(lines[first].strip())
    assert head is not None  # looks_like_armyforge_text said so
    units: list[Selection] = []
    pending: tuple[re.Match, int] | None = None
    for number, raw in enumerate(lines[first + 1 :], start=first + 2):
        line = raw.strip()
        if not line:
            continue
        if unit := UNIT.match(line):
            if len(units) + bool(pending) == MAX_UNITS:
                raise RosterError(too_many_units(f"an {FORMAT_NAME}"), f"line {number}")
            if pending:
                units.append(_unit(*pending, ""))
            pending = (unit, number)
        elif pending:
            units.append(_unit(*pending, line))
            pending = None
        else:
            raise RosterError(
                f"an {FORMAT_NAME} with a line that is no unit ('<unit> [<models>] Q4+ D4+ | "
                f"<points>pts | <rules>') nor its weapons: {line[:60]!r}",
                f"line {number}",
            )
    if pending:
        units.append(_unit(*pending, ""))
    if not units:
        raise RosterError(f"an {FORMAT_NAME} with no unit line", f"line {first + 2}")
    game = head["game"].upper()
    return ForeignRoster(
        name=head["name"] or "Army Forge list",
        game_system_name=GAMES.get(game, game),
        game_system_id=game,
        builder=BUILDER,
        schema_version=head["version"] or "",
        cost_limits=(),
        # the list's total as Army Forge counted it: a unit line that does not add up to it is
        # named (ForeignRoster.cost_mismatches), never trusted nor corrected silently
        costs=(Cost("pts", Decimal(head["points"])),),
        forces=(Force(GAMES.get(game, game), "", "", (), (), tuple(units), ()),),
    )


def _unit(match: re.Match, number: int, weapons_line: str) -> Selection:
    rules, joined = [], ""
    for part in (match["rest"] or "").split("|"):
        if found := JOINED.match(part.strip()):
            joined = found["unit"].strip()
        else:
            rules += [r for r in split_top(part) if r]
    size = int(match["size"])
    profile = Profile(
        match["name"],
        "Unit",
        (("Size", str(size)), ("Quality", f"{match['q']}+"), ("Defense", f"{match['d']}+")),
    )
    weapons = [_weapon(text, number) for text in split_top(weapons_line) if text]
    model = Selection(match["name"], size, "model", (), (), "", "", (), (), tuple(weapons))
    return Selection(
        name=match["name"],
        number=1,
        type="unit",
        costs=(Cost("pts", Decimal(match["points"])),),
        categories=(),
        custom_name="",
        notes=f"Joined to {joined}" if joined else "",
        profiles=(profile,),
        rules=tuple(Rule(rule, "") for rule in rules),
        selections=(model,),
    )


def _weapon(text: str, number: int) -> Selection:
    found = COUNTED.match(text)
    if found is None:
        raise RosterError(
            f"an {FORMAT_NAME} weapon that cannot be read: {text[:60]!r}", f"line {number}"
        )
    specs = split_top(found["specs"] or "")
    stats = []
    if specs and RANGE.match(specs[0]):
        stats.append(("Range", specs.pop(0)))
    if specs and re.fullmatch(r"A\d+", specs[0]):
        stats.append(("Attacks", specs.pop(0)[1:]))
    stats.append(("Special", ", ".join(specs) or "-"))
    name = found["name"].strip()
    profile = Profile(name, "Weapon", tuple(stats))
    return Selection(name, int(found["n"] or 1), "upgrade", (), (), "", "", (profile,), (), ())


#: A part between top-level commas: characters that are no comma or bracket, or a bracketed
#: group two levels deep ("Plasma Gun (24\", A1, AP(4))").
PART = re.compile(r"(?:[^,()]|\((?:[^()]|\([^()]*\))*\))+")


def split_top(text: str) -> list[str]:
    """`text` split at its commas outside parentheses: "Tough(3), Impact(1)" → two parts."""
    parts = PART.findall(text)
    if ",".join(parts) != text.strip(","):  # brackets unbalanced or deeper: char by char
        parts = _split_by_depth(text)
    return [part.strip() for part in parts if part.strip()]


def _split_by_depth(text: str) -> list[str]:
    parts, depth, current = [], 0, []
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts
