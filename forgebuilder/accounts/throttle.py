"""Login throttling: after too many wrong passwords, further attempts wait.

django-axes counts failed logins per username *and* address, for every login form (ours and the
admin's), and answers a locked-out attempt with `locked_out` below; the numbers are the `AXES_`
settings. One address trying many usernames meets RATE_LIMITS["login-ip"], counted here. Both
are listed in docs/deploy.md ("Security settings").
"""

from __future__ import annotations

import ipaddress

from axes.helpers import get_cool_off
from django.http import HttpRequest, HttpResponse

from forgebuilder.ratelimit import Decision, client_ip, hit, peek, too_many


def _address(request: HttpRequest) -> tuple[str, str]:
    return "login-ip", f"ip:{client_ip(request)}"


def login_blocked(request: HttpRequest) -> Decision | None:
    """The refusal when this address has failed too often (any username), else None."""
    decision = peek(*_address(request))
    return None if decision.allowed else decision


def login_failed(request: HttpRequest) -> None:
    hit(*_address(request))


def axes_client_ip(request: HttpRequest) -> str | None:
    """The address django-axes records: the client's, or None when the request carries none
    that is an IP address (its table stores addresses; PostgreSQL refuses anything else)."""
    address = client_ip(request)
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return None
    return address


def locked_out(request: HttpRequest, response=None, credentials=None) -> HttpResponse:
    """django-axes' answer to a locked-out login: 429 saying when to try again."""
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off else 15 * 60
    return too_many(request, seconds, "failed logins for this account from your address")
