"""The list as a Tabletop Simulator saved object: a JSON file TTS loads from its "Saved Objects".

One bag holds the list (named with its points); in it, one bag per unit (named as its card is,
its whole card in the description) holding one piece per model: a pawn standing in for the model,
named after it, its stat line, weapons and rules in its description, so hovering over a model on
the virtual table says what it does. Units of a force share a colour. Everything comes from the
unit's card as the roster prints it (`chosen_card`), so the file says what the PDF says.

The format is TTS's save file (an object with ``ObjectStates``); each object has a six-hex GUID
unique in the file, a ``Transform`` and TTS's BBCode in its ``Description``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from factions.cards import Card, ModelRow
from forgebuilder.engine.api import RosterUnit, chosen_card
from forgebuilder.lists.exports.card_text import rule_names, stat_line, weapon_lines
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.exports.summary import unit_extras

#: The piece each model is: TTS's own player pawn (no asset to download), tinted per force.
MODEL_OBJECT = "PlayerPawn"
BAG = "Bag"
#: Force colours (r, g, b in 0..1), in turn: readable on TTS's default tables.
COLOURS = (
    (0.85, 0.26, 0.18),
    (0.16, 0.45, 0.80),
    (0.20, 0.62, 0.29),
    (0.93, 0.67, 0.13),
    (0.55, 0.30, 0.70),
    (0.10, 0.62, 0.65),
)
MODEL_SCALE = 0.6


def tts_save(source: ExportSource) -> dict:
    """The saved object of the list: TTS's save format with one bag in `ObjectStates`."""
    numbers = guids()
    document, roster = source.document, source.roster
    points = source.report.total("points")
    total = points.value if points else roster.points
    units = []
    for colour, group in zip(itertools.cycle(COLOURS), source.groups, strict=False):
        for number, unit in group.units:
            if unit.active:  # a dead campaign unit has no model on the table
                units.append(_unit_bag(source, number, unit, colour, numbers))
    name = f"{document.name} · {total} pts"
    bag = tts_object(BAG, name, _list_description(source, total), next(numbers), contained=units)
    return save_file(bag)


def save_file(bag: dict) -> dict:
    """TTS's save format holding one object (a saved object): `bag`, named as the file is."""
    return {
        "SaveName": bag["Nickname"],
        "GameMode": "",
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": [bag],
        "TabStates": {},
    }


def guids() -> Iterator[str]:
    """Six hex digits each, unique in the file (TTS gives a clashing one a new GUID)."""
    return (f"{n:06x}" for n in itertools.count(0xFB0001))


def tts_object(
    kind: str,
    nickname: str,
    description: str,
    guid: str,
    *,
    contained: list[dict] | None = None,
    colour: tuple[float, float, float] = (0.7, 0.7, 0.7),
    scale: float = 1.0,
) -> dict:
    out = {
        "GUID": guid,
        "Name": kind,
        "Transform": {
            "posX": 0.0,
            "posY": 1.0,
            "posZ": 0.0,
            "rotX": 0.0,
            "rotY": 180.0,
            "rotZ": 0.0,
            "scaleX": scale,
            "scaleY": scale,
            "scaleZ": scale,
        },
        "Nickname": bbcode_safe(nickname),
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": {"r": colour[0], "g": colour[1], "b": colour[2]},
        "Locked": False,
        "Grid": False,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }
    if contained is not None:
        out["ContainedObjects"] = contained
    return out


def _unit_bag(source: ExportSource, number: int, unit: RosterUnit, colour, guids) -> dict:
    card = chosen_card(source.roster, unit, source.report)
    models = []
    for row in card.models:
        piece_name = unit.name if _single_model(card) else row.name
        description = _model_description(card, row, number)
        for _ in range(_count(row)):
            models.append(
                tts_object(
                    MODEL_OBJECT,
                    piece_name,
                    description,
                    next(guids),
                    colour=colour,
                    scale=MODEL_SCALE,
                )
            )
    name = f"{number}. {unit.name} · {unit.points} pts"
    description = _unit_description(source, card, unit)
    return tts_object(BAG, name, description, next(guids), contained=models, colour=colour)


def _single_model(card: Card) -> bool:
    return len(card.models) == 1 and _count(card.models[0]) == 1


def _count(row: ModelRow) -> int:
    return int(row.count) if row.count.isdigit() else 1


def _model_description(card: Card, row: ModelRow, number: int) -> str:
    lines = [
        f"[b]{bbcode_safe(row.name)}[/b] of {number}. {bbcode_safe(card.title)}",
        bbcode_safe(stat_line(card, row)),
    ]
    weapons = weapon_lines(card, row.name)
    if weapons:
        lines += ["[b]Weapons[/b]", *(bbcode_safe(w) for w in weapons)]
    rules = rule_names(card, row)
    if rules:
        lines.append(f"[b]Rules[/b]: {bbcode_safe(rules)}")
    return "\n".join(lines)


def _unit_description(source: ExportSource, card: Card, unit: RosterUnit) -> str:
    lines = [f"[b]{bbcode_safe(card.title)}[/b] · {card.category} · {unit.points} pts"]
    for row in card.models:
        lines.append(f"{row.count}× {bbcode_safe(row.name)}: {bbcode_safe(stat_line(card, row))}")
    weapons = weapon_lines(card)
    if weapons:
        lines += ["[b]Weapons[/b]", *(bbcode_safe(w) for w in weapons)]
    for chip in [*card.rules, *(chip for row in card.models for chip in row.rules)]:
        lines.append(
            f"[b]{bbcode_safe(chip.label)}[/b]: {bbcode_safe(chip.short or chip.description)}"
        )
    extras = unit_extras(source, unit)
    if extras:
        lines.append(f"[b]Takes[/b]: {bbcode_safe('; '.join(extras))}")
    for heading, text in card.extras:
        lines.append(f"[b]{bbcode_safe(heading)}[/b]: {bbcode_safe(text)}")
    return "\n".join(lines)


def _list_description(source: ExportSource, total: int) -> str:
    catalog, document = source.catalog, source.document
    limit = f" of {document.points_limit}" if document.points_limit else ""
    lines = [
        f"[b]{bbcode_safe(document.name)}[/b]: {total}{limit} pts",
        bbcode_safe(f"{catalog.spec.name} · {source.faction_name}"),
        bbcode_safe(source.report.verdict),
    ]
    lines += [f"! {bbcode_safe(v.message)}" for v in source.report.violations]
    return "\n".join(lines)


#: What TTS would read as BBCode in a player's text: [b], [/i], [sub], [-], a colour [ff0000].
BBCODE = re.compile(r"\[(?=/?(?:b|i|u|s|sub|sup|-|[0-9a-fA-F]{6})\])")


def bbcode_safe(text: str) -> str:
    """Text shown as typed: a player's "[b]" or "[ff0000]" is not read as BBCode (a zero-width
    space after its bracket); any other bracket is left alone ("[Tourney] Vanguard")."""
    return BBCODE.sub("[\u200b", text)
