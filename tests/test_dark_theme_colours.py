"""The dark theme changes colours and nothing else: every declaration inside a
`prefers-color-scheme: dark` block of our stylesheets sets a colour, a shadow, or a custom
property that only ever holds colours or shadows. The accessibility tests rely on it: in the
dark theme they run axe's colour rules only (tests/browser/test_accessibility.py)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO

STYLESHEETS = sorted((REPO / "static" / "css").glob("*.css"))
COLOUR_PROPERTIES = re.compile(
    r"(color|background|background-color|border(-(top|right|bottom|left))?-color|outline-color"
    r"|fill|stroke|box-shadow|text-shadow|caret-color|accent-color)"
)
COLOUR = r"(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([^)]*\)|transparent|currentcolor|var\(--[\w-]+\))"
# a colour, or a shadow: lengths then a colour, several separated by commas
COLOUR_OR_SHADOW = re.compile(
    rf"^({COLOUR}|(inset )?(-?[\d.]+(px|em|rem)? ){{1,4}}{COLOUR}(, (inset )?(-?[\d.]+(px|em|rem)? )"
    rf"{{1,4}}{COLOUR})*)$",
    re.IGNORECASE,
)


def blocks(css: str, media: str) -> list[str]:
    """The bodies of the `@media` blocks whose condition contains `media`."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found, at = [], 0
    for match in re.finditer(r"@media([^{]*)\{", css):
        if match.start() < at:
            continue
        depth, end = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        if media in match.group(1):
            found.append(css[match.end() : end - 1])
        at = end
    return found


def declarations(css: str) -> list[tuple[str, str]]:
    """(property, value) of every declaration in `css` (rules' bodies, selectors dropped)."""
    bodies = re.findall(r"\{([^{}]*)\}", css)
    pairs = []
    for body in bodies:
        for line in body.split(";"):
            if ":" in line:
                name, value = line.split(":", 1)
                pairs.append((name.strip(), " ".join(value.split())))
    return pairs


def test_the_stylesheets_have_a_dark_theme():
    assert any(blocks(path.read_text(), "prefers-color-scheme: dark") for path in STYLESHEETS)


@pytest.mark.parametrize("path", STYLESHEETS, ids=lambda p: p.name)
def test_the_dark_theme_sets_only_colours(path):
    css = path.read_text()
    dark = [d for block in blocks(css, "prefers-color-scheme: dark") for d in declarations(block)]
    everywhere = declarations(css) + dark
    wrong = []
    for name, value in dark:
        if name.startswith("--"):
            values = {v for n, v in everywhere if n == name}
            wrong += [f"{name}: {v}" for v in values if not COLOUR_OR_SHADOW.match(v)]
        elif not COLOUR_PROPERTIES.fullmatch(name) or not COLOUR_OR_SHADOW.match(value):
            wrong.append(f"{name}: {value}")
    assert wrong == [], f"{path.name}'s dark theme changes more than colours"


def test_the_check_sees_a_dark_theme_that_changes_the_layout():
    css = """:root { --gap: 4px; --bg: #fff; }
    @media (prefers-color-scheme: dark) { :root { --gap: 8px; --bg: #000; } p { display: none } }"""
    dark = [d for block in blocks(css, "prefers-color-scheme: dark") for d in declarations(block)]

    assert dark == [("--gap", "8px"), ("--bg", "#000"), ("display", "none")]
    assert [bool(COLOUR_OR_SHADOW.match(v)) for _, v in dark] == [False, True, False]
    assert COLOUR_OR_SHADOW.match("0 1px 2px rgb(0 0 0 / 6%), 0 2px 8px rgb(0 0 0 / 5%)")
