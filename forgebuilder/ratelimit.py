"""Rate limits: how often one client may do something costly, counted in the shared cache.

Each limit is a fixed window: `RATE_LIMITS[scope] = (requests, seconds)`. Counters live in the
default cache, which every worker and instance shares (the database cache, or Redis when
REDIS_URL is set), so a client cannot escape a limit by landing on another worker. When the
cache is unreachable the counts fail open (forgebuilder/cache.py): the site keeps serving. A client is
a signed-in user, or else an IP address (IPv6 by its /64 network). The numbers are in
docs/deploy.md, "Security settings".

django-ratelimit was considered: its system checks reject the database cache and warn about
Django's own Redis backend, the two caches we run on, so this small module does the counting.
"""

from __future__ import annotations

import hashlib
import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from forgebuilder.refusals import Refused, wants_json


@dataclass(frozen=True)
class Decision:
    allowed: bool
    retry_after: int  # seconds until the window ends


def client_ip(request: HttpRequest) -> str:
    """The client's address; behind a proxy, the header RATELIMIT_IP_HEADER names (the proxy
    must set it, overwriting what the client sent). IPv6 addresses count by their /64."""
    header = getattr(settings, "RATELIMIT_IP_HEADER", "")
    raw = (request.META.get(header, "") if header else "") or request.META.get("REMOTE_ADDR", "")
    raw = raw.split(",")[-1].strip()
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw or "unknown"
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def client_key(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{client_ip(request)}"


def _window(scope: str) -> tuple[int, int, int, int]:
    limit, period = settings.RATE_LIMITS[scope]
    now = int(time.time())
    start = now - now % period
    return limit, period, start, start + period - now


def _key(scope: str, who: str, start: int) -> str:
    digest = hashlib.sha256(who.encode()).hexdigest()[:32]
    return f"rl:{scope}:{digest}:{start}"


def hit(scope: str, who: str, cost: int = 1) -> Decision:
    """Count one more request of `who` in `scope`, weighing `cost`; refused once the limit is
    passed."""
    limit, _period, start, left = _window(scope)
    key = _key(scope, who, start)
    if cache.add(key, cost, left + 5):
        count = cost
    else:
        try:
            count = cache.incr(key, cost)
        except ValueError:  # expired between add and incr, or the cache is unreachable
            cache.add(key, cost, left + 5)
            count = cost
        # Some caches' incr sets the key's expiry anew (the database cache to its default 300 s,
        # which ended a 15-minute lockout after 5): the counter lives to its window's end.
        cache.touch(key, left + 5)
    return Decision(count <= limit, left)


def peek(scope: str, who: str) -> Decision:
    """Whether `who` is still under the limit of `scope`, without counting a request."""
    limit, _period, start, left = _window(scope)
    return Decision(cache.get(_key(scope, who, start), 0) < limit, left)


def reset(scope: str, who: str) -> None:
    _limit, _period, start, _left = _window(scope)
    cache.delete(_key(scope, who, start))


def wait_text(seconds: int) -> str:
    if seconds < 90:
        return f"{max(seconds, 1)} second{'s' * (seconds != 1)}"
    minutes = (seconds + 59) // 60
    return f"{minutes} minutes"


def too_many(request: HttpRequest, retry_after: int, what: str) -> HttpResponse:
    """429 with a message saying what was limited and when to try again (JSON for the API)."""
    message = f"Too many {what} from you. Try again in {wait_text(retry_after)}."
    if wants_json(request):
        refusal = Refused(
            f"Too many {what} from you.",
            f"Try again in {wait_text(retry_after)}.",
            code="rate-limited",
        )
        response = JsonResponse({"errors": refusal.errors()}, status=429)
    else:
        response = render(request, "429.html", {"message": message}, status=429)
    response["Retry-After"] = str(max(retry_after, 1))
    return response


def rate_limited(
    scope: str | Callable[[HttpRequest], str],
    what: str,
    *,
    methods: tuple[str, ...] = ("POST",),
) -> Callable:
    """View decorator: count each request (of `methods`) against `scope`, answer 429 past it.

    `scope` may be a function of the request (a poll counts apart from a first request)."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs):
            if request.method in methods:
                name = scope(request) if callable(scope) else scope
                decision = hit(name, client_key(request))
                if not decision.allowed:
                    return too_many(request, decision.retry_after, what)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
