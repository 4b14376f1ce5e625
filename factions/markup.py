"""Rule text as modules write it: `_italic_`, `*bold*` and `**bold**`, rendered as HTML.

Module text is untrusted: it is escaped first, then only the emphasis marks become tags.
`plain()` drops the marks for places that print text without HTML. A text's lines are its own
(a rule that lists its choices one a line, "* " before each): `lines()` reads them, a bullet
list's items starting "• ", and `render_lines()` keeps them apart in HTML.
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
# Where a line ends (Windows' and old Mac's line ends too, and Unicode's line separators)
LINE_BREAK = re.compile(r"\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
# An item of a bullet list: a line starting with "*", "-" or "•" and a space ("*bold*" is not)
BULLET_ITEM = re.compile(r"^\s*[*•-]\s+")
BULLET = "• "


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


def lines(text: str | None) -> list[str]:
    """The lines of `text`, without the spaces around them; an item of a bullet list starts
    with BULLET; a blank line between paragraphs is kept (one, as ""), none at either end."""
    out: list[str] = []
    for line in LINE_BREAK.split(text or ""):
        item = BULLET_ITEM.match(line)
        line = BULLET + line[item.end() :].strip() if item else line.strip()
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return out


def render_lines(text: str | None) -> SafeString:
    """`text` rendered as `render` does, each of its lines on a line of its own (<br>)."""
    return mark_safe("<br>".join(render(line) for line in lines(text)))
