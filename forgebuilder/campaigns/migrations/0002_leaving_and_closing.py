from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0001_campaigns")]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="closed_at",
            field=models.DateTimeField(
                blank=True, help_text="the organiser closed it: it can only be read", null=True
            ),
        ),
        migrations.AddField(
            model_name="campaignplayer",
            name="left_at",
            field=models.DateTimeField(
                blank=True, help_text="disbanded (left) or removed by the organiser", null=True
            ),
        ),
    ]
