"""Small game modules and list documents for the rules tests, built in Python without the database.

Each factory fills in what a test does not care about, so a test states only what matters:

    catalog = forge(datasheets={"boss": sheet(30, category="hero")})
    report = check(catalog, unit("boss"), points_limit=25)
    assert the(report, "points-over-limit").severity == "error"

The default Battle Forge module (`forge()`) has:

- categories `hero`, `core`, `support`; one force organization `open` (cost 0) that takes any
  number of each, which every list uses unless a test says otherwise;
- alliances `league` and `horde` (standard), `lone` (unaligned) and `coin` (mercenaries);
- the faction `home` (League) whose datasheets a test gives with `datasheets=`, and one faction
  per kind of alliance, each with a 20-point `troops` datasheet: `friend` (League), `rival`
  (Horde), `loner` (Lone Powers), `sellswords` (Sellswords) and `stray` (no alliance).
"""

from __future__ import annotations

from typing import Any

from factions.catalog import Catalog
from factions.gamedata.schemas import ModuleSpec
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.engine.rules import Report, Roster, Violation, evaluate, resolve

HOME = "home"

# --- game data -------------------------------------------------------------------------------


def model(
    name: str = "Trooper",
    *,
    id: str | None = None,
    min: int = 1,
    max: int | None = None,
    extra: int | None = None,
    weapons: tuple[Any, ...] | list[Any] = ("blade",),
    rules: tuple[Any, ...] | list[Any] = (),
    options: tuple[dict, ...] | list[dict] = (),
    leader: bool = False,
) -> dict:
    """A model type; `extra` is the price of each model beyond `min` (0 unless given)."""
    data: dict[str, Any] = {
        "name": name,
        "min": min,
        "weapons": list(weapons),
        "rules": list(rules),
        "options": list(options),
        "leader": leader,
    }
    if id is not None:
        data["id"] = id
    if max is not None:
        data["max"] = max
        data["extra_model_points"] = extra or 0
    return data


def sheet(
    points: int = 10,
    *,
    category: str | None = "core",
    name: str = "Unit",
    models: list[dict] | None = None,
    options: tuple[dict, ...] | list[dict] = (),
    rules: tuple[Any, ...] | list[Any] = (),
    keywords: tuple[str, ...] | list[str] = (),
    focuses: tuple[str, ...] | list[str] = (),
    unit_type: str | None = None,
) -> dict:
    """A datasheet of one model (a `Trooper` with a blade) unless `models` says otherwise."""
    return {
        "name": name,
        "category": category,
        "points": points,
        "models": models if models is not None else [model()],
        "options": list(options),
        "rules": list(rules),
        "keywords": list(keywords),
        "focuses": list(focuses),
        "unit_type": unit_type,
    }


def choice(*items: Any, points: int = 0, id: str | None = None, label: str | None = None) -> dict:
    data: dict[str, Any] = {"items": list(items), "points": points}
    if id is not None:
        data["id"] = id
    if label is not None:
        data["label"] = label
    return data


def option(
    verb: str,
    *choices: dict,
    id: str,
    replace: tuple[Any, ...] | list[Any] = (),
    model_limit: int | str | None = None,
    limit: int | None = None,
    count: int | None = None,
    label: str | None = None,
    focuses: tuple[str, ...] | list[str] = (),
) -> dict:
    """A unit or model option; its `id` is what list documents name."""
    data: dict[str, Any] = {
        "id": id,
        "verb": verb,
        "choices": list(choices),
        "replace": list(replace),
        "focuses": list(focuses),
    }
    for key, value in (
        ("model_limit", model_limit),
        ("limit", limit),
        ("count", count),
        ("label", label),
    ):
        if value is not None:
            data[key] = value
    return data


def org(name: str, *, cost: int = 0, **slots: tuple[int, int | None]) -> dict:
    """A force organization: `org("Patrol", cost=1, hero=(1, 2), core=(0, None))`."""
    return {
        "name": name,
        "cost": cost,
        "slots": {key: {"min": lo, "max": hi} for key, (lo, hi) in slots.items()},
    }


OPEN = org("Open", hero=(0, None), core=(0, None), support=(0, None))

BASE_RULES = {
    "tough": {"name": "Tough", "takes_value": True},
    "hero": {"name": "Hero"},
    "caster": {"name": "Caster", "takes_value": True},
    "steady": {"name": "Steady"},
    "fearless": {"name": "Fearless"},
    "heavy": {"name": "Heavy"},
}
BASE_WEAPONS = {
    key: {"name": key.title(), "range": "melee" if key in ("blade", "sword") else 12}
    for key in ("blade", "sword", "rifle", "carbine", "pistol", "banner", "grenade")
}


def _troops_faction(name: str, alliance: str | None) -> dict:
    return {"name": name, "alliance": alliance, "datasheets": {"troops": sheet(20, name=name)}}


def game(
    ruleset: str,
    *,
    datasheets: dict[str, dict] | None = None,
    home: dict | None = None,
    factions: dict[str, dict] | None = None,
    slug: str = "test-module",
    **module_fields: Any,
) -> Catalog:
    """A catalogue of a one-faction module of `ruleset` (the faction `home`)."""
    home_faction = {"name": "Home Guard", "datasheets": datasheets or {"troops": sheet(20)}}
    home_faction.update(home or {})
    data: dict[str, Any] = {
        "slug": slug,
        "name": f"Test {ruleset}",
        "version": "1.0",
        "ruleset": ruleset,
        "rules": BASE_RULES,
        "weapons": BASE_WEAPONS,
        "factions": {HOME: home_faction, **(factions or {})},
    }
    data.update(module_fields)
    return Catalog(0, 1, ModuleSpec.model_validate(data))


def forge(
    *,
    datasheets: dict[str, dict] | None = None,
    home: dict | None = None,
    factions: dict[str, dict] | None = None,
    **module_fields: Any,
) -> Catalog:
    """A Battle Forge catalogue (see the module docstring for what it holds)."""
    fields: dict[str, Any] = {
        "slug": "test-forge",
        "categories": {"hero": "Hero", "core": "Core", "support": "Support"},
        "alliances": {
            "league": {"name": "The League"},
            "horde": {"name": "The Horde"},
            "lone": {"name": "Lone Powers", "kind": "unaligned"},
            "coin": {"name": "Sellswords", "kind": "mercenaries"},
        },
        "force_organizations": {"open": OPEN},
    }
    fields.update(module_fields)
    return game(
        "battleforge",
        datasheets=datasheets,
        home={"alliance": "league", **(home or {})},
        factions={
            "friend": _troops_faction("Friends", "league"),
            "rival": _troops_faction("Rivals", "horde"),
            "loner": _troops_faction("Loners", "lone"),
            "sellswords": _troops_faction("Sellswords", "coin"),
            "stray": _troops_faction("Strays", None),
            **(factions or {}),
        },
        **fields,
    )


# --- list documents --------------------------------------------------------------------------


def unit(datasheet: str, *, force: str | None = "f1", **fields: Any) -> dict:
    """A unit of the list, in force `f1` unless told otherwise; ids are given by `document`."""
    return {"datasheet": datasheet, "force": force, **fields}


def force(organization: str | None = "open", faction: str = HOME, **fields: Any) -> dict:
    return {"organization": organization, "faction": faction, **fields}


def take(option: str, choice: str, count: int = 1) -> dict:
    """A choice of a unit option: `unit("troops", options=[take("arms", "rifle", 2)])`."""
    return {"option": option, "choice": choice, "count": count}


def legend(key: str, unit: str | None = None) -> dict:
    return {"legend": key, "unit": unit}


def document(
    *units: dict,
    forces: list[dict] | None = None,
    module: str = "test-forge",
    faction: str = HOME,
    points_limit: int = 150,
    **fields: Any,
) -> ListDocument:
    """A list document; forces get ids f1, f2... and units u1, u2... unless they have one."""
    forces = [force()] if forces is None else forces
    return ListDocument.model_validate(
        {
            "module": module,
            "faction": faction,
            "points_limit": points_limit,
            "forces": [{"id": f"f{i}", **f} for i, f in enumerate(forces, 1)],
            "units": [{"id": f"u{i}", **u} for i, u in enumerate(units, 1)],
            **fields,
        }
    )


def roster(catalog: Catalog, *units: dict, **fields: Any) -> Roster:
    fields.setdefault("module", catalog.slug)
    return resolve(document(*units, **fields), catalog)


def check(catalog: Catalog, *units: dict, **fields: Any) -> Report:
    """Resolve and evaluate a list of `units` (see `document` for the other fields)."""
    return evaluate(roster(catalog, *units, **fields))


# --- reading reports -------------------------------------------------------------------------


def codes(report: Report) -> list[str]:
    return [v.code for v in report.violations]


def the(report: Report, code: str) -> Violation:
    """The one violation with `code` (fails when there is none or more than one)."""
    found = [v for v in report.violations if v.code == code]
    assert len(found) == 1, f"expected one '{code}', got {codes(report)}"
    return found[0]


def total(report: Report, key: str) -> int:
    found = report.total(key)
    assert found is not None, f"no total '{key}' in {[t.key for t in report.totals]}"
    return found.value
