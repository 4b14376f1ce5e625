"""QR codes of share links, drawn as SVG on the server (no image service, no JavaScript)."""

from __future__ import annotations

from functools import lru_cache

import segno


@lru_cache(maxsize=256)
def qr_svg_data_uri(url: str) -> str:
    """An SVG QR code of `url` as a data: URI, black on white with a 2-module margin.

    Error correction M survives a fold or a smudge on a printed page.
    """
    return segno.make(url, error="m").svg_data_uri(scale=1, border=2, dark="#000", light="#fff")
