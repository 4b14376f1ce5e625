"""Names of downloaded files, made from names players typed: one rule for every download.

A list or event name may hold anything ("<Cup> | \\"=HYPERLINK(...)"); a file name keeps its
letters and digits (in any alphabet), joined by hyphens, so no browser, file system or
spreadsheet reads anything else into it."""

from __future__ import annotations

from django.utils.text import slugify

MAX_STEM = 80


def file_stem(name: str, fallback: str) -> str:
    """`name` as a file name without its extension; `fallback` when nothing of it is left."""
    return slugify(name, allow_unicode=True)[:MAX_STEM].strip("-_") or fallback
