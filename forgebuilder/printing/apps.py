from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "forgebuilder.printing"
    verbose_name = "Printouts"
