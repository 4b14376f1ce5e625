"""Page fragments drawn once per content: the same values always give the same HTML.

An edit answers with a handful of fragments (the unit, the problems panel, the marks of units
with problems...). Most of them look exactly as they did before the edit: ticking an option on
one unit of sixty leaves the problems panel and the other cards' profiles unchanged. Drawing
them again is most of an edit's server time (the bench/bench_edits.py profile), so a fragment
whose HTML depends only on plain values is drawn once per distinct value and then reused. The
key is the repr of those values, so two different contents can never share a drawing. (A
fragment that carries a CSRF token or a list version is drawn with marks in their place, which
its user replaces: armylists/templatetags/unit_card.py.)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.utils.safestring import SafeString, mark_safe

SIZE = 2048  # distinct fragments kept per process (a unit profile is ~4 kB of HTML)
CHARACTERS = 12_000_000  # and at most this much HTML in all (an editor's unit card is ~12 kB)

_drawn: OrderedDict[tuple, str] = OrderedDict()
_lock = threading.Lock()
_kept = 0  # characters of HTML in _drawn


def drawn_once(key: tuple, draw: Callable[[], str]) -> SafeString:
    """The HTML `draw()` gives for `key`, drawn the first time only (least recently used go)."""
    with _lock:
        html = _drawn.get(key)
        if html is not None:
            _drawn.move_to_end(key)
            return mark_safe(html)  # drawn by our own templates, which escape
    html = str(draw())
    global _kept
    with _lock:
        _kept += len(html) - len(_drawn.get(key, ""))
        _drawn[key] = html
        while _drawn and (len(_drawn) > SIZE or _kept > CHARACTERS):
            _kept -= len(_drawn.popitem(last=False)[1])
    return mark_safe(html)  # drawn by our own templates, which escape


def forget_all() -> None:
    """Drop every drawing (tests; a template edited while the server runs)."""
    global _kept
    with _lock:
        _drawn.clear()
        _kept = 0
