"""How far the drawing of a printout has got, for the page that waits for it.

The PDF worker reports WeasyPrint's steps ("page 12 laid out") under the printout's render-cache
key in the shared cache; the waiting page, served by any app instance, reads it back.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from django.core.cache import cache

PREFIX = "pdf-progress:"
TIMEOUT = 10 * 60
EVERY_SECONDS = 0.5  # a new page is written to the cache at most this often
_PAGE = re.compile(r"Creating layout - Page (\d+)")


def progress_of(key: str) -> str:
    """What the worker said last about printout `key` ('' when it has not started)."""
    return cache.get(PREFIX + key) or ""


def progress_clear(key: str) -> None:
    cache.delete(PREFIX + key)


def progress_reporter(key: str) -> Callable[[str], None]:
    """A callback for render.progress_to: WeasyPrint's step messages in players' words."""
    last = [0.0]

    def report(step: str) -> None:
        text = players_words(step)
        now = time.monotonic()
        if text and (now - last[0] >= EVERY_SECONDS or not text.startswith("Laying")):
            last[0] = now
            cache.set(PREFIX + key, text, TIMEOUT)

    return report


def players_words(step: str) -> str:
    """'Step 5 - Creating layout - Page 12' -> 'Laying out page 12'."""
    page = _PAGE.search(step)
    if page:
        return f"Laying out page {page.group(1)}"
    if step.startswith("Step 6"):
        return "Writing the PDF file"
    if step.startswith(("Step 1", "Step 2", "Step 3", "Step 4")):
        return "Reading the list and the print styles"
    return ""
