"""Two app instances behind nginx, sharing PostgreSQL-or-SQLite and Redis, act as one.

Sessions, the share-page cache and PDF renders behave as on one instance, and stopping one
instance in the middle of a stream of edits loses none of them.
"""

from __future__ import annotations

import json
import re
import threading
import time

import pytest

from .conftest import require
from .harness import HOST, Browser, openssl_binary, postgres_server, token


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


def test_the_instances_share_postgresql_when_the_tests_run_on_it(two_instances):
    stack, *_ = two_instances
    vendor = stack.manage("shell", "-c", _VENDOR).stdout.strip().splitlines()[-1]
    assert vendor == ("postgresql" if postgres_server() else "sqlite")


_VENDOR = "from django.db import connection; print(connection.vendor)"


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
                halfway.wait(timeout=300)
            answer = players[i].add_unit(lists[i])
            if answer.status == 200:
                acknowledged[i] += 1
            else:
                failures.append(f"player {i}, edit {n}: {answer.status} {answer.text[:200]}")

    threads = [threading.Thread(target=edit, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    halfway.wait(timeout=300)
    assert stack.stop(first) == 0  # SIGTERM: gunicorn finishes what it has, then exits
    for thread in threads:
        thread.join(timeout=900)
        assert not thread.is_alive(), stack.logs()

    assert failures == []
    assert acknowledged == [EDITS, EDITS]
    for player, public_id in zip(players, lists, strict=True):
        assert len(player.document(public_id)["units"]) == EDITS


def within_one_window(seconds: int, attempt):
    """Run `attempt()` inside one fixed rate-limit window of `seconds` (forgebuilder/ratelimit.py):
    if the window changed while it ran, the counts started over, so run it again."""
    for _ in range(3):
        started = int(time.time()) // seconds
        result = attempt()
        if int(time.time()) // seconds == started:
            return result
    raise AssertionError("three rate-limit windows went by during one attempt")


def test_login_failures_on_one_instance_lock_the_username_at_that_address_on_the_other(
    two_instances,
):
    """django-axes counts in the database both instances share: the fifth failure locks the
    username at the guessing address everywhere, while the owner elsewhere still logs in."""
    stack, nginx, (one, two), _ = two_instances
    username = f"ada-{token()}"
    password = stack.make_user(username)
    limit = 5  # AXES_FAILURE_LIMIT, as docs/deploy.md states it
    attacker = Browser(nginx, address="127.0.0.2")
    login = "/accounts/login/"
    failed = [
        attacker.post(login, {"username": username, "password": "a-wrong-guess"}, port=port)
        for port in [one, two] * 3
    ][:limit]
    right = {"username": username, "password": password}
    locked = [attacker.post(login, right, port=port) for port in (one, two, nginx)]
    owner = Browser(nginx, address="127.0.0.3").post(login, right, port=two)

    assert [a.status for a in failed] == [200] * (limit - 1) + [429]
    assert all("enter a correct username and password" in a.text for a in failed[:-1])
    # even the right password, from the guessing address, on either instance, waits
    assert [a.status for a in locked] == [429, 429, 429]
    assert "Too many failed logins" in locked[0].text
    assert owner.status == 302  # a stranger cannot lock the owner out of their own address


def test_a_login_lockout_holds_for_its_whole_cool_off_on_both_instances_and_then_lifts(
    two_instances,
):
    """Locked out after AXES_FAILURE_LIMIT failures, the address waits AXES_COOLOFF_TIME (read
    from the settings, 15 minutes as docs/deploy.md says) on either instance; just before its
    end the right password still waits, just after it logs in. Time moves without waiting:
    the failures stored in the shared database are made older (`age_login_failures`)."""
    stack, nginx, (one, two), _ = two_instances
    cool_off = int(float(stack.manage("shell", "-c", _COOL_OFF).stdout.strip().splitlines()[-1]))
    assert cool_off == 15 * 60
    username = f"bea-{token()}"
    password = stack.make_user(username)
    guesser = Browser(nginx, address="127.0.0.6")
    login, right = "/accounts/login/", {"username": username, "password": password}
    for port in [one, two, one, two, one]:
        guesser.post(login, {"username": username, "password": "a-wrong-guess"}, port=port)
    locked = guesser.post(login, right, port=two)
    assert locked.status == 429 and int(locked.headers["Retry-After"]) > cool_off - 60

    age_login_failures(stack, username, cool_off - 10)  # 10 s before the end
    still = [guesser.post(login, right, port=port) for port in (one, two)]
    age_login_failures(stack, username, 20)  # 10 s after it
    lifted = guesser.post(login, right, port=one)

    assert [a.status for a in still] == [429, 429]  # tries while locked do not restart it
    assert all(int(a.headers["Retry-After"]) <= 10 for a in still)
    assert lifted.status == 302  # the right password logs in again


_COOL_OFF = "from django.conf import settings; print(settings.AXES_COOLOFF_TIME.total_seconds())"
_AGE = (
    "from datetime import timedelta; from django.db.models import F; "
    "from axes.models import AccessAttempt, AccessAttemptExpiration; "
    "by = timedelta(seconds={seconds}); "
    "AccessAttempt.objects.filter(username={username!r})"
    ".update(attempt_time=F('attempt_time') - by); "
    "AccessAttemptExpiration.objects.filter(access_attempt__username={username!r})"
    ".update(expires_at=F('expires_at') - by)"
)


def age_login_failures(stack, username: str, seconds: int) -> None:
    """As if `seconds` went by for the username's failed logins (the clock the lockout reads
    is the database's record of them)."""
    stack.manage("shell", "-c", _AGE.format(username=username, seconds=seconds))


def test_rate_limits_count_each_client_by_its_address_across_instances(two_instances):
    """nginx tells the app the client's address (X-Real-IP, overwriting what a client sends):
    one client's requests count together on both instances, other clients are not affected,
    and a client cannot escape by claiming another address."""
    _, nginx, (one, two), _ = two_instances
    limit, window = 10, 60 * 60  # RATE_LIMITS["signup"]
    spoofed = {"X-Real-IP": "10.1.2.3", "X-Forwarded-For": "10.1.2.3"}

    def sign_up_past_the_limit():
        greedy = Browser(nginx, address="127.0.0.4")
        ports = [nginx, one, two] * limit
        allowed = [greedy.post("/accounts/signup/", {}, port=p) for p in ports[:limit]]
        past = [
            greedy.post("/accounts/signup/", {}, port=nginx),
            greedy.post("/accounts/signup/", {}, port=nginx, headers=spoofed),
            greedy.post("/accounts/signup/", {}, port=one),
            greedy.post("/accounts/signup/", {}, port=two),
        ]
        other = Browser(nginx, address="127.0.0.5").post("/accounts/signup/", {})
        return allowed, past, other

    allowed, past, other = within_one_window(window, sign_up_past_the_limit)
    assert [a.status for a in allowed] == [200] * limit  # the form with its errors
    assert [a.status for a in past] == [429] * 4
    assert "Too many sign-ups" in past[0].text and int(past[0].headers["Retry-After"]) > 0
    assert other.status == 200


def test_gunicorn_on_the_production_settings_sends_the_security_headers(two_instances):
    """What the in-process tests check (tests/security/test_production_headers.py), on the real
    thing: an instance behind TLS (X-Forwarded-Proto: https, as nginx sends it there)."""
    stack, nginx, (one, _), _ = two_instances
    visitor = Browser(one)
    https = {"X-Forwarded-Proto": "https"}

    page = visitor.get("/accounts/login/", headers=https)
    username = f"grace-{token()}"
    login = {"username": username, "password": stack.make_user(username)}
    # over HTTPS Django's CSRF check wants the form's origin too
    logged_in = visitor.post("/accounts/login/", login, headers={**https, "Origin": ORIGIN})

    assert page.status == 200
    assert logged_in.status == 302, logged_in.text[:300]
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert "camera=()" in page.headers["Permissions-Policy"]
    hsts = "max-age=31536000; includeSubDomains; preload"
    assert page.headers["Strict-Transport-Security"] == hsts
    cookies = visitor.set_cookie_headers
    session = next(c for c in cookies if c.startswith("sessionid="))
    csrf = next(c for c in cookies if c.startswith("csrftoken="))
    assert {"Secure", "HttpOnly", "SameSite=Lax"} <= {p.strip() for p in session.split(";")}
    assert {"Secure", "SameSite=Lax"} <= {p.strip() for p in csrf.split(";")}
    # through nginx on plain HTTP a client cannot claim to be on HTTPS: nginx says how it came
    claimed = Browser(nginx).get("/accounts/login/", headers=https)
    assert "Strict-Transport-Security" not in claimed.headers


def test_nginx_ending_tls_redirects_plain_http_and_the_app_knows_it_is_on_https(two_instances):
    require("openssl", openssl_binary())  # for a throwaway certificate
    stack, _, (one, two), _ = two_instances
    _, https_port = stack.start_nginx([one, two], tls=True)
    player = Browser(https_port, tls=True)

    page = player.get("/accounts/login/")
    public_id = player.new_list("Over TLS")  # a POST through TLS passes the CSRF check
    plain = Browser(stack.http_port)
    moved = plain.get("/lists/?sort=name")
    probe = plain.get("/healthz")

    assert page.status == 200
    assert page.headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert any(c.startswith("csrftoken=") and "Secure" in c for c in player.set_cookie_headers)
    assert player.get(f"/lists/{public_id}/").status == 200
    assert moved.status == 301
    assert moved.headers["Location"] == f"https://{HOST}:{https_port}/lists/?sort=name"
    assert probe.status == 200 and json.loads(probe.text)["status"] == "ok"


ORIGIN = f"https://{HOST}"
