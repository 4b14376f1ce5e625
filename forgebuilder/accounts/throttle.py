"""Login throttling: after too many wrong passwords, further attempts wait.

django-axes counts failed logins per username *and* address, for every login form (ours and the
admin's), and answers a locked-out attempt with `locked_out` below; the numbers are the `AXES_`
settings. One address trying many usernames meets RATE_LIMITS["login-ip"], counted here. Both
are listed in docs/deploy.md ("Security settings").
"""

from __future__ import annotations

import ipaddress
import math
from datetime import timedelta

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

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
    seconds = lockout_remaining(request, credentials)
    return too_many(request, seconds, "failed logins for this account from your address")


def lockout_remaining(request: HttpRequest, credentials=None) -> int:
    """Seconds until the lockout of this username at this address ends: AXES_COOLOFF_TIME
    after its last counted failure (tries while locked out are not counted)."""
    cool_off = get_cool_off(request) or timedelta(minutes=15)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    attempts = AccessAttempt.objects.filter(username=username, ip_address=axes_client_ip(request))
    latest = attempts.aggregate(latest=Max("attempt_time"))["latest"]
    if latest is None:
        return int(cool_off.total_seconds())
    return max(1, math.ceil((latest + cool_off - timezone.now()).total_seconds()))
