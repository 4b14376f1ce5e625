"""Local development: DEBUG on unless the environment says otherwise."""

from __future__ import annotations

from .base import *  # noqa: F403
from .env import env_bool

DEBUG = env_bool("DEBUG", True)

# Serve static files straight from static/ while developing.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
