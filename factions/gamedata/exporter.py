"""Read a module back out of the database as a ModuleSpec, and write it as YAML or JSON files.

`load(export(x)) == x`: the exporter produces exactly the data the loader consumed.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

from factions import models as m
from factions.rulesets import registry

from .loader import FACTION_SCOPED
from .schemas import ModuleSpec


def _values(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.spec_fields}


def game_module_spec(module: m.GameModule) -> ModuleSpec:
    """The module as stored, validated into a ModuleSpec (a fixed number of queries)."""
    data: dict[str, Any] = {"slug": module.slug, **_values(module)}
    data["alliances"] = {a.key: _values(a) for a in m.Alliance.objects.filter(module=module)}
    data["categories"] = {c.key: _values(c) for c in m.UnitCategory.objects.filter(module=module)}
    data["doctrines"] = {d.key: _values(d) for d in m.Doctrine.objects.filter(module=module)}
    factions: dict[str, dict[str, Any]] = {}
    for faction in m.Faction.objects.filter(module=module).select_related("alliance"):
        values = _values(faction)
        values["alliance"] = faction.alliance.key if faction.alliance else None
        factions[faction.key] = values
    slots: dict[int, dict[str, Any]] = defaultdict(dict)
    for slot in m.ForceOrganizationSlot.objects.filter(
        force_organization__module=module
    ).select_related("category"):
        slots[slot.force_organization_id][slot.category.key] = {"min": slot.min, "max": slot.max}
    for attr, model in FACTION_SCOPED:
        rows = model.objects.filter(module=module).select_related("faction")
        if model is m.Strategy:
            rows = rows.select_related("doctrine")
        for row in rows:
            values = _values(row)
            if model is m.ForceOrganization:
                values["slots"] = slots.get(row.pk, {})
            if model is m.Strategy:
                values["doctrine"] = row.doctrine.key if row.doctrine else None
            target = factions[row.faction.key] if row.faction else data
            target.setdefault(attr, {})[row.key] = values
    _add_datasheets(module, factions)
    data["factions"] = factions
    _canonical_order(data)
    return ModuleSpec.model_validate(data)


def _canonical_order(data: dict[str, Any]) -> None:
    """Put stats and parameters in the ruleset's order.

    PostgreSQL's jsonb keeps no key order, so the stored order cannot be trusted: an export is
    made the same on every database by ordering keys the way the ruleset lists them.
    """
    if data.get("ruleset") not in registry:
        return
    ruleset = registry.get(data["ruleset"])
    stat_order = [s.key for s in (*ruleset.model_stats, *ruleset.weapon_stats)]
    param_order = list(ruleset.parameters.model_fields)

    def ordered(mapping: dict[str, Any], order: list[str]) -> dict[str, Any]:
        rank = {key: i for i, key in enumerate(order)}
        return dict(sorted(mapping.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "stats" and isinstance(value, dict):
                    node[key] = ordered(value, stat_order)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    if isinstance(data.get("parameters"), dict):
        data["parameters"] = ordered(data["parameters"], param_order)
    if isinstance(data.get("campaign"), dict):
        _campaign_order(data["campaign"])


def _first_face(roll: str) -> tuple[int, str]:
    head = roll.split("-", 1)[0]
    return (int(head) if head.isascii() and head.isdigit() else 1_000_000, roll)


def _named_in(rolls: dict[str, Any]) -> list[str]:
    """The keys a table's rolls name, in die order (a pair names two)."""
    names: list[str] = []
    for value in rolls.values():
        for key in value if isinstance(value, list | tuple) else [value]:
            if isinstance(key, str) and key not in names:
                names.append(key)
    return names


def _by_names(mapping: dict[str, Any], names: list[str]) -> dict[str, Any]:
    rank = {key: i for i, key in enumerate(names)}
    return dict(sorted(mapping.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


def _campaign_order(node: Any) -> None:
    """Campaign tables in die order (rolls by face, entries as the rolls name them), since
    jsonb keeps no key order either."""
    if isinstance(node, dict):
        rolls = node.get("rolls")
        if isinstance(rolls, dict):
            node["rolls"] = rolls = dict(sorted(rolls.items(), key=lambda kv: _first_face(kv[0])))
            if isinstance(node.get("entries"), dict):
                node["entries"] = _by_names(node["entries"], _named_in(rolls))
        pairs = node.get("skill_set_pairs")
        if isinstance(node.get("skill_sets"), dict) and isinstance(pairs, dict):
            _campaign_order(pairs)
            node["skill_sets"] = _by_names(node["skill_sets"], _named_in(pairs.get("rolls", {})))
        for value in node.values():
            _campaign_order(value)
    elif isinstance(node, list):
        for item in node:
            _campaign_order(item)


def _add_datasheets(module: m.GameModule, factions: dict[str, dict[str, Any]]) -> None:
    options: dict[int, list[m.UnitOption]] = defaultdict(list)
    for option in m.UnitOption.objects.filter(datasheet__module=module):
        options[option.model_type_id or -option.datasheet_id].append(option)
    models_of: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for model in m.DatasheetModel.objects.filter(datasheet__module=module):
        values = {"id": model.key, **_values(model)}
        values["options"] = [_option(o) for o in options.get(model.pk, [])]
        models_of[model.datasheet_id].append(values)
    sheets = m.Datasheet.objects.filter(module=module).select_related("faction", "category")
    for sheet in sheets:
        values = _values(sheet)
        values["category"] = sheet.category.key if sheet.category else None
        values["models"] = models_of.get(sheet.pk, [])
        values["options"] = [_option(o) for o in options.get(-sheet.pk, [])]
        factions[sheet.faction.key].setdefault("datasheets", {})[sheet.key] = values


def _option(option: m.UnitOption) -> dict[str, Any]:
    return {"id": option.key, **_values(option)}


def module_document(spec: ModuleSpec) -> dict[str, Any]:
    """The module as plain data, leaving out what equals its default."""
    return spec.model_dump(mode="json", exclude_defaults=True)


def write_module(spec: ModuleSpec, path: Path) -> list[Path]:
    """Write `spec` to one file (path ends in .yaml/.yml/.json) or to a folder; return the files."""
    path = Path(path)
    document = module_document(spec)
    if path.suffix in (".yaml", ".yml", ".json"):
        path.parent.mkdir(parents=True, exist_ok=True)
        _dump(document, path)
        return [path]
    factions = document.pop("factions", {})
    names = faction_file_names(list(factions))
    (path / "factions").mkdir(parents=True, exist_ok=True)
    for stale in (path / "factions").iterdir():
        # files of factions the module no longer has (or by another name) would be read back in
        if stale.suffix in (".yaml", ".yml", ".json") and stale.name not in names.values():
            stale.unlink()
    written = [_dump(document, path / "module.yaml")]
    for key, faction in factions.items():
        written.append(_dump({"id": key, **faction}, path / "factions" / names[key]))
    return written


def faction_file_names(keys: list[str]) -> dict[str, str]:
    """File names that a folder reads back in the factions' order (`<id>.yaml`).

    A folder lists its factions in the order of their file names; when the ids are not in that
    order, the names start with the faction's position (`01-millford.yaml`). Each file holds
    its `id:`, so the name does not change the id.
    """
    plain = {key: f"{key}.yaml" for key in keys}
    if list(plain.values()) == sorted(plain.values()):
        return plain
    width = max(2, len(str(len(keys))))
    return {key: f"{i:0{width}d}-{key}.yaml" for i, key in enumerate(keys, start=1)}


# libyaml's emitter where PyYAML was built with it (the Debian and PyPI wheels are), about four
# times faster than the pure-Python one; both write the same YAML, but for where a long quoted
# string is wrapped.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(document: dict[str, Any], path: Path) -> Path:
    if path.suffix == ".json":
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    else:
        text = yaml.dump(document, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=100)
    path.write_text(text, encoding="utf-8")
    return path
