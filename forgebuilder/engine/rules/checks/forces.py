"""Force organizations, strategy points and allied forces (Battle Forge)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from factions.gamedata.schemas import AllianceSpec
from forgebuilder.engine.rules.base import Check, SlotStatus, Total, Violation, plural
from forgebuilder.engine.rules.checks.strategies import (
    pre_game_cost,
    strategy_income,
    strategy_spent,
)
from forgebuilder.engine.rules.roster import Roster, RosterForce, RosterUnit


class StrategyPoints(Check):
    code = "strategy-points-overspent"
    description = (
        "Strategy points each round: the base plus one per full N points of the limit; every "
        "force organization costs its strategy points out of that income, which may not go "
        "below zero."
    )

    def totals(self, roster: Roster) -> Iterator[Total]:
        income = strategy_income(roster)
        spent = strategy_spent(roster)
        pre_game = pre_game_cost(roster)
        p = roster.params
        yield Total(
            "sp_income", "Strategy points per round", income,
            about=f"{p.strategy_points_base} + 1 per full {p.strategy_points_per} points of the "
            "points limit.",
        )  # fmt: skip
        yield Total(
            "sp_spent", "Strategy points spent on force organizations", spent,
            about="What the force organizations cost, out of each round's strategy points.",
        )  # fmt: skip
        yield Total(
            "sp_left", "Strategy points left", income - spent, detail=f"{income} − {spent}",
            about=f"Strategy points per round less those spent: {income} − {spent}.",
        )  # fmt: skip
        # pre-game strategies are paid from the first round's income (core rules)
        yield Total(
            "sp_round_one", "Strategy points in round 1", income - spent - pre_game,
            detail=f"{income - spent} − {pre_game} for pre-game strategies" if pre_game else "",
            about="What is left for the first round once pre-game strategies are paid.",
        )  # fmt: skip

    def check(self, roster: Roster) -> Iterator[Violation]:
        income = strategy_income(roster)
        spent = strategy_spent(roster)
        if spent > income:
            p = roster.params
            costly = [f.id for f in roster.forces if f.organization and f.organization.cost]
            yield self.error(
                f"The force organizations cost {spent} strategy points, but a "
                f"{roster.points_limit}-point list earns {income} per round "
                f"({p.strategy_points_base} + 1 per full {p.strategy_points_per} points).",
                hint=f"Drop force organizations worth {plural(spent - income, 'strategy point')}",
                or_raise="raise the points limit",
                forces=costly,
            )


class AdvantagePoints(Check):
    code = "advantage-points"
    description = "One advantage point for each full N points the list is under its limit."
    casual = True

    def totals(self, roster: Roster) -> Iterator[Total]:
        under = max(roster.points_limit - roster.points, 0)
        yield Total(
            "advantage", "Advantage points", under // roster.params.advantage_points_per,
            detail=f"{under} points under the limit",
            about=f"One point per full {roster.params.advantage_points_per} points under the "
            f"limit ({under} points under). The player with more wins ties on initiative and "
            "mission set-up rolls.",
        )  # fmt: skip


class ForceOrganizationRequired(Check):
    code = "no-force-organization"
    description = (
        "A list takes at least one force organization, and at least one of its own faction."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        if not roster.forces:
            yield self.error(
                "The list has no force organization; every unit must be placed in one.",
                hint="Add a force organization for your faction.",
                units=tuple(u.id for u in roster.units),
            )
        # Allies join an army; they are not the army: the list's own faction fields a force.
        if roster.forces and not any(not f.allied for f in roster.forces):
            name = roster.faction.name if roster.faction else roster.faction_key
            yield self.error(
                f"Every force organization of the list is allied; {name} fields none of its own. "
                "Allies join an army, they are not the army.",
                hint=f"Add a {name} force organization.",
                code="no-primary-force",
            )
        # A force that names no organization would hold units free of slots and costs.
        for force in roster.forces:
            if force.organization_key is None:
                name = force.faction.name if force.faction else force.faction_key
                yield self.error(
                    f"A {name} force names no force organization; every force of the list is "
                    "a force organization.",
                    hint="Choose its force organization.",
                    units=tuple(u.id for u in roster.units_in(force.id)),
                    forces=(force.id,),
                    code="force-without-organization",
                )


class UnitPlacement(Check):
    code = "unit-placement"
    description = "Every unit sits in exactly one force organization of its own faction."

    def check(self, roster: Roster) -> Iterator[Violation]:
        for unit in roster.units:
            force = roster.force(unit.force_id)
            if force is None:
                yield self.error(
                    f"{unit.name} is not in a force organization.",
                    hint="Move it into a force organization of its faction.",
                    units=(unit.id,),
                    code="unit-without-force",
                )
            elif force.faction_key != unit.faction_key:
                theirs = force.faction.name if force.faction else force.faction_key
                yield self.error(
                    f"{unit.name} is placed in a {theirs} force organization; units go in a force "
                    "organization of their own faction.",
                    hint="Move it to a force organization of its faction.",
                    units=(unit.id,),
                    code="unit-wrong-faction",
                )


class ForceOrganizationSlots(Check):
    code = "force-org-slots"
    description = "Each force organization holds between its minimum and maximum of each category."

    def slots(self, roster: Roster) -> Iterator[tuple[str, SlotStatus]]:
        catalog = roster.catalog
        for force in roster.forces:
            if force.organization is None:
                continue
            counts = Counter(u.category for u in roster.units_in(force.id) if u.datasheet)
            for category, slot in force.organization.slots.items():
                name = catalog.category_name(category)
                yield force.id, SlotStatus(category, name, counts[category], slot.min, slot.max)

    def check(self, roster: Roster) -> Iterator[Violation]:
        statuses: dict[str, list[SlotStatus]] = {}
        for force_id, status in self.slots(roster):
            statuses.setdefault(force_id, []).append(status)
        for force in roster.forces:
            if force.organization is None:
                continue
            units = roster.units_in(force.id)
            yield from self._foreign_categories(roster, force, units)
            for slot in statuses.get(force.id, ()):
                ids = tuple(u.id for u in units if u.category == slot.category)
                yield from self._slot_violations(force, slot, ids)

    def _foreign_categories(
        self, roster: Roster, force: RosterForce, units: list[RosterUnit]
    ) -> Iterator[Violation]:
        slots = force.organization.slots if force.organization else {}
        by_category = Counter(u.category for u in units if u.datasheet)
        for category, n in by_category.items():
            if category not in slots:
                yield self.error(
                    f"Force organization '{force.label}' takes no "
                    f"{roster.catalog.category_name(category)} units; you have {n}.",
                    hint="Move them to a force organization that offers the category.",
                    units=tuple(u.id for u in units if u.category == category),
                    forces=(force.id,),
                    code="force-org-category",
                )

    def _slot_violations(
        self, force: RosterForce, slot: SlotStatus, ids: tuple[str, ...]
    ) -> Iterator[Violation]:
        n, name, label = slot.count, slot.name, force.label
        if slot.max is not None and n > slot.max:
            yield self.error(
                f"Force organization '{label}' allows at most "
                f"{plural(slot.max, name + ' unit')}; you have {n}.",
                hint=f"Remove {n - slot.max} {name} unit{'s' * (n - slot.max != 1)} or "
                "move them to another force organization.",
                units=ids,
                forces=(force.id,),
                code="force-org-max",
            )
        elif n < slot.min:
            yield self.error(
                f"Force organization '{label}' needs at least "
                f"{plural(slot.min, name + ' unit')}; you have {n}.",
                hint=f"Add {slot.min - n} more {name} unit{'s' * (slot.min - n != 1)} "
                f"to '{label}'.",
                units=ids,
                forces=(force.id,),
                code="force-org-min",
            )


class Allies(Check):
    code = "allies"
    description = (
        "An allied faction comes in its own force organization and must share an alliance with "
        "the list's faction; Unaligned factions take no allies and are nobody's allies; "
        "Mercenaries ally with anyone."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        catalog = roster.catalog
        primary = catalog.alliance(roster.faction_key)
        primary_name = roster.faction.name if roster.faction else roster.faction_key
        for force in roster.forces:
            if not force.allied or force.faction is None:
                continue
            ally = catalog.alliance(force.faction_key)
            ids = tuple(u.id for u in roster.units_in(force.id))
            problem = ally_problem(primary, ally, primary_name, force.faction.name)
            if problem:
                message, code = problem
                yield self.error(
                    message,
                    hint=f"Remove the {force.faction.name} force organization.",
                    units=ids,
                    forces=(force.id,),
                    code=code,
                )


def ally_problem(
    primary: tuple[str, AllianceSpec] | None,
    ally: tuple[str, AllianceSpec] | None,
    primary_name: str,
    ally_name: str,
) -> tuple[str, str] | None:
    """Why `ally_name` may not ally with `primary_name`, or None when it may."""
    primary_kind = primary[1].kind if primary else "standard"
    ally_kind = ally[1].kind if ally else "standard"
    if primary_kind == "unaligned":
        return (
            f"{primary_name} is Unaligned and takes no allies; {ally_name} cannot join it.",
            "ally-unaligned",
        )
    if ally_kind == "unaligned":
        return (f"{ally_name} is Unaligned and allies with no one.", "ally-unaligned")
    if "mercenaries" in (primary_kind, ally_kind):
        return None
    if primary is None or ally is None or primary[0] != ally[0]:
        theirs = ally[1].name if ally else "no alliance"
        ours = primary[1].name if primary else "no alliance"
        return (
            f"{ally_name} ({theirs}) is not in the same alliance as {primary_name} ({ours}).",
            "ally-other-alliance",
        )
    return None
