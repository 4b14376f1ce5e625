from __future__ import annotations

from django.urls import path

from forgebuilder.rosters import pdf_views, views
from forgebuilder.rosters.printouts import ROSTER, TOKENS

app_name = "rosters"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("keep", views.keep, name="keep"),
    path("<str:public_id>/", views.roster, name="roster"),
    path("<str:public_id>/delete", views.delete, name="delete"),
    path("<str:public_id>/share", views.share, name="share"),
    path("<str:public_id>/unshare", views.unshare, name="unshare"),
    path("s/<str:token>/", views.shared, name="shared"),
    path("<str:public_id>/roster.json", views.owned_json, name="json"),
    path("s/<str:token>/roster.json", views.shared_json, name="shared_json"),
    path("<str:public_id>/tts.json", views.owned_tts, name="tts"),
    path("s/<str:token>/tts.json", views.shared_tts, name="shared_tts"),
    *(
        path(f"<str:public_id>/{key}.pdf", pdf_views.owned_pdf, {"kind": key}, f"{key}_pdf")
        for key in (ROSTER, TOKENS)
    ),
    *(
        path(f"s/<str:token>/{key}.pdf", pdf_views.shared_pdf, {"kind": key}, f"shared_{key}_pdf")
        for key in (ROSTER, TOKENS)
    ),
]
