"""Writes to army lists. Views and commands call these; they parse input and render."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NotRequired, TypedDict, Unpack

from django.db import connection, transaction
from django.db.models import Subquery
from django.utils import timezone

from factions.catalog import Catalog, catalog_for
from forgebuilder.engine.api import ListDocument, ListWrite, extensions
from forgebuilder.lists import jsondiff
from forgebuilder.lists.data_versions import document_catalog, stamped
from forgebuilder.lists.edits import EditError, update_settings
from forgebuilder.lists.models import ArmyList, ListRevision, ShareLink
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.selectors import (
    EvaluatedList,
    evaluated_document,
    evaluated_list,
    evaluation_remember,
    unused_list_name,
)

UNDO_STEPS = 50
MAX_FOLDER = 60


class StaleEdit(Exception):
    """The list changed (another tab) since the page that sent this edit was shown."""


def _summarise(army_list: ArmyList, document: ListDocument, catalog: Catalog) -> EvaluatedList:
    """Evaluate `document` and copy the summary columns onto `army_list` (not saved)."""
    roster, report = evaluated_document(document=document, catalog=catalog)
    army_list.name = document.name
    army_list.faction_name = catalog.faction_name(document.faction)
    army_list.points = roster.points
    army_list.points_limit = document.points_limit
    army_list.unit_count = len(document.units)
    army_list.legal = report.legal
    return EvaluatedList(army_list, document, catalog, roster, report)


@transaction.atomic
def army_list_create(*, owner: Owner, catalog: Catalog, document: ListDocument) -> ArmyList:
    """A new list of `owner`. It never carries campaign state (an imported, copied or forked
    list with XP or traits drops them: see `campaign_state_left_behind` for what to say), and
    never the name of another of the owner's lists: the same list imported twice becomes
    "name" and "name (2)"."""
    document = stamped(document.without_campaign_state(), catalog)
    _lock_owner_names(owner)
    name = unused_list_name(owner=owner, name=document.name)
    if name != document.name:
        document = document.model_copy(update={"name": name})
    army_list = ArmyList(
        owner_id=owner.user_id,
        owner_token="" if owner.user_id else owner.token,
        module_id=catalog.module_id,
        document=document.to_json(),
    )
    _summarise(army_list, document, document_catalog(catalog, document))
    army_list.save()
    return army_list


def _lock_owner_names(owner: Owner) -> None:
    """Two tabs creating lists at once pick their names one after the other: the names to
    avoid are rows not written yet, so a PostgreSQL advisory lock on the owner stands in for a
    row lock until the transaction ends (SQLite writes one transaction at a time anyway)."""
    if connection.vendor != "postgresql":
        return
    key = f"armylist-names:{owner.user_id or ''}:{owner.token if not owner.user_id else ''}"
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [key])


class ListEdit(TypedDict):
    """One change to a list, as every edit service takes it: the version the page showed (None:
    whatever is stored), the change itself, its undo label (or how to word it from the new
    document) and who asks (`origin`: "editor" unless a wing's key)."""

    expected_version: int | None
    change: Callable[[ListDocument, Catalog], ListDocument]
    label: str | Callable[[ListDocument, Catalog], str]
    origin: NotRequired[str]


@transaction.atomic
def army_list_edit(*, army_list: ArmyList, **edit: Unpack[ListEdit]) -> EvaluatedList:
    """Apply `change` to the list's document, keeping the old one for undo.

    Raises StaleEdit when `expected_version` is not the stored version (the edit came from an
    out-of-date page); `change` raises EditError for an impossible edit, and a wing's guard
    ListWriteRefused for one it does not allow (`origin` tells it who asks: "editor" or the
    wing's key). Whatever is raised, nothing is written.
    """
    locked = (
        ArmyList.objects.select_for_update(of=("self",))
        .select_related("module")
        .get(pk=army_list.pk)
    )
    return _edit_locked(locked, **edit)


@transaction.atomic
def army_list_edit_owned(
    *, owner: Owner, public_id: str, **edit: Unpack[ListEdit]
) -> EvaluatedList:
    """`army_list_edit` of the owner's list found by its public id: one query finds and locks it.
    The editor's: the result carries the list as it was before (`previous`), so that its answer
    sends what the edit moved.

    Raises ArmyList.DoesNotExist when the owner has no such list (another person's list looks
    the same as no list), and whatever `army_list_edit` raises.
    """
    locked = (
        ArmyList.objects.select_for_update(of=("self",))
        .select_related("module")
        .kept()
        .filter(owner.filter(), public_id=public_id)
        .get()
    )
    return _edit_locked(locked, with_previous=True, **edit)


def _edit_locked(
    locked: ArmyList, *, with_previous: bool = False, **edit: Unpack[ListEdit]
) -> EvaluatedList:
    expected_version, label = edit["expected_version"], edit["label"]
    if expected_version is not None and expected_version != locked.version:
        raise StaleEdit()
    current = catalog_for(locked.module)
    # the list as the page showed it (remembered from drawing that page or the last edit, else
    # evaluated again): the editor answers with what the edit moved
    previous = evaluated_list(army_list=locked) if with_previous else None
    before = previous.document if previous else ListDocument.model_validate(locked.document)
    # a list kept on an older version is edited with that version's data
    after = edit["change"](
        before, previous.catalog if previous else document_catalog(current, before)
    )
    if after == before:
        return previous or evaluated_list(army_list=locked)
    catalog = document_catalog(current, after)
    if callable(label):
        label = label(after, catalog)
    origin = edit.get("origin", "editor")
    extensions.guard_write(ListWrite(locked, "edit", label, before, after, origin))
    document = after.to_json()
    ListRevision.objects.create(
        army_list=locked,
        changes=jsondiff.diff(document, locked.document),
        version=locked.version + 1,
        label=label[:200],
    )
    _trim_revisions(locked)
    locked.document = document
    locked.version += 1
    evaluated = _summarise(locked, after, catalog)
    locked.save()
    if with_previous:
        evaluation_remember(evaluated)  # the editor's next edit starts from this list
    return replace(evaluated, undo_label=label[:200], previous=previous)


def _trim_revisions(army_list: ArmyList) -> None:
    """Keep the newest UNDO_STEPS revisions: one DELETE, however long the history is."""
    kept = ListRevision.objects.filter(army_list=army_list)
    ListRevision.objects.filter(army_list=army_list).exclude(
        pk__in=Subquery(kept.values("pk")[:UNDO_STEPS])
    ).delete()


@transaction.atomic
def army_list_undo(
    *, army_list: ArmyList, expected_version: int | None, origin: str = "editor"
) -> str | None:
    """Go back to the document before the last change; returns what was undone, or None.

    A wing's guard may refuse it (ListWriteRefused): a change the wing made is not undone here.
    """
    locked = (
        ArmyList.objects.select_for_update(of=("self",))
        .select_related("module")
        .get(pk=army_list.pk)
    )
    if expected_version is not None and expected_version != locked.version:
        raise StaleEdit()
    revision = ListRevision.objects.filter(army_list=locked).first()
    if revision is None:
        return None
    previous = _before(revision, locked)
    if previous is None:
        return None
    document = ListDocument.model_validate(previous)
    before = ListDocument.model_validate(locked.document)
    extensions.guard_write(ListWrite(locked, "undo", revision.label, before, document, origin))
    locked.document = previous
    locked.version += 1
    _summarise(locked, document, document_catalog(catalog_for(locked.module), document))
    locked.save()
    revision.delete()
    # the next step back applies to the document this undo gave back, now at this version
    newest = ListRevision.objects.filter(army_list=locked).order_by("-pk").values("pk")[:1]
    ListRevision.objects.filter(pk__in=Subquery(newest)).update(version=locked.version)
    return revision.label


def _before(revision: ListRevision, locked: ArmyList) -> dict | None:
    """The document as it was before the revision's change, or None where the history no
    longer fits the list. A patch applies only to the document it was made from: should the
    list have been written since without a revision (no path does), the history is dropped
    (undo then has nothing to undo) rather than a wrong document given back."""
    if revision.changes is None:
        return revision.document
    if revision.version != locked.version:
        ListRevision.objects.filter(army_list=locked).delete()
        return None
    return jsondiff.apply(locked.document, revision.changes)


def army_list_duplicate(*, army_list: ArmyList, owner: Owner, name: str | None = None) -> ArmyList:
    document = ListDocument.model_validate(army_list.document)
    document = document.model_copy(update={"name": name or f"{document.name} (copy)"[:120]})
    return army_list_create(owner=owner, catalog=catalog_for(army_list.module), document=document)


def army_list_rename(*, army_list: ArmyList, name: str) -> None:
    """Rename a list; a blank name is refused (EditError), not turned into "New list"."""
    if not name.strip():
        raise EditError("A list needs a name.")

    def change(document: ListDocument, catalog: Catalog) -> ListDocument:
        return update_settings(
            document, catalog, name=name, points_limit=document.points_limit,
            focus=document.focus, casual=document.casual, doctrine=document.doctrine,
        )  # fmt: skip

    army_list_edit(army_list=army_list, expected_version=None, change=change, label="Rename")


@transaction.atomic
def army_list_delete(*, army_list: ArmyList, origin: str = "editor") -> None:
    """Put a list in the bin; its share links are revoked for good.

    Restoring the list does not bring them back: whoever was sent a link stopped seeing the
    list when it was deleted, and the owner shares it again, knowingly, with a new link.
    A wing's guard may refuse it (ListWriteRefused).
    """
    locked = ArmyList.objects.select_for_update().get(pk=army_list.pk)
    before = ListDocument.model_validate(locked.document)
    extensions.guard_write(ListWrite(locked, "delete", "Delete", before, None, origin))
    now = timezone.now()
    ArmyList.objects.filter(pk=army_list.pk).update(deleted_at=now)
    ShareLink.objects.unrevoked().filter(army_list_id=army_list.pk).update(revoked_at=now)


def army_list_restore(*, army_list: ArmyList) -> None:
    """Take a list out of the bin; its share links stay revoked (see army_list_delete)."""
    ArmyList.objects.filter(pk=army_list.pk).update(deleted_at=None)


def army_list_file(*, army_list: ArmyList, folder: str) -> str:
    """Put a list in the owner's folder `folder` ("" takes it out of its folder); returns the
    folder's name as kept. Only My lists reads it: the list itself does not change."""
    folder = " ".join(folder.split())
    if len(folder) > MAX_FOLDER:
        raise EditError(
            f"A folder's name is at most {MAX_FOLDER} characters; this one has {len(folder)}.",
            "Choose a shorter name.",
        )
    ArmyList.objects.filter(pk=army_list.pk).update(folder=folder)
    return folder


def army_lists_adopt(*, user_id: int, token: str) -> int:
    """Give a user the lists they made in this browser before signing in; returns how many."""
    if not token:
        return 0
    return ArmyList.objects.filter(owner__isnull=True, owner_token=token).update(
        owner_id=user_id, owner_token=""
    )
