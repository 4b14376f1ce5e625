"""Battle Forge strategies: those each force brings (its faction's, under its own focus), the
pre-game strategies a list spends its first round's income on, and the reminder that abilities
reach only the user's own faction when allies join the army."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from factions.gamedata.schemas import StrategySpec
from forgebuilder.engine.rules.base import Check, Reference, Violation
from forgebuilder.engine.rules.roster import Roster, available_under_focus


def strategy_income(roster: Roster) -> int:
    params = roster.params
    income: int = params.strategy_points_base + roster.points_limit // params.strategy_points_per
    return income


def strategy_spent(roster: Roster) -> int:
    """Strategy points the force organizations take from every round's income."""
    return sum(f.organization.cost for f in roster.forces if f.organization)


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

    def add(faction_key: str, focuses: Iterable[str | None], source: str) -> None:
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
            add(force.faction_key, {force.focus_key}, force.label_with_faction)
    return offered


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

    def notes(self, roster: Roster) -> Iterator[tuple[str, tuple[tuple[str, str], ...]]]:
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

    def notes(self, roster: Roster) -> Iterator[tuple[str, tuple[tuple[str, str], ...]]]:
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


@dataclass(frozen=True, slots=True)
class ChosenStrategy:
    """A pre-game strategy the list chose, resolved: `spec` is None when the module lacks it,
    `offered` None when no force of the list brings it."""

    key: str
    faction_key: str
    spec: StrategySpec | None
    offered: OfferedStrategy | None

    @property
    def cost(self) -> int:
        return self.spec.cost or 0 if self.spec else 0


def chosen_pre_game(roster: Roster) -> list[ChosenStrategy]:
    offered = {(s.faction_key, s.key): s for s in offered_strategies(roster)}
    chosen = []
    for item in roster.document.pre_game_strategies:
        faction = item.faction or roster.faction_key
        spec = roster.catalog.strategies(faction).get(item.strategy)
        found = offered.get((faction, item.strategy))
        if found is None and spec is not None:
            # a strategy the module gives every faction is offered under the first one's name
            found = next(
                (s for s in offered.values() if s.key == item.strategy and s.spec == spec), None
            )
        chosen.append(ChosenStrategy(item.strategy, faction, spec, found))
    return chosen


def pre_game_cost(roster: Roster) -> int:
    """Strategy points the chosen pre-game strategies take from the first round's income."""
    return sum(c.cost for c in chosen_pre_game(roster))


class PreGameStrategies(Check):
    """Battle Forge core rules, "Pre-game Strategies": paid from the first round's income."""

    code = "pre-game-strategies"
    description = (
        "A list may choose pre-game strategies its forces offer; they are paid from the first "
        "round's strategy points (after force organizations), which may not go below zero."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        chosen = chosen_pre_game(roster)
        for item in chosen:
            yield from self._refusal(roster, item)
        cost = sum(c.cost for c in chosen)
        income, spent = strategy_income(roster), strategy_spent(roster)
        left = max(income - spent, 0)
        if cost > left:
            yield self.error(
                f"The pre-game strategies cost {cost} strategy points, but round 1 has only "
                f"{left} to spend ({income} per round − {spent} for force organizations).",
                hint=f"Drop pre-game strategies worth {cost - left} strategy points.",
                code="pre-game-overspent",
            )

    def _refusal(self, roster: Roster, item: ChosenStrategy) -> Iterator[Violation]:
        if item.spec is None:
            yield self.error(
                f"The module has no strategy '{item.key}'.",
                hint="Remove it from the pre-game strategies.",
                code="unknown-strategy",
            )
        elif not is_pre_game(item.spec):
            yield self.error(
                f"{item.spec.name} is not a pre-game strategy.",
                hint="Remove it from the pre-game strategies; it is used during the game.",
                code="not-pre-game",
            )
        elif item.offered is None:
            name = roster.catalog.faction_name(item.faction_key)
            yield self.error(
                f"No force of this list offers {item.spec.name} (a strategy of {name}"
                + (", unlocked by a focus)." if item.spec.focuses else ")."),
                hint="Remove it, or add the force (and focus) that brings it.",
                code="pre-game-not-offered",
            )

    def notes(self, roster: Roster) -> Iterator[tuple[str, tuple[tuple[str, str], ...]]]:
        rows = tuple(
            (c.spec.name, " · ".join(p for p in (f"{c.cost} SP", _source(c)) if p))
            for c in chosen_pre_game(roster)
            if c.spec is not None
        )
        if rows:
            yield ("Pre-game strategies", rows)

    def references(self, roster: Roster) -> Iterator[tuple[str, tuple[Reference, ...]]]:
        rows = tuple(
            Reference(c.spec.name, c.spec.description, cost=f"{c.cost} SP", note=_source(c))
            for c in chosen_pre_game(roster)
            if c.spec is not None
        )
        if rows:
            yield ("Pre-game strategies", rows)


def _source(chosen: ChosenStrategy) -> str:
    if chosen.offered is not None and chosen.offered.source:
        return f"from {chosen.offered.source}"
    return ""
