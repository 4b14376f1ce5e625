"""Tests: the base settings, made fast and isolated."""

from __future__ import annotations

import tempfile

from .base import *  # noqa: F403
from .base import CACHES

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CACHES = {
    **CACHES,
    "renders": {**CACHES["renders"], "LOCATION": tempfile.mkdtemp(prefix="fb-render-cache-")},
}
