"""`{% pdf_support as pdf %}`: whether this server can draw PDFs, for the download buttons."""

from __future__ import annotations

from django import template

from ..exports.availability import PdfSupport
from ..exports.availability import pdf_support as lookup

register = template.Library()


@register.simple_tag
def pdf_support() -> PdfSupport:
    return lookup()
