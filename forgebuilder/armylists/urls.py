from __future__ import annotations

from django.urls import path

from forgebuilder.armylists import views

app_name = "armylists"
urlpatterns = [
    path("lists/new/", views.list_new, name="new"),
    path("lists/", views.my_lists, name="my_lists"),
]
