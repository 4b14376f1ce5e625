from __future__ import annotations

from django.urls import path

from forgebuilder.ratelimit import rate_limited

from . import api, desk_views, hall_views, push_views, views

app_name = "events"

# Every event POST counts against a limit per player (RATE_LIMITS, docs/deploy.md): creating
# events apart, registrations, submissions, desk actions and results together.
created = rate_limited("event-create", "new events")
acted = rate_limited("event", "event actions")
pushed = rate_limited("event-push", "notification sign-ups")

urlpatterns = [
    path("", views.event_list, name="list"),
    path("new/", created(views.event_new), name="new"),
    path("new/factions", views.new_factions, name="new_factions"),
    path("<str:public_id>/", views.event_detail, name="detail"),
    path("<str:public_id>/now", views.event_now, name="now"),
    path("<str:public_id>/board", views.event_board, name="board"),
    path("<str:public_id>/register/", acted(views.event_register), name="register"),
    path("<str:public_id>/submit/", acted(views.event_submit), name="submit"),
    path("<str:public_id>/drop/", acted(views.event_drop), name="drop"),
    path("<str:public_id>/notify/", acted(views.event_notify), name="notify"),
    path("<str:public_id>/push/", pushed(push_views.event_push), name="push"),
    path("<str:public_id>/desk/", desk_views.desk, name="desk"),
    path(
        "<str:public_id>/desk/<int:entrant_id>/", acted(desk_views.desk_action), name="desk_action"
    ),
    path("<str:public_id>/desk/bulk/", acted(desk_views.desk_bulk), name="desk_bulk"),
    path("<str:public_id>/rounds/", acted(views.round_pair), name="pair"),
    path("<str:public_id>/rounds/swap/", acted(views.games_swap), name="swap"),
    path("<str:public_id>/event.csv", views.event_csv, name="csv"),
    path("<str:public_id>/pack.pdf", views.event_pack, name="pack"),
    path("<str:public_id>/games/<int:game_id>/", acted(views.game_result), name="result"),
    path("<str:public_id>/lists/<int:entrant_id>/", views.submitted_list, name="list_view"),
    path("<str:public_id>/projector/", hall_views.projector, name="projector"),
    path("<str:public_id>/projector/screen", hall_views.projector_screen, name="projector_screen"),
    path("<str:public_id>/clock/", acted(desk_views.clock_action), name="clock"),
    path("<str:public_id>/qr.svg", views.event_qr, name="qr"),
    path("<str:public_id>/api-keys/", acted(views.api_keys), name="api_keys"),
    path("<str:public_id>/api/", api.event_json, name="api_event"),
    path("<str:public_id>/api/players", api.players_json, name="api_players"),
    path("<str:public_id>/api/lists", api.lists_json, name="api_lists"),
    path("<str:public_id>/api/rounds", api.rounds_json, name="api_rounds"),
]
