"""A list as the subject of printouts: how the render task finds it again (an owner's list by
id, or the list behind a share token) and what drawing it costs. Registered with the printing
app when the app starts (apps.py); the roster, compact roster and token sheet register their
kinds from their own modules (exports/)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from forgebuilder.lists import exports
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.selectors import evaluated_list, evaluated_shared_list
from forgebuilder.printing.api import Subject, register_subject, render_priority

#: Units that cost one more unit of the "render-queue" limit: a 400-unit roster weighs 9.
UNITS_PER_WEIGHT = 50


def export_source_for(
    *,
    list_id: int | None = None,
    token: str | None = None,
    share_url: str = "",
    underdog: int | None = None,
) -> exports.ExportSource:
    """The export source of an owner's list (by id) or of the list behind a share token;
    `underdog`: the underdog points a match check gave it (its token sheet prints them)."""
    if token is not None:
        evaluated = evaluated_shared_list(token=token)
    else:
        army_list = ArmyList.objects.kept().select_related("module").get(pk=list_id)
        evaluated = evaluated_list(army_list=army_list)
    source = exports.source_from_evaluated(evaluated, share_url=share_url)
    return source if underdog is None else replace(source, match_underdog=underdog)


def render_weight(source: exports.ExportSource) -> int:
    """What drawing the list costs, counted by its units."""
    return 1 + len(source.roster.units) // UNITS_PER_WEIGHT


def _load(origin: Mapping[str, Any]) -> exports.ExportSource:
    return export_source_for(**origin)


def register() -> None:
    register_subject(
        Subject(
            name="list",
            load=_load,
            weight=render_weight,
            priority=lambda source: render_priority(render_weight(source)),
        )
    )
