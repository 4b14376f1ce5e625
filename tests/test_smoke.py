from __future__ import annotations

import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_home_page_names_the_app(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert b"forgebuilder" in response.content


def test_health_probe_answers_ok(client, db):
    answer = client.get(reverse("healthz")).json()
    assert answer["status"] == "ok"
    assert answer["database"]["ok"] and answer["cache"]["ok"]
