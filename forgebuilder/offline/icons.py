"""Draw the app icons the manifest names (the logo's anvil on the accent colour) as PNG files.

The PNGs are committed under static/img/icons/; run this again after changing the logo:
`.venv/bin/python -m forgebuilder.offline.icons`. It needs Pillow (installed with WeasyPrint).
"""

from __future__ import annotations

from pathlib import Path

ICONS = Path(__file__).resolve().parents[2] / "static" / "img" / "icons"
ACCENT = "#c2410c"
LIGHT = "#fff7ed"
SPARK = "#fed7aa"
# (file name, size in pixels, maskable): maskable icons keep the drawing in the central 80 %.
SIZES = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-512.png", 512, True),
)


def draw_icon(size: int, *, maskable: bool):
    from PIL import Image, ImageDraw

    scale = 4  # draw large, then shrink: smooth edges without anti-aliasing support
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=ACCENT)
        inset, unit = big * 0.1, big * 0.8 / 64
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 14 / 64, fill=ACCENT)
        inset, unit = 0.0, big / 64

    def at(x: float, y: float) -> tuple[float, float]:
        return inset + x * unit, inset + y * unit

    # The logo's paths: an anvil base, a hammer head and a spark.
    draw.polygon([at(14, 40), at(50, 40), at(46, 48), at(18, 48)], fill=LIGHT)
    hammer = [(20, 16), (44, 16), (44, 24), (34, 24), (34, 36), (28, 36), (28, 24), (20, 24)]
    draw.polygon([at(x, y) for x, y in hammer], fill=LIGHT)
    cx, cy = at(46, 18)
    r = 3 * unit
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SPARK)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in SIZES:
        draw_icon(size, maskable=maskable).save(ICONS / name, optimize=True)
        print(f"wrote {ICONS / name}")


if __name__ == "__main__":
    main()
