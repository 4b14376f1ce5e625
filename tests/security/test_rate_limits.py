"""Rate limits and login throttling, counted in the shared (database) cache; a limited request
gets 429 with Retry-After and a message saying when to try again."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests.accounts.conftest import PASSWORD

LOGIN = reverse("accounts:login")


def test_the_default_cache_is_the_database_cache_shared_by_every_worker(db):
    from django.core.cache.backends.db import DatabaseCache

    import forgebuilder.settings.base as base

    assert base.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    from django.test import override_settings

    from forgebuilder.lists.apps import create_cache_table

    with override_settings(CACHES={**base.CACHES, "renders": base.CACHES["renders"]}):
        create_cache_table()  # what runs after every migrate
        shared = DatabaseCache(base.CACHES["default"]["LOCATION"], {})
        shared.set("probe", 1)
        assert shared.incr("probe") == 2


def test_redis_url_selects_the_fail_open_redis_cache(monkeypatch):
    import importlib

    import forgebuilder.settings.base as base

    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    try:
        reloaded = importlib.reload(base)
        assert reloaded.CACHES["default"] == {
            "BACKEND": "forgebuilder.cache.FailOpenRedisCache",
            "LOCATION": "redis://127.0.0.1:6379/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
        # rendered PDFs too, so that a worker on any host fills the cache every instance reads
        assert reloaded.CACHES["renders"]["BACKEND"].endswith("RedisCache")
        assert reloaded.CACHES["renders"]["LOCATION"] == "redis://127.0.0.1:6379/0"
        assert reloaded.CACHES["renders"]["KEY_PREFIX"] == "renders"
    finally:
        monkeypatch.delenv("REDIS_URL")
        importlib.reload(base)


def _bad_login(client, username="ada", ip="10.0.0.1"):
    return client.post(LOGIN, {"username": username, "password": "wrong-guess"}, REMOTE_ADDR=ip)


def test_five_failures_lock_that_username_at_that_address(client, ada, settings):
    assert (settings.AXES_FAILURE_LIMIT, settings.AXES_COOLOFF_TIME.total_seconds()) == (5, 900)
    for _ in range(4):
        assert _bad_login(client, ip="10.0.0.7").status_code == 200
    assert _bad_login(client, ip="10.0.0.7").status_code == 429  # the fifth locks

    refused = client.post(LOGIN, {"username": "ada", "password": PASSWORD}, REMOTE_ADDR="10.0.0.7")

    assert refused.status_code == 429
    assert "Too many failed logins for this account from your address" in refused.text
    assert "Try again in 15 minutes" in refused.text
    assert int(refused["Retry-After"]) == 15 * 60
    assert "_auth_user_id" not in client.session


def test_tries_while_locked_out_do_not_restart_it_and_the_429_counts_down(client, ada):
    from datetime import timedelta

    from axes.models import AccessAttempt
    from django.db.models import F

    for _ in range(5):
        _bad_login(client, ip="10.0.0.8")
    # ten minutes later (the failures made older: the lockout reads the time of the last one)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=10))
    for _ in range(3):
        _bad_login(client, ip="10.0.0.8")  # tries while locked out

    refused = client.post(LOGIN, {"username": "ada", "password": PASSWORD}, REMOTE_ADDR="10.0.0.8")

    assert refused.status_code == 429
    assert "Try again in 5 minutes" in refused.text
    assert 290 <= int(refused["Retry-After"]) <= 300
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=5, seconds=1))
    lifted = client.post(LOGIN, {"username": "ada", "password": PASSWORD}, REMOTE_ADDR="10.0.0.8")
    assert lifted.status_code == 302


def test_a_strangers_failures_do_not_lock_the_owner_out_of_their_own_address(client, ada):
    for _ in range(10):
        _bad_login(client, ip="203.0.113.66")  # the stranger, elsewhere
    assert _bad_login(client, ip="203.0.113.66").status_code == 429

    owner = client.post(LOGIN, {"username": "ada", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")

    assert owner.status_code == 302
    assert client.session["_auth_user_id"] == str(ada.pk)


def test_the_admin_login_is_locked_out_too(client, db, django_user_model):
    boss = django_user_model.objects.create_superuser("boss", "b@example.com", PASSWORD)
    url = reverse("admin:login")
    for attempt in range(5):
        wrong = client.post(url, {"username": "boss", "password": "guess"}, REMOTE_ADDR="10.0.0.5")
        assert wrong.status_code == (429 if attempt == 4 else 200)

    right = client.post(url, {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.5")

    assert right.status_code == 429
    assert "_auth_user_id" not in client.session
    assert boss.last_login is None


def test_login_is_throttled_per_address_across_usernames(client, ada, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-ip": (3, 900)}
    for name in ("a", "b", "c"):
        _bad_login(client, username=name)

    assert _bad_login(client, username="d").status_code == 429
    assert _bad_login(client, username="d", ip="10.0.0.2").status_code == 200


def test_a_good_login_under_the_limit_clears_the_usernames_failures(client, ada):
    for _ in range(4):
        _bad_login(client)
    good = client.post(LOGIN, {"username": "ada", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    assert good.status_code == 302
    client.logout()

    for _ in range(4):
        assert _bad_login(client).status_code == 200


def test_the_api_answers_429_in_its_json_shape(client, db, settings, mini_list, mini_module):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": (2, 60)}
    url = reverse("armylists:api_validate")
    body = json.dumps(mini_list)
    for _ in range(2):
        assert client.post(url, body, content_type="application/json").status_code == 200

    response = client.post(url, body, content_type="application/json")

    assert response.status_code == 429
    [error] = response.json()["errors"]
    assert error["message"] == "Too many API requests from you."
    assert error["code"] == "rate-limited"
    assert re.fullmatch(r"Try again in \d+ seconds\.", error["hint"]), error["hint"]
    assert response["Retry-After"]


@pytest.mark.parametrize(
    ("scope", "url", "data"),
    [
        ("create", "armylists:new", {"faction": "mini-vale/millford"}),
        ("import", "armylists:import", {"document": "{}"}),
        ("signup", "accounts:signup", {"username": "x"}),
    ],
)
def test_creating_importing_and_signing_up_are_limited(
    client, mini_module, settings, scope, url, data
):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, scope: (1, 3600)}
    client.post(reverse(url), data)

    response = client.post(reverse(url), data)

    assert response.status_code == 429
    assert "Try again in" in response.text


def test_pdf_renders_are_limited_per_client(client, settings, make_list, owner):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "render": (1, 600)}
    army_list = make_list(owner=owner)
    url = reverse("armylists:tokens_pdf", args=[army_list.public_id]) + "?size=bad"
    client.get(url)  # counted even when refused for its options: the cost is the request

    assert client.get(url).status_code == 429


@pytest.mark.pdf
def test_polls_of_the_waiting_page_do_not_use_up_the_render_limit(
    client, settings, make_list, owner
):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "render": (1, 600), "render-poll": (3, 600)}
    army_list = make_list(owner=owner)
    url = reverse("armylists:roster_pdf", args=[army_list.public_id])
    assert client.get(url + "?paper=bad").status_code == 400  # the one counted render request

    polls = [client.get(url + "?paper=bad&wait=1").status_code for _ in range(4)]

    assert polls == [400, 400, 400, 429]
    assert client.get(url + "?paper=bad").status_code == 429


@pytest.mark.parametrize("address", ["", "unknown", "not-an-address", "2001:db8::1"])
def test_a_login_from_any_address_is_recorded_without_error(client, ada, address):
    for _ in range(2):
        assert _bad_login(client, ip=address).status_code == 200
    good = client.post(LOGIN, {"username": "ada", "password": PASSWORD}, REMOTE_ADDR=address)
    assert good.status_code == 302
