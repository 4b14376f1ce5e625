"""A foreign roster for Tabletop Simulator: the same saved object a list makes
(lists/exports/tts.py), one bag per unit holding one named piece per model, each piece's
description its model's profiles as the roster embeds them, the unit's bag its rules and costs.
The pieces of a unit are as many as its builder counts models (lists' foreign_facts)."""

from __future__ import annotations

import itertools

from forgebuilder.lists.api import foreign, foreign_facts, tts

BAG, PIECE = "Bag", "PlayerPawn"
safe = tts.bbcode_safe


def roster_tts(roster: foreign.ForeignRoster) -> dict:
    numbers = tts.guids()
    bags = []
    units = roster.units()
    for n, (colour, unit) in enumerate(zip(itertools.cycle(tts.COLOURS), units, strict=False), 1):
        bags.append(_unit_bag(n, unit, colour, numbers))
    total = foreign_facts.number(foreign_facts.points_total(roster))
    name = f"{roster.name or 'Roster'} · {total} pts"
    lines = [f"[b]{safe(roster.name)}[/b]: {total} pts", safe(roster.game_system_name)]
    lines.append(f"Checked by {safe(roster.builder)} only")
    lines += [f"! {safe(error)}" for error in roster.builder_errors()]
    bag = tts.tts_object(BAG, name, "\n".join(lines), next(numbers), contained=bags)
    return tts.save_file(bag)


def _models(unit: foreign.Selection) -> list[tuple[foreign.Selection, int]]:
    """(selection standing for the models, how many): the unit's model selections, else the
    unit itself as many times as its builder counts its models."""
    if unit.type == "model":
        return [(unit, unit.number)]
    inside = [(s, s.number) for s in unit.walk() if s.type == "model" and s is not unit]
    return inside or [(unit, foreign_facts.unit_models(unit))]


def _unit_bag(number: int, unit: foreign.Selection, colour, numbers) -> dict:
    title = unit.custom_name or unit.name
    pieces = []
    for model, count in _models(unit):
        name = title if model is unit else model.name
        description = "\n".join(
            [f"[b]{safe(name)}[/b] of {number}. {safe(title)}", *_profiles(model)]
        )
        for _ in range(count):
            pieces.append(
                tts.tts_object(
                    PIECE, name, description, next(numbers), colour=colour, scale=tts.MODEL_SCALE
                )
            )
    points = foreign_facts.points_cost(unit.costs)
    price = f" · {foreign_facts.number(points.value)} pts" if points else ""
    lines = [f"[b]{safe(title)}[/b]{price}", *_profiles(unit)]
    rules = {rule.name: rule.text for s in unit.walk() for rule in s.rules}
    lines += [f"[b]{safe(name)}[/b]: {safe(text)}" for name, text in rules.items()]
    if unit.notes:
        lines.append(safe(unit.notes))
    return tts.tts_object(
        BAG,
        f"{number}. {title}{price}",
        "\n".join(lines),
        next(numbers),
        contained=pieces,
        colour=colour,
    )


def _profiles(selection: foreign.Selection) -> list[str]:
    """Every profile under the selection: `Name (Type): M 6" · W 3 …`."""
    out = []
    for item in selection.walk():
        for profile in item.profiles:
            stats = " · ".join(f"{k} {v}" for k, v in profile.characteristics if v)
            out.append(f"{safe(profile.name)} ({safe(profile.type_name)}): {safe(stats)}")
    return list(dict.fromkeys(out))
