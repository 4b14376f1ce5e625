"""`{{ text|rule_markup }}`: module rule text with its bold/italic marks rendered."""

from __future__ import annotations

from django import template

from factions import markup

register = template.Library()


@register.filter
def rule_markup(text: str | None):
    return markup.render(text)


@register.filter
def rule_markup_lines(text: str | None):
    """As `rule_markup`, each line of the text on a line of its own (printouts)."""
    return markup.render_lines(text)


@register.filter
def rule_plain(text: str | None) -> str:
    return markup.plain(text)
