"""Where each named partial of the editor lives: editor.html is the frame, one file per panel."""

from __future__ import annotations

from django.template.loader import render_to_string

from forgebuilder.engine.api import extensions
from forgebuilder.lists.data_updates import data_update

_PANELS = {
    "armylists/editor/head.html": ("list-head", "undo"),
    "armylists/editor/totals.html": ("totals",),
    "armylists/editor/violations.html": ("violations", "violation-row"),
    "armylists/editor/catalogue.html": ("catalogue", "catalogue-list", "catalogue-category"),
    "armylists/editor/roster.html": ("roster", "force-slots", "unit-marks"),
    "armylists/editor/unit.html": (
        "unit",
        "unit-problems",
        "every-unit-problems",
        "down-button",
        "added-unit",
        "toast",
    ),
    "armylists/editor/legends.html": ("legends", "legend-units"),
    "armylists/editor/pre_game.html": ("pre-game",),
}
_FILE_OF = {name: path for path, names in _PANELS.items() for name in names}


def editor_partial(name: str) -> str:
    """The template name that renders the editor's partial `name` ("roster", "unit", ...)."""
    return f"{_FILE_OF.get(name, 'armylists/editor.html')}#{name}"


def data_update_banner(request, evaluated) -> str:
    """The banner of the module's new version, drawn out of band (empty when the list is on
    the current version): templates/armylists/editor/data_update.html."""
    army_list = evaluated.army_list
    notices = extensions.list_notices(army_list, evaluated.document)
    context = {
        "army_list": army_list,
        "data_update": data_update(evaluated),
        "lock": next((n for n in notices if n.locked), None),  # as the editor's page has it
        "oob": True,
    }
    return render_to_string("armylists/editor/data_update.html", context, request=request)
