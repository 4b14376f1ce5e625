"""Allow-lists of the keys Battle Forge's data may carry, per entity (BATTLEFORGE-FORMAT.md §2.3
to §2.5). Keys the builder ignores but that are legitimately there (unit ``min``/``max``,
model ``wounds``, rule ``notes`` …) are allowed; anything else is reported by the linter."""

from __future__ import annotations

__all__ = [
    "ENTITY_KEYS",
    "MODEL_REF_VERBS",
    "OPTION_KEYS",
    "OPTION_VERBS",
    "RULE_REF_KEYS",
    "RULE_REF_VERBS",
    "WEAPON_REF_KEYS",
    "WEAPON_REF_VERBS",
]

#: Option verbs (each becomes an option group) and their companion value keys.
OPTION_VERBS: frozenset[str] = frozenset(
    {
        "replaceModel",
        "replaceWeapon",
        "withWeapon",
        "replaceRule",
        "withRule",
        "addWeapon",
        "addRule",
        "removeRule",
        "addModel",
    }
)
OPTION_KEYS: frozenset[str] = OPTION_VERBS | {"modelLimit", "limit", "count", "subfactions"}
WEAPON_REF_VERBS: tuple[str, ...] = ("replaceWeapon", "withWeapon", "addWeapon")
RULE_REF_VERBS: tuple[str, ...] = ("replaceRule", "withRule", "addRule", "removeRule")
MODEL_REF_VERBS: tuple[str, ...] = ("replaceModel", "addModel")

WEAPON_REF_KEYS: frozenset[str] = frozenset({"id", "count", "mount", "name", "x"})
RULE_REF_KEYS: frozenset[str] = frozenset({"id", "x", "name"})

_PRESENTATION = {
    "author",
    "color",
    "secondary_color",
    "description",
    "background",
    "strengths",
    "weaknesses",
    "buyLinks",
    "alliance",
    "notes",
    "lore",
    "version",
    "image",
    "reportUrl",
}

#: Allowed keys per entity kind. ``hidden_*`` keys are handled separately (skipped content).
ENTITY_KEYS: dict[str, frozenset[str]] = {
    "faction_file": frozenset(
        {
            "id",
            "name",
            "units",
            "weapons",
            "rules",
            "relics",
            "strategies",
            "powers",
            "powerCategories",
            "models",
            "subfactions",
        }
        | _PRESENTATION
    ),
    "module_index": frozenset(
        {
            "id",
            "name",
            "version",
            "author",
            "reportUrl",
            "factions",
            "unfinished_factions",
            "alliances",
            "categories",
            "organizations",
            "relics",
            "powerCategories",
            "powers",
            "weapons",
            "rules",
            "strategies",
            "units",
            "models",
            "subfactions",
            "phases",
            "perks",
            "setbacks",
            "missions",
        }
    ),
    "index_faction": frozenset(
        {
            "id",
            "name",
            "url",
            "color",
            "secondary_color",
            "alliance",
            "description",
            "version",
            "subfactions",
            "image",
        }
    ),
    "unit": frozenset(
        {
            "name",
            "description",
            "category",
            "keywords",
            "subfactions",
            "rules",
            "models",
            "options",
            "min",
            "max",
            "background",
        }
    ),
    "model": frozenset(
        {
            "name",
            "description",
            "movement",
            "shoot",
            "fight",
            "defense",
            "reflexes",
            "courage",
            "min",
            "max",
            "weapons",
            "rules",
            "options",
            "wounds",
            "agility",
            "keywords",
            "notes",
        }
    ),
    "weapon": frozenset(
        {
            "name",
            "description",
            "short",
            "medium",
            "long",
            "attacks",
            "ap",
            "damage",
            "rules",
            "profiles",
            "notes",
        }
    ),
    "profile": frozenset({"name", "short", "medium", "long", "attacks", "ap", "damage", "rules"}),
    "rule": frozenset(
        {
            "name",
            "description",
            "description_short",
            "inputs",
            "points",
            "hidden",
            "notes",
            "pointNotes",
            "flavor",
            "effects",
        }
    ),
    "relic": frozenset(
        {"name", "points", "description", "flavor", "rule", "weapon", "type", "subfactions", "cost"}
    ),
    "power": frozenset(
        {"name", "description", "charge", "category", "subfactions", "school", "effects"}
    ),
    "strategy": frozenset({"name", "phase", "cost", "description", "flavor", "subfactions"}),
    "subfaction": frozenset(
        {"id", "name", "description", "color", "restricted", "background", "phase"}
    ),
    "perk": frozenset({"name", "description", "level", "points"}),
    "setback": frozenset({"name", "description", "points"}),
    "powerCategory": frozenset({"name", "description", "subfactions"}),
    "organization": frozenset({"name", "cost", "description", "categories"}),
}
