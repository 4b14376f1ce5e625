"""An admin's edits to a module are a draft until they are published.

Players see a module's newest published version (factions/catalog.py `published_spec`); the
admin edits the module's rows. Each edit bumps the module's `revision`; the draft is the rows
while `revision` is ahead of `published_revision`. Before the first edit, the module gets its
first published version if it had none (`draft_begin`), so what players saw is kept.

`draft_review` says what publishing would change (the module's changes in players' words) and
what it would do to every wing's stored things (forgebuilder/impacts.py); `draft_publish` makes
the draft a new version, refused when the draft changed since it was reviewed (another admin's
edit) so nobody publishes what they did not see; `draft_discard` puts the rows back as the
newest version has them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F

from factions.catalog import Catalog, catalog_for
from factions.gamedata.changes import Change, module_changes
from factions.gamedata.exporter import game_module_spec
from factions.gamedata.loader import game_module_load
from factions.gamedata.schemas import ModuleSpec
from factions.models import GameModule, ModuleVersion
from factions.selectors import versions_of
from factions.versions import newest_spec, version_publish
from forgebuilder.impacts import Impact, publish_impact
from forgebuilder.refused import Refused

MAX_LABEL = 40


class DraftRefused(Refused):
    code = "draft-refused"


@dataclass(frozen=True)
class DraftReview:
    """What publishing `module`'s draft (as it is at `revision`) would change and touch."""

    module: GameModule
    revision: int
    current_label: str
    changes: tuple[Change, ...]
    impacts: tuple[Impact, ...]


def draft_begin(module_id: int | None) -> None:
    """Before an admin's first edit of a module: keep what players see as its first version."""
    module = GameModule.objects.filter(pk=module_id).first() if module_id else None
    if module is not None and not module.has_draft:
        versions_of(module)


def draft_review(module: GameModule) -> DraftReview:
    """The draft's changes from what players see, and every wing's impact."""
    changes, impacts = version_review(module, game_module_spec(module))
    label = catalog_for(module).spec.version
    return DraftReview(module, module.revision, label, tuple(changes), tuple(impacts))


def version_review(module: GameModule, spec: ModuleSpec) -> tuple[list[Change], list[Impact]]:
    """What making `spec` the module's current data would change from what players see now,
    and what it would do to every wing's stored things (nothing is changed): the admin's
    review of a draft and a module import (its --dry-run too) both show it."""
    current = catalog_for(module)
    changes = module_changes(current.spec.model_dump(mode="json"), spec.model_dump(mode="json"))
    # a revision neither a cached catalogue (published_revision) nor a version (negative) has
    new = Catalog(module.pk, 10**9 + module.revision, spec)
    return changes, publish_impact(module_id=module.pk, current=current, new=new)


def draft_publish(*, module_id: int, seen: int, label: str, note: str = "") -> ModuleVersion:
    """Publish the module's draft as it was at revision `seen` (refused if it changed since,
    or there is none), labelled `label` (the module's version from now on)."""
    label = label.strip()
    if not label or len(label) > MAX_LABEL:
        raise DraftRefused(
            f"A version needs a label of 1 to {MAX_LABEL} characters.",
            "Give it the module's version, e.g. 1.4.",
            path="label",
        )
    with transaction.atomic():
        locked = _locked_draft(module_id, seen)
        if label != locked.version:
            locked.version = label
            locked.save(update_fields=["version", "updated_at"])
        spec = game_module_spec(locked).model_dump(mode="json")
        version = version_publish(
            module=locked,
            spec=spec,
            source=ModuleVersion.ADMIN,
            note=note or "Published from the admin.",
        )
        # what players see changes now: cached catalogues and pages of the module are stale
        GameModule.objects.filter(pk=module_id).update(
            revision=F("revision") + 1, published_revision=F("revision") + 1
        )
    return version


def draft_discard(*, module_id: int, seen: int) -> None:
    """Put the module's rows back as its newest published version has them."""
    with transaction.atomic():
        locked = _locked_draft(module_id, seen)
        newest = newest_spec(locked)
        if newest is None:
            raise DraftRefused(
                "This module has no published version to go back to.",
                "Publish the draft, or edit it back by hand.",
            )
        game_module_load(spec=ModuleSpec.model_validate(newest), source=ModuleVersion.ADMIN)


def _locked_draft(module_id: int, seen: int) -> GameModule:
    locked = GameModule.objects.select_for_update().get(pk=module_id)
    if locked.revision != seen:
        raise DraftRefused(
            "The draft changed while you were looking at it (another edit was saved).",
            "Review the changes again, then publish.",
            code="draft-changed",
        )
    if not locked.has_draft:
        raise DraftRefused(
            "There is nothing to publish: the module has no unpublished edits.",
            "Edit the module's data first.",
            code="no-draft",
        )
    return locked
