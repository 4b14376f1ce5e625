"""Whole numbers from request parameters: ASCII digits only.

`str.isdigit()` and `int()` accept far more than a person types in a form ("²", "٣", "1_000",
" 7 "), and some of what `isdigit()` accepts makes `int()` fail. Every numeric query or form
parameter goes through `parse_whole_number`, which takes an optional minus sign and the digits
0-9 and nothing else.
"""

from __future__ import annotations

import re

_WHOLE = re.compile(r"-?[0-9]{1,18}")


def parse_whole_number(
    raw: str | None, *, negative: bool = False, max_digits: int = 9
) -> int | None:
    """The number written in `raw`, or None when it is not one (missing, other characters).

    At most nine digits unless `max_digits` says more (up to 18): no parameter of ours needs
    more, and it keeps huge inputs cheap.
    """
    if raw is None or len(raw) > 40:
        return None
    text = raw.strip(" ")
    if not _WHOLE.fullmatch(text) or (text.startswith("-") and not negative):
        return None
    if len(text.removeprefix("-")) > max_digits:
        return None
    return int(text)


def id_number(raw: str | None) -> int | None:
    """A database id from a form or query (a positive whole number), or None when it is not."""
    number = parse_whole_number(raw)
    return number if number is not None and number > 0 else None
