"""The answers of the list editor's edit endpoints (views/edit.py): to htmx, the fragments an
edit changed (the unit, or the added unit and its neighbours, or the whole roster) with the
totals, violations, undo button and list version swapped out of band, a fragment whose values
did not change drawn once; to a plain form post, a redirect back to the editor. A stale edit is
answered with the list as it is now (409), a refused one with its reason (400)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import escape

from forgebuilder.fragments import drawn_once
from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.presenters.editor import editor_context, violation_views
from forgebuilder.lists.views import render_editor
from forgebuilder.lists.views.editor_parts import editor_partial

STALE = "This list was changed in another tab or window. Your last change was not applied; here is the list as it is now."


CLEAR_FLASH = '<div id="flash" hx-swap-oob="innerHTML"></div>'


def respond(
    request, army_list: ArmyList, result, *, unit_id: str | None, catalogue: bool,
    added: bool = False, legends: bool = False, new_force: bool = False,
    keep_open: str | None = None,
):  # fmt: skip
    """The answer to an edit: fragments for htmx, a redirect back to the editor otherwise.

    A unit edit re-renders that unit, open (its controls drawn); adding a unit appends it to
    its force organization, closed (and refreshes the unit before it, whose "move down" button
    changes); anything else re-renders the whole roster, its cards closed but `keep_open`'s
    (the unit moved up or down, or copied). Totals, undo and version always come along; the
    problems (the panel, the marks, other cards' lists) where the edit moved them.
    """
    opened = unit_id or keep_open
    if not request.htmx:
        url = reverse("armylists:editor", args=[army_list.public_id])
        # without JavaScript, the unit's card stays open after changing one of its options
        return redirect(f"{url}?edit={opened}#unit-{opened}" if opened else url)
    new_unit, unit_before = _appended(result.roster, added)
    # adding, removing or moving units changes the slot counts and marks of the catalogue
    slots_changed = not unit_id and not catalogue
    context = _answer_context(
        request, army_list, result, unit_id=unit_id, new_unit=new_unit, new_force=new_force,
        with_catalogue=catalogue or slots_changed,
    )  # fmt: skip
    context["open_unit"] = opened or ""
    if unit_id and unit_id in context["units"]:
        # a unit's own edit cannot change slot counts; it can change which units have problems
        parts = [_partial("unit", {**context, "unit": context["units"][unit_id]}, request)]
        drawn = {unit_id}
    elif new_unit is not None:
        parts = _added_parts(request, context, new_unit, unit_before)
        drawn = {new_unit.id}
    else:
        parts = [_partial("roster", context, request)]
        drawn = set(context["units"])  # every card, with its problems
    oob = ["totals", "undo", "version"]
    oob += _also_changed(
        context, unit_id=unit_id, added=new_unit is not None, catalogue=catalogue,
        slots_changed=slots_changed, legends=legends,
    )  # fmt: skip
    parts += [_partial(name, {**context, "oob": True}, request) for name in oob]
    # an edit of one unit can fix (or break) a rule shown on other units' cards
    parts += _problem_parts(request, context, result.previous, drawn)
    if catalogue:
        parts.append(f"<title>{escape(result.document.name)} · forgebuilder</title>")
    parts.append(CLEAR_FLASH)  # a refusal shown earlier no longer applies
    response = HttpResponse("".join(parts))
    if new_unit is not None:
        response["HX-Reswap"] = "none"  # everything arrives out of band
    return response


def _answer_context(
    request, army_list, result, *, unit_id, new_unit, new_force: bool, with_catalogue: bool
) -> dict:
    """What an edit's answer draws: the edited or added unit in full, the others lightly."""
    roster = result.roster
    focus = {unit_id} if unit_id else {new_unit.id} if new_unit else None
    context = editor_context(
        army_list, roster, result.report,
        focus_units=focus if (unit_id or new_unit) else None,
        with_catalogue=with_catalogue,
        # a new force organization is what the player fills next
        adding_to=roster.forces[-1].id
        if new_force and roster.forces
        else request.POST.get("adding_to") or request.POST.get("force") or None,
    )  # fmt: skip
    context["undo_label"] = (
        result.undo_label or army_list.revisions.values_list("label", flat=True).first()
    )
    return context


def _problem_parts(request, context: dict, previous, drawn: set[str]) -> list[str]:
    """The problems panel, the marks of the units with errors and the problems of the cards not
    redrawn, each only where the edit moved them from what the page showed (`previous`, the
    list before the edit); all of them when that is unknown (undo)."""
    oob = {**context, "oob": True}
    if previous is None:
        names = ("violations", "unit-marks", "every-unit-problems")
        return [_partial(name, oob, request) for name in names]
    before = previous.report
    parts = _violation_parts(request, context, previous)
    marked = {u.id for u in previous.roster.units if _has_errors(before, u.id)}
    if set(context["error_units"]) != marked:
        parts.append(_partial("unit-marks", oob, request))
    for key, unit in context["units"].items():
        if key not in drawn and unit.problems != [v.message for v in before.violations_for(key)]:
            parts.append(_partial("unit-problems", {**oob, "unit": unit}, request))
    return parts


def _violation_parts(request, context: dict, previous) -> list[str]:
    """What moved in the problems panel: its rows whose words changed (the points over the
    limit, say), the rows added at its end and those gone from it; the whole panel where its
    heading or notes changed. Nothing when nothing moved."""
    rows = violation_views(previous.roster, previous.report)
    report, ruleset = previous.report, context["ruleset"]
    shown = (rows, report.notes, report.empty, ruleset.name, previous.document.casual)
    now = PLAIN_FRAGMENTS["violations"](context)
    if now == shown:
        return []
    if now[1:] != shown[1:] or _heading(now[0]) != _heading(rows):
        return [_partial("violations", {**context, "oob": True}, request)]
    parts = [
        _partial("violation-row", {**context, "v": v, "row": n, "row_oob": True}, request)
        for n, (v, was) in enumerate(zip(now[0], rows, strict=False), start=1)
        if v != was
    ]
    added = [
        _partial("violation-row", {**context, "v": v, "row": n}, request)
        for n, v in enumerate(now[0], start=1)
        if n > len(rows)
    ]
    if added:
        parts.append(f'<ul hx-swap-oob="beforeend:#violation-list">{"".join(added)}</ul>')
    gone = range(len(now[0]) + 1, len(rows) + 1)
    return parts + [f'<li id="violation-{n}" hx-swap-oob="delete"></li>' for n in gone]


def _heading(rows) -> tuple:
    """What the problems panel's heading and its line under it read from its rows."""
    return bool(rows), {v.severity for v in rows}


def _has_errors(report, unit_id: str) -> bool:
    return any(v.severity == "error" for v in report.violations_for(unit_id))


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
    """The fragments of an added unit: its card, the unit before it, a toast, its force's
    slots, its category."""
    added = {**context, "unit": context["units"][new_unit.id]}
    parts = [_partial("added-unit", added, request)]
    if previous:
        unit = context["units"][previous]
        parts.append(_partial("down-button", {**context, "unit": unit, "oob": True}, request))
    parts.append(_partial("toast", added, request))
    # the unit counts in its own force organization's slots only
    force = next(f for f in context["forces"] if f.id == new_unit.force_id)
    parts.append(_partial("force-slots", {**context, "force": force, "oob": True}, request))
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
}


def stale(request: HttpRequest, army_list: ArmyList, open_unit: str | None = None) -> HttpResponse:
    """The list as it is now (409), the card of the unit being edited open."""
    army_list.refresh_from_db()
    partial = "editor" if request.htmx else ""
    response = render_editor(
        request, army_list, status=409, banner=STALE, partial=partial, open_unit=open_unit
    )
    if request.htmx:
        response["HX-Retarget"] = "#editor"
        response["HX-Reswap"] = "outerHTML"
    return response


def refused(request: HttpRequest, army_list: ArmyList, message: str) -> HttpResponse:
    if request.htmx:
        html = render_to_string(
            "armylists/partials/flash.html", {"message": message}, request=request
        )
        response = HttpResponse(html, status=400)
        response["HX-Retarget"] = "#flash"
        response["HX-Reswap"] = "innerHTML"
        return response
    return render_editor(request, army_list, status=400, banner=message)
