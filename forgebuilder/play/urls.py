from __future__ import annotations

from django.urls import path

from . import views

app_name = "play"

urlpatterns = [
    path("", views.game_list, name="games"),
    path("start/<str:public_id>/", views.start_from_list, name="start"),
    path("start/s/<str:token>/", views.start_from_share, name="start_shared"),
    path("start/foreign/<str:public_id>/", views.start_from_foreign, name="start_foreign"),
    path("start/event/<str:event_id>/<int:pairing>/", views.start_for_pairing, name="start_event"),
    path("link/<str:code>/", views.link, name="link"),
    path("<str:public_id>/", views.tracker, name="tracker"),
    path("<str:public_id>/tap/", views.tap, name="tap"),
    path("<str:public_id>/sync/", views.sync, name="sync"),
    path("<str:public_id>/state/", views.state, name="state"),
    path("<str:public_id>/finish/", views.finish, name="finish"),
]
