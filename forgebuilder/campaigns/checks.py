"""Campaign state of units (Grimdark campaign rules): its price and its checks.

The numbers and tables come from the module's `campaign` section (`CampaignSpec`); a module
without one has no campaign, and these checks say nothing. A dead or disbanded unit stays in the
list for its history but costs nothing and is left out of the campaign checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from factions.gamedata.campaign_schema import CampaignSpec
from forgebuilder.engine.api import Check, Roster, Total, Violation

from .pricing import campaign_points, is_active, is_hero, level_for


def known_skill_traits(spec: CampaignSpec) -> set[str]:
    return {key for s in spec.skill_sets.values() for key in s.traits.entries}


@dataclass
class _Recruits:
    """What the army recruited during the campaign, gathered unit by unit."""

    heroes_per_mission: Counter[int] = field(default_factory=Counter)
    heroes: list[str] = field(default_factory=list)
    veterans: dict[int, list[str]] = field(default_factory=dict)


def _document_units(roster: Roster):
    for unit in roster.document.units:
        if unit.campaign is not None and is_active(unit.campaign):
            yield unit


class CampaignState(Check):
    code = "campaign"
    codes = (
        "campaign-unknown",
        "campaign-trait-twice",
        "campaign-level",
        "campaign-hero-recruits",
        "campaign-skill-sets",
        "campaign-veterans",
        "campaign-hero-only",
        "campaign-joined",
    )
    description = (
        "Campaign units: known traits, injuries and talents; no trait twice (unless the table "
        "allows it); a level only for every full step of XP and one trait per level; skill sets, "
        "injuries and talents only on heroes, a second skill set once the first is complete; "
        "hero and veteran recruit limits; a hero joins a regular unit of the army."
    )
    casual = True

    def check(self, roster: Roster) -> Iterator[Violation]:
        spec = roster.catalog.spec.campaign
        if spec is None:
            return
        recruits = _Recruits()
        for unit in _document_units(roster):
            state = unit.campaign
            assert state is not None
            name = self._name(roster, unit.id)
            sheet = roster.unit(unit.id).datasheet if roster.unit(unit.id) else None
            hero = is_hero(sheet)
            yield from self._unknown(spec, name, unit.id, state)
            yield from self._twice(spec, name, unit.id, state)
            yield from self._levels(spec, name, unit.id, state)
            yield from self._hero_state(spec, name, unit.id, state, hero)
            yield from self._joined(roster, name, unit.id, state, hero)
            yield from self._recruited(recruits, name, unit.id, state, hero)
        yield from self._recruiting(spec, recruits)

    def _unknown(self, spec: CampaignSpec, name: str, unit_id: str, state) -> Iterator[Violation]:
        """Traits, injuries, talents and skill sets the module's tables do not have."""
        tables = {
            "trait": (set(spec.traits.entries) | known_skill_traits(spec), "traits"),
            "injury": (set(spec.injuries.entries), "injuries"),
            "talent": (set(spec.talents.entries), "talents"),
            "skill set": (set(spec.skill_sets), "skill_sets"),
        }
        for label, (known, attr) in tables.items():
            for key in getattr(state, attr):
                if key not in known:
                    yield self.error(
                        f"{name}: the module's campaign has no {label} '{key}'.",
                        hint=f"Remove it, or pick one of: {', '.join(sorted(known))}.",
                        units=(unit_id,),
                        code="campaign-unknown",
                    )

    def _twice(self, spec: CampaignSpec, name: str, unit_id: str, state) -> Iterator[Violation]:
        """A trait (unless repeatable) or a re-rolled talent gained twice."""
        for key, n in Counter(state.traits).items():
            entry = spec.traits.entries.get(key)
            if n > 1 and not (entry and entry.repeatable):
                yield self.error(
                    f"{name} has the trait {entry.name if entry else key} {n} times; a trait is "
                    "gained only once.",
                    hint="Re-roll a trait the unit already has.",
                    units=(unit_id,),
                    code="campaign-trait-twice",
                )
        for key, n in Counter(state.talents).items():
            if n > 1 and spec.talents.reroll_gained:
                talent = spec.talents.entries[key].name if key in spec.talents.entries else key
                yield self.error(
                    f"{name} has the talent {talent} {n} times; a talent is gained only once.",
                    hint="Re-roll a talent the hero already has.",
                    units=(unit_id,),
                    code="campaign-trait-twice",
                )

    def _levels(self, spec: CampaignSpec, name: str, unit_id: str, state) -> Iterator[Violation]:
        """A level for every full step of XP, one trait per level, at most two skill sets."""
        allowed = level_for(state.xp, spec)
        if state.level > allowed:
            yield self.error(
                f"{name} is level {state.level} with {state.xp} XP; each level needs "
                f"{spec.experience.per_level} XP (at most level {allowed}).",
                hint="Lower the level or record the missing experience.",
                units=(unit_id,),
                code="campaign-level",
            )
        if len(state.traits) > state.level:
            yield self.error(
                f"{name} has {len(state.traits)} traits at level {state.level}; each level "
                "brings one trait.",
                hint="Remove the traits no level-up gave.",
                units=(unit_id,),
                code="campaign-level",
            )
        if len(state.skill_sets) > 2:
            yield self.error(
                f"{name} has {len(state.skill_sets)} skill sets; a hero has at most two.",
                units=(unit_id,),
                code="campaign-skill-sets",
            )

    def _recruited(self, recruits: _Recruits, name: str, unit_id: str, state, hero: bool):
        """Count the unit's recruiting; a veteran recruit is never a hero."""
        if hero and state.recruited_after > 0:
            recruits.heroes_per_mission[state.recruited_after] += 1
            recruits.heroes.append(unit_id)
        if state.veteran:
            if hero:
                yield self.error(
                    f"{name} is a hero recruited as a veteran; only regular units may be.",
                    hint="Recruit the hero without experience.",
                    units=(unit_id,),
                    code="campaign-veterans",
                )
            recruits.veterans.setdefault(state.recruited_after, []).append(unit_id)

    def _recruiting(self, spec: CampaignSpec, recruits: _Recruits) -> Iterator[Violation]:
        """Heroes per mission and in all, veterans per mission."""
        per_mission = spec.recruiting.heroes_per_mission
        heroes = tuple(recruits.heroes)
        for mission, n in sorted(recruits.heroes_per_mission.items()):
            if n > per_mission:
                yield self.error(
                    f"{n} heroes were recruited after mission {mission}; at most {per_mission} "
                    "may join per mission.",
                    hint="Recruit the others after a later mission.",
                    units=heroes,
                    code="campaign-hero-recruits",
                )
        most = spec.recruiting.veterans_per_mission
        for mission, ids in sorted(recruits.veterans.items()):
            if len(ids) > most:
                yield self.error(
                    f"{len(ids)} veterans were recruited after mission {mission}; at most {most} "
                    "recruit per mission may start with experience.",
                    hint="Recruit the others without experience.",
                    units=tuple(ids),
                    code="campaign-veterans",
                )
        if len(heroes) > spec.recruiting.heroes_total:
            yield self.error(
                f"{len(heroes)} heroes were recruited during the campaign; at most "
                f"{spec.recruiting.heroes_total} may be.",
                units=heroes,
                code="campaign-hero-recruits",
            )

    def _hero_state(self, spec: CampaignSpec, name: str, unit_id: str, state, hero: bool):
        """Skill sets, skill traits, injuries and talents are a hero's; level-up traits a regular
        unit's. A hero's skill traits come from its sets, the second set once the first is
        complete."""
        skill_traits = known_skill_traits(spec)
        if not hero:
            gained = [*state.skill_sets, *state.injuries, *state.talents]
            gained += [
                k for k in state.traits if k in skill_traits and k not in spec.traits.entries
            ]
            if gained:
                yield self.error(
                    f"{name} is not a hero, so it has no skill sets, skill traits, injuries or "
                    f"talents ({', '.join(gained)}).",
                    units=(unit_id,),
                    code="campaign-hero-only",
                )
            return
        regular = [k for k in state.traits if k in spec.traits.entries and k not in skill_traits]
        if regular:
            yield self.error(
                f"{name} is a hero: it gains skill traits, not the traits of regular units "
                f"({', '.join(regular)}).",
                units=(unit_id,),
                code="campaign-hero-only",
            )
        sets = [k for k in state.skill_sets if k in spec.skill_sets]
        outside = [k for k in state.traits if spec.skill_set_of(k) not in (None, *sets)]
        if outside:
            yield self.error(
                f"{name} has skill traits of a skill set it did not choose ({', '.join(outside)}).",
                units=(unit_id,),
                code="campaign-skill-sets",
            )
        if len(sets) >= 2:
            first = spec.skill_sets[sets[0]]
            missing = [e.name for k, e in first.traits.entries.items() if k not in state.traits]
            if missing:
                yield self.error(
                    f"{name} has a second skill set before completing {first.name} (missing "
                    f"{', '.join(missing)}).",
                    hint="A hero rolls for a second set only once every trait of the first is "
                    "gained.",
                    units=(unit_id,),
                    code="campaign-skill-sets",
                )

    def _joined(self, roster: Roster, name: str, unit_id: str, state, hero: bool):
        if state.joined is None:
            return
        target = roster.document.unit(state.joined)
        problem = None
        if not hero:
            problem = f"{name} is not a hero, so it joins no unit."
        elif target is None or state.joined == unit_id:
            problem = f"{name} has joined '{state.joined}', which is not another unit of the army."
        elif not is_active(target.campaign):
            problem = f"{name} has joined a unit that is {target.campaign.status}."
        elif is_hero(roster.unit(target.id).datasheet if roster.unit(target.id) else None):
            problem = f"{name} has joined another hero; a hero joins a regular unit."
        if problem:
            yield self.error(problem, units=(unit_id,), code="campaign-joined")

    def facts(self, roster: Roster) -> Iterator[tuple[str, str]]:
        spec = roster.catalog.spec.campaign
        if spec is None:
            return
        for unit in roster.document.units:
            state = unit.campaign
            if state is None:
                continue
            if not is_active(state):
                yield unit.id, f"{state.status.capitalize()}: kept for the record, costs nothing"
                continue
            extra = campaign_points(state, spec)
            if extra:
                yield unit.id, f"Campaign: {extra:+d} pts"

    def totals(self, roster: Roster) -> Iterator[Total]:
        spec = roster.catalog.spec.campaign
        if spec is None or not any(u.campaign for u in roster.document.units):
            return
        value = sum(
            campaign_points(u.campaign, spec)
            for u in roster.document.units
            if is_active(u.campaign)
        )
        yield Total("campaign_points", "Campaign experience", value, detail="included in points")

    @staticmethod
    def _name(roster: Roster, unit_id: str) -> str:
        unit = roster.unit(unit_id)
        return unit.name if unit else unit_id
