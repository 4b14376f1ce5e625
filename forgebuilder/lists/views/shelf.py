"""My lists: one page of the player's lists, searched, filtered, sorted; and filing a list in a
folder."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from forgebuilder import refusals
from forgebuilder.lists.edits import EditError
from forgebuilder.lists.ownership import Owner, owner_of
from forgebuilder.lists.selectors import army_list_owned, army_lists_of
from forgebuilder.lists.services import army_list_file
from forgebuilder.lists.shelf import SORTS, ShelfQuery, shelf_of


def shelf_page(request: HttpRequest, owner: Owner, status: int = 200) -> HttpResponse:
    """My lists as the query string asks (a form that failed answers with it too)."""
    context = {
        "shelf": shelf_of(owner=owner, query=ShelfQuery.from_params(request.GET)),
        "sorts": [(key, label) for key, (label, _) in SORTS.items()],
        "deleted": army_lists_of(owner=owner, deleted=True).only("public_id", "name",
                   "deleted_at", "module__name")[:20],
    }  # fmt: skip
    return render(request, "armylists/my_lists.html", context, status=status)


@require_GET
def my_lists(request: HttpRequest) -> HttpResponse:
    return shelf_page(request, owner_of(request, create=False))


@require_GET
def list_manage(request: HttpRequest, public_id: str) -> HttpResponse:
    """A list's rename, folder, duplicate and delete forms: their own page without JavaScript,
    loaded into the row's Manage menu when it opens with it (My lists draws no forms)."""
    owner = owner_of(request, create=False)
    army_list = army_list_owned(owner=owner, public_id=public_id)
    folders = (
        army_lists_of(owner=owner)
        .exclude(folder="")
        .order_by("folder")
        .values_list("folder", flat=True)
        .distinct()
    )
    return render(request, "armylists/manage.html", {"item": army_list, "folders": folders})


@require_POST
def list_folder(request: HttpRequest, public_id: str) -> HttpResponse:
    owner = owner_of(request, create=False)
    army_list = army_list_owned(owner=owner, public_id=public_id)
    try:
        folder = army_list_file(army_list=army_list, folder=request.POST.get("folder", ""))
    except EditError as exc:
        refusals.flash(request, exc)
        return shelf_page(request, owner, status=400)
    if folder:
        messages.success(request, f"“{army_list.name}” is in the folder “{folder}”.")
    else:
        messages.success(request, f"“{army_list.name}” is in no folder now.")
    return redirect("armylists:my_lists")
