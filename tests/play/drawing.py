"""Every game page drawn with real data, for tests/test_every_template.py."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from forgebuilder.play.models import Game


def draw_play_pages(client, army_list, opponent) -> None:
    """The list's owner (`client`) starts a game, taps, links the opponent's game, finishes."""
    table = reverse("armylists:table", args=[army_list.public_id])
    assert client.get(table).status_code == 200
    start = client.post(reverse("play:start", args=[army_list.public_id]))
    game = Game.objects.get(public_id=start["Location"].strip("/").split("/")[-1])
    tracker = reverse("play:tracker", args=[game.public_id])
    client.post(reverse("play:tap", args=[game.public_id]), {"do": "add:vp:1"})
    assert client.get(tracker).status_code == 200
    other = Client()
    other.force_login(opponent)
    link = reverse("play:link", args=[game.link_code])
    assert other.get(link).status_code == 200  # no game yet: told how to start one
    theirs = Game.objects.create(
        player=opponent, name="Theirs", module=game.module, document=game.document,
        sheet=game.sheet, state=game.state,
    )  # fmt: skip
    assert other.post(link, {"game": theirs.public_id}).status_code == 302
    assert client.get(tracker).status_code == 200  # with the opponent's counters
    client.post(reverse("play:finish", args=[game.public_id]), {"result": "draw"})
    assert client.get(reverse("play:games")).status_code == 200
