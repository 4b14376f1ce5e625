"""The list editor on a campaign army: a banner says so and links to the campaign; a change
that would bypass the campaign (and its bank) is refused, saying where to make it; undo stops
at the last campaign step; the name, notes and doctrine stay the player's to edit."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from forgebuilder.campaigns import selectors, services
from forgebuilder.campaigns.dice import EnteredDie
from forgebuilder.campaigns.extension import CHANGES_HERE
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.campaigns.steps import UnitOutcome as Out
from forgebuilder.lists.models import ArmyList

pytestmark = pytest.mark.django_db


@pytest.fixture
def levelled(game):
    """Mission 1 reported (Ana's squad 5 XP) and the squad levelled up: Resilient (4)."""
    campaign, a, b = game
    setup = services.mission_setup(
        campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage"
    )
    services.mission_report(mission=setup.mission, reports={
        a.pk: BattleReport(won=True, units={"u2": Out(killed_units=4)}),
        b.pk: BattleReport(won=False),
    }, die=EnteredDie([]))  # fmt: skip
    services.army_level_up(player=a, unit_id="u2", die=EnteredDie([4]))
    return campaign, a, b


def post(client, endpoint: str, army: ArmyList, *args, **data):
    army.refresh_from_db()
    url = reverse(f"armylists:{endpoint}", args=[army.public_id, *args])
    return client.post(url, {"version": army.version, **data})


def test_the_editor_says_it_is_a_campaign_army_and_links_to_its_campaign_page(
    client, levelled, users
):
    campaign, a, _b = levelled
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)

    page = client.get(reverse("armylists:editor", args=[army.public_id])).content.decode()

    assert f"This is ana's army in the campaign Ashfall: {CHANGES_HERE}" in html.unescape(page)
    link = reverse("campaigns:army", args=[campaign.pk, a.pk])
    assert f'<a href="{link}">Open the army&#x27;s campaign page</a>' in page


def test_undo_stops_at_the_last_campaign_step(client, levelled, users):
    _campaign, a, _b = levelled
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)
    before = army.document
    page = client.get(reverse("armylists:editor", args=[army.public_id])).content.decode()
    assert "Nothing to undo" in page and "Undo: Level up" not in page

    post(client, "undo", army)

    army.refresh_from_db()
    assert army.document == before
    squad = army.document["units"][1]["campaign"]
    assert (squad["level"], squad["traits"]) == (1, ["resilient"])

    # a renamed unit is the player's own change: undone, and the undo goes no further
    post(client, "unit_rename", army, "u2", name="Dawn Lances")
    assert ArmyList.objects.get(pk=army.pk).document["units"][1]["name"] == "Dawn Lances"
    post(client, "undo", army)
    post(client, "undo", army)
    assert ArmyList.objects.get(pk=army.pk).document == before


def test_adding_a_unit_in_the_editor_is_refused_and_the_standings_keep_their_value(
    client, levelled, users
):
    campaign, a, _b = levelled
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)
    value = selectors.standings(campaign)[0]["value"]

    response = post(client, "unit_add", army, datasheet="lightbearer_squad")

    assert response.status_code == 400
    said = html.unescape(response.content.decode())
    assert f"“{army.name}” is ana's army in the campaign Ashfall: {CHANGES_HERE}" in said
    assert ArmyList.objects.get(pk=army.pk).document == army.document
    assert selectors.standings(campaign)[0]["value"] == value
    assert selectors.army_differences(a) == []


@pytest.mark.parametrize(
    ("endpoint", "args", "data"),
    [
        ("unit_remove", ("u2",), {}),  # a unit thrown out, no disband in the history
        ("unit_models", ("u2",), {"model": "lightbearer", "count": "9"}),
        ("unit_duplicate", ("u2",), {}),  # a free copy of a levelled unit
        ("settings", (), {"points_limit": "5000"}),
    ],
)
def test_other_changes_that_bypass_the_campaign_are_refused(
    client, levelled, users, endpoint, args, data
):
    _campaign, a, _b = levelled
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)

    response = post(client, endpoint, army, *args, **data)

    assert response.status_code == 400
    assert ArmyList.objects.get(pk=army.pk).document == army.document


def test_a_campaign_army_cannot_be_deleted_from_my_lists(client, levelled, users):
    _campaign, a, _b = levelled
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)

    response = client.post(reverse("armylists:delete", args=[army.public_id]), follow=True)

    assert ArmyList.objects.get(pk=army.pk).deleted_at is None
    said = [str(m) for m in response.context["messages"]]
    assert said == [
        f"“{army.name}” is ana's army in the campaign Ashfall: it stays while it is in the campaign. "
        "Duplicate it for a copy of your own."
    ]


def test_the_settings_the_campaign_keeps_are_shown_by_name_and_the_doctrine_offered(
    client, levelled, users
):
    _campaign, a, _b = levelled
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)
    assert army.document["doctrine"] == "iron_vigil"

    page = client.get(reverse("armylists:editor", args=[army.public_id])).content.decode()

    note = page[page.index('<p class="muted locked-note">Points limit') :]
    note = note[: note.index("</p>")]
    assert note.endswith("Points limit 2000: kept by the campaign.")
    # the doctrine is the player's, chosen before each game: offered, with theirs chosen
    assert '<option value="iron_vigil" selected>Iron Vigil</option>' in page


def test_a_kept_focus_is_shown_by_its_name_and_an_unknown_one_by_its_key():
    """Ashen Stars has no focuses: the settings panel is drawn with the focus the roster
    resolved (its name), and with none when the module no longer knows the key."""
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    document = SimpleNamespace(
        name="Army", points_limit=1000, focus="night_watch", doctrine=None, casual=False, notes=""
    )
    context = {
        "lock": True,
        "document": document,
        "army_list": SimpleNamespace(public_id="abc", version=1),
        "doctrine": None,
        "doctrines": [],
    }

    named = render_to_string(
        "armylists/editor/settings.html",
        {**context, "focus": SimpleNamespace(name="Night Watch")},
    )
    unknown = render_to_string("armylists/editor/settings.html", {**context, "focus": None})

    assert "Points limit 1000 · focus Night Watch: kept by the campaign." in named
    assert "Points limit 1000 · focus night_watch: kept by the campaign." in unknown


def test_a_campaign_army_without_a_doctrine_is_led_to_choose_one_and_can(client, levelled, users):
    """The rules choose the doctrine before each game: the warning's link opens a control that
    chooses it on a campaign army too, and the campaign keeps the units, not the doctrine."""
    _campaign, a, _b = levelled
    client.force_login(users[0])
    army = ArmyList.objects.get(pk=a.army_id)
    army.document["doctrine"] = None  # joined before choosing one
    army.save(update_fields=["document"])

    page = client.get(reverse("armylists:editor", args=[army.public_id])).content.decode()

    assert 'data-code="doctrine-missing"' in page
    assert 'href="#set-doctrine" data-show-setting' in page
    assert 'id="set-doctrine"' in page  # the control the link opens
    chosen = post(client, "settings", army, name=army.name, points_limit="2000",
                  doctrine="blood_and_ash")  # fmt: skip
    assert chosen.status_code == 302  # saved, back to the editor
    assert ArmyList.objects.get(pk=army.pk).document["doctrine"] == "blood_and_ash"
    assert selectors.army_differences(a) == []  # the campaign's record still holds
