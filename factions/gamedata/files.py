"""Reading module files: one YAML/JSON file, or a folder with `module.yaml` and `factions/*.yaml`.

YAML is read strictly (a key written twice is an error, not a silent overwrite) and the node tree is
kept so that a problem found later can be reported with its line number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from forgebuilder.inputguard import MAX_MODULE_FILE_BYTES, JsonRefused, read_json

from .problems import ModuleFileError, Problem, format_path

MODULE_FILE_NAMES = ("module.yaml", "module.yml", "module.json")
DATA_SUFFIXES = (".yaml", ".yml", ".json")


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses a mapping key written twice."""


class _FastStrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same on libyaml's parser (where PyYAML was built with it): about seven times faster.
    Its messages for a syntax error say less, so a file it refuses is read again with the
    pure-Python parser, whose message is the one reported."""


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: dict[Any, yaml.Node] = {}
    for key_node, _value in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"the key '{key}' is written twice in this mapping "
                f"(first on line {seen[key].start_mark.line + 1})",
                key_node.start_mark,
            )
        seen[key] = key_node
    return loader.construct_mapping(node, deep=True)


for _loader in (_StrictLoader, _FastStrictLoader):
    _loader.add_constructor(
        yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
        _construct_mapping,  # type: ignore[arg-type]
    )


@dataclass
class SourceFile:
    """One file of a module, with what it holds and where it sits in the module."""

    name: str
    data: Any
    node: yaml.Node | None = None
    # Where this file's data sits in the assembled module, e.g. ("factions", "storm_wardens").
    prefix: tuple[str, ...] = ()

    def line_of(self, parts: tuple[object, ...]) -> int | None:
        """The line of the key or item at `parts` (a path inside this file), if known.

        A key's line, not its value's: `captain:` rather than the first line of the mapping under
        it. A path that goes further than the file does (a missing key) gets the line of the last
        key or item that exists: the entry that misses something.
        """
        node = self.node
        if node is None:
            return None
        line = node.start_mark.line + 1
        for part in parts:
            if isinstance(node, yaml.MappingNode):
                match = next(((k, v) for k, v in node.value if k.value == str(part)), None)
                if match is None:
                    return line
                key, node = match
                line = key.start_mark.line + 1
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
                if part >= len(node.value):
                    return line
                node = node.value[part]
                line = node.start_mark.line + 1
            else:
                return line
        return line


@dataclass
class ModuleSource:
    """The files of one module, assembled into a single raw mapping for validation."""

    root: Path
    files: list[SourceFile] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    def file_for(self, parts: tuple[object, ...]) -> tuple[SourceFile, tuple[object, ...]]:
        """The file that holds the module path `parts`, and the path inside that file."""
        best = self.files[0]
        for source in self.files:
            n = len(source.prefix)
            if n > len(best.prefix) and tuple(parts[:n]) == source.prefix:
                best = source
        return best, tuple(parts[len(best.prefix) :])

    def problem(self, parts: tuple[object, ...], message: str, severity: str = "error") -> Problem:
        source, inner = self.file_for(parts)
        return Problem(source.name, format_path(parts), message, source.line_of(inner), severity)


def read_data_file(path: Path, display_name: str) -> SourceFile:
    """Parse one YAML or JSON file; raise ModuleFileError with the line of a syntax error."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ModuleFileError([Problem(display_name, "", f"cannot read the file: {exc}")]) from exc
    if path.suffix == ".json":
        try:
            return SourceFile(display_name, read_json(text, max_bytes=MAX_MODULE_FILE_BYTES))
        except JsonRefused as exc:
            message = exc.message
            if exc.line is not None:  # a syntax error: its line is given apart
                message = "invalid JSON: " + message.rpartition("): ")[2]
            problem = Problem(display_name, exc.path, message, exc.line)
            raise ModuleFileError([problem]) from exc
    try:
        node, data = _parse_yaml(text, _FastStrictLoader)
    except yaml.YAMLError:
        try:
            node, data = _parse_yaml(text, _StrictLoader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            reason = getattr(exc, "problem", None) or str(exc)
            line = mark.line + 1 if mark is not None else None
            problem = Problem(display_name, "", f"invalid YAML: {reason}", line)
            raise ModuleFileError([problem]) from exc
    return SourceFile(display_name, data, node)


def _parse_yaml(text: str, loader_class: type) -> tuple[yaml.Node | None, Any]:
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        return node, loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()


def read_module_source(path: Path) -> ModuleSource:
    """Read a module from a single file or from a folder (see docs/module-format.md)."""
    path = Path(path)
    if not path.exists():
        raise ModuleFileError([Problem(str(path), "", "no such file or folder")])
    if path.is_file():
        main = read_data_file(path, path.name)
        source = ModuleSource(path, [main])
        _require_mapping(main)
        source.data = dict(main.data)
        return source

    main_path = next((path / n for n in MODULE_FILE_NAMES if (path / n).is_file()), None)
    if main_path is None:
        names = ", ".join(MODULE_FILE_NAMES)
        raise ModuleFileError([Problem(str(path), "", f"a module folder needs one of: {names}")])
    main = read_data_file(main_path, main_path.name)
    _require_mapping(main)
    source = ModuleSource(path, [main], dict(main.data))
    inline = source.data.get("factions") or {}
    if not isinstance(inline, dict):
        # the schema reports it; faction files cannot be merged into it
        return source
    factions = dict(inline)
    defined_in = dict.fromkeys(factions, main.name)
    problems: list[Problem] = []
    faction_dir = path / "factions"
    faction_paths = sorted(
        p for p in faction_dir.glob("*") if p.suffix in DATA_SUFFIXES and p.is_file()
    )
    for faction_path in faction_paths:
        try:
            faction_file = _faction_file(faction_path, factions, defined_in)
        except ModuleFileError as exc:
            problems.extend(exc.problems)
            continue
        source.files.append(faction_file)
    if problems:
        raise ModuleFileError(problems)
    if factions:
        source.data["factions"] = factions
    return source


def _faction_file(
    faction_path: Path, factions: dict[str, object], defined_in: dict[str, str]
) -> SourceFile:
    """A faction's own file, merged into `factions` under its id; a faction defined twice
    (here and in the module file or another faction file) is a problem."""
    name = f"factions/{faction_path.name}"
    faction_file = read_data_file(faction_path, name)
    _require_mapping(faction_file)
    data = dict(faction_file.data)
    faction_id = str(data.pop("id", faction_path.stem))
    if faction_id in factions:
        has_id = "id" in faction_file.data
        raise ModuleFileError(
            [
                Problem(
                    name,
                    "id" if has_id else "",
                    f"faction '{faction_id}' is defined twice: here and in "
                    f"{defined_in[faction_id]}; give one of them another id",
                    faction_file.line_of(("id",)) if has_id else None,
                )
            ]
        )
    defined_in[faction_id] = name
    faction_file.prefix = ("factions", faction_id)
    faction_file.data = data
    factions[faction_id] = data
    return faction_file


def _require_mapping(source: SourceFile) -> None:
    if not isinstance(source.data, dict):
        kind = "empty" if source.data is None else type(source.data).__name__
        raise ModuleFileError(
            [Problem(source.name, "", f"the file must hold a mapping of keys, not {kind}")]
        )
