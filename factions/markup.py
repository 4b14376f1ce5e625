"""Rule text as modules write it: `_italic_`, `*bold*` and `**bold**`, rendered as HTML.

Module text is untrusted: it is escaped first, then only the emphasis marks become tags.
`plain()` drops the marks for places that print text without HTML.
"""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# A mark opens after a start, space or opening punctuation and closes before an end, space or
# punctuation, so "x_y_z" ids and "5*2" stay as they are.
_EDGE_BEFORE = r"(?:(?<=^)|(?<=[\s(\[\"'“‘/-]))"
_EDGE_AFTER = r"(?=$|[\s)\]\"'”’.,;:!?/-])"
BOLD_DOUBLE = re.compile(_EDGE_BEFORE + r"\*\*(?=\S)(.+?)(?<=\S)\*\*" + _EDGE_AFTER)
BOLD_SINGLE = re.compile(_EDGE_BEFORE + r"\*(?=[^\s*])(.+?)(?<=[^\s*])\*" + _EDGE_AFTER)
ITALIC = re.compile(_EDGE_BEFORE + r"_(?=[^\s_])(.+?)(?<=[^\s_])_" + _EDGE_AFTER)


def render(text: str | None) -> SafeString:
    """`text` escaped, with its emphasis marks as <strong> and <em>."""
    html = escape(text or "")
    html = BOLD_DOUBLE.sub(r"<strong>\1</strong>", html)
    html = BOLD_SINGLE.sub(r"<strong>\1</strong>", html)
    html = ITALIC.sub(r"<em>\1</em>", html)
    return mark_safe(html)


def plain(text: str | None) -> str:
    """`text` without its emphasis marks."""
    text = BOLD_DOUBLE.sub(r"\1", text or "")
    text = BOLD_SINGLE.sub(r"\1", text)
    return ITALIC.sub(r"\1", text)
