"""Map Battle Forge entities that are not units: rules, weapons, model templates, legends,
strategies, powers and power categories (BATTLEFORGE-FORMAT.md §2.5), and model stats.

Each function returns the plain dict of a forgebuilder schema object (validated later by the
importer) and reports what it had to repair to its scope's reporter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .import_base import Scope
from .refs import as_list, is_dash, numeric, readable_id

__all__ = [
    "MODEL_STATS",
    "model_stats",
    "placeholder_rule",
    "placeholder_template",
    "placeholder_weapon",
    "power_spec",
    "rule_spec",
    "specialty_spec",
    "strategy_spec",
    "template_spec",
    "weapon_spec",
    "whole",
]

#: Battle Forge model stat -> forgebuilder's Battle Forge ruleset stat.
MODEL_STATS: dict[str, str] = {
    "movement": "movement",
    "shoot": "accuracy",
    "fight": "strength",
    "defense": "save",
    "reflexes": "initiative",
    "courage": "courage",
}
_STAT_MAX = {"movement": 60}
_IGNORED_MODEL_KEYS = {"wounds", "agility"}
_WEAPON_STATS = {"attacks": (0, None), "ap": (0, 10), "damage": (0, None)}


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _name(entity: Mapping[str, Any], fallback: str) -> str:
    """The entity's name, or its id made readable when the data gives none."""
    name = entity.get("name")
    text = name.strip() if isinstance(name, str) else ""
    return (text or readable_id(fallback))[:120]


def whole(value: object) -> int | None:
    """A whole number from an int, an integral float or a digit string, else None."""
    number = numeric(value)
    if number is None or number != int(number):
        return None
    return int(number)


# ----- stats ------------------------------------------------------------------------------
def model_stats(model: Mapping[str, Any], scope: Scope, file: str, path: str) -> dict[str, Any]:
    """The six stats: ``"-"`` is null, digit strings are numbers, a missing stat is null."""
    stats: dict[str, Any] = {}
    for source, target in MODEL_STATS.items():
        value = model.get(source)
        if source not in model:
            scope.reporter.add(
                "stat_missing", file, f"{path}.{source}", f"{source!r} is missing; imported as '-'"
            )
            stats[target] = None
        elif value is None or is_dash(value):
            stats[target] = None
        else:
            number = whole(value)
            if number is None or not 0 <= number <= _STAT_MAX.get(target, 20):
                scope.reporter.add(
                    "stat_invalid",
                    file,
                    f"{path}.{source}",
                    f"{source} {value!r} is not a whole number in range; imported as '-'",
                )
                number = None
            stats[target] = number
    for key in _IGNORED_MODEL_KEYS & set(model):
        scope.reporter.add(
            "stat_dropped",
            file,
            f"{path}.{key}",
            f"{key!r} is ignored by the 2022 builder and has no forgebuilder stat; not imported",
        )
    return stats


def _range(profile: Mapping[str, Any]) -> Any:
    short = profile.get("short")
    if isinstance(short, str) and short.strip().lower() == "melee":
        return "melee"
    first = whole(short)
    if first is None:
        return None
    second = whole(profile.get("medium"))
    if second is not None and second >= first:
        return [first, second]
    return first


def _weapon_stats(profile: Mapping[str, Any], scope: Scope, file: str, path: str) -> dict:
    stats: dict[str, Any] = {}
    for key, (low, high) in _WEAPON_STATS.items():
        if key not in profile:
            continue
        value = profile[key]
        number = whole(value)
        if is_dash(value) or value is None:
            stats[key] = None
        elif number is None or number < low or (high is not None and number > high):
            scope.reporter.add(
                "stat_invalid",
                file,
                f"{path}.{key}",
                f"{key} {value!r} is not a whole number in range; imported as '-'",
            )
            stats[key] = None
        else:
            stats[key] = number
    return stats


def _rule_refs(value: object, scope: Scope, file: str, path: str) -> list[Any]:
    refs = [scope.rule_ref(ref, file, f"{path}[{i}]") for i, ref in enumerate(as_list(value))]
    return [ref for ref in refs if ref is not None]


def _weapon_refs(value: object, scope: Scope, file: str, path: str) -> list[Any]:
    refs = [scope.weapon_ref(ref, file, f"{path}[{i}]") for i, ref in enumerate(as_list(value))]
    return [ref for ref in refs if ref is not None]


# ----- rules and weapons ------------------------------------------------------------------
def rule_spec(rid: str, rule: Mapping[str, Any]) -> dict[str, Any]:
    """A special rule: name, description, ``description_short`` -> short, ``inputs`` ->
    takes_value, ``hidden`` (true or "true"), and the ``points`` formula as it is."""
    return {
        "name": _name(rule, rid),
        "description": _text(rule.get("description")),
        "short": _text(rule.get("description_short")),
        "takes_value": bool(as_list(rule.get("inputs"))),
        "hidden": rule.get("hidden") in (True, "true"),
        "points": rule.get("points"),
    }


def placeholder_rule(raw: str) -> dict[str, Any]:
    """The stand-in for a rule id the published data references but never defines: named
    from its id ("damage_chart": "Damage Chart"), without a text (players read that the source
    data has none), priced at 0 points as Battle Forge's builder prices it."""
    return {"name": readable_id(raw)[:120], "description": "", "points": 0}


def weapon_spec(
    wid: str, weapon: Mapping[str, Any], scope: Scope, file: str, path: str
) -> dict[str, Any]:
    """A weapon: range (``"Melee"`` -> melee, short + medium -> [short, medium]), attacks,
    ap and damage stats, rules and profiles."""
    profiles = []
    for i, profile in enumerate(as_list(weapon.get("profiles"))):
        if not isinstance(profile, Mapping):
            continue
        ppath = f"{path}.profiles[{i}]"
        prange = _range(profile)
        if prange is None:
            scope.reporter.add(
                "weapon_without_range",
                file,
                ppath,
                f"profile {i} of weapon {wid!r} has no usable range; imported as melee",
            )
            prange = "melee"
        profiles.append(
            {
                "name": _name(profile, f"Profile {i + 1}"),
                "range": prange,
                "stats": _weapon_stats(profile, scope, file, ppath),
                "rules": _rule_refs(profile.get("rules"), scope, file, f"{ppath}.rules"),
            }
        )
    wrange = _range(weapon)
    typo = next(
        (key for key in weapon if isinstance(key, str) and key.strip().rstrip(":") == "short"),
        None,
    )
    if wrange is None and not profiles and typo is not None and typo != "short":
        wrange = _range({**weapon, "short": weapon[typo]})
        if wrange is not None:
            scope.reporter.add(
                "weapon_without_range",
                file,
                f"{path}.{typo}",
                f"weapon {wid!r} has its range under {typo!r} (the builder ignores it and "
                "prices the weapon 0); the range is read from there",
            )
    if wrange is None and not profiles:
        scope.reporter.add(
            "weapon_without_range",
            file,
            path,
            f"weapon {wid!r} has neither a range nor profiles (the builder prices it 0); "
            "imported as melee",
        )
        wrange = "melee"
    return {
        "name": _name(weapon, wid),
        "description": _text(weapon.get("description")),
        "range": wrange,
        "stats": _weapon_stats(weapon, scope, file, path),
        "rules": _rule_refs(weapon.get("rules"), scope, file, f"{path}.rules"),
        "profiles": profiles,
    }


def placeholder_weapon(raw: str) -> dict[str, Any]:
    """The stand-in for a weapon id the published data references but never defines."""
    return {
        "name": readable_id(raw)[:120],
        "description": (
            f"Battle Forge's published data refers to a weapon '{raw}' but does not define it "
            "(range and profile unknown); its builder shows it as not found and prices it at 0."
        ),
        "range": "melee",
    }


# ----- model templates --------------------------------------------------------------------
def template_spec(
    mid: str, model: Mapping[str, Any], scope: Scope, file: str, path: str
) -> dict[str, Any]:
    """A model of the faction ``models`` map, brought in by ``addModel`` / ``replaceModel``.

    Its options become options of each datasheet that adds it (``UnitMapper``), priced there.
    """
    return {
        "name": _name(model, mid),
        "description": _text(model.get("description")),
        "stats": model_stats(model, scope, file, path),
        "weapons": _weapon_refs(model.get("weapons"), scope, file, f"{path}.weapons"),
        "rules": _rule_refs(model.get("rules"), scope, file, f"{path}.rules"),
    }


def placeholder_template(raw: str) -> dict[str, Any]:
    """The stand-in for a model id of ``addModel`` / ``replaceModel`` nobody defines."""
    return {
        "name": readable_id(raw)[:120],
        "description": (
            f"Battle Forge's published data refers to a model '{raw}' but does not define it; "
            "its builder prices it as an empty model (5 points)."
        ),
        "stats": dict.fromkeys(MODEL_STATS.values()),
    }


# ----- strategies, powers ----------------------------------------------------------------
def strategy_spec(
    sid: str,
    strategy: Mapping[str, Any],
    scope: Scope,
    file: str,
    path: str,
    phases: Mapping[str, Any],
) -> dict[str, Any]:
    """A strategy: an integer cost, or a text such as "1/per" kept as ``cost_note``; the
    phase by its name."""
    raw_cost = strategy.get("cost")
    cost = whole(raw_cost)
    note = None
    if cost is None or cost < 0:
        cost = None
        note = str(raw_cost)[:40] if raw_cost is not None else None
    phase = strategy.get("phase")
    phase_name = None
    if isinstance(phase, str):
        entry = phases.get(phase)
        phase_name = entry.get("name") if isinstance(entry, Mapping) else None
        phase_name = (phase_name if isinstance(phase_name, str) else phase)[:40]
    return {
        "name": _name(strategy, sid),
        "description": _text(strategy.get("description")),
        "cost": cost,
        "cost_note": note,
        "phase": phase_name,
        "flavor": _text(strategy.get("flavor")),
        "focuses": scope.focus_filter(strategy.get("subfactions"), file, f"{path}.subfactions"),
    }


def power_spec(
    pid: str,
    power: Mapping[str, Any],
    scope: Scope,
    file: str,
    path: str,
    specialties: Mapping[str, str],
) -> dict[str, Any]:
    """A power: ``charge`` -> cast_value, ``category`` -> specialty."""
    charge = whole(power.get("charge"))
    category = power.get("category")
    specialty = None
    if isinstance(category, str) and category:
        if category in specialties:
            specialty = specialties[category]
        else:
            scope.reporter.add(
                "specialty_unknown",
                file,
                f"{path}.category",
                f"power category {category!r} is not defined; the power is open to any caster",
            )
    return {
        "name": _name(power, pid),
        "description": _text(power.get("description")),
        "cast_value": charge if charge is not None and charge >= 0 else None,
        "specialty": specialty,
        "focuses": scope.focus_filter(power.get("subfactions"), file, f"{path}.subfactions"),
    }


def specialty_spec(
    cid: str, category: Mapping[str, Any], scope: Scope, file: str, path: str
) -> dict[str, Any]:
    """A power category as a power specialty."""
    return {
        "name": _name(category, cid),
        "description": _text(category.get("description")),
        "focuses": scope.focus_filter(category.get("subfactions"), file, f"{path}.subfactions"),
    }
