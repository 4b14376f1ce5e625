"""A problem found in a game-module file: which file, where inside it, and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    path: str
    message: str
    line: int | None = None
    severity: str = "error"  # "error" stops a load; "warning" is reported and loading goes on

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        path = f" {self.path}:" if self.path else ""
        return f"{where}:{path} {self.message}"


class ModuleFileError(Exception):
    """Raised with every problem found; nothing has been written when it is raised."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def format_path(parts: tuple[object, ...] | list[object]) -> str:
    """`('factions', 'x', 'models', 0, 'stats')` -> `factions.x.models[0].stats`."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text
