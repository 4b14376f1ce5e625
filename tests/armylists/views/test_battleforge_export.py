"""The Battle Forge app export exists only for lists of modules imported from Battle Forge
(its round trip is tested with the importers, tests/armylists/importers)."""

from __future__ import annotations

from django.urls import reverse


def test_lists_of_other_modules_have_no_battle_forge_export(client, army_list):
    url = reverse("armylists:battleforge_file", args=[army_list.public_id])

    assert client.get(url).status_code == 404
    editor = client.get(reverse("armylists:editor", args=[army_list.public_id])).content.decode()
    assert "Download for the app" not in editor
