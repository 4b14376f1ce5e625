"""Reading PDFs back in tests: the text of each page, page sizes, links and drawn shapes."""

from __future__ import annotations

import io
import itertools
import math
import re
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4  # PDF points per millimetre


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def page_texts(data: bytes) -> list[str]:
    """The text of each page, runs of whitespace (spaces of any width) made one space."""
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in reader(data).pages]


def page_sizes_mm(data: bytes) -> list[tuple[float, float]]:
    return [
        (round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
        for p in reader(data).pages
    ]


def link_uris(page) -> list[str]:
    """The URLs of the link annotations of a pypdf page."""
    uris = []
    for annotation in page.get("/Annots") or []:
        action = annotation.get_object().get("/A")
        if action is not None and "/URI" in action:
            uris.append(str(action["/URI"]))
    return uris


def image_count(page) -> int:
    """Images and forms drawn on a page (WeasyPrint draws an SVG image as a form)."""
    resources = page.get("/Resources") or {}
    xobjects = resources.get("/XObject") or {}
    return len(xobjects)


@dataclass(frozen=True)
class Shape:
    """The bounding box, in millimetres, of a filled path made only of curves (a circle)."""

    x: float
    y: float
    width: float
    height: float


def _multiply(a, b):
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (
        a0 * b0 + a1 * b2,
        a0 * b1 + a1 * b3,
        a2 * b0 + a3 * b2,
        a2 * b1 + a3 * b3,
        a4 * b0 + a5 * b2 + b4,
        a4 * b1 + a5 * b3 + b5,
    )


def filled_round_shapes(data: bytes, page_number: int) -> list[Shape]:
    """Filled paths drawn with Bézier curves only (circles, rounded ends) on one page, each as
    often as the page shows it: inside forms, and once per tile of a tiling pattern's fill (a
    row of tokens is one box repeating one token's drawing).

    Follows the transformation matrices (`q`, `Q`, `cm`, forms' and patterns' /Matrix), so the
    sizes are what a ruler measures on the printed page.
    """
    pdf = reader(data)
    page = pdf.pages[page_number]
    stream = ContentStream(page.get_contents(), pdf)
    return _shapes(stream.operations, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), page.get("/Resources"))


def _matrix(values) -> tuple[float, ...]:
    return tuple(float(v) for v in values) if values else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _resource(resources, kind: str, name) -> object | None:
    found = ((resources or {}).get(kind) or {}).get(name)
    return found.get_object() if found is not None else None


def _inner_shapes(xobject, ctm) -> list[Shape]:
    """The shapes a form XObject or a pattern draws, under `ctm` and their own /Matrix."""
    inner_ctm = _multiply(_matrix(xobject.get("/Matrix")), ctm)
    operations = ContentStream(xobject, None).operations
    return _shapes(operations, inner_ctm, xobject.get("/Resources"))


def _tiles(pattern, rect, ctm) -> int:
    """How many tiles of `pattern` a filled rectangle (x, y, width, height) shows."""
    scale_x = abs(_multiply(_matrix(pattern.get("/Matrix")), (1, 0, 0, 1, 0, 0))[0])
    scale_y = abs(_multiply(_matrix(pattern.get("/Matrix")), (1, 0, 0, 1, 0, 0))[3])
    width, height = abs(rect[2] * ctm[0]), abs(rect[3] * ctm[3])
    across = round(width / (float(pattern["/XStep"]) * scale_x))
    down = max(1, math.ceil(height / (float(pattern["/YStep"]) * scale_y) - 0.01))
    return across * down


def _shapes(operations, ctm, resources) -> list[Shape]:
    stack = []
    points: list[tuple[float, float]] = []
    curves_only = True
    shapes: list[Shape] = []
    pattern, rect = None, None
    for operands, operator in operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        if op == "q":
            stack.append((ctm, pattern))
        elif op == "Q":
            ctm, pattern = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == "scn" and operands and str(operands[-1]).startswith("/"):
            pattern = _resource(resources, "/Pattern", operands[-1])
        elif op == "Do":
            xobject = _resource(resources, "/XObject", operands[0])
            if xobject is not None and xobject.get("/Subtype") == "/Form":
                shapes += _inner_shapes(xobject, ctm)
        elif op in ("m", "l", "c", "v", "y"):
            values = [float(v) for v in operands]
            for i in range(0, len(values), 2):
                x, y = values[i], values[i + 1]
                points.append((ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]))
            if op in ("l",) and len(points) > 1 and points[-1] != points[-2]:
                curves_only = False
        elif op == "re":
            curves_only = False
            points.clear()
            rect = [float(v) for v in operands]
        elif op in ("f", "f*", "F", "B", "B*", "b", "b*", "S", "s", "n", "W", "W*"):
            if op in ("f", "f*", "F") and pattern is not None and rect is not None:
                # a tiling pattern's tile (as seen from the page, not the current matrix)
                tile = _inner_shapes(pattern, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
                shapes += tile * _tiles(pattern, rect, ctm)
            elif op not in ("n", "W", "W*", "S", "s") and points and curves_only:
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                shapes.append(
                    Shape(
                        round(min(xs) / MM, 2),
                        round(min(ys) / MM, 2),
                        round((max(xs) - min(xs)) / MM, 2),
                        round((max(ys) - min(ys)) / MM, 2),
                    )
                )
            if op not in ("W", "W*"):
                points = []
                curves_only = True
                rect = None
    return shapes


def circles(data: bytes, diameter_mm: float, *, tolerance_mm: float = 0.05) -> int:
    """How many filled round shapes `diameter_mm` across (± tolerance) the whole PDF draws."""
    count = 0
    for number in range(len(reader(data).pages)):
        for shape in filled_round_shapes(data, number):
            if (
                abs(shape.width - diameter_mm) <= tolerance_mm
                and abs(shape.height - diameter_mm) <= tolerance_mm
            ):
                count += 1
    return count


def qr_modules(data: bytes, page_number: int) -> list[list[bool]] | None:
    """The dark modules of the QR code drawn on a page, read back from its path, or None.

    segno draws each row of the code as horizontal strokes one module thick; the code is the
    stroked path with the most segments on the page.
    """
    pdf = reader(data)
    stream = ContentStream(pdf.pages[page_number].get_contents(), pdf)
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack, segments, current, best = [], [], None, []

    def to_page(x: float, y: float) -> tuple[float, float]:
        return (ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5])

    for operands, operator in stream.operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == "m":
            current = to_page(float(operands[0]), float(operands[1]))
        elif op == "l" and current is not None:
            end = to_page(float(operands[0]), float(operands[1]))
            segments.append((current, end))
            current = end
        elif op in ("S", "s", "B", "B*", "b", "b*", "f", "f*", "F", "n"):
            if op in ("S", "s", "B", "B*", "b", "b*") and len(segments) > len(best):
                best = segments
            segments, current = [], None
    rows = [(round((a[1] + b[1]) / 2, 2), min(a[0], b[0]), max(a[0], b[0])) for a, b in best]
    rows = [r for r in rows if r[2] - r[1] > 0.01]
    if len(rows) < 20:
        return None
    ys = sorted({y for y, _, _ in rows}, reverse=True)
    module = min(a - b for a, b in itertools.pairwise(ys))
    left = min(x for _, x, _ in rows)
    size = round((max(x for _, _, x in rows) - left) / module)
    grid = [[False] * size for _ in range(size)]
    for y, x1, x2 in rows:
        row = round((ys[0] - y) / module)
        for col in range(round((x1 - left) / module), round((x2 - left) / module)):
            grid[row][col] = True
    return grid


def svg_qr_dark_modules(svg: bytes) -> set[tuple[int, int]]:
    """The dark modules (row, column) of a QR code served as segno's SVG, read back from its
    path (each row a run of `h` strokes half a module below the row's top), moved so the first
    dark row and column are 0."""
    path = re.search(rb'class="qrline"[^>]* d="([^"]+)"', svg)
    assert path is not None, "no QR path in the SVG"
    x = y = 0.0
    dark = set()
    for op, a, b in re.findall(r"([MmHh])(-?[\d.]+)(?: (-?[\d.]+))?", path[1].decode()):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            run = float(a)
            dark |= {(int(y), int(x) + i) for i in range(int(run))}
            x += run
    return _from_origin(dark)


def qr_dark_modules_of(url: str) -> set[tuple[int, int]]:
    """The dark modules a QR code of `url` must have (error correction M), from the origin."""
    import segno

    matrix = segno.make(url, error="m").matrix
    return _from_origin({(r, c) for r, row in enumerate(matrix) for c, m in enumerate(row) if m})


def _from_origin(cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return {(r - top, c - left) for r, c in cells}
