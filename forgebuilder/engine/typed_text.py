"""Text typed by people: which characters a list may hold.

Control characters (NUL and the other C0/C1 codes) have no place in names or notes; PostgreSQL
refuses NUL in text and jsonb outright. Tabs and line breaks are whitespace and stay allowed.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_character(value: str) -> str | None:
    """The first control character of `value` as `U+0000`, or None when it has none."""
    found = _CONTROL.search(value)
    return f"U+{ord(found.group()):04X}" if found else None


def control_character_message(value: str) -> str | None:
    """What is wrong with `value`, in players' words, or None when it is fine."""
    code = control_character(value)
    if code is None:
        return None
    return f"contains a control character ({code}); remove it"


def refuse_control_characters(value: str) -> str:
    """A pydantic validator: `value` unchanged, or ValueError saying what to remove."""
    if _CONTROL.search(value) is None:  # every string of every list read: the quick way first
        return value
    raise ValueError(control_character_message(value))
