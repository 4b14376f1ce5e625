"""The editor's pages and fragments travel gzipped to a browser that accepts it (issue 41: a
phone on a hall's weak signal), with Django's BREACH mitigation: random-length padding in every
compressed answer, and CSRF tokens masked afresh per answer. A client that does not accept gzip
gets the HTML as it is."""

from __future__ import annotations

import gzip

import pytest
from django.conf import settings
from django.urls import reverse

from .helpers import HTMX, stored

OPTION = {"option": "spearman.replace_weapon.spear", "choice": "crossbow", "count": 1}


def editor_page(client, army_list, **headers):
    return client.get(reverse("armylists:editor", args=[army_list.public_id]), headers=headers)


def option_change(client, army_list, count: int, **headers):
    url = reverse("armylists:unit_option", args=[army_list.public_id, "u2"])
    data = {**OPTION, "count": count, "version": stored(army_list).version}
    return client.post(url, data, headers={**HTMX, **headers})


def test_the_editor_page_comes_gzipped_to_a_browser_that_accepts_it_and_only_to_it(
    client, army_list
):
    plain = editor_page(client, army_list)
    packed = editor_page(client, army_list, **{"Accept-Encoding": "gzip, deflate, br"})

    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    page = gzip.decompress(packed.content).decode()
    assert 'id="editor"' in page and "Bridge Watch" in page
    assert len(packed.content) * 3 < len(plain.content)


def test_an_edits_answer_comes_gzipped_to_a_browser_that_accepts_it_and_only_to_it(
    client, army_list
):
    packed = option_change(client, army_list, 1, **{"Accept-Encoding": "gzip"})
    plain = option_change(client, army_list, 0)

    assert packed.status_code == plain.status_code == 200
    assert packed["Content-Encoding"] == "gzip"
    assert 'id="totals"' in gzip.decompress(packed.content).decode()
    assert "Content-Encoding" not in plain and b'id="totals"' in plain.content


def test_compressed_answers_carry_random_padding_against_breach(client, army_list):
    """The same page compressed twice differs in length (Django pads each answer with up to
    100 random bytes), so a reflected guess cannot be read off the size."""
    sizes = {
        len(editor_page(client, army_list, **{"Accept-Encoding": "gzip"}).content) for _ in range(6)
    }
    assert len(sizes) > 1


@pytest.mark.parametrize("static", [False, True])
def test_compression_sits_below_the_static_files_and_above_what_writes_pages(static):
    """WhiteNoise answers static files before compression (it sends the copies gzipped at
    deploy); every middleware that writes or rewrites a page's body runs inside compression."""
    order = settings.MIDDLEWARE
    gzip_at = order.index("django.middleware.gzip.GZipMiddleware")
    if static:
        assert order.index("whitenoise.middleware.WhiteNoiseMiddleware") < gzip_at
    else:
        for writer in (
            "forgebuilder.refusals.RefusedMiddleware",
            "forgebuilder.dbretry.DatabaseRestartMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
        ):
            assert gzip_at < order.index(writer)
