"""Reads of army lists."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from .models import ArmyList
from .ownership import Owner


def army_list_owned(*, owner: Owner, public_id: str, deleted: bool = False) -> ArmyList:
    """The owner's list, or 404: another person's list looks the same as no list."""
    qs = ArmyList.objects.select_related("module").filter(owner.filter(), public_id=public_id)
    qs = qs.filter(deleted_at__isnull=not deleted)
    army_list = qs.first()
    if army_list is None:
        raise Http404("No such list.")
    return army_list


def army_lists_of(*, owner: Owner, deleted: bool = False) -> QuerySet[ArmyList]:
    return (
        ArmyList.objects.filter(owner.filter(), deleted_at__isnull=not deleted)
        .select_related("module")
        .defer("document")
    )
