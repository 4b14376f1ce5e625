"""Login throttling: after too many wrong passwords, further attempts wait.

Failures count per username (an attacker guessing one player's password from many addresses)
and per client IP (one address trying many usernames). The numbers are RATE_LIMITS["login-user"]
and ["login-ip"] in the settings, listed in docs/deploy.md ("Security settings").
"""

from __future__ import annotations

from django.http import HttpRequest

from forgebuilder.ratelimit import Decision, client_ip, hit, peek, reset


def _subjects(request: HttpRequest) -> list[tuple[str, str]]:
    username = request.POST.get("username", "").strip().lower()[:150]
    return [("login-user", f"user:{username}"), ("login-ip", f"ip:{client_ip(request)}")]


def login_blocked(request: HttpRequest) -> Decision | None:
    """The refusal when this username or address has failed too often, else None."""
    for scope, who in _subjects(request):
        decision = peek(scope, who)
        if not decision.allowed:
            return decision
    return None


def login_failed(request: HttpRequest) -> None:
    for scope, who in _subjects(request):
        hit(scope, who)


def login_succeeded(request: HttpRequest) -> None:
    scope, who = _subjects(request)[0]
    reset(scope, who)
