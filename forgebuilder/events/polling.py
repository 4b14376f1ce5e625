"""One way for a part of an event's pages to keep itself current: it asks for itself again every
few seconds with a stamp of what it shows, and an unchanged part answers 204 (nothing to draw).

Three parts do: the player's "now" section and the board (the round's pairings and the
standings) of the event page, and the hall's screen. Each is drawn in the element `polled`
makes, and its view answers with `answered`: a hall of phones and screens costs one small
request each between changes. static/js/app.js keeps what a swap would lose (a half-typed
result, the focus, a folded part opened) on the pages that carry it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping

from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe


def stamp_of(*shown: object) -> str:
    """A short stamp of what a part shows (its inputs' repr): equal stamps, nothing to redraw."""
    return hashlib.blake2b(repr(shown).encode(), digest_size=8).hexdigest()


def polled(
    tag: str,
    body: str,
    *,
    url: str,
    stamp: str,
    seconds: int,
    attrs: Mapping[str, str],
    params: Mapping[str, str] | None = None,
) -> SafeString:
    """`body` (drawn by our own templates) in a `tag` element of `attrs` (its id among them)
    that asks `url` (with `params`) for itself again every `seconds` with `stamp`, htmx
    replacing it when it changed."""
    asked = urlencode({**(params or {}), "since": stamp})
    named = mark_safe(tag)  # one of our element names
    shown = format_html_join(" ", '{}="{}"', attrs.items())
    return format_html(
        '<{} {} data-polled data-stamp="{}" hx-get="{}?{}" hx-trigger="every {}s" '
        'hx-swap="outerHTML">{}</{}>',
        *(named, shown, stamp, url, asked, seconds, mark_safe(body), named),
    )


def answered(request: HttpRequest, stamp: str, drawn: Callable[[], str | None]) -> HttpResponse:
    """The part again (`drawn`), or 204 when the asker's stamp (`since`) is still `stamp` or
    there is nothing to draw for the asker (`drawn` gives None)."""
    if request.GET.get("since") == stamp:
        return HttpResponse(status=204)
    html = drawn()
    return HttpResponse(status=204) if html is None else HttpResponse(html)
