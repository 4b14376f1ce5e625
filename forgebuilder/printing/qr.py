"""QR codes of links (share links, an event's page, a game's link), drawn as SVG on the server
(no image service, no JavaScript)."""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache

import segno
from django.http import HttpResponse
from django.utils.cache import patch_cache_control


@lru_cache(maxsize=256)
def qr_svg_data_uri(url: str) -> str:
    """An SVG QR code of `url` as a data: URI, black on white with a 2-module margin.

    Error correction M survives a fold or a smudge on a printed page.
    """
    return segno.make(url, error="m").svg_data_uri(scale=1, border=2, dark="#000", light="#fff")


def qr_svg_response(url: str) -> HttpResponse:
    """`url` as a QR code image to show on a screen or print (4 px modules, dark on white),
    cacheable for a day and tagged by the URL it holds."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, dark="#1c1917", light="#ffffff")
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["ETag"] = '"' + hashlib.sha256(url.encode()).hexdigest()[:24] + '"'
    patch_cache_control(response, public=True, max_age=86400)
    return response
