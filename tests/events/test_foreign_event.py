"""An event of a game not hosted here: the organiser makes it naming the game, players submit
the rosters they kept from another builder, its verdict is that builder's own plus the points
limit (never our rules), the desk shows and reviews it, the pack prints it, and everything that
reads the event copes with its having no game module."""

from __future__ import annotations

import csv
import datetime as dt
import html
import io
import random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.events import api, services
from forgebuilder.events.foreign import (
    BUILDER_ERROR,
    CHECKED_BY_BUILDER,
    OVER_LIMIT,
    roster_verdict,
)
from forgebuilder.events.models import Event, Submission
from forgebuilder.events.pack_pdf import pack_html
from forgebuilder.events.services import EventRefused
from forgebuilder.lists.api import foreign_facts
from forgebuilder.lists.importers.battlescribe import read_roster
from forgebuilder.lists.ownership import Owner
from forgebuilder.play.rounds import PairingRefused, submitted_list
from forgebuilder.rosters.api import roster_from_json, roster_owned
from forgebuilder.rosters.services import roster_keep
from tests.events.conftest import entered
from tests.rosters.conftest import every_roster, own_counts, read
from tests.rosters.small import SMALL_ROSTER, small_roster

FORM = {
    "name": "Ash Open", "starts_on": "2026-12-12", "module": "foreign",
    "game_name": "Skirmish of Ash", "points_limit": 999, "list_deadline": "2026-12-10T18:00",
    "rounds": 3, "first_round": "random", "win_points": 3, "draw_points": 1, "loss_points": 0,
    "tiebreaker_1": "points",
}  # fmt: skip


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def foreign_event(organiser) -> Event:
    """A 999-point event of a game not hosted here, lists due tomorrow."""
    return Event.objects.create(
        organiser=organiser,
        name="Ash Open",
        starts_on=dt.date(2026, 12, 5),
        game_name="Skirmish of Ash",
        points_limit=999,
        list_deadline=timezone.now() + dt.timedelta(days=1),
        rounds=3,
        tiebreakers=["points", "sos", "vp_diff"],
    )


def kept(player, roster=None):
    row = roster_keep(owner=Owner(player.pk, ""), roster=roster or small_roster())
    return roster_owned(Owner(player.pk, ""), row.public_id)


def test_the_organiser_makes_an_event_of_a_game_not_hosted_here(client, organiser, ashen):
    client.force_login(organiser)
    form = text(client.get(reverse("events:new")))
    assert "A game not hosted here (lists checked by their builder)" in form
    part = text(client.get(reverse("events:new_factions"), {"module": "foreign"}))
    assert "there are no factions to choose from" in part

    nameless = text(client.post(reverse("events:new"), {**FORM, "game_name": " "}))
    assert "Name the game: players see it on the event page." in nameless
    with_factions = {**FORM, "factions": [f"{ashen.slug}:cinder_compact"]}
    refused = text(client.post(reverse("events:new"), with_factions))
    assert "Only factions of the chosen game can be allowed" in refused
    assert not Event.objects.exists()  # nothing half-made

    response = client.post(reverse("events:new"), FORM)
    event = Event.objects.get()
    assert (event.module, event.game_name, event.data_version) == (None, "Skirmish of Ash", None)
    page = text(client.get(response.url))
    assert "Skirmish of Ash" in page
    said = "Each list is checked by the builder it was made in only: Skirmish of Ash is not "
    assert said in page
    reader = text(Client().get(response.url))  # the page kept for readers without a session
    assert "Skirmish of Ash" in reader and "to register and submit your list" in reader


def test_a_game_must_still_be_chosen(client, organiser, ashen):
    client.force_login(organiser)
    page = text(client.post(reverse("events:new"), {**FORM, "module": ""}))
    assert "Choose the game the event plays." in page
    hosted = client.post(reverse("events:new"), {**FORM, "module": ashen.pk})
    assert hosted.status_code == 302
    assert Event.objects.get().game_name == ""  # a hosted game's name is its module's


def test_the_verdict_is_the_builder_s_own_and_the_points_limit_at_odd_values(foreign_event):
    roster = small_roster()  # 999 pts, its Cinder Drake marked illegal by New Recruit
    verdict = roster_verdict(event=foreign_event, roster=roster)
    codes = [p["code"] for p in verdict.problems]
    assert codes == [CHECKED_BY_BUILDER, BUILDER_ERROR]
    assert verdict.problems[0]["severity"] == "info"
    assert verdict.problems[0]["message"].startswith(f"Checked by {roster.builder} only")
    assert "'Cinder Drake'" in verdict.problems[1]["message"]
    assert (verdict.points, verdict.faction_name) == (999, "Ash Wardens")

    foreign_event.points_limit = 998
    over = roster_verdict(event=foreign_event, roster=roster).problems[-1]
    assert over["code"] == OVER_LIMIT
    assert over["message"] == "999 pts is over Ash Open's limit of 998 pts."
    assert over["hint"] == f"Cut 1 pts in {roster.builder}."


@pytest.mark.parametrize("relative", every_roster())
def test_every_real_roster_gets_its_builder_s_verdict(relative, foreign_event):
    roster = read(relative)
    verdict = roster_verdict(event=foreign_event, roster=roster)
    _names, _models, points = own_counts(relative)
    assert verdict.points == round(points if points is not None else 0)
    assert verdict.problems[0]["code"] == CHECKED_BY_BUILDER
    errors = [p for p in verdict.problems if p["severity"] == "error"]
    expected = len(roster.builder_errors()) + len(roster.cost_mismatches())
    expected += foreign_facts.points_total(roster) > foreign_event.points_limit
    assert len(errors) == expected


def test_a_player_submits_their_own_kept_roster_and_only_theirs(client, foreign_event, players):
    ann, bob = players[:2]
    services.entrant_register(event=foreign_event, player=ann)
    own, others = kept(ann), kept(bob)
    client.force_login(ann)
    page = text(client.get(reverse("events:detail", args=[foreign_event.public_id])))
    assert "One of your kept rosters" in page and own.row.name in page
    assert others.row.public_id not in page

    submit = reverse("events:submit", args=[foreign_event.public_id])
    refused = text(client.post(submit, {"roster": others.row.public_id}, follow=True))
    assert "Pick one of your kept rosters" in refused
    assert not Submission.objects.exists()

    client.post(submit, {"roster": own.row.public_id})
    submission = Submission.objects.get()
    assert submission.builder == own.roster.builder and submission.foreign
    assert submission.document == own.row.content  # a snapshot of the kept roster
    assert (submission.points, submission.module_revision) == (999, 0)
    assert not submission.legal  # its builder marked a unit illegal
    shown = text(client.get(reverse("events:detail", args=[foreign_event.public_id])))
    assert f"Checked by {own.roster.builder} only" in shown
    assert "Legal for this event" not in shown


def test_submitting_needs_the_csrf_token(foreign_event, players):
    ann = players[0]
    services.entrant_register(event=foreign_event, player=ann)
    own = kept(ann)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ann)
    submit = reverse("events:submit", args=[foreign_event.public_id])
    assert strict.post(submit, {"roster": own.row.public_id}).status_code == 403
    assert not Submission.objects.exists()


def test_a_list_and_a_roster_each_go_only_to_their_kind_of_event(foreign_event, event, players):
    ann = players[0]
    roster = kept(ann)
    hosted = services.entrant_register(event=event, player=ann)
    with pytest.raises(EventRefused, match="import the roster as a Ashen Stars list"):
        services.roster_submit(entrant=hosted, kept=roster, source="x")
    entrant = services.entrant_register(event=foreign_event, player=ann)
    document = entered(event, players[1], "lantern_marshal").submission.document
    with pytest.raises(EventRefused, match="a game not hosted here: submit the roster"):
        services.submission_submit(
            entrant=entrant, document=ListDocument.model_validate(document), source="x"
        )
    late = timezone.now() + dt.timedelta(days=2)
    with pytest.raises(EventRefused, match="deadline"):
        services.roster_submit(entrant=entrant, kept=roster, source="x", now=late)


def _submitted(event, players):
    entrants = []
    for player in players:
        entrant = services.entrant_register(event=event, player=player)
        services.roster_submit(entrant=entrant, kept=kept(player), source="x")
        services.entrant_check_in(event=event, entrant=entrant)
        entrants.append(entrant)
    return entrants


def test_the_desk_shows_the_builder_s_verdict_and_the_organiser_accepts_it(
    client, foreign_event, organiser, players
):
    ann, _bob = _submitted(foreign_event, players[:2])
    builder = small_roster().builder
    client.force_login(organiser)
    desk = text(client.get(reverse("events:desk", args=[foreign_event.public_id])))
    assert f"Checked by {builder} only, 1 problem" in desk
    assert "Legal" not in desk
    assert f"{builder} marks 'Cinder Drake' as Illegal Units." in desk

    act = reverse("events:desk_action", args=[foreign_event.public_id, ann.pk])
    client.post(act, {"action": "accepted"})
    assert Submission.objects.get(entrant=ann).review == Submission.ACCEPTED
    shown = text(client.get(reverse("events:list_view", args=[foreign_event.public_id, ann.pk])))
    assert "Blue Squad" in shown and "Cinder Drake" in shown and "479" in shown


def test_the_pack_prints_each_accepted_roster_and_the_event_plays_on(
    client, foreign_event, players
):
    entrants = _submitted(foreign_event, players[:3])
    services.submission_review(
        event=foreign_event, entrant=entrants[0], decision=Submission.ACCEPTED
    )
    cover, *rosters = pack_html(foreign_event)
    assert "Skirmish of Ash" in cover and "checked by the builder it was made in" in cover
    assert len(rosters) == 1
    assert f"{entrants[0].name}: Ashen Patrol" in rosters[0]
    assert "Blue Squad" in rosters[0] and "Cinder Drake" in rosters[0]

    round_ = services.round_pair(event=foreign_event, rng=random.Random(1))
    assert all(game.match == {} for game in round_.games.all())  # no match check of ours
    game = round_.games.filter(second__isnull=False).first()
    with pytest.raises(PairingRefused, match="track the game from your kept roster's page"):
        submitted_list(player=game.first.player, pairing=game)  # no rules of ours to play by
    services.game_report(game=game, by=foreign_event.organiser, first_vp=12, second_vp=7)
    key = api.token_make(event=foreign_event, name="Overlay")
    described = client.get(
        f"/events/{foreign_event.public_id}/api/", headers={"Authorization": f"Bearer {key}"}
    ).json()
    assert (described["game"], described["game_name"]) == (None, "Skirmish of Ash")
    standings = text(client.get(reverse("events:detail", args=[foreign_event.public_id])))
    assert "12–7" in standings or "12-7" in standings


def test_the_csv_and_the_api_never_call_a_foreign_roster_legal(client, foreign_event, players):
    clean = read_roster(SMALL_ROSTER.replace('<category name="Illegal Units"/>', ""))
    ann = services.entrant_register(event=foreign_event, player=players[0])
    services.roster_submit(entrant=ann, kept=kept(players[0], clean), source="x")
    assert Submission.objects.get().legal  # no error its builder or the limit shows

    client.force_login(foreign_event.organiser)
    response = client.get(f"/events/{foreign_event.public_id}/event.csv")
    row = next(csv.DictReader(io.StringIO(response.content.decode())))
    assert row["legal"] == f"checked by {clean.builder} only"

    foreign_event.hide_lists = False
    foreign_event.save()
    key = api.token_make(event=foreign_event, name="Overlay")
    lists = client.get(
        f"/events/{foreign_event.public_id}/api/lists", headers={"Authorization": f"Bearer {key}"}
    ).json()["results"]
    assert (lists[0]["legal"], lists[0]["checked_by"]) == (None, clean.builder)
    assert roster_from_json(lists[0]["list"]).name == "Ashen Patrol"  # the roster's own JSON
