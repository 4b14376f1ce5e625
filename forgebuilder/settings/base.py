"""Settings shared by every profile; everything that varies comes from the environment."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

from .env import env_bool, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = env_str("SECRET_KEY", "dev-insecure-key-do-not-use-in-production")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tasks_db",
    "axes",
    "factions",
    "forgebuilder.accounts",
    "forgebuilder.printing",
    "forgebuilder.lists",
    "forgebuilder.campaigns",
    "forgebuilder.events",
    "forgebuilder.play",
    "forgebuilder.rosters",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "forgebuilder.middleware.PermissionsPolicyMiddleware",
    "forgebuilder.inputguard.RefuseNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Every page and fragment gzipped for a browser that accepts it (issue 41: an editor on a
    # weak signal): below WhiteNoise, which sends static files as gzipped at deploy, and above
    # every middleware that writes a body. BREACH: Django pads each compressed answer with
    # random bytes, and CSRF tokens are masked afresh per answer.
    "django.middleware.gzip.GZipMiddleware",
    "forgebuilder.middleware.SessionTagMiddleware",  # outside sessions: sees a new session's key
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # a refusal a view lets through: JSON errors, an htmx flash or the page back, with its words
    "forgebuilder.refusals.RefusedMiddleware",
    # a database restart: a read runs again, a write is refused in words (503), never a 500
    "forgebuilder.dbretry.DatabaseRestartMiddleware",
    # last, as django-axes asks: turns a locked-out login (any form, the admin's too) into a 429
    "axes.middleware.AxesMiddleware",
]

# Failed logins are counted by django-axes in the database (every instance sees the same
# counts, and they survive Redis being down): 5 wrong passwords for one username from one
# address lock that pair for 15 minutes. A stranger elsewhere cannot lock the owner out of
# their own address; one address trying many usernames meets RATE_LIMITS["login-ip"].
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Tries while locked out do not restart the cool-off: it ends 15 minutes after the last counted
# failure, as the 429 says (forgebuilder/accounts/throttle.py counts down to it)
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "forgebuilder.accounts.throttle.axes_client_ip"
AXES_LOCKOUT_CALLABLE = "forgebuilder.accounts.throttle.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # no record of successful logins is kept

ROOT_URLCONF = "forgebuilder.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "forgebuilder.campaigns.context.invitation",
            ],
        },
    },
]

WSGI_APPLICATION = "forgebuilder.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=60,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets a reader and a writer work at once (live server tests, two tabs).
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = "PRAGMA journal_mode=WAL;"
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "armylists:my_lists"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# The default cache is shared by every worker and instance (share pages, rate-limit counters):
# Redis when REDIS_URL is set, else a table of the database (`createcachetable` makes it; it
# runs after every `migrate`, see armylists/apps.py).
REDIS_URL = env_str("REDIS_URL", "")
# Redis is optional help (cached pages, PDFs, rate-limit counts): each call gives up after a
# second and fails open (forgebuilder/cache.py), so the site keeps serving while Redis is down.
_REDIS = {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}
CACHES = {
    "default": (
        {"BACKEND": "forgebuilder.cache.FailOpenRedisCache", "LOCATION": REDIS_URL, **_REDIS}
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "forgebuilder_cache",
            "OPTIONS": {"MAX_ENTRIES": 50_000},
        }
    ),
    # Rendered PDFs, keyed by the content of the list: a file cache survives restarts
    # and is shared by every worker process.
    "renders": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": env_str("RENDER_CACHE_DIR", str(BASE_DIR / "var" / "render-cache")),
        "TIMEOUT": 60 * 60 * 24 * 30,
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

# Background work (PDF rendering) is queued in the database and run by `manage.py db_worker`.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

# Scale-out: with REDIS_URL the render cache is in Redis too, so a PDF drawn by a worker on any
# host is served by every instance (the file cache above is local to one host).
if REDIS_URL:
    CACHES["renders"] = {
        "BACKEND": "forgebuilder.cache.FailOpenRedisCache",
        "LOCATION": REDIS_URL,
        **_REDIS,
        "KEY_PREFIX": "renders",
        "TIMEOUT": 60 * 60 * 24 * 7,
    }

# Email goes to the console unless a real backend is configured (password-reset links in development).
MAILERS = {
    "default": {
        "BACKEND": env_str("MAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"),
    }
}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "forgebuilder <noreply@localhost>")
# Web Push (a player's table on their phone with the event page closed): on with both set.
# `manage.py webpush_keys` makes the key; the subject is a contact the push services may use
# ("mailto:events@example.org"). Without them the event page does not offer it.
WEBPUSH_VAPID_PRIVATE_KEY = env_str("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_SUBJECT = env_str("WEBPUSH_SUBJECT", "")

SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # anonymous lists live in the session: keep it a year
# Anonymous lists no live session owns are deleted after this many days without a change
# (`manage.py cleanup_lists`, run daily).
ANONYMOUS_LIST_RETENTION_DAYS = int(env_str("ANONYMOUS_LIST_RETENTION_DAYS", "30"))
# How often a hall's projector page asks whether its screen changed (an unchanged one is a 204).
PROJECTOR_POLL_SECONDS = 10
# How long the hall's screen shows each page of a list too long for it (seconds).
PROJECTOR_PAGE_SECONDS = 12
# How often a player's phone asks whether their part of the event page changed (seconds).
EVENT_NOW_POLL_SECONDS = 15
# How often the event page's round and standings ask whether they changed (seconds). Slower than
# the player's own part (their table and result, every EVENT_NOW_POLL_SECONDS): during a round
# the standings change with every table's result, and each answer draws the board again for the
# asker, which at a 1,024-player round's peak was a fifth of the app's work (bench_event_day.py).
EVENT_BOARD_POLL_SECONDS = 45
# At a round's peak an event's board (pairings and standings) is drawn again at most about this
# often, whatever the number of results coming in (events/board.py, `forget_version`); each
# player's own game is always read afresh. 0: every change shows at once (the tests).
EVENT_BOARD_SETTLE_SECONDS = 1

# Rate limits: scope -> (requests, seconds) per client (a user, or an IP address); see
# forgebuilder/ratelimit.py and docs/deploy.md ("Security settings").
RATE_LIMITS = {
    "create": (60, 60 * 60),  # new lists, copies and forks
    "import": (30, 60 * 60),
    "render": (30, 10 * 60),  # PDF rosters and token sheets
    "render-poll": (900, 10 * 60),
    # PDFs queued, weighed by size (1 + units // 50): per client, and per list from any clients
    "render-queue": (12, 10 * 60),
    "render-list": (24, 10 * 60),  # the "preparing your PDF" page asking again
    "api": (120, 60),  # /api/validate and /api/match
    # a tracker's saves (each sends all the changes kept on the phone) and taps without
    # JavaScript, per player: a tap a second on two phones and more stays well inside
    "play-sync": (120, 60),
    "play-tap": (120, 60),
    "signup": (10, 60 * 60),
    "login-ip": (30, 15 * 60),  # failed logins from one address (any username)
    "reset": (5, 60 * 60),  # password-reset mails asked for by one client
    "reset-email": (3, 60 * 60),  # password-reset mails to one address
    "account-delete": (10, 60 * 60),  # tries at deleting one's account (it asks the password)
    "campaign-create": (10, 60 * 60),
    "campaign": (300, 60 * 60),  # joins, missions, reports and army actions of one player
    "event-create": (10, 60 * 60),
    "event": (600, 60 * 60),  # registrations, submissions, desk actions and results of one user
    "event-push": (30, 60 * 60),  # a player's devices subscribing to (or leaving) Web Push
}
# Renders one client may have waiting or being drawn at any moment (the next one gets 429 until
# one is done), beside the weighed "render-queue" window above; forgebuilder/printing/queue.py
PDF_QUEUED_PER_CLIENT = 6
# A render running longer than this is taken for dead (its worker killed, out of memory or
# stopped for overrunning) and queued again once; the biggest roster draws in seconds.
PDF_RENDER_TIMEOUT = 5 * 60
# Behind a proxy, the request header holding the client's address (set by the proxy), e.g.
# HTTP_X_REAL_IP; empty means REMOTE_ADDR.
RATELIMIT_IP_HEADER = env_str("RATELIMIT_IP_HEADER", "")

# Content-Security-Policy: scripts only from our own files (no inline script or handler
# anywhere, so no nonce: cached pages stay the same for every visitor). Inline style
# attributes remain (meters, print sizes), hence 'unsafe-inline' for styles only.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer", "camera", "display-capture", "geolocation", "gyroscope",
        "magnetometer", "microphone", "midi", "payment", "usb", "browsing-topics",
    )
}  # fmt: skip

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "django.server": {"class": "logging.StreamHandler", "formatter": "django.server"},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
    # Django's `django` logger has a console handler of its own: printing through ours only, and
    # not also propagating to the root's, shows each line once (runserver printed them twice).
    # Configuring it resets its children, so runserver's request log is set up again as Django has it.
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
}

# Where the starter game modules we ship live (loaded by `manage.py load_starter_modules`).
STARTER_MODULES_DIR = BASE_DIR / "factions" / "game_modules"
