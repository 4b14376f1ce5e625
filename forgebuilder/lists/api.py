"""The lists app's door: what the other apps use of it, and nothing else. A module outside
the lists app imports from here, never from another module of it
(tests/test_import_graph.py)."""

from __future__ import annotations

from forgebuilder.lists import data_updates, data_versions, edits
from forgebuilder.lists.cleanup import VisitorThings, visitor_things
from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.exports import tts
from forgebuilder.lists.exports.compact import compact_document
from forgebuilder.lists.exports.source import ExportSource
from forgebuilder.lists.importers import battlescribe as foreign
from forgebuilder.lists.importers import foreign_facts
from forgebuilder.lists.importers.foreign import read_foreign
from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES
from forgebuilder.lists.matchup import share_token
from forgebuilder.lists.models import ArmyList, ListRevision, ShareLink
from forgebuilder.lists.ownership import SESSION_KEY, Owner, owner_of
from forgebuilder.lists.selectors import (
    EvaluatedList,
    army_list_owned,
    army_lists_of,
    evaluated_document,
    evaluated_list,
    evaluated_shared_list,
)
from forgebuilder.lists.services import army_list_create, army_list_edit

__all__ = [
    "MAX_IMPORT_BYTES",
    "SESSION_KEY",
    "ArmyList",
    "DocumentError",
    "EvaluatedList",
    "ExportSource",
    "ListRevision",
    "Owner",
    "ShareLink",
    "VisitorThings",
    "army_list_create",
    "army_list_edit",
    "army_list_owned",
    "army_lists_of",
    "compact_document",
    "data_updates",
    "data_versions",
    "edits",
    "evaluated_document",
    "evaluated_list",
    "evaluated_shared_list",
    "foreign",
    "foreign_facts",
    "owner_of",
    "read_foreign",
    "share_token",
    "tts",
    "visitor_things",
]
