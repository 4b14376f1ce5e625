"""The post-mission sequence as pure functions: `(army, report, die) -> army`, like `edits.py`.

Each step reads the module's campaign tables (`CampaignSpec`) and a die passed in (seeded or
entered by hand, see `dice.py`), and returns the changed army with what happened, in players'
words, for the history. A step that cannot be applied raises StepError and changes nothing.
Levelling a unit up is its own module (levelling.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from factions.cards import choice_label
from factions.catalog import Catalog
from factions.gamedata.campaign_schema import CampaignSpec, RollTable
from forgebuilder.engine.api import ListDocument, ListUnit, UnitCampaign, plural
from forgebuilder.refusals import Refused

from .dice import Ask, Die
from .pricing import is_active, is_hero


class StepError(Refused, ValueError):
    """A campaign step that cannot be applied; the message says why and where."""

    code = "campaign-step-refused"


@dataclass(frozen=True)
class UnitOutcome:
    """One unit's part in a mission, as the battle report records it."""

    casualty: bool = False  # destroyed or routed
    killed_units: int = 0
    killed_heroes: int = 0
    killed_heroes_with_unit: int = 0


@dataclass(frozen=True)
class BattleReport:
    """One player's side of a mission."""

    won: bool
    objective: bool = False
    units: dict[str, UnitOutcome] = field(default_factory=dict)


@dataclass
class Step:
    """A step's result: the army and the lines the history keeps."""

    army: ListDocument
    events: list[str] = field(default_factory=list)


def state(unit: ListUnit) -> UnitCampaign:
    return unit.campaign or UnitCampaign()


def with_state(army: ListDocument, unit_id: str, **changes: Any) -> ListDocument:
    """`army` with `changes` to the campaign state of unit `unit_id`."""
    data = army.model_dump()
    for unit in data["units"]:
        if unit["id"] == unit_id:
            unit["campaign"] = {**(unit.get("campaign") or UnitCampaign().model_dump()), **changes}
    return ListDocument.model_validate(data)


def active_unit(army: ListDocument, unit_id: str, catalog: Catalog | None = None) -> ListUnit:
    """The unit `unit_id`, still in play; StepError when it is missing, dead or disbanded."""
    unit = army.unit(unit_id)
    if unit is None:
        raise StepError(f"The army has no unit '{unit_id}'.")
    if not is_active(unit.campaign):
        name = numbered(army, unit, catalog)
        raise StepError(f"{name} is {state(unit).status} and takes no part any more.")
    return unit


def label(unit: ListUnit, catalog: Catalog | None = None, army: ListDocument | None = None) -> str:
    """The unit's name: its own, else its datasheet's (when the catalogue is at hand)."""
    if unit.name.strip():
        return unit.name.strip()
    if catalog is not None and army is not None:
        sheet = catalog.datasheet(army.unit_faction(unit), unit.datasheet)
        if sheet is not None:
            return sheet.name
    return unit.datasheet.replace("_", " ").capitalize()


def numbered(army: ListDocument, unit: ListUnit, catalog: Catalog | None = None) -> str:
    """The unit's name, numbered in list order when another unit of the army has the same one
    ("Lightbearer Squad 2"), so the history says which of two identical squads it was."""
    name = label(unit, catalog, army)
    same = [u.id for u in army.units if label(u, catalog, army) == name]
    return f"{name} {same.index(unit.id) + 1}" if len(same) > 1 else name


def _effect(entry) -> str:
    """An injury's or talent's effect, with what it does to the unit's cost: "-1 to ..., -5 pts" (a minus sign)."""
    points = getattr(entry, "points", 0)
    cost = f", {points:+d} pts".replace("-", "−") if points else ""
    return f"{entry.effect.rstrip('.')}{cost}"


def unit_is_hero(army: ListDocument, catalog: Catalog, unit: ListUnit) -> bool:
    return is_hero(catalog.datasheet(army.unit_faction(unit), unit.datasheet))


def check_report(
    army: ListDocument, report: BattleReport, *, active: bool = True, catalog: Catalog | None = None
) -> None:
    """Every unit the report names is a unit of the army (an active one, unless told)."""
    for unit_id, outcome in report.units.items():
        unit = army.unit(unit_id)
        if unit is None:
            raise StepError(f"The report names unit '{unit_id}', which is not in this army.")
        if active and not is_active(unit.campaign):
            name = numbered(army, unit, catalog)
            raise StepError(f"The report names {name}, which is {state(unit).status}.")
        kills = (outcome.killed_units, outcome.killed_heroes, outcome.killed_heroes_with_unit)
        if any(n < 0 for n in kills):
            raise StepError(f"{numbered(army, unit, catalog)}: kills cannot be negative.")


def roll_on(
    table: RollTable, die: Die, gained: tuple[str, ...] = (), ask: Ask | None = None
) -> str:
    """An entry key of `table`, re-rolling what is already gained when the table says so."""
    for _ in range(100):
        key, entry = table.entry_for(die.roll(ask))
        if table.reroll_gained and key in gained and not entry.repeatable:
            continue
        return key
    raise StepError("Every result of the table is already gained; nothing is left to roll.")


def casualties(
    army: ListDocument, report: BattleReport, *, spec: CampaignSpec, catalog: Catalog, die: Die
) -> Step:
    """Roll for every destroyed or routed unit: dead, recovered, or a talent (heroes roll on)."""
    check_report(army, report, catalog=catalog)
    step = Step(army)
    for unit_id, outcome in report.units.items():
        if not outcome.casualty:
            continue
        unit = step.army.unit(unit_id)
        assert unit is not None
        now = state(unit)
        name = numbered(step.army, unit, catalog)
        key = roll_on(spec.casualties, die, ask=Ask(unit_id, "casualty", f"{name}'s casualty roll"))
        entry = spec.casualties.entries[key]
        hero = unit_is_hero(step.army, catalog, unit)
        if hero and entry.hero_table:
            table: RollTable = getattr(spec, entry.hero_table)
            gained = now.injuries if entry.hero_table == "injuries" else now.talents
            word = "injury" if entry.hero_table == "injuries" else "talent"
            sub_key = roll_on(table, die, gained, ask=Ask(unit_id, "hero", f"{name}'s {word} roll"))
            sub = table.entries[sub_key]
            if sub.dead:
                step.army = with_state(step.army, unit_id, status="dead")
                step.events.append(
                    f"{name}: dead (casualty roll {entry.name}, {word} roll {sub.name})"
                )
                continue
            step.army = with_state(
                step.army, unit_id, xp=now.xp + sub.xp, **{entry.hero_table: [*gained, sub_key]}
            )
            how = "injured" if word == "injury" else "talent"
            step.events.append(f"{name}: survived, {how}: {sub.name} ({_effect(sub)})")
            continue
        if entry.dead:
            step.army = with_state(step.army, unit_id, status="dead")
            step.events.append(f"{name}: dead")
            continue
        if entry.xp:
            step.army = with_state(step.army, unit_id, xp=now.xp + entry.xp)
        step.events.append(
            f"{name}: {entry.name.lower()}" + (f" (+{entry.xp} XP)" if entry.xp else "")
        )
    return step


def experience(
    army: ListDocument, report: BattleReport, *, spec: CampaignSpec, catalog: Catalog | None = None
) -> Step:
    """XP for surviving and for kills (units, heroes, a hero with its joined unit).

    Runs after `casualties`: a unit that died there gains nothing.
    """
    check_report(army, report, active=False, catalog=catalog)
    xp = spec.experience
    step = Step(army)
    for unit in army.units:
        if unit.campaign is not None and not is_active(unit.campaign):
            continue
        outcome = report.units.get(unit.id, UnitOutcome())
        gained = 0 if outcome.casualty else xp.survived
        gained += outcome.killed_units * xp.killed_unit
        gained += outcome.killed_heroes * xp.killed_hero
        gained += outcome.killed_heroes_with_unit * xp.killed_hero_and_unit
        if gained:
            current = step.army.unit(unit.id)
            assert current is not None
            step.army = with_state(step.army, unit.id, xp=state(current).xp + gained)
            step.events.append(f"{numbered(army, unit, catalog)}: +{gained} XP")
    return step


@dataclass(frozen=True)
class Reward:
    vp: int
    points: int


def reward(report: BattleReport, *, spec: CampaignSpec) -> Reward:
    """The winner's VP and points, the loser's points, and the special objective's points."""
    r = spec.rewards
    points = r.winner_points if report.won else r.loser_points
    if report.objective:
        points += spec.mission.objective_points
    return Reward(r.winner_vp if report.won else 0, points)


def sell_upgrade(
    army: ListDocument, unit_id: str, *, option: str, cost: int, spec: CampaignSpec,
    catalog: Catalog | None = None,
) -> tuple[ListDocument, int]:  # fmt: skip
    """Remove an upgrade the unit took; the bank gets its sale price (half, down to 5)."""
    unit = active_unit(army, unit_id, catalog)
    taken = [c for c in unit.options if c.option == option]
    if not taken:
        what = _option_label(army, unit, option, catalog)
        raise StepError(
            f"{numbered(army, unit, catalog)} has no {what} upgrade to sell "
            "(it may have been sold already: reload the page)."
        )
    data = army.model_dump()
    for item in data["units"]:
        if item["id"] == unit_id:
            item["options"] = [c for c in item["options"] if c["option"] != option]
    return ListDocument.model_validate(data), spec.sale_price(cost)


def upgrade_names(army: ListDocument, unit: ListUnit, option: str, catalog: Catalog | None) -> str:
    """What the unit took of `option`, as its card names each choice ("Boarding Torpedo",
    "2 Flare Pistols and Banner"); the option's label when the catalogue has not the choices."""
    sheet = catalog.datasheet(army.unit_faction(unit), unit.datasheet) if catalog else None
    found = sheet.option(option) if sheet else None
    if catalog is None or found is None:
        return _option_label(army, unit, option, catalog)
    spec, names = found[1], []
    for taken in unit.options:
        picked = next((c for c in spec.choices if c.id == taken.choice), None)
        if taken.option != option or picked is None:
            continue
        name = choice_label(catalog, army.unit_faction(unit), spec, picked)
        names.append(plural(taken.count, name) if taken.count > 1 else name)
    if not names:
        return _option_label(army, unit, option, catalog)
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def _option_label(army: ListDocument, unit: ListUnit, option: str, catalog: Catalog | None) -> str:
    """An option as its datasheet names it ("Arrival"), in quotes; its key when unknown."""
    sheet = catalog.datasheet(army.unit_faction(unit), unit.datasheet) if catalog else None
    found = sheet.option(option) if sheet else None
    return f"'{found[1].label}'" if found and found[1].label else f"'{option}'"


def recruit_check(
    army: ListDocument,
    unit: ListUnit,
    *,
    missions_played: int,
    spec: CampaignSpec,
    catalog: Catalog,
    veteran: bool = False,
) -> None:
    """A new hero: at most N per mission and M in the whole campaign (module numbers); a
    veteran recruit: a regular unit, at most K per mission."""
    hero = unit_is_hero(army, catalog, unit)
    if veteran:
        if hero:
            raise StepError(
                f"{label(unit, catalog, army)} is a hero: only regular units may be recruited as "
                "veterans."
            )
        veterans = [
            u
            for u in army.units
            if u.campaign is not None
            and u.campaign.veteran
            and u.campaign.recruited_after == missions_played
        ]
        most = spec.recruiting.veterans_per_mission
        if len(veterans) >= most:
            raise StepError(
                f"A veteran was already recruited after mission {missions_played}; at most "
                f"{most} per mission."
            )
    if not hero:
        return
    recruited = [
        u
        for u in army.units
        if u.campaign is not None
        and u.campaign.recruited_after > 0
        and unit_is_hero(army, catalog, u)
    ]
    this_mission = [u for u in recruited if state(u).recruited_after == missions_played]
    per, total = spec.recruiting.heroes_per_mission, spec.recruiting.heroes_total
    if len(this_mission) >= per:
        raise StepError(
            f"A hero was already recruited after mission {missions_played}; at most {per} per "
            "mission."
        )
    if len(recruited) >= total:
        raise StepError(
            f"{len(recruited)} heroes were recruited already; at most {total} in total."
        )


def recruited(
    unit: ListUnit, *, missions_played: int, veteran: bool, spec: CampaignSpec
) -> ListUnit:
    """The unit with its campaign state as a recruit (a veteran starts with XP)."""
    campaign = UnitCampaign(
        recruited_after=missions_played,
        veteran=veteran,
        xp=spec.costs.veteran_xp if veteran else 0,
    )
    return unit.model_copy(update={"campaign": campaign})
