"""WSGI entry point (gunicorn forgebuilder.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forgebuilder.settings.production")

application = get_wsgi_application()
