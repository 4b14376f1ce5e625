"""The production settings send a strict Content-Security-Policy, a Permissions-Policy, HSTS and
secure cookies; the health probe answers plain HTTP (issue 14)."""

from __future__ import annotations

import importlib
import re

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.accounts.conftest import PASSWORD

SETTING_NAMES = [
    "SECURE_SSL_REDIRECT", "SECURE_REDIRECT_EXEMPT", "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE", "SECURE_PROXY_SSL_HEADER", "SECURE_CSP", "PERMISSIONS_POLICY",
    "MIDDLEWARE", "X_FRAME_OPTIONS", "SECURE_REFERRER_POLICY",
]  # fmt: skip


@pytest.fixture
def production(monkeypatch):
    """The production settings that shape responses, applied to the test client."""
    monkeypatch.setenv("SECRET_KEY", "x" * 60)
    module = importlib.import_module("forgebuilder.settings.production")
    module = importlib.reload(module)
    values = {name: getattr(module, name) for name in SETTING_NAMES}
    with override_settings(**values):
        yield values


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
    assert probe.json() == {"status": "ok"}


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
