"""The download views: who may download, what the files are called, bad options, caching."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.lists.exports import list_text

from .pdfread import link_uris, page_sizes_mm, page_texts, reader

OWNER_ROUTES = ("armylists:roster_pdf", "armylists:tokens_pdf", "armylists:text_export")
SHARE_ROUTES = (
    "armylists:shared_roster_pdf",
    "armylists:shared_tokens_pdf",
    "armylists:shared_text_export",
)


def owner_url(name, army_list, **query):
    url = reverse(name, args=[army_list.public_id])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.mark.pdf
@pytest.mark.parametrize(
    ("route", "content_type", "filename"),
    [
        ("armylists:roster_pdf", "application/pdf", "emberstone-oath-350pts.pdf"),
        ("armylists:tokens_pdf", "application/pdf", "emberstone-oath-350pts-tokens.pdf"),
        ("armylists:text_export", "text/plain; charset=utf-8", "emberstone-oath-350pts.txt"),
    ],
)
def test_downloads_are_named_after_the_list(fetch_pdf, ember_list, route, content_type, filename):
    response = fetch_pdf(owner_url(route, ember_list))
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'


def test_the_text_download_is_the_text_export(client, ember_list, ember_source):
    response = client.get(owner_url("armylists:text_export", ember_list))
    assert response.content.decode("utf-8") == list_text(ember_source)


def test_the_copy_box_gets_the_text_as_a_fragment(client, ember_list, ember_source):
    response = client.get(owner_url("armylists:text_export", ember_list), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Content-Disposition" not in response
    html = response.content.decode()
    assert html.startswith('<textarea id="list-text"')
    assert "1. Thane Brokka Emberhand (Forge-Thane)" in html


@pytest.mark.parametrize("route", OWNER_ROUTES)
def test_another_players_list_is_not_found(stranger, ember_list, route):
    assert stranger.get(owner_url(route, ember_list)).status_code == 404


@pytest.mark.parametrize("route", OWNER_ROUTES)
def test_downloads_are_read_only(client, ember_list, route):
    assert client.post(owner_url(route, ember_list)).status_code == 405


@pytest.mark.pdf
@pytest.mark.parametrize(
    ("route", "query", "message"),
    [
        ("armylists:roster_pdf", {"paper": "a3"}, "Unknown paper size 'a3'. Choose one of: a4, letter."),
        ("armylists:tokens_pdf", {"size": "40"}, "Unknown token size '40'. Choose one of: 25, 32 (mm)."),
        ("armylists:tokens_pdf", {"paper": "legal"}, "Unknown paper size 'legal'."),
    ],
)  # fmt: skip
def test_unknown_paper_or_token_size_is_a_bad_request(client, ember_list, route, query, message):
    response = client.get(owner_url(route, ember_list, **query))
    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.pdf
@pytest.mark.parametrize(("paper", "size"), [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_paper_is_chosen_in_the_query(fetch_pdf, ember_list, paper, size):
    response = fetch_pdf(owner_url("armylists:roster_pdf", ember_list, paper=paper))
    assert set(page_sizes_mm(response.content)) == {size}


@pytest.mark.pdf
def test_a_live_share_link_is_printed_on_the_owners_roster(fetch_pdf, ember_list, live_link):
    response = fetch_pdf(owner_url("armylists:roster_pdf", ember_list))
    url = f"http://testserver/s/{live_link.token}/"
    pdf = reader(response.content)
    assert all(url in link_uris(page) for page in pdf.pages)
    assert url in page_texts(response.content)[0]


@pytest.mark.pdf
@pytest.mark.parametrize("route", SHARE_ROUTES)
def test_anyone_with_the_share_link_may_download(fetch_pdf, stranger, live_link, route):
    response = fetch_pdf(reverse(route, args=[live_link.token]), by=stranger)
    assert response.status_code == 200
    assert "emberstone-oath-350pts" in response["Content-Disposition"]


@pytest.mark.pdf
def test_a_snapshot_link_prints_its_own_url(fetch_pdf, stranger, ember_list):
    from forgebuilder.lists.models import ShareLink
    from forgebuilder.lists.sharing import share_link_create

    link = share_link_create(army_list=ember_list, kind=ShareLink.SNAPSHOT)
    response = fetch_pdf(reverse("armylists:shared_roster_pdf", args=[link.token]), by=stranger)
    url = f"http://testserver/s/{link.token}/"
    assert all(url in link_uris(page) for page in reader(response.content).pages)


@pytest.mark.parametrize("route", SHARE_ROUTES)
def test_a_revoked_link_downloads_nothing(stranger, ember_list, live_link, route):
    from forgebuilder.lists.sharing import share_link_revoke

    share_link_revoke(army_list=ember_list, token=live_link.token)
    assert stranger.get(reverse(route, args=[live_link.token])).status_code == 404


# --- the render cache --------------------------------------------------------------------------


@pytest.mark.pdf
def test_the_same_list_is_drawn_once(client, fetch_pdf, ember_list, render_calls):
    url = owner_url("armylists:roster_pdf", ember_list)
    first = fetch_pdf(url)
    second = client.get(url)  # no waiting page: straight from the render cache
    assert second.status_code == 200
    assert len(render_calls) == 1
    assert first.content == second.content


def rename_u2(army_list) -> None:
    """The owner renames the list's second unit "Old Ash-Eye"."""
    from forgebuilder.lists import edits
    from forgebuilder.lists.services import army_list_edit

    army_list_edit(
        army_list=army_list,
        expected_version=None,
        change=lambda doc, cat: edits.rename_unit(doc, unit_id="u2", name="Old Ash-Eye"),
        label="Rename",
    )


@pytest.mark.pdf
def test_an_edit_draws_the_list_anew(fetch_pdf, ember_list, ember_catalog, render_calls):
    url = owner_url("armylists:roster_pdf", ember_list)
    fetch_pdf(url)
    rename_u2(ember_list)
    response = fetch_pdf(url)
    assert len(render_calls) == 2
    assert "Old Ash-Eye" in page_texts(response.content)[0]


@pytest.mark.pdf
def test_an_undone_edit_finds_its_drawing_again(fetch_pdf, ember_list, render_calls):
    from forgebuilder.lists.services import army_list_undo

    url = owner_url("armylists:roster_pdf", ember_list)
    fetch_pdf(url)
    rename_u2(ember_list)
    fetch_pdf(url)
    army_list_undo(army_list=ember_list, expected_version=None)
    fetch_pdf(url)
    assert len(render_calls) == 2  # keyed by content, not by version


@pytest.mark.pdf
@pytest.mark.parametrize(
    "other",
    [
        {"paper": "letter"},  # another paper
        {"size": "32"},  # another token size (token sheet)
    ],
)
def test_other_options_are_other_drawings(fetch_pdf, ember_list, render_calls, other):
    route = "armylists:tokens_pdf" if "size" in other else "armylists:roster_pdf"
    fetch_pdf(owner_url(route, ember_list))
    fetch_pdf(owner_url(route, ember_list, **other))
    assert len(render_calls) == 2


@pytest.mark.pdf
def test_a_new_share_link_draws_the_footer_anew(fetch_pdf, ember_list, render_calls):
    from forgebuilder.lists.models import ShareLink
    from forgebuilder.lists.sharing import share_link_create

    url = owner_url("armylists:roster_pdf", ember_list)
    fetch_pdf(url)
    share_link_create(army_list=ember_list, kind=ShareLink.LIVE)
    fetch_pdf(url)
    assert len(render_calls) == 2


@pytest.mark.pdf
def test_the_roster_and_the_token_sheet_are_cached_apart(fetch_pdf, ember_list, render_calls):
    fetch_pdf(owner_url("armylists:roster_pdf", ember_list))
    fetch_pdf(owner_url("armylists:tokens_pdf", ember_list))
    fetch_pdf(owner_url("armylists:tokens_pdf", ember_list))
    assert len(render_calls) == 2
