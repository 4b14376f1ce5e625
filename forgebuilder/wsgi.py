"""WSGI entry point (gunicorn forgebuilder.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forgebuilder.settings.production")

application = get_wsgi_application()

# Every view module is loaded now, not on the first request each worker answers: gunicorn's
# --preload then loads them once per instance, and no player waits on a worker's imports.
get_resolver().url_patterns  # noqa: B018 (read to import the URLconf and its views)
