"""The module-wide part of the Battle Forge import: slug, name, version, licence, source and
parameters, alliances and force organizations (BATTLEFORGE-FORMAT.md §2.2, §2.3)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..schemas import slug_key
from .import_base import KeyMap, Reporter, valid_key
from .refs import as_entity_map, numeric
from .source import MODULE_INDEX, ROOT_FILE, BFGame

__all__ = [
    "RULESET",
    "alliance_dicts",
    "default_slug",
    "focus_aliases",
    "focus_dict",
    "module_head",
    "module_parameters",
    "note_not_imported",
    "organization_dicts",
]

RULESET = "battleforge"


def default_slug(game: BFGame) -> str:
    """The root game's id with ``_`` -> ``-`` (``fantasy_realms`` -> ``fantasy-realms``),
    else the folder name."""
    raw = game.game_id or game.folder
    slug = raw.replace("_", "-")
    return slug if valid_key(slug) else slug_key(raw).replace("_", "-")


def module_parameters(game_type: str) -> dict[str, Any]:
    """forgebuilder's Battle Forge parameters for a battle or skirmish module.

    The data's caster rule is ``power(x)``. Battle modules: 1 strategy point plus 1 per full
    500 points, one legend per full 500 points (at least 1); skirmish modules: 1 plus 1 per
    full 50 points, one legend per list.
    """
    common = {"strategy_points_base": 1, "legends_minimum": 1}
    if game_type == "skirmish":
        return {
            **common,
            "points_limit": 150,
            "strategy_points_per": 50,
            "legends_per_points": None,
            "caster_rule": "power",
            "game_type": "skirmish",
        }
    # Battle units cost 50 to 200 points: a list starts at 1000 (3 strategy points, 2 legends).
    return {
        **common,
        "points_limit": 1000,
        "strategy_points_per": 500,
        "legends_per_points": 500,
        "caster_rule": "power",
        "game_type": "battle",
    }


def read_license(module_dir: Path) -> tuple[str | None, str | None]:
    """(licence id, copyright line) from the folder's LICENSE file: its first line names the
    licence ("MIT License" -> MIT, "GNU GENERAL PUBLIC LICENSE Version 3" -> GPL-3.0)."""
    try:
        text = (module_dir / "LICENSE").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None, None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None, None
    first = lines[0]
    copyright_line = next((ln for ln in lines[:4] if ln.lower().startswith("copyright")), None)
    if first.upper().startswith("MIT"):
        return "MIT", copyright_line
    if "GNU GENERAL PUBLIC LICENSE" in first.upper() and "3" in first:
        return "GPL-3.0", copyright_line
    return first[:80], copyright_line


def read_source(module_dir: Path) -> tuple[str | None, str | None]:
    """(repository url, commit) from a ``SOURCE.txt`` such as
    ``source: github.com/owner/repo at <sha>``, if there is one."""
    try:
        text = (module_dir / "SOURCE.txt").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None, None
    repo, _, commit = text.removeprefix("source:").strip().partition(" at ")
    repo = repo.strip()
    if repo and "://" not in repo:
        repo = f"https://{repo}"
    return (repo or None), (commit.strip() or None)


def _root_game(game: BFGame) -> Mapping[str, Any]:
    if game.root and game.game_id:
        for listing in ("games", "unfinished_games"):
            entry = as_entity_map(game.root.get(listing)).get(game.game_id)
            if isinstance(entry, Mapping):
                return entry
    return {}


def module_head(game: BFGame, slug: str, reporter: Reporter) -> dict[str, Any]:
    """slug, name, version, ruleset, description, parameters and source of the module."""
    root_game = _root_game(game)
    name = game.name or str(root_game.get("name") or game.folder)
    version = game.index.get("version") or root_game.get("version") or "1.0"
    license_id, copyright_line = read_license(game.module_dir)
    if license_id is None:
        reporter.add("license_missing", "LICENSE", "", "no LICENSE file next to index.json")
    repo, commit = read_source(game.module_dir)
    notes = [f"Imported from Battle Forge's published data ({game.folder})."]
    if copyright_line:
        notes.append(f"{license_id} License, {copyright_line}.")
    if commit:
        notes.append(f"Commit {commit}.")
    description = root_game.get("description")
    return {
        "slug": slug,
        "name": name[:120],
        "version": str(version)[:40],
        "ruleset": RULESET,
        "description": description if isinstance(description, str) else "",
        "parameters": module_parameters(game.game_type),
        "source": {
            "format": "battleforge",
            "license": license_id,
            "url": repo or root_game.get("url"),
            "notes": " ".join(notes),
        },
    }


def alliance_dicts(game: BFGame, keys: KeyMap) -> dict[str, dict[str, Any]]:
    """Alliances: the key ``mercenaries`` is kind mercenaries, one whose id or name is
    "unaligned" kind unaligned, the others standard."""
    out = {}
    for aid, alliance in game.alliances.items():
        name = alliance.get("name") if isinstance(alliance, Mapping) else None
        name = name if isinstance(name, str) and name.strip() else aid
        if aid == "mercenaries":
            kind = "mercenaries"
        elif "unaligned" in (aid.lower(), name.strip().lower()):
            kind = "unaligned"
        else:
            kind = "standard"
        out[keys.keys[aid]] = {"name": name[:120], "kind": kind}
    return out


def organization_dicts(
    game: BFGame, keys: KeyMap, categories: KeyMap, reporter: Reporter
) -> dict[str, dict[str, Any]]:
    """Force organizations: cost and per-category min/max. A missing min is 0, a missing max
    no maximum (noted); a slot for a category the module lacks is dropped (noted)."""
    out: dict[str, dict[str, Any]] = {}
    for oid, org in game.organizations.items():
        if not isinstance(org, Mapping):
            continue
        slots: dict[str, dict[str, Any]] = {}
        raw_slots = org.get("categories")
        for cid, slot in (raw_slots if isinstance(raw_slots, Mapping) else {}).items():
            path = f"organizations.{oid}.categories.{cid}"
            key = categories.get(cid)
            if key is None:
                reporter.add(
                    "slot_dropped",
                    MODULE_INDEX,
                    path,
                    f"category {cid!r} is not defined, so no unit can fill it; not imported",
                )
                continue
            slot = slot if isinstance(slot, Mapping) else {}
            low, high = numeric(slot.get("min")), numeric(slot.get("max"))
            if high is None:
                reporter.add(
                    "slot_without_max",
                    MODULE_INDEX,
                    path,
                    f"{cid!r} has no max: imported as no maximum (the builder hides it "
                    "outside narrative lists)",
                )
            minimum = int(low) if low is not None and low > 0 else 0
            maximum = max(int(high), minimum) if high is not None and high >= 0 else None
            slots[key] = {"min": minimum, "max": maximum}
        cost = numeric(org.get("cost"))
        out[keys.keys[oid]] = {
            "name": str(org.get("name") or oid)[:120],
            "description": str(org.get("description") or ""),
            "cost": int(cost) if cost is not None and cost >= 0 else 0,
            "slots": slots,
        }
    return out


def focus_dict(fid: str, focus: Mapping[str, Any]) -> dict[str, Any]:
    """A focus (subfaction): name, description, ``restricted`` (true or "true"), colour."""
    description = focus.get("description")
    color = focus.get("color")
    return {
        "name": str(focus.get("name") or fid)[:120],
        "description": description if isinstance(description, str) else "",
        "restricted": focus.get("restricted") in (True, "true"),
        "color": color if isinstance(color, str) else None,
    }


def focus_aliases(focuses: Mapping[str, Any], keys: KeyMap) -> dict[str, str]:
    """Focus id -> key, where a focus is known by its map key and by its ``id`` field
    (``"romano-british": {"id": "romano_british_early"}``: filters use either)."""
    aliases: dict[str, str] = {}
    for fid, focus in focuses.items():
        inner = focus.get("id") if isinstance(focus, Mapping) else None
        if isinstance(inner, str) and inner and inner not in focuses:
            aliases[inner] = keys.keys[fid]
    return {**aliases, **keys.keys}


def note_not_imported(game: BFGame, reporter: Reporter) -> None:
    """Report the root's and the index's perks, setbacks, terrain and missions, which
    forgebuilder modules do not hold."""
    for kind in ("perks", "setbacks", "terrain"):
        for file, source, path in (
            (ROOT_FILE, game.global_data, f"globalData.all.{kind}"),
            (MODULE_INDEX, game.index, kind),
        ):
            items = as_entity_map(source.get(kind))
            if items:
                reporter.add(
                    "not_imported",
                    file,
                    path,
                    f"{len(items)} {kind}: forgebuilder modules have no {kind}; not imported",
                )
    if game.index.get("missions"):
        reporter.add("not_imported", MODULE_INDEX, "missions", "missions are not imported")
