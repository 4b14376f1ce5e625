"""What a game tracks, read once from the list when the game starts: the game's counters, the
pools a player spends, the statuses a unit can carry (the ruleset's tokens that sit on units)
and each unit's models, wounds and the rules to remember at each phase.

The sheet is plain JSON kept on the game, so a game goes on as it started when its list is
edited later; `tracker.py` reads it to check every change.
"""

from __future__ import annotations

import re

from forgebuilder.engine.api import (
    RosterUnit,
    added_loadout,
    chosen_card,
    force_groups,
    offered_strategies,
    unit_loadout,
)

ACTIVATED = {"key": "activated", "label": "Activated", "kind": "flag", "clears": True}
# When the tracker reminds a player of a rule: the words its text uses for that moment.
PHASES = (
    ("round", "Start of the round", re.compile(r"\b(start|beginning) of (each|the|every|a)\b.{0,12}round", re.I)),
    ("activation", "When it activates", re.compile(r"\bactivat(es|ed|ion|ing)\b", re.I)),
    ("morale", "Morale", re.compile(r"\b(morale|courage)\b", re.I)),
)  # fmt: skip
PHASE_TITLES = {key: title for key, title, _ in PHASES}
SHORT_TEXT = 160
HIT_POINTS = "hit_points"  # a model stat: wounds are allocated to the squad's hit points


def build_sheet(*, roster, report, underdog: int = 0) -> dict:
    """The sheet of a game played with this resolved and evaluated list."""
    ruleset = roster.catalog.ruleset
    statuses = [
        {"key": t.key, "label": t.label, "kind": t.on_unit, "color": t.color,
         "clears": t.clears_each_round}
        for t in ruleset.tokens if t.on_unit
    ]  # fmt: skip
    if not any(s["key"] == ACTIVATED["key"] for s in statuses):
        statuses.append(dict(ACTIVATED, color="#2e7d32"))
    return {
        "ruleset": ruleset.key,
        "ruleset_name": ruleset.name,
        "list_name": roster.document.name,
        "points": roster.points,
        "counters": _counters(ruleset, underdog),
        "pools": _pools(report),
        "spends": _spends(roster, report),
        "pre_game": _pre_game(roster),
        "statuses": statuses,
        "units": _units(roster, report),
        "last_round": ruleset.game_rounds,
    }


def _counters(ruleset, underdog: int) -> list[dict]:
    counters: list[dict[str, str | int]] = [
        {"key": "vp", "label": "Victory points", "short": "VP"},
        {"key": "objectives", "label": "Objectives held", "short": "Obj"},
    ]
    if ruleset.match_check:
        counters.append(
            {"key": "up", "label": "Underdog points", "short": "UP", "start": max(underdog, 0)}
        )
    return counters


def _pools(report) -> list[dict]:
    """Strategy points (a new pool each round; round 1 less the pre-game strategies) and
    command points (one pool for the whole game), as the list's report counts them."""
    pools = []
    each = report.total("sp_left")
    if each is not None:
        first = report.total("sp_round_one")
        # "gain": what abilities may add to a round's pool (one point a round, whatever the
        # abilities: Battle Forge's rules)
        pools.append({
            "key": "sp", "label": "Strategy points", "short": "SP",
            "first": first.value if first else each.value, "each": each.value, "gain": 1,
        })  # fmt: skip
    command = report.total("command_points")
    if command is not None:
        pools.append({
            "key": "cp", "label": "Command points", "short": "CP",
            "first": command.value, "each": None,
        })  # fmt: skip
    return pools


def _spends(roster, report) -> list[dict]:
    """What a player may spend points on during the game, with its cost: the strategies the
    forces offer (strategy points), or the stratagems of the list's doctrines (command points)."""
    if report.total("sp_left") is not None:
        return [
            {"name": s.spec.name, "cost": s.spec.cost, "pool": "sp"}
            for s in offered_strategies(roster)
            if not s.pre_game and s.spec.cost
        ]
    if report.total("command_points") is None:
        return []
    doctrines = roster.catalog.spec.doctrines
    played = {key for key, d in doctrines.items() if d.universal} | {roster.document.doctrine}
    return [
        {"name": spec.name, "cost": spec.cost, "pool": "cp"}
        for spec in roster.catalog.strategies(roster.faction_key).values()
        if spec.doctrine in played and spec.cost
    ]


def _pre_game(roster) -> list[str]:
    """The pre-game strategies the list paid from round 1's strategy points, by name."""
    offered = {s.key: s.spec.name for s in offered_strategies(roster) if s.pre_game}
    return [offered.get(s.strategy, s.strategy) for s in roster.document.pre_game_strategies]


def _units(roster, report) -> list[dict]:
    units = []
    for group in force_groups(roster, report):
        for number, unit in group.units:
            if not unit.active:
                continue
            card = chosen_card(roster, unit, report)
            models = max(unit.total_models, 1)
            units.append({
                "id": unit.id, "number": number, "name": unit.name, "models": models,
                **_wound_counter(roster, unit, models), "reminders": _reminders(card),
            })  # fmt: skip
    return units


def _wound_counter(roster, unit: RosterUnit, models: int) -> dict:
    """The unit's counter of damage beside its models lost: the squad's hit points where the
    ruleset's models have them (each one lost adds 1 to the squad's morale roll), else its
    wounds when a model takes more than one (Tough(X), Wounds(X)); none otherwise."""
    loadouts = [*unit_loadout(unit), *added_loadout(unit, roster.catalog)]
    if roster.catalog.ruleset.model_stat(HIT_POINTS) is not None:
        hit_points = sum(_whole(lo.model.stats.get(HIT_POINTS)) * lo.count for lo in loadouts)
        return {"wounds": max(hit_points, 1), "wounds_label": "Hit points lost", "morale": 1}
    wounds = _wounds(roster, loadouts)
    return {"wounds": wounds if wounds > models else None}


def _whole(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 1


def _wounds(roster, loadouts) -> int:
    """Every wound the unit can take: each model's Tough(X) or Wounds(X), else 1."""
    rules = {*roster.catalog.ruleset.wound_rules, getattr(roster.params, "tough_rule", "tough")}
    total = 0
    for loadout in loadouts:
        tough = max(
            (ref.x for ref, _ in loadout.rules if ref.id in rules and isinstance(ref.x, int)),
            default=1,
        )
        total += tough * loadout.count
    return total


def _reminders(card) -> dict[str, list[dict]]:
    """The unit's rules that act at each phase: {phase: [{"name", "text"}]}, in short text."""
    chips = [*card.rules, *(chip for row in card.models for chip in row.rules)]
    found: dict[str, list[dict]] = {}
    seen = set()
    for chip in chips:
        if chip.label in seen:
            continue
        for phase, _, pattern in PHASES:
            if pattern.search(chip.description):
                seen.add(chip.label)
                found.setdefault(phase, []).append(
                    {"name": chip.label, "text": _short(chip.short or chip.description)}
                )
    return found


def _short(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= SHORT_TEXT:
        return text
    cut = text[:SHORT_TEXT].rsplit(" ", 1)[0]
    return cut + "…"


def unit_cards(*, roster, report) -> dict[str, object]:
    """Each unit's card by its id, as the table view draws it."""
    return {unit.id: chosen_card(roster, unit, report) for unit in roster.units}
