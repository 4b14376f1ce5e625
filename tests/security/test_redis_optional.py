"""Redis is optional help (issue 23): with Redis stopped, share pages, logins, sign-ups,
imports, new lists, forks, PDFs and the API answer as before (counts and cached pages are lost,
nothing else), the failure is logged, and /healthz reports the database and the cache apart."""

from __future__ import annotations

import json
import logging

import pytest
from django.core.cache import caches
from django.urls import reverse

from forgebuilder.cache import FailOpenRedisCache
from forgebuilder.lists.models import ArmyList, ShareLink
from tests.accounts.conftest import PASSWORD

from .redis_server import redis_caches, redis_server


@pytest.fixture
def redis(settings):
    with redis_server() as (url, process):
        settings.CACHES = redis_caches(url, settings.CACHES)
        for alias in ("default", "renders"):
            caches[alias].clear()
        yield process
        for alias in ("default", "renders"):
            caches[alias].close()


def stop(process) -> None:
    process.terminate()
    process.wait(timeout=10)


def test_healthz_reports_the_cache_up_then_down_and_the_database_apart(client, db, redis):
    up = client.get(reverse("healthz"))
    assert up.status_code == 200
    assert up.json()["status"] == "ok"
    assert up.json()["cache"] == {"ok": True, "detail": "redis"}

    stop(redis)
    down = client.get(reverse("healthz"))

    assert down.status_code == 200  # pages are still served: keep the instance in rotation
    answer = down.json()
    assert answer["status"] == "degraded"
    assert answer["database"]["ok"] is True
    assert answer["cache"]["ok"] is False
    assert "ConnectionError" in answer["cache"]["detail"]


def test_healthz_is_503_when_the_database_is_unreachable(client, db, monkeypatch):
    from django.db import connection

    def broken():
        raise OSError("connection refused")

    with monkeypatch.context() as patched:
        patched.setattr(connection, "cursor", broken)
        answer = client.get(reverse("healthz"))
    assert answer.status_code == 503
    assert answer.json()["database"] == {"ok": False, "detail": "OSError: connection refused"}
    assert answer.json()["status"] == "down"


def test_with_redis_stopped_every_kind_of_request_is_served(
    client, ada, make_list, owner, mini_list, redis, caplog
):
    army_list = make_list(owner=owner)
    share = ShareLink.objects.create(army_list=army_list, kind=ShareLink.LIVE)
    client.get(f"/s/{share.token}/")  # cached while Redis runs
    stop(redis)
    caplog.set_level(logging.WARNING, logger="forgebuilder.cache")
    FailOpenRedisCache._last_logged = -3600.0  # log this test's first failure (once a minute)

    answers = {
        "share page": client.get(f"/s/{share.token}/"),
        "share table": client.get(f"/s/{share.token}/table/"),
        "new list": client.post(
            reverse("armylists:new"), {"module": "mini-vale", "faction": "millford"}
        ),
        "fork": client.post(f"/s/{share.token}/fork"),
        "import": client.post(reverse("armylists:import"), {"document": json.dumps(mini_list)}),
        "api": client.post(
            reverse("armylists:api_validate"),
            json.dumps(mini_list),
            content_type="application/json",
        ),
        "sign-up": client.post(
            reverse("accounts:signup"),
            {"username": "newbie", "password1": "a-Long-pass-123", "password2": "a-Long-pass-123"},
        ),
        "wrong login": client.post(
            reverse("accounts:login"), {"username": "ada", "password": "wrong"}
        ),
        "login": client.post(reverse("accounts:login"), {"username": "ada", "password": PASSWORD}),
        "my lists": client.get(reverse("armylists:my_lists")),
    }

    assert {k: a.status_code for k, a in answers.items() if a.status_code >= 500} == {}
    assert answers["share page"].status_code == 200
    assert answers["import"].status_code == 302 and answers["fork"].status_code == 302
    assert answers["login"].status_code == 302
    assert ArmyList.objects.count() >= 3  # the list, the new one, the fork, the import
    assert any("Redis cache" in r.getMessage() for r in caplog.records)
