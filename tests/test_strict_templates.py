"""In the test settings an undefined variable in one of our templates fails the test that draws
it (a control whose variable no view sets would otherwise vanish without a sound)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.template import Origin, engines
from django.template.base import Template
from django.template.context import Context

from forgebuilder.strict_templates import UndefinedTemplateVariable, undefined

ENGINE = engines["django"].engine


def draw(source: str, context: dict, *, where: str = "templates/example.html") -> str:
    origin = Origin(name=str(settings.BASE_DIR / where))
    return Template(source, origin=origin, engine=ENGINE).render(Context(context))


@pytest.fixture
def expect_undefined():
    """For a test that draws an undefined variable on purpose: what was kept, emptied after."""
    yield undefined
    undefined.clear()


def test_an_undefined_variable_fails_naming_the_variable_the_template_and_the_line(
    expect_undefined,
):
    with pytest.raises(UndefinedTemplateVariable) as failure:
        draw("<p>\n{{ force.focus_choices }}</p>", {"force": {"name": "Generalist"}})

    assert str(failure.value) == (
        "Undefined template variable 'force.focus_choices' in templates/example.html, line 2"
    )


def test_an_attribute_of_nothing_is_undefined_too(expect_undefined):
    with pytest.raises(UndefinedTemplateVariable):
        draw("{{ faction.name }}", {"faction": None})


@pytest.mark.parametrize(
    ("source", "drawn"),
    [
        ('{{ missing|default:"none" }}', "none"),  # a fallback says the value may be missing
        ('{{ row.note|default_if_none:"-" }}', "-"),  # the same with default_if_none
        # a condition or a loop over what may be missing says so with a fallback
        ("{% if missing|default:False %}shown{% endif %}", ""),
        ("{% for x in missing|default:'' %}{{ x }}{% empty %}empty{% endfor %}", "empty"),
        ("{% if row and row.note %}shown{% endif %}", ""),  # a known value that is None
        ("{% if nothing and nothing.name %}shown{% endif %}", ""),  # checked before use
        ("{{ known }}", "here"),  # a defined value is drawn as ever
        ("{% if known %}{{ known }}{% endif %}", "here"),
        ("{% for x in items %}{{ x }}{% endfor %}", "ab"),
    ],
)
def test_deliberate_cases_are_drawn_as_django_always_drew_them(source, drawn):
    context = {"row": {"note": None}, "known": "here", "items": "ab", "nothing": None}
    assert draw(source, context) == drawn


@pytest.mark.parametrize(
    "source",
    [
        # Django takes these for empty; a control behind them would vanish unseen
        "{% if force.focus_choices %}<select>{% endif %}",
        "{% for key, name in force.focus_choices %}{{ name }}{% endfor %}",
    ],
)
def test_an_undefined_variable_in_a_condition_or_a_loop_fails_too(source, expect_undefined):
    with pytest.raises(UndefinedTemplateVariable, match=r"'force\.focus_choices'"):
        draw(source, {"force": {"name": "Generalist"}})


@pytest.mark.parametrize(
    "source",
    [
        "{% if known and missing %}shown{% endif %}",
        "{% if not missing %}shown{% endif %}",
        "{% if known == missing %}shown{% endif %}",
    ],
)
def test_one_an_operator_swallows_is_still_kept_for_the_test_to_fail_on(source, expect_undefined):
    # an operator takes an error for false: the page is drawn, the variable is kept
    assert draw(source, {"known": 1}) == ""

    assert expect_undefined == [
        "Undefined template variable 'missing' in templates/example.html, line 1"
    ]
