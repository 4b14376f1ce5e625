"""Stored list documents move to version 2 of the list format (see listdoc.upgrade).

Lists, their undo revisions and frozen snapshots are rewritten with the one converter the app
also applies when it reads a version-1 document, so nothing stored stays behind.
"""

from django.db import migrations

from forgebuilder.engine.api import upgrade

STORES = (("ArmyList", "document"), ("ListRevision", "document"), ("ShareLink", "document"))


def upgrade_stored_documents(apps, schema_editor):
    for model_name, field in STORES:
        model = apps.get_model("armylists", model_name)
        for row in model.objects.exclude(**{f"{field}__isnull": True}).iterator(chunk_size=500):
            document = getattr(row, field)
            upgraded = upgrade(document)
            if upgraded is not document:
                setattr(row, field, upgraded)
                row.save(update_fields=[field])


class Migration(migrations.Migration):
    dependencies = [("armylists", "0001_initial")]

    operations = [migrations.RunPython(upgrade_stored_documents, migrations.RunPython.noop)]
