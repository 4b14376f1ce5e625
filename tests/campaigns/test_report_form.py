"""The battle report form never loses what was typed: an error keeps every value, each die is
asked for by name, each roll's own 'Roll for me' rolls it on the server when it is left empty
(kept in the history as the server's), and
a draft saved by one player is finished by the other."""

from __future__ import annotations

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import CampaignEvent, Mission
from forgebuilder.lists.models import ArmyList

from .conftest import ashfall

pytestmark = pytest.mark.django_db


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


@pytest.fixture
def mission(game):
    campaign, a, b = game
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    return campaign, a, b


def typed(a, b, **rolls) -> dict:
    """Ana won and made the objective, her squad killed two units; Ben lost his captain (a
    hero) and his mob."""
    return {
        "winner": str(a.pk),
        f"p{a.pk}-objective": "on",
        f"p{a.pk}-u2-units": "2",
        f"p{a.pk}-u2-heroes": "1",
        f"p{b.pk}-u1-casualty": "on",
        f"p{b.pk}-u2-casualty": "on",
        f"p{b.pk}-u2-casualty-roll": "4",
        **rolls,
    }


def field(response, name: str, value=None) -> str:
    """The input named `name` (the radio button of `value`) as the page draws it."""
    html = response.content.decode()
    at = html.index(f'name="{name}"' + (f' value="{value}"' if value is not None else ""))
    return html[html.rindex("<input", 0, at) : html.index(">", at) + 1]


def test_a_missing_roll_is_asked_for_by_name_and_every_value_stays(client, mission, users):
    campaign, a, b = mission
    before = ArmyList.objects.get(pk=b.army_id).document
    client.force_login(users[0])
    url = reverse("campaigns:report", args=[campaign.pk, 1])

    # the captain's casualty roll 1 sends a hero to the injuries: that roll is missing
    response = client.post(url, typed(a, b, **{f"p{b.pk}-u1-casualty-roll": "1"}))

    assert response.status_code == 200
    assert messages_of(response) == [
        "Corsair Captain's injury roll is needed: enter it, or tick its 'Roll for me'."
    ]
    assert "checked" in field(response, "winner", a.pk)
    assert "checked" not in field(response, "winner", b.pk)
    assert "checked" in field(response, f"p{a.pk}-objective")
    assert 'value="2"' in field(response, f"p{a.pk}-u2-units")
    assert 'value="1"' in field(response, f"p{a.pk}-u2-heroes")
    assert "checked" in field(response, f"p{b.pk}-u1-casualty")
    assert "checked" in field(response, f"p{b.pk}-u2-casualty")
    assert 'value="4"' in field(response, f"p{b.pk}-u2-casualty-roll")
    assert 'value="1"' in field(response, f"p{b.pk}-u1-casualty-roll")
    assert 'aria-invalid="true"' in field(response, f"p{b.pk}-u1-hero-roll")
    assert "checked" not in field(response, f"p{b.pk}-u1-hero-roll-server")
    assert ArmyList.objects.get(pk=b.army_id).document == before
    assert Mission.objects.get(campaign=campaign, number=1).status == Mission.SET_UP

    # typing only the missing roll records the battle as reported, not as a draw
    full = typed(a, b, **{f"p{b.pk}-u1-casualty-roll": "1", f"p{b.pk}-u1-hero-roll": "3"})
    assert client.post(url, full).status_code == 302
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.victory_points, a.bank, b.victory_points, b.bank) == (2, 225, 0, 300)
    captain = ArmyList.objects.get(pk=b.army_id).document["units"][0]["campaign"]
    assert captain["injuries"] == ["blinded_eye"]
    named = CampaignEvent.objects.get(kind="mission-report", player=b).dice["named"]
    assert named == [
        {"roll": "Corsair Captain's casualty roll", "value": 1, "by": "entered"},
        {"roll": "Corsair Captain's injury roll", "value": 3, "by": "entered"},
        {"roll": "Deckhand Mob's casualty roll", "value": 4, "by": "entered"},
    ]


def test_a_roll_that_is_no_die_face_is_refused_by_name_and_nothing_is_lost(client, mission, users):
    campaign, a, b = mission
    client.force_login(users[1])
    url = reverse("campaigns:report", args=[campaign.pk, 1])

    response = client.post(url, typed(a, b, **{f"p{b.pk}-u1-casualty-roll": "7"}))

    assert messages_of(response) == [
        "Corsair Captain's casualty roll: '7' is not a die roll; enter 1 to 6."
    ]
    assert 'value="7"' in field(response, f"p{b.pk}-u1-casualty-roll")
    assert 'aria-invalid="true"' in field(response, f"p{b.pk}-u1-casualty-roll")
    assert 'value="2"' in field(response, f"p{a.pk}-u2-units")
    assert Mission.objects.get(campaign=campaign, number=1).status == Mission.SET_UP


def test_a_new_report_ticks_every_roll_for_me_of_its_own_roll(client, mission, users):
    campaign, _a, b = mission
    client.force_login(users[0])

    page = client.get(reverse("campaigns:report", args=[campaign.pk, 1]))

    for roll in ("u1-casualty-roll", "u2-casualty-roll", "u1-hero-roll"):  # u1: the hero
        assert "checked" in field(page, f"p{b.pk}-{roll}-server")
        assert "Roll for me: " in field(page, f"p{b.pk}-{roll}-server")
    assert f'name="p{b.pk}-u2-hero-roll-server"' not in page.content.decode()  # not a hero


def test_roll_for_me_rolls_only_its_own_empty_roll_on_the_server(client, mission, users):
    campaign, a, b = mission
    client.force_login(users[0])
    url = reverse("campaigns:report", args=[campaign.pk, 1])
    # the captain's casualty roll is the server's; the mob's 4 is typed; the captain's injury
    # roll (if the server's roll sends him on) is the server's too
    ticked = {f"p{b.pk}-u1-casualty-roll-server": "on", f"p{b.pk}-u1-hero-roll-server": "on"}

    response = client.post(url, typed(a, b, **ticked))

    assert response.status_code == 302
    named = CampaignEvent.objects.get(kind="mission-report", player=b).dice["named"]
    assert named[0]["roll"] == "Corsair Captain's casualty roll"
    assert named[0]["by"] == "server"
    assert 1 <= named[0]["value"] <= 6
    assert named[-1] == {"roll": "Deckhand Mob's casualty roll", "value": 4, "by": "entered"}


def test_a_roll_left_empty_without_its_roll_for_me_is_asked_for(client, mission, users):
    campaign, a, b = mission
    client.force_login(users[0])
    url = reverse("campaigns:report", args=[campaign.pk, 1])
    # the mob's box is ticked, the captain's is not: the captain's roll is still asked for
    ticked = {f"p{b.pk}-u2-casualty-roll-server": "on", f"p{b.pk}-u2-casualty-roll": ""}

    response = client.post(url, typed(a, b, **ticked))

    assert messages_of(response) == [
        "Corsair Captain's casualty roll is needed: enter it, or tick its 'Roll for me'."
    ]
    assert "checked" in field(response, f"p{b.pk}-u2-casualty-roll-server")
    assert "checked" not in field(response, f"p{b.pk}-u1-casualty-roll-server")
    assert Mission.objects.get(campaign=campaign, number=1).status == Mission.SET_UP


def test_a_draft_saved_by_one_player_is_finished_by_the_other(client, mission, users):
    campaign, a, b = mission
    url = reverse("campaigns:report", args=[campaign.pk, 1])
    client.force_login(users[0])
    response = client.post(url, {**typed(a, b), "save_draft": "1", "junk": "x" * 500}, follow=True)
    assert messages_of(response) == ["Draft of mission 1 saved: any player can finish it."]
    saved = Mission.objects.get(campaign=campaign, number=1)
    assert saved.status == Mission.SET_UP and saved.draft_by == users[0]
    assert "junk" not in saved.draft

    client.force_login(users[1])
    page = client.get(url)
    assert "Draft saved by ana" in page.content.decode()
    assert 'value="2"' in field(page, f"p{a.pk}-u2-units")
    assert "checked" in field(page, f"p{b.pk}-u1-casualty")

    finished = {**typed(a, b), f"p{b.pk}-u1-casualty-roll": "4"}
    assert client.post(url, finished).status_code == 302
    done = Mission.objects.get(campaign=campaign, number=1)
    assert (done.status, done.draft) == (Mission.REPORTED, {})


def test_two_squads_of_one_name_are_numbered_on_the_form(client, ashen, users):
    ana, ben, _ = users
    twins = ("lightbearer_squad", "lightbearer_squad")
    campaign, a, b = ashfall(ashen, ana, ben, name="Twins", ana_units=twins)
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    client.force_login(ana)

    page = client.get(reverse("campaigns:report", args=[campaign.pk, 1])).content.decode()

    assert "Lightbearer Squad 1's casualty roll" in page
    assert "Lightbearer Squad 2's casualty roll" in page
