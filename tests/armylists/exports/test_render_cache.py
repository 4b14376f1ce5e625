"""What the render cache's key is made of: everything a printout shows, and the renderer."""

from __future__ import annotations

import dataclasses

from forgebuilder.engine.rules import evaluate, resolve
from forgebuilder.lists.exports import ExportSource
from forgebuilder.printing import cache


def key(source, **options):
    return cache.render_key("roster", source.render_content(), paper="a4", **options)


def test_the_same_content_gives_the_same_key(ember_source):
    again = ExportSource(ember_source.document, ember_source.roster, ember_source.report)
    assert key(again) == key(ember_source)


def test_new_game_data_gives_a_new_key(ember_source):
    catalog = dataclasses.replace(ember_source.catalog, revision=ember_source.catalog.revision + 1)
    roster = resolve(ember_source.document, catalog)
    assert key(ExportSource(ember_source.document, roster, evaluate(roster))) != key(ember_source)


def test_the_share_url_printed_is_part_of_the_key(ember_source):
    shared = dataclasses.replace(ember_source, share_url="https://example.org/s/abc/")
    assert key(shared) != key(ember_source)


def test_a_new_renderer_version_gives_a_new_key(ember_source, monkeypatch):
    before = key(ember_source)
    monkeypatch.setattr(cache, "RENDERER_VERSION", cache.RENDERER_VERSION + 1)
    assert key(ember_source) != before


def test_kinds_and_options_are_apart(ember_source):
    assert cache.render_key(
        "tokens", ember_source.render_content(), paper="a4", size=25
    ) != cache.render_key("tokens", ember_source.render_content(), paper="a4", size=32)
    assert cache.render_key("roster", ember_source.render_content(), paper="a4") != key(
        ember_source, size=25
    )
