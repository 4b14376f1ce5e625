"""`{% shelf_row item %}`: a row of My lists (armylists/partials/shelf_row.html), drawn once per
distinct content.

A page of My lists is 25 rows of the same small template; drawing them was half of the page's
server time, and a row looks the same from one visit to the next until its list changes. The
row is drawn from plain values (`ShelfRow`: everything it shows, its date already written) and
kept by those values (forgebuilder.fragments), so two different rows never share a drawing. It
carries no form and no token (its Manage menu loads its forms when it opens).
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from django import template
from django.template.loader import render_to_string
from django.utils import dateformat, timezone
from django.utils.safestring import SafeString

from forgebuilder.fragments import drawn_once

register = template.Library()

TEMPLATE = "armylists/partials/shelf_row.html"


@dataclass(frozen=True)
class ShelfRow:
    """What a row of My lists shows, as plain values."""

    public_id: str
    name: str
    marks: tuple[str, ...]
    folder: str
    unit_count: int
    changed: str  # the day the list last changed, as the row writes it
    game: str
    outdated: bool
    built_on: str
    faction_name: str
    points: int
    points_limit: int
    legal: bool


def shelf_row_of(item) -> ShelfRow:
    """The row of an ArmyList as `shelf_of` reads it (its marks and version annotated)."""
    return ShelfRow(
        public_id=item.public_id,
        name=item.name,
        marks=tuple(item.marks),
        folder=item.folder,
        unit_count=item.unit_count,
        changed=dateformat.format(timezone.localtime(item.updated_at), "j M Y"),
        game=item.module.name,
        outdated=item.outdated,
        built_on=str(item.built_on or ""),
        faction_name=item.faction_name,
        points=item.points,
        points_limit=item.points_limit,
        legal=item.legal,
    )


@register.simple_tag
def shelf_row(item) -> SafeString:
    row = shelf_row_of(item)
    return drawn_once(
        ("shelf_row", *astuple(row)), lambda: render_to_string(TEMPLATE, {"item": row})
    )
