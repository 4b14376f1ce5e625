"""Templates that cannot silently lose a control (used by the test settings).

Django draws an unknown variable as an empty string, so a control whose variable no view sets
vanishes from the page and no test notices. `UndefinedVariable` is the `string_if_invalid` of the
test settings: an unknown variable in one of our templates raises `UndefinedTemplateVariable`
naming the variable, the template and its line. Deliberate cases say so in the template:
`{{ x|default:"…" }}` (or `default_if_none`) falls back as it always did, in `{% if %}` and
`{% for %}` too (`{% if oob|default:False %}` for a flag only some renders set). Django resolves
the variables of `{% if %}`, `{% for %}` and the other block tags leniently (a missing one is
None, and an error inside an `{% if a and b %}` is taken as false); `strict_block_tags()` makes
them resolve as `{{ }}` does, and every undefined variable is also kept in `undefined` for a
test to fail on, should a tag have swallowed the error. Templates of other packages (the admin
relies on missing variables) keep Django's behaviour.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.template.base import FilterExpression, Node

_FALLBACK_FILTERS = {"default", "default_if_none"}


class UndefinedTemplateVariable(Exception):
    pass


# what our templates looked up and did not find since the last reset (tests/conftest.py)
undefined: list[str] = []
_lenient_resolve = FilterExpression.resolve


def strict_block_tags() -> None:
    """Resolve the expressions block tags resolve leniently (`ignore_failures=True`) as `{{ }}`
    does, so an unknown variable in `{% if %}` or `{% for %}` reaches `string_if_invalid`.

    The value is the same whenever the variable exists; a missing one in another package's
    template becomes "" (falsy and empty, as None was) instead of None."""

    def resolve(self, context, ignore_failures=False):
        return _lenient_resolve(self, context, False)

    FilterExpression.resolve = resolve  # type: ignore[method-assign]


class UndefinedVariable(str):
    """A `string_if_invalid` that raises for our templates (a str: Django checks its type)."""

    def __new__(cls, *, root: Path) -> UndefinedVariable:
        made = super().__new__(cls, "%s")
        made.root = str(root)
        return made

    def __mod__(self, variable: object) -> object:
        expression, context, node = _where(sys._getframe(1))
        origin = getattr(getattr(node, "origin", None), "name", "") or ""
        ours = origin.startswith(self.root) and "site-packages" not in origin
        if not ours:
            return ""
        if expression is not None and any(
            func.__name__ in _FALLBACK_FILTERS for func, _args in expression.filters
        ):
            return _lenient_resolve(expression, context, ignore_failures=True)
        line = getattr(getattr(node, "token", None), "lineno", "?")
        where = f"{Path(origin).relative_to(self.root)}, line {line}"
        message = f"Undefined template variable '{variable}' in {where}"
        undefined.append(message)
        raise UndefinedTemplateVariable(message)


def _where(frame) -> tuple[FilterExpression | None, object, Node | None]:
    """The expression being resolved, its context and the template node that holds it."""
    expression = context = node = None
    while frame is not None and node is None:
        owner = frame.f_locals.get("self")
        if expression is None and isinstance(owner, FilterExpression):
            expression, context = owner, frame.f_locals.get("context")
        elif isinstance(owner, Node) and getattr(owner, "origin", None) is not None:
            node = owner
        frame = frame.f_back
    return expression, context, node
