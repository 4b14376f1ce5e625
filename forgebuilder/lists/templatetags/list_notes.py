"""`{{ document|unit_notes:unit.id }}`: a unit's notes in templates that show presenter units."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def unit_notes(document, unit_id: str) -> str:
    unit = document.unit(unit_id) if document is not None else None
    return unit.notes if unit is not None else ""


@register.filter
def has_notes(document) -> bool:
    """Whether the list or any of its units carries notes."""
    return bool(document.notes or any(unit.notes for unit in document.units))
