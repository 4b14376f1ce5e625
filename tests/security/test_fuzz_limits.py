"""Fuzzing every editor endpoint and the API at and past the documented limits (issue 14):
no answer is a 500, a refused edit writes nothing, and what is stored is always a valid list
document. Bounded and derandomized for CI. The last tests check that no endpoint of the editor
or the API is left out of the fuzzing."""

from __future__ import annotations

import base64
import json
import re

import pytest
from django.urls import URLPattern, get_resolver, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forgebuilder.engine.listdoc import (
    MAX_CHOICES,
    MAX_COUNT,
    MAX_NOTE,
    MAX_UNITS,
    ListDocument,
)
from forgebuilder.lists.models import ArmyList, ShareLink
from forgebuilder.lists.views.json_api import MAX_BODY

MAX_POINTS = ListDocument.model_fields["points_limit"].metadata[1].le  # 100,000

FUZZ = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
HTMX = {"HX-Request": "true"}

numbers = st.one_of(
    st.sampled_from(
        [
            0,
            1,
            -1,
            MAX_COUNT,
            MAX_COUNT + 1,
            2000,
            MAX_UNITS + 1,
            MAX_POINTS,
            MAX_POINTS + 1,
            10**12,
        ]
    ).map(str),
    st.sampled_from(["²", "①", "٣", "1_0", " 5", "", "1e3", "0x10", "9" * 5000]),
)
texts = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "x" * 81, "x" * 121, "x" * 5000, "a\x00b", "\x85", "u1", "f1"]),
)
notes = st.one_of(
    texts,
    st.sampled_from([MAX_NOTE, MAX_NOTE + 1, 2 * MAX_NOTE, 2 * MAX_NOTE + 1]).map("n".__mul__),
    st.just("line\r\n" * (MAX_NOTE // 3)),  # CRLF text at the limit once lines are joined
)
ENDPOINTS = [
    ("settings", {"name": texts, "points_limit": numbers}),
    ("update-data", {"confirm": texts}),
    ("keep-data", {"confirm": texts}),
    ("units/add", {"datasheet": st.sampled_from(["spearmen", "captain", "nope"]), "force": texts}),
    ("units/u2/models", {"model": st.sampled_from(["spearman", "x"]), "count": numbers}),
    (
        "units/u2/option",
        {
            "option": st.sampled_from(["spearman.replace_weapon.spear", "add_rule.steady", "x"]),
            "choice": st.sampled_from(["crossbow", "steady", "x", ""]),
            "count": numbers,
        },
    ),
    ("units/u2/rename", {"name": texts}),
    ("units/u2/notes", {"notes": notes}),
    ("notes", {"notes": notes}),
    ("forces/f1/focus", {"focus": st.one_of(st.sampled_from(["watch", "levy", "none"]), texts)}),
    ("units/u3/specialty", {"specialty": texts}),
    ("units/u2/duplicate", {}),
    ("units/u1/remove", {}),
    ("units/u2/move", {"force": texts}),
    ("units/u2/reorder", {"step": numbers}),
    ("forces/add", {"organization": st.sampled_from(["millford/patrol", "x/y", "nope"])}),
    ("forces/f1/remove", {"move_to": texts}),
    ("legends/add", {"legend": st.sampled_from(["old_banner", "x"]), "unit": texts}),
    ("legends/0/remove", {}),
    (
        "pre-game",
        {"strategy": st.one_of(st.sampled_from(["millford/hold", "millford", "/", "x/y"]), texts)},
    ),
    ("undo", {}),
]


@st.composite
def edits(draw):
    path, fields = draw(st.sampled_from(ENDPOINTS))
    data = {name: draw(strategy) for name, strategy in fields.items()}
    return path, data, draw(st.booleans())


@pytest.mark.parametrize("full", [False, True], ids=["standard list", "list at every limit"])
def test_no_editor_edit_answers_500_or_writes_when_refused(client, make_list, owner, full):
    army_list = make_list(owner=owner)
    if full:  # 400 units, 40 forces, 50 legends, 200 choices on u2: each addition is too many
        document = dict(army_list.document)
        document["forces"] = [
            {"id": f"f{i}", "organization": "patrol", "faction": "millford"} for i in range(1, 41)
        ]
        document["units"] = document["units"] + [
            {"id": f"u{i}", "datasheet": "spearmen", "force": "f1"}
            for i in range(len(document["units"]) + 1, MAX_UNITS + 1)
        ]
        document["legends"] = [{"legend": "old_banner"}] * 50
        taken = {"option": "spearman.replace_weapon.spear", "choice": "crossbow", "count": 1}
        document["units"][1] = {**document["units"][1], "options": [taken] * MAX_CHOICES}
        ArmyList.objects.filter(pk=army_list.pk).update(document=document)

    @(FUZZ if not full else settings(FUZZ, max_examples=10))
    @given(edit=edits())
    def check(edit):
        path, data, htmx = edit
        before = ArmyList.objects.get(pk=army_list.pk)
        url = reverse("armylists:editor", args=[army_list.public_id]) + path
        response = client.post(
            url, {"version": before.version, **data}, headers=HTMX if htmx else {}
        )
        assert response.status_code in (200, 302, 400, 409), (path, data, response.status_code)
        after = ArmyList.objects.get(pk=army_list.pk)
        if response.status_code >= 400:
            assert (after.version, after.document) == (before.version, before.document)
        assert after.unit_count <= MAX_UNITS
        ListDocument.model_validate(after.document)  # what is stored is within every limit

    check()


@st.composite
def documents(draw, base):
    document = json.loads(json.dumps(base))
    units = draw(st.sampled_from([0, 1, MAX_UNITS, MAX_UNITS + 1]))
    document["units"] = [
        {"id": f"u{i}", "datasheet": "spearmen", "force": "f1",
         "models": {"spearman": draw(st.sampled_from([5, 10, 11, MAX_COUNT, MAX_COUNT + 1]))}}
        for i in range(units)
    ]  # fmt: skip
    document["legends"] = [{"legend": "old_banner"}] * draw(st.sampled_from([0, 50, 51]))
    document["name"] = draw(texts)
    return document


def test_the_api_never_answers_500_at_or_past_the_limits(client, mini_module, mini_list, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": (10**6, 60)}
    url = reverse("armylists:api_validate")

    @FUZZ
    @given(document=documents(mini_list))
    def check(document):
        response = client.post(url, json.dumps(document), content_type="application/json")
        assert response.status_code in (200, 400), response.status_code
        assert response["Content-Type"] == "application/json"

    check()


# --- the list's own actions (no version: rename, copy, share, bin) --------------------------

LIST_ACTIONS = [
    ("rename", {"name": texts, "next": st.sampled_from(["", "/lists/", "//evil.example/", "x"])}),
    ("share", {"kind": st.sampled_from(["live", "snapshot", "", "x", "LIVE"])}),
    ("share/{token}/revoke", {}),
    ("share/nope/revoke", {}),
    ("folder", {"folder": texts}),
    ("duplicate", {}),
    ("delete", {}),
    ("restore", {}),
]


def list_state(army_list: ArmyList) -> tuple:
    army_list.refresh_from_db()
    links = sorted(ShareLink.objects.filter(army_list=army_list).values_list("token", "revoked_at"))
    return army_list.version, army_list.document, army_list.deleted_at, army_list.folder, links


def test_no_list_action_answers_500_or_writes_when_refused(client, make_list, owner, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "create": (10**6, 3600)}
    army_list = make_list(owner=owner)
    token = ShareLink.objects.create(army_list=army_list, kind=ShareLink.LIVE).token
    editor = reverse("armylists:editor", args=[army_list.public_id])

    @FUZZ
    @given(action=st.sampled_from(LIST_ACTIONS).flatmap(
        lambda a: st.fixed_dictionaries(a[1]).map(lambda data: (a[0], data))
    ))  # fmt: skip
    def check(action):
        path, data = action
        before, lists_before = list_state(army_list), ArmyList.objects.count()
        response = client.post(editor + path.format(token=token), data)
        assert response.status_code in (200, 302, 400, 404), (path, data, response.status_code)
        if response.status_code >= 400:
            assert list_state(army_list) == before, (path, data)
            assert ArmyList.objects.count() == lists_before
        if response.status_code == 302:  # never sent away from the site
            assert response["Location"].startswith("/"), response["Location"]
            assert not response["Location"].startswith("//"), response["Location"]
        ListDocument.model_validate(list_state(army_list)[1])

    check()


# --- the API: /api/validate and /api/match, bodies at and past 1 MB and Django's 2.5 MB ------

BODY_SIZES = st.sampled_from([None, MAX_BODY, MAX_BODY + 1, 2_621_440 + 1])


def padded(data, size: int | None) -> bytes:
    """`data` as JSON, with trailing spaces (still valid JSON) up to `size` bytes."""
    body = json.dumps(data).encode()
    return body if size is None else body + b" " * max(0, size - len(body))


def test_match_never_answers_500_at_or_past_the_limits(client, mini_module, mini_list, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": (10**6, 60)}
    url = reverse("armylists:api_match")
    entries = st.one_of(
        documents(mini_list),
        st.sampled_from([json.dumps(mini_list), [], None, 3, {}, {"format": "x"}]),
    )

    @FUZZ
    @given(
        lists=st.one_of(st.lists(entries, max_size=4), st.sampled_from([None, {}, "x", 2])),
        size=BODY_SIZES,
    )
    def check(lists, size):
        body = padded({"lists": lists}, size)
        response = client.post(url, body, content_type="application/json")
        assert response.status_code in (200, 400, 413), (response.status_code, lists)
        assert response["Content-Type"] == "application/json"
        answer = response.json()
        if response.status_code == 200:
            assert len(answer["lists"]) == len(lists) >= 2
        else:
            assert answer["errors"] and all(e["message"] for e in answer["errors"])
        if size and size > MAX_BODY:
            assert response.status_code in (400, 413)

    check()


def test_validate_refuses_bodies_past_the_limit_in_its_json_shape(client, mini_module, mini_list):
    url = reverse("armylists:api_validate")
    at_limit = client.post(url, padded(mini_list, MAX_BODY), content_type="application/json")
    assert at_limit.status_code == 200
    for size in (MAX_BODY + 1, 2_621_440 + 1):
        response = client.post(url, padded(mini_list, size), content_type="application/json")
        assert response.status_code in (400, 413)
        assert response.json()["errors"][0]["message"]


# --- nothing is left out ------------------------------------------------------------------------

FUZZED_LIST_ROUTES = {
    re.sub(r"^units/u\d+/", "units/u2/", path) for path, _ in ENDPOINTS + LIST_ACTIONS
}  # whichever unit an endpoint is fuzzed on


def routes(prefix: str) -> list[str]:
    """The routes of the site below `prefix`, as written in the URLconf."""
    found = []
    for entry in get_resolver().url_patterns:
        inner = getattr(entry, "url_patterns", None)
        base = str(entry.pattern) if inner is not None else ""
        for pattern in inner if inner is not None else [entry]:
            if isinstance(pattern, URLPattern):
                found.append(base + str(pattern.pattern))
    return [r for r in found if r.startswith(prefix)]


def as_fuzzed(route: str) -> str:
    """A route of one list, in the form ENDPOINTS and LIST_ACTIONS name it."""
    rest = route.removeprefix("lists/<str:public_id>/")
    rest = rest.replace("<str:unit_id>", "u2").replace("<str:force_id>", "f1")
    return rest.replace("<int:index>", "0").replace("<str:token>", "{token}")


def test_every_endpoint_that_changes_a_list_is_fuzzed(client, make_list, owner):
    """Each route of a list that takes a POST (a GET of it answers 405) is in ENDPOINTS or
    LIST_ACTIONS, so a new editor endpoint cannot be added without fuzzing it."""
    army_list = make_list(owner=owner)
    token = ShareLink.objects.create(army_list=army_list, kind=ShareLink.LIVE).token
    posting = []
    for route in routes("lists/<str:public_id>/"):
        fuzzed = as_fuzzed(route)
        path = reverse("armylists:editor", args=[army_list.public_id]) + fuzzed
        if client.get(path.format(token=token)).status_code == 405:
            posting.append(fuzzed)
    assert len(posting) >= 20
    assert sorted(set(posting) - FUZZED_LIST_ROUTES) == []


def test_every_api_endpoint_is_fuzzed():
    api = {re.sub(r"^api/", "", route) for route in routes("api/")}
    assert api == {"validate", "match"}  # test_the_api_never_answers_500… and test_match…


# --- foreign rosters: keeping, sharing and deleting ------------------------------------------

ROSTER_ACTIONS = ["delete", "share", "unshare"]


def roster_payloads():
    from tests.rosters.small import SMALL_ROSTER

    whole = SMALL_ROSTER.encode()
    encoded = st.binary(max_size=200).map(lambda b: base64.b64encode(b).decode())
    cut = st.integers(0, len(whole)).map(lambda n: base64.b64encode(whole[:n]).decode())
    return st.one_of(texts, encoded, cut, st.just(base64.b64encode(whole).decode()))


def test_no_roster_action_answers_500_or_writes_when_refused(client, db, settings):
    """Keeping any text or bytes answers a kept roster or a refusal naming what is wrong;
    another's roster is neither shared nor deleted, whatever the address."""
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.rosters.models import ForeignRoster
    from forgebuilder.rosters.services import roster_keep
    from tests.rosters.small import small_roster

    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "import": (10**6, 3600)}
    theirs = roster_keep(owner=Owner(None, "someone-else"), roster=small_roster())

    @FUZZ
    @given(payload=roster_payloads(), action=st.sampled_from(ROSTER_ACTIONS), target=texts)
    def check(payload, action, target):
        before = ForeignRoster.objects.count()
        kept = client.post(reverse("rosters:keep"), {"roster": payload})
        assert kept.status_code in (302, 400), kept.status_code  # 400: a NUL, refused unread
        made = kept.status_code == 302 and kept["Location"].startswith("/rosters/")
        if kept.status_code == 302 and not made:
            assert kept["Location"] == reverse("armylists:import")  # the refusal, flashed there
        assert ForeignRoster.objects.count() == before + made
        for public_id in (theirs.public_id, target.strip("/") or "x"):
            try:
                address = reverse(f"rosters:{action}", args=[public_id])
            except Exception:  # an id no route takes (a slash, nothing): no request to make
                continue
            assert client.post(address).status_code in (400, 404)
        assert ForeignRoster.objects.filter(pk=theirs.pk, share_token="").exists()

    check()


def test_every_roster_route_that_takes_a_post_is_fuzzed(client, db):
    posting = []
    for route in routes("rosters/"):
        path = "/" + route.replace("<str:public_id>", "x").replace("<str:token>", "x")
        if client.get(path).status_code == 405:
            posting.append(route.removeprefix("rosters/").removeprefix("<str:public_id>/"))
    assert sorted(posting) == sorted(["keep", *ROSTER_ACTIONS])


# --- Web Push subscriptions of the event page (events/push_views.py) -------------------------

push_texts = st.one_of(
    texts,
    st.sampled_from(["https://push.example/" + "x" * 479, "https://push.example/" + "x" * 480]),
    st.sampled_from(["http://push.example/a", "file:///etc/passwd", "https://", "https:///x"]),
    st.binary(min_size=0, max_size=80).map(lambda b: base64.urlsafe_b64encode(b).decode()),
)


@pytest.fixture
def push_event(starter_modules, django_user_model):
    """An event of a starter module and two players: the first registered, the second not."""
    import datetime as dt

    from django.utils import timezone

    from factions.models import GameModule
    from forgebuilder.events import services
    from forgebuilder.events.models import Event

    made = [django_user_model.objects.create_user(n, f"{n}@example.com") for n in "oab"]
    event = Event.objects.create(
        organiser=made[0],
        name="Ember Cup",
        starts_on=dt.date(2026, 12, 5),
        module=GameModule.objects.get(slug="ashen-stars"),
        points_limit=999,
        list_deadline=timezone.now() + dt.timedelta(days=1),
        rounds=3,
    )
    services.entrant_register(event=event, player=made[1])
    return event, made[1], made[2]


def test_no_push_subscription_answers_500_or_keeps_what_cannot_work(client, push_event, settings):
    """Any endpoint and keys: a kept subscription (an https address within the limit, a P-256
    key, a 16-octet secret) or a refusal saying what is wrong, never a 500."""
    from forgebuilder.events import webpush
    from forgebuilder.events.models import PushSubscription

    event, player, _stranger = push_event
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "event-push": (10**6, 3600)}
    settings.WEBPUSH_VAPID_PRIVATE_KEY, _public = webpush.new_key()
    settings.WEBPUSH_SUBJECT = "mailto:events@forge.example"
    client.force_login(player)
    url = reverse("events:push", args=[event.public_id])
    point = webpush.b64u(
        bytes.fromhex(
            "04"
            + "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
            + "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
        )
    )

    @FUZZ
    @given(endpoint=push_texts, p256dh=st.one_of(push_texts, st.just(point)), auth=push_texts)
    def check(endpoint, p256dh, auth):
        PushSubscription.objects.all().delete()
        answer = client.post(url, {"endpoint": endpoint, "p256dh": p256dh, "auth": auth})
        assert answer.status_code in (204, 400), answer.status_code
        kept = list(PushSubscription.objects.all())
        assert len(kept) == (answer.status_code == 204)
        if kept:
            assert kept[0].endpoint.startswith("https://") and len(kept[0].endpoint) <= 500
            assert webpush.subscription_problem(endpoint, p256dh, auth) is None

    check()


def test_a_push_subscription_needs_the_players_own_post_with_its_csrf_token(push_event):
    """A page elsewhere cannot subscribe a player's device (no CSRF token: 403), nor can
    anyone but a registered player (403), and nothing is kept."""
    from django.test import Client

    from forgebuilder.events.models import PushSubscription

    event, player, stranger_player = push_event
    url = reverse("events:push", args=[event.public_id])
    device = {"endpoint": "https://push.example/a", "p256dh": "x", "auth": "y", "push": "off"}
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(player)
    assert forged.post(url, device).status_code == 403
    stranger = Client()
    stranger.force_login(stranger_player)
    assert stranger.post(url, device).status_code == 403
    assert Client().post(url, device).status_code == 302  # to log in
    assert not PushSubscription.objects.exists()
