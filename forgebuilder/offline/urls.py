from __future__ import annotations

from django.urls import path

from . import views

app_name = "offline"

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="worker"),
    path("offline/", views.offline_page, name="page"),
]
