"""Icons of the token sheet, drawn as small SVGs so tokens read without colour.

Each kind of token has its own shape; the token's colour only helps. Icons are keyed by the
token's key in its ruleset (`TokenDef.key`); a key without an icon gets its initial.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

# 24×24 drawings: (filled paths, stroked paths). Original drawings made for forgebuilder.
_SHAPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # a shield: the unit's own marker
    "unit": (("M12 1.5 3 5v6c0 5.5 3.8 10 9 11.5 5.2-1.5 9-6 9-11.5V5z",), ()),
    # a lightning bolt: the unit is rattled
    "shock": (("M13.5 1.5 4 13.5h6.5L9 22.5l11-13h-6.8z",), ()),
    # crosshairs: aim taken
    "focus": (
        ("M12 10a2 2 0 1 0 0 4 2 2 0 1 0 0-4z",),
        ("M12 4.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 1 0 0-15z", "M12 1v5M12 18v5M1 12h5M18 12h5"),
    ),
    # a figure side-stepping with motion lines
    "evade": (
        ("M14.5 2.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z",),
        ("M13 9l-3 5 4 3-1 6M13 9l4 3 3-1M10 14l-3 3-3-1", "M2 7h6M1 10h5M3 4h4"),
    ),
    # an hourglass: waiting to react
    "hold": (
        ("M7 5h10l-5 7zM12 15l4 5H8z",),
        ("M5 2h14M5 22h14M6 2c0 6 5 7 6 10-1 3-6 4-6 10M18 2c0 6-5 7-6 10 1 3 6 4 6 10",),
    ),
    # a burst: something broke inside
    "critical": (
        (
            "M12 1l2.2 6.3L20 4l-3 5.8L23 12l-6 2.2L20 20l-5.8-3L12 23l-2.2-6L4 20l3-5.8L1 12"
            "l6-2.2L4 4l5.8 3.3z",
        ),
        (),
    ),
    # a flag on a pole
    "objective": (("M6 2.5h1.8v19H6zM8 3.5c4-2 7 2 12 0v9c-5 2-8-2-12 0z",), ()),
    # a four-pointed star: a plan put in motion
    "strategy": (("M12 1l2.6 8.4L23 12l-8.4 2.6L12 23l-2.6-8.4L1 12l8.4-2.6z",), ()),
    # a drop
    "wound": (("M12 2c3 5 7 9 7 13a7 7 0 0 1-14 0c0-4 4-8 7-13z",), ()),
    # a heart
    "hit_point": (
        (
            "M12 21l-1.5-1.3C5 15 2 12 2 8.3 2 5.4 4.3 3 7.2 3c1.9 0 3.7.9 4.8 2.4C13.1 3.9 14.9 3 "
            "16.8 3 19.7 3 22 5.4 22 8.3c0 3.7-3 6.7-8.5 11.4z",
        ),
        (),
    ),
    # zigzag nerves
    "shaken": ((), ("M2 7l4-3 4 3 4-3 4 3 4-3M2 14l4-3 4 3 4-3 4 3 4-3M6 21l3-3 3 3 3-3 3 3",)),
    # a drooping arrow: spent
    "fatigued": ((), ("M3 5c7 0 12 4 14 12", "M12 16l5 3 2-6", "M3 21h18")),
    # a tick: done this round
    "activated": ((), ("M4 12.5l5 5L20 6",)),
    # plus over minus: a campaign underdog point changes one roll by one
    "underdog": ((), ("M12 3v10M7 8h10", "M7 19h10")),
    "command": (("M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.5 5.7 21l1.5-7L2 9.3l7-.8z",), ()),
    "advance": ((), ("M5 13l7-7 7 7M5 20l7-7 7 7",)),
    "fallback": ((), ("M5 4l7 7 7-7M5 11l7 7 7-7",)),
    # a figure lying down
    "prone": (
        ("M3.5 10a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",),
        ("M7 13h14M10 13l-2 5M17 13l2 5",),
    ),
    "takedown": ((), ("M5 5l14 14M19 5 5 19",)),
}


def icon_drawing(key: str, color: str, label: str = "") -> str:
    """The SVG elements of the icon of token kind `key` in `color`, on a 24 by 24 canvas."""
    filled, stroked = _SHAPES.get(key, ((), ()))
    parts = [f'<path d="{d}" fill="{color}"/>' for d in filled]
    parts += [
        f'<path d="{d}" fill="none" stroke="{color}" stroke-width="2.2" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
        for d in stroked
    ]
    if not parts:
        initial = (label or key)[:1].upper()
        parts.append(
            f'<text x="12" y="17.5" font-size="16" font-weight="bold" text-anchor="middle" '
            f'font-family="sans-serif" fill="{color}">{initial}</text>'
        )
    return "".join(parts)


def svg_data_uri(svg: str) -> str:
    return "data:image/svg+xml;charset=utf-8," + quote(svg)


@lru_cache(maxsize=128)
def icon_data_uri(key: str, color: str, label: str = "") -> str:
    """The icon of token kind `key` in `color`, as an SVG data: URI."""
    return svg_data_uri(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">'
        + icon_drawing(key, color, label)
        + "</svg>"
    )


def has_icon(key: str) -> bool:
    return key in _SHAPES
