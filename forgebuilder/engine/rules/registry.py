"""Which checks each ruleset runs. Filled when the app starts (see systems/)."""

from __future__ import annotations

from collections.abc import Sequence

from forgebuilder.engine.rules.base import Check


class CheckRegistry:
    def __init__(self) -> None:
        self._checks: dict[str, tuple[Check, ...]] = {}

    def register(self, ruleset_key: str, checks: Sequence[Check]) -> None:
        if ruleset_key in self._checks:
            raise ValueError(f"Checks are already registered for ruleset '{ruleset_key}'.")
        codes = [c.code for c in checks]
        if len(set(codes)) != len(codes):
            raise ValueError(f"Two checks of '{ruleset_key}' share a code.")
        self._checks[ruleset_key] = tuple(checks)

    def for_ruleset(self, ruleset_key: str) -> tuple[Check, ...]:
        try:
            return self._checks[ruleset_key]
        except KeyError:
            raise LookupError(f"No checks are registered for ruleset '{ruleset_key}'.") from None

    def __contains__(self, ruleset_key: object) -> bool:
        return ruleset_key in self._checks


checks = CheckRegistry()
