"""Page fragments drawn once per content: the same values always give the same HTML.

An edit answers with a handful of fragments (the unit, the problems panel, the marks of units
with problems...). Most of them look exactly as they did before the edit: ticking an option on
one unit of sixty leaves the problems panel and the other cards' profiles unchanged. Drawing
them again is most of an edit's server time (the bench/bench_edits.py profile), so a fragment
whose HTML depends only on plain values (no CSRF token, no list version) is drawn once per
distinct value and then reused. The key is the repr of those values, so two different contents
can never share a drawing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.utils.safestring import SafeString, mark_safe

SIZE = 2048  # distinct fragments kept per process (a unit profile is ~4 kB of HTML)

_drawn: OrderedDict[tuple, str] = OrderedDict()
_lock = threading.Lock()


def drawn_once(key: tuple, draw: Callable[[], str]) -> SafeString:
    """The HTML `draw()` gives for `key`, drawn the first time only (least recently used go)."""
    with _lock:
        html = _drawn.get(key)
        if html is not None:
            _drawn.move_to_end(key)
            return mark_safe(html)  # drawn by our own templates, which escape
    html = str(draw())
    with _lock:
        _drawn[key] = html
        while len(_drawn) > SIZE:
            _drawn.popitem(last=False)
    return mark_safe(html)  # drawn by our own templates, which escape


def forget_all() -> None:
    """Drop every drawing (tests; a template edited while the server runs)."""
    with _lock:
        _drawn.clear()
