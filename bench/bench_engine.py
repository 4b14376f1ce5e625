"""How long the rules engine takes to check a Battle Forge list.

    .venv/bin/python bench/bench_engine.py [--rounds 7] [--quick]

Builds a game module in memory (no database) and two lists of it: a standard 150-point list and
a 3000-point list of 60 units with options, four force organizations (one of them allied) and
six legends. For each it prints the milliseconds per check, resolve + evaluate and evaluate
alone, beside a baseline measured in the same run: reading the same document with
`ListDocument.model_validate`. Compare the ratio to the baseline across machines, not the
milliseconds. The target is under 2 ms for resolve + evaluate of the 60-unit list.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forgebuilder.settings.test")

import django

django.setup()

from factions.catalog import Catalog  # noqa: E402
from factions.gamedata.schemas import ModuleSpec  # noqa: E402
from forgebuilder.engine.listdoc import ListDocument  # noqa: E402
from forgebuilder.engine.rules import evaluate, resolve  # noqa: E402

TARGET_MS = 2.0
CATEGORIES = ("hero", "core", "support", "elite")


def _model(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "weapons": ["blade", "rifle"], "rules": ["tough(1)"], **fields}


def _datasheet(faction: str, category: str, n: int) -> dict[str, Any]:
    """A datasheet with a leader, 4 to 9 troopers and the usual kinds of options."""
    troopers = _model(
        "Trooper",
        id="trooper",
        min=4,
        max=10,
        extra_model_points=1,
        options=[
            {
                "id": "heavy",
                "verb": "replace_weapon",
                "replace": ["rifle"],
                "model_limit": "1/5",
                "choices": [
                    {"id": "cannon", "items": ["cannon"], "points": 6},
                    {"id": "flamer", "items": ["flamer"], "points": 4},
                ],
            },
            {
                "id": "grenades",
                "verb": "add_weapon",
                "model_limit": "all",
                "choices": [{"id": "grenade", "items": ["grenade"], "points": 1}],
            },
        ],
    )
    leader = _model(
        "Leader",
        id="leader",
        rules=["tough(2)", "caster(1)"] if category == "hero" else ["tough(2)"],
        options=[
            {
                "id": "sidearm",
                "verb": "replace_weapon",
                "replace": ["rifle"],
                "model_limit": 1,
                "choices": [{"id": "pistol", "items": ["pistol"], "points": 2}],
            }
        ],
    )
    return {
        "name": f"{faction.title()} {category.title()} {n}",
        "category": category,
        "points": 10 + 2 * n,
        "keywords": ["Infantry", category.title()],
        "rules": ["steady"],
        "focuses": ["none", "vanguard"] if n % 3 == 0 else [],
        "models": [leader, troopers] if category != "hero" else [leader],
        "options": [
            {
                "id": "veterans",
                "verb": "add_rule",
                "label": "Veterans",
                "model_limit": "all",
                "choices": [{"id": "fearless", "items": ["fearless"], "points": 1}],
            }
        ],
    }


def module_spec() -> ModuleSpec:
    """A Battle Forge module of two allied factions, 24 datasheets each."""
    slots = {
        "battalion": {"hero": (1, 3), "core": (2, 8), "support": (0, 4), "elite": (0, 3)},
        "detachment": {"hero": (0, 2), "core": (1, 6), "support": (0, 3), "elite": (0, 2)},
    }
    factions = {}
    for faction in ("wardens", "kin"):
        factions[faction] = {
            "name": faction.title(),
            "alliance": "order",
            "focuses": {"vanguard": {"name": "Vanguard"}},
            "datasheets": {
                f"{category}_{n}": _datasheet(faction, category, n)
                for category in CATEGORIES
                for n in range(6)
            },
        }
    return ModuleSpec.model_validate(
        {
            "slug": "bench",
            "name": "Bench",
            "version": "1.0",
            "ruleset": "battleforge",
            "parameters": {"legends_per_points": 500},
            "alliances": {"order": {"name": "Order"}},
            "categories": {c: c.title() for c in CATEGORIES},
            "force_organizations": {
                key: {
                    "name": key.title(),
                    "cost": 1,
                    "slots": {c: {"min": lo, "max": hi} for c, (lo, hi) in s.items()},
                }
                for key, s in slots.items()
            },
            "rules": {
                "tough": {"name": "Tough", "takes_value": True},
                "caster": {"name": "Caster", "takes_value": True},
                "steady": {"name": "Steady"},
                "fearless": {"name": "Fearless"},
            },
            "weapons": {
                w: {"name": w.title(), "range": "melee" if w == "blade" else 12}
                for w in ("blade", "rifle", "cannon", "flamer", "grenade", "pistol")
            },
            "power_specialties": {"fire": {"name": "Fire"}, "ice": {"name": "Ice"}},
            "legends": {
                f"relic_{n}": {
                    "name": f"Relic {n}",
                    "points": 5,
                    "applies_to": {"categories": ["hero"]} if n % 2 else {"keywords": ["Infantry"]},
                }
                for n in range(8)
            },
            "factions": factions,
        }
    )


def _unit(uid: str, force: str, category: str, n: int) -> dict[str, Any]:
    unit: dict[str, Any] = {"id": uid, "datasheet": f"{category}_{n}", "force": force}
    if category == "hero":
        unit["specialty"] = "fire"
        unit["options"] = [{"option": "veterans", "choice": "fearless"}]
        return unit
    unit["models"] = {"trooper": 10}
    unit["options"] = [
        {"option": "heavy", "choice": "cannon", "count": 1},
        {"option": "heavy", "choice": "flamer", "count": 1},
        {"option": "grenades", "choice": "grenade"},
        {"option": "sidearm", "choice": "pistol"},
        {"option": "veterans", "choice": "fearless"},
    ]
    return unit


def large_list() -> dict[str, Any]:
    """3000 points: two battalions, a detachment and an allied detachment; 60 units."""
    forces = [
        ("f1", "battalion", "wardens", {"hero": 3, "core": 8, "support": 4, "elite": 3}),
        ("f2", "battalion", "wardens", {"hero": 3, "core": 8, "support": 4, "elite": 3}),
        ("f3", "detachment", "wardens", {"hero": 2, "core": 6, "support": 3, "elite": 2}),
        ("f4", "detachment", "kin", {"hero": 2, "core": 6, "support": 3, "elite": 0}),
    ]
    units = []
    for fid, _org, _faction, counts in forces:
        for category, count in counts.items():
            for i in range(count):
                units.append(_unit(f"u{len(units) + 1}", fid, category, i % 6))
    heroes = [u["id"] for u in units if u["datasheet"].startswith("hero")]
    return {
        "name": "Grand Army",
        "module": "bench",
        "module_version": "1.0",
        "faction": "wardens",
        "focus": "vanguard",
        "points_limit": 3000,
        "forces": [{"id": f, "organization": o, "faction": fa} for f, o, fa, _ in forces],
        "units": units,
        "legends": [{"legend": f"relic_{n}", "unit": heroes[n]} for n in range(6)],
    }


def standard_list() -> dict[str, Any]:
    """150 points: one detachment of six units and a legend."""
    units = [
        _unit("u1", "f1", "hero", 0),
        _unit("u2", "f1", "core", 0),
        {"id": "u3", "datasheet": "core_1", "force": "f1"},
        {"id": "u4", "datasheet": "support_0", "force": "f1"},
        {"id": "u5", "datasheet": "elite_0", "force": "f1"},
        {"id": "u6", "datasheet": "hero_1", "force": "f1", "specialty": "ice"},
    ]
    return {
        "name": "Patrol",
        "module": "bench",
        "faction": "wardens",
        "points_limit": 150,
        "forces": [{"id": "f1", "organization": "detachment", "faction": "wardens"}],
        "units": units,
        "legends": [{"legend": "relic_1", "unit": "u1"}],
    }


def per_call_ms(
    fn: Callable[[Any], object],
    rounds: int,
    min_time: float,
    setup: Callable[[], Any] = lambda: None,
) -> float:
    """The best, over `rounds`, of the mean CPU milliseconds per `fn(setup())`.

    `setup` runs outside the timed loop (e.g. resolving the roster that `fn` evaluates). CPU
    time rather than wall time, so other processes on the machine disturb the figures less.
    """
    n, start = 0, time.process_time()
    while time.process_time() - start < min_time / 4 or n < 3:
        fn(setup())
        n += 1
    results = []
    for _ in range(rounds):
        inputs = [setup() for _ in range(n * 4)]
        start = time.process_time()
        for value in inputs:
            fn(value)
        results.append((time.process_time() - start) * 1000 / len(inputs))
    return min(results)


def _measure(
    label: str, data: dict[str, Any], catalog: Catalog, rounds: int, min_time: float
) -> tuple[int, float]:
    """Print one line of figures for the list `data`; return its units and resolve+evaluate ms."""
    document = ListDocument.model_validate(data)
    report = evaluate(resolve(document, catalog))
    baseline = per_call_ms(ListDocument.model_validate, rounds, min_time, lambda: data)
    full = per_call_ms(lambda d: evaluate(resolve(d, catalog)), rounds, min_time, lambda: document)
    # a fresh roster each time: a roster keeps what its checks computed
    alone = per_call_ms(evaluate, rounds, min_time, lambda: resolve(document, catalog))
    print(
        f"{label:<18}{len(document.units):>6}{baseline:>9.3f} ms"
        f"{full:>11.3f} ms ({full / baseline:4.1f}x){alone:>9.3f} ms"
    )
    print(
        f"{'':<18}{'':>6}  {report.total('points').value} points, "
        f"{len(report.errors)} errors, {len(report.warnings)} warnings"
    )
    return len(document.units), full


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="short loops (a smoke run)")
    args = parser.parse_args()
    min_time = 0.02 if args.quick else 0.2

    catalog = Catalog(0, 1, module_spec())
    print(
        f"Rules engine benchmark: Python {platform.python_version()}, {platform.machine()}, "
        f"best of {args.rounds} rounds"
    )
    header = f"{'list':<18}{'units':>6}{'baseline':>12}{'resolve+evaluate':>20}{'evaluate':>12}"
    print(header)
    print("-" * len(header))
    slow = False
    for label, data in (("150 points", standard_list()), ("3000 points", large_list())):
        units, full = _measure(label, data, catalog, args.rounds, min_time)
        slow = slow or (units >= 60 and full > TARGET_MS)
    print("baseline: ListDocument.model_validate of the same document (pydantic, compiled)")
    print(f"target: resolve+evaluate of the 60-unit list under {TARGET_MS} ms", end="")
    print(" - MISSED" if slow else " - met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
