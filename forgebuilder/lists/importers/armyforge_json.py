"""Read Army Forge's saved list (its JSON file) into a foreign roster.

The file holds the game (``gameSystem``: "gf", "aof"...), the army's name, the list's points
(``listPoints``) and the list itself (``list``: its name, points limit and ``units``). Each unit
is saved whole: its name and custom name, models (``size``), cost, quality and defense, special
rules (``{name, rating}``), the weapons it carries (``loadout``, else ``equipment``: ``{name,
count, range, attacks, specialRules}``), the upgrades taken (``selectedUpgrades``, with their
option's cost where the file gives one) and the unit it is joined to (``joinToUnit``).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from forgebuilder.engine.api import MAX_UNITS
from forgebuilder.lists.importers.app_text import too_many_units
from forgebuilder.lists.importers.armyforge_text import BUILDER, GAMES
from forgebuilder.lists.importers.battlescribe import (
    MAX_COST,
    Cost,
    Force,
    ForeignRoster,
    Profile,
    RosterError,
    Rule,
    Selection,
)

FORMAT_NAME = "Army Forge list (JSON)"
WHAT = "an Army Forge list (JSON)"


def looks_like_armyforge_json(data: Any) -> bool:
    """{"gameSystem": ..., "list": {"units": [...]}}: an Army Forge save file."""
    if not isinstance(data, dict) or "gameSystem" not in data:
        return False
    listed = data.get("list")
    return isinstance(listed, dict) and isinstance(listed.get("units"), list)


def read_armyforge_json(data: dict) -> ForeignRoster:
    listed = data["list"]
    units = listed["units"]
    if len(units) > MAX_UNITS:
        raise RosterError(too_many_units(WHAT), "list.units")
    names = {
        u.get("selectionId"): _name(u)
        for u in units
        if isinstance(u, dict) and u.get("selectionId")
    }
    selections = tuple(_unit(unit, f"list.units[{n}]", names) for n, unit in enumerate(units))
    game = str(data.get("gameSystem") or "").upper()
    total = data.get("listPoints", listed.get("points"))
    limit = listed.get("pointsLimit", data.get("pointsLimit"))
    return ForeignRoster(
        name=str(listed.get("name") or data.get("armyName") or "Army Forge list").strip(),
        game_system_name=GAMES.get(game, game),
        game_system_id=game,
        builder=BUILDER,
        schema_version="",
        cost_limits=(Cost("pts", _number(limit, "list.pointsLimit")),) if limit else (),
        costs=(Cost("pts", _number(total, "listPoints")),) if total is not None else (),
        forces=(
            Force(
                str(data.get("armyName") or ""),
                str(data.get("armyName") or ""),
                str(data.get("armyId") or ""),
                (),
                (),
                selections,
                (),
            ),
        ),
    )


def _name(unit: dict) -> str:
    return str(unit.get("customName") or unit.get("name") or "").strip()


def _unit(unit: Any, place: str, names: dict) -> Selection:
    if not isinstance(unit, dict) or not unit.get("name"):
        raise RosterError(
            f"{WHAT} whose unit has no name (each unit is an object with a name)", place
        )
    size = unit.get("size", 1)
    if not isinstance(size, int) or isinstance(size, bool) or not 0 < size < 10_000:
        raise RosterError(
            f"{WHAT} whose unit size is {str(size)[:20]!r}, not a whole number", place
        )
    name = str(unit["name"]).strip()
    upgrades = [u for u in unit.get("selectedUpgrades") or () if isinstance(u, dict)]
    points = _number(unit.get("cost", 0), f"{place}.cost") + sum(
        (_upgrade_cost(u, f"{place}.selectedUpgrades") for u in upgrades), Decimal(0)
    )
    quality, defense = unit.get("quality"), unit.get("defense")
    stats = [("Size", str(size))]
    stats += [("Quality", f"{quality}+")] if quality is not None else []
    stats += [("Defense", f"{defense}+")] if defense is not None else []
    weapons = [
        _weapon(w)
        for w in unit.get("loadout") or unit.get("equipment") or ()
        if isinstance(w, dict)
    ]
    joined = names.get(unit.get("joinToUnit"), "")
    return Selection(
        name=name,
        number=1,
        type="unit",
        costs=(Cost("pts", points),),
        categories=(),
        custom_name=str(unit.get("customName") or "").strip(),
        notes="\n".join(
            x for x in (f"Joined to {joined}" if joined else "", str(unit.get("notes") or "")) if x
        ),
        profiles=(Profile(name, "Unit", tuple(stats)),),
        rules=tuple(
            Rule(_rule(r), "") for r in unit.get("specialRules") or () if isinstance(r, dict)
        ),
        selections=(Selection(name, size, "model", (), (), "", "", (), (), tuple(weapons)),),
    )


def _rule(rule: dict) -> str:
    rating = rule.get("rating")
    return (
        f"{rule.get('name', '')}({rating})"
        if rating not in (None, "")
        else str(rule.get("name", ""))
    )


def _weapon(weapon: dict) -> Selection:
    name = str(weapon.get("name") or weapon.get("label") or "").strip()
    stats = []
    if weapon.get("range"):
        stats.append(("Range", f'{weapon["range"]}"'))
    if weapon.get("attacks") is not None:
        stats.append(("Attacks", str(weapon["attacks"])))
    special = ", ".join(_rule(r) for r in weapon.get("specialRules") or () if isinstance(r, dict))
    stats.append(("Special", special or "-"))
    count = weapon.get("count", 1)
    count = (
        count
        if isinstance(count, int) and not isinstance(count, bool) and 0 < count < 10_000
        else 1
    )
    return Selection(
        name, count, "upgrade", (), (), "", "", (Profile(name, "Weapon", tuple(stats)),), (), ()
    )


def _upgrade_cost(upgrade: dict, place: str) -> Decimal:
    """What a taken upgrade adds: its option's cost, where the file gives one."""
    option = upgrade.get("option")
    if isinstance(option, dict):
        cost = option.get("cost")
        if cost is None and isinstance(option.get("costs"), list) and option["costs"]:
            first = option["costs"][0]
            cost = first.get("cost") if isinstance(first, dict) else None
        if cost is not None:
            return _number(cost, place)
    return Decimal(0)


def _number(value: Any, place: str) -> Decimal:
    try:
        number = Decimal(str(value)) if not isinstance(value, bool) else Decimal("NaN")
    except InvalidOperation:
        number = Decimal("NaN")
    if not number.is_finite() or abs(number) >= MAX_COST:
        raise RosterError(f"{WHAT} whose points are {str(value)[:20]!r}, not a number", place)
    return number
