"""A unit's card in plain words, for the exports that are text (the full text, Tabletop
Simulator's descriptions): a model's stat line and the weapons a model type carries, read from
the card the roster prints (`chosen_card`), so every export says what the PDF says."""

from __future__ import annotations

from factions.cards import Card, ModelRow


def stat_line(card: Card, row: ModelRow) -> str:
    """`Mov 5" · Acc 4 · …`: the model's stats by their abbreviations."""
    return " · ".join(
        f"{abbr} {value}" for (abbr, _), value in zip(card.stat_headers, row.stats, strict=False)
    )


def weapon_lines(card: Card, model_name: str | None = None) -> list[str]:
    """Each weapon with its range, stats and rules; only those `model_name` carries, if given
    (a weapon carried by another model type of the unit is left to that one)."""
    lines = []
    for weapon in card.weapons:
        if model_name is not None and weapon.carried_by and model_name not in weapon.carried_by:
            continue
        stats = [
            f"{abbr} {v}" for (abbr, _), v in zip(card.weapon_headers, weapon.stats, strict=False)
        ]
        details = [weapon.range] if weapon.range else []
        details += stats + [chip.label for chip in weapon.rules]
        who = f" ({weapon.carried_by})" if weapon.carried_by else ""
        lines.append(f"{weapon.name}{who}: {', '.join(details)}")
    return lines


def weapon_names(card: Card, model_name: str) -> list[str]:
    """The names of the weapons `model_name` carries, as the card names them."""
    return [
        weapon.name
        for weapon in card.weapons
        if not weapon.carried_by or model_name in weapon.carried_by
    ]


def rule_names(card: Card, row: ModelRow | None = None) -> str:
    """The unit's rules (and the model's own, if given), by their labels."""
    return ", ".join(chip.label for chip in [*card.rules, *(row.rules if row else ())])
