"""Reads of army lists."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from factions.catalog import Catalog, catalog_for
from forgebuilder.engine.api import MAX_LIST_NAME, ListDocument, Report, Roster, evaluate, resolve
from forgebuilder.lists.data_versions import stored_catalog
from forgebuilder.lists.models import ArmyList, ShareLink
from forgebuilder.lists.ownership import Owner
from forgebuilder.refusals import NotFound


def army_list_owned(*, owner: Owner, public_id: str, deleted: bool = False) -> ArmyList:
    """The owner's list, or 404: another person's list looks the same as no list."""
    lists = ArmyList.objects.binned() if deleted else ArmyList.objects.kept()
    qs = lists.select_related("module").filter(owner.filter(), public_id=public_id)
    army_list = qs.first()
    if army_list is None:
        raise Http404("No such list.")
    return army_list


def army_lists_of(*, owner: Owner, deleted: bool = False) -> QuerySet[ArmyList]:
    return (
        (ArmyList.objects.binned() if deleted else ArmyList.objects.kept())
        .filter(owner.filter())
        .select_related("module")
        .defer("document")
    )


_NUMBERED = re.compile(r"^(?P<base>.*\S) \((?P<n>\d{1,6})\)$")


def unused_list_name(*, owner: Owner, name: str) -> str:
    """`name`, or the first "name (2)", "name (3)"... that none of the owner's lists (the bin's
    included) is called, so a list imported or copied twice is told apart in My lists."""
    match = _NUMBERED.match(name)
    base = match["base"] if match else name
    taken = set(
        ArmyList.objects.filter(owner.filter(), name__startswith=base).values_list(
            "name", flat=True
        )
    )
    if name not in taken:
        return name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = base[: MAX_LIST_NAME - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        n += 1


@dataclass(frozen=True)
class EvaluatedList:
    """One list as every page shows it: its document, resolved roster and the engine's report.

    `share_link` is the link it was opened through (share pages, shared printouts), else None;
    `undo_label` is what undo would take back, when an edit just stored it; `previous` the
    list as it was before that edit (what the page showed: its answer sends what moved).
    """

    army_list: ArmyList
    document: ListDocument
    catalog: Catalog
    roster: Roster
    report: Report
    share_link: ShareLink | None = None
    undo_label: str | None = None
    previous: EvaluatedList | None = None


# The last evaluations, by everything they depend on: a second read of an unchanged list in
# one process (the editor after an edit, the text box of the same page, a PDF's worker after
# the request that keyed it) is a dict lookup. Documents, rosters and reports are immutable.
_MEMO: OrderedDict[tuple, tuple[Catalog, ListDocument, Roster, Report]] = OrderedDict()
MEMO_SIZE = 64
_memo_lock = threading.Lock()


def evaluated_list(*, army_list: ArmyList, share_link: ShareLink | None = None) -> EvaluatedList:
    """The one read of a list for a page, an export or a printout: resolved and evaluated once.

    Through a snapshot `share_link`, the list as it was when the link was made. A list (or
    snapshot) kept on an older version of its module is read with that version's data.
    """
    snapshot = (
        share_link if share_link is not None and share_link.kind == ShareLink.SNAPSHOT else None
    )
    raw = snapshot.document if snapshot else army_list.document
    # the module as it is now, or the version the list (or snapshot) is kept on
    catalog = stored_catalog(catalog_for(army_list.module), raw)
    key = _memo_key(catalog, army_list, snapshot)
    found = _MEMO.get(key) if army_list.pk else None
    if found is None or found[0] is not catalog:
        document = ListDocument.model_validate(raw)
        found = (catalog, document, *evaluated_document(document=document, catalog=catalog))
        if army_list.pk:
            _remember(key, found)
    _, document, roster, report = found
    return EvaluatedList(army_list, document, catalog, roster, report, share_link=share_link)


def _memo_key(catalog: Catalog, army_list: ArmyList, snapshot: ShareLink | None) -> tuple:
    return (
        id(catalog),
        army_list.pk,
        ("snapshot", snapshot.pk) if snapshot else (army_list.version, army_list.updated_at),
    )


def evaluation_remember(evaluated: EvaluatedList) -> None:
    """Keep a list just saved, evaluated, for the next read of it in this process (the next
    edit's "before")."""
    army_list = evaluated.army_list
    key = _memo_key(evaluated.catalog, army_list, None)
    _remember(key, (evaluated.catalog, evaluated.document, evaluated.roster, evaluated.report))


def evaluations_forget() -> None:
    """Forget every remembered evaluation (the tests: a rolled-back test's lists and links leave
    their ids to the next test's, which would find their evaluations)."""
    with _memo_lock:
        _MEMO.clear()


def evaluated_document(*, document: ListDocument, catalog: Catalog) -> tuple[Roster, Report]:
    """A document resolved and evaluated: the one place a list meets the engine
    (`tests/test_one_evaluation_site.py` keeps it so).

    A stored list reads `evaluated_list` (which comes here once per version); this is for a
    document that is no stored list: a campaign step's army before and after it, an event's
    submission, a list sent to the API, a list without its campaign state."""
    roster = resolve(document, catalog)
    return roster, evaluate(roster)


def _remember(key: tuple, value: tuple[Catalog, ListDocument, Roster, Report]) -> None:
    with _memo_lock:
        _MEMO[key] = value
        _MEMO.move_to_end(key)
        while len(_MEMO) > MEMO_SIZE:
            _MEMO.popitem(last=False)


def evaluated_shared_list(*, token: str) -> EvaluatedList:
    """The list behind a share link, as it is now (live) or was (snapshot); 404 when revoked."""
    link = ShareLink.objects.live().select_related("army_list__module").filter(token=token).first()
    if link is None:
        raise NotFound(
            "This share link was revoked by the list's owner, or it never existed.",
            "Ask whoever sent it for a new link: the list itself is not gone.",
        )
    return evaluated_list(army_list=link.army_list, share_link=link)
