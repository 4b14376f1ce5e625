"""Published versions of a game module: made by every load or import that changes it (the
loader calls `version_publish`), the changes between two of them worked out from their specs.
The module page reads them through `selectors.versions_of`."""

from __future__ import annotations

from typing import Any

from django.db.models import Max

from factions.gamedata.changes import Change, module_changes
from factions.models import GameModule, ModuleVersion


def version_publish(
    *, module: GameModule, spec: dict[str, Any], source: str, note: str = ""
) -> ModuleVersion:
    """A new version of `module` holding `spec` (JSON data). Call it with the module's row
    locked (the loader does), so two loads at once number their versions one after the other."""
    last = module.versions.aggregate(n=Max("number"))["n"] or 0
    return ModuleVersion.objects.create(
        module=module, number=last + 1, label=spec.get("version", ""), note=note.strip(),
        source=source, spec=spec,
    )  # fmt: skip


def newest_spec(module: GameModule) -> dict[str, Any] | None:
    """The spec of the module's newest published version (JSON data), or None without one."""
    return module.versions.order_by("-number").values_list("spec", flat=True).first()


def version_changes(module: GameModule, number: int) -> list[Change] | None:
    """What version `number` changed from the one before it (None: no such version; the
    first version changed nothing: it is where the module began)."""
    pair = list(
        module.versions.filter(number__lte=number)
        .order_by("-number")
        .values_list("number", "spec")[:2]
    )
    if not pair or pair[0][0] != number:
        return None
    if len(pair) == 1:
        return []
    return module_changes(pair[1][1], pair[0][1])


def changes_by_version(module: GameModule) -> dict[int, list[Change]]:
    """What each version changed from the one before it (the first: nothing), every spec read
    once: the versions page shows them all."""
    specs = module.versions.order_by("number").values_list("number", "spec")
    changes: dict[int, list[Change]] = {}
    before = None
    for number, spec in specs.iterator():
        changes[number] = module_changes(before, spec) if before is not None else []
        before = spec
    return changes
