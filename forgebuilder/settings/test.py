"""Tests: the base settings, made fast and isolated."""

from __future__ import annotations

import atexit
import shutil
import tempfile

from .base import *  # noqa: F403
from .base import CACHES, DATABASES, RATE_LIMITS

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each test process renders into its own cache folder, removed when the process ends.
_RENDER_CACHE = tempfile.mkdtemp(prefix="fb-render-cache-")
atexit.register(shutil.rmtree, _RENDER_CACHE, ignore_errors=True)
# The default cache is per process here (cleared after every test by tests/conftest.py), so
# tests that touch it need no database and pinned query counts stay exact; the database cache
# of base.py is tested in tests/security/test_rate_limits.py.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "renders": {**CACHES["renders"], "LOCATION": _RENDER_CACHE},
}

# The test databases are thrown away: on PostgreSQL a commit need not wait for the disk (the
# browser and concurrency tests commit for real, and each of those tests ends with a flush).
# The browser tests' live server keeps a connection for as long as the browser keeps its HTTP
# connection open (each is a thread of the server, which closes its database connection when
# the browser's closes) instead of opening one for every request: the PostgreSQL pass of the
# browser tests took 170 s before, 157 s after.
if DATABASES["default"]["ENGINE"].startswith("django.db.backends.postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"
    DATABASES["default"]["CONN_MAX_AGE"] = 600

# Every change of an event shows on its board at once; settling at a busy round's peak is tested
# with its own number (tests/events/test_board_settles.py).
EVENT_BOARD_SETTLE_SECONDS = 0

# Serve static files straight from static/ (no collectstatic in tests).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Hypothesis sends the API and the tracker's sync hundreds of bodies in one test; the limits
# themselves are tested with their own numbers (tests/security/test_rate_limits.py,
# tests/play/test_hostile_sync.py).
RATE_LIMITS = {
    **RATE_LIMITS, "api": (100_000, 60), "play-sync": (100_000, 60), "play-tap": (100_000, 60),
}  # fmt: skip

# An undefined variable in one of our templates fails the test that renders it.
from forgebuilder.strict_templates import UndefinedVariable, strict_block_tags  # noqa: E402

TEMPLATES[0]["OPTIONS"]["string_if_invalid"] = UndefinedVariable(root=BASE_DIR)  # noqa: F405
# ... in {% if %} and {% for %} too, where Django would take it for empty
strict_block_tags()
