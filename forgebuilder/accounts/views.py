"""Sign up and a throttled log in; logging out and password resets use Django's own views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from forgebuilder.ratelimit import client_key, hit, rate_limited, too_many

from .forms import SignupForm
from .throttle import login_blocked, login_failed


class ThrottledLoginView(auth_views.LoginView):
    """Django's login, refusing further attempts after too many failures (throttle.py)."""

    template_name = "accounts/login.html"

    def post(self, request, *args, **kwargs):
        blocked = login_blocked(request)
        if blocked is not None:
            return too_many(request, blocked.retry_after, "failed logins")
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        login_failed(self.request)
        return super().form_invalid(form)


class LimitedPasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, with mails limited per client and per address (one address
    cannot be flooded with reset mails from many clients)."""

    def post(self, request, *args, **kwargs):
        email = request.POST.get("email", "").strip().lower()[:254]
        for scope, who in (("reset", client_key(request)), ("reset-email", f"email:{email}")):
            decision = hit(scope, who)
            if not decision.allowed:
                return too_many(request, decision.retry_after, "password-reset mails")
        return super().post(request, *args, **kwargs)


@require_http_methods(["GET", "POST"])
@rate_limited("signup", "sign-ups")
def signup(request: HttpRequest) -> HttpResponse:
    then = _next(request)
    if request.user.is_authenticated:
        return redirect(then or "armylists:my_lists")
    # bound on every POST, even an empty one, so that it answers with its errors
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, "Welcome! Your lists now follow you to every device.")
        return redirect(then or "armylists:my_lists")
    return render(request, "accounts/signup.html", {"form": form, "next": then})


def _next(request: HttpRequest) -> str:
    """Where to go after signing up (an invitation, say): a path of this site, or ''."""
    then = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        then, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return then if safe and then.startswith("/") else ""
