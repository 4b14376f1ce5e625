"""WSGI entry point (gunicorn forgebuilder.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forgebuilder.settings.production")

application = get_wsgi_application()

# What every worker needs is loaded now, not on the first request each worker answers:
# gunicorn's --preload then loads it once per instance, and no player waits on a worker's imports.
get_resolver().url_patterns  # noqa: B018 (read to import the URLconf and its views)

from forgebuilder.printing.api import pdf_support  # noqa: E402

# The editor's PDF buttons ask whether PDFs can be drawn: the answer loads WeasyPrint with
# Pango (half a second of CPU), which each worker paid on its first editor page.
pdf_support()
