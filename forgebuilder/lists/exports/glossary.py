"""The roster's glossary: every special rule its cards print, the powers its casters may use,
and the stats that read differently from the rest, each once, by name."""

from __future__ import annotations

from dataclasses import dataclass

from factions.cards import Card, rule_name_and_text
from forgebuilder.engine.api import RosterUnit
from forgebuilder.lists.exports.entries import term_height_mm
from forgebuilder.lists.exports.source import ExportSource


@dataclass(frozen=True)
class GlossaryEntry:
    name: str
    text: str
    note: str = ""  # where it comes from, when that helps (a power's specialty and cast value)

    @property
    def term_mm(self) -> float:
        return term_height_mm(self.name, self.note)


def rule_glossary(
    source: ExportSource, cards: list[Card], units: list[RosterUnit]
) -> list[GlossaryEntry]:
    """Every special rule printed on a card (or given by a legend), once, by name."""
    roster, catalog = source.roster, source.catalog
    found: dict[tuple[str, str], str] = {}  # (name, text) -> faction name

    def add(faction: str | None, rule_id: str) -> None:
        rule = catalog.rule(faction, rule_id)
        if rule is None or rule.hidden:
            return
        name, text = rule_name_and_text(rule, rule.name)
        name = f"{name}(X)" if rule.takes_value else name
        owner = catalog.faction(faction) if faction else None
        found.setdefault((name, text), owner.name if owner else "")

    for card, unit in zip(cards, units, strict=True):
        chips = [*card.rules]
        chips += [chip for row in card.models for chip in row.rules]
        chips += [chip for row in card.weapons for chip in row.rules]
        for chip in chips:
            add(unit.faction_key, chip.id)
    for legend in roster.legends:
        if legend.legend and legend.legend.rule:
            bearer = roster.unit(legend.unit_id) if legend.unit_id else None
            add(bearer.faction_key if bearer else roster.faction_key, legend.legend.rule.id)
    names = [name for name, _ in found]
    entries = [
        # Two rules of one name with other words (a faction's own version): say whose is whose.
        GlossaryEntry(name, text, faction if names.count(name) > 1 else "")
        for (name, text), faction in found.items()
    ]
    return sorted(entries, key=lambda e: (e.name.casefold(), e.note))


def stat_glossary(source: ExportSource) -> list[GlossaryEntry]:
    """How to roll against the ruleset's stats that read differently from the rest (MT: roll ≤)."""
    return [
        GlossaryEntry(f"{stat.name} ({stat.abbr})", stat.note)
        for stat in source.catalog.ruleset.model_stats
        if stat.note
    ]


def power_glossary(source: ExportSource) -> list[GlossaryEntry]:
    """The powers the list's casters may use (their specialty's and the open ones), once each."""
    roster, catalog = source.roster, source.catalog
    seen: dict[str, GlossaryEntry] = {}
    for unit in roster.units:
        if not unit.specialty:
            continue
        specialties = catalog.power_specialties(unit.faction_key)
        for key, power in catalog.powers(unit.faction_key).items():
            if power.specialty not in (None, unit.specialty) or key in seen:
                continue
            where = specialties.get(power.specialty) if power.specialty else None
            parts = [where.name if where else "any caster"]
            if power.cast_value is not None:
                parts.append(f"cast {power.cast_value}")
            seen[key] = GlossaryEntry(power.name, power.description, ", ".join(parts))
    return sorted(seen.values(), key=lambda e: e.name.casefold())
