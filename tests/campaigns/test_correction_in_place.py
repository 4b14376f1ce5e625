"""A corrected report keeps its place in the history: it is rolled on the armies as they went
into the mission, and every step taken since (disbands, recruits, purchases) is played again
after it. Expectations by hand from the Ashen Stars tables (winner 2 VP + 150 pts, loser 300
pts; XP: survived 1, a unit killed 1, a casualty none; casualty roll 1: dead)."""

from __future__ import annotations

import importlib
import re
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.urls import reverse

from forgebuilder.campaigns import corrections, services
from forgebuilder.campaigns.dice import EnteredDie, NamedDie
from forgebuilder.campaigns.history_page import KEPT_OF
from forgebuilder.campaigns.models import CampaignEvent
from forgebuilder.campaigns.steps import BattleReport
from forgebuilder.lists.models import ArmyList

from .test_report_form import field

pytestmark = pytest.mark.django_db


@pytest.fixture
def reported(game):
    """Mission 1 as first recorded: Ana won, nobody fell, nobody killed anything. Ana: 2 VP,
    150 pts, XP 1 and 1; Ben: 0 VP, 300 pts, XP 1 and 1."""
    campaign, a, b = game
    setup = services.mission_setup(
        campaign=campaign, players=[a, b], die=EnteredDie([]), objective="rage"
    )
    services.mission_report(
        mission=setup.mission,
        reports={a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)},
        die=NamedDie({}),
    )
    return campaign, a, b


def units(player) -> list[tuple[str, int, str]]:
    """Each unit's id, XP and status."""
    document = ArmyList.objects.get(pk=player.army_id).document
    return [(u["id"], u["campaign"]["xp"], u["campaign"]["status"]) for u in document["units"]]


def bank(player) -> tuple[int, int, int]:
    player.refresh_from_db()
    return player.victory_points, player.bank, player.missions


def report_event(player) -> CampaignEvent:
    return CampaignEvent.objects.get(player=player, kind="mission-report", voided_by=None)


def replays_cleanly() -> bool:
    out = StringIO()
    call_command("check_campaigns", stdout=out)
    return out.getvalue().splitlines()[-1] == "2 armies replayed, 0 differ from their history."


def test_a_unit_disbanded_after_the_report_is_on_the_form_and_gets_its_xp(client, reported, users):
    campaign, a, b = reported
    services.army_disband_unit(player=b, unit_id="u2")
    client.force_login(users[0])  # ana organises
    url = reverse("campaigns:correct", args=[campaign.pk, 1])
    assert 'value="0"' in field(client.get(url), f"p{b.pk}-u2-units")  # the mob is on the form
    place = report_event(b).pk

    # Ben's mob really killed two units before he disbanded it: 1 + 2 XP
    client.post(url, {"winner": str(a.pk), f"p{b.pk}-u2-units": "2", "reason": "kills"})

    assert units(b) == [("u1", 1, "active"), ("u2", 3, "disbanded")]
    assert bank(b) == (0, 300, 1)
    assert report_event(b).pk == place  # in its place, before the disband
    assert report_event(b).data["report"]["units"]["u2"]["killed_units"] == 2
    assert replays_cleanly()


def test_a_unit_disbanded_after_the_report_rolls_its_casualty_in_the_correction(reported, users):
    campaign, a, b = reported
    services.army_disband_unit(player=b, unit_id="u2")
    mission = campaign.missions.get(number=1)

    # Ben's mob was destroyed (casualty roll 1: dead): his disbanding it later no longer holds
    done = corrections.mission_report_amend(mission=mission, by=users[0], values={
        "winner": str(a.pk), f"p{b.pk}-u2-casualty": "on", f"p{b.pk}-u2-casualty-roll": "1",
    })  # fmt: skip

    assert units(b) == [("u1", 1, "active"), ("u2", 0, "dead")]
    assert done.undone == ["ben: Deckhand Mob was disbanded. (Deckhand Mob is dead already.)"]
    correction = CampaignEvent.objects.get(kind="correction")
    assert correction.by == users[0]
    assert correction.lines == [
        "ana corrected the report of mission 1.",
        "Undone: ben: Deckhand Mob was disbanded. (Deckhand Mob is dead already.)",
    ]
    disband = CampaignEvent.objects.get(kind="disband")
    assert disband.voided_by == correction
    assert report_event(b).dice["named"] == [
        {"roll": "Deckhand Mob's casualty roll", "value": 1, "by": "entered"}
    ]
    assert replays_cleanly()


def test_a_recruit_bought_after_the_report_did_not_fight_in_it(client, reported, users):
    campaign, a, _b = reported
    services.army_recruit(player=a, datasheet="lightbearer_squad")  # 100 of Ana's 150 pts
    recruit = units(a)[2][0]
    client.force_login(users[0])
    url = reverse("campaigns:correct", args=[campaign.pk, 1])
    form = client.get(url).content.decode()
    assert f'name="p{a.pk}-u2-units"' in form
    assert f'name="p{a.pk}-{recruit}-units"' not in form

    # Ana's squad killed a unit: 1 + 1 XP; the recruit gets nothing from mission 1
    client.post(url, {"winner": str(a.pk), f"p{a.pk}-u2-units": "1"})

    assert units(a) == [("u1", 1, "active"), ("u2", 2, "active"), (recruit, 0, "active")]
    assert bank(a) == (2, 50, 1)
    assert replays_cleanly()


def test_a_purchase_the_corrected_bank_cannot_pay_is_undone_and_said(reported, users):
    campaign, a, b = reported
    # Ben lost: 300 pts; he recruits two squads of deckhands (80 each) and a third (80)
    for _ in range(3):
        services.army_recruit(player=b, datasheet="deckhand_mob")
    assert bank(b) == (0, 60, 1)
    mission = campaign.missions.get(number=1)

    # Ben really won: 2 VP and 150 pts, enough for one mob (150 - 80 = 70), not a second
    done = corrections.mission_report_amend(
        mission=mission, by=users[0], values={"winner": str(b.pk)}, reason="Ben won"
    )

    assert bank(b) == (2, 70, 1)
    assert bank(a) == (0, 300, 1)
    assert [u[0] for u in units(b)] == ["u1", "u2", "u3"]
    why = "(Deckhand Mob costs 80 pts; the bank holds 70.)"
    assert done.undone == [
        f"ben: Recruited Deckhand Mob 3 for 80 pts. {why}",
        f"ben: Recruited Deckhand Mob 4 for 80 pts. {why}",
    ]
    correction = CampaignEvent.objects.get(kind="correction")
    assert correction.lines[0] == "ana corrected the report of mission 1: Ben won"
    assert correction.lines[1:] == [f"Undone: {line}" for line in done.undone]
    assert CampaignEvent.objects.filter(kind="recruit", voided_by=correction).count() == 2
    assert replays_cleanly()


def history_items(page: str, start: str, item: str) -> list[str]:
    """The text of each item (opening with `item`) of the history list after `start`, newest
    first, tags dropped."""
    block = page[page.index(start) :]
    block = block[: block.index("</ol>")]
    return [" ".join(re.sub(r"<[^>]+>", " ", i).split()) for i in block.split(item)[1:]]


def test_a_corrected_report_shows_once_with_what_it_replaced_in_time_order(client, reported, users):
    campaign, a, b = reported
    corrections.mission_report_amend(
        mission=campaign.missions.get(number=1), by=users[0], values={"winner": str(b.pk)}
    )
    client.force_login(users[0])

    army = client.get(reverse("campaigns:army", args=[campaign.pk, a.pk])).content.decode()
    items = history_items(army, "<h2>History</h2>", "<li>")
    rows = [r for r in items if r.startswith("Mission 1")]
    assert len(rows) == 1, rows  # one report of mission 1, as corrected, with the one replaced
    assert "(as corrected)" in rows[0] and "ana lost: +0 VP, +300 pts" in rows[0]
    assert "Replaced by a correction:" in rows[0]
    assert rows[0].index("+300 pts") < rows[0].index("Replaced") < rows[0].index("+150 pts")

    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    items = history_items(page, '<ol class="history"', "<li><strong>")
    kinds = [r.split(" · ")[1 if r.startswith("Mission") else 0] for r in items]
    # newest first: the correction, then the reports in their place (each with what it
    # replaced), then the mission's set-up; no voided copy above them
    assert [k.split()[0] for k in kinds] == [
        "Correction",
        "Report",
        "Report",
        "Set-up",
        "Joined",
        "Joined",
        "Campaign",
    ], kinds
    assert page.count("Replaced by a correction:") == 2


def test_copies_kept_before_they_named_their_report_are_named_by_the_data_migration(
    client, reported, users
):
    """Rows as the code before `kept_of` wrote them: a report amended, voided, reported again
    and amended again, its copies without the report they were. The migration names it as the
    code writes it now, and the pages show each copy beside its report."""
    campaign, a, b = reported
    mission = campaign.missions.get(number=1)
    ana = users[0]
    corrections.mission_report_amend(mission=mission, by=ana, values={"winner": str(b.pk)})
    corrections.mission_report_void(mission=mission, by=ana)
    services.mission_report(
        mission=mission,
        reports={a.pk: BattleReport(won=True), b.pk: BattleReport(won=False)},
        die=NamedDie({}),
    )
    corrections.mission_report_amend(mission=mission, by=ana, values={"winner": str(b.pk)})
    reports = CampaignEvent.objects.filter(kind="mission-report").order_by("pk")
    as_written = {e.pk: e.data for e in reports}
    assert sum(KEPT_OF in data for data in as_written.values()) == 4  # two per amendment
    for event in reports:  # as the old code wrote them
        event.data = {k: v for k, v in event.data.items() if k != KEPT_OF}
        event.save(update_fields=["data"])
    client.force_login(ana)
    page = reverse("campaigns:detail", args=[campaign.pk])
    assert client.get(page).content.decode().count("Replaced by a correction:") == 0

    migration = importlib.import_module(
        "forgebuilder.campaigns.migrations.0008_kept_copies_name_their_report"
    )
    migration.name_kept_reports(apps, None)

    assert {e.pk: e.data for e in reports.all()} == as_written
    assert client.get(page).content.decode().count("Replaced by a correction:") == 4
