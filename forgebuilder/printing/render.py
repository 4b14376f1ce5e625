"""HTML to PDF with WeasyPrint: the one place that calls it (tests count calls here)."""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache

from forgebuilder.printing.pictures import Drawing, place
from forgebuilder.printing.static import STYLESHEET, static_path

# WeasyPrint warns once per font per render when HarfBuzz's subset library is missing.
FONTTOOLS_WARNING = "Using fontTools instead of HarfBuzz-Subset"
SLOW_SUBSETTING = (
    "PDF fonts are subset with fontTools, which draws slower: install HarfBuzz's subset "
    "library (Debian/Ubuntu: sudo apt-get install libharfbuzz-subset0; macOS: brew install "
    "harfbuzz) and restart forgebuilder. Said once per process."
)


class SubsettingSaidOnce(logging.Filter):
    """Lets the first fontTools warning through, reworded to say what to install; drops the
    dozens that follow (one per font of every render)."""

    def __init__(self) -> None:
        super().__init__()
        self.said = False

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.getMessage().startswith(FONTTOOLS_WARNING):
            return True
        if self.said:
            return False
        self.said = True
        record.msg, record.args = SLOW_SUBSETTING, ()
        return True


SUBSETTING_NOTICE = SubsettingSaidOnce()


@lru_cache(maxsize=1)
def _weasyprint():
    # Imported on first use: it takes most of a second, which no other page should pay.
    import weasyprint
    from weasyprint.text.fonts import FontConfiguration

    weasyprint.LOGGER.addFilter(SUBSETTING_NOTICE)
    # progress steps go to progress_to's callback only, never to the console
    weasyprint.PROGRESS_LOGGER.setLevel(logging.INFO)
    weasyprint.PROGRESS_LOGGER.propagate = False
    weasyprint.PROGRESS_LOGGER.addHandler(PROGRESS)

    class StaticOnly(weasyprint.URLFetcher):
        """Our own static files and inline data only: a list's text never makes us fetch a URL."""

        def fetch(self, url, headers=None):
            root = static_path(STYLESHEET).parent.parent.resolve().as_uri() + "/"
            if url.startswith("data:") or url.startswith(root):
                return super().fetch(url, headers)
            raise ValueError(f"printouts load no outside resources ({url[:60]})")

    return weasyprint, FontConfiguration, StaticOnly


class _ProgressToCallback(logging.Handler):
    """WeasyPrint's progress steps, handed to the callback the drawing thread set, if any."""

    def __init__(self) -> None:
        super().__init__()
        self.local = threading.local()

    def emit(self, record: logging.LogRecord) -> None:
        report = getattr(self.local, "report", None)
        if report is not None:
            report(record.getMessage())


PROGRESS = _ProgressToCallback()


@contextlib.contextmanager
def progress_to(report: Callable[[str], None]) -> Iterator[None]:
    """Within the block, WeasyPrint's steps ("Step 5 - Creating layout - Page 3") of this
    thread's drawings are given to `report`."""
    PROGRESS.local.report = report
    try:
        yield
    finally:
        PROGRESS.local.report = None


# one drawing at a time shares the fonts (WeasyPrint is not thread-safe)
_DRAWING = threading.Lock()


@lru_cache(maxsize=1)
def _print_style():
    """The print stylesheet parsed and its fonts loaded once per process (a PDF worker draws
    many printouts): the same for every printout until the worker restarts, as the render
    cache's assets fingerprint is."""
    weasyprint, FontConfiguration, StaticOnly = _weasyprint()
    fonts = FontConfiguration()
    fetcher = StaticOnly()
    css_file = static_path(STYLESHEET)
    stylesheet = weasyprint.CSS(filename=str(css_file), font_config=fonts, url_fetcher=fetcher)
    return fonts, fetcher, stylesheet, str(css_file)


def write_pdf(html: str, *, pictures: Mapping[str, Drawing] | None = None) -> bytes:
    """Render `html` with the print stylesheet (static/css/print.css) into PDF bytes; each
    image named in `pictures` (by its `data-picture`) is drawn as that picture.

    WeasyPrint applies a stylesheet given this way as the user's: a template's own <style>
    (the token sheet's colours per kind) wins over it whatever the specificity.
    """
    weasyprint = _weasyprint()[0]
    fonts, fetcher, stylesheet, base_url = _print_style()
    html_document = weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    with _DRAWING:
        document = html_document.render(stylesheets=[stylesheet], font_config=fonts)
        if pictures:
            place(document, pictures, fonts)
        return document.write_pdf()


def write_pdfs(htmls: list[str], pictures: list[Mapping[str, Drawing]] | None = None) -> bytes:
    """Several HTML documents as one PDF, each starting on a new page (an event's pack: its
    cover, then every list's roster), with the same stylesheet and fonts; `pictures[i]` are
    drawn into document i as in `write_pdf`."""
    weasyprint = _weasyprint()[0]
    fonts, fetcher, stylesheet, base_url = _print_style()
    with _DRAWING:
        documents = [
            weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher).render(
                stylesheets=[stylesheet], font_config=fonts
            )
            for html in htmls
        ]
        for document, drawings in zip(documents, pictures or [], strict=False):
            if drawings:
                place(document, drawings, fonts)
        pages = [page for document in documents for page in document.pages]
        return documents[0].copy(pages).write_pdf()
