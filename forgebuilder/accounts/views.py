"""Sign up and a throttled log in; logging out and password resets use Django's own views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from forgebuilder.ratelimit import client_key, hit, rate_limited, too_many
from forgebuilder.wings import wing_for_path

from .deletion import account_delete, account_deletion_preview
from .forms import AccountDeleteForm, SignupForm
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

    def get_context_data(self, **kwargs):
        """A login asked for by a wing's page (the address it came from) says what the wing is
        and that an account is free, so a visitor who has none is not left at a bare form."""
        context = super().get_context_data(**kwargs)
        context["wing"] = wing_for_path(context.get("next") or "")
        return context


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


@login_required
@require_http_methods(["GET", "HEAD"])
def account(request: HttpRequest) -> HttpResponse:
    """The account page: download everything, delete the account."""
    return _account_page(request, AccountDeleteForm(request.user))


@login_required
@require_POST
@rate_limited("account-delete", "attempts to delete the account")
def account_delete_view(request: HttpRequest) -> HttpResponse:
    form = AccountDeleteForm(request.user, request.POST)
    if not form.is_valid():
        return _account_page(request, form, status=400)
    done = account_delete(user=request.user)
    logout(request)
    messages.success(
        request,
        f"Your account is deleted, with {done.lists} list{'s' if done.lists != 1 else ''}. "
        "Nothing of it is kept on this device.",
    )
    return redirect("home")


def _account_page(request: HttpRequest, form: AccountDeleteForm, status: int = 200):
    context = {"form": form, "deletion": account_deletion_preview(user=request.user)}
    return render(request, "accounts/account.html", context, status=status)
