"""Legends: how many a list may take, each once, and only on a unit it may apply to."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from factions.catalog import Catalog
from factions.gamedata.schemas import LegendSpec
from forgebuilder.engine.rules.base import Check, Total, Violation, plural
from forgebuilder.engine.rules.loadouts import every_loadout
from forgebuilder.engine.rules.roster import Roster, RosterUnit, available_under_focus


def legends_allowed(roster: Roster) -> int:
    params = roster.params
    if params.legends_per_points is None:
        return 1
    allowed: int = max(params.legends_minimum, roster.points_limit // params.legends_per_points)
    return allowed


def legend_fits(legend: LegendSpec, unit: RosterUnit, catalog: Catalog) -> bool:
    """Whether `legend` may be given to `unit` (its applies_to filter; empty means any unit).
    The rules and names of models that options add count like the datasheet's own."""
    rule = legend.applies_to
    if rule.anything:
        return True
    sheet = unit.datasheet
    if sheet is None:
        return False
    if unit.datasheet_key in rule.datasheets or (sheet.category or "") in rule.categories:
        return True
    if set(rule.keywords) & set(sheet.keywords):
        return True
    loadouts = [lo for lo in every_loadout(unit, catalog) if lo.count]
    if rule.rules and any(ref.id in rule.rules for lo in loadouts for ref, _ in lo.rules):
        return True
    names = {m.name.lower() for m in sheet.models} | {lo.model.name.lower() for lo in loadouts}
    return any(name.lower() in names for name in rule.models)


class Legends(Check):
    code = "legends"
    description = (
        "A list takes one legend, unless the module allows one per N points; each legend at most "
        "once, and only on a unit it may apply to."
    )

    def totals(self, roster: Roster) -> Iterator[Total]:
        yield Total(
            "legends", "Legends", len(roster.legends), legends_allowed(roster),
            about="Legends taken, and how many the list may take.",
        )  # fmt: skip

    def check(self, roster: Roster) -> Iterator[Violation]:
        allowed = legends_allowed(roster)
        if len(roster.legends) > allowed:
            rule = (
                "one legend per list"
                if roster.params.legends_per_points is None
                else f"one legend per full {roster.params.legends_per_points} points"
            )
            yield self.error(
                f"The list has {plural(len(roster.legends), 'legend')}; the module allows "
                f"{allowed} ({rule}).",
                hint=f"Remove {len(roster.legends) - allowed}.",
                code="too-many-legends",
            )
        for key, n in Counter(leg.key for leg in roster.legends).items():
            if n > 1:
                # an unknown legend is reported by its key (and as unknown elsewhere)
                name = next(
                    (leg.legend.name for leg in roster.legends if leg.key == key and leg.legend),
                    key,
                )
                yield self.error(
                    f"{name} is taken {n} times; each legend may be taken once.",
                    hint="Remove the copies.",
                    code="legend-twice",
                )
        for item in roster.legends:
            legend = item.legend
            if legend is None:
                continue
            unit = roster.unit(item.unit_id) if item.unit_id else None
            if unit is not None and unit.faction_key == roster.faction_key:
                keys = {unit.focus_key}  # the focus of the force of the unit that carries it
            else:
                keys = roster.focus_keys(roster.faction_key)
            if not any(available_under_focus(legend.focuses, roster, key) for key in keys):
                focuses = roster.catalog.focuses(roster.faction_key)
                names = sorted({focuses[k].name for k in keys if k in focuses})
                yield self.error(
                    f"{legend.name} is not available "
                    + (f"with the {' or '.join(names)} focus." if names else "without a focus."),
                    hint="Remove the legend or choose a focus that offers it.",
                    code="legend-focus",
                )
            if unit is None:
                if legend.kind != "unit":
                    yield self.warning(
                        f"{legend.name} is not given to a unit yet.",
                        hint="Choose the unit that carries it.",
                        code="legend-unassigned",
                    )
                continue
            if not legend_fits(legend, unit, roster.catalog):
                yield self.error(
                    f"{legend.name} cannot be given to {unit.name}: {applies_text(roster, legend)}.",
                    hint="Give it to a unit it may apply to.",
                    units=(unit.id,),
                    code="legend-wrong-unit",
                )


def applies_text(roster: Roster, legend: LegendSpec) -> str:
    rule = legend.applies_to
    parts = []
    if rule.categories:
        parts.append(
            " or ".join(roster.catalog.category_name(c) for c in rule.categories) + " units"
        )
    if rule.rules:
        names = []
        for key in rule.rules:
            spec = roster.catalog.rule(roster.faction_key, key)
            names.append(spec.name if spec else key)
        parts.append("models with " + " or ".join(names))
    if rule.keywords:
        parts.append(" or ".join(rule.keywords) + " units")
    if rule.models:
        parts.append(" or ".join(rule.models) + " models")
    if rule.datasheets:
        names = []
        for key in rule.datasheets:
            sheet = roster.catalog.datasheet(roster.faction_key, key)
            names.append(sheet.name if sheet else key)
        parts.append(" or ".join(names) + " units")
    return "it is for " + " or ".join(parts)
