from __future__ import annotations

from django.urls import path

from factions import views

app_name = "factions"
urlpatterns = [
    path("", views.module_list, name="module_list"),
    path("<str:slug>/", views.module_detail, name="module_detail"),
    path("<str:slug>/versions/", views.module_versions, name="module_versions"),
    path(
        "<str:slug>/versions/<int:number>/changes.json",
        views.version_changes_json,
        name="version_changes_json",
    ),
    path("<str:slug>/<str:faction>/", views.faction_detail, name="faction_detail"),
    path(
        "<str:slug>/<str:faction>/<str:datasheet>/", views.datasheet_detail, name="datasheet_detail"
    ),
]
