"""The lists app moved from `forgebuilder.armylists` to `forgebuilder.lists` and kept its label,
`armylists`: its tables, its migrations' names and the migrations of the apps that depend on it
are what they were, so a database made before the move needs no migration after it. (Done by
hand once: a database migrated by the code before the move planned no operation with the code
after it.)"""

from __future__ import annotations

from django.apps import apps
from django.db.migrations.loader import MigrationLoader

from forgebuilder.lists.models import ArmyList, ListRevision, ShareLink

# the migrations databases had applied when the app moved: kept, under these names
APPLIED = ("0001_initial", "0002_list_documents_version_2")


def test_the_lists_app_keeps_its_label_and_tables():
    assert apps.get_app_config("armylists").name == "forgebuilder.lists"
    assert [m._meta.db_table for m in (ArmyList, ListRevision, ShareLink)] == [
        "armylists_armylist",
        "armylists_listrevision",
        "armylists_sharelink",
    ]


def test_its_migrations_are_the_ones_databases_have_applied():
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    names = sorted(name for app, name in graph.nodes if app == "armylists")
    assert names[: len(APPLIED)] == list(APPLIED)
    [leaf] = graph.leaf_nodes("armylists")
    assert ("armylists", APPLIED[-1]) in graph.forwards_plan(leaf)  # later ones come after
    # the other apps' migrations still find theirs by the label
    assert any(
        parent[0] == "armylists" for key in graph.nodes for parent in graph.node_map[key].parents
    )
