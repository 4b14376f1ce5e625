"""Loading and layering Battle Forge game modules (BATTLEFORGE-FORMAT.md §2.1 to §2.4).

``load_game`` reads a module folder (``index.json`` plus the faction files it lists) and the
shared root ``index.json``, and builds for every listed faction the layered entity maps:

* ``rules``, ``weapons``, ``strategies``, ``perks``, ``setbacks``, ``powerCategories``:
  root ``globalData.all`` deep-merged with ``globalData[gameType]`` < module index < faction
  file, shallow override by id;
* ``units``, ``models``, ``powers``, ``relics``: module index < faction file.

Every entity remembers the file it came from (``BFFaction.origins``) so the linter can point
at it. ``unfinished_factions`` and ``hidden_*`` keys are skipped but recorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from forgebuilder.inputguard import MAX_MODULE_FILE_BYTES, JsonRefused, read_json

from .refs import as_entity_map
from .source import (
    DEFAULT_GAME_TYPE,
    LAYERED_KINDS,
    MODULE_INDEX,
    MODULE_KINDS,
    ROOT_FILE,
    BFFaction,
    BFGame,
    HiddenItem,
    LoadProblem,
    SourceFile,
    deep_merge,
)


def _read_json(path: Path, name: str, problems: list[LoadProblem]) -> dict[str, Any] | None:
    try:
        data = read_json(path.read_text(encoding="utf-8"), max_bytes=MAX_MODULE_FILE_BYTES)
    except FileNotFoundError:
        problems.append(LoadProblem(name, "file not found"))
        return None
    except (OSError, UnicodeDecodeError, JsonRefused) as exc:
        problems.append(LoadProblem(name, f"cannot read: {exc}"))
        return None
    if not isinstance(data, dict):
        problems.append(LoadProblem(name, "top level is not a JSON object"))
        return None
    return data


def _find_hidden(data: object, file: str, path: str, out: list[HiddenItem]) -> None:
    if isinstance(data, Mapping):
        for key, value in data.items():
            sub = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and key.startswith("hidden_"):
                size = len(value) if isinstance(value, Mapping | list) else 1
                out.append(HiddenItem(file, sub, size))
            else:
                _find_hidden(value, file, sub, out)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            _find_hidden(value, file, f"{path}[{index}]", out)


def _url_segments(url: object) -> list[str]:
    if not isinstance(url, str):
        return []
    return [part for part in url.split("://", 1)[-1].split("/") if part][1:]


def _url_segment(url: object) -> str | None:
    segments = _url_segments(url)
    return segments[-1] if segments else None


def _find_root_game(
    root: Mapping[str, Any], folder: str, index: Mapping[str, Any]
) -> tuple[str, dict[str, Any]] | None:
    games: list[tuple[str, Any]] = []
    for key in ("games", "unfinished_games"):
        games.extend(as_entity_map(root.get(key)).items())
    games = [(gid, game) for gid, game in games if isinstance(game, Mapping)]
    tests = (
        lambda gid, game: folder in _url_segments(game.get("url")),
        lambda gid, game: index.get("id") is not None and index.get("id") in (gid, game.get("id")),
        lambda gid, game: index.get("name") is not None and game.get("name") == index.get("name"),
    )
    for test in tests:
        for gid, game in games:
            if test(gid, game):
                return gid, dict(game)
    return None


def _layer(
    layers: list[tuple[str, object]],
) -> tuple[dict[str, Any], dict[str, str]]:
    entities: dict[str, Any] = {}
    origins: dict[str, str] = {}
    for file, value in layers:
        for entity_id, entity in as_entity_map(value).items():
            if not isinstance(entity, Mapping):
                continue  # e.g. ``rules.relics: []`` misplaced in a rules map (linted)
            entities[entity_id] = entity
            origins[entity_id] = file
    return entities, origins


def _build_faction(
    fid: str,
    entry: Mapping[str, Any],
    file_name: str | None,
    file_data: Mapping[str, Any] | None,
    index: Mapping[str, Any],
    global_data: Mapping[str, Any],
) -> BFFaction:
    merged: dict[str, Any] = {**entry, **(file_data or {})}
    entities: dict[str, dict[str, Any]] = {}
    origins: dict[str, dict[str, str]] = {}
    faction_layer = (file_name or MODULE_INDEX, (file_data or {}))
    for kind in LAYERED_KINDS + MODULE_KINDS:
        layers: list[tuple[str, object]] = []
        if kind in LAYERED_KINDS:
            layers.append((ROOT_FILE, global_data.get(kind)))
        layers.append((MODULE_INDEX, index.get(kind)))
        layers.append((faction_layer[0], faction_layer[1].get(kind)))
        entities[kind], origins[kind] = _layer(layers)
    subfactions = {
        **as_entity_map(index.get("subfactions")),
        **as_entity_map(merged.get("subfactions")),
    }
    name = merged.get("name")
    return BFFaction(
        id=fid,
        name=name if isinstance(name, str) else fid,
        file=file_name,
        entry=merged,
        entities=entities,
        origins=origins,
        subfactions=subfactions,
    )


def _global_data(root: dict[str, Any] | None, game_type: Any) -> dict[str, Any]:
    """The root index's global data for every game type, with this type's layered over it."""
    root_global = root.get("globalData") if root is not None else None
    if not isinstance(root_global, Mapping):
        return {}
    base = root_global.get("all")
    over = root_global.get(game_type)
    return deep_merge(
        base if isinstance(base, Mapping) else {},
        over if isinstance(over, Mapping) else {},
    )


def _faction_file(
    module_dir: Path,
    fid: str,
    entry: Mapping[str, Any],
    files: dict[str, SourceFile],
    problems: list[LoadProblem],
) -> tuple[str | None, Any]:
    """The file a faction's index entry points to (its name and data, None when it has none
    or it is broken: a problem names the faction), kept in `files` when read."""
    url = entry.get("url")
    file_name: str | None = url if isinstance(url, str) and url else None
    if file_name is None:
        return None, None
    if "://" in file_name:
        file_name = _url_segment(file_name)
    file_data = _read_json(module_dir / str(file_name), str(file_name), problems)
    if file_data is None:
        problems[-1] = LoadProblem(str(file_name), problems[-1].message, fid)
    else:
        files[str(file_name)] = SourceFile(str(file_name), module_dir / str(file_name), file_data)
    return file_name, file_data


def load_game(
    module_dir: Path,
    root_index: Path | None = None,
    game_type: str | None = None,
) -> BFGame:
    """Load a module folder and layer it over the root index.

    The module's game in the root ``games`` is found by a path segment of its ``url`` being
    the folder name (``…/wargame-engine/fantasy-realms/main/``), else by the module index
    ``id``, else by its ``name``. Its ``gameType`` is used unless ``game_type`` is given,
    defaulting to ``"battle"``. Missing or broken faction files are recorded in
    ``BFGame.problems``; only a missing or broken module ``index.json`` raises
    (``FileNotFoundError`` / ``ValueError``).
    """
    module_dir = Path(module_dir)
    problems: list[LoadProblem] = []
    index_path = module_dir / MODULE_INDEX
    index = _read_json(index_path, MODULE_INDEX, problems)
    if index is None:
        if not index_path.exists():
            raise FileNotFoundError(index_path)
        raise ValueError(f"{index_path}: {problems[-1].message}")
    files = {MODULE_INDEX: SourceFile(MODULE_INDEX, index_path, index)}
    root: dict[str, Any] | None = None
    if root_index is not None:
        root = _read_json(Path(root_index), ROOT_FILE, problems)
        if root is not None:
            files[ROOT_FILE] = SourceFile(ROOT_FILE, Path(root_index), root)
    game = _find_root_game(root, module_dir.name, index) if root else None
    resolved_type = game_type or (game[1].get("gameType") if game else None) or DEFAULT_GAME_TYPE
    global_data = _global_data(root, resolved_type)
    factions: dict[str, BFFaction] = {}
    for fid, entry in as_entity_map(index.get("factions")).items():
        if not isinstance(entry, Mapping):
            continue
        file_name, file_data = _faction_file(module_dir, fid, entry, files, problems)
        factions[fid] = _build_faction(fid, entry, file_name, file_data, index, global_data)
    hidden: list[HiddenItem] = []
    for source in files.values():
        _find_hidden(source.data, source.name, "", hidden)
    name = index.get("name")
    return BFGame(
        module_dir=module_dir,
        folder=module_dir.name,
        id=index.get("id") if isinstance(index.get("id"), str) else None,
        name=name if isinstance(name, str) else (game[1].get("name", "") if game else ""),
        game_id=game[0] if game else None,
        game_type=str(resolved_type),
        index=index,
        root=root,
        global_data=global_data,
        factions=factions,
        unfinished_factions={
            k: v for k, v in as_entity_map(index.get("unfinished_factions")).items()
        },
        files=files,
        hidden=hidden,
        problems=problems,
    )
