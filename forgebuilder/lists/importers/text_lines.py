"""The lines of a forgebuilder text export, read without the module: the list's head, a
force's title, a unit's line and what follows its datasheet's name (models, points), a
legend's line, and the limits that refuse a paste before it is parsed.

Each line is cut with split/partition at fixed separators, never matched by patterns that
backtrack over every " · ": parsing stays linear in the length of the line."""

from __future__ import annotations

import re
from dataclasses import dataclass

from factions.gamedata.schemas import DatasheetSpec
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.exports.text import CAMPAIGN_LINE

#: A text export of the largest list allowed is far smaller than these; longer input is refused
#: before it is parsed, so that no paste costs more than a normal list.
MAX_TEXT_CHARS = 200_000


MAX_LINE_CHARS = 2_000


MAX_LINES = 2_000


# The list's first line: `<name> [<points>/<limit> pts]`.
HEAD = re.compile(r"^(?P<name>.*) \[(?P<points>-?[0-9]{1,9})/(?P<limit>[0-9]{1,9}) pts\]$")


_POINTS = re.compile(r"-?[0-9]{1,9} pts")


_SP = re.compile(r" \([0-9]{1,9} SP\)$")


_MODELS = re.compile(r" ×(?P<n>[0-9]{1,4})")


# A count before an extra's name: `2× Crossbow`.
COUNT = re.compile(r"(?P<n>[0-9]{1,4})× ")


@dataclass(frozen=True)
class ForceLine:
    """What a force's line says: its title, its faction and its focus, by name."""

    title: str
    faction: str
    focus: str = ""  # the force's own focus, by name ("": none said)


def force_line(line: str) -> ForceLine | None:
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
    return ForceLine(title, faction.removesuffix(", allied"), focus)


def qualified_title(title: str) -> tuple[str, list[str]]:
    """(name, qualifiers) of a force's title: `Support (Orcs and Goblins, 2)` names the force
    organization Support, with its faction and number said beside a force of the same name."""
    if not title.endswith(")") or " (" not in title:
        return title, []
    name, _, qualifiers = title[:-1].rpartition(" (")
    return name, qualifiers.split(", ")


def unit_line_body(line: str) -> str | None:
    """The body of `<n>. <body>[ · dead| · disbanded] · <points> pts` (a campaign unit out of
    the army comes back in it: its campaign state is left behind, as the text says)."""
    number, sep, rest = line.partition(". ")
    body, sep2, points = rest.rpartition(" · ")
    if not (sep and sep2 and number.isascii() and number.isdigit() and len(number) <= 4):
        return None
    for status in (" · dead", " · disbanded"):
        body = body.removesuffix(status)
    return body if _POINTS.fullmatch(points) else None


def campaign_units_line(line: str) -> int | None:
    """How many units carried campaign state, from the line saying it is not in the text."""
    start, _, end = CAMPAIGN_LINE.partition("{n}")
    if not (line.startswith(start) and line.endswith(end)):
        return None
    count = line[len(start) : len(line) - len(end)]
    return int(count) if count.isascii() and count.isdigit() and len(count) <= 4 else None


def legend_line(line: str) -> tuple[str, str] | None:
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


def unit_tail(rest: str, sheet: DatasheetSpec) -> tuple[int, str, str] | None:
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


def too_long(text: str) -> DocumentError | None:
    """Why `text` is too long to read (characters, lines, a line), or None."""
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
    return len(lines) >= 2 and HEAD.match(lines[0].strip()) is not None


def key_by_name(names: dict[str, str], text: str) -> str | None:
    """The key whose name is `text` (keys map to names)."""
    return next((key for key, name in names.items() if name == text), None)


@dataclass
class UnitLine:
    """What a unit's line says, its datasheet found: name, model count, types and extras."""

    key: str
    sheet: DatasheetSpec
    name: str
    models: int
    types: str  # each model type's count, as the text says it ("" when only the total is)
    extras: str
