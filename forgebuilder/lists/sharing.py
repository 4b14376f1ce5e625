"""Share links: read-only, unguessable URLs to a list, live or frozen at the time of sharing."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from factions.catalog import catalog_for
from forgebuilder.lists.data_versions import kept_on_read_version
from forgebuilder.lists.models import ArmyList, ShareLink


def share_link_create(*, army_list: ArmyList, kind: str) -> ShareLink:
    if kind not in (ShareLink.LIVE, ShareLink.SNAPSHOT):
        raise ValueError(f"unknown kind of share link: {kind!r}")
    if kind == ShareLink.LIVE:
        existing = army_list.share_links.unrevoked().filter(kind=kind).first()
        if existing:
            return existing
    # a snapshot stays on the version of the game data it was read with when made
    document = (
        kept_on_read_version(catalog_for(army_list.module), army_list.document)
        if kind == ShareLink.SNAPSHOT
        else None
    )
    return ShareLink.objects.create(
        army_list=army_list, kind=kind, document=document, list_version=army_list.version
    )


def share_link_revoke(*, army_list: ArmyList, token: str) -> bool:
    return bool(
        ShareLink.objects.unrevoked()
        .filter(army_list=army_list, token=token)
        .update(revoked_at=timezone.now())
    )


def share_links_of(army_list: ArmyList):
    return army_list.share_links.unrevoked()


def share_link_etag(token: str) -> str | None:
    """The ETag of a share page, from one small query (None when the link is not usable)."""
    row = (
        ShareLink.objects.live()
        .filter(token=token)
        .values(
            "token",
            "kind",
            "list_version",
            "army_list__version",
            "army_list__module_id",
            "army_list__module__revision",
        )
        .first()
    )
    if row is None:
        return None
    # The page depends on the list's content and on the game data it is read with.
    snapshot = row["kind"] == ShareLink.SNAPSHOT
    version = row["list_version"] if snapshot else row["army_list__version"]
    key = (
        f"{row['token']}:{row['kind']}:{version}:"
        f"{row['army_list__module_id']}:{row['army_list__module__revision']}"
    )
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def share_url(request: HttpRequest | None, link: ShareLink) -> str:
    path = reverse("armylists:shared", args=[link.token])
    return request.build_absolute_uri(path) if request is not None else path


def live_share_link(army_list: ArmyList) -> ShareLink | None:
    """The list's live share link, if the owner made one (printed as a QR code on the roster)."""
    return army_list.share_links.unrevoked().filter(kind=ShareLink.LIVE).first()
