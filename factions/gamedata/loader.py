"""Write a validated ModuleSpec to the database: create or update a module by slug, atomically.

Rows are matched by key (within their faction where they have one); changed rows are updated,
new ones created and missing ones removed, all in one transaction. The summary counts each.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import models, transaction
from django.db.models import F
from django.utils import timezone

from factions import models as m
from factions.versions import newest_spec, version_publish

from .files import read_module_source
from .schemas import ContentSpec, ModuleSpec
from .validation import validate_source

FACTION_SCOPED: tuple[tuple[str, type[m.FactionScoped]], ...] = (
    ("focuses", m.Focus),
    ("rules", m.SpecialRule),
    ("weapons", m.Weapon),
    ("model_templates", m.ModelTemplate),
    ("legends", m.Legend),
    ("strategies", m.Strategy),
    ("power_specialties", m.PowerSpecialty),
    ("powers", m.Power),
    ("force_organizations", m.ForceOrganization),
)


@dataclass
class Counts:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    # Rows that only moved (another row was added or removed before them): not an update.
    reordered: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.removed or self.reordered)


@dataclass
class LoadSummary:
    slug: str
    module_created: bool
    module_updated: bool = False
    counts: dict[str, Counts] = field(default_factory=dict)
    module_fields: list[str] = field(default_factory=list)  # the module's own changed fields

    @property
    def changed(self) -> bool:
        return (
            self.module_created
            or self.module_updated
            or any(c.changed for c in self.counts.values())
        )

    def lines(self, verbose: bool = False) -> list[str]:
        verb = "created" if self.module_created else "updated" if self.changed else "unchanged"
        out = [f"Module '{self.slug}' {verb}."]
        if self.module_fields:
            out.append(f"  module: {', '.join(self.module_fields)} updated")
        for label, counts in self.counts.items():
            if not counts.changed:
                continue
            parts = [
                f"{len(keys)} {word}"
                for word, keys in (
                    ("created", counts.created),
                    ("updated", counts.updated),
                    ("removed", counts.removed),
                    ("reordered", counts.reordered),
                )
                if keys
            ]
            out.append(f"  {label}: {', '.join(parts)}")
            if verbose:
                for word, keys in (
                    ("+", counts.created),
                    ("~", counts.updated),
                    ("-", counts.removed),
                ):
                    out.extend(f"    {word} {k}" for k in keys)
        return out


def load_module_path(path: Path) -> LoadSummary:
    """Read, validate and load a module file or folder; raises ModuleFileError on any problem."""
    spec = validate_source(read_module_source(path))
    return game_module_load(spec=spec)


def _fields(spec: Any, model: type[models.Model]) -> dict[str, Any]:
    data = spec.model_dump(mode="json")
    return {name: data.get(name) for name in model.spec_fields}


def _by_attname(model: type[models.Model], values: dict[str, Any]) -> dict[str, Any]:
    """Foreign keys by id (`faction_id`), so comparing a row never loads its relations."""
    out = {}
    for name, value in values.items():
        field = model._meta.get_field(name)
        if field.many_to_one:
            out[field.attname] = value.pk if value is not None else None
        else:
            out[name] = value
    return out


def _label(key: Hashable) -> str:
    if isinstance(key, tuple):
        return "/".join(str(k) for k in key if k is not None)
    return str(key)


def _sync(
    counts: Counts,
    model: type[models.Model],
    existing: Iterable[models.Model],
    key_of: Callable[[Any], Hashable],
    desired: dict[Hashable, dict[str, Any]],
) -> dict[Hashable, Any]:
    """Make the rows match `desired` (key -> column values); return key -> row."""
    current = {key_of(obj): obj for obj in existing}
    desired = {key: _by_attname(model, values) for key, values in desired.items()}
    result: dict[Hashable, Any] = {}
    to_create, to_update, changed_fields = [], [], set()
    for key, values in desired.items():
        obj = current.pop(key, None)
        if obj is None:
            obj = model(**values)
            to_create.append(obj)
            counts.created.append(_label(key))
        else:
            diff = [name for name, value in values.items() if getattr(obj, name) != value]
            if diff:
                for name in diff:
                    setattr(obj, name, values[name])
                changed_fields.update(diff)
                to_update.append(obj)
                (counts.reordered if diff == ["order"] else counts.updated).append(_label(key))
        result[key] = obj
    if current:
        model.objects.filter(pk__in=[obj.pk for obj in current.values()]).delete()
        counts.removed.extend(_label(k) for k in current)
    if to_create:
        model.objects.bulk_create(to_create)
    if to_update:
        model.objects.bulk_update(to_update, sorted(changed_fields))
    return result


@transaction.atomic
def game_module_load(
    *, spec: ModuleSpec, source: str = m.ModuleVersion.LOAD, note: str = ""
) -> LoadSummary:
    """Create or update the module `spec.slug` so the database holds exactly `spec`; a change
    publishes a new version of it (`source` says how it came: a load, an import)."""
    module, summary = _module_row(spec)
    sync = _Sync(module, summary, _rows_before(module))
    alliances = sync.simple("alliances", m.Alliance, spec.alliances)
    categories = sync.simple("categories", m.UnitCategory, spec.categories)
    doctrines = sync.simple("doctrines", m.Doctrine, spec.doctrines)
    factions = sync.run(
        "factions",
        m.Faction,
        lambda o: o.key,
        {
            key: {
                **_fields(f, m.Faction),
                "module": module,
                "key": key,
                "order": i,
                "alliance": alliances.get(f.alliance),
            }
            for i, (key, f) in enumerate(spec.factions.items())
        },
    )
    layers: list[tuple[str | None, ContentSpec]] = [(None, spec)]
    layers += [(key, f) for key, f in spec.factions.items()]
    orgs = _load_faction_scoped(sync, layers, factions, doctrines)
    _load_slots(sync, layers, orgs, categories)
    _load_datasheets(sync, spec, factions, categories)
    _publish_load(module, spec, summary, source, note)
    return summary


def _publish_load(
    module: m.GameModule, spec: ModuleSpec, summary: LoadSummary, source: str, note: str
) -> None:
    """What a load makes current: the loaded spec is what players see now (an admin's draft it
    replaced included), published as a new version unless the newest one already holds it."""
    if summary.changed or module.has_draft:
        # cached catalogues and share pages of this module are stale now; an unchanged
        # re-load keeps them
        m.GameModule.objects.filter(pk=module.pk).update(
            revision=F("revision") + 1,
            published_revision=F("revision") + 1,
            updated_at=timezone.now(),
        )
    data = spec.model_dump(mode="json")
    if newest_spec(module) != data:
        version_publish(
            module=module, spec=data, source=source, note=note or "\n".join(summary.lines())
        )


def _module_row(spec: ModuleSpec) -> tuple[m.GameModule, LoadSummary]:
    """The module's row, locked, created or brought up to `spec`'s own fields."""
    module_values = _fields(spec, m.GameModule)
    module, created = m.GameModule.objects.select_for_update().get_or_create(
        slug=spec.slug, defaults=module_values
    )
    summary = LoadSummary(spec.slug, module_created=created)
    if not created:
        diff = [k for k, v in module_values.items() if getattr(module, k) != v]
        for name in diff:
            setattr(module, name, module_values[name])
        summary.module_updated = bool(diff)
        summary.module_fields = diff
        if diff:
            module.save(update_fields=[*diff, "updated_at"])
    return module, summary


def _load_faction_scoped(
    sync: _Sync, layers: list[tuple[str | None, ContentSpec]], factions, doctrines
) -> dict[Hashable, m.ForceOrganization]:
    """What the module and each faction define by key (force organizations, focuses...);
    the force organizations' rows, for their slots."""
    module = sync.module
    orgs: dict[Hashable, m.ForceOrganization] = {}
    for attr, model in FACTION_SCOPED:
        desired: dict[Hashable, dict[str, Any]] = {}
        for faction_key, content in layers:
            for i, (key, item) in enumerate(getattr(content, attr).items()):
                values = {**_fields(item, model), "module": module, "key": key, "order": i}
                values["faction"] = factions[faction_key] if faction_key else None
                if model is m.Strategy:
                    values["doctrine"] = doctrines.get(item.doctrine)
                desired[(faction_key, key)] = values
        rows = sync.run(
            attr.replace("_", " "),
            model,
            lambda o: (o.faction.key if o.faction else None, o.key),
            desired,
        )
        if model is m.ForceOrganization:
            orgs = rows
    return orgs


def _load_slots(
    sync: _Sync, layers: list[tuple[str | None, ContentSpec]], orgs, categories
) -> None:
    slots = {
        (org_key, cat): {
            "force_organization": orgs[org_key],
            "category": categories[cat],
            "min": slot.min,
            "max": slot.max,
        }
        for faction_key, content in layers
        for key, org in content.force_organizations.items()
        for org_key in [(faction_key, key)]
        for cat, slot in org.slots.items()
    }
    sync.run(
        "force organization slots",
        m.ForceOrganizationSlot,
        lambda o: (
            (
                o.force_organization.faction.key if o.force_organization.faction else None,
                o.force_organization.key,
            ),
            o.category.key,
        ),
        slots,
    )


def _load_datasheets(sync: _Sync, spec: ModuleSpec, factions, categories) -> None:
    module = sync.module
    desired = {
        (fkey, key): {
            **_fields(sheet, m.Datasheet),
            "module": module,
            "faction": factions[fkey],
            "key": key,
            "order": i,
            "category": categories.get(sheet.category),
        }
        for fkey, faction in spec.factions.items()
        for i, (key, sheet) in enumerate(faction.datasheets.items())
    }
    sheets = sync.run(
        "datasheets",
        m.Datasheet,
        lambda o: (o.faction.key, o.key),
        desired,
    )
    model_rows = {
        (fkey, key, model.id): {
            **_fields(model, m.DatasheetModel),
            "datasheet": sheets[(fkey, key)],
            "key": model.id,
            "order": i,
        }
        for fkey, faction in spec.factions.items()
        for key, sheet in faction.datasheets.items()
        for i, model in enumerate(sheet.models)
    }
    model_types = sync.run(
        "datasheet models",
        m.DatasheetModel,
        lambda o: (o.datasheet.faction.key, o.datasheet.key, o.key),
        model_rows,
    )
    options: dict[Hashable, dict[str, Any]] = {}
    for fkey, faction in spec.factions.items():
        for key, sheet in faction.datasheets.items():
            for i, (model, option) in enumerate(sheet.all_options()):
                options[(fkey, key, option.id)] = {
                    **_fields(option, m.UnitOption),
                    "datasheet": sheets[(fkey, key)],
                    "model_type": model_types[(fkey, key, model.id)] if model else None,
                    "key": option.id,
                    "order": i,
                }
    sync.run(
        "unit options",
        m.UnitOption,
        lambda o: (o.datasheet.faction.key, o.datasheet.key, o.key),
        options,
    )


def _rows_before(module: m.GameModule) -> dict[type[models.Model], list[Any]]:
    """Every row of the module before the load, one query per table.

    Read up front so that rows a removal deletes in cascade (the datasheets of a removed faction)
    are still counted as removed.
    """
    rows: dict[type[models.Model], Any] = {
        m.Alliance: m.Alliance.objects.filter(module=module),
        m.UnitCategory: m.UnitCategory.objects.filter(module=module),
        m.Doctrine: m.Doctrine.objects.filter(module=module),
        m.Faction: m.Faction.objects.filter(module=module),
        **{
            model: model.objects.filter(module=module).select_related("faction")
            for _attr, model in FACTION_SCOPED
        },
        m.ForceOrganizationSlot: m.ForceOrganizationSlot.objects.filter(
            force_organization__module=module
        ).select_related("force_organization__faction", "category"),
        m.Datasheet: m.Datasheet.objects.filter(module=module).select_related("faction"),
        m.DatasheetModel: m.DatasheetModel.objects.filter(datasheet__module=module).select_related(
            "datasheet__faction"
        ),
        m.UnitOption: m.UnitOption.objects.filter(datasheet__module=module).select_related(
            "datasheet__faction"
        ),
    }
    return {model: list(queryset) for model, queryset in rows.items()}


@dataclass
class _Sync:
    module: m.GameModule
    summary: LoadSummary
    before: dict[type[models.Model], list[Any]]

    def run(self, label, model, key_of, desired) -> dict[Hashable, Any]:
        counts = self.summary.counts.setdefault(label, Counts())
        return _sync(counts, model, self.before[model], key_of, desired)

    def simple(self, label: str, model, items: dict[str, Any]) -> dict[Hashable, Any]:
        desired = {
            key: {**_fields(item, model), "module": self.module, "key": key, "order": i}
            for i, (key, item) in enumerate(items.items())
        }
        return self.run(label, model, lambda o: o.key, desired)
