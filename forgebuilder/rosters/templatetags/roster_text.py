"""BattleScribe's text marks drawn as players read them: **bold** in bold, ^^keyword^^ as the
word itself. Everything else is escaped first, so a roster's text never adds HTML."""

from __future__ import annotations

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)


def marked(text: str) -> str:
    """`text` escaped, its bold marks made <strong>, its keyword marks dropped, its lines kept."""
    shown = escape(text.replace("^^", ""))
    shown = BOLD.sub(r"<strong>\1</strong>", shown)
    return shown.replace("**", "").replace("\n", "<br>")


@register.filter
def roster_text(text: str) -> SafeString:
    return mark_safe(marked(text or ""))  # escaped above, then our own tags only
