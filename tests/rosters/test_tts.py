"""A foreign roster for Tabletop Simulator: valid TTS save JSON (the schema the lists' export
is checked against), one piece per model as its builder counts them, grouped per unit, over
every real roster of the shared folder; downloaded by its owner and by its share link only."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from forgebuilder.lists.api import Owner, tts
from forgebuilder.rosters.models import ForeignRoster
from forgebuilder.rosters.services import roster_share
from forgebuilder.rosters.tts import roster_tts
from tests.armylists.exports.test_tts_export import checked, model_count

from .conftest import every_roster, own_counts, read
from .test_kept import keep_from_import_page, real


@pytest.mark.parametrize("relative", every_roster())
def test_every_real_roster_goes_to_tabletop_simulator_one_piece_per_model(relative):
    names, models, _ = own_counts(relative)
    save = roster_tts(read(relative))

    [top] = checked(save).ObjectStates
    assert len(top.ContainedObjects) == len(names)
    assert model_count(save) == models
    for bag, name in zip(top.ContainedObjects, names, strict=True):
        assert tts.bbcode_safe(name) in bag.Nickname
        assert all(piece.Nickname and piece.Description for piece in bag.ContainedObjects)


def test_the_owner_and_the_share_link_download_it_and_nobody_else(client, db):
    relative = real("AoS4/Lots o'Letters.rosz")
    keep_from_import_page(client, relative)
    row = ForeignRoster.objects.get()
    token = roster_share(
        owner=Owner(None, client.session["forgebuilder_owner"]), public_id=row.public_id
    )
    page = client.get(reverse("rosters:roster", args=[row.public_id])).content.decode()
    assert reverse("rosters:tts", args=[row.public_id]) in page

    mine = client.get(reverse("rosters:tts", args=[row.public_id]))
    shared = Client().get(reverse("rosters:shared_tts", args=[token]))

    assert mine.status_code == 200 and json.loads(mine.content) == json.loads(shared.content)
    assert mine["Content-Disposition"].endswith('-tts.json"')
    assert model_count(json.loads(mine.content)) == row.model_count
    assert Client().get(reverse("rosters:tts", args=[row.public_id])).status_code == 404
