"""The token sheet of a foreign roster: one token per model, named, grouped by unit. Plain
Python over the reader's dataclasses."""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.lists.api import foreign

#: A token's name is cut to this many characters (it must fit a 25 mm circle).
NAME_LIMIT = 28


@dataclass(frozen=True)
class TokenGroup:
    unit: str
    names: tuple[str, ...]  # one per model


def _short(name: str) -> str:
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


def unit_tokens(unit: foreign.Selection) -> tuple[str, ...]:
    """A token per model of `unit` (as `foreign_facts.unit_models` counts them), each named
    after its model, or after the unit where it names no model."""
    if unit.type == "model":
        return (_short(unit.custom_name or unit.name),) * unit.number
    models = [s for s in unit.walk() if s.type == "model" and s is not unit]
    if not models:
        return (_short(unit.custom_name or unit.name),) * unit.number
    return tuple(_short(m.custom_name or m.name) for m in models for _ in range(m.number))


def token_groups(roster: foreign.ForeignRoster) -> tuple[TokenGroup, ...]:
    return tuple(
        TokenGroup(unit.custom_name or unit.name, unit_tokens(unit)) for unit in roster.units()
    )
