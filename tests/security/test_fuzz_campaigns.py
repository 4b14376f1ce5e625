"""Fuzzing every campaign endpoint with hostile values (issue 23): no answer is a 500, a refused
step writes nothing, and every army stored stays a valid list document. Bounded and derandomized
for CI; runs on SQLite and in the PostgreSQL pass (where NUL and huge numbers used to fail)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie
from forgebuilder.campaigns.models import Campaign, CampaignEvent, CampaignPlayer, Mission
from forgebuilder.engine.listdoc import ListDocument
from forgebuilder.lists.models import ArmyList

FUZZ = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HOSTILE_NUMBERS = ["²", "①", "٣", "1_0", " 5", "", "-1", "1e3", "0x10", "9" * 5000, "x"]
numbers = st.one_of(st.sampled_from(HOSTILE_NUMBERS), st.integers(-5, 120).map(str))
texts = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", "x" * 5000, "a\x00b", "\x85", "u1", "u2", "u9", "none"]),
)
dice = st.one_of(
    st.sampled_from(["", "1", "6 6 6", "7", "0", "3,5,1", "²", "9" * 5000, "1 " * 500]),
    st.lists(numbers, max_size=4).map(" ".join),
)


def state() -> tuple:
    """Everything a campaign step may write."""
    return tuple(
        list(model.objects.order_by("pk").values())
        for model in (Campaign, CampaignPlayer, Mission, CampaignEvent, ArmyList)
    )


def refused(response) -> bool:
    """A refusal: an error status, or an error message on the page or the redirect."""
    if response.status_code >= 400:
        return True
    added = get_messages(response.wsgi_request)._queued_messages  # this request's, not earlier
    return any(m.level_tag == "error" for m in added)


def every_army_is_valid() -> None:
    for document in ArmyList.objects.values_list("document", flat=True):
        ListDocument.model_validate(document)


def post_and_check(client, url: str, data: dict) -> None:
    before = state()
    response = client.post(url, data)
    assert response.status_code in (200, 302, 400, 403, 404), (url, data, response.status_code)
    if refused(response):
        assert state() == before, (url, data)
    every_army_is_valid()


def test_creating_and_joining_campaigns_never_answers_500(client, ashen, users, settings):
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "campaign": (10**6, 60),
        "campaign-create": (10**6, 60),
    }
    ana, _ben, cy = users
    campaign = services.campaign_create(organiser=ana, module=ashen, name="Embers")
    join = reverse("campaigns:join", args=[campaign.invite_token])

    @FUZZ
    @given(
        module=st.one_of(numbers, st.just(str(ashen.pk))),
        name=texts,
        army=numbers,
        who=st.sampled_from([ana, cy]),
    )
    def check(module, name, army, who):
        client.force_login(who)
        post_and_check(client, reverse("campaigns:list"), {"module": module, "name": name})
        post_and_check(client, join, {"army": army})

    check()


REPORT_FIELDS = ["units", "heroes", "both", "casualty", "casualty-roll", "hero-roll"]


def test_missions_and_reports_never_answer_500(client, game, users):
    campaign, a, b = game
    client.force_login(users[0])
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    report = reverse("campaigns:report", args=[campaign.pk, 1])

    @FUZZ
    @given(
        players=st.lists(st.one_of(numbers, st.sampled_from([str(a.pk), str(b.pk)])), max_size=3),
        objective=texts,
        die=dice,
        winner=st.one_of(numbers, st.sampled_from([str(a.pk), str(b.pk)])),
        counts=st.dictionaries(
            st.sampled_from([f"p{p.pk}-u{u}-{f}" for p in (a, b) for u in (1, 2) for f in REPORT_FIELDS]),
            numbers,
            max_size=4,
        ),
    )  # fmt: skip
    def check(players, objective, die, winner, counts):
        post_and_check(
            client,
            reverse("campaigns:mission_new", args=[campaign.pk]),
            {"players": players, "objective": objective, "dice": die},
        )
        post_and_check(
            client, report, {"winner": winner, "dice": die, "roll_for_me": die, **counts}
        )

    check()


ACTIONS = st.fixed_dictionaries(
    {
        "action": st.sampled_from(["level", "buy", "sell", "recruit", "disband", "x", ""]),
        "unit": texts,
        "dice": dice,
        "seed": numbers,
        "pick": texts,
        "option": texts,
        "datasheet": st.one_of(texts, st.just("lightbearer_squad")),
        "back": st.sampled_from(["", "upgrades"]),
    }
)


def test_army_actions_never_answer_500(client, game, users):
    campaign, a, _b = game
    army = ArmyList.objects.get(pk=a.army_id)
    for unit in army.document["units"]:
        unit["campaign"]["xp"] = 50  # level-ups reach their dice
    army.save()
    client.force_login(users[0])
    act = reverse("campaigns:army_action", args=[campaign.pk, a.pk])
    page = reverse("campaigns:army", args=[campaign.pk, a.pk])

    @FUZZ
    @given(
        data=ACTIONS, query=st.fixed_dictionaries({"unit": texts, "seed": numbers, "dice": dice})
    )
    def check(data, query):
        post_and_check(client, act, data)
        answer = client.get(page, query)
        assert answer.status_code in (200, 400), (query, answer.status_code)

    check()


@pytest.mark.parametrize(
    "path",
    [
        "/campaigns/{big}/",
        "/campaigns/{big}/missions/",
        "/campaigns/{pk}/missions/{big}/report/",
        "/campaigns/{pk}/armies/{big}/",
        "/campaigns/{big}/armies/{player}/act/",
        "/campaigns/{big}/close/",
        "/campaigns/join/{big}/",
    ],
)
def test_huge_ids_in_campaign_addresses_are_not_found(client, game, users, path):
    campaign, a, _ = game
    client.force_login(users[0])
    url = path.format(pk=campaign.pk, player=a.pk, big="9" * 4000)
    before = state()
    assert client.get(url).status_code in (404, 405)  # 405: a POST-only address
    assert client.post(url, {}).status_code == 404
    assert state() == before
