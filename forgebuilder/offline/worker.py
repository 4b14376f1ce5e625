"""What the service worker template needs: the app shell's URLs, its limits and a version.

The version changes whenever a shell file, the worker's own template or a limit changes, so
browsers install the new worker and drop the old shell cache.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

from forgebuilder.printing.api import printouts

# Static files every page needs, kept by the worker from its installation on.
SHELL_STATIC = (
    "css/app.css",
    "css/table.css",
    "vendor/htmx/htmx-2.0.11.min.js",
    "js/early.js",
    "js/app.js",
    "js/editor.js",
    "js/offline.js",
    "js/pdf-wait.js",
    "js/tracker.js",
    "js/play.js",
    "css/play.css",
    "js/event.js",  # the event page's parts that keep current, and its notifications
    "js/projector.js",  # the hall's screen, kept for offline as the event's pages are
    "css/projector.css",
    "img/logo.svg",
    "img/icons/icon-192.png",
    "img/icons/icon-512.png",
    "img/icons/maskable-512.png",
)
WORKER_TEMPLATE = "offline/sw.js"
# How many pages and bytes the device keeps for offline reading (least recently used go first).
DEFAULT_MAX_PAGES = 60
DEFAULT_MAX_BYTES = 40 * 1024 * 1024


@dataclass(frozen=True)
class WorkerConfig:
    shell_urls: tuple[str, ...]
    offline_url: str
    logout_url: str
    login_url: str
    delete_account_url: str
    my_lists_url: str
    games_url: str  # the player's games: private like My lists, the tracker kept offline
    kept_printouts: tuple[str, ...]  # keys of the printouts kept for reading offline
    max_pages: int
    max_bytes: int
    version: str


def worker_config() -> WorkerConfig:
    max_pages = int(getattr(settings, "OFFLINE_MAX_PAGES", DEFAULT_MAX_PAGES))
    max_bytes = int(getattr(settings, "OFFLINE_MAX_BYTES", DEFAULT_MAX_BYTES))
    shell = tuple(static(path) for path in SHELL_STATIC)
    offline_url = reverse("offline:page")
    kept = tuple(kind.key for kind in printouts() if kind.offline)
    version = _version(shell, f"{max_pages}:{max_bytes}:{offline_url}:{','.join(kept)}")
    return WorkerConfig(
        shell_urls=shell,
        offline_url=offline_url,
        logout_url=reverse("accounts:logout"),
        login_url=reverse("accounts:login"),
        delete_account_url=reverse("accounts:delete"),
        my_lists_url=reverse("armylists:my_lists"),
        games_url=reverse("play:games"),
        kept_printouts=kept,
        max_pages=max_pages,
        max_bytes=max_bytes,
        version=version,
    )


def _version(shell: tuple[str, ...], extra: str) -> str:
    digest = hashlib.sha256(extra.encode())
    digest.update("\n".join(shell).encode())
    digest.update(_files_digest(SHELL_STATIC).encode())
    digest.update(_template_digest().encode())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def _files_digest(paths: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        found = finders.find(path)
        if found:
            with open(found, "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()


@lru_cache(maxsize=1)
def _template_digest() -> str:
    from django.template.loader import get_template

    source = get_template(WORKER_TEMPLATE).template.source
    return hashlib.sha256(source.encode()).hexdigest()
