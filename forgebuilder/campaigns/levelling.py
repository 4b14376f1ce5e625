"""Levelling a unit up after a mission, a step of the post-mission sequence (steps.py): whether
it is ready, the skill or trait its dice give (or the choice they offer), and a hero's level.
Pure functions, as the other steps."""

from __future__ import annotations

from factions.catalog import Catalog
from factions.gamedata.campaign_schema import CampaignSpec
from forgebuilder.engine.api import ListDocument, ListUnit, UnitCampaign

from .dice import Die
from .pricing import is_active, level_progress
from .steps import (
    Step,
    StepError,
    active_unit,
    numbered,
    roll_on,
    state,
    unit_is_hero,
    with_state,
)


def can_level_up(unit: ListUnit, spec: CampaignSpec) -> bool:
    return is_active(unit.campaign) and level_progress(unit.campaign, spec).ready


def skill_pair(die: Die, spec: CampaignSpec) -> tuple[str, str]:
    """The two skill sets a hero may pick from."""
    return spec.skill_set_pairs.pair_for(die.roll())


def level_up(
    army: ListDocument,
    unit_id: str,
    *,
    spec: CampaignSpec,
    catalog: Catalog,
    die: Die,
    pick: str | None = None,
) -> Step:
    """One level: a regular unit rolls a trait; a hero rolls a skill trait of its current set.

    `pick` is the player's choice where the tables give one: the skill set of a rolled pair (a
    hero without a set, or whose set is complete), or any other trait after Fast Learner.
    """
    unit = active_unit(army, unit_id, catalog)
    name = numbered(army, unit, catalog)
    now = _ready_to_level(unit, spec, name)
    if unit_is_hero(army, catalog, unit):
        return _hero_level(army, unit, spec, die, pick, name)
    key = roll_on(spec.traits, die, now.traits)
    entry = spec.traits.entries[key]
    events = [f"{name}: level {now.level + 1}, rolled {entry.name}"]
    choice = ""
    if entry.any_other:
        options = dict(_other_traits(spec, now, key))
        if pick not in options:
            raise StepError(
                f"{entry.name}: pick another trait for {name}: {', '.join(options.values())}."
            )
        key, _, choice = pick.partition("/")
        events.append(f"{name}: picked {options[pick]}")
    elif entry.choices:
        if pick not in entry.choices:
            raise StepError(f"{entry.name}: choose {' or '.join(entry.choices)} for {name}.")
        choice = pick
        events.append(f"{name}: chose {pick}")
    chosen = {}
    if choice:
        chosen = {"choices": {**now.choices, key: [*now.choices.get(key, ()), choice]}}
    army = with_state(army, unit_id, level=now.level + 1, traits=[*now.traits, key], **chosen)
    return Step(army, events)


def _ready_to_level(unit: ListUnit, spec: CampaignSpec, name: str) -> UnitCampaign:
    """The unit's campaign state, or the StepError saying how much XP its next level needs."""
    now = state(unit)
    progress = level_progress(now, spec)
    if not progress.ready:
        per = spec.experience.per_level
        raise StepError(
            f"{name} needs {progress.need} XP for level {progress.next_level} ({per} per level); "
            f"it has {now.xp}."
        )
    return now


def _other_traits(spec: CampaignSpec, now: UnitCampaign, rolled: str) -> list[tuple[str, str]]:
    """What Fast Learner lets the player pick: (pick, name) of every other trait they may gain,
    a trait with choices once per choice ("specialist/melee": "Specialist: melee")."""
    out = []
    for k, e in spec.traits.entries.items():
        if k == rolled or e.any_other or (k in now.traits and not e.repeatable):
            continue
        out += [(f"{k}/{c}", f"{e.name}: {c}") for c in e.choices] or [(k, e.name)]
    return out


def _hero_level(
    army: ListDocument, unit: ListUnit, spec: CampaignSpec, die: Die, pick: str | None, name: str
) -> Step:
    now = state(unit)
    sets = list(now.skill_sets)
    events = [f"{name}: level {now.level + 1}"]
    current = sets[-1] if sets else None
    complete = current is not None and all(
        k in now.traits for k in spec.skill_sets[current].traits.entries
    )
    if current is None or complete:
        if len(sets) >= 2:
            raise StepError(f"{name} has gained every trait of its two skill sets.")
        pair = skill_pair(die, spec)
        choices = [k for k in pair if k not in sets]
        if pick not in choices:
            names = " or ".join(spec.skill_sets[k].name for k in choices)
            raise StepError(f"{name} rolled {names}: pick one of them.")
        sets.append(pick)
        current = pick
        events.append(f"{name}: chose the {spec.skill_sets[pick].name} skill set")
    table = spec.skill_sets[current].traits
    key = roll_on(table, die, now.traits)
    events.append(f"{name}: gained {table.entries[key].name} ({table.entries[key].effect})")
    army = with_state(
        army, unit.id, level=now.level + 1, skill_sets=sets, traits=[*now.traits, key]
    )
    return Step(army, events)


def level_up_choices(
    army: ListDocument, unit_id: str, *, spec: CampaignSpec, catalog: Catalog, die: Die
) -> list[tuple[str, str]]:
    """The (key, name) pairs the player picks from when the level-up's dice give a choice: the
    skill sets of a rolled pair, or every other trait after Fast Learner; [] when none. A unit
    without the XP is refused as `level_up` refuses it, before any die is rolled.

    Rolls `die` as `level_up` does, so the same seed (or entered dice) gives the same choice.
    """
    unit = active_unit(army, unit_id, catalog)
    now = _ready_to_level(unit, spec, numbered(army, unit, catalog))
    if unit_is_hero(army, catalog, unit):
        sets = list(now.skill_sets)
        current = sets[-1] if sets else None
        complete = current is not None and all(
            k in now.traits for k in spec.skill_sets[current].traits.entries
        )
        if (current is not None and not complete) or len(sets) >= 2:
            return []
        return [(k, spec.skill_sets[k].name) for k in skill_pair(die, spec) if k not in sets]
    key = roll_on(spec.traits, die, now.traits)
    entry = spec.traits.entries[key]
    if entry.any_other:
        return _other_traits(spec, now, key)
    return [(c, f"{entry.name}: {c}") for c in entry.choices]
