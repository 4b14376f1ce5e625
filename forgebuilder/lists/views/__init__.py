"""Pages of the list builder: a new list, the editor, import and export."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import content_disposition_header, url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from factions.catalog import catalog_for
from factions.models import GameModule
from forgebuilder import refusals
from forgebuilder.engine.api import ListDocument, ListWriteRefused, campaign_state_left_behind
from forgebuilder.filenames import file_stem
from forgebuilder.lists import data_updates
from forgebuilder.lists.edits import EditError, new_document
from forgebuilder.lists.exports import list_text, source_from_evaluated
from forgebuilder.lists.forms import NewListForm
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.presenters.editor import editor_context
from forgebuilder.lists.selectors import army_list_owned, army_lists_of, evaluated_list
from forgebuilder.lists.services import (
    army_list_create,
    army_list_delete,
    army_list_duplicate,
    army_list_rename,
    army_list_restore,
)
from forgebuilder.lists.sharing import share_links_of
from forgebuilder.lists.views.editor_parts import editor_partial
from forgebuilder.lists.views.shelf import shelf_page
from forgebuilder.ratelimit import rate_limited


@require_GET
def export_all(request: HttpRequest) -> HttpResponse:
    """Every list of the player (not those in the bin) as one JSON file: each entry is a list
    document the import page reads back."""
    owner = owner_of(request, create=False)
    documents = [army_list.document for army_list in army_lists_of(owner=owner)]
    response = JsonResponse(
        {"format": "forgebuilder-lists", "lists": documents},
        json_dumps_params={"indent": 2, "ensure_ascii": False},
    )
    response["Cache-Control"] = "no-store"
    return as_attachment(response, "forgebuilder-lists.json")


@require_http_methods(["GET", "POST"])
@rate_limited("create", "new lists")
def list_new(request: HttpRequest) -> HttpResponse:
    form = NewListForm(
        request.POST if request.method == "POST" else None, initial=request.GET.dict()
    )
    if request.method == "POST" and form.is_valid():
        module: GameModule = form.cleaned_data["module"]
        catalog = catalog_for(module)
        try:
            document = new_document(
                catalog,
                faction=form.cleaned_data["faction_key"],
                name=form.cleaned_data["name"],
                points_limit=form.cleaned_data["points_limit"],
                casual=form.cleaned_data["casual"],
                focus=form.cleaned_data.get("focus") or None,
                doctrine=form.cleaned_data.get("doctrine") or None,
            )
        except EditError as exc:
            form.add_error(None, str(exc))
        else:
            army_list = army_list_create(
                owner=owner_of(request), catalog=catalog, document=document
            )
            return redirect("armylists:editor", public_id=army_list.public_id)
    return render(request, "armylists/new.html", {"form": form}, status=400 if form.errors else 200)


@require_GET
def editor(request: HttpRequest, public_id: str) -> HttpResponse:
    """The editor page; `?edit=<unit>` draws that unit's card open, with its controls (the
    other cards show their units and an Edit link here). htmx asks the same address for the
    opened card alone, which it swaps in."""
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    unit_id = request.GET.get("edit", "")
    if request.htmx and unit_id:
        return opened_card(request, army_list, unit_id)
    return render_editor(request, army_list)


def opened_card(request: HttpRequest, army_list, unit_id: str) -> HttpResponse:
    """One unit's card drawn open, with its controls (htmx's answer to its Edit link)."""
    evaluated = evaluated_list(army_list=army_list)
    context = editor_context(
        army_list, evaluated.roster, evaluated.report, focus_units={unit_id}, with_catalogue=False
    )
    unit = context["units"].get(unit_id)
    if unit is None:
        raise Http404("This unit is no longer in the list: reload the page.")
    context.update(unit=unit, open_unit=unit_id)
    response = render(request, editor_partial("unit"), context)
    patch_vary_headers(response, ["HX-Request"])  # the page and the card share one address
    return response


def render_editor(
    request, army_list, *, status: int = 200, banner: str = "", partial: str = "",
    open_unit: str | None = None,
):  # fmt: skip
    evaluated = evaluated_list(army_list=army_list)
    context = editor_context(
        army_list,
        evaluated.roster,
        evaluated.report,
        adding_to=request.GET.get("to") or None,
        query=request.GET.get("q", "")[:80],
    )
    context["banner"] = banner
    context["data_update"] = data_updates.data_update(evaluated)
    context["undo_label"] = army_list.revisions.values_list("label", flat=True).first()
    context["share_links"] = share_links_of(army_list)
    context["open_unit"] = open_unit or request.GET.get("edit", "")
    # the copy box is filled in the page: the text is readable without JavaScript
    context["list_text"] = list_text(source_from_evaluated(evaluated))
    template = editor_partial(partial) if partial else "armylists/editor.html"
    return render(request, template, context, status=status)


@require_POST
def list_rename(request: HttpRequest, public_id: str) -> HttpResponse:
    owner = owner_of(request, create=False)
    army_list = army_list_owned(owner=owner, public_id=public_id)
    try:
        army_list_rename(army_list=army_list, name=request.POST.get("name", ""))
    except (EditError, ListWriteRefused) as exc:
        refusals.flash(request, exc)
        return shelf_page(request, owner, status=400)
    messages.success(request, "List renamed.")
    next_url = request.POST.get("next", "")
    # Only a path of this site; `redirect()` would take any other word for a view name (500).
    if not next_url.startswith("/") or not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = reverse("armylists:my_lists")
    return HttpResponseRedirect(next_url)


@require_POST
@rate_limited("create", "new lists")
def list_duplicate(request: HttpRequest, public_id: str) -> HttpResponse:
    owner = owner_of(request, create=False)
    army_list = army_list_owned(owner=owner, public_id=public_id)
    copy = army_list_duplicate(army_list=army_list, owner=owner)
    messages.success(request, f"Made a copy: {copy.name}.")
    left = ListDocument.model_validate(army_list.document).campaign_units()
    if left:
        messages.info(request, campaign_state_left_behind(left))
    return redirect("armylists:editor", public_id=copy.public_id)


@require_POST
def list_delete(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    try:
        army_list_delete(army_list=army_list)
    except ListWriteRefused as exc:
        return refusals.answer(request, exc, reverse("armylists:my_lists"))
    messages.success(request, f"Deleted “{army_list.name}”. You can restore it below.")
    return redirect("armylists:my_lists")


@require_POST
def list_restore(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(
        owner=owner_of(request, create=False), public_id=public_id, deleted=True
    )
    army_list_restore(army_list=army_list)
    messages.success(request, f"Restored “{army_list.name}”.")
    return redirect("armylists:my_lists")


def download_name(army_list, extension: str) -> str:
    """The list's name as a file name, in any alphabet ("дружина-1000pts.json")."""
    return f"{file_stem(army_list.name, 'list')}-{army_list.points_limit}pts.{extension}"


def as_attachment(response: HttpResponse, filename: str) -> HttpResponse:
    """Download `response` as `filename`; non-ASCII names travel as RFC 6266 `filename*`."""
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@require_GET
def export_json(request: HttpRequest, public_id: str) -> HttpResponse:
    army_list = army_list_owned(owner=owner_of(request, create=False), public_id=public_id)
    response = JsonResponse(
        army_list.document, json_dumps_params={"indent": 2, "ensure_ascii": False}
    )
    return as_attachment(response, download_name(army_list, "json"))
