"""Top-level URL routes."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from forgebuilder import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("welcome/<slug:wing>/", views.welcome, name="welcome"),
    path("", include("forgebuilder.offline.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("forgebuilder.accounts.urls")),
    path("games/", include("factions.urls")),
    path("campaigns/", include("forgebuilder.campaigns.urls")),
    path("events/", include("forgebuilder.events.urls")),
    path("play/", include("forgebuilder.play.urls")),
    path("rosters/", include("forgebuilder.rosters.urls")),
    path("", include("forgebuilder.lists.urls")),
]

handler400 = "forgebuilder.views.bad_request"
handler403 = "forgebuilder.views.permission_denied"
handler404 = "forgebuilder.views.page_not_found"
