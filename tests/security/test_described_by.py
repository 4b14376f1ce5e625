"""Every `aria-describedby` on every form page points to elements that exist (issue 23: form
fields named help and error ids that the page did not have), before and after a refused
submission, so screen readers read each field's hint and error."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from forgebuilder.campaigns import services
from forgebuilder.campaigns.dice import SeededDie


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.described: list[tuple[str, str]] = []  # (tag with its name, id it names)

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"])
        for target in (found.get("aria-describedby") or "").split():
            self.described.append((f"<{tag} name={found.get('name')!r}>", target))


def dangling(html: str) -> list[tuple[str, str]]:
    parsed = _Ids()
    parsed.feed(html)
    return [(tag, target) for tag, target in parsed.described if target not in parsed.ids]


def check(response) -> int:
    assert response.status_code in (200, 400), response.status_code
    html = response.content.decode()
    assert dangling(html) == []
    return html.count("aria-describedby")


ANONYMOUS_FORMS = [
    ("accounts:signup", {"username": "", "password1": "a", "password2": "b"}),
    ("accounts:login", {"username": "nobody", "password": "wrong"}),
    ("accounts:password_reset", {"email": "not-an-address"}),
    ("armylists:new", {"module": "x", "faction": "y", "points_limit": "²"}),
    ("armylists:import", {"document": "{"}),
    ("admin:login", {"username": "nobody", "password": "wrong"}),
]


@pytest.mark.parametrize(("name", "bad"), ANONYMOUS_FORMS, ids=[n for n, _ in ANONYMOUS_FORMS])
def test_the_forms_of_signed_out_pages_describe_fields_with_ids_that_exist(
    client, mini_module, name, bad
):
    check(client.get(reverse(name)))
    check(client.post(reverse(name), bad))


def test_the_editor_and_match_check_describe_fields_with_ids_that_exist(client, army_list):
    editor = reverse("armylists:editor", args=[army_list.public_id])
    described = check(client.get(editor))
    check(client.get(reverse("armylists:match", args=[army_list.public_id]), {"link": "x"}))
    assert described > 0  # the editor's fields are described at all


def test_campaign_forms_describe_fields_with_ids_that_exist(client, game, users):
    campaign, a, b = game
    services.mission_setup(campaign=campaign, players=[a, b], die=SeededDie(1))
    client.force_login(users[0])
    check(client.get(reverse("campaigns:list")))
    check(client.post(reverse("campaigns:list"), {"module": "x", "name": ""}))
    check(client.get(reverse("campaigns:detail", args=[campaign.pk])))
    report = reverse("campaigns:report", args=[campaign.pk, 1])
    check(client.get(report))
    check(client.post(report, {f"p{a.pk}-u1-units": "lots"}))
    check(client.get(reverse("campaigns:army", args=[campaign.pk, a.pk])))
    check(client.get(reverse("campaigns:upgrades", args=[campaign.pk, a.pk])))
    client.force_login(users[2])
    check(client.get(reverse("campaigns:join", args=[campaign.invite_token])))
    check(client.post(reverse("campaigns:join", args=[campaign.invite_token]), {"army": "x"}))
