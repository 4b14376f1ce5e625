"""Which published version of its module a list, a snapshot, a submission or a campaign army is
read with, and that version's catalogue.

A version's identity is its number (`factions.models.ModuleVersion.number`, 1, 2, 3... per
module): a module republished under the same label ("1.3" with a price up, an admin's edit) is
a new number. A document records the number it was built on (`ListDocument.data_version`) beside
the label (`module_version`); a document `pinned` to its number is read with that version's
catalogue until its owner updates it. Documents made before numbers were kept have only the
label: they are compared by label.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from factions.catalog import Catalog, catalog_by_slug
from factions.gamedata.schemas import ModuleSpec
from factions.models import ModuleVersion
from forgebuilder.engine.api import ListDocument


def newest_version(module_id: int) -> tuple[int, str] | None:
    """(number, label) of the module's newest published version; None when it has none."""
    found = (
        ModuleVersion.objects.filter(module_id=module_id)
        .order_by("-number")
        .values_list("number", "label")
        .first()
    )
    return (found[0], found[1]) if found else None


# The newest version of each module, by its current catalogue (rebuilt whenever a load changes
# the module, which is when a version is published): the editor reads it on every page.
_NEWEST: dict[int, tuple[Catalog, tuple[int, str]]] = {}


def newest_of(catalog: Catalog) -> tuple[int, str] | None:
    """`newest_version` of the module whose current catalogue is `catalog`, read once per
    catalogue (a version's catalogue: read every time)."""
    found = _NEWEST.get(catalog.module_id)
    if found is not None and found[0] is catalog:
        return found[1]
    newest = newest_version(catalog.module_id)
    if newest is not None and catalog.revision > 0 and newest[1] == catalog.spec.version:
        _NEWEST[catalog.module_id] = (catalog, newest)
    return newest


def version_label(module_id: int, number: int) -> str | None:
    """The label of version `number` of the module, or None when there is no such version."""
    return (
        ModuleVersion.objects.filter(module_id=module_id, number=number)
        .values_list("label", flat=True)
        .first()
    )


def label_shared(module_id: int, label: str) -> bool:
    """Whether two published versions of the module share `label` (a republished "1.3")."""
    return ModuleVersion.objects.filter(module_id=module_id, label=label).count() > 1


def stamped(document: ListDocument, catalog: Catalog) -> ListDocument:
    """`document` recording the number of the version of `catalog`'s module it was built on,
    as it is stored: the number it names where that version has its label here, else the
    newest version with its label (a list made elsewhere, or before numbers were kept); none
    where no version has it (and then it is kept on nothing)."""
    label, number = document.module_version, document.data_version
    newest = newest_of(catalog) if label == catalog.spec.version else None
    if newest is not None and number in (None, newest[0]):
        number = newest[0]  # built on the module as it is now: no query
    elif number is None or label is None or version_label(catalog.module_id, number) != label:
        number = label_number(catalog.module_id, label) if label else None
    if number == document.data_version:
        return document
    return document.model_copy(
        update={"data_version": number, "pinned": document.pinned and number is not None}
    )


def version_name(label: str, number: int | None, shared: bool) -> str:
    """A version as players read it: its label, and its number where the label alone does not
    tell it apart from another version ("1.3 (#5)")."""
    return f"{label} (#{number})" if shared and number is not None else label


def pinned_catalog(current: Catalog, pinned: bool, number: Any) -> Catalog:
    """The catalogue a document is read with: the version `number` it is pinned to where that
    is older than the newest, else `current` (the module as it is now)."""
    if not pinned or not isinstance(number, int):
        return current
    rows = list(
        ModuleVersion.objects.filter(module_id=current.module_id, number__gte=number)
        .order_by("number")
        .values_list("pk", "number", "published_at")[:2]
    )
    if len(rows) < 2 or rows[0][1] != number:
        return _current(current)  # the newest version, or one not on record here
    return _catalog_of(current.module_id, rows[0])


def document_catalog(current: Catalog, document: ListDocument) -> Catalog:
    """The catalogue `document` is read with (`pinned_catalog`); `current` is the module's."""
    return pinned_catalog(current, document.pinned, document.data_version)


def built_on_catalog(current: Catalog, document: ListDocument) -> Catalog:
    """The catalogue of the version `document` says it was built on (`stamped`), where that is
    an older one on record here, else `current`: an imported list is checked against the data
    it was made with, then offered the update."""
    number = stamped(document, current).data_version
    newest = newest_of(current)
    if number is None or newest is None or number == newest[0]:
        return current
    return version_catalog(current.module_id, number) or current


def stored_catalog(current: Catalog, document: dict[str, Any]) -> Catalog:
    """`document_catalog` of a stored document (JSON), before it is parsed."""
    return pinned_catalog(current, document.get("pinned") is True, document.get("data_version"))


def kept_on_read_version(current: Catalog, document: dict[str, Any]) -> dict[str, Any]:
    """A stored document (JSON) pinned to the version it is read with now (`stored_catalog`):
    a frozen snapshot of it reads the same whatever the module becomes."""
    return kept_on(document, stored_catalog(current, document))


def kept_on(document: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """A stored document (JSON) pinned to the version `catalog` is the catalogue of (one of
    `version_catalog`'s, or the module's own: its newest version). Unchanged where the module
    has no published version."""
    if catalog.revision < 0:  # a version's catalogue (`_catalog_of`)
        number = -catalog.revision
    else:
        newest = newest_of(catalog)
        if newest is None:
            return document
        number = newest[0]
    return {**document, "data_version": number, "pinned": True}


def _current(catalog: Catalog) -> Catalog:
    """The module's own catalogue, given it or one of its versions' (negative revisions)."""
    if catalog.revision > 0:
        return catalog
    return catalog_by_slug(catalog.slug) or catalog


def version_catalog(module_id: int, number: int) -> Catalog | None:
    """The catalogue of version `number` of the module, or None when there is no such version."""
    row = (
        ModuleVersion.objects.filter(module_id=module_id, number=number)
        .values_list("pk", "number", "published_at")
        .first()
    )
    return _catalog_of(module_id, row) if row else None


def label_number(module_id: int, label: str) -> int | None:
    """The number of the newest published version labelled `label`, or None."""
    return (
        ModuleVersion.objects.filter(module_id=module_id, label=label)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )


def label_catalog(module_id: int, label: str) -> Catalog | None:
    """The catalogue of the newest published version labelled `label`, or None (for documents
    made before versions were numbered)."""
    row = (
        ModuleVersion.objects.filter(module_id=module_id, label=label)
        .order_by("-number")
        .values_list("pk", "number", "published_at")
        .first()
    )
    return _catalog_of(module_id, row) if row else None


# Catalogues of published versions, by version and the moment it was published: a version's
# spec never changes (the moment tells apart a rolled-back test's version whose id comes back).
_OLD: OrderedDict[tuple, Catalog] = OrderedDict()
_OLD_SIZE = 8
_old_lock = threading.Lock()


def _catalog_of(module_id: int, row: tuple) -> Catalog:
    with _old_lock:
        cached = _OLD.get(row)
    if cached is not None:
        return cached
    spec = ModuleVersion.objects.values_list("spec", flat=True).get(pk=row[0])
    # minus the version's number: never the module's own catalogue (whose revisions count
    # from 1), and it says which version it is (`kept_on`)
    catalog = Catalog(module_id, -row[1], ModuleSpec.model_validate(spec))
    with _old_lock:
        _OLD[row] = catalog
        _OLD.move_to_end(row)
        while len(_OLD) > _OLD_SIZE:
            _OLD.popitem(last=False)
    return catalog
