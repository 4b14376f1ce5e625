"""Error pages in the site's style; a list of another browser says so without revealing it."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from forgebuilder.lists.documents import document_catalog, parse_document
from forgebuilder.lists.ownership import Owner
from forgebuilder.lists.services import army_list_create

pytestmark = pytest.mark.django_db


def test_an_unknown_page_gets_the_sites_404_page(client):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    text = response.content.decode()
    assert "We could not find that page" in text
    assert 'class="site-header"' in text  # the site's own layout
    assert "My lists" in text


def test_a_list_of_another_browser_explains_signing_up_and_logging_in(
    client, mini_module, mini_list
):
    document = parse_document(mini_list)
    someone_else = Owner(None, "another-browser")
    theirs = army_list_create(
        owner=someone_else, catalog=document_catalog(document), document=document
    )

    response = client.get(f"/lists/{theirs.public_id}/")
    missing = client.get("/lists/doesnotexist123/")

    assert response.status_code == missing.status_code == 404
    text = response.content.decode()
    assert "This list is not in this browser" in text
    assert "sign up" in text and "log in" in text
    # the same page whether the list exists or not (but for the address and the CSRF token)
    assert without_noise(text, theirs.public_id) == without_noise(
        missing.content.decode(), "doesnotexist123"
    )


def without_noise(html: str, public_id: str) -> str:
    html = html.replace(public_id, "X")
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", html)


@pytest.mark.parametrize(
    ("template", "words"),
    [
        ("400.html", "did not make sense"),
        ("403.html", "You may not do that here"),
        ("500.html", "Your lists are safe"),
    ],
)
def test_every_error_template_uses_the_sites_layout_and_says_what_happened(template, words):
    request = RequestFactory().get("/somewhere/")
    html = render_to_string(template, {"request": request})

    assert words in html
    assert f"Error {template[:3]}" in html
    assert 'class="site-header"' in html


def test_a_post_without_its_csrf_token_gets_the_sites_403_page(client):
    client.handler.enforce_csrf_checks = True
    response = client.post("/lists/new/", {"name": "x"})

    assert response.status_code == 403
    text = response.content.decode()
    assert "You may not do that here" in text
    assert "security check" in text
