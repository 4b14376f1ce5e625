"""A foreign roster formatted for its page, its printout and its share page: forces headed,
one card per unit (its profiles grouped by type as tables, its rules with their text, its
categories, costs, custom name and notes), totals against cost limits, the builder's errors.

Plain Python over the reader's dataclasses; it formats what the builder saved and checks
nothing of the game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from forgebuilder.lists.api import foreign, foreign_facts

#: Profile types shown first on a card: the unit's own characteristics before its weapons.
STAT_TYPES = ("unit", "model", "stats", "character", "warrior", "hero")


#: A profile with a value longer than this is text to read (an ability), not a stat line.
LONG_VALUE = 40


@dataclass(frozen=True)
class ProfileTable:
    type_name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # (profile name, a value per column)

    @property
    def described(self) -> bool:
        """Shown as named paragraphs rather than a table: some value is a sentence."""
        return any(len(value) > LONG_VALUE for _, values in self.rows for value in values)

    def paragraphs(self) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        """Each profile as (name, its non-empty (column, value) pairs)."""
        return tuple(
            (name, tuple((c, v) for c, v in zip(self.columns, values, strict=True) if v))
            for name, values in self.rows
        )


@dataclass(frozen=True)
class Card:
    key: str
    title: str
    name: str  # the entry's own name, shown under a custom name
    models: int
    costs: str
    categories: tuple[str, ...]
    notes: str
    chosen: tuple[str, ...]  # what was picked in the unit, "2× Bolt pistol"
    tables: tuple[ProfileTable, ...]
    rules: tuple[foreign.Rule, ...]


@dataclass(frozen=True)
class ForceView:
    title: str
    catalogue: str
    rules: tuple[foreign.Rule, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TotalView:
    name: str
    value: str
    limit: str | None
    over: bool


@dataclass(frozen=True)
class RosterView:
    name: str
    game: str
    builder: str
    errors: tuple[str, ...]
    totals: tuple[TotalView, ...]
    units: int
    models: int
    forces: tuple[ForceView, ...]
    notes: str

    def glossary(self) -> tuple[foreign.Rule, ...]:
        """Every rule the roster's forces and units name, once each, by name (the printout's
        cards name their rules and this says them once)."""
        found: dict[str, foreign.Rule] = {}
        for force in self.forces:
            for rule in (*force.rules, *(r for card in force.cards for r in card.rules)):
                found.setdefault(rule.name, rule)
        return tuple(sorted(found.values(), key=lambda rule: rule.name.lower()))


def costs_text(costs) -> str:
    shown = [c for c in costs if c.value]
    return ", ".join(f"{foreign_facts.number(c.value)} {c.name}" for c in shown)


def _tables(unit: foreign.Selection) -> tuple[ProfileTable, ...]:
    by_type: dict[str, dict[tuple, foreign.Profile]] = {}
    for selection in unit.walk():
        for profile in selection.profiles:
            seen = by_type.setdefault(profile.type_name, {})
            seen.setdefault((profile.name, profile.characteristics), profile)
    tables = []
    for type_name, profiles in by_type.items():
        columns = list(dict.fromkeys(n for p in profiles.values() for n, _ in p.characteristics))
        rows = tuple(
            (p.name, tuple(dict(p.characteristics).get(c, "") for c in columns))
            for p in profiles.values()
        )
        tables.append(ProfileTable(type_name, tuple(columns), rows))
    tables.sort(key=lambda t: t.type_name.strip().lower() not in STAT_TYPES)
    return tuple(tables)


def _rules(unit: foreign.Selection) -> tuple[foreign.Rule, ...]:
    found: dict[str, foreign.Rule] = {}
    for selection in unit.walk():
        for rule in selection.rules:
            found.setdefault(rule.name, rule)
    return tuple(found.values())


def _chosen(unit: foreign.Selection) -> tuple[str, ...]:
    picked: dict[str, int] = {}
    for selection in list(unit.walk())[1:]:
        label = selection.custom_name or selection.name
        picked[label] = picked.get(label, 0) + selection.number
    return tuple(f"{n}× {label}" if n != 1 else label for label, n in picked.items())


def card(unit: foreign.Selection, key: str) -> Card:
    return Card(
        key=key,
        title=unit.custom_name or unit.name,
        name=unit.name,
        models=foreign_facts.unit_models(unit),
        costs=costs_text(foreign_facts.unit_cost(unit)),
        categories=unit.categories,
        notes=unit.notes,
        chosen=_chosen(unit),
        tables=_tables(unit),
        rules=_rules(unit),
    )


def _totals(roster: foreign.ForeignRoster) -> tuple[TotalView, ...]:
    limits = {c.name: c.value for c in roster.cost_limits}
    costs = roster.costs or tuple(
        foreign.Cost(name, value) for name, value in roster.selection_totals().items()
    )
    return tuple(
        TotalView(
            c.name,
            foreign_facts.number(c.value),
            foreign_facts.number(limits[c.name]) if c.name in limits else None,
            c.name in limits and 0 < limits[c.name] < c.value,
        )
        for c in costs
    )


def roster_view(roster: foreign.ForeignRoster) -> RosterView:
    forces = []
    for f, force in enumerate(roster.all_forces()):
        cards = tuple(card(unit, f"u{f}-{u}") for u, unit in enumerate(force.units()))
        title = force.name or "Force"
        forces.append(ForceView(title, force.catalogue_name, force.rules, cards))
    return RosterView(
        name=roster.name or "Unnamed roster",
        game=roster.game_system_name or "an unnamed game",
        builder=roster.builder,
        errors=(*roster.builder_errors(), *roster.cost_mismatches()),
        totals=_totals(roster),
        units=len(roster.units()),
        models=foreign_facts.model_count(roster),
        forces=tuple(forces),
        notes=roster.notes,
    )
