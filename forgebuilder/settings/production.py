"""Production: HTTPS only, secure cookies, hashed static files. SECRET_KEY must be given."""

from __future__ import annotations

from .base import *  # noqa: F403
from .base import STORAGES
from .env import env_bool, env_str

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
# Production keeps its lists in the database DATABASE_URL names (PostgreSQL, README); without
# it, base.py's development fall-back to a SQLite file would quietly start an empty site.
env_str("DATABASE_URL")

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
# A load balancer's health probe speaks plain HTTP: answer it rather than redirect.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "forgebuilder.staticfiles.GzipManifestStaticFilesStorage"},
}

# Password-reset emails go through SMTP; the server comes from the environment.
MAILERS = {
    "default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": env_str("SMTP_HOST", "localhost"),
            "port": int(env_str("SMTP_PORT", "587")),
            "username": env_str("SMTP_USER", ""),
            "password": env_str("SMTP_PASSWORD", ""),
            "use_tls": env_bool("SMTP_TLS", True),
        },
    }
}
