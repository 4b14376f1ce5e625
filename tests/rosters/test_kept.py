"""Every real roster of a game not hosted here is kept as a foreign roster with its own unit,
model and points counts, its page shows every unit, and its share link opens it read-only; the
import page shows what it read first, keeps it only on a POST with its CSRF token, and only the
owner sees, shares or deletes it."""

from __future__ import annotations

import base64
import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import Owner
from forgebuilder.rosters.models import ForeignRoster
from forgebuilder.rosters.services import roster_keep, roster_share
from tests.rosters.conftest import ROSTER_DIR, every_roster, own_counts, read, roster_bytes

IMPORT = reverse("armylists:import")
KEEP = reverse("rosters:keep")
CHECKED = "forgebuilder does not host this game&#x27;s rules."
VISITOR = Owner(None, "visitor-token")


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("relative", every_roster())
def test_every_real_roster_is_kept_with_its_own_counts_shown_and_shared(relative, client, db):
    names, models, points = own_counts(relative)
    row = roster_keep(owner=VISITOR, roster=read(relative))
    token = roster_share(owner=VISITOR, public_id=row.public_id)

    assert (row.unit_count, row.model_count, row.points) == (len(names), models, points)
    shared = client.get(reverse("rosters:shared", args=[token]))
    assert shared.status_code == 200
    page = text(shared)
    assert all(name in page for name in names)
    assert "Checked by " in page and "Delete this roster" not in page


def keep_from_import_page(client, relative: str):
    upload = SimpleUploadedFile("army.bin", roster_bytes(relative), "application/octet-stream")
    read_page = client.post(IMPORT, {"file": upload})
    assert read_page.status_code == 200
    assert not ForeignRoster.objects.exists()  # nothing kept before the player says so
    return read_page, client.post(KEEP, {"roster": read_page.context["payload"]})


def real(relative: str) -> str:
    if not (ROSTER_DIR / relative).is_file():
        pytest.skip(f"BattleScribe roster {relative} not found in {ROSTER_DIR}")
    return relative


def test_the_import_page_shows_what_it_read_and_keeps_it_on_the_player_s_word(client, db):
    relative = real("AoS4/Belakor and Fiends.rosz")

    read_page, kept = keep_from_import_page(client, relative)

    page = text(read_page)
    for fact in ("Age of Sigmar 4.0", "New Recruit", "Units</dt><dd>10", "1680 / 2000"):
        assert fact in page
    assert "Checked by New Recruit only: forgebuilder does not host this game's rules." in page
    assert "Keep as a foreign roster" in page
    row = ForeignRoster.objects.get()
    assert kept["Location"] == reverse("rosters:roster", args=[row.public_id])
    assert row.name == "Belakor and Fiends" and row.builder == "New Recruit"
    assert row.game_system == "Age of Sigmar 4.0" and row.unit_count == 10
    assert not ArmyList.objects.exists()
    mine = text(client.get(reverse("rosters:mine")))
    assert "Belakor and Fiends" in mine
    assert '<td class="num">1680</td>' in mine  # the points as players write them
    assert reverse("rosters:mine") in text(client.get(reverse("armylists:my_lists")))


def test_a_pasted_roster_with_the_builder_s_errors_shows_them_before_and_after(client, db):
    relative = real("mesbg/MESBG Mordor 750 With Troll.ros")
    pasted = roster_bytes(relative).decode("utf-8")

    read_page = client.post(IMPORT, {"document": pasted})
    kept = client.post(KEEP, {"roster": read_page.context["payload"]})

    assert "749 / 750" in text(read_page)
    page = text(client.get(kept["Location"]))
    assert "MESBG Mordor 750 With Troll" in page and "Make a read-only link" in page


def test_a_roster_s_stale_total_is_named_as_its_builder_s_error(client, db):
    relative = real("40k9th/psychomancer.rosz")

    _read_page, kept = keep_from_import_page(client, relative)

    page = text(client.get(kept["Location"]))
    assert "the roster's total says 480 pts but its selections add up to" in page


@pytest.mark.parametrize(
    "payload, said",
    [
        ("", "no roster was sent"),
        ("%%%not base64", "damaged on the way"),
        (base64.b64encode(b"<roster/>").decode(), "XML that is not a BattleScribe roster"),
        (base64.b64encode(b"PK\x03\x04 cut").decode(), "cannot be unzipped"),
        ("A" * 1_400_000, "larger than 1 MB"),
    ],
)
def test_a_bad_roster_sent_to_keep_is_refused_by_name_and_nothing_is_kept(
    client, db, payload, said
):
    response = client.post(KEEP, {"roster": payload})

    assert response.status_code == 302 and response["Location"] == IMPORT
    assert said in text(client.get(IMPORT))
    assert not ForeignRoster.objects.exists()


def test_only_the_owner_sees_shares_and_deletes_a_roster(client, db):
    relative = real("40k9th/CSMTest.rosz")
    keep_from_import_page(client, relative)
    row = ForeignRoster.objects.get()
    stranger = Client()
    address = reverse("rosters:roster", args=[row.public_id])

    assert stranger.get(address).status_code == 404
    for action in ("share", "unshare", "delete"):
        answer = stranger.post(reverse(f"rosters:{action}", args=[row.public_id]))
        assert answer.status_code == 404
    assert ForeignRoster.objects.get().share_token == ""
    assert row.name not in text(stranger.get(reverse("rosters:mine")))

    client.post(reverse("rosters:share", args=[row.public_id]))
    token = ForeignRoster.objects.get().share_token
    assert len(token) == 16
    assert stranger.get(reverse("rosters:shared", args=[token])).status_code == 200
    client.post(reverse("rosters:unshare", args=[row.public_id]))
    assert stranger.get(reverse("rosters:shared", args=[token])).status_code == 404
    client.post(reverse("rosters:delete", args=[row.public_id]))
    assert not ForeignRoster.objects.exists()


def test_keeping_needs_the_csrf_token(db):
    relative = real("40k9th/CSMTest.rosz")
    payload = base64.b64encode(roster_bytes(relative)).decode()
    guarded = Client(enforce_csrf_checks=True)

    assert guarded.post(KEEP, {"roster": payload}).status_code == 403
    assert not ForeignRoster.objects.exists()


def test_a_signed_in_player_keeps_it_on_their_account(client, django_user_model, db):
    relative = real("40k9th/CSMTest.rosz")
    user = django_user_model.objects.create_user("ana", password="pw-long-enough-1")
    client.force_login(user)

    keep_from_import_page(client, relative)

    row = ForeignRoster.objects.get()
    assert row.owner == user and row.owner_token == ""


def test_a_visitor_s_rosters_come_with_them_when_they_sign_in(client, db, django_user_model):
    relative = real("40k9th/CSMTest.rosz")
    keep_from_import_page(client, relative)
    user = django_user_model.objects.create_user("bo", password="pw-long-enough-1")

    signed_in = client.post(
        reverse("accounts:login"), {"username": "bo", "password": "pw-long-enough-1"}
    )

    assert signed_in.status_code == 302

    row = ForeignRoster.objects.get()
    assert row.owner == user and row.owner_token == ""  # found again on any device


def test_a_roster_whose_stored_copy_was_damaged_says_so_and_may_still_be_deleted(client, db):
    relative = real("40k9th/CSMTest.rosz")
    keep_from_import_page(client, relative)
    row = ForeignRoster.objects.get()
    ForeignRoster.objects.filter(pk=row.pk).update(content={"format": "something else"})

    page = client.get(reverse("rosters:roster", args=[row.public_id]))

    assert page.status_code == 404
    assert "stored copy of this roster is damaged" in text(page)
    client.post(reverse("rosters:delete", args=[row.public_id]))
    assert not ForeignRoster.objects.exists()


def test_the_roster_downloads_as_our_json_and_reads_back_equal(client, db):
    from forgebuilder.rosters.serial import roster_from_json

    relative = real("AoS4/Lots o'Letters.rosz")
    keep_from_import_page(client, relative)
    row = ForeignRoster.objects.get()
    token = roster_share(
        owner=Owner(None, client.session["forgebuilder_owner"]), public_id=row.public_id
    )

    mine = client.get(reverse("rosters:json", args=[row.public_id]))
    shared = Client().get(reverse("rosters:shared_json", args=[token]))

    assert mine.json() == shared.json()
    assert roster_from_json(mine.json()) == read(relative)
    assert 'filename="lots-oletters.json"' in mine["Content-Disposition"]
    assert Client().get(reverse("rosters:json", args=[row.public_id])).status_code == 404
