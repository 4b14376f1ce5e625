"""Unit types of the Wargame ruleset, and Large/Small models of the skirmish missions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from factions.gamedata.refs import Ref
from forgebuilder.engine.rules.base import Check, Violation, plural
from forgebuilder.engine.rules.loadouts import every_loadout
from forgebuilder.engine.rules.roster import Roster, RosterUnit


class TeamsAndBands(Check):
    code = "unit-type"
    description = (
        "A single is one model; a Team has at most N models (5) with one designated leader; a "
        "Band has 6 to 20 models, all identical except its leader."
    )

    def check(self, roster: Roster) -> Iterator[Violation]:
        p = roster.params
        for unit, sheet in roster.with_datasheets():
            total = unit.total_models
            leaders = sum(unit.count_of(m.id) for m in sheet.models if m.leader)
            kind = sheet.unit_type
            if kind == "single" and total != 1:
                yield self.error(
                    f"{unit.name} is a single model but has {total}.",
                    hint="Field it as one model.",
                    units=(unit.id,), code="single-size",
                )  # fmt: skip
            if kind == "team":
                if total > p.team_max_models:
                    yield self.error(
                        f"{unit.name} is a Team of {total} models; a Team has at most "
                        f"{p.team_max_models}.",
                        hint=f"Remove {total - p.team_max_models} models, or field a Band.",
                        units=(unit.id,), code="team-size",
                    )  # fmt: skip
                yield from self._leader(unit, leaders, "Team")
            if kind == "band":
                if not p.band_min_models <= total <= p.band_max_models:
                    short = p.band_min_models - total
                    yield self.error(
                        f"{unit.name} is a Band of {total} models; a Band has "
                        f"{p.band_min_models} to {p.band_max_models}.",
                        hint=f"Add {plural(short, 'model')}."
                        if short > 0
                        else f"Remove {plural(total - p.band_max_models, 'model')}.",
                        units=(unit.id,), code="band-size",
                    )  # fmt: skip
                yield from self._leader(unit, leaders, "Band")
                yield from self._identical(roster, unit)

    def _leader(self, unit: RosterUnit, leaders: int, kind: str) -> Iterator[Violation]:
        if leaders != 1:
            yield self.error(
                f"{unit.name} has {plural(leaders, 'leader')}; a {kind} has exactly one.",
                hint=f"Designate one {kind} Leader.",
                units=(unit.id,),
                code="leader-count",
            )

    def _identical(self, roster: Roster, unit: RosterUnit) -> Iterator[Violation]:
        sheet = unit.datasheet
        if sheet is None:
            return
        members = [m for m in sheet.models if not m.leader and unit.count_of(m.id)]
        # models that options add are members too (a model template is never the leader)
        names = [m.name for m in members] + [
            _template_name(roster, unit, key) for key, n in unit.added_models if n
        ]
        if len(names) > 1:
            yield self.error(
                f"{unit.name} mixes {', '.join(names)}; every Band member but "
                "the leader must be identical.",
                units=(unit.id,),
                code="band-mixed",
            )
        for taken in unit.choices:
            if taken.model is not None and taken.model in members and not taken.option.per_model:
                n = unit.count_of(taken.model.id)
                if taken.count < n:
                    yield self.error(
                        f"{unit.name}: only {taken.count} of {n} {taken.model.name} take "
                        f"'{taken.option.label or taken.choice.id}'; Band members must be identical.",
                        hint="Give it to every member, or to none.",
                        units=(unit.id,),
                        code="band-mixed",
                    )


def _template_name(roster: Roster, unit: RosterUnit, key: str) -> str:
    template = roster.catalog.model_template(unit.faction_key, key)
    return template.name if template else key


def model_size(roster: Roster, rules: Iterable[Ref]) -> str:
    """'Large' or 'Small' for a model with these rules (refs)."""
    p = roster.params
    tough = 0
    hero = False
    for ref in rules:
        if ref.id == p.tough_rule and isinstance(ref.x, int):
            tough = max(tough, ref.x)
        if ref.id == p.hero_rule:
            hero = True
    large = tough > p.hero_large_tough_over if hero else tough >= p.large_tough
    return "Large" if large else "Small"


class LargeModels(Check):
    code = "model-size"
    description = (
        "A Large model has Tough(6) or more, or is a Hero with more than Tough(6); every other "
        "model is Small. Models that options add are sized too."
    )
    casual = True

    def facts(self, roster: Roster) -> Iterator[tuple[str, str]]:
        for unit in roster.units:
            sizes = []
            for loadout in every_loadout(unit, roster.catalog):
                if loadout.count:
                    sizes.append(
                        (loadout.model.name, model_size(roster, [r for r, _ in loadout.rules]))
                    )
            kinds = {size for _, size in sizes}
            if len(kinds) == 1:
                yield unit.id, f"{kinds.pop()} model{'s' * (unit.total_models != 1)}"
            elif kinds:
                yield unit.id, ", ".join(f"{name}: {size}" for name, size in sizes)
