"""A unit's campaign state in players' words, for its card (editor, share page, PDF roster).

Pure: reads the unit's `UnitCampaign`, the module's `CampaignSpec` and the unit's progress as the
engine's report carries it (measured once, by `pricing.level_progress` through the extension's
`unit_progress`); returns the card's extra lines as (heading, text), the shape `Card.extras`
holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from factions.gamedata.campaign_schema import CampaignEntry, CampaignSpec
from forgebuilder.engine.api import UnitCampaign, UnitProgress

STATUS_TEXT = {
    "dead": "Dead: out of the army, kept on the list for the record; it costs nothing and "
    "counts for nothing.",
    "disbanded": "Disbanded: out of the army, kept on the list for the record; it costs nothing "
    "and counts for nothing.",
}


def _points(entry: CampaignEntry) -> str:
    return f" ({entry.points:+d} pts)" if entry.points else ""


def _skill_trait(spec: CampaignSpec, key: str) -> CampaignEntry | None:
    for skill_set in spec.skill_sets.values():
        if key in skill_set.traits.entries:
            return skill_set.traits.entries[key]
    return None


def progress_text(state: UnitCampaign, progress: UnitProgress) -> str:
    """`Level 1 · 7 XP (3 more for level 2: 7/10)`."""
    text = f"Level {progress.level} · {progress.xp} XP"
    if state.status != "active":
        return text
    if progress.ready:
        return f"{text} (ready to level up to {progress.next_level})"
    return (
        f"{text} ({progress.missing} more for level {progress.next_level}: "
        f"{progress.xp}/{progress.need})"
    )


@dataclass(frozen=True)
class Gain:
    """One thing a campaign unit gained: a skill set, trait, injury or talent, in players' words."""

    kind: str  # "Skill set", "Trait", "Injury", "Talent"
    name: str  # with what the player chose with it: "Specialist (melee)"
    effect: str = ""
    points: str = ""  # " (+5 pts)" for injuries and talents that cost
    known: bool = True  # False: the module's tables lack it (the check reports it)


def gains(state: UnitCampaign, spec: CampaignSpec) -> list[Gain]:
    """What the unit gained, in order: skill sets, traits, injuries, talents. The one walk of
    the tables that the card lines and the army page both format."""
    out = []
    for key in state.skill_sets:
        skill_set = spec.skill_sets.get(key)
        out.append(Gain("Skill set", skill_set.name if skill_set else key))
    for key, chosen in traits_chosen(state):
        entry = spec.traits.entries.get(key) or _skill_trait(spec, key)
        name = (entry.name if entry else key) + chosen
        out.append(Gain("Trait", name, entry.effect if entry else "", known=entry is not None))
    for kind, table, keys in (
        ("Injury", spec.injuries, state.injuries),
        ("Talent", spec.talents, state.talents),
    ):
        for key in keys:
            found = table.entries.get(key)
            if found is None:
                out.append(Gain(kind, key, known=False))
            else:
                out.append(Gain(kind, found.name, found.effect, _points(found)))
    return out


def campaign_extras(
    state: UnitCampaign | None, spec: CampaignSpec | None, progress: UnitProgress | None
) -> list[tuple[str, str]]:
    """The card lines of a campaign unit: progress, then each skill set, trait, injury and talent
    with its effect; a dead or disbanded unit says so first. Nothing outside a campaign."""
    if state is None or spec is None or progress is None:
        return []
    lines: list[tuple[str, str]] = []
    if state.status in STATUS_TEXT:
        lines.append((state.status.capitalize(), STATUS_TEXT[state.status]))
    text = progress_text(state, progress)
    if state.veteran:
        text += " · recruited as a veteran"
    lines.append(("Campaign", text))
    for gain in gains(state, spec):
        if gain.kind == "Skill set":
            lines.append((gain.kind, gain.name))
        elif not gain.known:
            lines.append((f"{gain.kind}: {gain.name}", "not in the module's campaign tables"))
        else:
            lines.append((f"{gain.kind}: {gain.name}", gain.effect + gain.points))
    return lines


def traits_chosen(state: UnitCampaign) -> list[tuple[str, str]]:
    """Each trait with what the player chose with it, as a suffix: ("specialist", " (melee)")."""
    seen: dict[str, int] = {}
    out = []
    for key in state.traits:
        n = seen.get(key, 0)
        seen[key] = n + 1
        picks = state.choices.get(key, ())
        out.append((key, f" ({picks[n]})" if n < len(picks) else ""))
    return out
