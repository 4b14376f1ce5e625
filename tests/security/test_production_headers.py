"""The production settings send a strict Content-Security-Policy, a Permissions-Policy, HSTS and
secure cookies, and throttle logins after the number of failures docs/deploy.md documents; the
health probe answers plain HTTP (issue 14). tests/stack/ checks the same on gunicorn itself."""

from __future__ import annotations

import importlib
import re
import time
from types import SimpleNamespace

import pytest
from django.test import override_settings
from django.urls import reverse

from forgebuilder import ratelimit
from tests.accounts.conftest import PASSWORD

SETTING_NAMES = [
    "SECURE_SSL_REDIRECT", "SECURE_REDIRECT_EXEMPT", "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE", "SECURE_PROXY_SSL_HEADER", "SECURE_CSP", "PERMISSIONS_POLICY",
    "MIDDLEWARE", "X_FRAME_OPTIONS", "SECURE_REFERRER_POLICY", "RATE_LIMITS",
    "RATELIMIT_IP_HEADER",
]  # fmt: skip


@pytest.fixture
def production(monkeypatch):
    """The production settings that shape responses, applied to the test client."""
    monkeypatch.setenv("SECRET_KEY", "x" * 60)
    monkeypatch.setenv("DATABASE_URL", "postgres://forgebuilder@127.0.0.1/forgebuilder")
    module = importlib.import_module("forgebuilder.settings.production")
    module = importlib.reload(module)
    values = {name: getattr(module, name) for name in SETTING_NAMES}
    with override_settings(**values):
        yield values


def test_production_settings_refuse_to_start_without_database_url(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    monkeypatch.setenv("SECRET_KEY", "x" * 60)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with pytest.raises(ImproperlyConfigured, match="Set the environment variable DATABASE_URL"):
        importlib.reload(importlib.import_module("forgebuilder.settings.production"))


def _https(client, path, **kwargs):
    return client.get(path, secure=True, **kwargs)


def test_pages_carry_a_csp_without_inline_scripts_and_a_permissions_policy(client, db, production):
    response = _https(client, reverse("home"))

    csp = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-eval" not in csp
    policy = response["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()"):
        assert feature in policy


def test_hsts_is_a_year_with_subdomains(client, db, production):
    response = _https(client, reverse("home"))

    assert response["Strict-Transport-Security"] == ("max-age=31536000; includeSubDomains; preload")


def test_session_and_csrf_cookies_are_secure_and_http_only(client, ada, production):
    client.get(reverse("accounts:login"), secure=True)
    client.post(reverse("accounts:login"), {"username": "ada", "password": PASSWORD}, secure=True)

    session, csrf = client.cookies["sessionid"], client.cookies["csrftoken"]
    assert session["secure"] and session["httponly"] and session["samesite"] == "Lax"
    assert csrf["secure"] and csrf["samesite"] == "Lax"


def test_plain_http_is_redirected_but_the_health_probe_answers(client, db, production):
    assert client.get(reverse("home")).status_code == 301

    probe = client.get(reverse("healthz"))

    assert probe.status_code == 200
    assert probe.json()["status"] == "ok"


TEMPLATES = importlib.import_module("django.conf").settings.BASE_DIR / "templates"


def test_no_template_has_an_inline_script_or_event_handler():
    offenders = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text):
            offenders.append(f"{path.name}: inline <script>")
        if re.search(r"\son[a-z]+\s*=", text) or "hx-on" in text or "javascript:" in text:
            offenders.append(f"{path.name}: inline event handler")
    assert offenders == []


DEPLOY_DOC = importlib.import_module("django.conf").settings.BASE_DIR / "docs" / "deploy.md"


def documented_limit(what: str) -> tuple[int, int]:
    """(failures, seconds) from the rate-limit table of docs/deploy.md, for the row `what`."""
    row = re.search(rf"^\| {what} \| (\d+) per (\d+) minutes", DEPLOY_DOC.read_text(), re.M)
    assert row, f"docs/deploy.md lists no limit for {what!r}"
    return int(row.group(1)), int(row.group(2)) * 60


def _login(client, username, password, ip):
    return client.post(
        reverse("accounts:login"), {"username": username, "password": password},
        secure=True, REMOTE_ADDR=ip,
    )  # fmt: skip


def documented_lockout() -> tuple[int, int]:
    """(wrong passwords, seconds) of the username-and-address lockout docs/deploy.md states."""
    found = re.search(
        r"the (\w+) wrong password for one\s+username \*from one address\* locks that username"
        r" at that address for (\d+) minutes",
        DEPLOY_DOC.read_text(encoding="utf-8"),
    )
    assert found, "docs/deploy.md states the login lockout"
    return {"fifth": 5}[found.group(1)], int(found.group(2)) * 60


def test_login_is_locked_after_the_documented_failures_for_one_username_at_one_address(
    client, ada, production, settings
):
    failures, window = documented_lockout()
    assert (settings.AXES_FAILURE_LIMIT, settings.AXES_COOLOFF_TIME.total_seconds()) == (
        failures,
        window,
    )
    for _ in range(failures - 1):
        assert _login(client, "ada", "wrong-guess", "192.0.2.1").status_code == 200
    assert _login(client, "ada", "wrong-guess", "192.0.2.1").status_code == 429

    refused = _login(client, "ada", PASSWORD, "192.0.2.1")  # even the right password

    assert refused.status_code == 429
    assert "Too many failed logins" in refused.text
    assert int(refused["Retry-After"]) == window
    assert "_auth_user_id" not in client.session
    assert refused["Content-Security-Policy"] and refused["Strict-Transport-Security"]
    assert _login(client, "ada", PASSWORD, "198.51.100.7").status_code == 302  # elsewhere


def test_one_failure_fewer_still_lets_the_player_in(client, ada, production):
    failures, _window = documented_lockout()
    for _ in range(failures - 1):
        _login(client, "ada", "wrong-guess", "192.0.2.1")

    assert _login(client, "ada", PASSWORD, "192.0.2.1").status_code == 302
    assert client.session["_auth_user_id"] == str(ada.pk)


def test_login_is_throttled_after_the_documented_failures_from_one_address(
    client, ada, production, monkeypatch
):
    failures, window = documented_limit("Failed logins from one address")
    # Limits count in windows aligned to the clock: the test's requests all fall in one window
    # (a run crossing a quarter hour's boundary started a fresh count and failed once in CI).
    start = time.time()
    mid_window = start - start % window + window / 2
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: mid_window))
    assert production["RATE_LIMITS"]["login-ip"] == (failures, window)
    for i in range(failures):  # a different username each time
        assert _login(client, f"guess-{i}", "wrong-guess", "203.0.113.9").status_code == 200

    assert _login(client, "ada", PASSWORD, "203.0.113.9").status_code == 429
    assert _login(client, "ada", PASSWORD, "203.0.113.10").status_code == 302
