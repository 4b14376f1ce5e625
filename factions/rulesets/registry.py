"""An explicit registry of rulesets, filled when the app starts; duplicates are refused."""

from __future__ import annotations

from collections.abc import Iterator

from .base import Ruleset


class RulesetRegistry:
    def __init__(self) -> None:
        self._rulesets: dict[str, Ruleset] = {}

    def register(self, ruleset: Ruleset) -> Ruleset:
        if ruleset.key in self._rulesets:
            raise ValueError(f"A ruleset is already registered under '{ruleset.key}'.")
        self._rulesets[ruleset.key] = ruleset
        return ruleset

    def get(self, key: str) -> Ruleset:
        try:
            return self._rulesets[key]
        except KeyError:
            known = ", ".join(sorted(self._rulesets)) or "none"
            raise LookupError(f"Unknown ruleset '{key}' (known: {known}).") from None

    def __contains__(self, key: object) -> bool:
        return key in self._rulesets

    def __iter__(self) -> Iterator[Ruleset]:
        return iter(self._rulesets.values())

    def choices(self) -> list[tuple[str, str]]:
        return [(r.key, r.name) for r in self._rulesets.values()]


registry = RulesetRegistry()
