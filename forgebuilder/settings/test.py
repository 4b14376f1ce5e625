"""Tests: the base settings, made fast and isolated."""

from __future__ import annotations

import tempfile

from .base import *  # noqa: F403
from .base import CACHES

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {
    **CACHES,
    "renders": {**CACHES["renders"], "LOCATION": tempfile.mkdtemp(prefix="fb-render-cache-")},
}

# Serve static files straight from static/ (no collectstatic in tests).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
