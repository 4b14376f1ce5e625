from __future__ import annotations

from django.urls import path

from . import views

app_name = "campaigns"

urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("join/<str:token>/", views.campaign_join, name="join"),
    path("<int:pk>/", views.campaign_detail, name="detail"),
    path("<int:pk>/missions/", views.mission_new, name="mission_new"),
    path("<int:pk>/missions/<int:number>/report/", views.mission_report, name="report"),
    path("<int:pk>/missions/<int:number>/void/", views.mission_void, name="void"),
    path("<int:pk>/armies/<int:player_id>/", views.army_detail, name="army"),
    path("<int:pk>/armies/<int:player_id>/act/", views.army_action, name="army_action"),
    path("<int:pk>/armies/<int:player_id>/upgrades/", views.army_upgrades, name="upgrades"),
    path("<int:pk>/armies/<int:player_id>/leave/", views.player_leave, name="leave"),
    path("<int:pk>/close/", views.campaign_close, name="close"),
]
