from __future__ import annotations

app_name = "factions"
urlpatterns: list = []
