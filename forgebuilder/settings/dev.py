"""Local development (`make run`): DEBUG stays off unless asked for (`DEBUG=true make run`), so a
player who opens a wrong or revoked link on a club's laptop sees the site's own error pages,
never Django's technical ones (which list every address of the app)."""

from __future__ import annotations

from .base import *  # noqa: F403
from .env import env_bool

DEBUG = env_bool("DEBUG", False)

# Serve static files straight from static/ while developing (also without DEBUG).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
