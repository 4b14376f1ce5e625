"""`{{ text|rule_markup }}`: module rule text with its bold/italic marks and its lines rendered."""

from __future__ import annotations

from django import template

from factions import markup

register = template.Library()


@register.filter
def rule_markup(text: str | None):
    """Rule text with its emphasis, each of its lines and bullets on a line of its own: the
    same on every page and printout (a rule's bullet list ran together on the pages)."""
    return markup.render_lines(text)


@register.filter
def rule_plain(text: str | None) -> str:
    return markup.plain(text)
