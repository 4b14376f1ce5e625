"""A game tracked from a foreign roster (a roster of a game not hosted here, kept read-only):
its sheet from what the roster's builder saved, since no ruleset of ours knows the game.

Victory points and objectives, an Activated flag, and each unit's models lost; a unit's wounds
where its profiles have a column naming them (W, Wounds, Health...) and a model takes more than
one, else the plain model counter. Its cards are the roster's own (rosters/_card.html)."""

from __future__ import annotations

import re

from django.template.loader import render_to_string

from forgebuilder.lists.api import foreign, foreign_facts
from forgebuilder.rosters.api import KeptRoster, roster_from_json, roster_view

from .sheet import ACTIVATED

#: Characteristic names that count a model's wounds, compared without case, quotes or spaces.
WOUND_COLUMNS = ("w", "wound", "wounds", "health", "hp", "hitpoints")
RULESET = "foreign"
_NOT_LETTERS = re.compile(r"[^a-z]")


def _wounds_of(profiles) -> int | None:
    """A model's wounds from the first profile with a wounds column holding a whole number."""
    for profile in profiles:
        for name, value in profile.characteristics:
            if _NOT_LETTERS.sub("", name.lower()) in WOUND_COLUMNS:
                digits = value.strip().strip('"+')
                if digits.isascii() and digits.isdigit() and 0 < int(digits) < 1000:
                    return int(digits)
    return None


def unit_wounds(unit: foreign.Selection) -> int | None:
    """Every wound the unit can take, where its models take more than one each; else None."""
    models = [s for s in unit.walk() if s.type == "model"] if unit.type != "model" else [unit]
    inside = [m for m in models if m is not unit] or models
    if not inside:  # a unit naming no model: one model, its stats on the unit
        inside = [unit]
    total, counted = 0, 0
    for model in inside:
        each = _wounds_of(model.profiles) or _wounds_of(unit.profiles) or 1
        total += each * model.number
        counted += model.number
    return total if total > counted else None


def foreign_sheet(kept: KeptRoster) -> dict:
    """The sheet of a game played with a foreign roster (see the module's docstring)."""
    roster, view = kept.roster, roster_view(kept.roster)
    units: list[dict] = []
    for force, shown in zip(roster.all_forces(), view.forces, strict=True):
        for unit, card in zip(force.units(), shown.cards, strict=True):
            wounds = unit_wounds(unit)
            units.append({
                "id": card.key, "number": len(units) + 1, "name": card.title,
                "models": max(foreign_facts.unit_models(unit), 1), "wounds": wounds,
                "reminders": {},
            })  # fmt: skip
    return {
        "ruleset": RULESET,
        "ruleset_name": f"{view.game}, checked by {view.builder} only",
        "list_name": view.name,
        "points": foreign_facts.number(foreign_facts.points_total(roster)),
        "counters": [
            {"key": "vp", "label": "Victory points", "short": "VP"},
            {"key": "objectives", "label": "Objectives held", "short": "Obj"},
        ],
        "pools": [],
        "spends": [],
        "pre_game": [],
        "statuses": [dict(ACTIVATED, color="#2e7d32")],
        "units": units,
        "last_round": None,
    }


def foreign_cards(document: dict) -> dict[str, str]:
    """Each unit's card as drawn HTML, by the unit's id on the sheet."""
    view = roster_view(roster_from_json(document))
    return {
        card.key: render_to_string("rosters/_card.html", {"card": card})
        for force in view.forces
        for card in force.cards
    }
