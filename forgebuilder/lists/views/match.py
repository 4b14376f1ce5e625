"""Check a list against the opponent's before a game (rulesets with a match check).

A GET form: it reads lists and changes nothing. Only the list's owner reaches it (404 for
anyone else); the opponent's list comes from the owner's own lists or from a share link.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from forgebuilder.engine.api import MatchError
from forgebuilder.lists.matchup import matchup, opponent_choices
from forgebuilder.lists.ownership import owner_of
from forgebuilder.lists.selectors import army_list_owned


@require_GET
def match(request: HttpRequest, public_id: str) -> HttpResponse:
    owner = owner_of(request, create=False)
    army_list = army_list_owned(owner=owner, public_id=public_id)  # 404 if not yours
    opponent_list = request.GET.get("opponent", "")[:64]
    opponent_link = request.GET.get("link", "")[:500]
    context = {
        "army_list": army_list,
        "choices": opponent_choices(army_list, owner),
        "opponent_list": opponent_list,
        "opponent_link": opponent_link,
        "result": None,
        "error": "",
    }
    if "opponent" in request.GET or "link" in request.GET:
        try:
            context["result"] = matchup(
                mine=army_list,
                owner=owner,
                opponent_list=opponent_list,
                opponent_link=opponent_link,
            )
        except MatchError as exc:
            context["error"] = str(exc)
    status = 400 if context["error"] else 200
    return render(request, "armylists/match.html", context, status=status)
