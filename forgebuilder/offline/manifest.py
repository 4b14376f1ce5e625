"""The web app manifest: what a browser needs to offer "Install forgebuilder"."""

from __future__ import annotations

from django.templatetags.static import static
from django.urls import reverse

# The theme colours follow app.css: the accent in light mode, the page background in dark mode
# (the dark one is given to browsers by a <meta name="theme-color" media=...> in _base.html).
THEME_LIGHT = "#c2410c"
THEME_DARK = "#151311"
BACKGROUND = "#f7f6f3"


def web_app_manifest() -> dict:
    start = reverse("armylists:my_lists")
    return {
        "id": start,
        "name": "forgebuilder",
        "short_name": "forgebuilder",
        "description": "Build army lists, check them and read them at the table, even offline.",
        "lang": "en",
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_LIGHT,
        "background_color": BACKGROUND,
        "icons": [
            _icon("img/icons/icon-192.png", "192x192", "image/png", "any"),
            _icon("img/icons/icon-512.png", "512x512", "image/png", "any"),
            _icon("img/icons/maskable-512.png", "512x512", "image/png", "maskable"),
            _icon("img/logo.svg", "any", "image/svg+xml", "any"),
        ],
    }


def _icon(path: str, sizes: str, kind: str, purpose: str) -> dict:
    return {"src": static(path), "sizes": sizes, "type": kind, "purpose": purpose}
