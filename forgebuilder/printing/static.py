"""Where the printouts' static files are (the print stylesheet, the vendored fonts): read by
the renderer, the font measures and the render cache's fingerprint alike, so it sits below all
three (render.py draws pictures, which measure text, which reads the font files)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders

STYLESHEET = "css/print.css"


def static_path(relative: str) -> Path:
    found = finders.find(relative)
    if found:
        return Path(found)
    return Path(settings.STATIC_ROOT) / relative
