"""Notes text from untrusted input: control characters other than newlines and tabs removed."""

from __future__ import annotations

import re

from forgebuilder.engine.api import MAX_NOTE

_CONTROL = re.compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]"
)


def clean_note(text: str) -> str:
    """`text` without control or direction-override characters; `\\r\\n` becomes `\\n`."""
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def clean_line(text: str, limit: int) -> str:
    """A one-line name: control characters and line breaks removed, cut to `limit`."""
    return " ".join(clean_note(text).split())[:limit]


def join_notes(*parts: str) -> str:
    """Non-empty parts, one per paragraph, cut to the notes limit."""
    return "\n\n".join(p for p in parts if p)[:MAX_NOTE]
