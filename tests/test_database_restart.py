"""A database restart costs a player a short wait, never a 500 (issue 39: 11 answers of 500 in
the second of a PostgreSQL restart): a read is run again on a new connection, a write is
refused with a 503 that says nothing was changed and when to try again."""

from __future__ import annotations

import pytest
from django.db.utils import OperationalError
from django.urls import reverse

from forgebuilder import dbretry, views

LOST = "server closed the connection unexpectedly"


@pytest.fixture
def waits(monkeypatch):
    waited: list[float] = []
    monkeypatch.setattr(dbretry, "sleep", waited.append)
    return waited


def _down_for(monkeypatch, module, name, failures: int):
    """`module.name` fails as a lost database `failures` times, then works."""
    real, calls = getattr(module, name), []

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) <= failures:
            raise OperationalError(LOST)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, flaky)
    return calls


def test_a_read_rides_out_a_restart(client, db, monkeypatch, waits):
    calls = _down_for(monkeypatch, views, "game_module_list", failures=3)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert len(calls) == 4 and waits == [0.25, 0.5, 1.0]


def test_a_read_still_failing_after_the_waits_says_so_with_503(client, db, monkeypatch, waits):
    _down_for(monkeypatch, views, "game_module_list", failures=99)
    response = client.get(reverse("home"))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "nothing was changed. Try again in a few seconds." in response.text
    assert sum(waits) < 5


def test_a_write_is_refused_in_words_and_not_run_twice(client, starter_modules, monkeypatch, waits):
    from forgebuilder.lists import views as list_views

    calls = _down_for(monkeypatch, list_views, "army_list_create", failures=1)
    response = client.post(
        reverse("armylists:new"),
        {"faction": "ember-reach/cinderhold", "name": "Restart Muster", "points_limit": "150"},
    )
    assert response.status_code == 503
    assert len(calls) == 1 and not waits  # not run again: it writes
    assert "nothing was changed" in response.text
    assert response["Retry-After"] == "5"


def test_an_api_client_gets_the_reason_as_json(client, db, monkeypatch, waits):
    from forgebuilder.lists.views import json_api as api

    _down_for(monkeypatch, api, "parse_document", failures=99)
    response = client.post(
        reverse("armylists:api_validate"), data={}, content_type="application/json"
    )
    assert response.status_code == 503
    assert response.json()["errors"][0]["message"].startswith("The database is restarting")


def test_the_trackers_sync_is_run_again_for_its_changes_apply_once(monkeypatch, waits):
    # The sync marks itself idempotent (each change has its id): a restart is ridden out.
    from django.urls import resolve

    from forgebuilder.play import views as play_views

    assert getattr(resolve("/play/abc/sync/").func, "retried_on_restart", False)
    assert play_views.sync.retried_on_restart
