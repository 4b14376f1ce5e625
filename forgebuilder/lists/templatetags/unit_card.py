"""`{% unit_card %}`: the editor's card of one unit (armylists/editor/unit_card.html), drawn once
per distinct content.

A list's editor page holds a card for every unit, each with a dozen small forms; drawing them is
most of the page's server time, and an edit changes one unit. Every form of a card carries the
session's CSRF token and the list's version, which change the HTML but not what the card says:
the card is drawn with marks in their place, kept (forgebuilder.fragments), and the marks are
replaced by the request's token and the list's version on every use. The marks are random per
process, so no text a player types can turn into one.

The key is everything else the card shows: the unit's view (a dataclass: every field, nested),
its notes, the campaign lock notice (a frozen dataclass), whether the card opens its edit panel,
and whether it answers out of band. unit_card.html must show nothing else.
"""

from __future__ import annotations

import secrets

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from forgebuilder.fragments import drawn_once
from forgebuilder.lists.templatetags.list_notes import unit_notes

register = template.Library()

TEMPLATE = "armylists/editor/unit_card.html"
CSRF_MARK = f"csrf{secrets.token_hex(16)}"
VERSION_MARK = f"version{secrets.token_hex(16)}"
# A card htmx asked for posts its forms through htmx, which sends the token in a header
# (`hx-headers` on the page's <body>): its forms carry no token field of their own.
CSRF_FIELD = f'<input type="hidden" name="csrfmiddlewaretoken" value="{CSRF_MARK}">'


@register.simple_tag(takes_context=True)
def unit_card(context) -> SafeString:
    unit = context["unit"]
    values = {
        "unit": unit,
        "notes": unit_notes(context["document"], unit.id),
        "lock": context["lock"],
        "open": unit.id == context["open_unit"],
        "oob": context["oob"],
    }
    version, token = context["army_list"].version, context.get("csrf_token")
    if token in (None, "NOTPROVIDED"):  # drawn without a request: no token to stamp
        return mark_safe(render_to_string(TEMPLATE, {**values, "version": version}))
    key = ("unit_card", *map(repr, values.values()))
    marked = drawn_once(
        key,
        lambda: render_to_string(
            TEMPLATE, {**values, "csrf_token": CSRF_MARK, "version": VERSION_MARK}
        ),
    )
    if getattr(context.get("request"), "htmx", False):
        marked = marked.replace(CSRF_FIELD, "")
    stamped = marked.replace(CSRF_MARK, str(token)).replace(VERSION_MARK, str(version))
    return mark_safe(stamped)  # drawn by our own template, which escapes; the stamps are ours
