"""The pieces a ruleset is made of: stat definitions, token definitions and the ruleset itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypedDict

from pydantic import BaseModel, ConfigDict, Field

StatFormat = Literal["plain", "inches", "plus", "signed", "under"]


class StatRange(TypedDict):
    """The bounds several stats of a ruleset share, passed to StatDef as `**range`."""

    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class StatDef:
    """One characteristic of a model or a weapon, as players read it on a datasheet."""

    key: str
    name: str
    abbr: str
    format: StatFormat = "plain"
    minimum: int | None = None
    maximum: int | None = None
    required: bool = True
    # "-" (no value) is allowed: models without a Save, weapons without AP.
    allows_none: bool = True
    # How players roll against it, printed in the roster's glossary ("roll ≤ MT on a D6").
    note: str = ""

    def display(self, value: int | None) -> str:
        """How a value prints on a card: `6"`, `4+`, `+1`, `-` for no value.

        A roll-under score ("under") prints as the number itself: a higher value is better.
        """
        if value is None:
            return "-"
        if self.format == "inches":
            return f'{value}"'
        if self.format == "plus":
            return f"{value}+"
        if self.format == "signed":
            return f"+{value}" if value > 0 else str(value)
        return str(value)

    def problem(self, value: object) -> str | None:
        """What is wrong with `value` for this stat, or None when it is fine."""
        if value is None:
            return None if self.allows_none else f"{self.name} needs a value"
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{self.name} must be a whole number or '-', not {value!r}"
        if self.minimum is not None and value < self.minimum:
            return f"{self.name} must be at least {self.minimum}, not {value}"
        if self.maximum is not None and value > self.maximum:
            return f"{self.name} must be at most {self.maximum}, not {value}"
        return None


@dataclass(frozen=True, slots=True)
class TokenDef:
    """A marker players put on the table to track game state; printed on token sheets."""

    key: str
    label: str
    # how many to print: fixed + per_unit x units in the list (+ per_point_block per full N points)
    fixed: int = 0
    per_unit: float = 0
    per_points: int | None = None
    color: str = "#444444"
    # Print as many as the list's report totals under this key (command points), not a formula.
    from_total: str | None = None
    # How the game tracker keeps it on a unit: "count" (several may stack: Shock), "flag" (on
    # or off: Focus); "" when it is not a unit's status (objectives, points, unit markers).
    on_unit: Literal["", "count", "flag"] = ""
    # Whether it comes off every unit when a new round starts (Activated, Fatigued).
    clears_each_round: bool = False

    def quantity(self, *, units: int, points_limit: int) -> int:
        count = self.fixed + int(self.per_unit * units + 0.999)
        if self.per_points:
            count += points_limit // self.per_points
        return count


class RulesetParameters(BaseModel):
    """List-building numbers a module may set; every ruleset extends this with its own."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    points_limit: int = 150


class CompositionLimits(RulesetParameters):
    """Army composition limits a module may set, each off when empty (see docs/rulesets.md).

    Every figure is taken from the list's points limit, in full blocks: with
    `heroes_per_points: 375` a 749-point list may field one hero, a 750-point list two.
    """

    # One hero (a unit with `composition_hero_rule`) per full N points of the limit.
    heroes_per_points: int | None = Field(None, ge=1)
    # Copies of one datasheet: 1 + 1 per full N points of the limit.
    copies_per_points: int | None = Field(None, ge=1)
    # The most one unit may cost, as a percentage of the limit (35: exactly 35% is allowed).
    unit_max_share: int | None = Field(None, ge=1, le=100)
    # One unit per full N points of the limit.
    units_per_points: int | None = Field(None, ge=1)
    composition_hero_rule: str = "hero"


@dataclass(frozen=True)
class Ruleset:
    """A rules system: how its datasheets read and which numbers its list building uses."""

    key: str
    name: str
    description: str
    model_stats: tuple[StatDef, ...]
    weapon_stats: tuple[StatDef, ...]
    parameters: type[RulesetParameters]
    tokens: tuple[TokenDef, ...] = ()
    # What the builder offers for lists of this ruleset.
    uses_force_organizations: bool = False
    uses_strategy_points: bool = False
    uses_legends: bool = False
    uses_focuses: bool = False
    uses_powers: bool = False
    uses_doctrines: bool = False
    # Whether the ruleset compares the armies of one match (army size gap, underdog points).
    match_check: bool = False
    unit_types: tuple[str, ...] = ()  # e.g. ("single", "team", "band")
    points_step: int = field(default=5)
    # The rounds a game lasts, as its rules say (the tracker then offers the result instead of
    # another round); None where the rules leave it to the players.
    game_rounds: int | None = None
    # The rules that give a model X wounds instead of one (Tough(X); Battle Forge's Wounds(X)).
    wound_rules: tuple[str, ...] = ("tough",)

    def model_stat(self, key: str) -> StatDef | None:
        return next((s for s in self.model_stats if s.key == key), None)

    def weapon_stat(self, key: str) -> StatDef | None:
        return next((s for s in self.weapon_stats if s.key == key), None)

    def default_parameters(self) -> RulesetParameters:
        return self.parameters()

    def stat_problems(self, stats: dict[str, object], *, kind: Literal["model", "weapon"]):
        """Yield (stat key, message) for each stat that does not fit this ruleset."""
        defs = self.model_stats if kind == "model" else self.weapon_stats
        known = {d.key: d for d in defs}
        for key, value in stats.items():
            stat = known.get(key)
            if stat is None:
                names = ", ".join(known) or "none"
                yield key, f"'{key}' is not a {kind} stat of {self.name} (known: {names})"
                continue
            problem = stat.problem(value)
            if problem:
                yield key, problem
        for stat in defs:
            if stat.required and stat.key not in stats:
                yield stat.key, f"missing {kind} stat '{stat.key}' ({stat.name})"
