from __future__ import annotations

from django.urls import path

from forgebuilder.lists import views
from forgebuilder.lists.exports import printouts
from forgebuilder.lists.views import (
    battleforge,
    data_update,
    edit,
    exports,
    imports,
    match,
    notes,
    share,
    shelf,
    table,
)
from forgebuilder.lists.views import json_api as api

app_name = "armylists"

unit = "lists/<str:public_id>/units/<str:unit_id>/"
urlpatterns = [
    path("api/validate", api.validate, name="api_validate"),
    path("api/match", api.match, name="api_match"),
    path("lists/", shelf.my_lists, name="my_lists"),
    path("lists/new/", views.list_new, name="new"),
    path("lists/import/", imports.list_import, name="import"),
    path("lists/export-all.json", views.export_all, name="export_all"),
    path("lists/<str:public_id>/", views.editor, name="editor"),
    path("lists/<str:public_id>/table/", table.table, name="table"),
    path("lists/<str:public_id>/match/", match.match, name="match"),
    path("lists/<str:public_id>/match/tokens.pdf", exports.match_tokens_pdf, name="match_tokens"),
    path("lists/<str:public_id>/settings", edit.settings, name="settings"),
    path("lists/<str:public_id>/undo", edit.undo, name="undo"),
    path(
        "lists/<str:public_id>/update-data",
        data_update.list_update_data,
        name="update_data",
    ),
    path("lists/<str:public_id>/keep-data", data_update.list_keep_data, name="keep_data"),
    path("lists/<str:public_id>/notes", notes.list_notes, name="list_notes"),
    path("lists/<str:public_id>/units/add", edit.unit_add, name="unit_add"),
    path(unit + "models", edit.unit_models, name="unit_models"),
    path(unit + "option", edit.unit_option, name="unit_option"),
    path(unit + "rename", edit.unit_rename, name="unit_rename"),
    path(unit + "notes", notes.unit_notes, name="unit_notes"),
    path(unit + "specialty", edit.unit_specialty, name="unit_specialty"),
    path(unit + "duplicate", edit.unit_duplicate, name="unit_duplicate"),
    path(unit + "remove", edit.unit_remove, name="unit_remove"),
    path(unit + "move", edit.unit_move, name="unit_move"),
    path(unit + "reorder", edit.unit_reorder, name="unit_reorder"),
    path("lists/<str:public_id>/forces/add", edit.force_add, name="force_add"),
    path(
        "lists/<str:public_id>/forces/<str:force_id>/remove", edit.force_remove, name="force_remove"
    ),
    path("lists/<str:public_id>/forces/<str:force_id>/focus", edit.force_focus, name="force_focus"),
    path("lists/<str:public_id>/legends/add", edit.legend_add, name="legend_add"),
    path("lists/<str:public_id>/pre-game", edit.pre_game, name="pre_game"),
    path(
        "lists/<str:public_id>/legends/<int:index>/remove", edit.legend_remove, name="legend_remove"
    ),
    path("lists/<str:public_id>/rename", views.list_rename, name="rename"),
    path("lists/<str:public_id>/duplicate", views.list_duplicate, name="duplicate"),
    path("lists/<str:public_id>/delete", views.list_delete, name="delete"),
    path("lists/<str:public_id>/restore", views.list_restore, name="restore"),
    path("lists/<str:public_id>/folder", shelf.list_folder, name="folder"),
    path("lists/<str:public_id>/manage", shelf.list_manage, name="manage"),
    path("lists/<str:public_id>/export.json", views.export_json, name="export_json"),
    *(
        path(
            f"lists/<str:public_id>/{p.key}.pdf", exports.printout_pdf, {"kind": p.key}, p.url_name
        )
        for p in printouts()
    ),
    path("lists/<str:public_id>/list.txt", exports.text_export, name="text_export"),
    path("lists/<str:public_id>/tts.json", exports.tts_export, name="tts_export"),
    path(
        "lists/<str:public_id>/battleforge.json",
        battleforge.battleforge_file,
        name="battleforge_file",
    ),
    path(
        "lists/<str:public_id>/battleforge-link",
        battleforge.battleforge_link,
        name="battleforge_link",
    ),
    path("lists/<str:public_id>/share", share.share_create, name="share_create"),
    path("lists/<str:public_id>/share/<str:token>/revoke", share.share_revoke, name="share_revoke"),
    path("s/<str:token>/", share.shared, name="shared"),
    path("s/<str:token>/table/", table.shared_table, name="shared_table"),
    path("s/<str:token>/fork", share.fork, name="fork"),
    path("s/<str:token>/qr.svg", share.qr_code, name="shared_qr"),
    *(
        path(
            f"s/<str:token>/{p.key}.pdf",
            exports.shared_printout_pdf,
            {"kind": p.key},
            p.shared_url_name,
        )
        for p in printouts()
    ),
    path("s/<str:token>/list.txt", exports.shared_text_export, name="shared_text_export"),
    path("s/<str:token>/tts.json", exports.shared_tts_export, name="shared_tts_export"),
]
