"""Battle Forge strategies: those each force brings (its faction's, under its own focus), the
pre-game strategies a list spends its first round's income on, and the reminder that abilities
reach only the user's own faction when allies join the army."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from factions.gamedata.schemas import StrategySpec

from ..base import Check, Reference
from ..roster import Roster, RosterForce, available_under_focus


@dataclass(frozen=True, slots=True)
class OfferedStrategy:
    """A strategy the list may use, with the faction whose force brings it."""

    key: str
    faction_key: str
    spec: StrategySpec
    # where it comes from, for strategies an allied force brings: "Allied Contingent (Mirewind)"
    source: str
    focus_only: bool

    @property
    def pre_game(self) -> bool:
        return is_pre_game(self.spec)

    def note(self) -> str:
        """Phase, "focus strategy" and the force it comes from, as the roster prints them."""
        parts = (
            (self.spec.phase or "").replace("_", " "),
            "focus strategy" if self.focus_only else "",
            f"from {self.source}" if self.source else "",
        )
        return " · ".join(part for part in parts if part)


def is_pre_game(strategy: StrategySpec) -> bool:
    """Whether a strategy is used before the game ("pre_game", "Pre-Game", "pregame")."""
    return re.sub(r"[^a-z]", "", (strategy.phase or "").lower()) == "pregame"


def offered_strategies(roster: Roster) -> list[OfferedStrategy]:
    """Every strategy the list's forces offer: the list's own faction's (open to the focus of any
    of its forces), then each allied force's faction's under that force's own focus, marked with
    the force. A strategy the module gives every faction is offered once."""
    offered: list[OfferedStrategy] = []
    seen: set[tuple[str, StrategySpec]] = set()

    def add(faction_key: str, focuses, source: str) -> None:
        for key, spec in roster.catalog.strategies(faction_key).items():
            if (key, spec) in seen:
                continue
            if not any(
                available_under_focus(spec.focuses, roster, f, faction_key) for f in focuses
            ):
                continue
            seen.add((key, spec))
            focus_only = bool(spec.focuses) and "none" not in spec.focuses
            offered.append(OfferedStrategy(key, faction_key, spec, source, focus_only))

    add(roster.faction_key, roster.focus_keys(roster.faction_key), "")
    for force in roster.forces:
        if force.allied:
            add(force.faction_key, {force.focus_key}, _force_label(force))
    return offered


def _force_label(force: RosterForce) -> str:
    faction = force.faction.name if force.faction else force.faction_key
    if force.organization is None:
        return faction
    return f"{force.organization.name} ({faction})"


def _cost(spec: StrategySpec) -> str:
    if spec.cost_note:
        return f"{spec.cost_note} SP"
    return f"{spec.cost} SP" if spec.cost is not None else ""


class ForceStrategies(Check):
    code = "strategies"
    description = (
        "Lists the strategies the list may use, with their phase, cost and text: its faction's, "
        "and those each allied force's faction and focus unlock, marked with that force."
    )
    casual = True

    def notes(self, roster: Roster):
        rows = tuple(
            (s.spec.name, " · ".join(p for p in (_cost(s.spec) or "-", s.note()) if p))
            for s in offered_strategies(roster)
        )
        if rows:
            yield ("Strategies", rows)

    def references(self, roster: Roster) -> Iterator[tuple[str, tuple[Reference, ...]]]:
        rows = tuple(
            Reference(s.spec.name, s.spec.description, cost=_cost(s.spec), note=s.note())
            for s in offered_strategies(roster)
        )
        if rows:
            yield ("Strategies", rows)


ALLIED_ABILITIES = (
    "An ability that targets friendly units targets only units of its user's own faction: "
    "allied units neither give such abilities to the army's units nor take them from them."
)


class AlliedAbilityTargets(Check):
    """With allies in the list, the roster reminds players once that abilities stay within a
    faction (Battle Forge core rules, "Ability Targets")."""

    code = "allied-ability-targets"
    description = "Abilities that target friendly units target only units of the user's faction."
    casual = True

    def _factions(self, roster: Roster) -> list[str]:
        names = [roster.faction.name if roster.faction else roster.faction_key]
        for force in roster.forces:
            name = force.faction.name if force.faction else force.faction_key
            if force.allied and name not in names:
                names.append(name)
        return names

    def notes(self, roster: Roster):
        names = self._factions(roster)
        if len(names) > 1:
            yield ("Allied forces", (("Ability targets", ALLIED_ABILITIES),))

    def references(self, roster: Roster) -> Iterator[tuple[str, tuple[Reference, ...]]]:
        names = self._factions(roster)
        if len(names) > 1:
            yield (
                "Allied forces",
                (Reference("Ability targets", ALLIED_ABILITIES, note=" · ".join(names)),),
            )
