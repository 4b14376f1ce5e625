"""Refusals a player should read, and their answers, in one place.

`Refused(message, hint)` (forgebuilder/refused.py, re-exported here) is the one type of an
action or input refused; each kind is a subclass with a stable code. `answer(request, refusal)`
turns it into what the request gets: `{"errors": [{"code", "message", "hint", "path"}]}` with
400 for the JSON API, the message flashed in place for htmx, and for a page the message flashed
and a redirect back; `RefusedMiddleware` answers so for a view that lets one through, and
`flash` is the message of a form view that answers itself.

`raise NotFound(reason, hint)` where a page does not exist for this visitor, `raise
Forbidden(reason, hint)` where it exists but is not theirs to see; `link` names where to go next.
Django's own 404s (an address no pattern matches, an object not found) keep the general page, so
no internal message ever reaches a player."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme

from forgebuilder.refused import Refused

__all__ = ["Forbidden", "NotFound", "Refused", "RefusedMiddleware", "answer", "flash"]


class _Reasoned:
    def __init__(self, reason: str, hint: str = "", link: tuple[str, str] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint
        self.link = link  # (address, label) of the next step


class NotFound(_Reasoned, Http404):
    """A 404 whose reason is written for the player."""


class Forbidden(_Reasoned, PermissionDenied):
    """A 403 whose reason is written for the player."""


def reason_context(exception: Exception | None) -> dict:
    """The error page's words for `exception`: its reason, hint and link where it has them."""
    if isinstance(exception, _Reasoned):
        return {"reason": exception.reason, "hint": exception.hint, "link": exception.link}
    return {"reason": "", "hint": "", "link": None}


def words(refusal: Refused) -> str:
    """The refusal as a player reads it: its message, then its hint where it has one."""
    return f"{refusal.message} {refusal.hint}" if refusal.hint else refusal.message


def flash(request: HttpRequest, refusal: Refused, prefix: str = "") -> None:
    """The refusal as the next page's error message (`prefix` names what it is about)."""
    messages.error(request, f"{prefix}{words(refusal)}")


def wants_json(request: HttpRequest) -> bool:
    return request.path.startswith("/api/") or request.content_type == "application/json"


def answer(request: HttpRequest, refusal: Refused, back: str = "") -> HttpResponse:
    """What a request that was refused gets: JSON errors, an htmx flash or a page.

    A page is sent `back` (the view's choice), else to the `back` the form sent, else to the
    page it came from, each only if it is of this site; with none, the 400 page says why."""
    if wants_json(request):
        return JsonResponse({"errors": refusal.errors()}, status=400)
    if request.headers.get("HX-Request") == "true":  # the page stays; the message is flashed
        html = format_html(
            '<div class="messages"><p class="flash error" role="alert">{}</p></div>',
            words(refusal),
        )
        response = HttpResponse(html, status=400)
        response["HX-Retarget"], response["HX-Reswap"] = "#flash", "innerHTML"
        return response
    places = (back,) if back else (request.POST.get("back", ""), request.headers.get("Referer", ""))
    for place in places:
        if place and url_has_allowed_host_and_scheme(
            place, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            flash(request, refusal)
            return redirect(place)
    return render(request, "400.html", {"message": words(refusal)}, status=400)


class RefusedMiddleware:
    """A `Refused` a view lets through is answered by `answer`, never a 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Refused):
            return answer(request, exception)
        return None
