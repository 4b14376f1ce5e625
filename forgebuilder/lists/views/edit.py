"""Edit endpoints of the list editor: small POST views, one per kind of change.

Each parses its form, calls a pure edit through `army_list_edit` and answers:
- to htmx, the changed fragments (the unit or the whole roster) with the totals, violations,
  undo button and list version swapped out-of-band;
- to a plain form post, a redirect back to the editor (the page works without JavaScript).
An edit from an out-of-date page (another tab changed the list) is refused with 409 and the
current list; an impossible or malformed edit gets 400; neither changes anything.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import escape
from django.views.decorators.http import require_POST

from factions.catalog import Catalog
from forgebuilder.engine.api import (
    MAX_PRE_GAME,
    ListDocument,
    ListWriteRefused,
    control_character_message,
)
from forgebuilder.fragments import drawn_once
from forgebuilder.lists import edits
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.pre_game import parse_choice
from forgebuilder.lists.presenters.editor import editor_context
from forgebuilder.lists.selectors import army_list_owned
from forgebuilder.lists.services import StaleEdit, army_list_edit_owned, army_list_undo
from forgebuilder.lists.views import render_editor
from forgebuilder.lists.views.editor_parts import editor_partial
from forgebuilder.numbers import parse_whole_number
from forgebuilder.refusals import Refused

STALE = "This list was changed in another tab or window. Your last change was not applied; here is the list as it is now."
NOTHING_TO_UNDO = "There is nothing to undo."
CLEAR_FLASH = '<div id="flash" hx-swap-oob="innerHTML"></div>'


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


def _run(
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
) -> HttpResponse:
    owner = owner_of(request, create=False)
    try:
        version = _int(request, "version")
        change = parse()
    except BadInput as exc:
        # a stranger learns nothing from a malformed edit: 404 before the reason
        return _refused(request, army_list_owned(owner=owner, public_id=public_id), str(exc))
    try:
        # one query finds the owner's list and locks it (the list is read only when it is theirs)
        result = army_list_edit_owned(
            owner=owner, public_id=public_id, expected_version=version, change=change, label=label
        )
    except ArmyList.DoesNotExist:
        raise Http404("No such list.") from None
    except StaleEdit:
        return _stale(request, army_list_owned(owner=owner, public_id=public_id))
    except (edits.EditError, ListWriteRefused) as exc:
        return _refused(request, army_list_owned(owner=owner, public_id=public_id), str(exc))
    return _respond(
        request, result.army_list, result, unit_id=unit_id, catalogue=catalogue, added=added,
        legends=legends, new_force=new_force,
    )  # fmt: skip


def _respond(
    request, army_list: ArmyList, result, *, unit_id: str | None, catalogue: bool,
    added: bool = False, legends: bool = False, new_force: bool = False,
):  # fmt: skip
    """The answer to an edit: fragments for htmx, a redirect back to the editor otherwise.

    A unit edit re-renders that unit; adding a unit appends it to its force organization (and
    refreshes the unit before it, whose "move down" button changes); anything else re-renders
    the whole roster. Totals, violations, undo, version and problem marks always come along.
    """
    if not request.htmx:
        url = reverse("armylists:editor", args=[army_list.public_id])
        # without JavaScript, the unit's Edit panel stays open after changing one of its options
        return redirect(f"{url}?edit={unit_id}#unit-{unit_id}" if unit_id else url)
    roster = result.roster
    new_unit, previous = _appended(roster, added)
    focus = {unit_id} if unit_id else {new_unit.id} if new_unit else None
    # adding, removing or moving units changes the slot counts and marks of the catalogue
    slots_changed = not unit_id and not catalogue
    context = editor_context(
        army_list, result.roster, result.report,
        focus_units=focus if (unit_id or new_unit) else None,
        with_catalogue=catalogue or slots_changed,
        # a new force organization is what the player fills next
        adding_to=roster.forces[-1].id
        if new_force and roster.forces
        else request.POST.get("adding_to") or request.POST.get("force") or None,
    )  # fmt: skip
    context["undo_label"] = (
        result.undo_label or army_list.revisions.values_list("label", flat=True).first()
    )
    # an edit of one unit can fix (or break) a rule shown on other units' cards
    oob = ["unit-marks", "every-unit-problems"]
    if unit_id and unit_id in context["units"]:
        # a unit's own edit cannot change slot counts; it can change which units have problems
        parts = [_partial("unit", {**context, "unit": context["units"][unit_id]}, request)]
    elif new_unit is not None:
        parts = _added_parts(request, context, new_unit, previous)
        oob.append("force-headers")
    else:
        parts = [_partial("roster", context, request)]
    oob += _also_changed(
        context, unit_id=unit_id, added=new_unit is not None, catalogue=catalogue,
        slots_changed=slots_changed, legends=legends,
    )  # fmt: skip
    for name in ["totals", "violations", "undo", "version", *oob]:
        parts.append(_partial(name, {**context, "oob": True}, request))
    if catalogue:
        parts.append(f"<title>{escape(result.document.name)} · forgebuilder</title>")
    parts.append(CLEAR_FLASH)  # a refusal shown earlier no longer applies
    response = HttpResponse("".join(parts))
    if new_unit is not None:
        response["HX-Reswap"] = "none"  # everything arrives out of band
    return response


def _also_changed(
    context: dict, *, unit_id, added: bool, catalogue: bool, slots_changed: bool, legends: bool
) -> list[str]:
    """The parts of the page besides the edited one that an edit may change (out of band)."""
    ruleset = context["ruleset"]
    names = []
    if catalogue:
        # settings, undo and force organizations can change the header and the datasheets
        names += ["catalogue", "list-head"]
    elif slots_changed and not added:
        names.append("catalogue-list")
    if ruleset.uses_legends and added:
        if context["legends"]["available"]:
            names.append("legend-units")  # the new unit may take a legend; nothing else changed
    elif ruleset.uses_legends and (not unit_id or legends):
        names.append("legends")
    if ruleset.uses_strategy_points and not unit_id and not added:
        names.append("pre-game")  # forces and the points limit change what is offered and paid
    return names


def _appended(roster, added: bool):
    """The unit an add appended to its force and the unit before it there (its "move down"
    button comes alive); (None, None) when nothing was added or it has no force to join."""
    new_unit = roster.units[-1] if added and roster.units else None
    if new_unit is None or roster.force(new_unit.force_id) is None:
        return None, None  # no container to append to: render the whole roster
    peers = roster.units_in(new_unit.force_id)
    return new_unit, peers[-2].id if len(peers) > 1 else None


def _added_parts(request: HttpRequest, context: dict, new_unit, previous: str | None) -> list[str]:
    """The fragments of an added unit: its card, the unit before it, a toast, its category."""
    added = {**context, "unit": context["units"][new_unit.id]}
    parts = [_partial("added-unit", added, request)]
    if previous:
        unit = context["units"][previous]
        parts.append(_partial("down-button", {**context, "unit": unit, "oob": True}, request))
    parts.append(_partial("toast", added, request))
    # only the added unit's category changes its slot count and marks
    group = context["catalogue"].category(new_unit.category) if context["catalogue"] else None
    if group is not None:
        parts.append(
            _partial("catalogue-category", {**context, "group": group, "oob": True}, request)
        )
    return parts


def _partial(name: str, context: dict, request: HttpRequest) -> str:
    values = PLAIN_FRAGMENTS.get(name)
    if values is not None:
        key = ("editor", name, bool(context.get("oob")), repr(values(context)))
        return drawn_once(key, lambda: _draw(name, context, request))
    return _draw(name, context, request)


def _draw(name: str, context: dict, request: HttpRequest) -> str:
    return render_to_string(editor_partial(name), context, request=request)


# Partials of the editor whose HTML is a function of these values alone (no CSRF token, no list
# version in them): an edit that leaves the values as they were reuses the HTML drawn before.
# A change to one of these partials must keep its entry here in step.
PLAIN_FRAGMENTS: dict[str, Callable[[dict], tuple]] = {
    "violations": lambda c: (
        c["violations"],
        c["report"].notes,
        c["report"].empty,  # "No units yet" until the first unit
        c["ruleset"].name,
        c["document"].casual,
    ),
    "unit-marks": lambda c: (c["error_units"],),
    "every-unit-problems": lambda c: tuple((k, tuple(u.problems)) for k, u in c["units"].items()),
    "force-headers": lambda c: tuple((f.id, f.slots) for f in c["forces"]),
}


def _stale(request: HttpRequest, army_list: ArmyList) -> HttpResponse:
    army_list.refresh_from_db()
    if request.htmx:
        response = render_editor(request, army_list, status=409, banner=STALE, partial="editor")
        response["HX-Retarget"] = "#editor"
        response["HX-Reswap"] = "outerHTML"
        return response
    return render_editor(request, army_list, status=409, banner=STALE)


def _refused(request: HttpRequest, army_list: ArmyList, message: str) -> HttpResponse:
    if request.htmx:
        html = render_to_string(
            "armylists/partials/flash.html", {"message": message}, request=request
        )
        response = HttpResponse(html, status=400)
        response["HX-Retarget"] = "#flash"
        response["HX-Reswap"] = "innerHTML"
        return response
    return render_editor(request, army_list, status=400, banner=message)


@require_POST
def unit_add(request: HttpRequest, public_id: str) -> HttpResponse:
    def parse():
        datasheet = _text(request, "datasheet")
        force = request.POST.get("force") or None
        return lambda doc, cat: edits.add_unit(doc, cat, datasheet=datasheet, force=force)[0]

    return _run(request, public_id, _added, parse, added=True)


def _about(unit_id: str, what: str) -> Callable[[ListDocument, Catalog], str]:
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

    return _run(request, public_id, _about(unit_id, "model count"), parse, unit_id=unit_id)


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

    return _run(request, public_id, _about(unit_id, "options"), parse, unit_id=unit_id)


@require_POST
def unit_rename(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        name = _text(request, "name", required=False, max_length=80)
        return lambda doc, cat: edits.rename_unit(doc, unit_id=unit_id, name=name)

    return _run(
        request, public_id, _about(unit_id, "renamed"), parse, unit_id=unit_id, legends=True
    )


@require_POST
def unit_specialty(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        specialty = _text(request, "specialty", required=False) or None
        return lambda doc, cat: edits.set_specialty(doc, cat, unit_id=unit_id, specialty=specialty)

    return _run(request, public_id, _about(unit_id, "power specialty"), parse, unit_id=unit_id)


@require_POST
def unit_duplicate(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    return _run(
        request, public_id, "Duplicate a unit",
        lambda: lambda doc, cat: edits.duplicate_unit(doc, unit_id=unit_id)[0],
    )  # fmt: skip


@require_POST
def unit_remove(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    return _run(
        request, public_id, "Remove a unit",
        lambda: lambda doc, cat: edits.remove_unit(doc, unit_id=unit_id),
    )  # fmt: skip


@require_POST
def unit_move(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        force = _text(request, "force")
        return lambda doc, cat: edits.move_unit(doc, unit_id=unit_id, force=force)

    return _run(request, public_id, "Move a unit", parse)


@require_POST
def unit_reorder(request: HttpRequest, public_id: str, unit_id: str) -> HttpResponse:
    def parse():
        step = _int(request, "step")
        if step not in (-1, 1):
            raise BadInput("'step' is -1 (up) or 1 (down).")
        return lambda doc, cat: edits.reorder_unit(doc, unit_id=unit_id, step=step)

    return _run(request, public_id, "Reorder units", parse)


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

    return _run(
        request, public_id, "Add a force organization", parse, catalogue=True, new_force=True
    )


@require_POST
def force_focus(request: HttpRequest, public_id: str, force_id: str) -> HttpResponse:
    def parse():
        focus = _text(request, "focus", required=False) or None
        return lambda doc, cat: edits.set_force_focus(doc, cat, force_id=force_id, focus=focus)

    return _run(request, public_id, "Change a force's focus", parse, catalogue=True)


@require_POST
def force_remove(request: HttpRequest, public_id: str, force_id: str) -> HttpResponse:
    def parse():
        move_to = request.POST.get("move_to") or None
        return lambda doc, cat: edits.remove_force(doc, force_id=force_id, move_to=move_to)

    return _run(request, public_id, "Remove a force organization", parse, catalogue=True)


@require_POST
def legend_add(request: HttpRequest, public_id: str) -> HttpResponse:
    def parse():
        legend = _text(request, "legend")
        unit = request.POST.get("unit") or None
        return lambda doc, cat: edits.add_legend(doc, cat, legend=legend, unit_id=unit)

    return _run(request, public_id, "Add a legend", parse)


@require_POST
def legend_remove(request: HttpRequest, public_id: str, index: int) -> HttpResponse:
    return _run(
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

    return _run(request, public_id, "Choose pre-game strategies", parse)


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

    return _run(request, public_id, "Change list settings", parse, catalogue=True)


@require_POST
def undo(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    try:
        version = _int(request, "version")
        label = army_list_undo(army_list=army_list, expected_version=version)
    except (BadInput, ListWriteRefused) as exc:
        return _refused(request, army_list, str(exc))
    except StaleEdit:
        return _stale(request, army_list)
    if label is None:
        return _refused(request, army_list, NOTHING_TO_UNDO)
    army_list.refresh_from_db()
    if not request.htmx:
        messages.info(request, f"Undone: {label}.")
        return redirect("armylists:editor", public_id=army_list.public_id)
    from forgebuilder.lists.selectors import evaluated_list

    return _respond(
        request, army_list, evaluated_list(army_list=army_list), unit_id=None, catalogue=True
    )
