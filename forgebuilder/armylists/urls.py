from __future__ import annotations

app_name = "armylists"
urlpatterns: list = []
