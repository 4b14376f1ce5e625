"""`{% pdf_support as pdf %}`: whether this server can draw PDFs, for the download buttons;
`{% printouts as printouts %}`: the printouts there are, one download form each."""

from __future__ import annotations

from django import template

from forgebuilder.printing.availability import PdfSupport
from forgebuilder.printing.availability import pdf_support as lookup
from forgebuilder.printing.registry import PrintoutKind
from forgebuilder.printing.registry import printouts as registered

register = template.Library()


@register.simple_tag
def pdf_support() -> PdfSupport:
    return lookup()


@register.simple_tag
def printouts() -> tuple[PrintoutKind, ...]:
    """`{% printouts as printouts %}`: every registered printout, for its download form."""
    return tuple(registered())
