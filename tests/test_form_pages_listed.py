"""Every page with a form is in the accessibility check's list (FORM_PAGES of
tests/browser/test_form_pages_accessibility.py, which runs axe-core on each)."""

from __future__ import annotations

import re
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from tests.browser.test_form_pages_accessibility import FORM_PAGES
from tests.conftest import REPO

TEMPLATES = REPO / "templates"
REFERENCE = re.compile(r'{%\s*(?:include|extends)\s+"([^"]+)"')
LOAD = re.compile(r"{%\s*load\s+([\w ]+?)\s*%}")
# A template tag that draws a template of its own names it so (armylists/templatetags/unit_card.py)
TAG_TEMPLATE = re.compile(r'^TEMPLATE = "([^"]+)"', re.M)


@cache
def _tag_templates(library: str) -> set[str]:
    """The templates the template tag library `library` draws (found where Django finds it)."""
    from django.template.backends.django import get_installed_libraries

    module = get_installed_libraries().get(library)
    origin = find_spec(module).origin if module else None
    return set(TAG_TEMPLATE.findall(Path(origin).read_text(encoding="utf-8"))) if origin else set()


def _references(template: str) -> set[str]:
    text = (TEMPLATES / template).read_text(encoding="utf-8")
    found = set(REFERENCE.findall(text))
    for libraries in LOAD.findall(text):
        found.update(*map(_tag_templates, libraries.split()))
    return {name for name in found if (TEMPLATES / name).exists()}


def drawn_by_listed_pages() -> set[str]:
    """The listed pages' templates and every template they include or extend, all the way."""
    covered = {page.template for page in FORM_PAGES.values()}
    frontier = set(covered)
    while frontier:
        frontier = set().union(*map(_references, frontier)) - covered
        covered |= frontier
    return covered


def test_every_template_with_a_form_belongs_to_a_listed_page():
    """A template with a <form> is a listed page's, or one such a page includes or extends
    (the editor's panels, the header's log-out form). A new form page fails here until it is
    in FORM_PAGES."""
    with_forms = {
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if "<form" in path.read_text(encoding="utf-8")
    }

    assert with_forms - drawn_by_listed_pages() == set(), "form pages missing from FORM_PAGES"


def test_the_list_names_templates_that_exist():
    assert [p.template for p in FORM_PAGES.values() if not (TEMPLATES / p.template).exists()] == []


def test_the_check_notices_a_form_page_left_out(monkeypatch):
    """Without the campaign report page in the list, its form template is found missing."""
    smaller = {k: v for k, v in FORM_PAGES.items() if v.template != "campaigns/report.html"}
    monkeypatch.setattr("tests.test_form_pages_listed.FORM_PAGES", smaller)

    assert "campaigns/report.html" not in drawn_by_listed_pages()
