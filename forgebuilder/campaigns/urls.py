from __future__ import annotations

from django.urls import path

from forgebuilder.ratelimit import rate_limited

from . import views

app_name = "campaigns"

# Every campaign POST counts against a limit per player (RATE_LIMITS, docs/deploy.md): starting
# campaigns apart, joins, missions, reports and army actions together.
created = rate_limited("campaign-create", "new campaigns")
acted = rate_limited("campaign", "campaign actions")

urlpatterns = [
    path("", created(views.campaign_list), name="list"),
    path("join/<str:token>/", acted(views.campaign_join), name="join"),
    path("<int:pk>/", views.campaign_detail, name="detail"),
    path("<int:pk>/missions/", acted(views.mission_new), name="mission_new"),
    path("<int:pk>/missions/<int:number>/report/", acted(views.mission_report), name="report"),
    path("<int:pk>/missions/<int:number>/void/", acted(views.mission_void), name="void"),
    path("<int:pk>/missions/<int:number>/correct/", acted(views.mission_correct), name="correct"),
    path("<int:pk>/armies/<int:player_id>/", views.army_detail, name="army"),
    path("<int:pk>/armies/<int:player_id>/act/", acted(views.army_action), name="army_action"),
    path("<int:pk>/armies/<int:player_id>/upgrades/", views.army_upgrades, name="upgrades"),
    path("<int:pk>/armies/<int:player_id>/leave/", acted(views.player_leave), name="leave"),
    path("<int:pk>/close/", acted(views.campaign_close), name="close"),
    path("<int:pk>/move-data/", acted(views.campaign_move_data), name="move_data"),
]
