"""`{% card_profile card %}`: a card's profile (factions/partials/card_body.html), drawn once per
distinct card.

A list's units share datasheets and loadouts, and an edit changes one unit: the profile of a card
depends on the card's values only, so its HTML is kept (forgebuilder.fragments) and an
unchanged card is not drawn again. The key is the card's repr (a dataclass: every field, nested)
without its key and title, which the profile does not show (card_body.html must not use them).
"""

from __future__ import annotations

from dataclasses import replace

from django import template
from django.template.loader import render_to_string

from factions.cards import Card
from forgebuilder.fragments import drawn_once

register = template.Library()

TEMPLATE = "factions/partials/card_body.html"


# What the profile does not show: units that differ only in these share one drawing.
NOT_DRAWN = {"key": "", "title": ""}


@register.simple_tag
def card_profile(card: Card):
    key = ("card_profile", repr(replace(card, **NOT_DRAWN)))
    return drawn_once(key, lambda: render_to_string(TEMPLATE, {"card": card}))
