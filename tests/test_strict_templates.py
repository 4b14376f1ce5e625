"""In the test settings an undefined variable in one of our templates fails the test that draws
it (a control whose variable no view sets would otherwise vanish without a sound)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.template import Origin, engines
from django.template.base import Template
from django.template.context import Context

from forgebuilder.strict_templates import UndefinedTemplateVariable

ENGINE = engines["django"].engine


def draw(source: str, context: dict, *, where: str = "templates/example.html") -> str:
    origin = Origin(name=str(settings.BASE_DIR / where))
    return Template(source, origin=origin, engine=ENGINE).render(Context(context))


def test_an_undefined_variable_fails_naming_the_variable_the_template_and_the_line():
    with pytest.raises(UndefinedTemplateVariable) as failure:
        draw("<p>\n{{ force.focus_choices }}</p>", {"force": {"name": "Generalist"}})

    assert str(failure.value) == (
        "Undefined template variable 'force.focus_choices' in templates/example.html, line 2"
    )


def test_an_attribute_of_nothing_is_undefined_too():
    with pytest.raises(UndefinedTemplateVariable):
        draw("{{ faction.name }}", {"faction": None})


@pytest.mark.parametrize(
    ("source", "drawn"),
    [
        ('{{ missing|default:"none" }}', "none"),  # a fallback says the value may be missing
        ('{{ row.note|default_if_none:"-" }}', "-"),  # the same with default_if_none
        ("{% if missing %}shown{% endif %}", ""),  # a condition treats missing as false
        ("{% for x in missing %}{{ x }}{% empty %}empty{% endfor %}", "empty"),  # and a loop
        ("{{ known }}", "here"),  # a defined value is drawn as ever
    ],
)
def test_deliberate_cases_are_drawn_as_django_always_drew_them(source, drawn):
    assert draw(source, {"row": {"note": None}, "known": "here"}) == drawn


def test_templates_of_other_packages_keep_djangos_silence():
    assert draw("[{{ missing }}]", {}, where=".venv/lib/site-packages/x/admin.html") == "[]"
