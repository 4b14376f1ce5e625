"""Two app instances behind nginx, sharing PostgreSQL-or-SQLite and Redis, act as one.

Sessions, the share-page cache and PDF renders behave as on one instance, and stopping one
instance in the middle of a stream of edits loses none of them.
"""

from __future__ import annotations

import re
import threading

import pytest

from .harness import Browser


def without_csrf(html: str) -> str:
    """The page less its CSRF token, which Django masks afresh in every answer."""
    html = re.sub(r'"X-CSRFToken": "[^"]*"', "", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def start_two(stack):
    """(stack, nginx port, [port of instance 1, port of instance 2], [their processes])."""
    first, port1 = stack.start_app(workers=2)
    second, port2 = stack.start_app(workers=2)
    _, nginx = stack.start_nginx([port1, port2])
    return stack, nginx, [port1, port2], [first, second]


@pytest.fixture(scope="module")
def two_instances(stack):
    return start_two(stack)


def test_a_session_made_on_one_instance_is_known_to_the_other(two_instances):
    _, nginx, (one, two), _ = two_instances
    player = Browser(nginx)
    public_id = player.new_list("Roaming Player")
    stranger = Browser(nginx)

    for port in (one, two):
        assert player.get(f"/lists/{public_id}/", port=port).status == 200
        assert player.add_unit(public_id, port=port).status == 200
        assert stranger.get(f"/lists/{public_id}/", port=port).status == 404
    assert len(player.document(public_id)["units"]) == 2


def test_the_share_page_cache_is_shared_and_an_edit_shows_on_both(two_instances):
    stack, nginx, (one, two), _ = two_instances
    owner = Browser(nginx)
    public_id = owner.new_list("Cached Once")
    token = owner.share(public_id)
    visitor = Browser(nginx)

    first = visitor.get(f"/s/{token}/", port=one)
    cached = stack.redis_keys("*share-page*")
    second = visitor.get(f"/s/{token}/", port=two)
    assert first.status == second.status == 200
    assert len(cached) == 1
    assert stack.redis_keys("*share-page*") == cached  # instance 2 used instance 1's page
    assert without_csrf(first.text) == without_csrf(second.text)

    owner.post(f"/lists/{public_id}/rename", {"name": "Renamed Once"})
    for port in (one, two):
        page = visitor.get(f"/s/{token}/", port=port)
        assert "Renamed Once" in page.text and "Cached Once" not in page.text


def test_a_pdf_asked_of_one_instance_is_served_by_the_other(two_instances):
    stack, nginx, (one, two), _ = two_instances
    player = Browser(nginx)
    public_id = player.new_list("Printed Once")
    player.add_unit(public_id)
    url = f"/lists/{public_id}/roster.pdf"

    asked = player.get(url, port=one)
    assert asked.status == 202 and "Preparing your PDF" in asked.text
    assert player.get(url, port=two).status == 202  # the same render, not queued twice
    stack.run_pdf_worker()
    for port in (two, one, nginx):
        ready = player.get(url, port=port)
        assert ready.status == 200
        assert ready.headers["Content-Type"] == "application/pdf"
        assert ready.body.startswith(b"%PDF-")
    tasks = stack.manage("shell", "-c", _COUNT_TASKS).stdout.strip().splitlines()[-1]
    assert tasks == "1"


_COUNT_TASKS = (
    "from django_tasks_db.models import DBTaskResult; print(DBTaskResult.objects.count())"
)

EDITS = 24


def test_stopping_one_instance_mid_load_loses_no_edit(stack):
    stack, nginx, _, (first, _) = start_two(stack)  # instances of its own: one is stopped
    players = [Browser(nginx), Browser(nginx)]
    lists = [p.new_list(f"Steady {i}") for i, p in enumerate(players)]
    acknowledged = [0, 0]
    failures: list[str] = []
    halfway = threading.Barrier(3)

    def edit(i: int) -> None:
        for n in range(EDITS):
            if n == EDITS // 2:
                halfway.wait(timeout=60)
            answer = players[i].add_unit(lists[i])
            if answer.status == 200:
                acknowledged[i] += 1
            else:
                failures.append(f"player {i}, edit {n}: {answer.status} {answer.text[:200]}")

    threads = [threading.Thread(target=edit, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    halfway.wait(timeout=60)
    assert stack.stop(first) == 0  # SIGTERM: gunicorn finishes what it has, then exits
    for thread in threads:
        thread.join(timeout=120)

    assert failures == []
    assert acknowledged == [EDITS, EDITS]
    for player, public_id in zip(players, lists, strict=True):
        assert len(player.document(public_id)["units"]) == EDITS
