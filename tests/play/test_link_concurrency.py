"""Two players link each other's games at the same moment (each scanned the other's code): both
rows are locked in one order, so neither waits for the other forever; both games end up linked
to each other.

These need PostgreSQL's row locks: run with DATABASE_URL pointing at PostgreSQL."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.lists.selectors import evaluated_list
from forgebuilder.play import services
from forgebuilder.play.models import Game
from tests.concurrency import POSTGRES_ONLY, at_once, client_of

pytestmark = POSTGRES_ONLY


@pytest.mark.parametrize("trial", range(3))
def test_both_players_linking_each_others_game_at_once_link_them_once(
    ember_list, ashen_list, players, trial
):
    ada, bo = players
    ada_game = services.start_game(player=ada, evaluated=evaluated_list(army_list=ember_list))
    bo_game = services.start_game(player=bo, evaluated=evaluated_list(army_list=ashen_list))
    ada_client, bo_client = client_of(ada), client_of(bo)

    answers = at_once(
        lambda: ada_client.post(reverse("play:link", args=[bo_game.link_code]),
                                {"game": ada_game.public_id}),
        lambda: bo_client.post(reverse("play:link", args=[ada_game.link_code]),
                               {"game": bo_game.public_id}),
    )  # fmt: skip

    assert [a.status_code for a in answers] == [302, 302], answers
    linked = {g.pk: g.opponent_id for g in Game.objects.all()}
    assert linked == {ada_game.pk: bo_game.pk, bo_game.pk: ada_game.pk}
