"""What the Battle Forge linter (lint.py) and importer report: a ``Finding`` with its severity
(``"warning"`` for data the builder silently mis-handles, ``"info"`` for content skipped on
purpose) and a stable code from :data:`CODES`. lint.py exports these too."""

from __future__ import annotations

from dataclasses import dataclass

WARNING = "warning"
INFO = "info"


#: Every finding code with its severity and meaning.
CODES: dict[str, tuple[str, str]] = {
    "unknown_key": (WARNING, "a key no entity of this kind has (typo?); ignored by the builder"),
    "unknown_option_key": (WARNING, "an option key that is not a verb or modifier; ignored"),
    "verb_on_model": (INFO, "an option verb placed directly on a model; ignored"),
    "verb_ignored": (INFO, "a verb at a level where the builder ignores it"),
    "option_not_object": (WARNING, "an option written as an array instead of an object"),
    "option_without_alternatives": (WARNING, "a verb with nothing to choose from"),
    "entity_not_object": (WARNING, "an entry of an entity map that is not an object; skipped"),
    "category_not_string": (WARNING, "a unit category that is not a string; never addable"),
    "unknown_category": (WARNING, "a unit category the module does not define; never addable"),
    "category_not_offered": (WARNING, "a category no organisation offers; never addable"),
    "organization_unknown_category": (INFO, "an organisation slot for an undefined category"),
    "ref_without_id": (
        WARNING,
        "a reference without an id (an empty id, null, a number, an object without one); the "
        "entry is not imported",
    ),
    "dangling_weapon": (WARNING, "an unknown weapon id; shown as not found, costs 0"),
    "dangling_rule": (WARNING, "an unknown rule id; shown as not found, costs 0"),
    "dangling_model": (
        WARNING,
        "an unknown model id in replaceModel/addModel; priced as an empty model costing 5",
    ),
    "orphan_file": (WARNING, "a faction file in the folder that no index lists"),
    "unfinished_faction": (INFO, "an unfinished faction; never shown, skipped"),
    "hidden_content": (INFO, "hidden_* content, the authors' way to comment out; skipped"),
    "file_unreadable": (WARNING, "a listed faction file that is missing or not valid JSON"),
    "lint_crashed": (WARNING, "the linter itself failed; please report"),
}


@dataclass(frozen=True)
class Finding:
    """One linter finding."""

    severity: str
    code: str
    file: str
    path: str
    message: str


#: The codes (the linter's and the importer's) of what a player sees differ from what the
#: module's authors meant: a unit, faction, option or part of the game missing or never
#: addable, a price or a stat that is not the authors', a rule without its text, a limit not
#: applied. Every other finding is for the data's authors: data read as they meant once
#: cleaned up (a renamed key, a typo'd key ignored, content commented out), which a player
#: cannot act on. A player is told these first, apart (the import command's report).
FOR_PLAYERS: frozenset[str] = frozenset({
    "category_not_string", "unknown_category", "category_not_offered", "option_not_object",
    "unfinished_faction", "placeholder_rule", "placeholder_weapon", "placeholder_model",
    "stat_missing", "stat_invalid", "weapon_without_range", "replaced_not_carried",
    "option_value_unsupported", "price_not_computable", "template_options_dropped",
    "focus_unknown", "specialty_unknown", "legend_target", "unit_without_models",
    "points_invalid", "counts_invalid", "entity_invalid", "not_imported",
})  # fmt: skip


def for_players(findings: tuple[Finding, ...]) -> tuple[list[Finding], list[Finding]]:
    """The findings a player must know (FOR_PLAYERS), then those a data author may fix."""
    players = [f for f in findings if f.code in FOR_PLAYERS]
    return players, [f for f in findings if f.code not in FOR_PLAYERS]
