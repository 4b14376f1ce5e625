"""Edit endpoints of the list editor: small POST views, one per kind of change.

Each parses its form, calls a pure edit through `army_list_edit` and answers:
- to htmx, the changed fragments (the unit or the whole roster) with the totals, violations,
  undo button and list version swapped out-of-band;
- to a plain form post, a redirect back to the editor (the page works without JavaScript).
An edit from an out-of-date page (another tab changed the list) is refused with 409 and the
current list; an impossible or malformed edit gets 400; neither changes anything. The answers
are built in views/edit_answers.py.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from factions.catalog import Catalog
from forgebuilder.engine.api import (
    MAX_PRE_GAME,
    ListDocument,
    ListWriteRefused,
    control_character_message,
)
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.pre_game import parse_choice
from forgebuilder.lists.selectors import army_list_owned, evaluated_list
from forgebuilder.lists.services import StaleEdit, army_list_edit_owned, army_list_undo
from forgebuilder.lists.views.edit_answers import refused, respond, stale
from forgebuilder.lists.views.editor_parts import data_update_banner
from forgebuilder.numbers import parse_whole_number
from forgebuilder.refusals import Refused

NOTHING_TO_UNDO = "There is nothing to undo."


class BadInput(Refused):
    """An edit form sent a value the editor never sends (a number that is not one)."""

    code = "malformed-edit-form"


def _int(request: HttpRequest, name: str, *, minimum: int | None = None) -> int:
    value = parse_whole_number(request.POST.get(name), negative=True)
    if value is None:
        raise BadInput(f"'{name}' must be a whole number.")
    if minimum is not None and value < minimum:
        raise BadInput(f"'{name}' must be at least {minimum}.")
    return value


def _text(request: HttpRequest, name: str, *, required: bool = True, max_length: int = 200) -> str:
    value = request.POST.get(name)
    if value is None or (required and not value.strip()):
        raise BadInput(f"'{name}' is missing.")
    if len(value) > max_length:
        raise BadInput(f"'{name}' is too long.")
    problem = control_character_message(value)
    if problem:
        raise BadInput(f"'{name}' {problem}.")
    return value.strip()


def run_edit(
    request: HttpRequest,
    public_id: str,
    label: str | Callable[[ListDocument, Catalog], str],
    parse: Callable[[], Callable[[ListDocument, Catalog], ListDocument]],
    *,
    unit_id: str | None = None,
    catalogue: bool = False,
    added: bool = False,
    legends: bool = False,
    new_force: bool = False,
    keep_open: str | None = None,
) -> HttpResponse:
    """One edit of the owner's list from the editor (its endpoints and the notes views): `parse`
    reads the form into the change (BadInput says what is wrong), `label` names it for undo,
    and the answer is the page, or for htmx what the edit moved."""
    owner = owner_of(request, create=False)
    try:
        version = _int(request, "version")
        change = parse()
    except BadInput as exc:
        # a stranger learns nothing from a malformed edit: 404 before the reason
        return refused(request, army_list_owned(owner=owner, public_id=public_id), str(exc))
    try:
        # one query finds the owner's list and locks it (the list is read only when it is theirs)
        result = army_list_edit_owned(
            owner=owner, public_id=public_id, expected_version=version, change=change, label=label
        )
    except ArmyList.DoesNotExist:
        raise Http404("No such list.") from None
    except StaleEdit:
        army_list = army_list_owned(owner=owner, public_id=public_id)
        return stale(request, army_list, open_unit=unit_id or keep_open)
    except (edits.EditError, ListWriteRefused) as exc:
        return refused(request, army_list_owned(owner=owner, public_id=public_id), str(exc))
    return respond(
        request, result.army_list, result, unit_id=unit_id, catalogue=catalogue, added=added,
        legends=legends, new_force=new_force, keep_open=keep_open,
    )  # fmt: skip


@require_POST
def unit_add(request: HttpRequest, public_id: str) -> HttpResponse:
    def parse():
        datasheet = _text(request, "datasheet")
        force = request.POST.get("force") or None
        return lambda doc, cat: edits.add_unit(doc, cat, datasheet=datasheet, force=force)[0]

    return run_edit(request, public_id, _added, parse, added=True)


def unit_label(unit_id: str, what: str) -> Callable[[ListDocument, Catalog], str]:
    """A revision label naming the unit: "Hearthguard: options"."""

    def label(document: ListDocument, catalog: Catalog) -> str:
        unit = document.unit(unit_id)
        if unit is None:
            return what
        if unit.name:
            return f"{unit.name}: {what}"
        faction = next((f.faction for f in document.forces if f.id == unit.force), document.faction)
        sheet = catalog.datasheet(faction, unit.datasheet)
        return f"{sheet.name if sheet else unit.datasheet}: {what}"

    return label


def _added(document: ListDocument, catalog: Catalog) -> str:
    unit = document.units[-1]
    faction = next((f.faction for f in document.forces if f.id == unit.force), document.faction)
    sheet = catalog.datasheet(faction, unit.datasheet)
    return f"Add {sheet.name if sheet else unit.datasheet}"


@require_POST
def unit_models(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        model = _text(request, "model")
        # a step button posts the new count; a count typed in the field (or Enter) posts "typed"
        typed = "typed" in request.POST and (
            "count" not in request.POST or "typed_count" in request.POST
        )
        count = _int(request, "typed" if typed else "count", minimum=0)
        return lambda doc, cat: edits.set_model_count(
            doc, cat, unit_id=unit_id, model=model, count=count
        )

    return run_edit(request, public_id, unit_label(unit_id, "model count"), parse, unit_id=unit_id)


@require_POST
def unit_option(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        option = _text(request, "option")
        choice = request.POST.get("choice", "").strip() or None
        exclusive = request.POST.get("exclusive") == "1"
        count = _int(request, "count", minimum=0) if "count" in request.POST else int(bool(choice))
        return lambda doc, cat: edits.set_option(
            doc, cat, unit_id=unit_id, option=option, choice=choice, count=count,
            exclusive=exclusive,
        )  # fmt: skip

    return run_edit(request, public_id, unit_label(unit_id, "options"), parse, unit_id=unit_id)


@require_POST
def unit_rename(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        name = _text(request, "name", required=False, max_length=80)
        return lambda doc, cat: edits.rename_unit(doc, unit_id=unit_id, name=name)

    return run_edit(
        request, public_id, unit_label(unit_id, "renamed"), parse, unit_id=unit_id, legends=True
    )


@require_POST
def unit_specialty(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        specialty = _text(request, "specialty", required=False) or None
        return lambda doc, cat: edits.set_specialty(doc, cat, unit_id=unit_id, specialty=specialty)

    return run_edit(
        request, public_id, unit_label(unit_id, "power specialty"), parse, unit_id=unit_id
    )


@require_POST
def unit_duplicate(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    return run_edit(
        request, public_id, "Duplicate a unit",
        lambda: lambda doc, cat: edits.duplicate_unit(doc, unit_id=unit_id)[0],
        keep_open=unit_id,
    )  # fmt: skip


@require_POST
def unit_remove(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    return run_edit(
        request, public_id, "Remove a unit",
        lambda: lambda doc, cat: edits.remove_unit(doc, unit_id=unit_id),
    )  # fmt: skip


@require_POST
def unit_move(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        force = _text(request, "force")
        return lambda doc, cat: edits.move_unit(doc, unit_id=unit_id, force=force)

    return run_edit(request, public_id, "Move a unit", parse, keep_open=unit_id)


@require_POST
def unit_reorder(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        step = _int(request, "step")
        if step not in (-1, 1):
            raise BadInput("'step' is -1 (up) or 1 (down).")
        return lambda doc, cat: edits.reorder_unit(doc, unit_id=unit_id, step=step)

    return run_edit(request, public_id, "Reorder units", parse, keep_open=unit_id)


@require_POST
def force_add(request: HttpRequest, public_id: str) -> HttpResponse:
    def parse():
        value = _text(request, "organization")
        faction, sep, organization = value.partition("/")
        if not sep:
            raise BadInput("'organization' is written faction/organization.")
        return lambda doc, cat: edits.add_force(
            doc, cat, organization=organization, faction=faction
        )[0]

    return run_edit(
        request, public_id, "Add a force organization", parse, catalogue=True, new_force=True
    )


@require_POST
def force_focus(request: HttpRequest, public_id: str, force_id: str) -> HttpResponse:
    def parse():
        focus = _text(request, "focus", required=False) or None
        return lambda doc, cat: edits.set_force_focus(doc, cat, force_id=force_id, focus=focus)

    return run_edit(request, public_id, "Change a force's focus", parse, catalogue=True)


@require_POST
def force_remove(request: HttpRequest, public_id: str, force_id: str) -> HttpResponse:
    def parse():
        move_to = request.POST.get("move_to") or None
        return lambda doc, cat: edits.remove_force(doc, force_id=force_id, move_to=move_to)

    return run_edit(request, public_id, "Remove a force organization", parse, catalogue=True)


@require_POST
def legend_add(request: HttpRequest, public_id: str) -> HttpResponse:
    def parse():
        legend = _text(request, "legend")
        unit = request.POST.get("unit") or None
        return lambda doc, cat: edits.add_legend(doc, cat, legend=legend, unit_id=unit)

    return run_edit(request, public_id, "Add a legend", parse)


@require_POST
def legend_remove(request: HttpRequest, public_id: str, index: int) -> HttpResponse:
    return run_edit(
        request, public_id, "Remove a legend",
        lambda: lambda doc, cat: edits.remove_legend(doc, index=index),
    )  # fmt: skip


@require_POST
def pre_game(request: HttpRequest, public_id: str) -> HttpResponse:
    """The list's pre-game strategies become the ticked ones (the whole choice is sent)."""

    def parse():
        values = request.POST.getlist("strategy")
        if len(values) > MAX_PRE_GAME:
            raise BadInput(f"A list may choose at most {MAX_PRE_GAME} pre-game strategies.")
        chosen = [parse_choice(value) for value in values]
        if None in chosen:
            raise BadInput("A pre-game strategy reads '<faction>/<strategy>'.")
        return lambda doc, cat: edits.set_pre_game_strategies(doc, cat, chosen=chosen)

    return run_edit(request, public_id, "Choose pre-game strategies", parse)


@require_POST
def settings(request: HttpRequest, public_id: str) -> HttpResponse:
    def parse():
        name = _text(request, "name", required=False, max_length=120)
        limit = _int(request, "points_limit", minimum=1)
        focus = request.POST.get("focus") or None
        doctrine = request.POST.get("doctrine") or None
        casual = request.POST.get("casual") in ("on", "1", "true")
        return lambda doc, cat: edits.update_settings(
            doc, cat, name=name, points_limit=limit, focus=focus, casual=casual, doctrine=doctrine
        )

    return run_edit(request, public_id, "Change list settings", parse, catalogue=True)


@require_POST
def undo(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    try:
        version = _int(request, "version")
        label = army_list_undo(army_list=army_list, expected_version=version)
    except (BadInput, ListWriteRefused) as exc:
        return refused(request, army_list, str(exc))
    except StaleEdit:
        return stale(request, army_list)
    if label is None:
        return refused(request, army_list, NOTHING_TO_UNDO)
    army_list.refresh_from_db()
    if not request.htmx:
        messages.info(request, f"Undone: {label}.")
        return redirect("armylists:editor", public_id=army_list.public_id)
    evaluated = evaluated_list(army_list=army_list)
    response = respond(request, army_list, evaluated, unit_id=None, catalogue=True)
    # undoing an update to the module's new version brings its banner back
    response.content += data_update_banner(request, evaluated).encode()
    return response
