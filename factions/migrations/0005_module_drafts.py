from django.db import migrations, models
from django.db.models import F


def published_as_stored(apps, schema_editor):
    """Modules stored before drafts existed have nothing unpublished: what is stored is current."""
    apps.get_model("factions", "GameModule").objects.update(published_revision=F("revision"))


class Migration(migrations.Migration):
    dependencies = [("factions", "0004_module_versions")]

    operations = [
        migrations.AddField(
            model_name="gamemodule",
            name="published_revision",
            field=models.PositiveIntegerField(default=1, editable=False),
        ),
        migrations.RunPython(published_as_stored, migrations.RunPython.noop),
    ]
