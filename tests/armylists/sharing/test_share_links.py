"""Share links: read-only, unguessable, live or frozen, revocable, cacheable, forkable."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from factions.drafts import draft_begin, draft_publish
from factions.models import Datasheet, GameModule
from factions.services import game_module_touch
from forgebuilder.lists.models import ArmyList, ShareLink
from forgebuilder.lists.sharing import share_link_create

from ..conftest import add_unit
from ..exports.pdfread import qr_dark_modules_of, svg_qr_dark_modules


def share(client: Client, army_list: ArmyList, kind: str) -> ShareLink:
    response = client.post(
        reverse("armylists:share_create", args=[army_list.public_id]), {"kind": kind}
    )
    assert response.status_code == 302
    return army_list.share_links.filter(kind=kind).latest("created_at")


def page(client: Client, link: ShareLink, **headers):
    return client.get(reverse("armylists:shared", args=[link.token]), **headers)


def test_a_share_link_has_at_least_64_bits_of_randomness_and_no_sequential_id(
    army_list, owner_client
):
    link = share(owner_client, army_list, "live")
    other = share(owner_client, army_list, "snapshot")
    assert re.fullmatch(r"[A-Za-z0-9_-]{16}", link.token)  # 12 random bytes = 96 bits
    assert link.token != other.token
    url = reverse("armylists:shared", args=[link.token])
    assert url == f"/s/{link.token}/"
    assert re.fullmatch(r"[A-Za-z0-9_-]{16}", army_list.public_id)


def test_anyone_with_the_link_sees_the_roster_with_cards_totals_and_legality(
    army_list, owner_client
):
    link = share(owner_client, army_list, "live")
    response = page(Client(), link)
    html = response.content.decode()
    assert response.status_code == 200
    assert "River Guard" in html and "Captain" in html and "Spearmen" in html
    assert html.count('class="datasheet"') == 2
    assert "55 / 150 pts" in html
    assert (
        "Force organization &#x27;Patrol&#x27; needs at least" not in html
    )  # legal: 1 hero 1 core
    assert 'property="og:title" content="River Guard · Millford · 55/150 pts"' in html
    assert 'property="og:description" content="Legal list · 2 units · Mini Vale"' in html
    assert 'name="twitter:card"' in html


def test_the_share_page_explains_why_an_illegal_list_is_not_legal(army_list, owner_client):
    for _ in range(2):
        add_unit(army_list, "captain")
    link = share(owner_client, army_list, "live")
    html = page(Client(), link).content.decode()
    assert "Not legal" in html
    assert "allows at most 2 Hero units; you have 3" in html


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("settings", {"name": "Hijacked", "points_limit": 10}),
        ("undo", {}),
        ("unit_add", {"datasheet": "captain"}),
        ("force_add", {"organization": "millford/vanguard"}),
        ("legend_add", {"legend": "old_banner"}),
        ("rename", {"name": "Hijacked"}),
        ("delete", {}),
        ("share_create", {"kind": "live"}),
    ],
)
def test_a_share_link_cannot_be_used_to_edit(army_list, owner_client, name, data):
    link = share(owner_client, army_list, "live")
    visitor = Client()
    page(visitor, link)
    before = (army_list.version, army_list.document, army_list.name)
    response = visitor.post(
        reverse(f"armylists:{name}", args=[army_list.public_id]),
        {**data, "version": army_list.version},
    )
    assert response.status_code == 404
    # the token is not a list id either
    response = visitor.post(reverse(f"armylists:{name}", args=[link.token]), {**data, "version": 1})
    assert response.status_code == 404
    army_list.refresh_from_db()
    assert (army_list.version, army_list.document, army_list.name) == before
    assert ShareLink.objects.filter(army_list=army_list).count() == 1


def test_unit_edits_through_someone_elses_link_are_refused(army_list, owner_client):
    link = share(owner_client, army_list, "live")
    unit_id = army_list.document["units"][0]["id"]
    response = Client().post(
        reverse("armylists:unit_remove", args=[army_list.public_id, unit_id]),
        {"version": army_list.version},
    )
    assert response.status_code == 404
    assert page(Client(), link).status_code == 200


def test_a_revoked_link_answers_404(army_list, owner_client):
    link = share(owner_client, army_list, "snapshot")
    response = owner_client.post(
        reverse("armylists:share_revoke", args=[army_list.public_id, link.token])
    )
    assert response.status_code == 302
    gone = page(Client(), link)
    assert gone.status_code == 404
    # The opponent reads why, in players' words, and what to do: never a technical page.
    text = gone.content.decode()
    assert "This share link was revoked by the list&#x27;s owner, or it never existed." in text
    assert "Ask whoever sent it for a new link" in text
    assert "URLconf" not in text and "Traceback" not in text
    assert Client().get(reverse("armylists:shared_qr", args=[link.token])).status_code == 404
    assert Client().post(reverse("armylists:fork", args=[link.token])).status_code == 404


def test_only_the_owner_can_revoke_a_link(army_list, owner_client):
    link = share(owner_client, army_list, "live")
    response = Client().post(
        reverse("armylists:share_revoke", args=[army_list.public_id, link.token])
    )
    assert response.status_code == 404
    assert page(Client(), link).status_code == 200


def test_a_deleted_list_is_no_longer_shared(army_list, owner_client):
    link = share(owner_client, army_list, "live")
    owner_client.post(reverse("armylists:delete", args=[army_list.public_id]))
    assert page(Client(), link).status_code == 404


def test_a_frozen_snapshot_does_not_change_when_the_list_is_edited_but_a_live_link_does(
    army_list, owner_client
):
    live = share(owner_client, army_list, "live")
    frozen = share(owner_client, army_list, "snapshot")
    add_unit(army_list, "river_witch")
    live_html = page(Client(), live).content.decode()
    frozen_html = page(Client(), frozen).content.decode()
    assert "River Witch" in live_html and "90 / 150 pts" in live_html
    assert "River Witch" not in frozen_html and "55 / 150 pts" in frozen_html


def test_the_owner_keeps_several_snapshots_and_one_live_link(army_list, owner_client):
    first = share(owner_client, army_list, "snapshot")
    add_unit(army_list, "river_witch")
    second = share(owner_client, army_list, "snapshot")
    live = share(owner_client, army_list, "live")
    again = share(owner_client, army_list, "live")
    assert live.pk == again.pk and first.pk != second.pk
    editor = owner_client.get(
        reverse("armylists:editor", args=[army_list.public_id])
    ).content.decode()
    for link in (first, second, live):
        assert reverse("armylists:shared", args=[link.token]) in editor


def test_an_unchanged_snapshot_answers_304_to_a_conditional_request(army_list, owner_client):
    link = share(owner_client, army_list, "snapshot")
    visitor = Client()
    first = page(visitor, link)
    etag = first["ETag"]
    assert etag and "max-age=0" in first["Cache-Control"]
    second = page(visitor, link, HTTP_IF_NONE_MATCH=etag)
    assert second.status_code == 304 and second["ETag"] == etag
    assert second.content == b""
    # a shared cache refreshing its copy is told again how long it may keep it
    assert second["Cache-Control"] == first["Cache-Control"]


def test_a_live_link_gets_a_new_etag_when_the_list_changes(army_list, owner_client):
    link = share(owner_client, army_list, "live")
    visitor = Client()
    etag = page(visitor, link)["ETag"]
    add_unit(army_list, "river_witch")
    response = page(visitor, link, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert b"River Witch" in response.content


def test_sharing_live_again_after_a_revoke_gives_a_new_link_that_opens(army_list, owner_client):
    dead = share(owner_client, army_list, "live")
    owner_client.post(reverse("armylists:share_revoke", args=[army_list.public_id, dead.token]))
    again = share(owner_client, army_list, "live")
    assert again.token != dead.token
    assert page(Client(), again).status_code == 200
    assert page(Client(), dead).status_code == 404


@pytest.mark.parametrize(
    ("kind", "after"), [("live", "65 / 150 pts"), ("snapshot", "55 / 150 pts")]
)
def test_a_data_update_reprices_a_live_link_and_leaves_a_snapshot_on_its_version(
    army_list, owner_client, kind, after
):
    link = share(owner_client, army_list, kind)
    visitor = Client()
    first = page(visitor, link)
    assert "55 / 150 pts" in first.content.decode()
    # a data update: the Captain gets dearer, the list itself does not change
    module = GameModule.objects.get(pk=army_list.module_id)
    draft_begin(module.pk)  # what players see now is kept as a version, as the admin does
    captain = Datasheet.objects.get(module=army_list.module, key="captain")
    Datasheet.objects.filter(pk=captain.pk).update(points=captain.points + 10)
    game_module_touch(module_id=army_list.module_id)
    module.refresh_from_db()
    draft_publish(module_id=module.pk, seen=module.revision, label="1.1")
    response = page(visitor, link, HTTP_IF_NONE_MATCH=first["ETag"])
    assert response.status_code == 200
    assert after in response.content.decode()
    if kind == "live":
        assert response["ETag"] != first["ETag"]


def test_a_snapshots_etag_stays_the_same_when_the_list_is_edited(army_list, owner_client):
    link = share(owner_client, army_list, "snapshot")
    visitor = Client()
    etag = page(visitor, link)["ETag"]
    add_unit(army_list, "river_witch")
    response = page(visitor, link, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response["ETag"] == etag


def test_the_304_path_needs_a_single_query(army_list, owner_client, django_assert_num_queries):
    link = share(owner_client, army_list, "snapshot")
    visitor = Client()
    etag = page(visitor, link)["ETag"]
    with django_assert_num_queries(1):  # the link, its list version and module revision
        assert page(visitor, link, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_qr_code_encodes_the_share_link(army_list, owner_client):
    link = share(owner_client, army_list, "live")
    response = Client().get(reverse("armylists:shared_qr", args=[link.token]))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    url = "http://testserver" + reverse("armylists:shared", args=[link.token])
    assert svg_qr_dark_modules(response.content) == qr_dark_modules_of(url)
    assert svg_qr_dark_modules(response.content) != qr_dark_modules_of(url + "x")


def test_forking_creates_an_independent_copy_owned_by_the_visitor(army_list, owner_client):
    link = share(owner_client, army_list, "live")
    visitor = Client()
    response = visitor.post(reverse("armylists:fork", args=[link.token]))
    assert response.status_code == 302
    copy = ArmyList.objects.exclude(pk=army_list.pk).get()
    assert (
        copy.name == "River Guard (copy)" and copy.document["units"] == army_list.document["units"]
    )
    assert copy.owner_token and copy.owner_token != army_list.owner_token
    # the visitor edits the copy; the original does not move
    response = visitor.post(
        reverse("armylists:unit_add", args=[copy.public_id]),
        {"datasheet": "river_witch", "version": copy.version},
    )
    assert response.status_code == 302
    copy.refresh_from_db()
    army_list.refresh_from_db()
    assert copy.unit_count == 3 and army_list.unit_count == 2
    # and the owner cannot edit the visitor's copy
    response = owner_client.post(
        reverse("armylists:unit_add", args=[copy.public_id]),
        {"datasheet": "captain", "version": copy.version},
    )
    assert response.status_code == 404


def test_a_signed_in_visitor_forks_into_their_account(army_list, owner_client, django_user_model):
    link = share(owner_client, army_list, "live")
    user = django_user_model.objects.create_user("visitor", "v@example.com", "pw-123456789")
    visitor = Client()
    visitor.force_login(user)
    visitor.post(reverse("armylists:fork", args=[link.token]))
    assert ArmyList.objects.filter(owner=user).count() == 1


def test_sharing_needs_a_known_kind(army_list, owner_client):
    response = owner_client.post(
        reverse("armylists:share_create", args=[army_list.public_id]), {"kind": "forever"}
    )
    assert response.status_code == 400
    assert not ShareLink.objects.exists()


def test_share_link_create_refuses_an_unknown_kind(army_list):
    with pytest.raises(ValueError):
        share_link_create(army_list=army_list, kind="forever")


def test_share_pages_escape_list_and_unit_names(army_list, owner_client):
    document = dict(army_list.document, name="<script>alert(1)</script>")
    document["units"] = [dict(document["units"][0], name="<b>bold</b>"), *document["units"][1:]]
    ArmyList.objects.filter(pk=army_list.pk).update(document=document)
    link = share(owner_client, army_list, "snapshot")
    html = page(Client(), link).content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "<b>bold</b>" not in html


def test_an_anonymous_reader_copies_the_list_from_the_page_the_share_page_links_to(
    army_list, owner_client
):
    """The share page holds no form (it is the same cached page for every anonymous reader):
    its "Copy to my lists" link opens a page whose form carries the reader's own token."""
    link = share(owner_client, army_list, "live")
    fork_url = reverse("armylists:fork", args=[link.token])
    for _ in range(2):  # the second reader is served the cached page
        reader = Client(enforce_csrf_checks=True)
        html = page(reader, link).content.decode()
        assert f'<a class="btn primary" href="{fork_url}">Copy to my lists</a>' in html
        assert "csrfmiddlewaretoken" not in html and "csrftoken" not in reader.cookies
        form = reader.get(fork_url)
        assert form.status_code == 200 and "Copy “River Guard” to your lists" in form.text
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text).group(1)
        assert reader.post(fork_url).status_code == 403  # the form's token is needed
        response = reader.post(fork_url, {"csrfmiddlewaretoken": token})
        assert response.status_code == 302
    assert ArmyList.objects.filter(name="River Guard (copy)").count() == 2


def test_the_copy_page_of_a_revoked_link_is_gone(army_list, owner_client):
    link = share(owner_client, army_list, "live")
    owner_client.post(reverse("armylists:share_revoke", args=[army_list.public_id, link.token]))
    fork_url = reverse("armylists:fork", args=[link.token])
    assert Client().get(fork_url).status_code == 404
    assert Client().post(fork_url).status_code == 404
    assert ArmyList.objects.count() == 1


def test_only_a_link_made_a_moment_ago_is_warmed_by_its_owners_editor(army_list, owner_client):
    """The editor asks for a new link's page once without cookies (static/js/app.js), so the
    proxy holds it before the link is posted anywhere; older links are left alone."""
    old = share(owner_client, army_list, "snapshot")
    ShareLink.objects.filter(pk=old.pk).update(
        created_at=old.created_at - timedelta(seconds=ShareLink.WARM_SECONDS + 1)
    )
    new = share(owner_client, army_list, "live")
    editor = owner_client.get(
        reverse("armylists:editor", args=[army_list.public_id])
    ).content.decode()
    warmed = re.findall(r'<input id="share-url-([\w-]+)"[^>]*\bdata-warm\b', editor)
    assert warmed == [new.token]
